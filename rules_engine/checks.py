"""Checks on the values a record's round holds: whole numbers, one a player, known fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .core import TRUMPS, Choice, Round, Setup
from .errors import RulesError


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
