from typing import Any

from django import template
from django.utils.timezone import localdate

from rules_engine import review
from scorepad.guards import access
from scorepad.models import Game
from scorepad.result import again_seats, result_text

register = template.Library()


@register.simple_tag(takes_context=True)
def viewer_url(context: dict[str, Any], game: Game) -> str:
    """The game's viewer link in full: ``{% viewer_url game as link %}``."""
    return access.viewer_url(context["request"], game)


@register.simple_tag(takes_context=True)
def join_url(context: dict[str, Any], game: Game) -> str:
    """The game's Join link in full: ``{% join_url game as link %}``."""
    return access.join_url(context["request"], game)


@register.simple_tag(takes_context=True)
def game_result(context: dict[str, Any], game: Game) -> dict[str, Any]:
    """The result to share, and who deals first if they play again:
    ``{% game_result game as result %}``."""
    record, _ = game.load()
    text = result_text(
        record, review(record), localdate(game.created), access.viewer_url(context["request"], game)
    )
    # Those at the table in the last round play again (scorepad/views/again.py).
    players, dealer = again_seats(record, review(record))
    return {"text": text, "lines": text.count("\n") + 1, "next_dealer": players[dealer]}
