"""Game options: what each one changes, its values and its default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .errors import RulesError
from .expressions import PACK_OF_52, Domain, read_expression
from .messages import Message, Term, written

OptionValue = str | int | bool | tuple[int, ...] | None
# "hands": a list of hand sizes (kept as a tuple); "expression": a house rule's
# scoring, checked by ``expressions.read_expression`` when it is given.
OptionKind = Literal["choice", "int", "bool", "hands", "expression"]

MOST_ROUNDS_LISTED = 60
# RULINGS, "Length": an option that fixes the number of rounds (``deals``) is 1..200,
# as many as a game holds (record.MOST_ROUNDS).
MOST_DEALS = 200


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
    # An "int" option that may also be null, meaning none (Boerenbridge's sit_out).
    nullable: bool = False
    # Options that may not be given beside this one (``hands`` replaces ``style``).
    excludes: tuple[str, ...] = ()
    # A house rule (RULINGS, "House rules"): the setup screen shows it apart.
    house_rule: bool = False
    # An option given only with another at one value (``made`` and ``missed``, with
    # ``scoring: custom``): that option's name and value, which giving this one sets.
    only_with: tuple[str, str] | None = None
    # Refused where another option is given at one value (``target`` and ``bounce``,
    # with Boerenbridge's ``end: hands``): that option's name and value.
    refused_with: tuple[str, str] | None = None
    # Another default where another option is given at one value (``sit_out``: nobody,
    # with ``end: hands``): that option's name and value, and this default.
    default_with: tuple[str, str, OptionValue] | None = None
    # For an "expression": the rounds it is checked over (a game with another pack
    # gives its own, e.g. ``dataclasses.replace(MADE, domain=...)``).
    domain: Domain = PACK_OF_52

    def check(self, value: object) -> OptionValue:
        """The value if this option can take it, else a RulesError saying why."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self.refused(Message("option_bool", name=self.name, value=written(value)))
        if self.kind == "hands":
            return self.check_hands(value)
        if self.kind == "expression":
            read_expression(value, self.name, self.domain)
            assert isinstance(value, str)
            return value
        if self.kind == "int":
            if value is None and (self.default is None or self.nullable):
                return None
            if not isinstance(value, int) or isinstance(value, bool):
                raise self.refused(Message("option_int", name=self.name, value=written(value)))
            if self.minimum is not None and value < self.minimum:
                raise self.refused(
                    Message("option_minimum", name=self.name, minimum=self.minimum, value=value)
                )
            if self.maximum is not None and value > self.maximum:
                raise self.refused(
                    Message("option_maximum", name=self.name, maximum=self.maximum, value=value)
                )
            return value
        allowed = [choice.value for choice in self.choices]
        # A choice value is matched exactly: "4" is not 4, and True is not 1.
        for choice_value in allowed:
            if type(choice_value) is type(value) and choice_value == value:
                return choice_value
        shown = ", ".join(str(v) for v in allowed)
        raise self.refused(
            Message("option_choice", name=self.name, choices=shown, value=written(value))
        )

    def check_hands(self, value: object) -> tuple[int, ...]:
        """A list of hand sizes, 1 to 60 of them, each at least 1 (the most a pack
        allows depends on the players, and the game checks it with them)."""
        if not isinstance(value, list | tuple):
            raise self.refused(Message("option_hands_list", name=self.name, value=written(value)))
        if not 1 <= len(value) <= MOST_ROUNDS_LISTED:
            count = len(value)
            raise self.refused(
                Message("option_hands_count", name=self.name, most=MOST_ROUNDS_LISTED, count=count),
                Message("hands_count", most=MOST_ROUNDS_LISTED, count=count),
            )
        for size in value:
            if not isinstance(size, int) or isinstance(size, bool):
                raise RulesError.of_option(
                    self.name, Message("hand_size_whole", value=written(size))
                )
            if size < 1:
                raise RulesError.of_option(self.name, Message("hand_at_least_one", value=size))
        return tuple(value)

    def refused(self, message: str, reason: str | None = None) -> RulesError:
        """A refusal of this option's value (``reason``: said beside its field)."""
        return RulesError(message, option=self.name, reason=reason)

    def default_for(self, given: Mapping[str, object]) -> OptionValue:
        """This option's value where it is not given, beside the options that are."""
        if self.default_with is not None:
            switch, value, default = self.default_with
            if given.get(switch) == value:
                return default
        return self.default


def resolve_options(
    options: tuple[Option, ...], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Every option of a game, the given ones checked and the rest at their defaults."""
    known = {option.name: option for option in options}
    for name in given:
        if name not in known:
            names = ", ".join(known) or Term("none")
            raise RulesError(Message("option_unknown", name=written(name), names=names))
        for other in known[name].excludes:
            if other in given:
                raise RulesError(Message("options_exclusive", other=other, name=name), option=name)
        refused_with = known[name].refused_with
        if refused_with is not None and given.get(refused_with[0]) == refused_with[1]:
            setting = f"{refused_with[0]}: {refused_with[1]}"
            refusal = Message("option_refused_with", name=name, setting=setting)
            beside = Message("refused_with", setting=setting)  # said beside its field
            raise RulesError(refusal, option=name, reason=beside)
    return {
        option.name: option.check(given[option.name])
        if option.name in given
        else option.default_for(given)
        for option in options
    }


AS_RULED = "as-ruled"


@dataclass(frozen=True)
class Preset:
    """A named set of house rules, as a family or a published rule book plays it."""

    key: str
    name: str
    description: str
    options: Mapping[str, object] = field(default_factory=dict)
    # Where this way of playing is published (for the code's readers, not shown).
    source: str = ""
    # A published schedule of hands for any table (Skull King's): each entry is cut
    # to the most a pack of this many cards deals the players (``options_for``).
    pack: int | None = None

    def options_for(self, players: int) -> dict[str, object]:
        """The options for ``players`` at the table: the hands capped where ruled so."""
        options = dict(self.options)
        listed = options.get("hands")
        if self.pack is not None and isinstance(listed, list | tuple):
            options["hands"] = [min(size, self.pack // players) for size in listed]
        return options
