"""Lucky Trick: a game of the tests' own, registered by them alone (``rules_engine.register``).

It shows what a new game costs: this module (its rules, its own kind of step, its own
words and how Undo names its entry) and a line in rules_engine/games.py, which the
tests replace with ``register``; no template, view or form of the app changes. Bids and
tricks as Oh Hell has them, one round each of 1, 2 and 3 cards, no hook; then who took
the lucky trick (the last one played), which is worth 5 points more.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import replace

from rules_engine import (
    Choice,
    Draft,
    Entry,
    Message,
    RoundContext,
    RoundView,
    RulesError,
    Setup,
    Step,
)
from rules_engine import StepKind as Shared
from rules_engine.bidding import BiddingInTurn
from rules_engine.core import Round
from rules_engine.messages import add

HANDS = (1, 2, 3)
LUCKY_POINTS = 5

MESSAGES = add(
    {
        "lucky_prompt": "Who took the lucky trick?",
        "lucky_entry": "the lucky trick, taken by {player}",
        "lucky_no_trick": "{player} took no trick, so not the lucky one",
        "lucky_note": "{player} took the lucky trick",
    }
)


class LuckyStep(enum.StrEnum):
    LUCKY = "lucky"  # who took the lucky trick


class LuckyTrick(BiddingInTurn):
    """Oh Hell's bids and tricks over three short rounds, and a lucky trick."""

    key = "lucky-trick"
    title = "Lucky Trick"
    summary = "Bid your tricks exactly; the lucky trick is worth 5 more."
    min_players = 3
    max_players = 5
    hooked = False
    messages = MESSAGES
    kinds = tuple(LuckyStep)

    def hand_size(self, setup: Setup, index: int) -> int:
        return HANDS[index]

    def round_count(self, setup: Setup) -> int:
        return len(HANDS)

    def start(self, ctx: RoundContext) -> Draft:
        return {**super().start(ctx), "lucky": None}

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        step = super().next_step(ctx, draft)
        if step.kind is not Shared.COMPLETE or draft.get("lucky") is not None:
            return step
        choices = tuple(
            Choice(
                str(seat),
                ctx.name(seat),
                None if draft["tricks"][seat] else Message("lucky_no_trick", player=ctx.name(seat)),
            )
            for seat in range(ctx.n)
        )
        return Step(LuckyStep.LUCKY, Message("lucky_prompt"), None, choices)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if entry.kind != LuckyStep.LUCKY:
            return super().enter(ctx, draft, entry)
        step = self.next_step(ctx, draft)
        if step.kind is not LuckyStep.LUCKY:
            raise RulesError(Message("not_yet_next", prompt=step.prompt))
        return {**draft, "lucky": int(step.choice(entry.value).value)}

    def extra_fields(self) -> tuple[str, ...]:
        return ("trump", "lucky")

    def entries(self, ctx: RoundContext, rnd: Round) -> list[Entry]:
        entries = super().entries(ctx, rnd)
        return entries + ([Entry(LuckyStep.LUCKY, None, rnd["lucky"])] if "lucky" in rnd else [])

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        return tricks + (10 if bid == tricks else 0)

    def score_round(self, ctx: RoundContext, rnd: Round) -> tuple[int, ...]:
        scores = super().score_round(ctx, rnd)
        return tuple(
            score + (LUCKY_POINTS if seat == rnd["lucky"] else 0)
            for seat, score in enumerate(scores)
        )

    def view(self, ctx: RoundContext, rnd: Round) -> RoundView:
        view = super().view(ctx, rnd)
        note = Message("lucky_note", player=ctx.name(rnd["lucky"]))
        return replace(view, notes=(note,))

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        if entry.kind == LuckyStep.LUCKY and isinstance(entry.value, int):
            return Message("lucky_entry", player=players[entry.value])
        return None
