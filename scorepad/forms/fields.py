"""The fields and readers every form shares: numbers typed or posted, names in seat
order, boxes ticked, a game's options, hand sizes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import MAX_NAME, GameRules, Option
from rules_engine.house_rules import CUSTOM

# The most digits of a database id or a byte count: 18 always fit a 64-bit integer.
ID_DIGITS = 18


def small_number(text: str, digits: int = 3, signed: bool = False) -> int | None:
    """A seat, a row, a count or an id written in ASCII digits, ``digits`` of them at
    most (after a minus sign when ``signed``); else None.

    The one reader of every number posted or typed: ``str.isdigit`` also takes "²"
    and "٣", which ``int`` then refuses or reads, and a long string of digits would
    cost ``int`` time for a number nothing here can use.
    """
    body = text[1:] if signed and text.startswith("-") else text
    if 0 < len(body) <= digits and body.isascii() and body.isdigit():
        return int(text)
    return None


class WholeNumberField(forms.IntegerField):
    """An IntegerField that reads only ASCII digits (and a minus sign), with
    ``small_number``; its refusal names the field, unless ``error_messages`` gives one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.says_invalid = "invalid" in (kwargs.get("error_messages") or {})
        super().__init__(*args, **kwargs)

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if text in self.empty_values:
            return None
        number = small_number(text, digits=9, signed=True)
        if number is None:
            if self.says_invalid:
                raise ValidationError(self.error_messages["invalid"], code="invalid")
            if self.label:
                message = _("%(label)s is a whole number, in digits 0 to 9.")
                message %= {"label": self.label}
            else:
                message = _("This is a whole number, in digits 0 to 9.")
            raise ValidationError(message)
        return number


class RepeatedWidget(forms.Widget):
    """Values posted as a repeated field (player names in seat order, boxes ticked).

    The templates write the inputs by hand (the names with their add, remove and
    move buttons).
    """

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        if isinstance(data, QueryDict):
            return data.getlist(name)
        value = data.get(name, [])
        return list(value) if isinstance(value, list | tuple) else [value]


class NameListField(forms.Field):
    widget = RepeatedWidget

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        return [str(name).strip()[: MAX_NAME + 1] for name in value]


def plain_options(rules: GameRules) -> tuple[Option, ...]:
    """The options under "Options": all but the house rules (see ``HouseRulesFields``)."""
    return tuple(option for option in rules.options if not option.house_rule)


def option_field(option: Option) -> forms.Field:
    if option.kind == "bool":
        return forms.BooleanField(
            label=gettext_lazy(option.label),
            help_text=gettext_lazy(option.help),
            required=False,
            initial=option.default,
        )
    if option.kind == "int":
        return WholeNumberField(
            label=gettext_lazy(option.label),
            help_text=gettext_lazy(option.help),
            required=False,
            initial=option.default,
            min_value=option.minimum,
            max_value=option.maximum,
        )
    kinds = {type(choice.value) for choice in option.choices}
    coerce = int if kinds == {int} else str
    return forms.TypedChoiceField(
        label=gettext_lazy(option.label),
        help_text=gettext_lazy(option.help),
        # Custom scoring comes with its expressions, under the house rules.
        choices=[(c.value, gettext_lazy(c.label)) for c in option.choices if c.value != CUSTOM],
        coerce=coerce,
        initial=option.default,
    )


# The most boxes a step has, and the longest value one holds: more is not a form of ours.
MOST_BOXES = 64
LONGEST_BOX = 10


def ticked_boxes(value: Any) -> tuple[str, ...]:
    """Boxes ticked, as posted: the engine's step reads them."""
    ticked = tuple(str(item) for item in value) if value else ()
    if len(ticked) > MOST_BOXES or any(len(item) > LONGEST_BOX for item in ticked):
        raise ValidationError(_("That entry could not be read."))
    return ticked


class AnswerListField(forms.Field):
    """Boxes ticked, posted as repeated fields (``ticked_boxes``)."""

    widget = RepeatedWidget

    def to_python(self, value: Any) -> tuple[str, ...]:
        return ticked_boxes(value)


class NameKeyField(forms.ChoiceField):
    """A player picked by name, casefolded as ``Figures.name_key`` ("ANN" is "ann")."""

    def to_python(self, value: Any) -> str:
        return str(super().to_python(value)).casefold()


def read_hands(text: str) -> list[int]:
    """Hand sizes as typed: whole numbers separated by commas or spaces."""
    sizes = [small_number(part) for part in text.replace(",", " ").split()]
    if None in sizes:
        raise ValidationError(
            _("Hand sizes are whole numbers separated by commas, like 1, 2, 3, 2, 1.")
        )
    return [size for size in sizes if size is not None]


def hands_text(hands: Sequence[int]) -> str:
    return ", ".join(str(size) for size in hands)
