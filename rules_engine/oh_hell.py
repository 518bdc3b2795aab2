"""Oh Hell, as Board Game Arena plays it, with its game and scoring styles.

RULINGS.md, "Oh Hell": 3 to 7 players; the largest hand M is 10 for 3-5 players,
8 for 6 and 7 for 7; the dealer is hooked; the game ends after the style's last round.
With the house rule ``hands``, a hand may reach floor(52 / n): a round that deals the
whole pack (13 cards to 4 players) turns no card up and is played without trump.
"""

from __future__ import annotations

from typing import ClassVar

from .bidding import BiddingInTurn
from .core import Draft, PaperRow, Round, RoundContext, RoundView, Setup
from .errors import RulesError
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
from .messages import Message, add
from .options import AS_RULED, Option, OptionChoice, Preset
from .steps import SUIT_SIGNS, Entry, Step

MESSAGES = add(
    {
        "oh_hell_no_trump": "No trump this round: the whole pack is dealt",
        "oh_hell_no_trump_turned_up": (
            "there is no trump in a round of {hand_size} cards to {players} players: "
            "the whole pack is dealt and no card is turned up"
        ),
    }
)
"""The game's own words for the players (``GameRules.messages``)."""

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


def full_pack(ctx: RoundContext) -> bool:
    """Whether the round deals all 52 cards (n x H = 52, as 13 to 4 players): then no
    card is left to turn up, and it is played without trump (RULINGS, ``hands``)."""
    return ctx.n * ctx.hand_size == OhHell.pack


class OhHell(ScheduledHands, BiddingInTurn):
    messages = MESSAGES
    key = "oh-hell"
    seats_apart = True
    # RULINGS, "House rules", ``hands``: up to floor(52 / n); a card is turned up for
    # trump in every round but one that deals the whole pack.
    pack = 52
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
        check_house_rules(setup, self.most_cards(setup.n))

    # --- The full pack: no trump -----------------------------------------------
    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The turned-up trump, but in a round that deals the whole pack (none is)."""
        return () if full_pack(ctx) else super().optional_steps(ctx, draft)

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """ "No trump this round" first where the whole pack is dealt."""
        notes = super().notes(ctx, draft)
        return (Message("oh_hell_no_trump"), *notes) if full_pack(ctx) else notes

    def enter_extra(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """A trump recorded for a round that deals the whole pack is refused (``none``,
        no trump, is what it is)."""
        if entry.kind == "trump" and full_pack(ctx) and entry.value != "none":
            raise RulesError(
                Message("oh_hell_no_trump_turned_up", hand_size=ctx.hand_size, players=ctx.n)
            )
        return super().enter_extra(ctx, draft, entry)

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
        """The trump, where it was noted, beside the bids and tricks; no trump (NT) in
        a round that deals the whole pack."""
        row = super().paper_row(ctx, rnd, view)
        trump = "none" if full_pack(ctx) else str(rnd.get("trump", ""))
        return PaperRow((SUIT_SIGNS.get(trump, ""),), row.seats)
