"""The game at the table: the round being entered, the next step, entering, undoing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .core import (
    Answer,
    Draft,
    Entry,
    Round,
    RoundContext,
    RoundView,
    Step,
    StepKind,
    read_number,
)
from .errors import RulesError
from .messages import Message, Term, names_and
from .record import MOST_ROUNDS, Record
from .sheet import Sheet, check_new_round, context, review


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
    # How many of the last pending entries the tap before them forced (``forced``):
    # Undo takes them back with that tap.
    forced: int = 0
    # Why the round in progress cannot go on as stored (``standing``): nothing more is
    # entered until Undo takes back what a correction broke.
    attention: Message | None = None
    # The tap that just ended the last round, where ``play`` knows it is the one Undo
    # takes back (with what it forced): its words then need no replay of the round.
    ended_by: Entry | None = None

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
    def together(self) -> tuple[Step, ...]:
        """The next step and those the table may answer with it on one screen."""
        if self.round is None or self.draft is None:
            return ()
        return self.record.rules.together(self.round, self.draft)

    @property
    def sealed(self) -> bool:
        """Whether the game's bids are sealed (the house rule ``bidding``), shown or not."""
        return self.record.rules.sealed(self.record.setup)

    @property
    def bids_sealed(self) -> bool:
        """Whether the bids of the round being entered must stay unseen for now."""
        if self.round is None or self.draft is None:
            return False
        return self.record.rules.bids_sealed(self.round, self.draft)

    def bid_step(self, seat: int) -> Step | None:
        """The bid ``seat`` may give or change now, asked of that player alone (its
        prompt, and its choices with the refused ones and why); None where ``seat``
        may not bid now. A phone held by one player asks this, not ``step``, which
        may ask another player first; ``bid_refusal`` says why not."""
        try:
            return self._bid_step(seat)
        except RulesError:
            return None

    def bid_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not bid now ("the bids are shown: Ben's bid can no longer
        change"), or None where it may. Sealed, no reason tells what another bid."""
        try:
            self._bid_step(seat)
        except RulesError as error:
            return error.message
        return None

    def _bid_step(self, seat: int) -> Step:
        if self.round is None or self.draft is None:
            raise RulesError(Message("game_over"))
        if self.step.kind is StepKind.COMPLETE:
            raise RulesError(Message("round_complete"))
        return self.record.rules.bid_step(self.round, self.draft, seat)

    @property
    def bidders(self) -> tuple[int, ...]:
        """The seats whose bid may be given or changed now, in seat order."""
        if self.round is None:
            return ()
        return tuple(seat for seat in range(self.round.n) if self.bid_step(seat) is not None)

    def bid_of(self, seat: int) -> int | None:
        """``seat``'s bid as given so far in the round being entered, sealed or not:
        for that player's own eyes (what the table shows is ``round_view``)."""
        bids = self.draft.get("bids") if self.draft is not None else None
        if not isinstance(bids, list) or not 0 <= seat < len(bids):
            return None
        bid = bids[seat]
        return bid if isinstance(bid, int) and not isinstance(bid, bool) else None

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
            return Message("heading_correcting", number=self.correcting)
        number = len(self.record.rounds) + (0 if self.finished else 1)
        count = self.record.rules.round_count(self.record.setup)
        if count is not None:
            return Message("heading_round_of", number=number, count=count)
        return Message(
            "heading_round_goal", number=number, goal=self.record.rules.goal(self.record.setup)
        )

    def entry(self, answer: Answer, rng: random.Random) -> Entry:
        """The entry ``answer`` makes: read by the step on offer that asks for its kind
        (the next step, or an optional one such as the turned-up trump)."""
        if self.round is None:
            raise RulesError(Message("game_over"))
        for step in (self.step, *self.optional_steps):
            if step.kind.value == answer.kind:
                return step.entry(answer, rng)
        seat = read_number(answer.seat)
        if answer.kind == StepKind.BID.value and seat is not None and self.sealed:
            # Sealed, a bid once the bids are shown is refused saying they stand.
            return self._bid_step(seat).entry(answer, rng)
        return self.step.entry(answer, rng)  # refused: not the kind asked for


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
            raise RulesError(Message("game_over"))
        winners = names_and([record.players[s] for s in sheet.winners])
        return Table(
            record, sheet, (), None, None, Step(StepKind.OVER, Message("won", winners=winners))
        )
    rules = record.rules
    draft, run = _replayed(record, ctx, pending)
    step = rules.next_step(ctx, draft)
    return Table(record, sheet, tuple(pending), ctx, draft, step, correcting, run)


def standing(record: Record, pending: Sequence[Entry] = (), correcting: int | None = None) -> Table:
    """The table as stored, even where a correction made an entry of the round in
    progress impossible: then the round shows without its entries and says why in
    ``attention``, rather than dropping anything; Undo gets it going again."""
    try:
        return table(record, pending, correcting)
    except RulesError as broken:
        current = table(record, (), correcting)
        return replace(current, attention=Message("round_needs_attention", reason=broken.message))


def _replayed(record: Record, ctx: RoundContext, entries: Sequence[Entry]) -> tuple[Draft, int]:
    """The round's draft after ``entries``, and how many of the last of them the
    tap before them forced (as ``play`` entered them): Undo takes those back with it."""
    rules = record.rules
    drafts = [rules.begin(ctx, record.rounds[ctx.index - 1] if ctx.index else None)]
    for entry in entries:
        drafts.append(rules.enter(ctx, drafts[-1], entry))
    # Counted back from the last entry, where Undo looks: most taps force nothing, so
    # one step is asked again, not one for every entry (a round's first is a tap).
    run = 0
    for number in range(len(entries) - 1, 0, -1):
        if forced(rules.next_step(ctx, drafts[number])) != entries[number]:
            break
        run += 1
    return drafts[-1], run


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
    played = record.rules.entries(current.round, record.rounds[number - 1])
    if current.step.roll is not None and played:
        # What a roll at this step would enter: the same kind as the round's own.
        rolled = current.step.entry(Answer(current.step.kind.value), random.Random(0))
        if played[0].kind == rolled.kind:
            return play(current, played[0])
    return current


def _past(record: Record, number: int) -> RoundContext:
    if not 1 <= number <= len(record.rounds):
        raise RulesError(Message("no_round_to_correct", number=number))
    before = review(record.with_rounds(record.rounds[: number - 1]))
    if before.finished:
        raise RulesError(Message("over_before_round"), number)
    return context(record, number - 1, before.totals)


def play(current: Table, entry: Entry) -> Table:
    """The table after ``entry``; a finished round joins the record.

    When a past round is being corrected, its finished entry replaces it and the
    correction ends. Raises the rules' RulesError, with nothing changed, when the
    entry is refused. Nothing already entered is replayed: the draft is carried on.
    """
    if current.round is None or current.draft is None:
        raise RulesError(Message("game_over"))
    if current.attention is not None:
        raise RulesError(current.attention)
    record, rules = current.record, current.record.rules
    if current.correcting is None and len(record.rounds) >= MOST_ROUNDS:
        raise RulesError(Message("too_many_rounds", most=MOST_ROUNDS))
    draft = rules.enter(current.round, current.draft, entry)
    step = rules.next_step(current.round, draft)
    pending, run = (*current.pending, entry), 0
    # A step that allows one value only is not asked: it is entered with the tap
    # that left it so (the dealer's one bid under the hook, tricks none are left
    # for), and Undo takes it back with that tap.
    while (given := forced(step)) is not None:
        try:
            draft = rules.enter(current.round, draft, given)
        except RulesError:
            break  # not for us to force: the table asks it as usual
        step = rules.next_step(current.round, draft)
        pending, run = (*pending, given), run + 1
    if step.kind is not StepKind.COMPLETE:
        return replace(current, pending=pending, draft=draft, step=step, forced=run, ended_by=None)
    finished = rules.to_round(current.round, draft)
    if current.correcting is not None:
        return table(replace_round(record, current.correcting, finished))
    # The same rules, once more, as a record's round: what the table lets
    # through, a record must hold too. Checked once: the sheet keeps it.
    check_new_round(record, current.round, finished)
    after = table(record.with_rounds([*record.rounds, finished]))
    if _ends_as_tapped(current.step, pending, rules.entries(current.round, finished), run + 1):
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


# The steps that ask one player for a number: one allowed alone is entered, not asked.
FORCED = (StepKind.BID, StepKind.TRICKS, StepKind.SUIT_CARDS)


def forced(step: Step) -> Entry | None:
    """The entry a step allows alone, if it asks one player for a number and every
    value but one is refused (a 1-card round's dealer under the hook; Abracadabra's
    cards of a bid suit in no trick taken); else None."""
    if step.kind not in FORCED or step.seat is None:
        return None
    if step.may_change:  # sealed bids going round: no bid is given for a player
        return None
    if step.seats and step.seats != (step.seat,):
        return None
    allowed = [choice.value for choice in step.choices if choice.allowed]
    if len(allowed) != 1 or not allowed[0].isdigit():
        return None
    return Entry(step.kind.value, step.seat, int(allowed[0]))


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
    if the current one is empty."""
    if pending:
        try:
            taken = table(record, pending, correcting).forced + 1
        except RulesError:  # entries a correction broke: one at a time, as they stand
            taken = 1
        return record, tuple(pending[: len(pending) - taken])
    if not record.rounds:
        raise RulesError(Message("nothing_to_undo"))
    last = len(record.rounds) - 1
    before = record.with_rounds(record.rounds[:last])
    ctx = context(record, last, review(before).totals)
    entries = record.rules.entries(ctx, record.rounds[last])
    return before, tuple(entries[: len(entries) - _taken(record, ctx, entries)])


def take_back(
    record: Record, pending: Sequence[Entry], correcting: int | None = None
) -> tuple[Table, Entry | None]:
    """Undo: the table after taking back the last tap, and that tap (what Redo puts
    back; None when there is none to put back).

    A correction with nothing entered again is cancelled. Entries that no longer
    stand (a correction broke one) are taken back with the tap, so Undo always gets
    the table going again.
    """
    if correcting is not None and not pending:
        return table(record), None
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


def last_entry(current: Table) -> Entry | None:
    """What Undo takes back: the round's last tap, or the last round's own last one
    (the entries that tap forced go with it, unnamed).

    None where Undo takes back no entry: nothing is entered yet, or a correction
    with nothing entered again (Undo then cancels it).
    """
    record = current.record
    if current.pending:
        return current.pending[-1 - current.forced]
    if current.correcting is not None or not record.rounds:
        return None
    if current.ended_by is not None:
        return current.ended_by
    last = len(record.rounds) - 1
    rounds = current.sheet.rounds
    before = rounds[last - 1].totals if last else tuple(0 for _ in record.players)
    ctx = context(record, last, before)
    entries = record.rules.entries(ctx, record.rounds[last])
    return entries[-_taken(record, ctx, entries)] if entries else None


def describe(entry: Entry, players: Sequence[str], sealed: bool = False) -> str:
    """An entry in a few words, as Undo and Redo name it: "Ben's bid of 3".

    ``sealed``: the round's bids are still unseen, so a bid is named without its
    value ("Ben's bid").
    """
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
    if entry.kind == "suit":
        return Message("entry_suit", player=name, suit=Term(str(value)))
    if entry.kind == "suits":
        return Message("entry_suits")
    if entry.kind == "name":
        return Message("entry_named", player=name)
    if entry.kind == "declare":
        return Message("entry_declare")
    if entry.kind == "trick" and number is not None and 0 <= number < len(players):
        return Message("entry_trick", player=players[number])
    if entry.kind == "lost" and number is not None:
        return Message("entry_lost", lost=number)
    if entry.kind == "bonus" and value == "none":
        return Message("entry_no_more_bonuses")
    if entry.kind == "bonus" and number is not None:
        return Message("entry_bonus", player=name, bonus=number)
    if entry.kind == "suit_cards" and number is not None:
        return Message("entry_suit_cards", player=name, cards=number)
    return Message("entry_last")


def places(sheet: Sheet) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """A finished game's podium: (place, seats) from first to last, ties sharing a place.

    The winners are first, as the rules name them (Boerenbridge's exactly 100);
    everyone else follows by total, highest first.
    """
    if not sheet.finished:
        return ()
    rest = sorted(
        {sheet.totals[s] for s in range(len(sheet.totals)) if s not in sheet.winners},
        reverse=True,
    )
    podium = [(1, tuple(sheet.winners))] if sheet.winners else []
    ahead = len(sheet.winners)
    for total in rest:
        seats = tuple(
            s for s, t in enumerate(sheet.totals) if t == total and s not in sheet.winners
        )
        podium.append((ahead + 1, seats))
        ahead += len(seats)
    return tuple(podium)
