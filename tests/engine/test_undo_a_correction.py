"""Undo takes back a correction, saying what returns; Redo puts it back (RULINGS,
"Corrections": a correction can be undone and redone like any entry; issue 45, point 2)."""

from __future__ import annotations

from rules_engine import (
    CORRECT,
    Entry,
    Record,
    Table,
    corrected,
    corrected_table,
    correction,
    describe,
    last_entry,
    parse_record,
    play,
    put_back,
    standing,
    table,
    take_back,
    what_returns,
)
from tests.conftest import ROUND_1, ROUND_2, oh_hell

ROUND_3 = {"bids": [2, 2, 3, 2], "tricks": [2, 2, 2, 2]}
RECORD = parse_record(oh_hell([ROUND_1, ROUND_2, ROUND_3]))
# Round 2 entered again: Bob took 2 tricks, not 1, and Dev 2, not 3.
FIXED = {"bids": [2, 1, 3, 2], "tricks": [2, 2, 3, 2]}


def _corrected_at_the_table(record: Record = RECORD) -> Table:
    current = correction(record, 2)
    for seat, bid in ((2, 3), (3, 2), (0, 2), (1, 1)):
        current = play(current, Entry("bid", seat, bid))
    for seat, tricks in ((2, 3), (3, 2), (0, 2)):
        current = play(current, Entry("tricks", seat, tricks))
    return current


def test_undo_right_after_a_correction_names_the_correction_not_the_last_rounds_tap() -> None:
    current = _corrected_at_the_table()
    assert current.record.rounds[1]["tricks"] == FIXED["tricks"]
    undone = last_entry(current)
    assert undone == Entry(CORRECT, 2, ROUND_2)
    assert describe(undone, current.record.players) == "the correction of round 2"


def test_undo_says_what_returns_with_the_round_as_it_was() -> None:
    words = what_returns(_corrected_at_the_table())
    assert "round 2: Bob's tricks 2 → 1" in words
    assert "round 2: Dev's tricks 2 → 3" in words
    assert "Dev's total 25 → 16" in words


def test_undo_takes_the_correction_back_and_redo_puts_it_back() -> None:
    current = _corrected_at_the_table()
    back, redo = take_back(current.record, current.pending, None, current.corrected)
    assert back.record.rounds[1] == ROUND_2
    assert back.corrected is None
    assert redo == Entry(CORRECT, 2, current.record.rounds[1])
    assert redo is not None
    assert describe(redo, back.record.players) == "the correction of round 2"
    again = put_back(back, (redo,))
    assert again.record.rounds[1]["tricks"] == FIXED["tricks"]
    # Put back, the correction is the one Undo takes back again.
    assert last_entry(again) == Entry(CORRECT, 2, ROUND_2)


def test_a_tap_after_a_correction_is_what_undo_takes_back_then() -> None:
    current = _corrected_at_the_table()
    after = play(current, Entry("bid", current.step.seat, 1))
    assert after.corrected is None
    assert last_entry(after) == Entry("bid", current.step.seat, 1)


def test_a_correction_on_the_sheet_is_undone_with_the_round_in_progress_kept() -> None:
    first = table(RECORD).step.seat
    pending = (Entry("bid", first, 1),)
    fixed = corrected(RECORD, 1, {"tricks": {"1": "3", "3": "2"}})
    current = corrected_table(RECORD, fixed, pending)
    assert current.pending == pending
    assert last_entry(current) == Entry(CORRECT, 1, ROUND_1)
    back, redo = take_back(current.record, current.pending, None, current.corrected)
    assert back.record.rounds[0] == ROUND_1
    assert back.pending == pending
    assert redo is not None and redo.value == fixed.rounds[0]


def test_a_stopped_games_correction_is_undone_and_the_stop_stays() -> None:
    stopped = RECORD.with_stop(True)
    current = _corrected_at_the_table(stopped)
    back, redo = take_back(current.record, (), None, current.corrected)
    assert back.record.stopped and back.finished
    assert back.record.rounds[1] == ROUND_2
    assert redo is not None
    assert put_back(back, (redo,)).record.rounds[1]["tricks"] == FIXED["tricks"]


def test_the_game_as_stored_keeps_the_correction_for_undo() -> None:
    current = _corrected_at_the_table()
    stored = standing(current.record, current.pending, None, current.corrected)
    assert last_entry(stored) == Entry(CORRECT, 2, ROUND_2)
