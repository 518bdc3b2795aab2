"""History: every game this person may list, newest first, by game and by player."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from rules_engine import GAMES, RulesError, parse_record
from scorepad.access import visible_games
from scorepad.forms import HistoryForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game, summary_of
from scorepad.views.players import roster

# The newest this many games are listed; filter to find older ones.
LIMIT = 100


def _summary(game: Game) -> dict[str, Any] | None:
    """The engine's totals and winners: the cached summary, or worked out again."""
    if "totals" in game.summary:
        return {"finished": game.finished, **game.summary}
    try:
        worked_out = summary_of(parse_record(game.record))
    except RulesError:
        return None
    return {"finished": worked_out["finished"], **worked_out["summary"]}


def _row(game: Game) -> dict[str, Any]:
    players: list[str] = list(game.record.get("players", []))
    summary = _summary(game)
    totals = summary["totals"] if summary and len(summary["totals"]) == len(players) else None
    winners = summary["winners"] if summary else []
    return {
        "game": game,
        "title": GAMES[game.game].title if game.game in GAMES else game.game,
        "players": [
            {
                "name": name,
                "key": name.casefold(),
                "total": totals[seat] if totals else None,
                "won": seat in winners,
            }
            for seat, name in enumerate(players)
        ],
        "winners": [players[seat] for seat in winners if 0 <= seat < len(players)],
        "finished": bool(summary and summary["finished"]),
        "rounds": summary["rounds"] if summary else None,
    }


@require_GET
def history(request: HtmxHttpRequest) -> HttpResponse:
    form = HistoryForm(roster(request), request.GET)
    games = visible_games(request)
    status = 200
    if form.is_valid():
        if form.cleaned_data["game"]:
            games = games.filter(game=form.cleaned_data["game"])
        if form.cleaned_data["player"]:
            games = games.filter(seats__name_key=form.cleaned_data["player"]).distinct()
    else:
        games, status = games.none(), 400
    rows = [_row(game) for game in games.order_by("-created")[: LIMIT + 1]]
    context = {
        "form": form,
        "rows": rows[:LIMIT],
        "more": len(rows) > LIMIT,
        "limit": LIMIT,
        "filtered": any(request.GET.get(name) for name in ("game", "player")),
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "history.html#games" if partial else "history.html"
    response = render(request, template, context, status=status)
    # The same address answers with the whole page or the list: caches must tell them apart.
    patch_vary_headers(response, ("HX-Request",))
    return response
