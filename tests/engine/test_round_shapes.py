"""A round has a declared shape (a TypedDict a family, or a game): mypy reads it, and
the run-time check of a record's round reads the same declaration."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine import GAMES, RulesError, parse_record, score
from rules_engine.abracadabra_deal import FIELDS, AbracadabraRound
from rules_engine.bidding import BiddingRound
from rules_engine.boerenbridge import BoerenbridgeRound
from rules_engine.brink_bid import BrinkBidRound
from rules_engine.checks import check_shape, declared
from rules_engine.games import BUILT_IN
from rules_engine.sinker import SinkerRound
from rules_engine.skull_king import SkullKingRound
from tests.lucky_trick import LuckyRound

ROOT = Path(__file__).resolve().parents[2]


def test_a_shape_declares_its_required_and_optional_keys_in_order() -> None:
    assert declared(BiddingRound) == (("bids", "tricks"), ("trump",))
    assert declared(BrinkBidRound) == (("bids", "tricks"), ("trump", "dice"))
    assert declared(LuckyRound) == (("bids", "tricks"), ("trump", "luck", "lucky"))


@pytest.mark.parametrize(
    ("key", "shape"),
    [("oh-hell", BiddingRound), ("brink-bid", BrinkBidRound), ("lucky-trick", LuckyRound)],
)
def test_the_games_of_the_bidding_family_check_their_rounds_by_their_shape(
    key: str, shape: type
) -> None:
    assert GAMES[key].round_shape is shape  # type: ignore[attr-defined]


def test_a_round_missing_a_required_key_is_refused_naming_it() -> None:
    with pytest.raises(RulesError, match="the round has no 'tricks'"):
        check_shape({"bids": [1, 2, 3]}, BiddingRound)


def test_a_key_the_shape_does_not_declare_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown field 'dice'"):
        check_shape({"bids": [], "tricks": [], "dice": {}}, BiddingRound)

    check_shape({"bids": [], "tricks": [], "dice": {}}, BrinkBidRound)  # Brink Bid's own


def test_a_record_of_oh_hell_with_a_key_of_brink_bid_is_refused() -> None:
    record = parse_record(
        {
            "format": "scorepad/1",
            "game": "oh-hell",
            "options": {},
            "players": ["Ann", "Bob", "Cat"],
            "first_dealer": 0,
            "rounds": [
                {
                    "bids": [3, 3, 3],
                    "tricks": [3, 4, 3],
                    "dice": {"trump": "none", "number": 1, "direction": "left"},
                }
            ],
        }
    )

    with pytest.raises(RulesError, match="unknown field 'dice'"):
        score(record)


@pytest.mark.slow
def test_a_misspelt_key_of_a_round_is_a_mypy_error(tmp_path: Path) -> None:
    game = tmp_path / "misspelt.py"
    game.write_text(
        "from rules_engine import RoundContext\n"
        "from rules_engine.bidding import BiddingRound\n"
        "from tests.judgement import Judgement\n\n\n"
        "class Misspelt(Judgement):\n"
        "    def score_round(self, ctx: RoundContext, rnd: BiddingRound) -> tuple[int, ...]:\n"
        '        return tuple(rnd["trikcs"])\n'
    )
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(game)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"DEBUG": "true", "PATH": "", "MYPYPATH": str(ROOT)},
    )

    assert 'TypedDict "BiddingRound" has no key "trikcs"' in found.stdout, found.stdout


def test_sinker_and_abracadabra_declare_their_deals() -> None:
    assert declared(SinkerRound) == (("calls", "tricks"), ())
    required, optional = declared(AbracadabraRound)
    assert required == ("calls",)
    assert optional == ("trump", *FIELDS)


def test_a_deal_of_sinker_with_a_key_it_does_not_declare_is_refused() -> None:
    record = parse_record(
        {
            "format": "scorepad/1",
            "game": "sinker",
            "options": {},
            "players": ["Ann", "Bob"],
            "first_dealer": 0,
            "rounds": [{"calls": ["3", "pass"], "tricks": [3, 10], "trump": "spades"}],
        }
    )

    with pytest.raises(RulesError, match="unknown field 'trump'"):
        score(record)


def test_skull_king_and_boerenbridge_declare_their_rounds() -> None:
    assert declared(SkullKingRound) == (("bids", "tricks"), ("bonus", "lost"))
    assert declared(BoerenbridgeRound) == (("bids", "tricks"), ("trump",))


@pytest.mark.parametrize("key", sorted(BUILT_IN))
def test_every_built_in_games_rounds_are_checked_against_a_declared_shape(key: str) -> None:
    """No game's record check names its keys by hand: each reads its declaration."""
    module = Path(inspect.getfile(type(GAMES[key])))

    assert "check_keys(" not in module.read_text()
