"""The game at the table: the round being entered, the next step, entering, undoing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .core import (
    Answer,
    Die,
    Draft,
    Entry,
    GameRules,
    Grid,
    Round,
    RoundContext,
    RoundView,
    Step,
    StepKind,
    read_number,
)
from .errors import RulesError
from .messages import Message, Term, names_and, written
from .record import MOST_ROUNDS, Record, check_name
from .seating import (
    MOST_PLAYERS,
    SEATING_FIELDS,
    Plan,
    Seating,
    check_plan,
    check_start,
    check_table_size,
    compact,
    expand,
    next_dealer,
    proposed_plan,
    round_context,
    seats_apart,
    sizes_ahead,
)
from .sheet import Sheet, check_new_round, context, review, spread_view

# Entries that change the table between two rounds (RULINGS, "Players come and go"):
# made before the round's first entry, kept with its entries until it ends, and
# taken back by Undo like any tap. "stop" ends the game after its last round.
CHANGES = ("leave", "back", "join", "plan")
STOP = "stop"


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

    def notes_for(self, seat: int) -> tuple[str, ...]:
        """The notes a phone held by ``seat`` alone shows (``GameRules.notes_for``: sealed,
        a partner sees the team's contract, never an opponent's bid)."""
        player = self.round.player(seat) if self.round is not None else None
        if self.round is None or self.draft is None or player is None:
            return self.notes
        return self.record.rules.notes_for(self.round, self.draft, player)

    @property
    def optional_steps(self) -> tuple[Step, ...]:
        if self.round is None or self.draft is None:
            return ()
        ctx = self.round
        return tuple(outward(s, ctx) for s in self.record.rules.optional_steps(ctx, self.draft))

    @property
    def seating(self) -> Seating | None:
        """Who takes part in the round being entered (with the changes made before it),
        who deals it, how many cards; None once the game is over."""
        if self.round is None:
            return None
        if self.correcting is not None:
            return self.record.seating(self.correcting - 1)
        return _upcoming(self.record, self.pending)

    @property
    def dealer(self) -> int | None:
        """The seat that deals the round being entered."""
        return self.round.seat(self.round.dealer) if self.round is not None else None

    @property
    def first_bidder(self) -> int | None:
        """The seat that speaks first in the round being entered (the dealer's left)."""
        return self.round.seat(self.round.bid_order[0]) if self.round is not None else None

    @property
    def seated(self) -> tuple[int, ...]:
        """The seats taking part in the round being entered, else in the last round."""
        if self.round is not None:
            return tuple(self.round.seat(p) for p in range(self.round.n))
        return self.sheet.ranked

    @property
    def changes(self) -> tuple[Entry, ...]:
        """The changes to the table made before the round being entered (who leaves,
        comes back or joins; a new plan): Undo takes them back one at a time."""
        return _split(self.pending)[0]

    @property
    def may_change_seats(self) -> bool:
        """Whether players may come and go, or the plan change, now: between two rounds
        of a game that allows it, nothing of the next round entered yet."""
        return (
            self.record.rules.seats_apart
            and self.round is not None
            and self.correcting is None
            and self.attention is None
            and bool(self.record.rounds)
            and len(self.changes) == len(self.pending)
        )

    @property
    def may_stop(self) -> bool:
        """Whether the table may stop the game here: after a complete round, nothing of
        the next entered (RULINGS, "Stopping")."""
        return (
            self.round is not None
            and self.correcting is None
            and self.attention is None
            and bool(self.record.rounds)
            and not self.pending
        )

    @property
    def plan_ahead(self) -> tuple[int, ...]:
        """The hand sizes of the round being entered and each after it, as things stand
        (a game that plays to a score: one turn of its list)."""
        seating = self.seating
        if seating is None or self.round is None:
            return ()
        return sizes_ahead(self.record.rules, self.record.base, seating.plan, seating.index)

    @property
    def lowest_total(self) -> int:
        """The lowest total among the players at the table: a joiner's start, if chosen."""
        seats = self.seated or tuple(range(len(self.record.players)))
        return min(self.sheet.totals[s] for s in seats)

    @property
    def together(self) -> tuple[Step, ...]:
        """The next step and those the table may answer with it on one screen."""
        if self.round is None or self.draft is None:
            return ()
        return self.record.rules.together(self.round, self.draft)

    @property
    def grid(self) -> Grid | None:
        """The grid the next steps are answered on, sent whole, where the game has one."""
        if self.round is None or self.draft is None:
            return None
        return self.record.rules.grid(self.round, self.draft)

    @property
    def rolled(self) -> tuple[tuple[Die, str], ...] | None:
        """What was rolled this round, each die with its face, once it was
        (``Shape.ROLL``)."""
        return self.record.rules.rolled(self.draft) if self.draft is not None else None

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
        player = self.round.player(seat)
        if player is None:
            raise RulesError(Message("not_at_table", player=_name(self.record, seat)))
        return outward(self.record.rules.bid_step(self.round, self.draft, player), self.round)

    def alone(self, seat: int) -> Step | None:
        """What a phone held by ``seat`` alone is asked now, of a step the table asks of
        several players at once (``Step.seats``: Skull King's bonuses owed): that
        player's share of it; None where the step asks ``seat`` nothing. A bid is
        ``bid_step``'s."""
        step, ctx = self.step, self.round
        player = ctx.player(seat) if ctx is not None else None
        if ctx is None or self.draft is None or player is None or seat not in step.seats:
            return None
        asked = tuple(p for s in step.seats if (p := ctx.player(s)) is not None)
        inner = replace(step, seat=player, seats=asked)
        return outward(self.record.rules.alone(ctx, self.draft, inner, player), ctx)

    @property
    def bidders(self) -> tuple[int, ...]:
        """The seats whose bid may be given or changed now, in seat order."""
        if self.round is None:
            return ()
        return tuple(seat for seat in self.seated if self.bid_step(seat) is not None)

    def bid_of(self, seat: int) -> int | None:
        """``seat``'s bid as given so far in the round being entered, sealed or not:
        for that player's own eyes (what the table shows is ``round_view``)."""
        bids = self.draft.get("bids") if self.draft is not None else None
        player = self.round.player(seat) if self.round is not None else None
        if not isinstance(bids, list) or player is None or not 0 <= player < len(bids):
            return None
        bid = bids[player]
        return bid if isinstance(bid, int) and not isinstance(bid, bool) else None

    @property
    def round_view(self) -> RoundView | None:
        """The round being entered as the sheet would show it so far."""
        if self.round is None or self.draft is None:
            return None
        view = self.record.rules.draft_view(self.round, self.draft)
        return spread_view(view, self.round, len(self.record.players))

    @property
    def round_count(self) -> int | None:
        """How many rounds the game has as things stand (a new plan says), or None
        where it plays to a score."""
        record, rules = self.record, self.record.rules
        seating = self.seating if self.round is not None else None
        if seating is None and record.rounds:
            seating = record.seating(len(record.rounds) - 1)
        if seating is not None and seating.plan is not None:
            return None if rules.repeats_hands else seating.plan.last
        return rules.round_count(record.base)

    @property
    def round_label(self) -> str:
        """ "Round 3 of 19", or "Round 3, to 100" where the game plays to a score."""
        if self.correcting is not None:
            return Message("heading_correcting", number=self.correcting)
        number = len(self.record.rounds) + (0 if self.finished else 1)
        if self.record.stopped:
            return Message("heading_stopped", number=number)
        count = self.round_count
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
            if step.kind == answer.kind:
                return step.entry(answer, rng)
        seat = read_number(answer.seat)
        if answer.kind == StepKind.BID.value and seat is not None and self.sealed:
            # Sealed, a bid once the bids are shown is refused saying they stand.
            return self._bid_step(seat).entry(answer, rng)
        return self.step.entry(answer, rng)  # refused: not the kind asked for

    def taps(self, answer: Answer) -> tuple[Answer, ...]:
        """The taps ``answer`` stands for, in turn: its own, or a grid's (``GameRules.taps``),
        then each step it answers with nothing (``Answer.then``)."""
        taps: tuple[Answer, ...] = (answer,)
        if self.round is not None and self.draft is not None:
            taps = self.record.rules.taps(self.round, self.draft, answer)
        return (*taps, *(Answer(kind) for kind in answer.then))


def play_answer(current: Table, answer: Answer, rng: random.Random) -> Table:
    """The table after ``answer``, as the table posted it: each tap it stands for
    (``Table.taps``) read by the step on offer (``Table.entry``) and played in turn, as
    if tapped alone. One refused (a RulesError), and none is entered."""
    for tap in current.taps(answer):
        current = play(current, current.entry(tap, rng))
    return current


def _name(record: Record, seat: int | None) -> str:
    players = record.players
    return players[seat] if seat is not None and 0 <= seat < len(players) else "?"


def outward(step: Step, ctx: RoundContext) -> Step:
    """A step of the round's seated players as the table asks it: the record's seats."""
    if not ctx.seats:
        return step
    return replace(
        step,
        seat=None if step.seat is None else ctx.seat(step.seat),
        seats=tuple(ctx.seat(p) for p in step.seats),
        may_change=tuple(ctx.seat(p) for p in step.may_change),
    )


def inward(entry: Entry, ctx: RoundContext, record: Record) -> Entry:
    """An entry made at the table (the record's seats) for the round's seated players."""
    if not ctx.seats or entry.seat is None:
        return entry
    player = ctx.player(entry.seat)
    if player is None:
        raise RulesError(Message("not_at_table", player=_name(record, entry.seat)))
    return replace(entry, seat=player)


def _outward_entry(entry: Entry, ctx: RoundContext) -> Entry:
    if not ctx.seats or entry.seat is None:
        return entry
    return replace(entry, seat=ctx.seat(entry.seat))


def _split(pending: Sequence[Entry]) -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
    """The changes made before the round (who leaves, comes back or joins, a new plan),
    which come first, and the round's own entries."""
    count = 0
    while count < len(pending) and pending[count].kind in CHANGES:
        count += 1
    changes, entries = tuple(pending[:count]), tuple(pending[count:])
    if any(entry.kind in CHANGES for entry in entries):
        raise RulesError(Message("change_between_rounds"))
    return changes, entries


def _upcoming(record: Record, pending: Sequence[Entry]) -> Seating:
    """The round to come, with the changes made before it (``pending``'s first)."""
    changes = _split(pending)[0]
    following = record.seating(len(record.rounds))
    if not changes:
        return following
    rules, count = record.rules, len(record.players)
    seated, starts, plan = set(following.seated), {}, None
    for change in changes:
        seat = change.seat if change.seat is not None else -1
        if change.kind == "leave":
            seated.discard(seat)
        elif change.kind in ("back", "join"):
            seated.add(seat)
            if change.kind == "join":
                starts[seat] = _join_start(change)
        elif change.kind == "plan":
            plan = tuple(change.value) if isinstance(change.value, list | tuple) else None
    seats = tuple(sorted(s for s in seated if 0 <= s < count))
    check_table_size(rules, len(seats))
    index = len(record.rounds)
    played = record.lineup.played
    last = record.seating(index - 1)
    if plan is None and seats != last.seated:
        plan = proposed_plan(rules, record.base, last.plan, index, len(seats))
    new_plan = Plan(index, check_plan(rules, list(plan), len(seats))) if plan else None
    newcomers = tuple((s, starts.get(s, 0)) for s in seats if s not in played)
    return Seating(
        index,
        seats,
        next_dealer(last.dealer, seats, count),
        new_plan.sizes[0] if new_plan else following.hand_size,
        new_plan or following.plan,
        new_plan is not None,
        newcomers,
    )


def _join_start(change: Entry) -> int:
    value = change.value if isinstance(change.value, dict) else {}
    return check_start(value.get("start", 0))


def _current(record: Record, sheet: Sheet, pending: Sequence[Entry]) -> RoundContext | None:
    if sheet.finished:
        return None
    if not record.rounds or not pending or pending[0].kind not in CHANGES:
        return context(record, len(record.rounds), sheet.totals, sheet.carried)
    return round_context(record.rules, record.setup, _upcoming(record, pending), sheet.totals)


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
        ctx = _current(record, sheet, pending)
    if ctx is None:
        if pending:
            raise RulesError(Message("game_over"))
        winners = names_and([record.players[s] for s in sheet.winners])
        return Table(
            record, sheet, (), None, None, Step(StepKind.OVER, Message("won", winners=winners))
        )
    rules = record.rules
    draft, run = _replayed(record, ctx, _split(pending)[1])
    step = outward(rules.next_step(ctx, draft), ctx)
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
    """The round's draft after ``entries`` (the round's own, the record's seats), and how
    many of the last of them the tap before them forced (as ``play`` entered them):
    Undo takes those back with it."""
    rules = record.rules
    earlier = record.rounds[: ctx.index] if not ctx.seats else ()
    drafts = [rules.begin(ctx, earlier)]
    played = [inward(entry, ctx, record) for entry in entries]
    for entry in played:
        drafts.append(rules.enter(ctx, drafts[-1], entry))
    # Counted back from the last entry, where Undo looks: most taps force nothing, so
    # one step is asked again, not one for every entry (a round's first is a tap).
    run = 0
    for number in range(len(played) - 1, 0, -1):
        if forced(rules.next_step(ctx, drafts[number])) != played[number]:
            break
        run += 1
    return drafts[-1], run


def _entries(record: Record, ctx: RoundContext, index: int) -> list[Entry]:
    """The entries that, made at the table, give round ``index`` of the record (the
    record's seats)."""
    played = compact(record.rules, record.rounds[index], record.seating(index), record.players)
    return [_outward_entry(e, ctx) for e in record.rules.entries(ctx, played)]


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
    A change to the table between rounds (``CHANGES``, ``STOP``) is made here too.
    """
    if entry.kind in CHANGES or entry.kind == STOP:
        return change(current, entry)
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
        return replace(current, pending=pending, draft=draft, step=shown, forced=run, ended_by=None)
    finished = rules.to_round(ctx, draft)
    if current.correcting is not None:
        # The round's seats stay as the record holds them (replace_round keeps them).
        seating = record.seating(current.correcting - 1)
        corrected = expand(rules, finished, seating, len(record.players), True)
        return table(replace_round(record, current.correcting, corrected))
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


# The steps that ask one player for a number: one allowed alone is entered, not asked.
FORCED = (StepKind.BID, StepKind.TRICKS)


def forced(step: Step) -> Entry | None:
    """The entry a step allows alone, if it asks one player for a number and every
    value but one is refused (a 1-card round's dealer under the hook; Abracadabra's
    cards of a bid suit in no trick taken); else None."""
    if (step.kind not in FORCED and not step.forcible) or step.seat is None:
        return None
    if step.may_change:  # sealed bids going round: no bid is given for a player
        return None
    if step.seats and step.seats != (step.seat,):
        return None
    allowed = [choice.value for choice in step.choices if choice.allowed]
    if len(allowed) != 1 or not allowed[0].isdigit():
        return None
    return Entry(str(step.kind), step.seat, int(allowed[0]))


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


def last_entry(current: Table) -> Entry | None:
    """What Undo takes back: the round's last tap, or the last round's own last one
    (the entries that tap forced go with it, unnamed); a change to the table; a stop.

    None where Undo takes back no entry: nothing is entered yet, or a correction
    with nothing entered again (Undo then cancels it).
    """
    record = current.record
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


# --- Players come and go, the plan changes, the table stops ---------------------


def change(current: Table, entry: Entry) -> Table:
    """The table after a change made between two rounds: a player leaves (``leave``),
    comes back (``back``), joins (``join``: the value holds the name and the starting
    total, the seat the place they take), a new plan (``plan``), or the table stops
    (``stop``). Refused in the players' words where the rules do not allow it."""
    record = current.record
    if entry.kind == STOP:
        if not current.may_stop:
            raise RulesError(_why_not_now(current, "change_stop_when"))
        return table(record.with_stop(True))
    if not current.may_change_seats:
        if not record.rules.seats_apart:
            raise RulesError(Message("change_not_in_game", game=Term(record.rules.title)))
        raise RulesError(_why_not_now(current, "change_when"))
    seating = current.seating
    assert seating is not None  # a round to come: may_change_seats
    if entry.kind == "join":
        return join(current, entry)
    seat = entry.seat
    if entry.kind == "plan":
        check_plan(record.rules, entry.value, len(seating.seated))
        return table(record, (*current.pending, Entry("plan", None, list(entry.value))))
    if seat is None or not 0 <= seat < len(record.players):
        raise RulesError(Message("not_a_seat", seat=written(seat)))
    name = record.players[seat]
    if entry.kind == "leave" and seat not in seating.seated:
        raise RulesError(Message("change_not_seated", player=name))
    if entry.kind == "back":
        if seat in seating.seated:
            raise RulesError(Message("change_seated_already", player=name))
        if seat not in record.lineup.played:
            raise RulesError(Message("change_never_played", player=name))
    after = (*current.pending, Entry(entry.kind, seat))
    _check_table(record, after)
    return table(record, after)


def _why_not_now(current: Table, code: str) -> Message:
    if current.round is None:
        return Message("game_over")
    if current.correcting is not None:
        return Message("change_correcting", number=current.correcting)
    if not current.record.rounds:
        return Message("change_first_round")
    return Message(code)


def _check_table(record: Record, pending: Sequence[Entry]) -> None:
    """Refuse changes that leave the table with too few or too many players, or a
    plan that deals them more cards than the pack holds."""
    rules = record.rules
    seats = _upcoming_seats(record, pending)
    if len(seats) < rules.min_players:
        raise RulesError(
            Message(
                "change_too_few", count=len(seats), game=Term(rules.title), least=rules.min_players
            )
        )
    if len(seats) > rules.max_players:
        raise RulesError(
            Message(
                "change_too_many", count=len(seats), game=Term(rules.title), most=rules.max_players
            )
        )
    _upcoming(record, pending)


def _upcoming_seats(record: Record, pending: Sequence[Entry]) -> tuple[int, ...]:
    seated = set(record.seating(len(record.rounds)).seated)
    for change in _split(pending)[0]:
        if change.kind == "leave":
            seated.discard(change.seat if change.seat is not None else -1)
        elif change.kind in ("back", "join") and change.seat is not None:
            seated.add(change.seat)
    return tuple(sorted(seated))


def join(current: Table, entry: Entry) -> Table:
    """A new player joins at the table: ``entry.seat`` is the place they take (the
    players from that seat on move one seat along), ``entry.value`` their name and
    starting total ({"name": "Eva", "start": 0})."""
    record = current.record
    value = entry.value if isinstance(entry.value, dict) else {}
    name = check_name(value.get("name"))
    start = check_start(value.get("start", 0))
    place = entry.seat
    count = len(record.players)
    if place is None or not 0 <= place <= count:
        raise RulesError(Message("join_place", last=count))
    if count >= MOST_PLAYERS:
        raise RulesError(Message("join_most_players", most=MOST_PLAYERS))
    if name.casefold() in {p.casefold() for p in record.players}:
        raise RulesError(Message("record_same_name", name=name))
    joined, pending = insert_seat(record, current.pending, place, name)
    after = (*pending, Entry("join", place, {"name": name, "start": start}))
    _check_table(joined, after)
    return table(joined, after)


def insert_seat(
    record: Record, pending: Sequence[Entry], place: int, name: str
) -> tuple[Record, tuple[Entry, ...]]:
    """The record with ``name`` at seat ``place`` (seats from ``place`` on move one
    along, in every round), not seated in any round yet; ``pending``'s seats moved too."""
    count = len(record.players)

    def moved(seat: int) -> int:
        return seat + 1 if seat >= place else seat

    rounds = []
    for index, rnd in enumerate(record.rounds):
        seated = record.seating(index).seated
        out: dict[str, Any] = {"seated": [moved(s) for s in seated]}
        for key, value in rnd.items():
            if key == "seated":
                continue
            if isinstance(value, list) and len(value) == count and key != "plan":
                value = [*value[:place], None, *value[place:]]
            out[key] = value
        rounds.append(out)
    players = (*record.players[:place], name, *record.players[place:])
    joined = _rebuilt(record, players, moved(record.first_dealer), rounds)
    return joined, tuple(_moved_entry(e, moved) for e in pending)


def remove_seat(
    record: Record, pending: Sequence[Entry], seat: int
) -> tuple[Record, tuple[Entry, ...]]:
    """The record without the player at ``seat``, who never took part in a round (Undo
    of a join); seats after it move one back, in every round and in ``pending``."""

    def moved(other: int) -> int:
        return other - 1 if other > seat else other

    count = len(record.players)
    rounds = []
    for index, rnd in enumerate(record.rounds):
        seated = [moved(s) for s in record.seating(index).seated if s != seat]
        out: dict[str, Any] = {"seated": seated}
        for key, value in rnd.items():
            if key == "seated":
                continue
            if isinstance(value, list) and len(value) == count and key != "plan":
                value = [*value[:seat], *value[seat + 1 :]]
            out[key] = value
        rounds.append(out)
    players = (*record.players[:seat], *record.players[seat + 1 :])
    everyone = list(range(len(players)))
    if all(rnd["seated"] == everyone for rnd in rounds):
        rounds = [{k: v for k, v in rnd.items() if k != "seated"} for rnd in rounds]
    removed = _rebuilt(record, players, moved(record.first_dealer), rounds)
    return removed, tuple(_moved_entry(e, moved) for e in pending)


def _moved_entry(entry: Entry, moved: Any) -> Entry:
    return entry if entry.seat is None else replace(entry, seat=moved(entry.seat))


def _rebuilt(
    record: Record, players: tuple[str, ...], first_dealer: int, rounds: list[dict[str, Any]]
) -> Record:
    return Record(
        record.game,
        players,
        first_dealer,
        record.options,
        tuple(rounds),
        record.played_at,
        stopped=record.stopped,
    )


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
    return Message("entry_last")


def places(sheet: Sheet) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """A finished game's podium: (place, seats) from first to last, ties sharing a place.

    The winners are first, as the rules name them (Boerenbridge's exactly 100);
    everyone else follows by total, highest first.
    """
    if not sheet.finished:
        return ()
    # Only the players at the table in the last round are placed: one who left earlier
    # keeps their total on the sheet, unranked (RULINGS, "Winners").
    ranked = sheet.ranked
    rest = sorted({sheet.totals[s] for s in ranked if s not in sheet.winners}, reverse=True)
    podium = [(1, tuple(sheet.winners))] if sheet.winners else []
    ahead = len(sheet.winners)
    for total in rest:
        seats = tuple(s for s in ranked if sheet.totals[s] == total and s not in sheet.winners)
        podium.append((ahead + 1, seats))
        ahead += len(seats)
    return tuple(podium)
