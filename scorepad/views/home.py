from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules_engine import GAMES
from scorepad.access import visible_games
from scorepad.http import HtmxHttpRequest


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The games Scorepad keeps score for, with their player counts and options."""
    recent = [
        {
            "key": game.key,
            "title": GAMES[game.game].title if game.game in GAMES else game.game,
            "players": game.record.get("players", []),
            "created": game.created,
        }
        for game in visible_games(request).only("key", "game", "record", "created")[:10]
    ]
    return render(request, "home.html", {"games": GAMES.values(), "recent": recent})
