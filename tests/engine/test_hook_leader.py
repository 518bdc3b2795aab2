"""The Canadian rule, ``hook: leader`` (RULINGS, "House rules", ``hook``): the hook holds
only on a dealer whose total before the round is higher than every other player's, and
even then the dealer may always bid 0."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules_engine import (
    Entry,
    Record,
    RulesError,
    StepKind,
    new_record,
    parse_record,
    preset,
    review,
    rules_in_play,
    score,
    table,
)
from rules_engine.cli import main
from tests.engine.entering import enter

GAMES = ("oh-hell", "brink-bid", "wizard")
NAMES = ["Ann", "Ben", "Cleo"]
DICE = {"trump": "hearts", "number": 1, "direction": "left"}

# Round 1 (2 cards, Ann deals): Ben alone makes his bid, so he leads in every game
# (Oh Hell 1, 11, 0; Brink Bid 2, 5, 0; Wizard -10, 30, -20) and deals round 2.
BEN_LEADS = {"bids": [0, 1, 2], "tricks": [1, 1, 0]}
# Round 1: everyone makes their bid, and Ben and Cleo tie for the lead.
BEN_AND_CLEO_TIE = {"bids": [0, 1, 1], "tricks": [0, 1, 1]}


def game(name: str, rounds: list[dict[str, Any]] = (), **options: Any) -> Record:  # type: ignore[assignment]
    """Ann, Ben and Cleo, Ann dealing first: 2 cards, then 3, then 3."""
    rec = new_record(name, NAMES, 0, {"hands": [2, 3, 3], "hook": "leader", **options})
    return rec.with_rounds(rounds)


def entries_to_bid(name: str) -> list[Entry]:
    """What comes before the first bid of a round (Brink Bid's dice)."""
    return [Entry("dice", None, DICE)] if name == "brink-bid" else []


def refused(rec: Record, given: list[tuple[int, int]]) -> dict[str, str]:
    """The refused bids of the next bid step, after the bids ``given``."""
    pending: tuple[Entry, ...] = ()
    for entry in [*entries_to_bid(rec.game), *(Entry("bid", s, b) for s, b in given)]:
        rec, pending = enter(rec, pending, entry)
    step = table(rec, pending).step
    assert step.kind is StepKind.BID
    return {c.value: str(c.refused) for c in step.choices if c.refused is not None}


@pytest.mark.parametrize("name", GAMES)
def test_a_dealer_who_leads_may_not_make_the_bids_add_up(name: str) -> None:
    # Round 2 (3 cards): Ben deals and leads; Cleo and Ann bid 1 each before him.
    assert refused(game(name, [BEN_LEADS]), [(2, 1), (0, 1)]) == {
        "1": "Ben deals with the lead and may not bid 1: the bids would add up to the 3 tricks"
    }


@pytest.mark.parametrize("name", GAMES)
def test_nobody_leads_the_first_round_so_the_dealer_is_free(name: str) -> None:
    assert refused(game(name), [(1, 1), (2, 0)]) == {}


@pytest.mark.parametrize("name", GAMES)
def test_a_tie_for_the_highest_total_is_no_lead(name: str) -> None:
    assert refused(game(name, [BEN_AND_CLEO_TIE]), [(2, 1), (0, 1)]) == {}


@pytest.mark.parametrize("name", GAMES)
def test_a_dealer_who_does_not_lead_is_free(name: str) -> None:
    # Round 3: Cleo deals, Ben leads.
    second = {"bids": [0, 1, 1], "tricks": [1, 1, 1]}  # Ben makes 1 (Cleo may bid 1: no lead)
    assert refused(game(name, [BEN_LEADS, second]), [(0, 1), (1, 1)]) == {}


@pytest.mark.parametrize("name", GAMES)
def test_the_leading_dealer_may_always_bid_0(name: str) -> None:
    # Cleo and Ann bid 3 between them: 0 from Ben would make 3, and is allowed all the same.
    assert refused(game(name, [BEN_LEADS]), [(2, 2), (0, 1)]) == {}
    rnd = {"bids": [1, 0, 2], "tricks": [1, 0, 2]}
    assert len(score(game(name, [BEN_LEADS, rnd])).rounds) == 2


@pytest.mark.parametrize("name", GAMES)
def test_hook_from_spares_the_smaller_hands_of_a_leading_dealer(name: str) -> None:
    assert refused(game(name, [BEN_LEADS], hook_from=4), [(2, 1), (0, 1)]) == {}
    assert refused(game(name, [BEN_LEADS], hook_from=3), [(2, 1), (0, 1)]) != {}


@pytest.mark.parametrize("name", GAMES)
def test_a_record_that_breaks_the_canadian_rule_is_refused_naming_the_round(name: str) -> None:
    rnd = {"bids": [1, 1, 1], "tricks": [1, 1, 1]}
    with pytest.raises(RulesError) as error:
        score(game(name, [BEN_LEADS, rnd]))
    assert str(error.value) == (
        "round 2: Ben deals with the lead and may not bid 1: the bids would add up to the 3 tricks"
    )
    # The same round with nobody in the lead is fine.
    assert len(score(game(name, [BEN_AND_CLEO_TIE, rnd])).rounds) == 2


def test_a_correction_that_gives_the_dealer_the_lead_makes_the_round_need_attention() -> None:
    rnd = {"bids": [1, 1, 1], "tricks": [1, 1, 1]}
    rec = game("wizard", [BEN_AND_CLEO_TIE, rnd])
    assert [r.problem for r in review(rec).rounds] == [None, None]
    corrected = rec.with_rounds([BEN_LEADS, rnd])
    problems = [r.problem for r in review(corrected).rounds]
    assert problems[0] is None and "Ben deals with the lead and may not bid 1" in str(problems[1])


# --- Sealed bids -----------------------------------------------------------------------------


def sealed(rec: Record, given: list[tuple[int, int]]) -> tuple[Record, tuple[Entry, ...]]:
    rec = parse_record({**rec.to_json(), "options": {**rec.options, "bidding": "sealed"}})
    pending: tuple[Entry, ...] = ()
    for entry in [*entries_to_bid(rec.game), *(Entry("bid", s, b) for s, b in given)]:
        rec, pending = enter(rec, pending, entry)
    return rec, pending


@pytest.mark.parametrize("name", GAMES)
def test_sealed_bids_of_a_leading_dealer_adding_up_are_bid_again_openly(name: str) -> None:
    current = table(*sealed(game(name, [BEN_LEADS]), [(1, 1), (2, 1), (0, 1)]))
    assert current.step.kind is StepKind.BID and current.step.player == 1
    assert current.round_view is not None and current.round_view.bids == ("1", "", "1")
    assert [c.value for c in current.step.choices if c.refused] == ["1"]


@pytest.mark.parametrize("name", GAMES)
def test_sealed_bids_adding_up_with_the_leading_dealers_0_stand(name: str) -> None:
    current = table(*sealed(game(name, [BEN_LEADS]), [(1, 0), (2, 2), (0, 1)]))
    assert current.step.kind is StepKind.TRICKS


@pytest.mark.parametrize("name", GAMES)
def test_sealed_bids_adding_up_with_nobody_leading_stand(name: str) -> None:
    current = table(*sealed(game(name, [BEN_AND_CLEO_TIE]), [(1, 1), (2, 1), (0, 1)]))
    assert current.step.kind is StepKind.TRICKS


# --- The option ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_leader_is_a_value_of_the_hook(name: str) -> None:
    assert game(name).setup.options["hook"] == "leader"
    # Wizard has it as a preset of its own, the others as a house rule in words.
    said = "Rules: The Canadian rule" if name == "wizard" else "House rules: the Canadian rule"
    assert rules_in_play(name, {"hook": "leader"}) == said
    assert rules_in_play(name, {"hook": "leader", "hook_from": 3}) == (
        "House rules: the Canadian rule; hook from 3 cards"
    )


def test_boerenbridge_has_no_canadian_rule() -> None:
    with pytest.raises(RulesError) as error:
        new_record("boerenbridge", ["Ann", "Ben", "Cleo", "Dev"], 0, {"hook": "leader"})
    assert str(error.value) == "option hook is one of on, off, not 'leader'"


def test_wizards_presets_tell_the_dealers_hook_from_the_canadian_rule() -> None:
    assert preset("wizard", "dealers-hook").options == {"hook": "on"}
    assert preset("wizard", "dealers-hook").name == "The dealer's hook"
    assert preset("wizard", "canadian").options == {"hook": "leader"}
    assert preset("wizard", "canadian").name == "The Canadian rule"
    assert rules_in_play("wizard", {"hook": "leader"}, 4) == "Rules: The Canadian rule"
    assert rules_in_play("wizard", {"hook": "on"}, 4) == "Rules: The dealer's hook"


def test_the_cli_scores_and_refuses_by_the_canadian_rule() -> None:
    data = game("wizard", [BEN_LEADS]).to_json()
    out, err = io.StringIO(), io.StringIO()
    fine = {**data, "rounds": [BEN_LEADS, {"bids": [1, 0, 2], "tricks": [1, 0, 2]}]}
    assert main(["score", "-"], io.StringIO(json.dumps(fine)), out, err) == 0
    assert json.loads(out.getvalue())["totals"] == [20, 50, 20]
    broken = {**data, "rounds": [BEN_LEADS, {"bids": [1, 1, 1], "tricks": [1, 1, 1]}]}
    out, err = io.StringIO(), io.StringIO()
    assert main(["score", "-"], io.StringIO(json.dumps(broken)), out, err) == 1
    assert out.getvalue() == ""
    assert err.getvalue() == (
        "round 2: Ben deals with the lead and may not bid 1: the bids would add up to the 3 "
        "tricks\n"
    )
