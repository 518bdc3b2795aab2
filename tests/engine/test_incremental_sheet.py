"""A record that extends a worked-out one by appended rounds goes on from its sheet.

The web app works the sheet out at every tap; a round that ends at the table must
cost one round, not the whole game, and give exactly the sheet a fresh record gets.
"""

from __future__ import annotations

import dataclasses
import gc
import random
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

import pytest

import rules_engine.sheet as engine_sheet
from bench.games import before_last_tap, first_tap, game_in_progress
from rules_engine import (
    GAMES,
    Record,
    RulesError,
    Sheet,
    StepKind,
    new_record,
    parse_record,
    play,
    replace_round,
    review,
    score,
    table,
    undo,
)
from rules_engine.core import Round, RoundContext, Setup
from rules_engine.messages import Message
from rules_engine.record import MOST_ROUNDS

from .randomgames import random_tables

PLAYERS = ["Ann", "Bob", "Cas", "Dev"]


def fresh(record: Record) -> Record:
    """An equal record that extends nothing, as one read from the database is."""
    return Record(
        record.game,
        record.players,
        record.first_dealer,
        record.options,
        tuple(record.rounds),
        record.played_at,
    )


def strict_outcome(record: Record) -> Sheet | tuple[str, int | None]:
    try:
        return score(record)
    except RulesError as error:
        return str(error.message), error.round_number


def assert_as_from_scratch(record: Record) -> None:
    again = fresh(record)
    assert review(record) == review(again)
    assert strict_outcome(record) == strict_outcome(again)


@contextmanager
def counted_rounds() -> Iterator[list[int]]:
    """How many rounds are worked out (each asks for its memo key once) inside."""
    calls = [0]
    original = engine_sheet._kept_key

    def counting(setup: Setup, ctx: RoundContext, rnd: Round) -> Hashable | None:
        calls[0] += 1
        return original(setup, ctx, rnd)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine_sheet, "_kept_key", counting)
        yield calls


@contextmanager
def counted_checks(record: Record) -> Iterator[list[int]]:
    """How many times a finished round is checked against the rules inside."""
    calls = [0]
    rules = type(record.rules)
    original = rules.check_round

    def counting(self: object, ctx: RoundContext, rnd: Round) -> None:
        calls[0] += 1
        original(self, ctx, rnd)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "check_round", counting)
        yield calls


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_gives_the_sheet_of_a_fresh_record_after_every_round_played_at_the_table(
    game: str, seed: int
) -> None:
    rounds = -1
    for current in random_tables(game, random.Random(seed), max_rounds=16):
        if len(current.record.rounds) == rounds:
            continue
        rounds = len(current.record.rounds)
        again = parse_record(current.record.to_json())
        assert review(current.record) == review(again)
        assert strict_outcome(current.record) == strict_outcome(again)


def test_it_works_out_only_the_new_round_when_a_tap_ends_one_thirty_rounds_in() -> None:
    record = parse_record(game_in_progress("boerenbridge", 4, 30).to_json())
    pending = before_last_tap(record)
    current = table(record, pending)
    entry = current.entry(first_tap(record, pending), random.Random(0))
    with counted_rounds() as calls:
        after = play(current, entry)
    assert len(after.record.rounds) == 31
    # The new round alone: kept as the tap checks it, found again by the sheet.
    assert calls == [2]
    with counted_rounds() as calls:
        again = review(parse_record(after.record.to_json()))
    assert calls == [31]
    assert review(after.record) == again


@pytest.mark.parametrize("game", ["boerenbridge", "oh-hell", "wizard"])
def test_a_round_ended_at_the_table_is_checked_once_even_when_nothing_is_kept(game: str) -> None:
    record = parse_record(game_in_progress(game, 4, 3).to_json())
    pending = before_last_tap(record)
    current = table(record, pending)
    entry = current.entry(first_tap(record, pending), random.Random(0))
    engine_sheet._KEPT.clear()
    with counted_checks(record) as checks:
        after = play(current, entry)
    assert len(after.record.rounds) == 4
    assert checks == [1]
    assert_as_from_scratch(after.record)


def test_it_works_out_a_strict_sheet_from_the_strict_sheet_only() -> None:
    record = parse_record(game_in_progress("boerenbridge", 4, 8).to_json())
    longer = game_in_progress("boerenbridge", 4, 9)
    review(record)
    extended = record.with_rounds([*record.rounds, longer.rounds[8]])
    with counted_rounds() as calls:
        score(extended)
    assert calls == [9]
    assert_as_from_scratch(extended)


def test_it_keeps_the_rounds_after_a_finished_game_over_before_they_start() -> None:
    *_, current = random_tables("oh-hell", random.Random(4), max_rounds=MOST_ROUNDS)
    assert current.step.kind is StepKind.OVER
    record = current.record
    review(record), score(record)
    after = record.with_rounds([*record.rounds, record.rounds[-1]])
    sheet = review(after)
    assert sheet.rounds[-1].problem == Message("over_before_round")
    assert sheet.finished and sheet.winners == review(record).winners
    assert_as_from_scratch(after)
    assert_as_from_scratch(after.with_rounds([*after.rounds, {}]))


@pytest.mark.slow
def test_it_keeps_rounds_past_the_most_a_game_holds_unplayable() -> None:
    # Unreadable rounds score nothing, so this game never ends.
    record = new_record("boerenbridge", PLAYERS, 0)
    for _ in range(MOST_ROUNDS + 3):
        review(record)
        record = record.with_rounds([*record.rounds, {}])
        assert_as_from_scratch(record)
    assert len(review(record).problems) == MOST_ROUNDS + 3


def test_it_works_every_later_round_out_again_after_a_correction() -> None:
    record = new_record("boerenbridge", PLAYERS, 0, {"sit_out": 20}).with_rounds(
        [
            {"bids": [1, 12, 1, 1], "tricks": [0, 11, 1, 1]},
            {"bids": [1, 12, 1, 1], "tricks": [0, 11, 1, 1]},
        ]
    )
    assert score(record).totals == (0, 22, 22, 22)
    fixed = replace_round(record, 1, {"bids": [1, 12, 1, 1], "tricks": [0, 12, 1, 0]})
    with counted_rounds() as calls:
        sheet = review(fixed)
    assert calls == [2]
    assert sheet.rounds[1].problem == "Bob has 22 points and does not bid this round"
    assert_as_from_scratch(fixed)


def test_it_works_a_corrected_last_round_out_again() -> None:
    record = parse_record(game_in_progress("boerenbridge", 4, 6).to_json())
    review(record)
    fixed = replace_round(record, 6, record.rounds[4])
    with counted_rounds() as calls:
        review(fixed)
    assert calls == [6]
    assert_as_from_scratch(fixed)


def test_it_works_an_undone_round_out_from_the_start() -> None:
    record = parse_record(game_in_progress("boerenbridge", 4, 6).to_json())
    review(record), score(record)
    # Undo works the rounds before it out (to ask whether the round's last entry was
    # forced); the sheet of what it leaves is then that one, not worked out again.
    with counted_rounds() as calls:
        undone, _ = undo(record, ())
        review(undone)
    assert calls == [5]
    assert_as_from_scratch(undone)


def test_a_copy_with_another_first_dealer_works_its_sheet_out_afresh() -> None:
    record = parse_record(game_in_progress("boerenbridge", 4, 6).to_json())
    longer = game_in_progress("boerenbridge", 4, 7)
    review(record)
    moved = dataclasses.replace(
        record.with_rounds([*record.rounds, longer.rounds[6]]), first_dealer=1
    )
    with counted_rounds() as calls:
        review(moved)
    assert calls == [7]
    assert_as_from_scratch(moved)


def test_the_sheet_cache_keeps_the_records_used_last_up_to_its_size() -> None:
    cache = engine_sheet.SheetCache(most=2)
    records = [new_record("oh-hell", PLAYERS, dealer) for dealer in range(3)]
    for record in records:
        cache.keep(record, False, review(record))
    assert len(cache) == 2
    assert cache.get(records[0], False) is None
    assert cache.get(records[2], False) == review(records[2])


def test_a_kept_sheet_goes_with_its_record() -> None:
    cache = engine_sheet.SheetCache(most=10)
    record = new_record("oh-hell", PLAYERS, 0)
    cache.keep(record, True, score(record))
    assert len(cache) == 1
    del record
    gc.collect()
    assert len(cache) == 0
