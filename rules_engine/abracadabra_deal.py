"""Abracadabra's deal as data: its words, its kinds of step, its numbers, the auction,
the checks of a deal's values, the table's two grids and a deal's scoring.

The rules that enter a deal step by step and read one from a record are the game's
class, in rules_engine/abracadabra.py; RULINGS.md, "Abracadabra".
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from .checks import as_int, declared
from .core import SUITS, Cell, Draft, Part, RoundContext
from .errors import RulesError
from .messages import Message, Plural, Term, add, written
from .steps import Choice, Grid, GridBox, GridColumn, GridRow, Step

MESSAGES = add(
    {
        "abra_bid_higher": "a bid must be higher than {bid}",
        "abra_thrown_in": "Everyone passed: the deal is thrown in",
        "abra_who_won": "Who won trick {trick}?",
        "abra_deal_complete": "The deal is complete",
        "abra_suit_taken": "{player} has {suit} already",
        "abra_bid_suit": "Which suit does {player} take as bid cards?",
        "abra_suit_cards": "{suit} in {player}'s tricks: how many?",
        "abra_trump_turned_up": "Trump: the card turned up after the deal (the Joker: no trump)",
        "abra_grid_names": "Which tricks does each player name?",
        "abra_grid_tricks": "Who won each trick?",
        "abra_same_suits": "Same bid suits as last deal",
        "abra_no_last_suits": "there are no bid suits of a last deal to take again",
        "abra_same_suits_first": "the same bid suits as last deal are taken before any is picked",
        "abra_trick_rows": "Tap who won each trick from trick {number} on, with none left out.",
        "abra_more_winners": "There are more winners than tricks left to play.",
        "abra_part_success": "{points} success",
        "abra_part_named": "{points} named",
        "abra_part_right_hand": "{points} right hand",
        "abra_part_tricks": Plural("{points} trick", "{points} tricks", "points"),
        "abra_part_suit_cards": "{points} suit cards",
        "abra_part_plus": "{sum} + {part}",
        "abra_part_minus": "{sum} - {part}",
        "abra_part_total": "{sum} = {total}",
        "entry_suit": "{player}'s bid suit ({suit})",
        "entry_suits": "the bid suits",
        "entry_named": "the tricks {player} named",
        "entry_declare": "the declarer's right-hand tricks and piles",
        "entry_trick": "the last trick, won by {player}",
        "entry_suit_cards": Plural(
            "{player}'s {cards} card of their bid suit",
            "{player}'s {cards} cards of their bid suit",
            "cards",
        ),
        "abra_declared": "{player} declared {bid}",
        "abra_call_value": 'a call is a bid (a number) or "pass", not {value}',
        "abra_tricks_list": "{player}'s {what} must be a list of trick numbers, not {value}",
        "abra_name_range": "{player} may name tricks 1 to {hand_size}, not {trick}",
        "abra_named_twice": "{player} names trick {trick} twice",
        "abra_tricks_hold": Plural(
            "{tricks} trick of {per_trick} cards hold {taken} cards",
            "{tricks} tricks of {per_trick} cards hold {taken} cards",
            "tricks",
        ),
        "abra_pack_suit": "the pack has {cards} cards of each suit",
        "abra_suit_cards_most": "{player} cannot have taken {cards} {suit}: {why}",
        "abra_prompt_names_trump": "{player} names trump",
        "abra_prompt_name_exactly": "Tricks {player} names (exactly {bid})",
        "abra_prompt_name_fewer": "Tricks {player} names (fewer than {bid})",
        "abra_prompt_declare": "Which named tricks does {player} move to the right? (none is fine)",
        "abra_note_highest": "highest bid: {bid} by {player}",
        "abra_note_thrown_in": "everyone passed: the deal is thrown in",
        "abra_note_declares": "{player} declares {bid}",
        "abra_note_no_trump": "no trump",
        "abra_note_trump": "trump {trump}",
        "abra_note_trick": "trick {trick} of {hand_size}",
        "abra_note_named_by": "named by {names}",
        "abra_note_named_by_nobody": "named by nobody",
        "abra_deal_done": "this deal is complete",
        "abra_bid_range": "{player} may bid 1 to {hand_size}, not {bid}",
        "abra_turn_suit": "it is {player}'s turn to pick a bid suit",
        "abra_suit_cards_asked": "it is {player}'s bid-suit cards that are asked for",
        "abra_trump_after_auction": "the declarer names trump once the auction is over",
        "abra_trump_named": "trump is named already",
        "abra_declarer_names_trump": "{player} declares and names trump",
        "abra_turn_name": "it is {player}'s turn to name tricks",
        "abra_name_exactly": Plural(
            "{player} bid {bid} and must name exactly {bid} trick, not {named}",
            "{player} bid {bid} and must name exactly {bid} tricks, not {named}",
            "bid",
        ),
        "abra_name_fewer": "{player} must name fewer tricks than {declarer}'s {bid}, not {named}",
        "abra_declarer_exposes": "{player} declares: the exposing is theirs to enter",
        "abra_declare_shape": "the declaring says which tricks are exposed and which piles",
        "abra_expose_unnamed": "{player} did not name trick {trick}, so cannot expose it",
        "abra_calls_list": "{field} must be a list of the calls made",
        "abra_too_many_calls": "there are more calls than the auction allows",
        "abra_thrown_in_field": "every player passed, so the deal was thrown in and has no {field}",
        "abra_thrown_in_trump": "every player passed, so no declarer named trump",
        "abra_round_no_trump": "the round has no {field}: {player} names it",
        "abra_suit_value": "a bid suit is one of {suits}, not {value}",
        "abra_only_declarer": "only the declarer, {declarer}, exposes named tricks, not {player}",
        "abra_trick_winners": "{field} must list the winner of each of the {hand_size} tricks",
        "abra_trick_winner_seat": "a trick's winner is a seat from 0 to {last}, not {seat}",
        "abra_thrown_in_note": "thrown in",
        "abra_suit_cards_at_most": "{player} cannot have taken more than {most} {suit}: {why}",
        "abra_cell_trick": "trick {trick}",
        "abra_cell_call_again": "{player} again",
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


class AbracadabraStep(enum.StrEnum):
    """What Abracadabra's table is asked besides the calls and the trump."""

    SUIT = "suit"  # one player's bid suit
    SUITS = "suits"  # every player's bid suit at once, as last deal
    NAME = "name"  # the tricks one player names
    DECLARE = "declare"  # the declarer's right-hand tricks and exposed piles
    TRICK = "trick"  # who won one trick
    SUIT_CARDS = "suit_cards"  # cards of their own bid suit one player took


# T, the tricks of a deal, by number of players.
TRICKS = {4: 13, 3: 12, 2: 12}
# Cards played to a trick: two players play with a dummy hand, so three.
CARDS_PER_TRICK = {4: 4, 3: 3, 2: 3}
# Cards of one suit in the pack played with: 52 cards for four players; the
# source's 36-card pack (Ace down to Six) for three, and for two with a dummy.
SUIT_LENGTH = {4: 13, 3: 9, 2: 9}
# The success bonus by how many players succeeded (1, 2, 3, 4).
SUCCESS_BONUS = {4: (40, 30, 20, 10), 3: (30, 20, 10), 2: (20, 10)}
# Each card of a player's own bid suit taken; doubled for an exposed pile.
SUIT_CARD_POINTS = 2
EXPOSED_PILE_SUIT_CARD_POINTS = 4
# Right-hand tricks (the declarer's exposed bid cards) count double, won or lost.
RIGHT_HAND_FACTOR = 2

Call = int | str
PASS = "pass"

ENTRY_KINDS = ("call", "suit", "name", "declare", "trick", "suit_cards")
# The entry that gives every player the bid suit they had last deal, in one tap.
SAME = "same"
# The answer of the grid of named tricks, every player's at once (``Abracadabra.taps``).
EVERYONE = "everyone"


class _Calls(TypedDict):
    calls: list[Call]  # in the order made, from the dealer's left: a bid or "pass"


class AbracadabraRound(_Calls, total=False):
    """A deal as the record holds it (the scorepad/1 spec): the calls; the trump, where
    noted or named; and, unless everyone passed, every player's bid suit, named tricks,
    exposed tricks (the declarer's) and whether their pile was laid open, the winner of
    each trick and the cards of their bid suit each took. ``total=False``: optional keys
    that the run-time check reads (``checks.declared``), as mypy does."""

    trump: str
    bid_suits: list[str]
    named: list[list[int]]
    exposed: list[list[int]]
    pile_exposed: list[bool]
    trick_winners: list[int]
    suit_cards: list[int]


# What a deal holds once someone declared (a deal thrown in holds none of it).
FIELDS = tuple(key for key in declared(AbracadabraRound)[1] if key != "trump")


@dataclass(frozen=True)
class Auction:
    """Where the calls so far leave the auction."""

    next_seat: int | None  # who calls next; None once the auction is over
    declarer: int | None  # None while calling goes on, or for a thrown-in deal
    bid: int  # the highest bid so far, 0 if none

    @property
    def thrown_in(self) -> bool:
        return self.next_seat is None and self.declarer is None


def auction(ctx: RoundContext, calls: Sequence[Call]) -> Auction:
    """The state of the auction after ``calls``, made in turn from the dealer's left.

    RULINGS: "If every player passes: with 2 players there is a second round of
    calls after the dummy is shown (if both pass again, the deal is thrown in);
    with 3 or 4 the deal is thrown in."
    """
    bids = [(index, call) for index, call in enumerate(calls) if isinstance(call, int)]
    bid = max((call for _, call in bids), default=0)
    rounds = 2 if ctx.n == 2 else 1
    # A round of calls is always finished; a second one follows only for two
    # players who both passed.
    finished_round = len(calls) > 0 and len(calls) % ctx.n == 0
    if not finished_round or (not bids and len(calls) < ctx.n * rounds):
        return Auction(ctx.bid_order[len(calls) % ctx.n], None, bid)
    # Each bid is higher than any before, so the last bid is the highest.
    declarer = ctx.bid_order[bids[-1][0] % ctx.n] if bids else None
    return Auction(None, declarer, bid)


def check_call(value: object) -> Call:
    """A record's call: a bid as a number, or "pass"."""
    if value == PASS:
        return PASS
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise RulesError(Message("abra_call_value", value=written(value)))


def check_bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(Message("true_or_false", what=what, value=written(value)))
    return value


def check_tricks_list(ctx: RoundContext, seat: int, value: object, what: str) -> list[int]:
    """Distinct trick numbers 1..T, sorted, or a RulesError naming the player."""
    name = ctx.name(seat)
    if not isinstance(value, list):
        raise RulesError(Message("abra_tricks_list", player=name, what=what, value=written(value)))
    tricks = [as_int(t, Term("a trick number")) for t in value]
    for trick in tricks:
        if not 1 <= trick <= ctx.hand_size:
            raise RulesError(
                Message("abra_name_range", player=name, hand_size=ctx.hand_size, trick=trick)
            )
    for trick in tricks:
        if tricks.count(trick) > 1:
            raise RulesError(Message("abra_named_twice", player=name, trick=trick))
    return sorted(tricks)


BID_CARD_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def trick_choices(tricks: Sequence[int]) -> tuple[Choice, ...]:
    """Trick numbers labelled as the bid cards that name them: A = 1, J = 11, Q = 12, K = 13."""
    return tuple(Choice(str(t), BID_CARD_RANKS.get(t, str(t))) for t in tricks)


def lone_suit(ctx: RoundContext, suits: Sequence[str | None]) -> tuple[int, str] | None:
    """The last player to pick a bid suit and the one suit left for them, when
    everyone else has picked and only one is left (four players); else None."""
    missing = [seat for seat in range(ctx.n) if suits[seat] is None]
    left = [suit for suit in SUITS if suit not in suits]
    if len(missing) == 1 and len(left) == 1:
        return missing[0], left[0]
    return None


def name_order(ctx: RoundContext, declarer: int) -> tuple[int, ...]:
    """The declarer names first, then the others from the dealer's left."""
    return (declarer, *(seat for seat in ctx.bid_order if seat != declarer))


def suit_card_limit(ctx: RoundContext, tricks_taken: int) -> tuple[int, str]:
    """The most cards of one suit a player can have taken, and why no more."""
    per_trick = CARDS_PER_TRICK[ctx.n]
    taken = tricks_taken * per_trick
    suit = SUIT_LENGTH[ctx.n]
    if taken < suit:
        return taken, Message(
            "abra_tricks_hold", tricks=tricks_taken, per_trick=per_trick, taken=taken
        )
    return suit, Message("abra_pack_suit", cards=suit)


def success_count(rnd: AbracadabraRound, seat: int, tricks_taken: int, success: str) -> bool:
    """RULINGS: "the player named at least one trick and won every trick they named
    (right-hand ones included)"; with ``success: at-least``, "named at least one
    trick and took at least as many tricks as they named"; with ``success:
    exact-count``, "took exactly as many tricks as they named, whichever tricks they
    were; a player who named none and took none succeeds"."""
    named: list[int] = rnd["named"][seat]
    if success == "exact-count":
        return tricks_taken == len(named)
    if not named:
        return False
    if success == "at-least":
        return tricks_taken >= len(named)
    return all(rnd["trick_winners"][trick - 1] == seat for trick in named)


def trick_numbers(most: int, least: int = 1) -> tuple[Choice, ...]:
    """The numbers ``least`` to ``most``, each a choice: a bid, a count of cards."""
    return tuple(Choice(str(k), str(k)) for k in range(least, most + 1))


def call_label(ctx: RoundContext, index: int) -> str:
    """Who made call ``index`` of the auction: a name, "Ann again" in a second round."""
    name = ctx.name(ctx.bid_order[index % ctx.n])
    return Message("abra_cell_call_again", player=name) if index >= ctx.n else name


def deal_cell(
    ctx: RoundContext,
    field: str,
    heading: str,
    what: str,
    parts: tuple[Part, ...],
    shape: str = "list",
) -> Cell:
    """A deal's cell to correct, headed ``heading``, its changes saying ``what``."""
    label = Message("cell_label", field=Term(heading), number=ctx.number)
    return Cell(ctx.number, field, label, parts, Term(heading), what, shape)


Parts = tuple[tuple[str, int], ...]


def deal_parts(ctx: RoundContext, rnd: AbracadabraRound, success: str) -> tuple[Parts, ...]:
    """Every player's score for a played deal in its parts, which add up to it (see
    RULINGS, "Per-player score"): the success bonus, their named left-hand tricks
    won, their right-hand tricks (double, won or lost), a point a trick taken, and
    the cards of their bid suit taken."""
    winners: list[int] = rnd["trick_winners"]
    taken = [winners.count(seat) for seat in range(ctx.n)]
    succeeded = [success_count(rnd, seat, taken[seat], success) for seat in range(ctx.n)]
    successes = sum(succeeded)
    bonus = SUCCESS_BONUS[ctx.n][successes - 1] if successes else 0
    parts = []
    for seat in range(ctx.n):
        right_hand: list[int] = rnd["exposed"][seat]
        named = right = 0
        for trick in rnd["named"][seat]:
            won = winners[trick - 1] == seat
            if trick in right_hand:
                right += RIGHT_HAND_FACTOR * trick * (1 if won else -1)
            elif won:
                named += trick
        per_card = EXPOSED_PILE_SUIT_CARD_POINTS if rnd["pile_exposed"][seat] else SUIT_CARD_POINTS
        parts.append(
            (
                ("success", bonus if succeeded[seat] else 0),
                ("named", named),
                ("right hand", right),
                ("tricks", taken[seat]),
                ("suit cards", per_card * rnd["suit_cards"][seat]),
            )
        )
    return tuple(parts)


def deal_scores(ctx: RoundContext, rnd: AbracadabraRound, success: str) -> tuple[int, ...]:
    """Every player's score for a played deal: the sum of its parts."""
    return tuple(sum(points for _, points in parts) for parts in deal_parts(ctx, rnd, success))


# Each part of a deal's score, as the breakdown names it (messages.py: abra_part_*).
PART_CODES = {
    "success": "abra_part_success",
    "named": "abra_part_named",
    "right hand": "abra_part_right_hand",
    "tricks": "abra_part_tricks",
    "suit cards": "abra_part_suit_cards",
}


def parts_text(parts: Parts) -> str:
    """A score's parts as a sum, leaving out the nothings: "20 success + 7 tricks = 27"."""
    shown = [(label, points) for label, points in parts if points]
    if not shown:
        return "0"
    text: str | None = None
    for label, points in shown:
        if text is None:
            text = Message(PART_CODES[label], points=points)
        else:
            part = Message(PART_CODES[label], points=abs(points))
            text = Message(
                "abra_part_minus" if points < 0 else "abra_part_plus", sum=text, part=part
            )
    return Message("abra_part_total", sum=text or "", total=sum(points for _, points in parts))


def name_grid(steps: Sequence[Step]) -> Grid:
    """Every player's named tricks on one grid; Done enters them in turn, and
    "Done, nothing exposed" the declaring after them, with nothing exposed."""
    rows = tuple(
        GridRow(
            choice.label,
            tuple(GridBox(step.player, f"named-{step.player}", choice.value) for step in steps),
        )
        for choice in steps[0].choices
    )
    columns = tuple(GridColumn(step.player, step.least, step.most) for step in steps)
    prompt = Message("abra_grid_names")
    return Grid(
        AbracadabraStep.NAME,
        prompt,
        "named-",
        rows,
        columns,
        one_a_row=False,
        value=EVERYONE,
        then=(AbracadabraStep.DECLARE,),
    )


def trick_grid(ctx: RoundContext, draft: Draft) -> Grid:
    """Who won each trick still to play, a box a player, marked where the player
    named that trick. A trick one player alone named has that player proposed as
    its winner (they name the tricks they mean to win): ticked but shown as
    proposed, the keeper's to change. A trick nobody or several named is open."""
    named = [set(tricks or ()) for tricks in draft["named"]]
    rows = []
    for trick in range(len(draft["trick_winners"]) + 1, ctx.hand_size + 1):
        namers = [seat for seat, tricks in enumerate(named) if trick in tricks]
        proposed = namers[0] if len(namers) == 1 else None
        boxes = tuple(
            GridBox(seat, f"trick-{trick}", str(seat), seat in namers, seat == proposed)
            for seat in range(ctx.n)
        )
        rows.append(GridRow(str(trick), boxes))
    columns = tuple(GridColumn(seat) for seat in range(ctx.n))
    prompt = Message("abra_grid_tricks")
    return Grid(AbracadabraStep.TRICK, prompt, "trick-", tuple(rows), columns, True, rest=True)
