"""Scoring a record: every round's scores, the running totals, the end and the winners."""

from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from typing import Any

from .core import PaperRow, Round, RoundContext, RoundView, Setup, plain_paper_row
from .errors import RulesError
from .messages import Message
from .record import MOST_ROUNDS, TOO_MANY_ROUNDS, Record


@dataclass(frozen=True)
class ScoredRound:
    number: int
    dealer: int
    hand_size: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    view: RoundView
    # Set only by ``review``: why this round needs attention after a correction.
    problem: str | None = None

    @property
    def leaders(self) -> tuple[int, ...]:
        top = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == top)

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hand_size": self.hand_size,
            "scores": list(self.scores),
            "totals": list(self.totals),
        }


@dataclass(frozen=True)
class Sheet:
    """The score sheet of a record, as the rules work it out."""

    game: str
    players: tuple[str, ...]
    rounds: tuple[ScoredRound, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]

    @property
    def problems(self) -> tuple[ScoredRound, ...]:
        return tuple(r for r in self.rounds if r.problem is not None)

    @property
    def leaders(self) -> tuple[int, ...]:
        if not self.rounds:
            return ()
        return self.rounds[-1].leaders

    def to_json(self) -> dict[str, Any]:
        """The document ``python -m rules_engine score`` prints."""
        return {
            "game": self.game,
            "players": list(self.players),
            "rounds": [r.to_json() for r in self.rounds],
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
        }


def context(record: Record, index: int, totals_before: tuple[int, ...]) -> RoundContext:
    setup = record.setup
    return RoundContext(setup, index, record.rules.hand_size(setup, index), totals_before)


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
    """The memo's key for a round, or None for one that cannot be written as JSON."""
    try:
        entered = json.dumps(rnd, sort_keys=True)
        options = tuple(sorted(setup.options.items()))
        key = (setup.game, options, setup.players, setup.first_dealer, ctx.index, entered)
        hash(key)
    except (TypeError, ValueError):
        return None
    return key + (ctx.hand_size, ctx.totals_before)


def check_new_round(record: Record, ctx: RoundContext, rnd: Round) -> None:
    """Refuse a finished round that would break a rule as the next round of ``record``
    (a RulesError), and keep what it scores: the sheet of the record it makes then
    goes on from it without checking the round a second time."""
    rules = record.rules
    rules.check_round(ctx, rnd)
    key = _kept_key(record.setup, ctx, rnd)
    if key is None or _recall(key) is not None:
        return
    scores = rules.score_round(ctx, rnd)
    if len(scores) == record.setup.n:  # else the sheet says what is wrong with it
        _keep(key, (scores, rules.view(ctx, rnd)))


def _unplayable(index: int, dealer: int, totals: tuple[int, ...], problem: str) -> ScoredRound:
    unknown = tuple("?" for _ in totals)
    return ScoredRound(
        index + 1, dealer, 0, tuple(0 for _ in totals), totals, RoundView(unknown, unknown), problem
    )


def _work_out(record: Record, strict: bool) -> Sheet:
    rules = record.rules
    setup = record.setup
    # A record that extends another by appended rounds goes on from the other's
    # sheet, worked out the same way: its rounds are this record's first rounds.
    before = _earlier_sheet(record, strict)
    if before is None:
        totals = tuple(0 for _ in setup.players)
        finished = rules.is_over(setup, 0, totals)
        scored: list[ScoredRound] = []
    else:
        totals, finished, scored = before.totals, before.finished, list(before.rounds)
    start = len(scored)
    for index, rnd in enumerate(record.rounds[start:], start=start):
        if index >= MOST_ROUNDS:
            # A record read from a file is refused whole before this (parse_record).
            if strict:
                raise RulesError(TOO_MANY_ROUNDS, index + 1)
            scored.append(_unplayable(index, setup.dealer(index), totals, TOO_MANY_ROUNDS))
            continue
        if finished:
            over = RulesError(Message("over_before_round"), index + 1)
            if strict:
                raise over
            scored.append(_unplayable(index, setup.dealer(index), totals, over.message))
            continue
        ctx = context(record, index, totals)
        key = _kept_key(setup, ctx, rnd)
        kept = _recall(key) if key is not None else None
        if kept is not None:
            scores, view = kept
            totals = tuple(
                rules.new_total(t, s, setup) for t, s in zip(totals, scores, strict=True)
            )
            scored.append(ScoredRound(ctx.number, ctx.dealer, ctx.hand_size, scores, totals, view))
            finished = rules.is_over(setup, index + 1, totals)
            continue
        problem: str | None = None
        try:
            rules.check_round(ctx, rnd)
        except RulesError as error:
            if strict:
                raise error.in_round(ctx.number) from None
            problem = error.message
        try:
            scores = rules.score_round(ctx, rnd)
            view = rules.view(ctx, rnd)
            if len(scores) != setup.n:
                raise RulesError(Message("round_scores_for", scores=len(scores), players=setup.n))
        except (RulesError, LookupError, TypeError, ValueError):
            if strict:
                raise
            # Only in review, for a round whose shape is broken: it counts for
            # nothing until it is corrected.
            unreadable = problem or Message("round_unreadable")
            scored.append(_unplayable(index, ctx.dealer, totals, unreadable))
            continue
        if problem is None and key is not None:
            _keep(key, (scores, view))
        totals = tuple(rules.new_total(t, s, setup) for t, s in zip(totals, scores, strict=True))
        scored.append(
            ScoredRound(ctx.number, ctx.dealer, ctx.hand_size, scores, totals, view, problem)
        )
        finished = rules.is_over(setup, index + 1, totals)
    winners = rules.winners(setup, totals) if finished else ()
    return Sheet(rules.key, setup.players, tuple(scored), totals, finished, winners)


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
    for index, scored in enumerate(review(record).rounds):
        row = plain_paper_row(rules, scored.view, len(record.players))
        if scored.problem is None:
            row = rules.paper_row(context(record, index, totals), record.rounds[index], scored.view)
        rows.append(row)
        totals = scored.totals
    return tuple(rows)
