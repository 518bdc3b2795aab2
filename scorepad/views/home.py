from typing import Any

from django.db.models import Prefetch
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules_engine import GAMES
from scorepad.guards.access import browser_has_games, visible_figures, visible_games
from scorepad.http import HtmxHttpRequest
from scorepad.models import Figures, Game

# The home page lists this many of the newest games; the history has them all.
RECENT = 10


def _in_progress(request: HtmxHttpRequest) -> dict[str, Any] | None:
    """The game last entered in that is not finished (its figures say so), if any."""
    # Read from the first seat's figures of the unfinished games (``figures_unfinished``),
    # a few rows however long the history.
    first_seats = visible_figures(request).filter(seat=0, finished=False).select_related("game")
    first_seat = first_seats.only("game__key", "game__kind", "game__pending").order_by(
        "-game__updated", "-game_id"
    )
    found = first_seat.first()
    if found is None:
        return None
    game = found.game
    seats = list(Figures.objects.filter(game=game).order_by("seat").values("name", "rounds_played"))
    return {
        "key": game.key,
        "title": GAMES[game.kind].title if game.kind in GAMES else game.kind,
        "players": [seat["name"] for seat in seats],
        "rounds": seats[0]["rounds_played"] if seats else 0,
        # The figures count finished rounds only: bids entered in the first round
        # mean the game has begun, not "not started".
        "begun": bool(game.pending),
    }


def _recent(request: HtmxHttpRequest, leave_out: str | None) -> list[dict[str, Any]]:
    # The players' names come from the stored figures: a list never loads a record.
    names = Prefetch("figures", queryset=Figures.objects.only("game_id", "seat", "name"))
    games = visible_games(request).only("key", "kind", "created").order_by("-created", "-pk")
    if leave_out:
        games = games.exclude(key=leave_out)
    listed: list[Game] = list(games.prefetch_related(names)[:RECENT])
    return [
        {
            "key": game.key,
            "title": GAMES[game.kind].title if game.kind in GAMES else game.kind,
            "players": [seat.name for seat in game.figures.all()],
            "created": game.created,
        }
        for game in listed
    ]


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The game in progress first, then the games Scorepad keeps score for."""
    current = _in_progress(request)
    context = {
        "games": GAMES.values(),
        "current": current,
        "recent": _recent(request, current["key"] if current else None),
        # Not signed in: the games live in this browser only, and the page says so.
        "kept_here": not request.user.is_authenticated and browser_has_games(request),
    }
    return render(request, "home.html", context)
