"""The game at the table: the round being entered and the next step (``Table``).

Entering is in ``entering``, Undo and Redo in ``undo_redo``, players who come and
go in ``coming_and_going``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .core import Draft, RoundContext, RoundView
from .errors import RulesError
from .messages import Message, names_and
from .record import Record
from .seating import (
    Plan,
    Seating,
    check_plan,
    check_start,
    check_table_size,
    compact,
    next_dealer,
    proposed_plan,
    round_context,
    sizes_ahead,
)
from .sheet import Sheet, context, review, spread_view
from .steps import Answer, Die, Entry, Grid, Step, StepKind, read_number

# Entries that change the table between two rounds (RULINGS, "Players come and go"):
# made before the round's first entry, kept with its entries until it ends, and
# taken back by Undo like any tap. "stop" ends the game after its last round.
CHANGES = ("leave", "back", "join", "plan")
STOP = "stop"
# A past round corrected, as Undo and Redo hold it (RULINGS, "Corrections": a
# correction can be undone and redone like any entry): the round's number as its
# seat, the round (as the record holds it) as its value.
CORRECT = "correct"


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
    # The correction just made, as Undo takes it back (``CORRECT``: the round as it
    # was); anything entered after it clears it.
    corrected: Entry | None = None

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
    def totals(self) -> tuple[int, ...]:
        """Each player's total as the table stands: one who has just joined counts as
        their starting total until their first round (the sheet's totals hold 0)."""
        seating = self.seating if self.correcting is None else None
        starts = seating.starts() if seating is not None else {}
        # One who joined and leaves again before playing keeps the start they were given.
        for change in self.changes if self.correcting is None else ():
            if change.kind == "join" and change.seat is not None:
                starts.setdefault(change.seat, _join_start(change))
        return tuple(starts.get(s, total) for s, total in enumerate(self.sheet.totals))

    @property
    def lowest_total(self) -> int:
        """The lowest total among the players at the table: a joiner's start, if chosen."""
        seats = self.seated or tuple(range(len(self.record.players)))
        totals = self.totals
        return min(totals[s] for s in seats)

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
            return None if rules.repeats(record.base.options) else seating.plan.last
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


def standing(
    record: Record,
    pending: Sequence[Entry] = (),
    correcting: int | None = None,
    corrected: Entry | None = None,
) -> Table:
    """The table as stored, even where a correction made an entry of the round in
    progress impossible: then the round shows without its entries and says why in
    ``attention``, rather than dropping anything; Undo gets it going again.
    ``corrected``: the correction made last, which Undo takes back (``CORRECT``)."""
    try:
        current = table(record, pending, correcting)
    except RulesError as broken:
        attention = Message("round_needs_attention", reason=broken.message)
        current = replace(table(record, (), correcting), attention=attention)
    return replace(current, corrected=corrected) if corrected is not None else current


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


def _past(record: Record, number: int) -> RoundContext:
    if not 1 <= number <= len(record.rounds):
        raise RulesError(Message("no_round_to_correct", number=number))
    # The rounds before it, as they were played: a stop comes after the last round, so
    # it ends none of them (RULINGS, "Corrections").
    before = review(record.with_stop(False).with_rounds(record.rounds[: number - 1]))
    if before.finished:
        raise RulesError(Message("over_before_round"), number)
    return context(record, number - 1, before.totals)


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


def left_early(sheet: Sheet) -> tuple[tuple[int, int], ...]:
    """A finished game's players who left before its end, not ranked (RULINGS,
    "Winners"): each seat with the last round they played, in seat order."""
    if not sheet.finished:
        return ()
    left = []
    for seat in range(len(sheet.totals)):
        played = [scored.number for scored in sheet.rounds if scored.at_table(seat)]
        if seat not in sheet.ranked and played:
            left.append((seat, played[-1]))
    return tuple(left)
