from collections.abc import Sequence

from django import template
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest
from django.utils.translation import gettext

from rules_engine import MAX_NAME, Choice, Die, Record, rules_in_play
from rules_engine.messages import Message
from rules_engine.options import Option, OptionValue
from scorepad.engine_words import translated
from scorepad.models import RULES_NAME_LENGTH

register = template.Library()


@register.simple_tag
def max_name() -> int:
    """The longest name a player may have: ``maxlength="{% max_name %}"``."""
    return MAX_NAME


@register.simple_tag
def rules_name_length() -> int:
    """The longest name saved house rules may have: ``maxlength="{% rules_name_length %}"``."""
    return RULES_NAME_LENGTH


@register.filter
def option_value(value: OptionValue, option: Option) -> str:
    """An option's value as players read it: a choice's label, "yes"/"no", or the number.

    Usage: ``{{ option.default|option_value:option }}``.
    """
    if option.kind == "bool":
        return gettext("yes") if value else gettext("no")
    if value is None:
        # A house rule left out keeps the game as ruled; Boerenbridge's sit_out null: nobody.
        if option.house_rule:
            return gettext("nobody") if option.nullable else gettext("as ruled")
        return gettext("none")
    if isinstance(value, tuple):
        return ", ".join(str(size) for size in value)
    for choice in option.choices:
        if choice.value == value:
            return gettext(choice.label)
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


@register.filter
def rules_line(record: Record, saved_name: str = "") -> str:
    """Which rules a game is played by, in a short line ("Rules: No hook"), from the engine;
    by the name of the saved set it was started with, where there is one ("Rules:
    Grandma's rules"), rather than the rules in words.

    Usage: ``{{ record|rules_line:game.rules_name }}``; empty for games without house rules.
    """
    line = rules_in_play(record.game, record.options, len(record.players))
    if saved_name and line:
        return Message("rules_preset", name=saved_name)  # a name as typed: never translated
    return line


@register.filter(name="words")
def engine_words(text: str) -> str:
    """An engine prompt, note or refusal in the page's language: ``{{ step.prompt|words }}``."""
    return translated(text)


@register.filter
def face_sign(face: str, die: Die) -> str:
    """A die's face as its one sign (``Look.sign``): ``{{ face.value|face_sign:die }}``."""
    return die.look.sign(face)


@register.filter
def house_rule(options: Sequence[Option], wanted: bool) -> list[Option]:
    """The options that are house rules (``True``) or not (``False``), in order.

    Usage: ``{% with house=game.options|house_rule:True %}``.
    """
    return [option for option in options if option.house_rule == wanted]


@register.filter
def errors_for(errors: dict[str, list[str]], name: str) -> list[str]:
    """The errors shown beside one field: ``{{ own_errors|errors_for:field.name }}``."""
    return errors.get(name, [])


@register.filter
def streams(request: HttpRequest) -> bool:
    """Whether this server can hold a live stream open: an ASGI server can; under WSGI
    (``runserver``, a sync worker) the stream would only be refused, so the page
    opens none (the browser would log each refusal as an error) and polls instead."""
    return isinstance(request, ASGIRequest)
