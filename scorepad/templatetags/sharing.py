from typing import Any

from django import template

from scorepad.models import Game
from scorepad.views.sharing import viewer_url as full_viewer_url

register = template.Library()


@register.simple_tag(takes_context=True)
def viewer_url(context: dict[str, Any], game: Game) -> str:
    """The game's viewer link in full: ``{% viewer_url game as link %}``."""
    return full_viewer_url(context["request"], game)
