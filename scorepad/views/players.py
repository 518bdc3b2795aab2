"""Players: the names in this person's games (a roster for new games) and each one's page."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from rules_engine import RulesError, parse_record
from scorepad.access import visible_games
from scorepad.charts import lines
from scorepad.http import HtmxHttpRequest
from scorepad.models import Seat
from scorepad.stats import GameLine, Played, player_stats

# The player's page charts their running total in this many of their latest games.
CHART_GAMES = 5


def roster(request: HtmxHttpRequest) -> list[tuple[str, str]]:
    """(name key, name) for every player in the games this person may list, by name.

    A player's name is shown as it was typed in their latest game.
    """
    seats = (
        Seat.objects.filter(game__in=visible_games(request))
        .order_by("-game__created", "seat")
        .values_list("name_key", "name")
    )
    names: dict[str, str] = {}
    for key, name in seats:
        names.setdefault(key, name)
    return sorted(names.items())


def _labels(charted: list[GameLine]) -> list[str]:
    """Games as the chart's legend names them: title and day ("Oh Hell, 2 May"), and the
    time too when two games would read the same."""
    days = [timezone.localtime(line.when) if line.when else None for line in charted]
    labels = [
        f"{line.title}, {day.day} {day:%b}" if day else line.title
        for line, day in zip(charted, days, strict=True)
    ]
    return [
        f"{label}, {day:%H:%M}" if day and labels.count(label) > 1 else label
        for label, day in zip(labels, days, strict=True)
    ]


@require_GET
def player(request: HtmxHttpRequest, name_key: str) -> HttpResponse:
    key = name_key.casefold()
    games = visible_games(request).filter(seats__name_key=key).distinct().order_by("-created")
    played = []
    for game in games.only("key", "record", "created"):
        try:
            played.append(Played(game.key, game.created, parse_record(game.record)))
        except RulesError:
            continue  # a broken record is shown on its own sheet, not counted here
    stats = player_stats(key, played)
    if stats is None:
        raise Http404("None of your games has a player by that name.")
    charted = [line for line in stats.games if line.running][:CHART_GAMES]
    chart = lines(
        f"{stats.name}'s running total in their latest games",
        list(zip(_labels(charted), [line.running for line in charted], strict=True)),
    )
    context = {"stats": stats, "chart": chart, "key": key}
    return render(request, "player.html", context)
