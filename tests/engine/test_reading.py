"""What the table reads out: what Undo takes back, a bounce, the podium, a correction's dice."""

from __future__ import annotations

from rules_engine import (
    GAMES,
    Entry,
    correction,
    describe,
    last_entry,
    parse_record,
    places,
    review,
    table,
)
from tests.conftest import ROUND_1, ROUND_2, _short_game_rounds, oh_hell
from tests.five_games import BOERENBRIDGE, BRINK_BID

PLAYERS = ("Ann", "Bob", "Cat", "Dev")


def test_undo_takes_back_the_rounds_last_entry_or_the_last_rounds() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))
    assert last_entry(table(record, [Entry("bid", 3, 1)])) == Entry("bid", 3, 1)
    # Round 2, Bob dealing: the tricks of Cat, Dev and Ann are entered; Bob's follow.
    assert last_entry(table(record)) == Entry("tricks", 0, 2)
    assert last_entry(table(parse_record(oh_hell()))) is None


def test_entries_are_described_as_players_say_them() -> None:
    assert describe(Entry("bid", 1, 3), PLAYERS) == "Bob's bid of 3"
    assert describe(Entry("tricks", 0, 1), PLAYERS) == "Ann's 1 trick"
    assert describe(Entry("call", 2, "pass"), PLAYERS) == "Cat's pass"
    assert describe(Entry("call", 2, 4), PLAYERS) == "Cat's call of 4"
    abracadabra = GAMES["abracadabra"]
    assert describe(Entry("trick", None, 3), PLAYERS, rules=abracadabra) == (
        "the last trick, won by Dev"
    )
    assert describe(Entry("dice", None, {}), PLAYERS) == "the roll of the dice"


def test_boerenbridge_explains_a_bounce_and_nothing_else() -> None:
    rules = GAMES["boerenbridge"]
    assert rules.total_note(96, 13) == "96 + 13 = 109, 9 over 100: 91"
    assert rules.total_note(87, 13) is None
    assert GAMES["oh-hell"].total_note(96, 13) is None


def test_the_podium_puts_the_winners_first_and_ties_share_a_place() -> None:
    short = oh_hell(_short_game_rounds(), ("Ann", "Bob", "Cat"), {"style": "short-up"})
    assert places(review(parse_record(short))) == ((1, (2,)), (2, (1,)), (3, (0,)))
    # Boerenbridge: Ann on exactly 100 wins; Ben 85, Cleo 80, Dev 20 follow.
    assert places(review(parse_record(BOERENBRIDGE))) == (
        (1, (0,)),
        (2, (1,)),
        (3, (2,)),
        (4, (3,)),
    )
    assert places(review(parse_record(oh_hell([ROUND_1])))) == ()


def test_a_correction_keeps_the_dice_and_asks_the_first_bid() -> None:
    current = correction(parse_record(BRINK_BID), 1)
    assert current.pending == (Entry("dice", None, BRINK_BID["rounds"][0]["dice"]),)
    assert current.step.kind == "bid"


def test_a_round_copied_without_dice_is_asked_for_its_roll() -> None:
    without = {
        **BRINK_BID,
        "rounds": [{k: v for k, v in BRINK_BID["rounds"][0].items() if k != "dice"}],
    }
    current = correction(parse_record(without), 1)
    assert current.pending == ()
    assert current.step.kind == "roll"
