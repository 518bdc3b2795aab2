"""The house rules' scoring in words: the common ways a family scores a bid made or
missed, each with its numbers, written as the ``made`` and ``missed`` expressions a
record keeps (RULINGS, "House rules", ``scoring: custom``), and read back from them.

"10 points, plus 2 a trick taken" is ``10 + 2 * t``; "minus 2 for every trick over
or under the bid" is ``-2 * abs(t - b)``. An expression is read back into words only
where the words write it again exactly (a preset's, a saved set's): any other stays
a formula, as it was typed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MissedHow(enum.StrEnum):
    """How a missed bid scores in words."""

    NOTHING = "nothing"  # 0
    OFF = "off"  # a number off for every trick over or under the bid
    EACH = "each"  # a number a trick taken


# The longest number read back into words: far over any table's scoring (an
# expression's score lies in -10000..10000 anyway).
NUMBER_DIGITS = 5
# What a bid is missed by, as the expressions write it.
MISSED_BY = "abs(t - b)"


def _per_trick(each: int) -> str:
    return "t" if each == 1 else f"{each} * t"


@dataclass(frozen=True)
class MadeInWords:
    """A made bid's score: ``points``, plus ``each`` a trick taken."""

    points: int
    each: int

    @property
    def expression(self) -> str:
        if self.each == 0:
            return str(self.points)
        if self.points == 0:
            return _per_trick(self.each)
        return f"{self.points} + {_per_trick(self.each)}"


@dataclass(frozen=True)
class MissedInWords:
    """A missed bid's score: nothing, ``number`` off for every trick over or under the
    bid, or ``number`` a trick taken (``MissedHow``)."""

    how: MissedHow
    number: int = 0

    @property
    def expression(self) -> str:
        if self.how is MissedHow.OFF:
            return f"-{MISSED_BY}" if self.number == 1 else f"-{self.number} * {MISSED_BY}"
        if self.how is MissedHow.EACH:
            return _per_trick(self.number)
        return "0"


def _number(text: str) -> int | None:
    if 0 < len(text) <= NUMBER_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None


def _number_a_trick(text: str) -> int | None:
    """The N of ``t`` (1) or ``N * t``, or None."""
    if text == "t":
        return 1
    number, times, name = text.partition(" * ")
    return _number(number) if times and name == "t" else None


def made_in_words(expression: str) -> MadeInWords | None:
    """The words of a made expression (``10 + 2 * t``: 10 points, plus 2 a trick), or
    None where the words do not write it exactly."""
    points, plus, rest = expression.partition(" + ")
    if plus:
        read = (_number(points), _number_a_trick(rest))
    elif (each := _number_a_trick(expression)) is not None:
        read = (0, each)
    else:
        read = (_number(expression), 0)
    made_points, made_each = read
    if made_points is None or made_each is None:
        return None
    words = MadeInWords(made_points, made_each)
    return words if words.expression == expression else None


def missed_in_words(expression: str) -> MissedInWords | None:
    """The words of a missed expression (``-2 * abs(t - b)``: 2 off for every trick
    over or under), or None where the words do not write it exactly."""
    words: MissedInWords | None = None
    if expression == "0":
        words = MissedInWords(MissedHow.NOTHING)
    elif expression.startswith("-") and expression.endswith(MISSED_BY):
        off = expression[1 : -len(MISSED_BY)].removesuffix(" * ")
        number = _number(off) if off else 1
        words = None if number is None else MissedInWords(MissedHow.OFF, number)
    elif (each := _number_a_trick(expression)) is not None:
        words = MissedInWords(MissedHow.EACH, each)
    return words if words is not None and words.expression == expression else None
