"""Answers as the table posts them, read into entries by the step on offer."""

from __future__ import annotations

import random

import pytest

from rules_engine import (
    GAMES,
    Answer,
    Entry,
    RulesError,
    Shape,
    StepKind,
    new_record,
    play,
    play_answer,
    roll_brink_dice,
    table,
)
from rules_engine.abracadabra import AbracadabraStep
from rules_engine.brink_bid import BrinkBidStep
from tests.engine.entering import enter
from tests.engine.randomgames import random_tables
from tests.engine.test_abracadabra import SPEC_ENTRIES, SPEC_ROUND, play_entries, spec_record

PLAYERS = ["Ann", "Ben", "Cleo"]
RNG = random.Random(0)


def test_a_tapped_bid_is_the_bid_of_the_seat_tapped() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))

    assert current.entry(Answer("bid", "1", "3"), RNG) == Entry("bid", 1, 3)


def test_a_negative_number_is_read_so_the_rules_can_say_what_is_allowed() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))
    entry = current.entry(Answer("bid", "1", "-1"), RNG)

    with pytest.raises(RulesError, match="Ben may bid 0 to 10, not -1"):
        play(current, entry)


@pytest.mark.parametrize("value", ["²", "--1", "٣", "3.0", "1e3", "+3", "", "lots", "9" * 6])
def test_only_a_choice_or_ascii_digits_are_read(value: str) -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))

    with pytest.raises(RulesError, match="is not something that can be said here"):
        current.entry(Answer("bid", "1", value), RNG)


@pytest.mark.parametrize("seat", ["¹", "-1", "one", "1.0"])
def test_a_seat_in_anything_but_ascii_digits_is_refused(seat: str) -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))

    with pytest.raises(RulesError, match="is not a seat at this table"):
        current.entry(Answer("bid", seat, "3"), RNG)


def test_the_roll_button_rolls_the_steps_dice() -> None:
    current = table(new_record("brink-bid", PLAYERS, 0))
    assert current.step.kind is BrinkBidStep.ROLL

    entry = current.entry(Answer("roll"), random.Random(7))

    assert entry == Entry("dice", None, roll_brink_dice(random.Random(7)).to_json())


def test_dice_cannot_be_posted_as_a_value() -> None:
    current = table(new_record("brink-bid", PLAYERS, 0))

    with pytest.raises(RulesError, match="'dice' is not asked for now: Ben rolls the dice"):
        current.entry(Answer("dice", "", "hearts"), RNG)


def test_the_turned_up_trump_is_read_by_its_own_optional_step() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))

    assert current.entry(Answer("trump", "", "Hearts"), RNG) == Entry("trump", None, "hearts")


def test_a_kind_the_table_does_not_ask_for_is_refused() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))

    with pytest.raises(RulesError, match="'tricks' is not asked for now: Ben bids"):
        current.entry(Answer("tricks", "1", "3"), RNG)


def test_nothing_is_read_once_the_game_is_over() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-down"})
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 0, size]} for size in range(10, 0, -1)]
    over = table(record.with_rounds(rounds))

    with pytest.raises(RulesError, match="the game is over"):
        over.entry(Answer("bid", "0", "0"), RNG)


# --- Abracadabra's ticked boxes -------------------------------------------------------


def test_ticked_tricks_are_read_as_the_sorted_trick_numbers() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])
    current = table(record, pending)

    entry = current.entry(Answer("name", "1", values=("12", "4", "8")), RNG)

    assert entry == Entry("name", 1, [4, 8, 12])


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (("14",), "'14' is not one of the boxes here"),
        (("0",), "'0' is not one of the boxes here"),
        (("²",), "'²' is not one of the boxes here"),
        (("8", "8"), "8 is ticked twice"),
    ],
)
def test_a_box_the_step_does_not_offer_is_refused(values: tuple[str, ...], message: str) -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])

    with pytest.raises(RulesError, match=message):
        table(record, pending).entry(Answer("name", "1", values=values), RNG)


def test_the_declaring_reads_the_tricks_exposed_and_each_players_pile() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:12])
    named = SPEC_ENTRIES[8].value  # the declarer's named tricks
    answer = Answer("declare", "1", values=(str(named[0]),), piles=("2", "0"))

    entry = table(record, pending).entry(answer, RNG)

    assert entry == Entry(
        "declare", None, {"exposed": [named[0]], "pile_exposed": [True, False, True, False]}
    )
    enter(record, pending, entry)  # and the rules take it


@pytest.mark.parametrize(
    ("values", "piles", "message"),
    [
        ((), ("7",), "'7' is not one of the boxes here"),
        ((), ("-1",), "'-1' is not one of the boxes here"),
        ((), ("0", "0"), "Ann is ticked twice"),
        (("5",), (), "'5' is not one of the boxes here"),
    ],
)
def test_a_pile_or_trick_the_declaring_does_not_offer_is_refused(
    values: tuple[str, ...], piles: tuple[str, ...], message: str
) -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:12])
    answer = Answer("declare", "1", values=values, piles=piles)

    with pytest.raises(RulesError, match=message):
        table(record, pending).entry(answer, RNG)


# --- Abracadabra's grids, sent whole ---------------------------------------------------

# The spec's deal up to its second trick, and its winners (seats) from the third on.
WINNERS = [str(seat) for seat in SPEC_ROUND["trick_winners"]]
AT_THE_THIRD_TRICK = 15


def test_a_plain_answer_stands_for_one_tap() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))
    answer = Answer("bid", "1", "3")

    assert current.taps(answer) == (answer,)
    assert play_answer(current, answer, RNG).pending == (Entry("bid", 1, 3),)


def test_the_trick_grid_is_a_tap_a_trick_from_the_next_on() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:AT_THE_THIRD_TRICK])
    rows = (("4", (WINNERS[3],)), ("3", (WINNERS[2],)))  # posted in any order

    after = play_answer(table(record, pending), Answer("trick", rows=rows), RNG)

    assert after.pending == (*pending, *SPEC_ENTRIES[AT_THE_THIRD_TRICK:][:2])
    assert after.step.kind is AbracadabraStep.TRICK


def test_the_trick_grid_plays_the_deals_last_trick_and_goes_on_past_it() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:AT_THE_THIRD_TRICK])
    rows = tuple((str(trick), (WINNERS[trick - 1],)) for trick in range(3, 14))

    after = play_answer(table(record, pending), Answer("trick", rows=rows), RNG)

    assert [e.value for e in after.pending if e.kind == "trick"] == SPEC_ROUND["trick_winners"]
    assert after.step.kind is AbracadabraStep.SUIT_CARDS


@pytest.mark.parametrize(
    "tricks",
    [(), (4, 5), (3, 5), (2, 3), (3, 3)],
    ids=["none", "not from the next", "one left out", "one played already", "twice"],
)
def test_the_trick_grid_refuses_a_trick_left_out_saying_from_which_on(
    tricks: tuple[int, ...],
) -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:AT_THE_THIRD_TRICK])
    rows = tuple((str(trick), ("0",)) for trick in tricks)

    with pytest.raises(RulesError, match="Tap who won each trick from trick 3 on, with none"):
        play_answer(table(record, pending), Answer("trick", rows=rows), RNG)


@pytest.mark.parametrize("key", ["x", "-1", ""])
def test_the_trick_grid_refuses_a_row_that_is_no_trick(key: str) -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:AT_THE_THIRD_TRICK])
    rows = (("3", ("0",)), (key, ("1",)))

    with pytest.raises(RulesError, match="from trick 3 on"):
        play_answer(table(record, pending), Answer("trick", rows=rows), RNG)


def test_the_trick_grid_refuses_more_winners_than_tricks_left() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:AT_THE_THIRD_TRICK])
    rows = tuple((str(trick), ("0",)) for trick in range(3, 15))  # 13 tricks a deal

    with pytest.raises(RulesError, match="There are more winners than tricks left to play"):
        play_answer(table(record, pending), Answer("trick", rows=rows), RNG)


def test_a_winner_of_the_grid_the_trick_does_not_offer_is_refused_as_a_tap_would_be() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:AT_THE_THIRD_TRICK])
    rows = (("3", ("0",)), ("4", ("7",)))

    with pytest.raises(RulesError, match="7 is not something that can be said here"):
        play_answer(table(record, pending), Answer("trick", rows=rows), RNG)


NAMED = (("1", ("12", "4", "8")), ("2", ()), ("3", ("1",)), ("0", ("5", "11")))


def test_the_grid_of_named_tricks_is_each_players_tap_in_turn_the_declarer_first() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])
    answer = Answer("name", value="everyone", rows=tuple(reversed(NAMED)))

    after = play_answer(table(record, pending), answer, RNG)

    named = [(e.seat, sorted(e.value)) for e in SPEC_ENTRIES[8:12]]
    assert [(e.seat, e.value) for e in after.pending[len(pending) :]] == named
    assert after.step.kind is AbracadabraStep.DECLARE


def test_a_player_left_out_of_the_grid_names_nothing_and_the_rules_say_if_they_may_not() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])
    answer = Answer("name", value="everyone", rows=NAMED[1:])  # the declarer's left out

    with pytest.raises(RulesError, match="Ben"):
        play_answer(table(record, pending), answer, RNG)


def test_done_nothing_exposed_enters_the_declaring_with_nothing_in_it() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])
    answer = Answer("name", value="everyone", rows=NAMED, then=("declare",))

    after = play_answer(table(record, pending), answer, RNG)

    nothing = {"exposed": [], "pile_exposed": [False, False, False, False]}
    assert after.pending[-1] == Entry("declare", None, nothing)
    assert after.step.kind is AbracadabraStep.TRICK


def test_a_step_answered_with_nothing_must_be_the_one_asked_after() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0))

    with pytest.raises(RulesError, match="'declare' is not asked for now"):
        play_answer(current, Answer("bid", "1", "3", then=("declare",)), RNG)


# --- Every game -----------------------------------------------------------------------

OUTSIDE = ("99", "-1", "²", "--1", "x")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_value_outside_what_a_step_offers_is_refused(game: str) -> None:
    """Read by the step, or refused by the rules: never an entry taken."""
    for current in random_tables(game, random.Random(3), max_rounds=3):
        step = current.step
        # A roll posts no value, and ticked boxes are read as a set: by shape, so that
        # a new game's steps are tried too.
        if step.kind is StepKind.OVER or step.shape in (Shape.ROLL, Shape.TOGGLES):
            continue
        seat = str(step.seat) if step.seat is not None else ""
        # A sum is any whole number from its lowest to its highest (Skull King's bonus,
        # -500..500: 99 and -1 among them), so what lies just outside is refused.
        if step.shape is Shape.SUM:
            outside = (str(step.high + 1), str(step.low - 1), *OUTSIDE[2:])
        else:
            outside = OUTSIDE
        for value in outside:
            with pytest.raises(RulesError):
                play(current, current.entry(Answer(str(step.kind), seat, value), RNG))
