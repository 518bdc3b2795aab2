"""Oh Hell, as Board Game Arena plays it, with its game and scoring styles.

RULINGS.md, "Oh Hell": 3 to 7 players; the largest hand M is 10 for 3-5 players,
8 for 6 and 7 for 7; the dealer is hooked; the game ends after the style's last round.
"""

from __future__ import annotations

from typing import ClassVar

from .bidding import BiddingInTurn
from .core import SUIT_SIGNS, PaperRow, Round, RoundContext, RoundView, Setup
from .house_rules import (
    BIDDING,
    CUSTOM_CHOICE,
    HOOK_FROM,
    MADE,
    MISSED,
    check_house_rules,
    custom_score,
    hands,
    hands_option,
    hook_option,
)
from .options import Option, OptionChoice

LARGEST_HAND = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}


def hand_sizes(style: str, players: int) -> tuple[int, ...]:
    """The hand size of every round, first to last, for a game style.

    The source's short styles go 1..10 for every count; ten cards to six or seven
    players need more than 52, so RULINGS caps the top at the largest hand.
    """
    top = LARGEST_HAND[players]
    down = tuple(range(top, 0, -1))
    up = tuple(range(1, top + 1))
    short_top = min(10, top)
    schedules = {
        "long": down + up[1:],
        "long-inverted": up + down[1:],
        "short-up-down": tuple(range(6, 0, -1)) + tuple(range(2, 7)),
        "short-up": tuple(range(1, short_top + 1)),
        "short-down": tuple(range(short_top, 0, -1)),
    }
    return schedules[style]


class OhHell(BiddingInTurn):
    key = "oh-hell"
    title = "Oh Hell"
    summary = (
        "Bid the exact number of tricks you will take; the dealer may not make "
        "the bids add up to the tricks."
    )
    min_players = 3
    max_players = 7
    hooked = True
    round_boxes = ("Trump",)
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "style",
            "Game style",
            "The hand sizes, round by round.",
            "choice",
            "long",
            (
                OptionChoice("long", "Long: 10 down to 1 and back up"),
                OptionChoice("long-inverted", "Long inverted: 1 up to 10 and back down"),
                OptionChoice("short-up-down", "Short up and down: 6 down to 1 and back up"),
                OptionChoice("short-up", "Short up: 1 up to 10"),
                OptionChoice("short-down", "Short down: 10 down to 1"),
            ),
        ),
        Option(
            "scoring",
            "Scoring style",
            "What a made or missed bid is worth.",
            "choice",
            "positive",
            (
                OptionChoice("positive", "Positive: 1 a trick, plus 10 for a made bid"),
                OptionChoice("neutral", "Neutral: 10 plus tricks for a made bid, else 0"),
                OptionChoice("negative", "Negative: 10 for a made bid, else -10 a trick off"),
                CUSTOM_CHOICE,
            ),
        ),
        hands_option(replaces="style"),
        hook_option("on"),
        HOOK_FROM,
        MADE,
        MISSED,
        BIDDING,
    )

    def check_setup(self, setup: Setup) -> None:
        check_house_rules(setup)

    def schedule(self, setup: Setup) -> tuple[int, ...]:
        """The house rules' hand sizes, where given, else the style's."""
        listed = hands(setup)
        if listed is not None:
            return listed
        return hand_sizes(str(setup.options.get("style", "long")), setup.n)

    def hand_size(self, setup: Setup, index: int) -> int:
        return self.schedule(setup)[index]

    def round_count(self, setup: Setup) -> int:
        return len(self.schedule(setup))

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        custom = custom_score(ctx, bid, tricks)
        if custom is not None:
            return custom
        made = bid == tricks
        scoring = ctx.option("scoring")
        if scoring == "neutral":
            return 10 + tricks if made else 0
        if scoring == "negative":
            return 10 if made else -10 * abs(tricks - bid)
        return tricks + (10 if made else 0)

    def paper_row(self, ctx: RoundContext, rnd: Round, view: RoundView) -> PaperRow:
        """The trump, where it was noted, beside the bids and tricks."""
        row = super().paper_row(ctx, rnd, view)
        return PaperRow((SUIT_SIGNS.get(str(rnd.get("trump", "")), ""),), row.seats)
