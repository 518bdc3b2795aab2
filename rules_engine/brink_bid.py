"""Brink Bid: growing hands, three dice for trump and the pass, and points for the Brink.

RULINGS.md, "Brink Bid": 2 to 6 players; hand sizes 4, 5, ..., F with F = 13 for
2-4 players, 10 for 5 and 8 for 6; bids in bid order 0..H with no hook; a round
scores 5 for the bid made, 2 for one trick off it ("on the Brink"), else 0.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .bidding import BiddingInTurn, BiddingRound
from .checks import check_trump
from .core import Draft, PaperRow, RoundContext, RoundView, Setup
from .errors import RulesError
from .house_rules import (
    BIDDING,
    HOOK_FROM,
    MADE,
    MISSED,
    ScheduledHands,
    custom_score,
    hand_pattern,
    hands_option,
    hook_option,
    scoring_option,
)
from .messages import Message, Plural, Term, add, written
from .options import AS_RULED, Option, Preset
from .steps import SUIT_SIGNS, Choice, Die, Entry, Look, Shape, Step

MESSAGES = add(
    {
        "brink_no_pass": "No pass",
        "brink_pass_other": Plural(
            "Pass {number} card to the other player",
            "Pass {number} cards to the other player",
            "number",
        ),
        "brink_pass_across": Plural(
            "Pass {number} card across", "Pass {number} cards across", "number"
        ),
        "brink_pass_left": Plural(
            "Pass {number} card to the left", "Pass {number} cards to the left", "number"
        ),
        "brink_pass_right": Plural(
            "Pass {number} card to the right", "Pass {number} cards to the right", "number"
        ),
        "brink_no_trump": "No trump",
        "brink_trump": "Trump: {trump}",
        "brink_players": "Brink Bid is for 2 to 6 players, not {count}",
        "brink_trump_die": "the trump die shows {faces}, not {value}",
        "brink_number_die": "the number die shows {faces} or {none}, not {value}",
        "brink_direction_die": "the direction die shows {faces}, not {value}",
        "brink_dice_shape": "the dice must give the trump, the number and the direction",
        "brink_trump_not_die": "the trump die shows {die}: the trump cannot be {trump}",
        "brink_dice_rolled": "the dice for this round are rolled already",
        "brink_dice_before_bids": "the dice are rolled before the bidding, not once it has begun",
        "brink_roll_first": "{player} rolls the dice before the first bid",
        "brink_die_not_trump": "the trump is {trump}: the trump die cannot show {die}",
        "brink_note_passes": "{giver} passes {count} to {receiver}",
        "brink_across_odd_left": (
            "Across-left with {players} players: nobody sits across, so the cards go to the left"
        ),
        "brink_across_odd_right": (
            "Across-right with {players} players: nobody sits across, so the cards go to the right"
        ),
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


class BrinkBidStep(enum.StrEnum):
    """What Brink Bid's table is asked besides the bids and tricks."""

    ROLL = "roll"  # roll the three dice


FINAL_HAND = {2: 13, 3: 13, 4: 13, 5: 10, 6: 8}
FIRST_HAND = 4

# The dice's faces, each equally likely. RULINGS: the source lists these outcomes and
# does not say whether a physical die repeats a face, so the app rolls the listed ones.
TRUMP_FACES = ("spades", "diamonds", "clubs", "hearts", "none")  # as the source lists them
NUMBER_FACES: tuple[int | None, ...] = (1, 2, 3, None)  # None: no pass
DIRECTION_FACES = ("left", "right", "across-left", "across-right")

POINTS_MADE = 5
POINTS_BRINK = 2


def hand_sizes(players: int) -> tuple[int, ...]:
    """Every round's hand size: 4 cards, then one more a hand up to the final hand."""
    if players not in FINAL_HAND:
        raise RulesError(Message("brink_players", count=players))
    return tuple(range(FIRST_HAND, FINAL_HAND[players] + 1))


def trump_die(value: object) -> Message:
    return Message("brink_trump_die", faces=", ".join(TRUMP_FACES), value=written(value))


def number_die(value: object) -> Message:
    # "none" is the face as the record writes it: a value, not a word.
    return Message("brink_number_die", faces="1, 2, 3", none="none", value=written(value))


def direction_die(value: object) -> Message:
    return Message("brink_direction_die", faces=", ".join(DIRECTION_FACES), value=written(value))


@dataclass(frozen=True)
class Dice:
    """One roll of Brink Bid's three dice: trump, number of cards to pass, direction.

    ``number`` is None for the "No Pass" face; the record writes it as ``"none"``.
    """

    trump: str
    number: int | None
    direction: str

    def __post_init__(self) -> None:
        if self.trump not in TRUMP_FACES:
            raise RulesError(trump_die(self.trump))
        # bool is an int in Python and 1.0 == 1: a die shows neither.
        number_ok = self.number is None or (
            isinstance(self.number, int) and not isinstance(self.number, bool)
        )
        if not number_ok or self.number not in NUMBER_FACES:
            raise RulesError(number_die(self.number))
        if self.direction not in DIRECTION_FACES:
            raise RulesError(direction_die(self.direction))

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": self.trump,
            "number": "none" if self.number is None else self.number,
            "direction": self.direction,
        }

    @classmethod
    def from_json(cls, data: object) -> Dice:
        if not isinstance(data, Mapping) or set(data) != {"trump", "number", "direction"}:
            raise RulesError(Message("brink_dice_shape"))
        number = data["number"]
        if number == "none":
            number = None
        elif not isinstance(number, int) or isinstance(number, bool):
            raise RulesError(number_die(number))
        trump, direction = data["trump"], data["direction"]
        if not isinstance(trump, str):
            raise RulesError(trump_die(trump))
        if not isinstance(direction, str):
            raise RulesError(direction_die(direction))
        return cls(trump, number, direction)


# The three dice as a roll made by hand is tapped in: each face as the record writes it.
DICE_BY_HAND = (
    Die(
        "trump",
        Term("trump die"),
        tuple(Choice(face, "no trump" if face == "none" else face) for face in TRUMP_FACES),
        Look.SUIT,
    ),
    Die(
        "number",
        Term("number die"),
        tuple(
            Choice("none", "no pass") if face is None else Choice(str(face), str(face))
            for face in NUMBER_FACES
        ),
        Look.PIPS,
    ),
    Die(
        "direction",
        Term("direction die"),
        tuple(Choice(face, face) for face in DIRECTION_FACES),
        Look.ARROW,
    ),
)


def roll_brink_dice(rng: random.Random) -> Dice:
    """Roll the three dice, every listed face equally likely."""
    return Dice(rng.choice(TRUMP_FACES), rng.choice(NUMBER_FACES), rng.choice(DIRECTION_FACES))


@dataclass(frozen=True)
class Pass:
    """One player's pass: ``count`` cards from ``giver`` to ``receiver`` (seats)."""

    giver: int
    receiver: int
    count: int


def receiver(players: int, seat: int, direction: str) -> int:
    """Whom ``seat`` passes to.

    RULINGS: "With an even number of players the two across faces pass to the
    player directly across (n/2 seats on); with an odd number `across-left` passes
    left and `across-right` passes right. With 2 players every direction reaches
    the other."
    """
    if direction.startswith("across") and players % 2 == 0:
        return (seat + players // 2) % players
    if direction in ("left", "across-left"):
        return (seat + 1) % players
    return (seat - 1) % players


def passes(players: int, dice: Dice) -> tuple[Pass, ...]:
    """Every player's pass, in seat order; none at all on the "No Pass" face."""
    if players < 2:
        raise RulesError(Message("brink_players", count=players))
    if dice.number is None:
        return ()
    return tuple(
        Pass(seat, receiver(players, seat, dice.direction), dice.number) for seat in range(players)
    )


def pass_label(players: int, dice: Dice) -> Message:
    """The pass in a few words: "Pass 2 cards across", "No pass"."""
    if dice.number is None:
        return Message("brink_no_pass")
    if players == 2:
        return Message("brink_pass_other", number=dice.number)
    if dice.direction.startswith("across") and players % 2 == 0:
        return Message("brink_pass_across", number=dice.number)
    if dice.direction in ("left", "across-left"):
        return Message("brink_pass_left", number=dice.number)
    return Message("brink_pass_right", number=dice.number)


def across_why(players: int, dice: Dice) -> Message | None:
    """Why an across face passes to a side: with an odd number nobody sits across.

    RULINGS: "with an odd number `across-left` passes left and `across-right` passes
    right". The die shows its arrow across the table, so the table says why the
    cards go to the side."""
    if dice.number is None or not dice.direction.startswith("across") or players % 2 == 0:
        return None
    code = "brink_across_odd_left" if dice.direction == "across-left" else "brink_across_odd_right"
    return Message(code, players=players)


def trump_label(trump: str) -> Message:
    # The suit is a catalogue word (a Term), so it reads "harten" in Dutch.
    return (
        Message("brink_no_trump") if trump == "none" else Message("brink_trump", trump=Term(trump))
    )


_OH_HELL_WIKIPEDIA = "https://en.wikipedia.org/wiki/Oh_Hell (Rules and Scoring sections)"
PRESETS: tuple[Preset, ...] = (
    Preset(AS_RULED, "As ruled", "4 cards up to the final hand; 5 made, 2 on the Brink."),
    Preset(
        "with-hook",
        "With the hook",
        "The dealer may not make the bids add up to the cards dealt, as in Oh Hell.",
        {"hook": "on"},
        _OH_HELL_WIKIPEDIA + ": the 'screw the dealer' rule",
    ),
    Preset(
        "up-and-down",
        "4 up to 8 and back down",
        "4 cards up to 8 and back down to 4 (9 rounds), for any number of players.",
        {"hands": [*hand_pattern(4, 8, 4)]},
        "http://www.encyclopedia4u.com/o/oh-hell.html: up to the maximum and back down",
    ),
    Preset(
        "oh-hell-scoring",
        "Oh Hell's scoring",
        "1 point a trick, and 10 more for the bid made.",
        {"scoring": "custom", "made": "10 + t", "missed": "t"},
        _OH_HELL_WIKIPEDIA + ": 'Basic scoring'",
    ),
    Preset(
        "brink-with-penalty",
        "Brink, with a penalty",
        "5 made, 2 on the Brink, and 1 off a trick beyond it.",
        {
            "scoring": "custom",
            "made": "5",
            "missed": "2 if abs(t - b) == 1 else 1 - abs(t - b)",
        },
        _OH_HELL_WIKIPEDIA + ": penalty scorings, applied to the Brink",
    ),
)


class BrinkBidRound(BiddingRound, total=False):
    """A round of Brink Bid as the record holds it: the bidding's, and the dice rolled
    (``Dice.to_json``: trump, number, direction), where they were."""

    dice: dict[str, Any]


class BrinkBid(ScheduledHands, BiddingInTurn[BrinkBidRound]):
    round_shape = BrinkBidRound
    messages = MESSAGES
    words = (
        "left",
        "right",
        "across-left",
        "across-right",
        "trump die",
        "number die",
        "direction die",
        "no pass",
        "number",
        "direction",
    )
    kinds = tuple(BrinkBidStep)
    shapes = frozenset({Shape.PAD, Shape.ROLL})
    key = "brink-bid"
    seats_apart = True
    has_house_rules = True
    published_presets = PRESETS
    title = "Brink Bid"
    summary = (
        "Dice set trump and a pass; bid your tricks: 5 points for the bid made, "
        "2 for being one off it, on the Brink."
    )
    min_players = 2
    max_players = 6
    hooked = False
    # The three dice rolled each round: trump, number of cards to pass, direction.
    round_boxes = ("Trump", "Pass", "Direction")
    round_faces = {
        "dice": {"trump": TRUMP_FACES, "number": (1, 2, 3, "none"), "direction": DIRECTION_FACES}
    }
    round_boxes_heading = "Dice"
    # RULINGS, "House rules": Brink Bid gains them all but Boerenbridge's own.
    options: ClassVar[tuple[Option, ...]] = (
        scoring_option("Standard: 5 for the bid made, 2 on the Brink"),
        hands_option(replaces=None),
        hook_option("off"),
        HOOK_FROM,
        MADE,
        MISSED,
        BIDDING,
    )

    # --- The shape of the game -------------------------------------------------
    def hands_as_ruled(self, setup: Setup) -> tuple[int, ...]:
        """4 cards up to the final hand."""
        return hand_sizes(setup.n)

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        custom = custom_score(ctx, bid, tricks)
        if custom is not None:
            return custom
        off = abs(tricks - bid)
        if off == 0:
            return POINTS_MADE
        return POINTS_BRINK if off == 1 else 0

    # --- Entering a round ------------------------------------------------------
    def awaits_roll(self, draft: Draft) -> bool:
        return draft.get("dice") is None and all(b is None for b in draft["bids"])

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        """The dice are asked for first; the roll comes before the bidding."""
        if self.awaits_roll(draft):
            roller = ctx.bid_order[0]
            prompt = Message("prompt_rolls", player=ctx.name(roller))
            return Step(
                BrinkBidStep.ROLL,
                prompt,
                roller,
                roll=lambda rng: roll_brink_dice(rng).to_json(),
                dice=DICE_BY_HAND,
                shape=Shape.ROLL,
            )
        return super().next_step(ctx, draft)

    def rolled(self, draft: Draft) -> tuple[tuple[Die, str], ...] | None:
        dice = draft.get("dice")
        if not isinstance(dice, dict):
            return None
        return tuple((die, str(dice[die.key])) for die in DICE_BY_HAND)

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        """No bid is asked before the dice are rolled, sealed or open (RULINGS, "House
        rules", ``bidding``: "In Brink Bid the dice are rolled before the first bid")."""
        if self.awaits_roll(draft):
            raise RulesError(Message("brink_roll_first", player=ctx.name(ctx.bid_order[0])))
        return super().bid_step(ctx, draft, seat)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if entry.kind == "bid" and self.awaits_roll(draft):
            # The dice are optional in the record, so a first bid passes over the
            # roll; it is checked against the bidding step the roll stands in front of.
            return self.enter_bid(ctx, draft, entry)
        return super().enter(ctx, draft, entry)

    def enter_extra(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if entry.kind == "dice":
            return self.enter_dice(ctx, draft, entry)
        if entry.kind == "trump":
            trump = check_trump(entry.value)
            dice = self.dice(draft)
            if dice is not None and dice.trump != trump:
                raise RulesError(
                    Message("brink_trump_not_die", die=Term(dice.trump), trump=Term(trump))
                )
            return {**draft, "trump": trump}
        return super().enter_extra(ctx, draft, entry)

    def enter_dice(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """The roll: once a round, before the first bid, by the dealer's left.

        RULINGS: "Each round, before bidding, the player to the dealer's left rolls
        three dice."
        """
        roller = ctx.bid_order[0]
        if draft.get("dice") is not None:
            raise RulesError(Message("brink_dice_rolled"))
        if any(b is not None for b in draft["bids"]):
            raise RulesError(Message("brink_dice_before_bids"))
        if entry.seat is not None and entry.seat != roller:
            raise RulesError(Message("who_rolls", player=ctx.name(roller)))
        dice = Dice.from_json(entry.value)
        trump = draft.get("trump")
        if trump is not None and trump != dice.trump:
            raise RulesError(
                Message("brink_die_not_trump", trump=Term(trump), die=Term(dice.trump))
            )
        return {**draft, "dice": dice.to_json()}

    def dice(self, draft: Draft) -> Dice | None:
        data = draft.get("dice")
        return None if data is None else Dice.from_json(data)

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """No trump to note by hand: the trump die gives it."""
        return ()

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """The bid balance; the trump; and, once the dice are in, every player's pass."""
        notes = list(super().notes(ctx, draft))
        dice = self.dice(draft)
        if dice is None:
            if draft.get("trump") is not None:
                notes.append(trump_label(draft["trump"]))
            return tuple(notes)
        notes += [trump_label(dice.trump), pass_label(ctx.n, dice)]
        why = across_why(ctx.n, dice)
        if why is not None:
            notes.append(why)
        notes += [
            Message(
                "brink_note_passes",
                giver=ctx.name(p.giver),
                count=p.count,
                receiver=ctx.name(p.receiver),
            )
            for p in passes(ctx.n, dice)
        ]
        return tuple(notes)

    def extra_entries(self, ctx: RoundContext, rnd: BrinkBidRound) -> list[Entry]:
        # The dice first: they come before the bidding, and a trump beside them
        # must agree with the trump die.
        entries = [Entry("dice", None, rnd["dice"])] if "dice" in rnd else []
        return entries + super().extra_entries(ctx, rnd)

    def view(self, ctx: RoundContext, rnd: BrinkBidRound) -> RoundView:
        view = super().view(ctx, rnd)
        notes: tuple[str, ...]
        if "dice" in rnd:
            dice = Dice.from_json(rnd["dice"])
            notes = (trump_label(dice.trump), pass_label(ctx.n, dice))
        elif "trump" in rnd:
            notes = (trump_label(str(rnd["trump"])),)
        else:
            return view
        return RoundView(view.bids, view.tricks, notes, view.made, counts=view.counts)

    def paper_row(self, ctx: RoundContext, rnd: BrinkBidRound, view: RoundView) -> PaperRow:
        """The three dice as rolled (or only the trump, where no dice were noted)."""
        row = super().paper_row(ctx, rnd, view)
        boxes: tuple[str, ...]
        if "dice" in rnd:
            dice = Dice.from_json(rnd["dice"])
            # The faces as the record writes them, each a word of the catalogue.
            number = Term("none") if dice.number is None else str(dice.number)
            boxes = (SUIT_SIGNS[dice.trump], number, Term(dice.direction))
        else:
            boxes = (SUIT_SIGNS.get(str(rnd.get("trump", "")), ""), "", "")
        return PaperRow(boxes, row.seats)
