"""Tricks taken, entered one player at a time: shared by the games that bid tricks."""

from __future__ import annotations

from functools import cache

from .checks import players_int, seat_list
from .core import Draft, RoundContext
from .errors import RulesError
from .messages import Message, Term
from .steps import Choice, Entry, Step, StepKind


def tricks_step(ctx: RoundContext, draft: Draft) -> Step:
    """Tricks taken, one player at a time, in bid order; the last one is worked out.

    ``draft["tricks"]`` holds each seat's tricks or None. Every choice above what is
    left of the hand is refused, so the tricks always add up to the hand size.
    """
    tricks: list[int | None] = draft["tricks"]
    seat = next(s for s in ctx.bid_order if tricks[s] is None)
    left = ctx.hand_size - sum(t for t in tricks if t is not None)
    choices = _tricks_choices(ctx.hand_size, left)
    return Step(StepKind.TRICKS, Message("prompt_tricks", player=ctx.name(seat)), seat, choices)


@cache
def _tricks_choices(hand_size: int, left: int) -> tuple[Choice, ...]:
    """The tricks a player may have taken with ``left`` of the hand still to take: asked
    at every step of every replayed round, so made once (a Choice cannot change)."""
    too_many = Message("tricks_left", left=left, hand_size=hand_size)
    return tuple(
        Choice(str(t), str(t), None if t <= left else too_many) for t in range(hand_size + 1)
    )


def enter_tricks(ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
    """Take one player's tricks; with one player left, fill in theirs."""
    step = tricks_step(ctx, draft)
    if entry.seat != step.player:
        raise RulesError(Message("tricks_asked", player=ctx.name(step.player)))
    tricks = list(draft["tricks"])
    tricks[step.player] = int(step.choice(entry.value).value)
    missing = [s for s in range(ctx.n) if tricks[s] is None]
    if len(missing) == 1:
        tricks[missing[0]] = ctx.hand_size - sum(t for t in tricks if t is not None)
    return {**draft, "tricks": tricks}


def tricks_entries(ctx: RoundContext, value: object) -> list[Entry]:
    """The entries that give a round's tricks, after checking they add up."""
    given = seat_list(ctx.setup, value, "tricks")
    tricks = [players_int(t, Term("tricks"), ctx.name(seat)) for seat, t in enumerate(given)]
    for seat, t in enumerate(tricks):
        if t < 0:
            raise RulesError(Message("tricks_negative", player=ctx.name(seat), tricks=t))
    if sum(tricks) != ctx.hand_size:
        raise RulesError(Message("tricks_sum", total=sum(tricks), hand_size=ctx.hand_size))
    return [Entry("tricks", seat, tricks[seat]) for seat in ctx.bid_order[:-1]]
