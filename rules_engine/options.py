"""Game options: what each one changes, its values and its default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .errors import RulesError

OptionValue = str | int | bool | None
OptionKind = Literal["choice", "int", "bool"]


@dataclass(frozen=True)
class OptionChoice:
    value: str | int
    label: str


@dataclass(frozen=True)
class Option:
    """One option of a game, as the setup screen and the record know it."""

    name: str
    label: str
    help: str
    kind: OptionKind
    default: OptionValue
    choices: tuple[OptionChoice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> OptionValue:
        """The value if this option can take it, else a RulesError saying why."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise RulesError(f"option {self.name} is true or false, not {value!r}")
        if self.kind == "int":
            if value is None and self.default is None:
                return None
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"option {self.name} is a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise RulesError(f"option {self.name} is at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise RulesError(f"option {self.name} is at most {self.maximum}, not {value}")
            return value
        allowed = [choice.value for choice in self.choices]
        # A choice value is matched exactly: "4" is not 4, and True is not 1.
        for choice_value in allowed:
            if type(choice_value) is type(value) and choice_value == value:
                return choice_value
        shown = ", ".join(str(v) for v in allowed)
        raise RulesError(f"option {self.name} is one of {shown}, not {value!r}")


def resolve_options(
    options: tuple[Option, ...], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Every option of a game, the given ones checked and the rest at their defaults."""
    known = {option.name: option for option in options}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise RulesError(f"unknown option {name!r} (this game's options: {names})")
    return {
        option.name: option.check(given[option.name]) if option.name in given else option.default
        for option in options
    }
