"""Undo, Redo, a correction's refusal and a round that needs attention, decided by the
engine: the views only ask (issue 23, item 3)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_engine import (
    GAMES,
    Entry,
    Message,
    RulesError,
    correction,
    last_entry,
    parse_record,
    play,
    put_back,
    standing,
    table,
    take_back,
    undo,
)
from tests.engine.randomgames import SHORT, random_tables
from tests.five_games import OH_HELL

RECORD = parse_record(OH_HELL)


def test_a_stored_entry_that_no_longer_stands_leaves_the_round_needing_attention() -> None:
    pending = (Entry("bid", 3, 2), Entry("bid", 0, 99))
    current = standing(RECORD, pending)
    assert current.pending == ()
    assert current.attention is not None
    assert current.attention.code == "round_needs_attention"
    with pytest.raises(RulesError) as refused:
        play(current, Entry("bid", current.step.player, 1))
    assert refused.value.message == current.attention


def test_a_table_that_stands_needs_no_attention() -> None:
    assert standing(RECORD, (Entry("bid", table(RECORD).step.player, 1),)).attention is None


def test_undo_takes_back_the_last_tap_and_names_it_for_redo() -> None:
    first = table(RECORD).step.player
    after = play(table(RECORD), Entry("bid", first, 1))
    back, undone = take_back(after.record, after.pending)
    assert back.pending == ()
    assert undone == Entry("bid", first, 1)
    assert put_back(back, (undone,)).pending == after.pending


def test_undo_takes_back_an_entry_that_no_longer_stands_and_keeps_those_that_do() -> None:
    first = table(RECORD).step.player
    pending = (Entry("bid", first, 1), Entry("bid", 0, 99))
    back, _ = take_back(RECORD, pending)
    assert back.pending == (Entry("bid", first, 1),)
    assert back.attention is None


def test_undo_with_nothing_entered_again_cancels_a_correction() -> None:
    back, undone = take_back(RECORD, (), correcting=1)
    assert undone is None
    assert back.correcting is None
    assert back.record is RECORD


def test_redo_with_nothing_undone_is_refused() -> None:
    with pytest.raises(RulesError) as refused:
        put_back(table(RECORD), ())
    assert refused.value.message == Message("nothing_to_redo")


def test_a_round_in_progress_is_finished_or_undone_before_an_earlier_one_is_corrected() -> None:
    pending = (Entry("bid", table(RECORD).step.player, 1),)
    with pytest.raises(RulesError) as refused:
        correction(RECORD, 1, pending)
    assert refused.value.message == Message("finish_round_first")
    assert correction(RECORD, 1, pending, correcting=2).correcting == 1


@pytest.mark.parametrize(
    ("game", "options"),
    [(game, None) for game in GAMES]
    + [
        (game, SHORT[game] | {"bidding": "sealed"})
        for game in ("oh-hell", "boerenbridge", "brink-bid")
    ],
)
def test_the_tap_that_ended_a_round_is_named_for_undo_as_replaying_the_round_names_it(
    game: str, options: dict[str, object] | None
) -> None:
    # The table names it without a replay where it can (``ended_by``): it must be the
    # very entry the replay of the record's round gives, the one ``undo`` takes back.
    shortcuts = 0
    for seed in range(6):
        for current in random_tables(game, random.Random(seed), max_rounds=6, options=options):
            if current.ended_by is None:
                continue
            shortcuts += 1
            replayed = last_entry(replace(current, ended_by=None))
            assert current.ended_by == replayed
            # Undo takes it back (with what it forced), and Redo puts it back: the same round.
            record, pending = undo(current.record, current.pending)
            assert play(table(record, pending), replayed).record == current.record
    # Abracadabra's record gives its declaration back with the declarer's seat, which
    # the table's tap leaves to the rules: its round's end is always replayed.
    assert (shortcuts > 0) is (game != "abracadabra")
