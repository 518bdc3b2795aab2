from django import template

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
