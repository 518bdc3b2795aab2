"""What every game shares: the setup, a round's context, steps, entries, seats."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import RulesError
from .options import Option, OptionValue

SUITS = ("spades", "hearts", "diamonds", "clubs")
TRUMPS = (*SUITS, "none")

Round = Mapping[str, Any]
"""A round as the record holds it (see the scorepad/1 spec): plain JSON data."""

Draft = dict[str, Any]
"""A round being entered: the game's own working state, plain JSON-like data."""


@dataclass(frozen=True)
class Setup:
    """Who plays what: everything about a game that is fixed before the first deal."""

    game: str
    options: Mapping[str, OptionValue]
    players: tuple[str, ...]
    first_dealer: int

    @property
    def n(self) -> int:
        return len(self.players)

    def dealer(self, index: int) -> int:
        """The dealer of round ``index`` (0-based): the deal passes clockwise."""
        return (self.first_dealer + index) % self.n

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.n

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.n


@dataclass(frozen=True)
class RoundContext:
    """One round as the rules see it before anything is said in it."""

    setup: Setup
    index: int
    hand_size: int
    totals_before: tuple[int, ...]

    @property
    def number(self) -> int:
        """The round's number as players count: 1-based."""
        return self.index + 1

    @property
    def n(self) -> int:
        return self.setup.n

    @property
    def dealer(self) -> int:
        return self.setup.dealer(self.index)

    @property
    def bid_order(self) -> tuple[int, ...]:
        """From the dealer's left round to the dealer, who bids last."""
        return tuple((self.dealer + 1 + k) % self.n for k in range(self.n))

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def option(self, name: str) -> OptionValue:
        return self.setup.options[name]


class StepKind(enum.StrEnum):
    """What the table is asked for next."""

    ROLL = "roll"  # Brink Bid: roll the three dice
    BID = "bid"  # one player's bid, from choices
    CALL = "call"  # one call in an auction (Sinker, Abracadabra)
    TRUMP = "trump"  # the declarer names trump (Abracadabra variant)
    SUIT = "suit"  # one player's bid suit (Abracadabra)
    NAME = "name"  # the tricks one player names (Abracadabra)
    DECLARE = "declare"  # the declarer's right-hand tricks and exposed piles (Abracadabra)
    TRICK = "trick"  # who won one trick (Abracadabra)
    SUIT_CARDS = "suit_cards"  # cards of their own bid suit one player took (Abracadabra)
    TRICKS = "tricks"  # how many tricks one player took
    COMPLETE = "complete"  # the round is fully entered
    OVER = "over"  # the game has ended


@dataclass(frozen=True)
class Choice:
    """One thing that may be said at a step, or that is refused, and why."""

    value: str
    label: str
    refused: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refused is None


@dataclass(frozen=True)
class Step:
    """The next thing to enter: whose turn, what is asked, what may be said."""

    kind: StepKind
    prompt: str
    seat: int | None = None
    choices: tuple[Choice, ...] = ()
    # For steps answered with several numbers at once (named tricks): the range.
    low: int = 0
    high: int = 0
    # For steps asked of several players at once (Boerenbridge's bids): who.
    seats: tuple[int, ...] = ()

    @property
    def player(self) -> int:
        """The seat asked, for a step that asks one player."""
        if self.seat is None:
            raise RulesError(f"{self.prompt}: this step asks no one player")
        return self.seat

    def choice(self, value: object) -> Choice:
        """The allowed choice for ``value``, or a RulesError with the refusal."""
        text = str(value).strip().lower() if not isinstance(value, bool) else ""
        for choice in self.choices:
            if choice.value == text:
                if choice.refused is not None:
                    raise RulesError(choice.refused)
                return choice
        raise RulesError(f"{value!r} is not something that can be said here ({self.prompt})")


@dataclass(frozen=True)
class Entry:
    """One thing entered at the table: a bid, a call, a roll, a trick winner...

    A round in progress is kept as the list of its entries; replaying them through
    the game's rules gives its state, and dropping the last one undoes it.
    """

    kind: str
    seat: int | None = None
    value: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "value": self.value}

    @classmethod
    def from_json(cls, data: object) -> Entry:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise RulesError("an entry must say what kind of entry it is")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise RulesError("an entry's seat must be a seat number")
        return cls(kind=data["kind"], seat=seat, value=data.get("value"))


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def as_int(value: object, what: str) -> int:
    """A whole number (JSON's, not a string or true/false), or a RulesError naming ``what``."""
    if isinstance(value, bool):
        raise RulesError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    raise RulesError(f"{what} must be a whole number, not {value!r}")


def seat_list(setup: Setup, value: object, what: str) -> list[Any]:
    """A list with one item a player, in seat order, or a RulesError."""
    if not isinstance(value, list) or len(value) != setup.n:
        raise RulesError(f"{what} must list one value for each of the {setup.n} players")
    return value


def check_keys(rnd: Round, required: Sequence[str], optional: Sequence[str] = ()) -> None:
    if not isinstance(rnd, Mapping):
        raise RulesError("a round must be a JSON object")
    for key in required:
        if key not in rnd:
            raise RulesError(f"the round has no {key!r}")
    for key in rnd:
        if key not in required and key not in optional:
            raise RulesError(f"the round has an unknown field {key!r}")


def trump_choices() -> tuple[Choice, ...]:
    return tuple(Choice(t, "no trump" if t == "none" else t) for t in TRUMPS)


def check_trump(value: object) -> str:
    if value not in TRUMPS:
        raise RulesError(f"trump must be one of {', '.join(TRUMPS)}, not {value!r}")
    return str(value)


def tricks_step(ctx: RoundContext, draft: Draft) -> Step:
    """Tricks taken, one player at a time, in bid order; the last one is worked out.

    ``draft["tricks"]`` holds each seat's tricks or None. Every choice above what is
    left of the hand is refused, so the tricks always add up to the hand size.
    """
    tricks: list[int | None] = draft["tricks"]
    seat = next(s for s in ctx.bid_order if tricks[s] is None)
    left = ctx.hand_size - sum(t for t in tricks if t is not None)
    choices = tuple(
        Choice(
            str(t),
            str(t),
            None if t <= left else f"only {plural(left, 'trick')} of {ctx.hand_size} are left",
        )
        for t in range(ctx.hand_size + 1)
    )
    return Step(StepKind.TRICKS, f"Tricks {ctx.name(seat)} took", seat, choices)


def enter_tricks(ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
    """Take one player's tricks; with one player left, fill in theirs."""
    step = tricks_step(ctx, draft)
    if entry.seat != step.player:
        raise RulesError(f"it is {ctx.name(step.player)}'s tricks that are asked for")
    tricks = list(draft["tricks"])
    tricks[step.player] = int(step.choice(entry.value).value)
    missing = [s for s in range(ctx.n) if tricks[s] is None]
    if len(missing) == 1:
        tricks[missing[0]] = ctx.hand_size - sum(t for t in tricks if t is not None)
    return {**draft, "tricks": tricks}


def tricks_entries(ctx: RoundContext, value: object) -> list[Entry]:
    """The entries that give a round's tricks, after checking they add up."""
    tricks = [as_int(t, "tricks") for t in seat_list(ctx.setup, value, "tricks")]
    for seat, t in enumerate(tricks):
        if t < 0:
            raise RulesError(f"{ctx.name(seat)} cannot take {t} tricks")
    if sum(tricks) != ctx.hand_size:
        raise RulesError(
            f"the tricks add up to {sum(tricks)}, but {plural(ctx.hand_size, 'trick')} were played"
        )
    return [Entry("tricks", seat, tricks[seat]) for seat in ctx.bid_order[:-1]]


def highest(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats on the highest total: the winners, ties shared."""
    top = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == top)


@dataclass(frozen=True)
class RoundView:
    """How a round reads on the score sheet: per player, what was bid and taken."""

    bids: tuple[str, ...]
    tricks: tuple[str, ...]
    notes: tuple[str, ...] = field(default=())
    # Per player: whether they made their bid (or contract, or named tricks),
    # None where they had nothing to make (sitting out, not the bidder, thrown in).
    made: tuple[bool | None, ...] = field(default=())


class GameRules:
    """One game's rules. Subclasses set the class data and implement the methods."""

    key: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # What a paper score sheet has a box for once a round, besides the players'
    # columns (Brink Bid's three dice).
    round_boxes: ClassVar[tuple[str, ...]] = ()
    # The ranks in the pack used to draw for the first dealer, low to high.
    draw_ranks: ClassVar[tuple[str, ...]] = (
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    )  # fmt: skip

    # --- The shape of the game -------------------------------------------------
    def check_setup(self, setup: Setup) -> None:
        """Refuse options that only make sense together (most games have none)."""

    def hand_size(self, setup: Setup, index: int) -> int:
        raise NotImplementedError

    def round_count(self, setup: Setup) -> int | None:
        """How many rounds the game has, or None where it plays to a score."""
        raise NotImplementedError

    def goal(self, setup: Setup) -> str:
        """What the game plays to, where it has no fixed number of rounds."""
        return ""

    def new_total(self, total: int, score: int) -> int:
        return total + score

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        return rounds_played == self.round_count(setup)

    def winners(self, setup: Setup, totals: tuple[int, ...]) -> tuple[int, ...]:
        return highest(totals)

    # --- Entering a round ------------------------------------------------------
    def start(self, ctx: RoundContext) -> Draft:
        raise NotImplementedError

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        raise NotImplementedError

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """The draft after ``entry``, or a RulesError saying why it is refused."""
        raise NotImplementedError

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """What the table keeps in view while the round is entered ("over by 2")."""
        return ()

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Steps the table may take now besides the next one (recording the trump)."""
        return ()

    def draft_view(self, ctx: RoundContext, draft: Draft) -> RoundView:
        """What was bid and taken so far in the round being entered, per player."""

        def cells(key: str) -> tuple[str, ...]:
            values = draft.get(key)
            if not isinstance(values, list) or len(values) != ctx.n:
                return tuple("" for _ in range(ctx.n))
            return tuple("" if v is None else str(v) for v in values)

        return RoundView(cells("bids"), cells("tricks"))

    def to_round(self, ctx: RoundContext, draft: Draft) -> dict[str, Any]:
        """The record's round for a complete draft."""
        raise NotImplementedError

    # --- Reading a round from a record -------------------------------------------
    def entries(self, ctx: RoundContext, rnd: Round) -> list[Entry]:
        """The entries that, made at the table, give this round of a record."""
        raise NotImplementedError

    def score_round(self, ctx: RoundContext, rnd: Round) -> tuple[int, ...]:
        """Each player's score for a round already checked by ``check_round``."""
        raise NotImplementedError

    def view(self, ctx: RoundContext, rnd: Round) -> RoundView:
        raise NotImplementedError

    def check_round(self, ctx: RoundContext, rnd: Round) -> None:
        """Refuse a record's round that could not have been entered at the table.

        The round is replayed entry by entry through the same rules the table
        screens use, so a record and the table can never disagree on a rule.
        """
        draft = self.start(ctx)
        for entry in self.entries(ctx, rnd):
            step = self.next_step(ctx, draft)
            if step.kind is StepKind.COMPLETE:
                raise RulesError("the round has more in it than the rules allow")
            draft = self.enter(ctx, draft, entry)
        step = self.next_step(ctx, draft)
        if step.kind is not StepKind.COMPLETE:
            raise RulesError(
                f"the round is not finished: {step.prompt[0].lower()}{step.prompt[1:]}"
            )


def bid_balance(hand_size: int, bids: Sequence[int | None]) -> str:
    """The bids so far against the tricks in play: "bids 8 of 10: under by 2"."""
    total = sum(b for b in bids if b is not None)
    if total == hand_size:
        where = "exactly the tricks"
    elif total > hand_size:
        where = f"over by {total - hand_size}"
    else:
        where = f"under by {hand_size - total}"
    return f"bids {total} of {plural(hand_size, 'trick')}: {where}"
