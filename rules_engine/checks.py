"""Checks on the values a record's round holds: whole numbers, one a player, known fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .core import TRUMPS, Setup
from .errors import RulesError
from .messages import Message, written
from .steps import Choice


def as_int(value: object, what: str) -> int:
    """A whole number (JSON's, not a string or true/false), or a RulesError naming ``what``:
    a record's field ("tricks"), or a word of the catalogue (``Term("a bid")``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise RulesError(Message("whole_number", what=what, value=written(value)))


def players_int(value: object, what: str, player: str) -> int:
    """A player's whole number (their tricks, their bid), or a RulesError naming the
    player and ``what`` (a word of the catalogue, ``Term("tricks")``): "Ann's tricks
    must be a whole number, not null"."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise RulesError(Message("whole_number_of", player=player, what=what, value=written(value)))


def seat_list(setup: Setup, value: object, what: str) -> list[Any]:
    """A list with one item a player, in seat order, or a RulesError."""
    if not isinstance(value, list) or len(value) != setup.n:
        raise RulesError(Message("one_each", what=what, count=setup.n))
    return value


def check_keys(rnd: object, required: Sequence[str], optional: Sequence[str] = ()) -> None:
    if not isinstance(rnd, Mapping):
        raise RulesError(Message("record_round_object"))
    for key in required:
        if key not in rnd:
            raise RulesError(Message("round_no_field", field=written(key)))
    for key in rnd:
        if key not in required and key not in optional:
            raise RulesError(Message("round_unknown_field", field=written(key)))


def declared(shape: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The keys a round's declared shape (a ``TypedDict``) requires, and those it
    allows, each in the order it declares them (a subclass's after its base's)."""
    keys = tuple(shape.__annotations__)
    required = shape.__required_keys__
    return (
        tuple(key for key in keys if key in required),
        tuple(key for key in keys if key not in required),
    )


def check_shape(rnd: object, shape: Any) -> None:
    """A record's round with the keys its declared shape requires, and none it does
    not declare: the run-time check reads the same declaration mypy does."""
    required, optional = declared(shape)
    check_keys(rnd, required, optional)


def trump_choices() -> tuple[Choice, ...]:
    return tuple(Choice(t, "no trump" if t == "none" else t) for t in TRUMPS)


def check_trump(value: object) -> str:
    if value not in TRUMPS:
        raise RulesError(Message("trump_value", trumps=", ".join(TRUMPS), value=written(value)))
    return str(value)
