"""Entering at the table: a tap played, a past round opened again and corrected."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from .at_table import (
    CHANGES,
    CORRECT,
    STOP,
    Table,
    _entries,
    _outward_entry,
    _past,
    _split,
    _upcoming,
    forced,
    inward,
    outward,
    standing,
    table,
)
from .coming_and_going import change
from .core import Round
from .errors import RulesError
from .messages import Message, written
from .record import MOST_ROUNDS, Record
from .seating import SEATING_FIELDS, compact, expand, seats_apart
from .sheet import check_new_round
from .steps import Answer, Entry, Step, StepKind


def play_answer(current: Table, answer: Answer, rng: random.Random) -> Table:
    """The table after ``answer``, as the table posted it: each tap it stands for
    (``Table.taps``) read by the step on offer (``Table.entry``) and played in turn, as
    if tapped alone. One refused (a RulesError), and none is entered."""
    for tap in current.taps(answer):
        current = play(current, current.entry(tap, rng))
    return current


def correction(
    record: Record, number: int, pending: Sequence[Entry] = (), correcting: int | None = None
) -> Table:
    """Round ``number`` opened to be entered again, with what chance decided kept.

    A correction changes what players said and took; it does not roll again: the
    dice of the round as played (Brink Bid) are entered for it, as they fell. A
    round copied from paper without dice is asked for its roll as usual. The round
    in progress (``pending``) is finished or undone first; another correction open
    (``correcting``) is left for this one.
    """
    if pending and correcting is None:
        raise RulesError(Message("finish_round_first"))
    current = table(record, (), number)
    if current.round is None:
        return current
    played = _entries(record, current.round, number - 1)
    if current.step.roll is not None and played:
        # What a roll at this step would enter: the same kind as the round's own.
        rolled = current.step.entry(Answer(str(current.step.kind)), random.Random(0))
        if played[0].kind == rolled.kind:
            return play(current, played[0])
    return current


def play(current: Table, entry: Entry) -> Table:
    """The table after ``entry``; a finished round joins the record.

    When a past round is being corrected, its finished entry replaces it and the
    correction ends. Raises the rules' RulesError, with nothing changed, when the
    entry is refused. Nothing already entered is replayed: the draft is carried on.
    A change to the table between rounds (``CHANGES``, ``STOP``) is made here too, and
    a correction put back by Redo (``CORRECT``).
    """
    if entry.kind in CHANGES or entry.kind == STOP:
        return change(current, entry)
    if entry.kind == CORRECT:
        return round_as(current, entry)
    if current.round is None or current.draft is None:
        raise RulesError(Message("game_over"))
    if current.attention is not None:
        raise RulesError(current.attention)
    record, rules, ctx = current.record, current.record.rules, current.round
    if current.correcting is None and len(record.rounds) >= MOST_ROUNDS:
        raise RulesError(Message("too_many_rounds", most=MOST_ROUNDS))
    draft = rules.enter(ctx, current.draft, inward(entry, ctx, record))
    step = rules.next_step(ctx, draft)
    pending, run = (*current.pending, entry), 0
    # A step that allows one value only is not asked: it is entered with the tap
    # that left it so (the dealer's one bid under the hook, tricks none are left
    # for), and Undo takes it back with that tap.
    while (given := forced(step)) is not None:
        try:
            draft = rules.enter(ctx, draft, given)
        except RulesError:
            break  # not for us to force: the table asks it as usual
        step = rules.next_step(ctx, draft)
        pending, run = (*pending, _outward_entry(given, ctx)), run + 1
    if step.kind is not StepKind.COMPLETE:
        shown = outward(step, ctx)
        return replace(
            current,
            pending=pending,
            draft=draft,
            step=shown,
            forced=run,
            ended_by=None,
            corrected=None,
        )
    finished = rules.to_round(ctx, draft)
    if current.correcting is not None:
        # The round's seats stay as the record holds them (replace_round keeps them).
        seating = record.seating(current.correcting - 1)
        corrected = expand(rules, finished, seating, len(record.players), True)
        return corrected_table(record, replace_round(record, current.correcting, corrected))
    # The same rules, once more, as a record's round: what the table lets
    # through, a record must hold too. Checked once: the sheet keeps it.
    check_new_round(record, ctx, finished)
    seating = _upcoming(record, current.pending)
    full = expand(rules, finished, seating, len(record.players), seats_apart(record.rounds))
    after = table(record.with_rounds([*record.rounds, full]))
    given_back = [_outward_entry(e, ctx) for e in rules.entries(ctx, finished)]
    entered = _split(pending)[1]
    if _ends_as_tapped(current.step, entered, given_back, run + 1):
        return replace(after, ended_by=entry)
    return after


def _ends_as_tapped(
    asked: Step, entered: Sequence[Entry], given_back: Sequence[Entry], taken: int
) -> bool:
    """Whether the round's last ``taken`` of ``entered`` (a tap, asked by ``asked``, and
    what it forced) are what Undo takes back from the record's round, which gives back
    ``given_back`` (``_taken`` counts on those): so Undo's words need no replay of the
    round, a round's end's cost. They are where the record ends with the same entries,
    after the same others (bids in any order come back in seat order, and a draft
    holds them by seat), and the tap was not of a forced shape itself (``_taken``
    would count back past it). A bid changed makes the lengths differ: replayed."""
    if forced(asked) == entered[-taken] or len(given_back) != len(entered):
        return False
    if tuple(given_back[-taken:]) != tuple(entered[-taken:]):
        return False
    return sorted(map(repr, given_back[:-taken])) == sorted(map(repr, entered[:-taken]))


def replace_round(record: Record, number: int, rnd: Round) -> Record:
    """The record with round ``number`` (1-based) corrected.

    The corrected round must keep every rule itself; later rounds are worked out
    again and any that the correction breaks are shown as needing attention by
    ``review``, never changed. Who sat at the table in it stays as it was.
    """
    ctx = _past(record, number)
    seating = record.seating(number - 1)
    try:
        record.rules.check_round(ctx, compact(record.rules, rnd, seating, record.players))
    except RulesError as error:
        raise error.in_round(number) from None
    rounds = list(record.rounds)
    old = record.rounds[number - 1]
    seats = {f: old[f] for f in SEATING_FIELDS if f in old}
    rounds[number - 1] = {**seats, **{k: v for k, v in rnd.items() if k not in SEATING_FIELDS}}
    return record.with_rounds(rounds)


def corrected_table(before: Record, after: Record, pending: Sequence[Entry] = ()) -> Table:
    """The table after a correction turned ``before`` into ``after`` (one round of it
    changed, at the table or on the sheet), with ``pending`` still to stand: Undo
    takes the correction back (``Table.corrected``: the round as it was)."""
    current = standing(after, pending)
    if len(before.rounds) != len(after.rounds):
        return current
    pairs = zip(before.rounds, after.rounds, strict=True)
    changed = [number for number, (was, now) in enumerate(pairs, 1) if was != now]
    if len(changed) != 1:
        return current
    number = changed[0]
    return replace(current, corrected=Entry(CORRECT, number, before.rounds[number - 1]))


def round_as(current: Table, entry: Entry) -> Table:
    """The table with round ``entry.seat`` as ``entry.value`` holds it (``CORRECT``):
    a correction taken back by Undo, or put back by Redo. It is the round as it once
    stood in this record, so it is put back as it was, not checked again: a later
    round it breaks shows as needing attention, as after any correction. The round
    in progress stays; Undo then takes back the correction it replaces."""
    record, number = current.record, entry.seat
    if current.correcting is not None:
        raise RulesError(Message("change_correcting", number=current.correcting))
    if number is None or not 1 <= number <= len(record.rounds) or not isinstance(entry.value, dict):
        raise RulesError(Message("no_round_to_correct", number=written(number)))
    rounds = list(record.rounds)
    rounds[number - 1] = entry.value
    return corrected_table(record, record.with_rounds(rounds), current.pending)
