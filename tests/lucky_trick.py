"""Lucky Trick: a game of the tests' own, registered by them alone (``rules_engine.register``).

It shows what a new game costs: this module (its rules, its own kinds of step, its own
words, its die and how Undo names its entries) and a line in rules_engine/games.py,
which the tests replace with ``register``; no template, view or form of the app changes.
Each round opens with a roll of the luck die (1 to 3 pips), drawn by its look as any
game's dice are. Bids and tricks as Oh Hell has them, one round each of 1, 2 and 3
cards, no hook; then who took the lucky trick (the last one played), which is worth
5 points more a pip of the luck die.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import replace

from rules_engine import (
    Choice,
    Die,
    Draft,
    Entry,
    Look,
    Message,
    RoundContext,
    RoundView,
    RulesError,
    Setup,
    Shape,
    Step,
)
from rules_engine import StepKind as Shared
from rules_engine.bidding import BiddingInTurn, BiddingRound
from rules_engine.messages import add, written

HANDS = (1, 2, 3)
LUCKY_POINTS = 5  # a pip of the luck die
FACES = (1, 2, 3)

MESSAGES = add(
    {
        "lucky_prompt": "Who took the lucky trick?",
        "lucky_entry": "the lucky trick, taken by {player}",
        "lucky_no_trick": "{player} took no trick, so not the lucky one",
        "lucky_note": "{player} took the lucky trick, worth {points}",
        "lucky_die": "luck die",
        "lucky_roll_prompt": "{player} rolls the luck die",
        "lucky_roll_first": "{player} rolls the luck die before the first bid",
        "lucky_rolled": "the luck die for this round is rolled already",
        "lucky_faces": "the luck die shows 1, 2 or 3, not {value}",
        "lucky_worth": "The luck die shows {face}: the lucky trick is worth {points}",
        "lucky_roll_entry": "the luck die's roll of {face}",
    }
)

# The die as the table draws it and a roll made by hand taps it: its faces as the
# record writes them (as text here; the record's round holds the number).
LUCK_DIE = Die(
    "luck", Message("lucky_die"), tuple(Choice(str(f), str(f)) for f in FACES), Look.PIPS
)


def roll_luck(rng: random.Random) -> dict[str, int]:
    """The server's roll, as a roll by hand gives it (``Step.faces``): by the die's key."""
    return {LUCK_DIE.key: rng.choice(FACES)}


class LuckyStep(enum.StrEnum):
    ROLL = "roll"  # the luck die, before the first bid
    LUCKY = "lucky"  # who took the lucky trick


class LuckyRound(BiddingRound, total=False):
    """A round as the record holds it: the bidding's, the luck die's face and who took
    the lucky trick (a seat): its declared shape, read by mypy and the record's check."""

    luck: int
    lucky: int


class LuckyTrick(BiddingInTurn[LuckyRound]):
    """Oh Hell's bids and tricks over three short rounds, a luck die and a lucky trick."""

    round_shape = LuckyRound

    key = "lucky-trick"
    title = "Lucky Trick"
    summary = "Bid your tricks exactly; the lucky trick is worth 5 more a pip of the luck die."
    min_players = 3
    max_players = 5
    hooked = False
    messages = MESSAGES
    kinds = tuple(LuckyStep)
    shapes = frozenset({Shape.PAD, Shape.ROLL})

    def hand_size(self, setup: Setup, index: int) -> int:
        return HANDS[index]

    def round_count(self, setup: Setup) -> int:
        return len(HANDS)

    def start(self, ctx: RoundContext) -> Draft:
        return {**super().start(ctx), "luck": None, "lucky": None}

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        if draft["luck"] is None:  # what the lucky trick is worth is known before any bid
            roller = ctx.bid_order[0]
            prompt = Message("lucky_roll_prompt", player=ctx.name(roller))
            return Step(
                LuckyStep.ROLL, prompt, roller, roll=roll_luck, dice=(LUCK_DIE,), shape=Shape.ROLL
            )
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

    def rolled(self, draft: Draft) -> tuple[tuple[Die, str], ...] | None:
        return None if draft.get("luck") is None else ((LUCK_DIE, str(draft["luck"])),)

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        # A player's phone asks for a bid of its own: it waits for the roll too.
        if draft["luck"] is None:
            raise RulesError(Message("lucky_roll_first", player=ctx.name(ctx.bid_order[0])))
        return super().bid_step(ctx, draft, seat)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if entry.kind == "dice":  # a roll's entry, by the server or by hand (``Step.entry``)
            return self.enter_roll(ctx, draft, entry)
        if entry.kind == "bid" and draft["luck"] is None:
            # The bidding knows nothing of the die: a bid would pass over the roll.
            raise RulesError(Message("lucky_roll_first", player=ctx.name(ctx.bid_order[0])))
        if entry.kind != LuckyStep.LUCKY:
            return super().enter(ctx, draft, entry)
        step = self.next_step(ctx, draft)
        if step.kind is not LuckyStep.LUCKY:
            raise RulesError(Message("not_yet_next", prompt=step.prompt))
        return {**draft, "lucky": int(step.choice(entry.value).value)}

    def enter_roll(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if draft["luck"] is not None:
            raise RulesError(Message("lucky_rolled"))
        value = entry.value
        face = value.get(LUCK_DIE.key) if isinstance(value, dict) and len(value) == 1 else None
        if type(face) is not int or face not in FACES:  # a bool is an int, and no face
            raise RulesError(Message("lucky_faces", value=written(value)))
        return {**draft, "luck": face}

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        # The die is drawn unread by a screen reader (templates/_dice.html): said in words.
        notes = super().notes(ctx, draft)
        if draft["luck"] is None:
            return notes
        worth = Message("lucky_worth", face=draft["luck"], points=LUCKY_POINTS * draft["luck"])
        return (worth, *notes)

    def entries(self, ctx: RoundContext, rnd: LuckyRound) -> list[Entry]:
        # The roll first, as the table asks it: a correction reopens the round with it.
        entries = super().entries(ctx, rnd)
        roll = [Entry("dice", None, {LUCK_DIE.key: rnd["luck"]})] if "luck" in rnd else []
        lucky = [Entry(LuckyStep.LUCKY, None, rnd["lucky"])] if "lucky" in rnd else []
        return roll + entries + lucky

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        return tricks + (10 if bid == tricks else 0)

    def score_round(self, ctx: RoundContext, rnd: LuckyRound) -> tuple[int, ...]:
        scores = super().score_round(ctx, rnd)
        lucky = LUCKY_POINTS * rnd["luck"]
        return tuple(
            score + (lucky if seat == rnd["lucky"] else 0) for seat, score in enumerate(scores)
        )

    def view(self, ctx: RoundContext, rnd: LuckyRound) -> RoundView:
        view = super().view(ctx, rnd)
        points = LUCKY_POINTS * rnd["luck"]
        note = Message("lucky_note", player=ctx.name(rnd["lucky"]), points=points)
        return replace(view, notes=(note,))

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        if entry.kind == LuckyStep.LUCKY and isinstance(entry.value, int):
            return Message("lucky_entry", player=players[entry.value])
        if entry.kind == "dice" and isinstance(entry.value, dict):
            return Message("lucky_roll_entry", face=str(entry.value.get(LUCK_DIE.key)))
        return None
