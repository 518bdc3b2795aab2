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
    ScheduledHands,
    check_house_rules,
    custom_score,
    hand_pattern,
    hands_option,
    hook_option,
)
from .options import AS_RULED, Option, OptionChoice, Preset

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


_OH_HELL_WIKIPEDIA = "https://en.wikipedia.org/wiki/Oh_Hell (Rules and Scoring sections)"
PRESETS: tuple[Preset, ...] = (
    Preset(AS_RULED, "As ruled", "Board Game Arena's rules: the styles and scorings above."),
    Preset(
        "one-to-seven",
        "1 up to 7 and down",
        "1 card, one more a round up to 7, then back down to 1 (13 rounds).",
        {"hands": [*hand_pattern(1, 7, 1)]},
        "http://www.encyclopedia4u.com/o/oh-hell.html: 'Usually from one to the maximum "
        "and then down to one'",
    ),
    Preset(
        "no-hook",
        "No hook",
        "The dealer may bid anything: the bids may add up to the tricks.",
        {"hook": "off"},
        "https://traditionalgamerules.neocities.org/ohhell: 'In the last round of the "
        "game, all players (including the dealer) can bid whatever value they choose'; "
        "many tables drop the hook altogether",
    ),
    Preset(
        "minus-ten",
        "Minus 10 a trick off",
        "10 for the bid made; 10 off for every trick over or under it.",
        {"scoring": "custom", "made": "10", "missed": "-10 * abs(t - b)"},
        "Board Game Arena's negative scoring, written as house rules",
    ),
    Preset(
        "plus-five",
        "Tricks plus 5",
        "1 point a trick, and 5 more for the bid made; 10 down to 1.",
        {"style": "short-down", "scoring": "custom", "made": "5 + t", "missed": "t"},
        _OH_HELL_WIKIPEDIA + ": 'Variant basic scoring'; "
        "https://traditionalgamerules.neocities.org/ohhell",
    ),
    Preset(
        "exact-with-penalty",
        "Exact, with a penalty",
        "10 plus the bid for the bid made; the bid taken off for a bid missed.",
        {"scoring": "custom", "made": "10 + b", "missed": "-b"},
        _OH_HELL_WIKIPEDIA + ": 'Exact scoring with penalty' (the Hassenpfeffer variant)",
    ),
)


class OhHell(ScheduledHands, BiddingInTurn):
    key = "oh-hell"
    seats_apart = True
    pack = 51  # one card is turned up for trump
    has_house_rules = True
    published_presets = PRESETS
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
        check_house_rules(setup, self.most_cards(setup.n), "hand_too_big_turned_up")

    def hands_as_ruled(self, setup: Setup) -> tuple[int, ...]:
        """The style's hand sizes."""
        return hand_sizes(str(setup.options.get("style", "long")), setup.n)

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
