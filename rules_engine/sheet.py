"""Scoring a record: every round's scores, the running totals, the end and the winners."""

from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from .core import PaperRow, Round, RoundContext, RoundView, Setup, highest, plain_paper_row
from .errors import RulesError
from .messages import Message
from .record import MOST_ROUNDS, TOO_MANY_ROUNDS, Record
from .seating import compact, round_context, seats_apart, spread
from .teams import Partnerships


@dataclass(frozen=True)
class ScoredRound:
    number: int
    dealer: int
    hand_size: int
    # None for a player not seated in the round (RULINGS, "Players come and go"),
    # whose total stands still.
    scores: tuple[int | None, ...]
    totals: tuple[int, ...]
    view: RoundView
    # Set only by ``review``: why this round needs attention after a correction.
    problem: str | None = None
    # The seats taking part in the round, where only some did (empty: everyone).
    seated: tuple[int, ...] = ()
    # What the game carries over to the next round (``GameRules.carried``: Spades' bags).
    carried: tuple[int, ...] = ()

    @property
    def points(self) -> tuple[int, ...]:
        """Each player's score, 0 for a player not seated (whose total stands still)."""
        return tuple(0 if score is None else score for score in self.scores)

    def at_table(self, seat: int) -> bool:
        """Whether ``seat`` took part in this round."""
        return not self.seated or seat in self.seated

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players seated in the round on the highest total."""
        seats = self.seated or tuple(range(len(self.totals)))
        top = max(self.totals[s] for s in seats)
        return tuple(seat for seat in seats if self.totals[seat] == top)

    def to_json(
        self, apart: bool = False, teams: Partnerships | None = None, carried_as: str = ""
    ) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if apart:
            data["seated"] = list(self.seated or range(len(self.totals)))
        data.update(
            {
                "dealer": self.dealer,
                "hand_size": self.hand_size,
                "scores": list(self.scores),
                "totals": list(self.totals),
            }
        )
        if teams is not None:
            data["team_scores"] = list(teams.team_scores(self.scores))
        if carried_as:
            data[carried_as] = list(self.carried)
        return data


@dataclass(frozen=True)
class Sheet:
    """The score sheet of a record, as the rules work it out."""

    game: str
    players: tuple[str, ...]
    rounds: tuple[ScoredRound, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    # Whether the record seats players apart: its rounds then say who was seated.
    apart: bool = False
    # The table stopped the game (RULINGS, "Stopping").
    stopped: bool = False
    # The teams of a game played by partners (rules_engine/teams.py), and the name of
    # what its rounds carry over (``GameRules.carried_as``: "bags").
    teams: Partnerships | None = None
    carried_as: str = ""

    @property
    def carried(self) -> tuple[int, ...]:
        """What the last round carried over to the next (nothing before the first)."""
        return self.rounds[-1].carried if self.rounds else ()

    @property
    def problems(self) -> tuple[ScoredRound, ...]:
        return tuple(r for r in self.rounds if r.problem is not None)

    @property
    def leaders(self) -> tuple[int, ...]:
        if not self.rounds:
            return ()
        return self.rounds[-1].leaders

    @property
    def ranked(self) -> tuple[int, ...]:
        """The players who are placed: those seated in the last round (a player who
        left earlier keeps their total on the sheet, and is not ranked)."""
        if not self.rounds or not self.rounds[-1].seated:
            return tuple(range(len(self.players)))
        return self.rounds[-1].seated

    def to_json(self) -> dict[str, Any]:
        """The document ``python -m rules_engine score`` prints."""
        document: dict[str, Any] = {"game": self.game, "players": list(self.players)}
        if self.teams is not None:
            document["teams"] = [list(team) for team in self.teams.teams]
        document.update(
            {
                "rounds": [r.to_json(self.apart, self.teams, self.carried_as) for r in self.rounds],
                "totals": list(self.totals),
                "finished": self.finished,
                "winners": list(self.winners),
            }
        )
        return document


def context(
    record: Record, index: int, totals_before: tuple[int, ...], carried: tuple[int, ...] = ()
) -> RoundContext:
    """Round ``index`` as its seated players see it, the totals before it given for
    every player (and what the rounds before carried over, ``GameRules.carried``)."""
    ctx = round_context(record.rules, record.setup, record.seating(index), totals_before)
    return replace(ctx, carried=carried) if carried else ctx


def spread_view(view: RoundView, ctx: RoundContext, count: int) -> RoundView:
    """A round's view of its seated players, as one for every player (blank for the others)."""
    if not ctx.seats:
        return view
    seats = ctx.seats

    def each(values: tuple[Any, ...], empty: Any) -> tuple[Any, ...]:
        return spread(values, seats, count, empty) if values else values

    return RoundView(
        each(view.bids, ""),
        each(view.tricks, ""),
        view.notes,
        each(view.made, None),
        each(view.breakdown, ""),
        each(view.counts, None),
        None if view.declarer is None else ctx.seat(view.declarer),
    )


# Rounds already worked out, that kept every rule: (scores, view) by everything the
# rules read (the setup, the round's place and the totals before it, what was
# entered). The web app works a whole game out again at every tap, so without
# this a game's cost grows with its rounds. When full, the round used longest ago
# makes room (the games being played stay kept); values are frozen.
_KEPT: OrderedDict[Hashable, tuple[tuple[int, ...], RoundView]] = OrderedDict()
_KEPT_MOST = 20_000


def _recall(key: Hashable) -> tuple[tuple[int, ...], RoundView] | None:
    """A kept round, now the most recently used."""
    kept = _KEPT.get(key)
    if kept is not None:
        # Another thread may have made room meanwhile: then it is simply not kept.
        with suppress(KeyError):
            _KEPT.move_to_end(key)
    return kept


def _keep(key: Hashable, worked_out: tuple[tuple[int, ...], RoundView]) -> None:
    _KEPT[key] = worked_out
    while len(_KEPT) > _KEPT_MOST:
        with suppress(KeyError):
            _KEPT.popitem(last=False)


def _kept_key(setup: Setup, ctx: RoundContext, rnd: Round) -> Hashable | None:
    """The memo's key for a round (as its seated players see it: ``ctx``'s setup), or
    None for one that cannot be written as JSON."""
    setup = ctx.setup
    try:
        entered = json.dumps(rnd, sort_keys=True)
        options = tuple(sorted(setup.options.items()))
        key = (setup.game, options, setup.players, setup.first_dealer, ctx.index, entered)
        hash(key)
    except (TypeError, ValueError):
        return None
    return key + (ctx.hand_size, ctx.totals_before, ctx.dealer, ctx.carried)


def check_new_round(record: Record, ctx: RoundContext, rnd: Round) -> None:
    """Refuse a finished round that would break a rule as the next round of ``record``
    (a RulesError), and keep what it scores: the sheet of the record it makes then
    goes on from it without checking the round a second time.

    ``rnd`` is the round of the seated players (``ctx``'s), as the rules give it.
    """
    rules = record.rules
    rules.check_round(ctx, rnd)
    key = _kept_key(record.setup, ctx, rnd)
    if key is None or _recall(key) is not None:
        return
    scores = rules.score_round(ctx, rnd)
    if len(scores) == ctx.n:  # else the sheet says what is wrong with it
        _keep(key, (scores, rules.view(ctx, rnd)))


def _unplayable(
    index: int,
    dealer: int,
    totals: tuple[int, ...],
    problem: str,
    seated: tuple[int, ...] = (),
    carried: tuple[int, ...] = (),
) -> ScoredRound:
    unknown = tuple("?" if not seated or s in seated else "" for s in range(len(totals)))
    scores = tuple(0 if not seated or s in seated else None for s in range(len(totals)))
    return ScoredRound(
        index + 1, dealer, 0, scores, totals, RoundView(unknown, unknown), problem, seated, carried
    )


def _after(
    record: Record, ctx: RoundContext, totals: tuple[int, ...], scores: tuple[int, ...]
) -> tuple[int, ...]:
    """The running totals after a round: each seated player's from their total before
    it (a newcomer's starting total); everyone else's stands still."""
    rules, setup = record.rules, record.setup
    if not ctx.seats and not record.apart:
        return tuple(rules.new_total(t, s, setup) for t, s in zip(totals, scores, strict=True))
    after = list(totals)
    for player, (before, score) in enumerate(zip(ctx.totals_before, scores, strict=True)):
        after[ctx.seat(player)] = rules.new_total(before, score, setup)
    return tuple(after)


def _over(record: Record, ctx: RoundContext, played: int, totals: tuple[int, ...]) -> bool:
    """Whether the game is over after round ``ctx`` (``played`` rounds): by its rules,
    or by the plan in force, for the players seated in that round."""
    rules = record.rules
    if not record.apart:
        return rules.is_over(record.setup, played, totals)
    seating = record.seating(ctx.index)
    if seating.plan is not None and not rules.repeats(record.setup.options):
        return played >= seating.plan.last
    seated = tuple(totals[s] for s in seating.seated)
    return rules.is_over(record.lineup.base, played, seated)


def _winners(
    record: Record, scored: list[ScoredRound], totals: tuple[int, ...], over: bool
) -> tuple[int, ...]:
    """The winners among the players seated in the last round: as the rules name them
    once the game is over, else (the table stopped it) the highest total."""
    rules = record.rules
    seats = scored[-1].seated if scored and scored[-1].seated else tuple(range(len(totals)))
    seated = tuple(totals[s] for s in seats)
    base = record.lineup.base if record.apart else record.setup
    found = rules.winners(base, seated) if over else ()
    if not found:
        found = highest(seated)
    return tuple(seats[s] for s in found)


def _work_out(record: Record, strict: bool) -> Sheet:
    rules = record.rules
    setup = record.setup
    # A record that extends another by appended rounds goes on from the other's
    # sheet, worked out the same way: its rounds are this record's first rounds.
    before = _earlier_sheet(record, strict)
    if before is None:
        totals = tuple(0 for _ in setup.players)
        finished = not record.apart and rules.is_over(setup, 0, totals)
        scored: list[ScoredRound] = []
        carried: tuple[int, ...] = ()
    else:
        totals, finished, scored = before.totals, before.finished, list(before.rounds)
        carried = before.carried
    count = len(setup.players)
    start = len(scored)
    for index, rnd in enumerate(record.rounds[start:], start=start):
        seating = record.seating(index)
        seated = seating.seated if record.apart else ()
        dealer = seating.dealer
        if index >= MOST_ROUNDS:
            # A record read from a file is refused whole before this (parse_record).
            if strict:
                raise RulesError(TOO_MANY_ROUNDS, index + 1)
            scored.append(_unplayable(index, dealer, totals, TOO_MANY_ROUNDS, seated, carried))
            continue
        if finished:
            over = RulesError(Message("over_before_round"), index + 1)
            if strict:
                raise over
            scored.append(_unplayable(index, dealer, totals, over.message, seated, carried))
            continue
        ctx = context(record, index, totals, carried)
        try:
            played = compact(rules, rnd, seating, setup.players)
        except RulesError as error:
            if strict:
                raise error.in_round(ctx.number) from None
            scored.append(_unplayable(index, dealer, totals, error.message, seated, carried))
            continue
        key = _kept_key(setup, ctx, played)
        kept = _recall(key) if key is not None else None
        problem: str | None = None
        if kept is not None:
            scores, view = kept
        else:
            try:
                rules.check_round(ctx, played)
            except RulesError as error:
                if strict:
                    raise error.in_round(ctx.number) from None
                problem = error.message
            try:
                scores = rules.score_round(ctx, played)
                view = rules.view(ctx, played)
                if len(scores) != ctx.n:
                    raise RulesError(Message("round_scores_for", scores=len(scores), players=ctx.n))
            except (RulesError, LookupError, TypeError, ValueError):
                if strict:
                    raise
                # Only in review, for a round whose shape is broken: it counts for
                # nothing until it is corrected.
                unreadable = problem or Message("round_unreadable")
                scored.append(_unplayable(index, dealer, totals, unreadable, seated, carried))
                continue
            if problem is None and key is not None:
                _keep(key, (scores, view))
        totals = _after(record, ctx, totals, scores)
        if problem is None:
            carried = rules.carried(ctx, played)
        scored.append(
            ScoredRound(
                ctx.number,
                dealer,
                ctx.hand_size,
                spread(scores, ctx.seats, count),
                totals,
                spread_view(view, ctx, count),
                problem,
                seated,
                carried,
            )
        )
        finished = _over(record, ctx, index + 1, totals)
    by_rules = finished
    if record.stopped and scored:
        finished = True
    winners = _winners(record, scored, totals, by_rules) if finished else ()
    return Sheet(
        rules.key, setup.players, tuple(scored), totals, finished, winners,
        seats_apart(record.rounds), record.stopped, rules.partnerships(setup), rules.carried_as,
    )  # fmt: skip


class SheetCache:
    """The sheets worked out lately, strict and lenient, by the record they are of.

    A record never changes, and one tap asks for its sheet several times over; a
    record made by appending rounds to a kept one goes on from its sheet (see
    ``Record.made_from``). Found by the record's identity (its rounds are dicts: it
    has no hash), and weakly: a kept sheet holds no record alive, and goes with its
    record. When full, the record used longest ago makes room.
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self._kept: OrderedDict[int, tuple[weakref.ref[Record], dict[bool, Sheet]]] = OrderedDict()
        # Reentrant: a record may go (and its sheets with it) while the cache is in use.
        self._lock = threading.RLock()

    def get(self, record: Record, strict: bool) -> Sheet | None:
        with self._lock:
            found = self._kept.get(id(record))
            # An id is used again once its record is gone: the weak link tells.
            if found is None or found[0]() is not record:
                return None
            self._kept.move_to_end(id(record))
            return found[1].get(strict)

    def keep(self, record: Record, strict: bool, sheet: Sheet) -> None:
        with self._lock:
            found = self._kept.get(id(record))
            if found is None or found[0]() is not record:
                link = weakref.ref(record, partial(self._forget, id(record)))
                found = self._kept[id(record)] = (link, {})
            found[1][strict] = sheet
            self._kept.move_to_end(id(record))
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)

    def _forget(self, key: int, link: weakref.ref[Record]) -> None:
        """A kept record is gone: so are its sheets (unless its id is used again)."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None and found[0] is link:
                del self._kept[key]

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


# A worker serves a few games at once, each asking for a handful of records a tap.
SHEETS = SheetCache(most=256)


def _earlier_sheet(record: Record, strict: bool) -> Sheet | None:
    """The kept sheet of the record this one extends by appended rounds, if any."""
    earlier = record.made_from() if record.made_from is not None else None
    if earlier is None or not record.extends(earlier):
        return None
    return SHEETS.get(earlier, strict)


def _sheet(record: Record, strict: bool) -> Sheet:
    sheet = SHEETS.get(record, strict)
    if sheet is None:
        sheet = _work_out(record, strict)
        SHEETS.keep(record, strict, sheet)
    return sheet


def score(record: Record) -> Sheet:
    """The sheet of a record that keeps every rule, or a RulesError naming the round."""
    return _sheet(record, strict=True)


def review(record: Record) -> Sheet:
    """The sheet of a record whose rounds may need attention after a correction.

    Nothing is changed: a round that breaks a rule keeps what was entered, says
    why in ``problem``, and scores what it can (nothing where it cannot be read).
    """
    return _sheet(record, strict=False)


def paper(record: Record) -> tuple[PaperRow, ...]:
    """Every round of ``review(record)`` as its game's paper score sheet writes it.

    A round that needs attention shows only what was bid and taken: its game's
    own boxes may not be readable until it is corrected.
    """
    rules = record.rules
    rows = []
    totals = tuple(0 for _ in record.players)
    carried: tuple[int, ...] = ()
    count = len(record.players)
    for index, scored in enumerate(review(record).rounds):
        row = plain_paper_row(rules, scored.view, count)
        if scored.problem is None:
            ctx = context(record, index, totals, carried)
            played = compact(rules, record.rounds[index], record.seating(index), record.players)
            seated = rules.paper_row(ctx, played, rules.view(ctx, played))
            seats = spread(seated.seats, ctx.seats, count, tuple("" for _ in rules.seat_boxes))
            row = PaperRow(seated.boxes, seats)
        rows.append(row)
        totals, carried = scored.totals, scored.carried
    return tuple(rows)
