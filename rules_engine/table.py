"""The game at the table: the round being entered, the next step, entering, undoing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import Draft, Entry, Round, RoundContext, RoundView, Step, StepKind
from .errors import RulesError
from .record import Record
from .sheet import Sheet, context, review


@dataclass(frozen=True)
class Table:
    """Everything the table screens show: the sheet so far and what comes next."""

    record: Record
    sheet: Sheet
    pending: tuple[Entry, ...]
    # The round being entered; None once the game is over.
    round: RoundContext | None
    draft: Draft | None
    step: Step
    # The past round being entered again to correct it, if any (1-based).
    correcting: int | None = None

    @property
    def finished(self) -> bool:
        return self.sheet.finished

    @property
    def notes(self) -> tuple[str, ...]:
        """What stays in view while the round is entered ("bids 8 of 10: under by 2")."""
        if self.round is None or self.draft is None:
            return ()
        return self.record.rules.notes(self.round, self.draft)

    @property
    def optional_steps(self) -> tuple[Step, ...]:
        if self.round is None or self.draft is None:
            return ()
        return self.record.rules.optional_steps(self.round, self.draft)

    @property
    def round_view(self) -> RoundView | None:
        """The round being entered as the sheet would show it so far."""
        if self.round is None or self.draft is None:
            return None
        return self.record.rules.draft_view(self.round, self.draft)

    @property
    def round_label(self) -> str:
        """ "Round 3 of 19", or "Round 3, to 100" where the game plays to a score."""
        if self.correcting is not None:
            return f"Correcting round {self.correcting}"
        number = len(self.record.rounds) + (0 if self.finished else 1)
        count = self.record.rules.round_count(self.record.setup)
        if count is not None:
            return f"Round {number} of {count}"
        return f"Round {number}, {self.record.rules.goal(self.record.setup)}"


def _current(record: Record, sheet: Sheet) -> RoundContext | None:
    if sheet.finished:
        return None
    return context(record, len(record.rounds), sheet.totals)


def table(record: Record, pending: Sequence[Entry] = (), correcting: int | None = None) -> Table:
    """The table for a record and the entries made so far in the current round.

    Past rounds are reviewed, not refused: a correction that breaks a later round
    shows it as needing attention. The pending entries must all still stand; an
    entry that does not raises the RulesError that explains why. With
    ``correcting``, the pending entries re-enter that past round instead.
    """
    sheet = review(record)
    ctx: RoundContext | None
    if correcting is not None:
        ctx = _past(record, correcting)
    else:
        ctx = _current(record, sheet)
    if ctx is None:
        if pending:
            raise RulesError("the game is over: nothing more can be entered")
        winners = " and ".join(record.players[s] for s in sheet.winners)
        return Table(record, sheet, (), None, None, Step(StepKind.OVER, f"{winners} won"))
    rules = record.rules
    draft = rules.start(ctx)
    for entry in pending:
        draft = rules.enter(ctx, draft, entry)
    step = rules.next_step(ctx, draft)
    return Table(record, sheet, tuple(pending), ctx, draft, step, correcting)


def _past(record: Record, number: int) -> RoundContext:
    if not 1 <= number <= len(record.rounds):
        raise RulesError(f"there is no round {number} to correct")
    before = review(record.with_rounds(record.rounds[: number - 1]))
    if before.finished:
        raise RulesError("the game was already over before this round", number)
    return context(record, number - 1, before.totals)


def play(
    record: Record, pending: Sequence[Entry], entry: Entry, correcting: int | None = None
) -> tuple[Record, tuple[Entry, ...]]:
    """The record and pending entries after ``entry``; a finished round joins the record.

    With ``correcting``, a finished round replaces that past round instead.
    Raises the rules' RulesError, with nothing changed, when the entry is refused.
    """
    current = table(record, pending, correcting)
    if current.round is None or current.draft is None:
        raise RulesError("the game is over: nothing more can be entered")
    rules = record.rules
    draft = rules.enter(current.round, current.draft, entry)
    if rules.next_step(current.round, draft).kind is StepKind.COMPLETE:
        finished = rules.to_round(current.round, draft)
        if correcting is not None:
            return replace_round(record, correcting, finished), ()
        # The same rules, once more, as a record's round: what the table lets
        # through, a record must hold too.
        rules.check_round(current.round, finished)
        return record.with_rounds([*record.rounds, finished]), ()
    return record, (*pending, entry)


def undo(record: Record, pending: Sequence[Entry]) -> tuple[Record, tuple[Entry, ...]]:
    """Take back the last entry, reopening the last round if the current one is empty."""
    if pending:
        return record, tuple(pending[:-1])
    if not record.rounds:
        raise RulesError("there is nothing to undo yet")
    last = len(record.rounds) - 1
    sheet = review(record.with_rounds(record.rounds[:last]))
    ctx = context(record, last, sheet.totals)
    entries = record.rules.entries(ctx, record.rounds[last])
    return record.with_rounds(record.rounds[:last]), tuple(entries[:-1])


def replace_round(record: Record, number: int, rnd: Round) -> Record:
    """The record with round ``number`` (1-based) corrected.

    The corrected round must keep every rule itself; later rounds are worked out
    again and any that the correction breaks are shown as needing attention by
    ``review``, never changed.
    """
    ctx = _past(record, number)
    try:
        record.rules.check_round(ctx, rnd)
    except RulesError as error:
        raise error.in_round(number) from None
    rounds = list(record.rounds)
    rounds[number - 1] = dict(rnd)
    return record.with_rounds(rounds)
