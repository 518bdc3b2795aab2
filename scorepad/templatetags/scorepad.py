from collections.abc import Sequence

from django import template

from rules_engine import Choice
from rules_engine.options import Option, OptionValue

register = template.Library()


@register.filter
def option_value(value: OptionValue, option: Option) -> str:
    """An option's value as players read it: a choice's label, "yes"/"no", or the number.

    Usage: ``{{ option.default|option_value:option }}``.
    """
    if option.kind == "bool":
        return "yes" if value else "no"
    if value is None:
        return "none"
    for choice in option.choices:
        if choice.value == value:
            return choice.label
    return str(value)


@register.filter
def choices_layout(choices: Sequence[Choice]) -> str:
    """The grid a step's buttons need, by their longest label (a CSS class).

    Numbers sit five to a row; words ("Double-zero", "diamonds") need wider
    buttons; sentences ("Lost at trick 5: ...") one button a line.
    """
    longest = max((len(choice.label) for choice in choices), default=0)
    if longest <= 4:
        return ""
    return "words" if longest <= 12 else "lines"
