"""Undo and Redo at the table: what is taken back, and how it is named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .at_table import CHANGES, CORRECT, STOP, Table, _entries, _replayed, standing, table
from .cells import differences
from .coming_and_going import remove_seat
from .core import GameRules, RoundContext
from .entering import play, round_as
from .errors import RulesError
from .messages import Message, Term, written
from .record import Record
from .sheet import context, review
from .steps import Entry


def _taken(record: Record, ctx: RoundContext, entries: Sequence[Entry]) -> int:
    """How many entries Undo takes back from the end of a round's ``entries``: the
    last tap and those it forced after it (which ``play`` would only enter again)."""
    try:
        return _replayed(record, ctx, entries)[1] + 1
    except RulesError:  # entries a correction broke: one at a time, as they stand
        return 1


def undo(
    record: Record, pending: Sequence[Entry], correcting: int | None = None
) -> tuple[Record, tuple[Entry, ...]]:
    """Take back the last tap (with any entry it forced), reopening the last round
    if the current one is empty; a change to the table, one at a time (a player who
    joined is no longer in the game); a stop."""
    if record.stopped and not pending and correcting is None:
        return record.with_stop(False), ()
    if pending and pending[-1].kind in CHANGES and correcting is None:
        last = pending[-1]
        kept = tuple(pending[:-1])
        if last.kind == "join" and last.seat is not None:
            return remove_seat(record, kept, last.seat)
        return record, kept
    if pending:
        try:
            taken = table(record, pending, correcting).forced + 1
        except RulesError:  # entries a correction broke: one at a time, as they stand
            taken = 1
        return record, tuple(pending[: len(pending) - taken])
    if not record.rounds:
        raise RulesError(Message("nothing_to_undo"))
    last_index = len(record.rounds) - 1
    before = record.with_rounds(record.rounds[:last_index])
    ctx = context(record, last_index, review(before).totals)
    entries = _entries(record, ctx, last_index)
    changes = changes_before(record, last_index)
    return before, (*changes, *entries[: len(entries) - _taken(record, ctx, entries)])


def changes_before(record: Record, index: int) -> tuple[Entry, ...]:
    """The changes to the table that round ``index`` of the record holds, as the
    entries that made them: who left, came back or joined, and its plan."""
    if not record.apart or index == 0:
        return ()
    seating, last = record.seating(index), record.seating(index - 1)
    starts = seating.starts()
    changes = [Entry("leave", seat) for seat in last.seated if seat not in seating.seated]
    for seat in seating.seated:
        if seat in starts:
            value = {"name": record.players[seat], "start": starts[seat]}
            changes.append(Entry("join", seat, value))
        elif seat not in last.seated:
            changes.append(Entry("back", seat))
    if seating.carries_plan and seating.plan is not None:
        changes.append(Entry("plan", None, list(seating.plan.sizes)))
    return tuple(changes)


def take_back(
    record: Record,
    pending: Sequence[Entry],
    correcting: int | None = None,
    corrected: Entry | None = None,
) -> tuple[Table, Entry | None]:
    """Undo: the table after taking back the last tap, and that tap (what Redo puts
    back; None when there is none to put back).

    A correction with nothing entered again is cancelled. The correction made last
    (``corrected``, ``Table.corrected``) is taken back before anything else: its round
    as it was returns, and Redo puts the correction back. Entries that no longer
    stand (a correction broke one) are taken back with the tap, so Undo always gets
    the table going again.
    """
    if correcting is not None and not pending:
        return table(record), None
    if corrected is not None and correcting is None:
        after = round_as(standing(record, pending), corrected)
        return replace(after, corrected=None), after.corrected
    undone = last_entry(standing(record, pending, correcting))
    record, pending = undo(record, pending, correcting)
    while True:
        try:
            return table(record, pending, correcting), undone
        except RulesError:
            if not pending:
                raise
            pending = pending[:-1]


def put_back(current: Table, undone: Sequence[Entry]) -> Table:
    """Redo: the table with the entry Undo took back last entered again (``undone``
    holds them, the next last), checked like any entry."""
    if not undone:
        raise RulesError(Message("nothing_to_redo"))
    return play(current, undone[-1])


def last_entry(current: Table) -> Entry | None:
    """What Undo takes back: the round's last tap, or the last round's own last one
    (the entries that tap forced go with it, unnamed); a change to the table; a stop.

    None where Undo takes back no entry: nothing is entered yet, or a correction
    with nothing entered again (Undo then cancels it).
    """
    record = current.record
    if current.corrected is not None and current.correcting is None:
        return current.corrected
    if current.pending:
        return current.pending[-1 - current.forced]
    if current.correcting is not None or not record.rounds:
        return None
    if record.stopped:
        return Entry(STOP)
    if current.ended_by is not None:
        return current.ended_by
    last = len(record.rounds) - 1
    rounds = current.sheet.rounds
    before = rounds[last - 1].totals if last else tuple(0 for _ in record.players)
    ctx = context(record, last, before)
    entries = _entries(record, ctx, last)
    return entries[-_taken(record, ctx, entries)] if entries else None


def what_returns(current: Table) -> tuple[str, ...]:
    """What Undo of the correction made last brings back, in words ("round 2: Bob's
    tricks 2 → 1", "Bob's total 18 → 27"); nothing where Undo takes back no correction."""
    if current.corrected is None or current.correcting is not None:
        return ()
    return differences(current.record, round_as(current, current.corrected).record)


def describe(
    entry: Entry, players: Sequence[str], sealed: bool = False, rules: GameRules | None = None
) -> str:
    """An entry in a few words, as Undo and Redo name it: "Ben's bid of 3".

    ``sealed``: the round's bids are still unseen, so a bid is named without its
    value ("Ben's bid"). An entry of a kind of the game's own is the game's to name
    (``GameRules.describe``).
    """
    own = rules.describe(entry, players, sealed) if rules is not None else None
    if own is not None:
        return own
    seat = entry.seat
    name = players[seat] if seat is not None and 0 <= seat < len(players) else ""
    value = entry.value
    number = value if isinstance(value, int) and not isinstance(value, bool) else None
    if entry.kind == "bid" and sealed:
        return Message("entry_bid_sealed", player=name)
    if entry.kind == "bid" and number is not None:
        return Message("entry_bid", player=name, bid=number)
    if entry.kind == "tricks" and number is not None:
        return Message("entry_tricks", player=name, tricks=number)
    if entry.kind == "tricks":
        return Message("entry_tricks_as_given", player=name, value=str(value))
    if entry.kind == "call":
        if value == "pass":
            return Message("entry_pass", player=name)
        return Message("entry_call", player=name, call=Term(str(value)))
    if entry.kind == "trump":
        return Message("entry_trump", trump=Term(str(value)))
    if entry.kind == "dice":
        return Message("entry_dice")
    if entry.kind == "join":
        # The name goes with the entry: Undo takes the player out of the game.
        joiner = entry.value.get("name") if isinstance(entry.value, dict) else None
        return Message("entry_join", player=str(joiner or name))
    if entry.kind == "leave":
        return Message("entry_leave", player=name)
    if entry.kind == "back":
        return Message("entry_back", player=name)
    if entry.kind == "plan":
        return Message("entry_plan")
    if entry.kind == STOP:
        return Message("entry_stop")
    if entry.kind == CORRECT:
        return Message("entry_correction", number=written(entry.seat))
    return Message("entry_last")
