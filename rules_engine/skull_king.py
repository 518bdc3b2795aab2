"""Skull King: bids shown together, bonuses for captures, and tricks the Kraken takes.

RULINGS.md, "Skull King": 2 to 8 players; 10 rounds, round r (1-based) dealing
H = min(r, floor(70 / n)); every player bids 0..H at once, with no hook. The tricks
taken add up to H less the round's ``lost`` tricks (nobody's: the Kraken, or a
two-player game's ghost hand). A round may record each player's ``bonus`` (-500..500:
the expansion's cards that cost points), which counts only for a bid made exactly
(with the house rule ``bonus_on_miss``, for a missed one too). Bid 1 or more: made 20
a trick bid plus the bonus, missed 10 off a trick over or under; bid 0: made 10 x H
plus the bonus, missed 10 x H off. House rules may score by ``made`` and ``missed``
expressions instead (``scoring: custom``; the preset "Rascal").
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, TypedDict

from .bidding import asked_alone, bid_choices, bids_prompt, check_bid_range, check_bidder
from .checks import as_int, check_shape, seat_list
from .core import Draft, PaperRow, RoundContext, RoundView, Setup
from .errors import RulesError
from .expressions import Domain
from .house_rules import (
    BIDDING,
    MADE,
    MISSED,
    ScheduledHands,
    custom_scoring,
    hands_option,
    scoring_option,
    setting,
)
from .messages import Message, Plural, Term, add, names_and
from .options import AS_RULED, Option, Preset
from .steps import Choice, Entry, Place, Shape, Step, StepKind
from .text import bid_balance

MESSAGES = add(
    {
        "skull_tricks_left": Plural(
            "only {left} trick of {hand_size} is left once the lost ones are counted",
            "only {left} tricks of {hand_size} are left once the lost ones are counted",
            "left",
        ),
        "skull_tricks_sum": Plural(
            "the tricks add up to {total} and {lost} lost, but {hand_size} trick was played",
            "the tricks add up to {total} and {lost} lost, but {hand_size} tricks were played",
            "hand_size",
        ),
        "skull_whose_bonus": "Whose bonus?",
        "skull_prompt_lost": "Tricks nobody took (the Kraken)",
        "skull_lost_left": Plural(
            "the players have taken all but {left} trick already",
            "the players have taken all but {left} tricks already",
            "left",
        ),
        "skull_lost_range": "0 to {hand_size} tricks may be lost, not {lost}",
        "skull_lost_when": "lost tricks are entered with the tricks taken",
        "skull_note_lost": Plural("{lost} trick lost", "{lost} tricks lost", "lost"),
        "skull_tricks_in": "the tricks are all in: the bonuses are next",
        "skull_no_bonus": "No bonus",
        "skull_bonus_when": "a bonus is entered once the tricks are in, for a bid made",
        "skull_bonus_missed": "{player} missed their bid: a bonus counts only for a bid made",
        "skull_prompt_bonus_any": "{player}: any bonus?",
        "skull_prompt_bonuses_any": "{players}: any bonuses?",
        "skull_bonus_asked": "it is {player}'s bonus that is asked for",
        "skull_bonus_range": "{player}'s bonus is {least} to {most}, not {bonus}",
        "skull_breakdown": "{points} + {bonus} bonus = {total}",
        "skull_breakdown_minus": "{points} - {bonus} bonus = {total}",
        "entry_lost": Plural("{lost} lost trick", "{lost} lost tricks", "lost"),
        "entry_bonus": "{player}'s bonus of {bonus}",
        "skull_prompt_bonus_one": "{player} made the bid: any bonus?",
        "skull_prompt_bonuses": "{players} made their bids: any bonuses?",
        "skull_no_bonuses": "No bonuses",
        "skull_no_more_bonuses": "No more bonuses",
        "entry_no_more_bonuses": "no more bonuses",
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


class SkullKingStep(enum.StrEnum):
    """What Skull King's table is asked besides the bids and tricks."""

    LOST = "lost"  # tricks nobody took (the Kraken)
    BONUS = "bonus"  # bonus points one player won in their tricks


PACK = 70
ROUNDS = 10
MOST_BONUS = 500
# RULINGS, "Skull King", house rules: a bonus may be negative, the expansion's cards
# that cost points making the net bonus less than 0.
LEAST_BONUS = -MOST_BONUS
# The bonus step's one tap for every player still owed one: no bonus for them.
NO_MORE = "none"
PER_TRICK_BID = 20
PER_TRICK_OFF = -10
ZERO_PER_CARD = 10
# RULINGS, "House rules": bids are sealed (given unseen, shown together) unless set open.
SEALED_BIDDING = replace(BIDDING, default="sealed")
# RULINGS, "Skull King", house rules: a bonus counted on a missed bid too.
BONUS_ON_MISS = Option(
    "bonus_on_miss",
    "Bonus on a miss",
    "A player's bonus counts whether or not they made their bid.",
    "bool",
    False,
    house_rule=True,
)
# RULINGS: the expressions are checked over n in 2..8 and h in 1..floor(70 / n).
EXPRESSIONS = Domain((2, 3, 4, 5, 6, 7, 8), PACK)


@dataclass(frozen=True)
class Bonus:
    """A bonus printed in the rules, as the table's one-tap buttons offer it."""

    key: str
    label: str
    points: int


# The 2021 edition's bonuses, each won in a trick: the table adds them up for a player.
BONUSES = (
    Bonus("fourteen", "A 14", 10),
    Bonus("black-fourteen", "The black 14", 20),
    Bonus("mermaid-by-pirate", "A Mermaid taken by a Pirate", 20),
    Bonus("pirate-by-skull-king", "A Pirate taken by the Skull King", 30),
    Bonus("skull-king-by-mermaid", "The Skull King taken by a Mermaid", 40),
    Bonus("loot", "Loot", 20),
)


def largest_hand(players: int) -> int:
    """The most cards the 70-card pack deals each player: 8 for 8 players."""
    return PACK // players


def hand_sizes(players: int) -> tuple[int, ...]:
    """Round r deals min(r, floor(70 / n)) cards, for 10 rounds."""
    return tuple(min(r, largest_hand(players)) for r in range(1, ROUNDS + 1))


def round_score(bid: int, tricks: int, hand_size: int, bonus: int, on_miss: bool = False) -> int:
    """RULINGS: bid 1+ made 20 x b + x, missed -10 x |t - b|; bid 0 made 10 x H + x,
    missed -10 x H. (Round 5, bid 2, took 2, a Mermaid taken by a Pirate: 60.
    Round 5, bid 0, took 1: -50.) ``on_miss``: the house rule ``bonus_on_miss``, the
    bonus counted for a missed bid too."""
    made = bid == tricks
    counted = bonus if made or on_miss else 0
    if bid == 0:
        return (ZERO_PER_CARD if made else -ZERO_PER_CARD) * hand_size + counted
    return (PER_TRICK_BID * bid if made else PER_TRICK_OFF * abs(tricks - bid)) + counted


def bonus_on_miss(setup: Setup) -> bool:
    return setting(setup, BONUS_ON_MISS) is True


def counts_bonus(setup: Setup, bid: int, tricks: int) -> bool:
    """Whether a player's bonus counts: for a bid made, or any with ``bonus_on_miss``."""
    return bid == tricks or bonus_on_miss(setup)


def player_score(ctx: RoundContext, bid: int, tricks: int, bonus: int) -> int:
    """A player's score: as ruled, or by the house rules' ``made`` and ``missed``, the
    bonus added where it counts."""
    scoring = custom_scoring(ctx.setup)
    if scoring is None:
        return round_score(bid, tricks, ctx.hand_size, bonus, bonus_on_miss(ctx.setup))
    made, missed = scoring
    expression = made if bid == tricks else missed
    counted = bonus if counts_bonus(ctx.setup, bid, tricks) else 0
    return int(expression(bid, tricks, ctx.hand_size, ctx.n)) + counted


def _numbers(value: object, ctx: RoundContext, what: str) -> list[int]:
    return [as_int(v, what) for v in seat_list(ctx.setup, value, what)]


_SKULL_KING_RULES = (
    "pascalwils/scoring_pad assets/rules/skull_king-since2021-en.md (the 2021 edition's "
    "'Alternate rounds'); PremBamrung/skull-king-companion FINAL_RULES_en.md"
)


def _schedule(key: str, name: str, description: str, sizes: Sequence[int]) -> Preset:
    """One of Skull King's published schedules, cut to what 70 cards deal the table."""
    return Preset(key, name, description, {"hands": list(sizes)}, _SKULL_KING_RULES, PACK)


PRESETS: tuple[Preset, ...] = (
    Preset(AS_RULED, "As ruled", "10 rounds of 1 to 10 cards; the bids shown together."),
    Preset(
        "rascal",
        "Rascal",
        "Rascal's scoring: a direct hit 10 a card dealt, a glancing blow (one trick off) "
        "half, else nothing.",
        {"scoring": "custom", "made": "10 * h", "missed": "5 * h if abs(t - b) == 1 else 0"},
        "RULINGS.md, Skull King's house rules (the Rascal rules' scoring)",
    ),
    _schedule(
        "even-keeled",
        "Even keeled",
        "2, 2, 4, 4 ... 10, 10 cards.",
        (2, 2, 4, 4, 6, 6, 8, 8, 10, 10),
    ),
    _schedule("skip-to-the-brawl", "Skip to the brawl", "6 up to 10 cards.", (6, 7, 8, 9, 10)),
    _schedule("swift-n-salty", "Swift-n-salty", "Five rounds of 5 cards.", (5, 5, 5, 5, 5)),
    _schedule("broadside", "Broadside", "Ten rounds of 10 cards.", (10,) * 10),
    _schedule(
        "whirlpool", "Whirlpool", "9, 9, 7, 7 ... 1, 1 cards.", (9, 9, 7, 7, 5, 5, 3, 3, 1, 1)
    ),
    _schedule("bedtime", "Bedtime", "One round of 1 card.", (1,)),
)


class _SkullKingBids(TypedDict):
    bids: list[int]
    tricks: list[int]


class SkullKingRound(_SkullKingBids, total=False):
    """A round as the record holds it: every player's bid and tricks; their bonuses
    and the tricks the Kraken took, where there are any (``total=False``: optional keys,
    which the run-time check reads as mypy does)."""

    bonus: list[int]
    lost: int


class SkullKing(ScheduledHands[SkullKingRound]):
    messages = MESSAGES
    words = (
        "A 14",
        "The black 14",
        "A Mermaid taken by a Pirate",
        "A Pirate taken by the Skull King",
        "The Skull King taken by a Mermaid",
        "Loot",
        "bonus",
        "Lost",
        "lost tricks",
    )
    kinds = tuple(SkullKingStep)
    shapes = frozenset({Shape.PAD, Shape.SUM})
    key = "skull-king"
    seats_apart = True
    pack = PACK
    has_house_rules = True
    published_presets = PRESETS
    title = "Skull King"
    summary = (
        "Bid your tricks all at once; 20 a trick for the bid made, with bonuses for "
        "captures; a bid of 0 risks 10 a card."
    )
    min_players = 2
    max_players = 8
    # A bonus box beside the bid and the tricks; the lost tricks need no column of their
    # own (they are what the tricks leave of the hand, and a note says them).
    seat_boxes = ("Bid", "Took", "Bonus")
    seat_numbers: ClassVar[Mapping[str, int | None]] = {"bonus": MOST_BONUS}
    seat_least: ClassVar[Mapping[str, int]] = {"bonus": LEAST_BONUS}
    seat_lists = ("bids", "tricks", "bonus")
    round_numbers: ClassVar[Mapping[str, int | None]] = {"lost": None}
    options: ClassVar[tuple[Option, ...]] = (
        scoring_option("Standard: 20 a trick for a bid made, 10 a card for 0, and the bonus"),
        hands_option(replaces=None),
        BONUS_ON_MISS,
        replace(MADE, domain=EXPRESSIONS),
        replace(MISSED, domain=EXPRESSIONS),
        SEALED_BIDDING,
    )

    # --- The shape of the game -------------------------------------------------
    def presets(self, players: int | None = None) -> tuple[Preset, ...]:
        if players is None:
            return self.published_presets
        # The published schedules, each hand cut to what the pack deals these players.
        return tuple(replace(p, options=p.options_for(players)) for p in self.published_presets)

    def hands_as_ruled(self, setup: Setup) -> tuple[int, ...]:
        return hand_sizes(setup.n)

    # --- Entering a round ------------------------------------------------------
    def start(self, ctx: RoundContext) -> Draft:
        return {"bids": [None] * ctx.n, "tricks": [None] * ctx.n, "bonus": [None] * ctx.n}

    def lost(self, draft: Draft) -> int:
        return int(draft.get("lost") or 0)

    def tricks_left(self, ctx: RoundContext, draft: Draft) -> int:
        """The tricks not yet given to a player, nor lost."""
        taken: int = sum(t for t in draft["tricks"] if t is not None)
        return ctx.hand_size - self.lost(draft) - taken

    def made(self, draft: Draft) -> tuple[int, ...]:
        """The seats that took exactly their bid, once every trick is in."""
        return tuple(
            seat for seat, (b, t) in enumerate(zip(draft["bids"], draft["tricks"], strict=True))
            if b is not None and b == t
        )  # fmt: skip

    def bonus_seats(self, ctx: RoundContext, draft: Draft) -> tuple[int, ...]:
        """The seats whose bonus counts: those who made their bid, or (``bonus_on_miss``)
        every seat, once every trick is in."""
        if bonus_on_miss(ctx.setup):
            return tuple(range(ctx.n))
        return self.made(draft)

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        waiting = tuple(s for s in ctx.bid_order if draft["bids"][s] is None)
        if waiting:
            # Sealed, a bid given may change until the last is in; open, it stands.
            given = tuple(s for s in ctx.bid_order if draft["bids"][s] is not None)
            changing = given if self.bids_sealed(ctx, draft) else ()
            prompt, choices = bids_prompt(ctx, waiting), bid_choices(ctx, None)
            return Step(
                StepKind.BID, prompt, waiting[0], choices, seats=waiting, may_change=changing
            )
        if any(t is None for t in draft["tricks"]):
            return self.tricks_step(ctx, draft)
        counted = self.bonus_seats(ctx, draft)
        owed = tuple(s for s in ctx.bid_order if s in counted and draft["bonus"][s] is None)
        if owed:
            return self.bonus_step(ctx, draft, owed)
        return Step(StepKind.COMPLETE, Message("prompt_complete"))

    def tricks_step(self, ctx: RoundContext, draft: Draft) -> Step:
        """Tricks taken, a player at a time in bid order; more than are left is refused."""
        seat = next(s for s in ctx.bid_order if draft["tricks"][s] is None)
        left = self.tricks_left(ctx, draft)
        refusal = Message("skull_tricks_left", left=left, hand_size=ctx.hand_size)
        choices = tuple(
            Choice(str(t), str(t), None if t <= left else refusal) for t in range(ctx.hand_size + 1)
        )
        return Step(StepKind.TRICKS, Message("prompt_tricks", player=ctx.name(seat)), seat, choices)

    def bonus_step(self, ctx: RoundContext, draft: Draft, owed: tuple[int, ...]) -> Step:
        """The bonuses of the players who made their bid (``bonus_on_miss``: of every
        player), asked of them all at once: one tap says there are none (more) for
        anyone; a player's bonus is the printed bonuses tapped and added up at the
        table, any whole number -500..500 (cards that cost points taken off)."""
        given = any(bonus is not None for bonus in draft["bonus"])
        none_left = Message("skull_no_more_bonuses" if given else "skull_no_bonuses")
        choices = (
            Choice(NO_MORE, none_left),
            Choice("0", Message("skull_no_bonus")),
            *(Choice(str(bonus.points), Term(bonus.label)) for bonus in BONUSES),
        )
        prompt = self.bonus_prompt(ctx, owed)
        return Step(
            SkullKingStep.BONUS,
            prompt,
            owed[0],
            choices,
            low=LEAST_BONUS,
            high=MOST_BONUS,
            seats=owed,
            shape=Shape.SUM,
            lead=NO_MORE,
            whose=Message("skull_whose_bonus"),
        )

    def bonus_prompt(self, ctx: RoundContext, owed: tuple[int, ...]) -> str:
        """ "Ann made the bid: any bonus?"; with ``bonus_on_miss`` "Ann: any bonus?"."""
        names = names_and([ctx.name(s) for s in owed])
        if bonus_on_miss(ctx.setup):
            if len(owed) == 1:
                return Message("skull_prompt_bonus_any", player=ctx.name(owed[0]))
            return Message("skull_prompt_bonuses_any", players=names)
        if len(owed) == 1:
            return Message("skull_prompt_bonus_one", player=ctx.name(owed[0]))
        return Message("skull_prompt_bonuses", players=names)

    def alone(self, ctx: RoundContext, draft: Draft, step: Step, player: int) -> Step:
        """A player's own bonus, on their own phone: "No bonuses" for everyone is the
        table's to say; the player's own "No bonus" (0) and the printed bonuses stay."""
        if step.kind is not SkullKingStep.BONUS:
            return super().alone(ctx, draft, step, player)
        choices = tuple(choice for choice in step.choices if choice.value != NO_MORE)
        prompt = self.bonus_prompt(ctx, (player,))
        return replace(step, prompt=prompt, seat=player, seats=(player,), choices=choices, lead="")

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        value = entry.value
        number = value if isinstance(value, int) and not isinstance(value, bool) else None
        seat = entry.seat
        name = players[seat] if seat is not None and 0 <= seat < len(players) else ""
        if entry.kind == SkullKingStep.LOST and number is not None:
            return Message("entry_lost", lost=number)
        if entry.kind == SkullKingStep.BONUS and value == NO_MORE:
            return Message("entry_no_more_bonuses")
        if entry.kind == SkullKingStep.BONUS and number is not None:
            return Message("entry_bonus", player=name, bonus=number)
        return None

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Tricks nobody took may be entered while the tricks are (the Kraken)."""
        if self.next_step(ctx, draft).kind is not StepKind.TRICKS:
            return ()
        taken = sum(t for t in draft["tricks"] if t is not None)
        refusal = Message("skull_lost_left", left=ctx.hand_size - taken)
        choices = tuple(
            Choice(str(k), str(k), None if taken + k <= ctx.hand_size else refusal)
            for k in range(ctx.hand_size + 1)
        )
        prompt = Message("skull_prompt_lost")
        lost = Step(SkullKingStep.LOST, prompt, None, choices, place=Place.FOLDED, outlined=True)
        return (lost,)

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """The bids against the tricks (when sealed, once they are all shown), the lost."""
        notes: list[str] = []
        bids = draft["bids"]
        if any(b is not None for b in bids) and not self.bids_sealed(ctx, draft):
            notes.append(bid_balance(ctx.hand_size, bids))
        if self.lost(draft):
            notes.append(Message("skull_note_lost", lost=self.lost(draft)))
        return tuple(notes)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        kind = self.next_step(ctx, draft).kind
        if kind is StepKind.COMPLETE:
            raise RulesError(Message("round_complete"))
        if entry.kind == "bid":
            return self.enter_bid(ctx, draft, entry)
        if entry.kind == "lost":
            return self.enter_lost(ctx, draft, entry)
        if entry.kind == "tricks":
            if kind is not StepKind.TRICKS:
                raise RulesError(
                    Message("tricks_after_every_bid")
                    if kind is StepKind.BID
                    else Message("skull_tricks_in")
                )
            return self.enter_tricks(ctx, draft, entry)
        if entry.kind == "bonus":
            return self.enter_bonus(ctx, draft, entry)
        raise RulesError(Message("not_entered_in", kind=repr(entry.kind), game=self.title))

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        seat = check_bidder(ctx, seat)
        step = self.next_step(ctx, draft)
        alone = asked_alone(ctx, step, seat, step.choices)
        if alone is not None:
            return alone
        if step.kind is StepKind.BID:
            raise RulesError(Message("has_bid", player=ctx.name(seat)))
        if self.sealed(ctx.setup):
            raise RulesError(Message("bids_shown", player=ctx.name(seat)))
        raise RulesError(Message("bidding_over"))

    def enter_bid(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """Bids in any order. Sealed, a bid may be changed until the last one is in."""
        seat = check_bidder(ctx, entry.seat)
        step = self.bid_step(ctx, draft, seat)
        bids = list(draft["bids"])
        bids[seat] = int(step.choice(check_bid_range(ctx, seat, entry.value)).value)
        return {**draft, "bids": bids}

    def enter_lost(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        steps = self.optional_steps(ctx, draft)
        if not steps:
            raise RulesError(Message("skull_lost_when"))
        lost = as_int(entry.value, "lost")
        if not 0 <= lost <= ctx.hand_size:
            raise RulesError(Message("skull_lost_range", hand_size=ctx.hand_size, lost=lost))
        steps[0].choice(lost)  # refuses more than the tricks not yet taken
        return {**draft, "lost": lost}

    def enter_tricks(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """One player's tricks; with one player left, theirs are what is left."""
        step = self.tricks_step(ctx, draft)
        if entry.seat != step.player:
            raise RulesError(Message("tricks_asked", player=ctx.name(step.player)))
        tricks = list(draft["tricks"])
        tricks[step.player] = int(step.choice(entry.value).value)
        missing = [s for s in range(ctx.n) if tricks[s] is None]
        if len(missing) == 1:
            taken = sum(t for t in tricks if t is not None)
            tricks[missing[0]] = ctx.hand_size - self.lost(draft) - taken
        return {**draft, "tricks": tricks}

    def enter_bonus(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        step = self.next_step(ctx, draft)
        if step.kind is not SkullKingStep.BONUS:
            raise RulesError(Message("skull_bonus_when"))
        seat = entry.seat
        if seat is None and entry.value == NO_MORE:
            return self.enter_no_more(draft, step.seats)
        if seat not in step.seats:
            counted = self.bonus_seats(ctx, draft)
            if isinstance(seat, int) and 0 <= seat < ctx.n and seat not in counted:
                raise RulesError(Message("skull_bonus_missed", player=ctx.name(seat)))
            raise RulesError(Message("skull_bonus_asked", player=ctx.name(step.player)))
        assert isinstance(seat, int)
        if entry.value == NO_MORE:
            return self.enter_no_more(draft, step.seats)
        bonus = as_int(entry.value, "bonus")
        check_bonus(ctx, seat, bonus)
        given = list(draft["bonus"])
        given[seat] = bonus
        return {**draft, "bonus": given}

    def enter_no_more(self, draft: Draft, owed: Sequence[int]) -> Draft:
        """No bonus for any player still owed one: a round with no bonus ends in one tap."""
        given = list(draft["bonus"])
        for seat in owed:
            given[seat] = 0
        return {**draft, "bonus": given}

    def to_round(self, ctx: RoundContext, draft: Draft) -> SkullKingRound:
        """The bids and tricks; the bonuses and the lost tricks only where there are any."""
        rnd: SkullKingRound = {"bids": list(draft["bids"]), "tricks": list(draft["tricks"])}
        bonus = [b or 0 for b in draft["bonus"]]
        if any(bonus):
            rnd["bonus"] = bonus
        if self.lost(draft):
            rnd["lost"] = self.lost(draft)
        return rnd

    # --- Reading a round from a record -------------------------------------------
    def entries(self, ctx: RoundContext, rnd: SkullKingRound) -> list[Entry]:
        """Bids in bid order, the lost tricks, the tricks, then the bonuses of those
        who made their bid (``bonus_on_miss``: of everyone), as the table enters them:
        each bonus won, then one entry for the rest, who won none. A bonus beside a
        missed bid is checked and, but with ``bonus_on_miss``, counts nothing."""
        check_shape(rnd, SkullKingRound)
        bids = seat_list(ctx.setup, rnd["bids"], "bids")
        lost = as_int(rnd.get("lost", 0), "lost")
        if not 0 <= lost <= ctx.hand_size:
            raise RulesError(Message("skull_lost_range", hand_size=ctx.hand_size, lost=lost))
        bonus = _numbers(rnd.get("bonus", [0] * ctx.n), ctx, "bonus")
        for seat, points in enumerate(bonus):
            check_bonus(ctx, seat, points)
        tricks = _numbers(rnd["tricks"], ctx, "tricks")
        for seat, taken in enumerate(tricks):
            if taken < 0:
                raise RulesError(Message("tricks_negative", player=ctx.name(seat), tricks=taken))
        if sum(tricks) + lost != ctx.hand_size:
            raise RulesError(
                Message("skull_tricks_sum", total=sum(tricks), lost=lost, hand_size=ctx.hand_size)
            )
        entries = [Entry("bid", seat, bids[seat]) for seat in ctx.bid_order]
        if lost:
            entries.append(Entry("lost", None, lost))
        entries += [Entry("tricks", seat, tricks[seat]) for seat in ctx.bid_order[:-1]]
        made = [s for s in ctx.bid_order if counts_bonus(ctx.setup, bids[s], tricks[s])]
        entries += [Entry("bonus", seat, bonus[seat]) for seat in made if bonus[seat]]
        if any(not bonus[seat] for seat in made):
            entries.append(Entry("bonus", None, NO_MORE))
        return entries

    def bonuses(self, ctx: RoundContext, rnd: SkullKingRound) -> list[int]:
        return list(rnd.get("bonus", [0] * ctx.n))

    def score_round(self, ctx: RoundContext, rnd: SkullKingRound) -> tuple[int, ...]:
        return tuple(
            player_score(ctx, b, t, x)
            for b, t, x in zip(rnd["bids"], rnd["tricks"], self.bonuses(ctx, rnd), strict=True)
        )

    def bidder_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        """A bidder's score without a bonus (the house rules' preview asks every game)."""
        return player_score(ctx, bid, tricks, 0)

    def view(self, ctx: RoundContext, rnd: SkullKingRound) -> RoundView:
        bids, tricks, bonus = rnd["bids"], rnd["tricks"], self.bonuses(ctx, rnd)
        made = tuple(b == t for b, t in zip(bids, tricks, strict=True))
        breakdown = tuple(
            Message("skull_breakdown" if x > 0 else "skull_breakdown_minus",
                points=player_score(ctx, b, t, 0), bonus=abs(x), total=player_score(ctx, b, t, x))
            if counts_bonus(ctx.setup, b, t) and x else ""
            for b, t, x in zip(bids, tricks, bonus, strict=True)
        )  # fmt: skip
        lost = int(rnd.get("lost", 0))
        notes = (Message("skull_note_lost", lost=lost),) if lost else ()
        return RoundView(
            tuple(str(b) for b in bids),
            tuple(str(t) for t in tricks),
            notes,
            made,
            breakdown if any(breakdown) else (),
            counts=tuple(zip(bids, tricks, strict=True)),
        )

    def paper_row(self, ctx: RoundContext, rnd: SkullKingRound, view: RoundView) -> PaperRow:
        """A player's bid, tricks and the bonus that counted."""
        bonus = self.bonuses(ctx, rnd)
        counted = tuple(
            counts_bonus(ctx.setup, b, t) for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )
        seats = tuple(
            (view.bids[seat], view.tricks[seat], str(bonus[seat]) if counts and bonus[seat] else "")
            for seat, counts in enumerate(counted)
        )
        return PaperRow((), seats)


def check_bonus(ctx: RoundContext, seat: int, bonus: int) -> None:
    if not LEAST_BONUS <= bonus <= MOST_BONUS:
        raise RulesError(
            Message(
                "skull_bonus_range",
                player=ctx.name(seat),
                least=LEAST_BONUS,
                most=MOST_BONUS,
                bonus=bonus,
            )
        )
