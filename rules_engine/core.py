"""What every game shares: the setup, a round's context, steps, entries, the rules' shape."""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from .errors import RulesError
from .messages import Lowered, Message, Template, Term, comma_list
from .options import Option, OptionValue, Preset
from .teams import Partnerships

SUITS = ("spades", "hearts", "diamonds", "clubs")
TRUMPS = (*SUITS, "none")
# How a suit is written in a box of a paper score sheet.
SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣", "none": "NT"}
ARROW_SIGNS = {"left": "←", "right": "→", "across-left": "↖", "across-right": "↗"}

MAX_NAME = 40
"""A player's name has at most this many characters: it must fit a score sheet's column."""

USUAL_PLAYERS = 4
"""How many players a new game starts with, where the game allows four."""

Round = Mapping[str, Any]
"""A round as the record holds it (see the scorepad/1 spec): plain JSON data. A game
declares its own shape of it, a ``TypedDict`` (``bidding.BiddingRound``), and its class
is generic over that shape (``GameRules[BiddingRound]``); the shared code, which reads
every game's rounds, reads them as this."""

if TYPE_CHECKING:
    # A default for the round's type (PEP 696), which Python 3.12's own typing has not
    # at run time: mypy reads it from typing_extensions, so that ``GameRules`` alone
    # is any game's rules, whatever its round's shape (the registry's, the shared
    # code's). Nothing imports it at run time: the engine stays standard library only.
    from typing_extensions import TypeVar

    RoundT = TypeVar("RoundT", bound=Round, default=Any)
else:
    from typing import TypeVar

    RoundT = TypeVar("RoundT", bound=Round)

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


@dataclass(frozen=True)
class RoundContext:
    """One round as the rules see it before anything is said in it."""

    setup: Setup
    index: int
    hand_size: int
    totals_before: tuple[int, ...]
    # The dealer among the setup's players, where the deal did not simply pass round
    # them from the first dealer (players came and went: rules_engine/seating.py).
    dealt_by: int | None = None
    # The record's seat of each of the setup's players, where the round seats only some
    # of the record's players (its setup then holds those alone); empty: the same seats.
    seats: tuple[int, ...] = ()
    # What the rounds before carried over besides the totals (``GameRules.carried``:
    # Spades' bags, a team's); empty before the first round, and in most games.
    carried: tuple[int, ...] = ()

    @property
    def number(self) -> int:
        """The round's number as players count: 1-based."""
        return self.index + 1

    @property
    def n(self) -> int:
        return self.setup.n

    # Worked out once a round: the rules ask for them at every step of every replay.
    @cached_property
    def dealer(self) -> int:
        return self.setup.dealer(self.index) if self.dealt_by is None else self.dealt_by

    @cached_property
    def bid_order(self) -> tuple[int, ...]:
        """From the dealer's left round to the dealer, who bids last."""
        return tuple((self.dealer + 1 + k) % self.n for k in range(self.n))

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def seat(self, player: int) -> int:
        """The record's seat of the round's ``player`` (they differ where some sit out)."""
        return self.seats[player] if self.seats else player

    def player(self, seat: int) -> int | None:
        """The round's player at the record's ``seat``; None where that seat is not seated."""
        if not self.seats:
            return seat if 0 <= seat < self.n else None
        return self.seats.index(seat) if seat in self.seats else None

    def option(self, name: str) -> OptionValue:
        return self.setup.options[name]


class StepKind(enum.StrEnum):
    """What the table is asked for next, in the kinds every game may ask; a game's own
    kinds are its own (``GameRules.kinds``: Abracadabra's bid suits, Skull King's bonus)."""

    BID = "bid"  # one player's bid, from choices
    CALL = "call"  # one call in an auction (Sinker, Abracadabra)
    TRUMP = "trump"  # the trump turned up, or named
    TRICKS = "tricks"  # how many tricks one player took
    COMPLETE = "complete"  # the round is fully entered
    OVER = "over"  # the game has ended


class Shape(enum.StrEnum):
    """How the table draws a step: the screens draw these shapes, never a game."""

    PAD = "pad"  # buttons, one tapped: a number or a word (a bid, a call, a suit)
    TOGGLES = "toggles"  # boxes, several ticked, then Done (and ``Step.piles``, a second set)
    SUM = "sum"  # a number added up from taps of the choices, or typed (a bonus)
    GRID = "grid"  # a row a thing, a box a player, sent whole (``GameRules.grid``)
    ROLL = "roll"  # dice rolled by the server, or their faces tapped (``Step.dice``)


class Look(enum.StrEnum):
    """How the table draws a die's faces (``Die.look``): the screens draw these looks,
    never a game's dice."""

    SUIT = "suit"  # a suit's sign; "none", no trump (NT)
    PIPS = "pips"  # as many pips as the face's number; "none", a dash
    ARROW = "arrow"  # an arrow the face's way: "left", "right", "across-left", "across-right"

    def sign(self, face: str) -> str:
        """A face as one sign, as a button or a box shows it: ♠ or NT, 2 or –, ←."""
        if self is Look.SUIT:
            return SUIT_SIGNS.get(face, face)
        if self is Look.ARROW:
            return ARROW_SIGNS.get(face, face)
        return "–" if face == "none" else face


class Place(enum.StrEnum):
    """Where the table draws an optional step (``GameRules.optional_steps``)."""

    BELOW = "below"  # below the step, its buttons in view
    FOLDED = "folded"  # below the step, behind a button: a second pad is a tap from a mistake
    FIRST = "first"  # above the step, its first button (last deal's bid suits again)


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
class Answer:
    """What the table sends back for a step, as it was posted: text, not yet read.

    ``value`` is the button tapped; ``values`` the boxes ticked (tricks named or
    exposed); ``piles`` the players whose piles are ticked as shown; ``faces`` the
    faces of dice rolled by hand, (die, face) pairs (``value`` is then ``HAND``).

    A grid answered on one screen stands for several taps (``GameRules.taps``): its
    ``rows``, each a row's key and what was tapped in it (who won trick 5: ``("5",
    ("2",))``; the tricks a player names: ``("2", ("1", "4"))``); ``then`` the kinds
    of the steps that follow it, answered with nothing ticked ("Done, nothing exposed");
    ``rest`` the answer for every row of the grid posted without one (Abracadabra's
    "the rest to Ann": every trick still without a winner is Ann's).
    """

    kind: str
    seat: str = ""
    value: str = ""
    values: tuple[str, ...] = ()
    piles: tuple[str, ...] = ()
    faces: tuple[tuple[str, str], ...] = ()
    rows: tuple[tuple[str, tuple[str, ...]], ...] = ()
    then: tuple[str, ...] = ()
    rest: str = ""


HAND = "hand"
"""The answer to a roll that the table made with real dice: their faces are posted."""


@dataclass(frozen=True)
class Die:
    """One die of a roll: its field in the record's roll (``trump``), its name as
    players say it, its faces (each as the record writes it, as text: ``"2"``,
    ``"none"``), labelled as the die shows them, and how its faces are drawn."""

    key: str
    label: str
    faces: tuple[Choice, ...]
    look: Look


def read_number(text: str) -> int | None:
    """A whole number written in ASCII digits, maybe with one minus sign; else None.

    Only ASCII: ``"²"`` and ``"٣"`` are digits to Python but are no number typed here.
    """
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 5:
        return None
    return int(text)


@dataclass(frozen=True)
class Step:
    """The next thing to enter: whose turn, what is asked, what may be said."""

    kind: str  # a ``StepKind``, or a kind of the game's own (``GameRules.kinds``)
    prompt: str
    seat: int | None = None
    choices: tuple[Choice, ...] = ()
    # For steps answered with several numbers at once (named tricks): the range.
    low: int = 0
    high: int = 0
    # For steps asked of several players at once (Boerenbridge's bids): who.
    seats: tuple[int, ...] = ()
    # For a bid step: the players who have bid and may still change it now (sealed
    # bids until the last is in; Boerenbridge's dealer). ``GameRules.bid_step`` asks one.
    may_change: tuple[int, ...] = ()
    # For steps answered with several boxes: how many may be ticked (``most`` None: any).
    least: int = 0
    most: int | None = None
    # For the declaring (Abracadabra): the players whose pile may be shown, in seat order.
    piles: tuple[Choice, ...] = ()
    # For a roll (Brink Bid's dice): the roll, as the entry's value; and the dice, so
    # that a roll made by hand is entered by its faces.
    roll: Callable[[random.Random], Any] | None = field(default=None, compare=False, repr=False)
    dice: tuple[Die, ...] = ()
    # How the table draws it; the templates dispatch on this, never on the kind.
    shape: Shape = Shape.PAD
    # The value of the choice that answers for everyone asked at once, drawn first and
    # big on a form of its own ("No bonuses"); "" where there is none.
    lead: str = ""
    # For an optional step: where it is drawn; and whether its buttons are outlined,
    # unlike the step's own pad (the tricks nobody took, beside the tricks taken).
    place: Place = Place.BELOW
    outlined: bool = False
    # Where several players are asked at once, how the table asks whose answer it is
    # taking ("Whose bonus?"); "" for a bid's words.
    whose: str = ""
    # A number asked of one player, entered without asking where one alone is allowed
    # (as bids and tricks are: ``at_table.forced``).
    forcible: bool = False

    @property
    def player(self) -> int:
        """The seat asked, for a step that asks one player."""
        if self.seat is None:
            raise RulesError(Message("step_asks_no_one", prompt=self.prompt))
        return self.seat

    def choice(self, value: object) -> Choice:
        """The allowed choice for ``value``, or a RulesError with the refusal."""
        text = str(value).strip().lower() if not isinstance(value, bool) else ""
        for choice in self.choices:
            if choice.value == text:
                if choice.refused is not None:
                    raise RulesError(choice.refused)
                return choice
        raise RulesError(Message("not_said_here", value=repr(value), prompt=self.prompt))

    def entry(self, answer: Answer, rng: random.Random) -> Entry:
        """The entry ``answer`` makes at this step, or a RulesError saying why it cannot.

        Everything the step offers is read here, once: a roll is rolled (with ``rng``),
        ticked boxes must each be one of the choices, a number is ASCII digits. Whether
        the rules take the entry is theirs to say (``GameRules.enter``).
        """
        if answer.kind != self.kind:
            raise RulesError(Message("not_asked_now", kind=repr(answer.kind), prompt=self.prompt))
        if self.roll is not None:
            if answer.value == HAND or answer.faces:
                return Entry("dice", None, self.faces(answer.faces))
            return Entry("dice", None, self.roll(rng))
        seat = self.seat
        if answer.seat:
            seat = read_number(answer.seat)
            if seat is None or seat < 0:
                raise RulesError(Message("not_a_seat", seat=repr(answer.seat)))
        kind = str(self.kind)
        if self.shape is Shape.TOGGLES and not self.piles:
            return Entry(kind, seat, self.ticked(answer.values, self.choices))
        if self.shape is Shape.TOGGLES:
            # Two sets of boxes: the choices ticked, and each pile shown or not.
            shown = set(self.ticked(answer.piles, self.piles))
            value = {
                "exposed": self.ticked(answer.values, self.choices),
                "pile_exposed": [int(pile.value) in shown for pile in self.piles],
            }
            return Entry(kind, None, value)
        text = answer.value.strip().lower()
        number = read_number(text)
        if number is not None:
            return Entry(kind, seat, number)
        return Entry(kind, seat, self.choice(text).value)

    def faces(self, posted: Sequence[tuple[str, str]]) -> dict[str, Any]:
        """A roll made by hand: each die's face as tapped, written as the record
        writes it (a number as a number), or a RulesError naming the die."""
        faces = {die: face.strip().lower() for die, face in posted}
        dice = {die.key: die for die in self.dice}
        for key in faces:
            if key not in dice:
                raise RulesError(Message("die_unknown", die=repr(key), prompt=self.prompt))
        roll: dict[str, Any] = {}
        for die in self.dice:
            face = faces.get(die.key, "")
            if not face:
                raise RulesError(Message("die_face_missing", die=Term(die.label)))
            if face not in (choice.value for choice in die.faces):
                shown = comma_list([Term(choice.label) for choice in die.faces])
                raise RulesError(
                    Message("die_face", die=Term(die.label), face=repr(face), faces=shown)
                )
            number = read_number(face)
            roll[die.key] = face if number is None else number
        return roll

    def ticked(self, values: Sequence[str], choices: tuple[Choice, ...]) -> list[int]:
        """The numbers of the boxes ticked, sorted; each must be one of ``choices``, once."""
        offered = {choice.value: choice for choice in choices}
        numbers: list[int] = []
        for text in values:
            choice = offered.get(text.strip())
            if choice is None:
                raise RulesError(Message("not_a_box", value=repr(text), prompt=self.prompt))
            if choice.refused is not None:
                raise RulesError(choice.refused)
            number = int(choice.value)
            if number in numbers:
                raise RulesError(Message("ticked_twice", label=choice.label, prompt=self.prompt))
            numbers.append(number)
        return sorted(numbers)


@dataclass(frozen=True)
class GridBox:
    """One box of a grid: a player's in a row, the field it posts and its value."""

    seat: int
    name: str  # the field posted ("trick-5", "named-2")
    value: str  # what it posts there (the winner's seat, the trick named)
    # The player said this row would be theirs (named the trick).
    marked: bool = False
    # Ticked as proposed, the keeper's to change (a trick one player alone named).
    proposed: bool = False

    @property
    def key(self) -> str:
        """The box as a refused post is ticked again: its row's key and its value."""
        return f"{self.name.rsplit('-', 1)[-1]}:{self.value}"


@dataclass(frozen=True)
class GridRow:
    label: str  # the trick's number, or its bid card
    boxes: tuple[GridBox, ...]


@dataclass(frozen=True)
class GridColumn:
    """A player's column: how many boxes they tick (``least`` to ``most``), where a
    column is ticked more than once."""

    seat: int
    least: int = 0
    most: int | None = None


@dataclass(frozen=True)
class Grid:
    """Several taps answered on one screen (``Shape.GRID``, or the toggles of several
    players at once), a row a thing and a box a player, sent whole: what the game's
    ``GameRules.grid`` offers, read back by ``GameRules.taps``.

    ``one_a_row``: one box a row (who won each trick), else several a column (the
    tricks each player names). ``field``: the start of every posted box's field,
    ``value`` what the grid posts as its value (or nothing), ``then`` the kinds of the
    steps after it that a button answers with nothing (``Answer.then``), ``rest``
    whether a column's button gives that player every row left open (``Answer.rest``).
    """

    kind: str
    prompt: str
    field: str
    rows: tuple[GridRow, ...]
    columns: tuple[GridColumn, ...]
    one_a_row: bool
    value: str = ""
    then: tuple[str, ...] = ()
    rest: bool = False


@dataclass(frozen=True)
class Part:
    """One value of a cell of the sheet: a player's, one die's, one call's, one trick's."""

    key: str  # the seat ("0"), the die ("number"), the call or the trick (its index)
    label: str  # "Ann", "Number of cards", "trick 7"
    value: str  # as entered, as text ("" where there is none); ticked boxes: space-separated
    choices: tuple[Choice, ...]
    # A whole number from 0 to this, typed rather than chosen (Skull King's bonus, up
    # to 500), where ``choices`` would be too many to list; None where it is chosen.
    most: int | None = None
    # The least such a number may be (Skull King's bonus: -500).
    least: int = 0
    # Several of the choices at once (the tricks a player named); ``value`` lists them.
    many: bool = False

    @property
    def ticked(self) -> tuple[str, ...]:
        """The choices ticked, for a part of ``many``."""
        return tuple(self.value.split())


@dataclass(frozen=True)
class Cell:
    """A row of the sheet's round that may be corrected: every player's bids, the dice.

    ``shape`` says how its parts make the round's field: ``list`` (each part's key is
    its index in the field's list; a part not offered keeps its value), ``value`` (one
    part: the field itself, "" for none), ``flags`` (one part of ``many`` over the
    indexes of a list of true or false: the piles laid open). A correction's lines
    name a part's change with ``what`` ("Ann's call", "the trump").
    """

    number: int  # the round, 1-based
    field: str  # "bids", "tricks", "trump", "dice"
    label: str  # "Bids in round 3"
    parts: tuple[Part, ...]
    heading: str = ""  # what the correction page heads the row with ("Bid suits")
    what: str = ""  # a part's value as the change says it ("call", "bid suit")
    shape: str = "list"
    # Whether a value in digits is a number in the record (a bid), or text (Sinker's "3").
    numbers: bool = True


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
            raise RulesError(Message("entry_kind"))
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise RulesError(Message("entry_seat"))
        return cls(kind=data["kind"], seat=seat, value=data.get("value"))


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
    # Per player, where the game says it: how the round's score adds up
    # ("20 success + 7 tricks = 27"); empty where it does not.
    breakdown: tuple[str, ...] = field(default=())
    # Per player, (tricks bid, tricks taken) where the player bid a number of tricks,
    # None otherwise (sitting out, a call, thrown in): what statistics count over and
    # under by, as numbers rather than read back from the words above.
    counts: tuple[tuple[int, int] | None, ...] = field(default=())
    # The seat the bids row marks as declarer ("3*", Abracadabra), if any.
    declarer: int | None = None


@dataclass(frozen=True)
class PaperRow:
    """A round as a paper score sheet writes it, besides its number, dealer and points.

    ``boxes``: one cell a ``GameRules.round_boxes`` column; ``seats``: for each
    player, one cell a ``GameRules.seat_boxes`` column.
    """

    boxes: tuple[str, ...]
    seats: tuple[tuple[str, ...], ...]


class GameRules(ABC, Generic[RoundT]):  # noqa: UP046 (3.12's [T] syntax takes no default)
    """One game's rules.

    What a game must give: its ``key``, ``title``, ``summary``, ``min_players`` and
    ``max_players``, and the abstract methods, in three groups below: the shape of
    the game (``hand_size``, ``round_count``), entering a round (``start``,
    ``next_step``, ``enter``, ``to_round``) and reading one from a record
    (``entries``, ``score_round``, ``view``). Everything else it may give, and has
    a default for the games that do not: grouped as the players see it (its options
    and words; its paper sheet; its players and pack; what a correction offers; the
    table's screens; sealed bids). A game of a family (``BiddingInTurn``,
    ``ScheduledHands``) gives most of the methods through its family.
    """

    # --- What a game must give ------------------------------------------------------
    key: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    # --- What it may give: its options and its words ----------------------------------
    options: ClassVar[tuple[Option, ...]] = ()
    # Whether the game takes the house rules (RULINGS, "House rules") and offers presets.
    has_house_rules: ClassVar[bool] = False
    # The presets as published, whatever the table (see ``presets``).
    published_presets: ClassVar[tuple[Preset, ...]] = ()
    # What a game carries from round to round besides the totals (``carried``), as the
    # score's output names it ("bags"); "" where it carries nothing.
    carried_as: ClassVar[str] = ""
    # The game's own messages, code to English, added to the catalogue (``messages.add``).
    messages: ClassVar[Mapping[str, Template]] = {}
    # The game's own words given from its data, as terms or labels (its calls, its dice's
    # faces, its bonuses, its cells' headings), for the translations: with its summary,
    # options and presets they are its words to translate (``game_words``).
    words: ClassVar[tuple[str, ...]] = ()

    # --- What it may give: its paper sheet --------------------------------------------
    # What a paper score sheet has a box for once a round, besides the players'
    # columns (Brink Bid's three dice).
    round_boxes: ClassVar[tuple[str, ...]] = ()
    # A heading over the round boxes on paper ("Dice"), or none.
    round_boxes_heading: ClassVar[str] = ""
    # What a paper score sheet has a box for a player a round, before the points
    # and the running total.
    seat_boxes: ClassVar[tuple[str, ...]] = ("Bid", "Took")
    # What the marks in those boxes mean, printed under the sheet (or nothing).
    paper_key: ClassVar[str] = ""

    # --- What it may give: its players, its pack and its course -----------------------
    # The cards the hands are dealt from: a pack of 52, Wizard's 60 and Skull King's 70.
    pack: ClassVar[int] = 52
    # The ranks in the pack used to draw for the first dealer, low to high.
    draw_ranks: ClassVar[tuple[str, ...]] = (
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    )  # fmt: skip
    # Whether players may come and go between rounds, and the plan change (RULINGS,
    # "Players come and go"): not Sinker (exactly 2) nor Abracadabra.
    seats_apart: ClassVar[bool] = False
    # Whether a list of hands is played over and over (Boerenbridge plays to a score).
    repeats_hands: ClassVar[bool] = False

    # --- What it may give: its statistics ---------------------------------------------
    # What a player's statistics call the rounds they made of those they had to make.
    made_label: ClassVar[str] = "Bids made exactly"
    # Whether a miss is told apart as taking too many or too few tricks (a bid of a
    # number); not where the call is a kind of contract (Sinker's "zero", "all").
    counts_over_under: ClassVar[bool] = True

    # --- What it may give: its record's rounds, as a correction offers them -----------
    # The fields of a record's round that hold one value a player, in seat order.
    seat_lists: ClassVar[tuple[str, ...]] = ("bids", "tricks")
    # What is rolled once a round, by the record's field: each die and its faces as
    # the record writes them (Brink Bid's dice). A correction of the sheet offers these.
    round_faces: ClassVar[Mapping[str, Mapping[str, tuple[object, ...]]]] = {}
    # Whole numbers a round may hold besides the bids and tricks, 0 (their default, left
    # out of a round) up to a most (None: the hand size); a correction of the sheet
    # offers them even where a round left them out. A player's, one a seat (Skull
    # King's bonus), or the round's (its lost tricks).
    seat_numbers: ClassVar[Mapping[str, int | None]] = {}
    round_numbers: ClassVar[Mapping[str, int | None]] = {}
    # A player's number that may be less than 0, from this least (Skull King's bonus).
    seat_least: ClassVar[Mapping[str, int]] = {}

    # --- What it may give: its table --------------------------------------------------
    # The kinds of step the game asks besides ``StepKind``'s, its own (``AbracadabraStep``).
    kinds: ClassVar[tuple[str, ...]] = ()
    # The shapes its steps take at the table (the table loads what draws them).
    shapes: ClassVar[frozenset[Shape]] = frozenset({Shape.PAD})

    # --- Its players and presets (may) ------------------------------------------------
    @property
    def player_counts(self) -> str:
        """How many play, as players say it: "3 to 7", or "2" for a game of two."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return Message("players_from_to", least=self.min_players, most=self.max_players)

    def player_range(self, options: Mapping[str, object]) -> tuple[int, int]:
        """The fewest and the most players these options (as given) allow.

        Most games take the same counts whatever their options; Boerenbridge opens
        up from 4 to 3..7 with the house rule ``hands``.
        """
        return self.min_players, self.max_players

    @property
    def usual_players(self) -> int:
        """How many players a new game's form starts with: four, where the game allows."""
        return max(self.min_players, min(USUAL_PLAYERS, self.max_players))

    def most_cards(self, players: int) -> int:
        """The largest hand the pack deals ``players``."""
        return self.pack // players

    def presets(self, players: int | None = None) -> tuple[Preset, ...]:
        """The named sets of house rules offered, their hands dealt for ``players``
        (not given: as published, or for the game's players as ruled)."""
        return self.published_presets

    # --- The shape of the game (must: hand_size, round_count) -------------------------
    def check_setup(self, setup: Setup) -> None:
        """Refuse options that only make sense together (most games have none)."""
        return None

    @abstractmethod
    def hand_size(self, setup: Setup, index: int) -> int:
        raise NotImplementedError

    @abstractmethod
    def round_count(self, setup: Setup) -> int | None:
        """How many rounds the game has, or None where it plays to a score."""
        raise NotImplementedError

    def repeats(self, options: Mapping[str, object]) -> bool:
        """Whether these options deal the list of hands over and over, playing to a
        score (``repeats_hands``; Boerenbridge's ``end: hands`` deals it once)."""
        return self.repeats_hands

    def cycle(self, setup: Setup) -> int:
        """How many rounds a game that deals its list of hands over and over takes to
        deal it once (``repeats_hands``)."""
        return 1

    def goal(self, setup: Setup) -> str:
        """What the game plays to, where it has no fixed number of rounds."""
        return ""

    def new_total(self, total: int, score: int, setup: Setup | None = None) -> int:
        """A running total after a round's score (Boerenbridge's bounce reads the setup)."""
        return total + score

    def total_note(self, total: int, score: int, setup: Setup | None = None) -> str | None:
        """How ``score`` makes the new total, where it is more than a sum (a bounce)."""
        return None

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        return rounds_played == self.round_count(setup)

    def winners(self, setup: Setup, totals: tuple[int, ...]) -> tuple[int, ...]:
        return highest(totals)

    def partnerships(self, setup: Setup) -> Partnerships | None:
        """The teams of a game played by partners (rules_engine/teams.py), or None
        where every player plays for themselves. Partners carry the team's scores."""
        return None

    def carried(self, ctx: RoundContext, rnd: RoundT) -> tuple[int, ...]:
        """What a round checked by ``check_round`` carries over to the next besides
        the totals, from what the rounds before carried (``ctx.carried``): Spades'
        bags, a team's. Most games carry nothing."""
        return ()

    # --- Entering a round (must: start, next_step, enter, to_round) -------------------
    @abstractmethod
    def start(self, ctx: RoundContext) -> Draft:
        raise NotImplementedError

    def begin(self, ctx: RoundContext, earlier: Sequence[RoundT]) -> Draft:
        """A round's draft at the table, where the rounds before it (``earlier``, in
        order; none for the first, or where the seats changed) may offer a shortcut
        (Abracadabra's same bid suits)."""
        return self.start(ctx)

    @abstractmethod
    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        raise NotImplementedError

    @abstractmethod
    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """The draft after ``entry``, or a RulesError saying why it is refused."""
        raise NotImplementedError

    @abstractmethod
    def to_round(self, ctx: RoundContext, draft: Draft) -> RoundT:
        """The record's round for a complete draft."""
        raise NotImplementedError

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """What the table keeps in view while the round is entered ("over by 2")."""
        return ()

    def notes_for(self, ctx: RoundContext, draft: Draft, player: int) -> tuple[str, ...]:
        """The notes ``player``'s own phone shows: the table's, but where a player may
        see more than the table (sealed, a partner's bid: Spades' team contract)."""
        return self.notes(ctx, draft)

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Steps the table may take now besides the next one (recording the trump)."""
        return ()

    # --- The table's screens (may) ----------------------------------------------------
    def draft_view(self, ctx: RoundContext, draft: Draft) -> RoundView:
        """What was bid and taken so far in the round being entered, per player.

        Sealed, who has bid shows (a tick), not what, until the last bid is in.
        """
        if self.bids_sealed(ctx, draft):
            bids = tuple("" if b is None else "✓" for b in draft["bids"])
            return RoundView(bids, tuple("" for _ in range(ctx.n)))

        def cells(key: str) -> tuple[str, ...]:
            values = draft.get(key)
            if not isinstance(values, list) or len(values) != ctx.n:
                return tuple("" for _ in range(ctx.n))
            return tuple("" if v is None else str(v) for v in values)

        return RoundView(cells("bids"), cells("tricks"))

    def together(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The next step and those after it that the table may answer on one screen,
        in the order they are entered (Abracadabra's named tricks, every player's);
        none where the next step is asked alone."""
        return ()

    def taps(self, ctx: RoundContext, draft: Draft, answer: Answer) -> tuple[Answer, ...]:
        """The taps ``answer`` stands for, in the order they are entered: itself, but
        for a grid of the game's that the table answers on one screen (``Answer.rows``),
        whose every row is a tap of its own. Each is then read and checked as if tapped
        alone (``entering.play_answer``)."""
        return (answer,)

    def grid(self, ctx: RoundContext, draft: Draft) -> Grid | None:
        """The grid the table answers the next steps on, sent whole (``taps`` reads it),
        or None where the next step is drawn alone."""
        return None

    def rolled(self, draft: Draft) -> tuple[tuple[Die, str], ...] | None:
        """What was rolled this round (``Shape.ROLL``), once it was: each die with the
        face it shows, as the record writes it."""
        return None

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        """An entry of the game's own kinds in a few words, as Undo and Redo name it
        ("Ann's bonus of 30"), or None for the kinds every game shares
        (``undo_redo.describe``)."""
        return None

    # --- Sealed bids, and a phone held by one player (may) ----------------------------
    def bidding_seats(self, ctx: RoundContext) -> tuple[int, ...]:
        """The players who bid this round, in bid order (Boerenbridge leaves some out)."""
        return ctx.bid_order

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        """The bid ``seat`` may give now, or change (a sealed bid until the last is in),
        asked of that player alone: its prompt and choices, the refused ones with why.

        A RulesError says why ``seat`` may not bid now. A phone held by one player asks
        this rather than the table's next step, which may ask another player first.
        Games with bids say; the others take none.
        """
        raise RulesError(Message("not_entered_in", kind=repr("bid"), game=self.title))

    def alone(self, ctx: RoundContext, draft: Draft, step: Step, player: int) -> Step:
        """``step``, asked of several players at once (``Step.seats``), as a phone held
        by ``player`` alone asks it: that player's share of it. By default the same
        step, asked of that player; a game whose step answers for everyone at once
        (Skull King's "No bonuses") leaves that answer to the table."""
        return replace(step, seat=player, seats=(player,))

    def sealed(self, setup: Setup) -> bool:
        """Whether bids are given unseen and shown together (the house rule ``bidding``)."""
        option = next((o for o in self.options if o.name == "bidding"), None)
        return option is not None and setup.options.get("bidding", option.default) == "sealed"

    def bids_sealed(self, ctx: RoundContext, draft: Draft) -> bool:
        """Whether the bids given so far must stay unseen: sealed, and one still to come.

        RULINGS, "House rules", ``bidding``: sealed bids are shown together once the
        last is in, so until then no screen may say what a bid is, only that it is given.
        """
        bids = draft.get("bids")
        if not self.sealed(ctx.setup) or draft.get("rebid"):  # a dealer's bid again is open
            return False
        return isinstance(bids, list) and any(bids[s] is None for s in self.bidding_seats(ctx))

    def corrected_round(self, rnd: dict[str, Any]) -> dict[str, Any]:
        """A round whose cells were corrected, with what the correction made moot taken
        out (Spades: a blind nil whose bid is no longer 0 is no longer blind)."""
        return rnd

    # --- Reading a round from a record (must: entries, score_round, view) -------------
    @abstractmethod
    def entries(self, ctx: RoundContext, rnd: RoundT) -> list[Entry]:
        """The entries that, made at the table, give this round of a record."""
        raise NotImplementedError

    @abstractmethod
    def score_round(self, ctx: RoundContext, rnd: RoundT) -> tuple[int, ...]:
        """Each player's score for a round already checked by ``check_round``."""
        raise NotImplementedError

    @abstractmethod
    def view(self, ctx: RoundContext, rnd: RoundT) -> RoundView:
        raise NotImplementedError

    def check_round(self, ctx: RoundContext, rnd: RoundT) -> None:
        """Refuse a record's round that could not have been entered at the table.

        The round is replayed entry by entry through the same rules the table
        screens use, so a record and the table can never disagree on a rule.
        Sealed bids are checked as open ones: the record holds the bids as finally
        shown, which obey the hook exactly as under open bidding (RULINGS, "House
        rules", ``bidding``), so a hooked round is refused with the hook's reason.
        """
        if self.sealed(ctx.setup):
            opened = {**ctx.setup.options, "bidding": "open"}
            ctx = replace(ctx, setup=replace(ctx.setup, options=opened))
        draft = self.start(ctx)
        for entry in self.entries(ctx, rnd):
            step = self.next_step(ctx, draft)
            if step.kind is StepKind.COMPLETE:
                raise RulesError(Message("round_too_full"))
            draft = self.enter(ctx, draft, entry)
        step = self.next_step(ctx, draft)
        if step.kind is not StepKind.COMPLETE:
            raise RulesError(Message("round_not_finished", step=Lowered(step.prompt)))

    # --- Paper and corrections (may) --------------------------------------------------
    def paper_row(self, ctx: RoundContext, rnd: RoundT, view: RoundView) -> PaperRow:
        """The round's boxes on a paper sheet, for a round ``check_round`` accepted.

        By default the round boxes are left empty and a player's are the bid and
        the tricks of ``view``; a game whose sheet has other boxes says so here.
        """
        return plain_paper_row(self, view, ctx.n)

    def round_cells(self, ctx: RoundContext, rnd: RoundT) -> tuple[Cell, ...]:
        """The fields of a played round this game has a cell of its own for, a value
        at a time, as entered (Abracadabra's whole deal, Sinker's calls): corrected on
        the sheet with the other values kept. A round the cells of the bids, tricks,
        trump, dice and whole numbers cover (``cells.py``) needs none."""
        return ()


def game_words(rules: GameRules) -> tuple[str, ...]:
    """Every word of a game's own that the players read, from its data, once each (not
    its messages: ``messages``): its
    summary, sheet boxes and key, options, presets (for every count of players) and
    ``words``. The web layer marks them for translation (``manage.py engine_templates``)."""
    words = [
        rules.summary,
        rules.paper_key,
        rules.made_label,
        rules.round_boxes_heading,
        *rules.round_boxes,
        *rules.seat_boxes,
    ]
    for option in rules.options:
        words += [option.label, option.help, *(choice.label for choice in option.choices)]
    for players in (None, *range(rules.min_players, rules.max_players + 1)):
        for preset in rules.presets(players):
            # A preset worked out for a count of players says so in a message of its own.
            words += [text for text in (preset.name, preset.description) if type(text) is str]
    words += rules.words
    return tuple(dict.fromkeys(word for word in words if word))


def plain_paper_row(rules: GameRules, view: RoundView, players: int) -> PaperRow:
    """Empty round boxes, and a player's boxes filled from the bid and tricks shown
    (for the default sheet, and a round that needs correcting)."""
    boxes = tuple("" for _ in rules.round_boxes)
    width = len(rules.seat_boxes)
    seats = []
    for seat in range(players):
        shown = [view.bids[seat], view.tricks[seat]] if seat < len(view.bids) else []
        if width == 1:
            shown = shown[1:]  # the tricks: a one-box sheet (Sinker's) has no bid box
        seats.append(tuple((shown + [""] * width)[:width]))
    return PaperRow(boxes, tuple(seats))
