"""A step of a round and its shapes: what the table is asked next (``Step``: its kind,
its ``Shape`` and ``Place``, its choices, its dice and how their faces look), what the
table posts back (``Answer``), a grid of taps answered on one screen (``Grid``), and the
``Entry`` an answer makes."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError
from .messages import Message, Term, comma_list

# How a suit is written in a box of a paper score sheet.
SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣", "none": "NT"}
ARROW_SIGNS = {"left": "←", "right": "→", "across-left": "↖", "across-right": "↗"}


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
