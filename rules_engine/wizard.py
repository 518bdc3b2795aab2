"""Wizard: a 60-card pack, one card more each round until the pack is dealt out.

RULINGS.md, "Wizard": 3 to 6 players; round r (1-based) deals r cards, for 60 / n
rounds; bids in bid order, 0..H, with no hook as ruled (the house rule ``hook: on`` is
the plain dealer's hook, ``hook: leader`` the Canadian rule); made: 20 + 10 a trick,
missed: 10 off a trick over or under.
The trump is optional to record (a suit or none) and kept as given.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from .bidding import BiddingInTurn
from .checks import trump_choices
from .core import Draft, PaperRow, Round, RoundContext, RoundView, Setup
from .expressions import Domain
from .house_rules import (
    BIDDING,
    HOOK_FROM,
    LEADER,
    MADE,
    MISSED,
    ScheduledHands,
    custom_score,
    hands_option,
    hook_option,
    scoring_option,
)
from .messages import Message, add
from .options import AS_RULED, Option, Preset
from .steps import SUIT_SIGNS, Step, StepKind

MESSAGES = add(
    {
        "wizard_prompt_trump": "Trump turned up (a Wizard turned: {dealer} deals and names a suit)",
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


PACK = 60  # 52 cards of four suits 1-13, 4 Wizards and 4 Jesters
MADE_BASE = 20
PER_TRICK = 10
MISSED_PER_TRICK = -10

# RULINGS, "House rules": Wizard's expressions are checked over its own rounds,
# n in 3..6 and h in 1..floor(60 / n).
EXPRESSIONS = Domain((3, 4, 5, 6), PACK)


def hand_sizes(players: int) -> tuple[int, ...]:
    """1 card, then one more a round, until the pack is dealt out: 60 / n rounds."""
    return tuple(range(1, PACK // players + 1))


def round_score(bid: int, tricks: int) -> int:
    """Made: 20 + 10 a trick (bid 2, took 2: 40); missed: -10 a trick off (bid 3, took 1: -20)."""
    if bid == tricks:
        return MADE_BASE + PER_TRICK * tricks
    return MISSED_PER_TRICK * abs(tricks - bid)


PRESETS: tuple[Preset, ...] = (
    Preset(AS_RULED, "As ruled", "1 card, one more a round until the 60 cards are dealt."),
    Preset(
        "dealers-hook",
        "The dealer's hook",
        "The dealer may not make the bids add up to the cards dealt.",
        {"hook": "on"},
        "https://en.wikipedia.org/wiki/Wizard_(card_game): 'A common variant ... is to "
        "not allow the total number of tricks bid in a round to match the round number'",
    ),
    Preset(
        "canadian",
        "The Canadian rule",
        "Only a dealer who leads may not make the bids add up to the cards dealt; "
        "0 is always allowed.",
        {"hook": LEADER},
        "https://wizardcards.com forum, 'The Canadian Rule', as played in its tournaments "
        "(RULINGS, Wizard)",
    ),
)


class Wizard(ScheduledHands, BiddingInTurn):
    messages = MESSAGES
    key = "wizard"
    seats_apart = True
    pack = PACK
    has_house_rules = True
    published_presets = PRESETS
    title = "Wizard"
    summary = (
        "One card more each round; bid your tricks exactly: 20 and 10 a trick for the "
        "bid made, 10 off for every trick over or under."
    )
    min_players = 3
    max_players = 6
    hooked = False
    round_boxes = ("Trump",)
    options: ClassVar[tuple[Option, ...]] = (
        scoring_option("Standard: 20 and 10 a trick for the bid made, -10 a trick off"),
        hands_option(replaces=None),
        hook_option("off"),
        HOOK_FROM,
        replace(MADE, domain=EXPRESSIONS),
        replace(MISSED, domain=EXPRESSIONS),
        BIDDING,
    )

    # --- The shape of the game -------------------------------------------------
    def hands_as_ruled(self, setup: Setup) -> tuple[int, ...]:
        """1 card up to 60 / n."""
        return hand_sizes(setup.n)

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        custom = custom_score(ctx, bid, tricks)
        return round_score(bid, tricks) if custom is None else custom

    # --- Entering a round ------------------------------------------------------
    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The trump may be noted until the tricks are entered: the card turned up,
        a suit the dealer names when it is a Wizard, none for a Jester or the last round."""
        steps = super().optional_steps(ctx, draft)
        prompt = Message("wizard_prompt_trump", dealer=ctx.name(ctx.dealer))
        return tuple(
            Step(StepKind.TRUMP, prompt, None, trump_choices()) if step.kind is StepKind.TRUMP
            else step
            for step in steps
        )  # fmt: skip

    def paper_row(self, ctx: RoundContext, rnd: Round, view: RoundView) -> PaperRow:
        """The trump, where it was noted, beside the bids and tricks."""
        row = super().paper_row(ctx, rnd, view)
        return PaperRow((SUIT_SIGNS.get(str(rnd.get("trump", "")), ""),), row.seats)
