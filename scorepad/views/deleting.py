"""Delete a game (after a confirmation) and undo it.

A deletion is soft: the game leaves the history, the statistics and exports at
once, and can be brought back (its sheet and the history offer "Undo") until
``manage.py purge_deleted`` removes games deleted more than some days ago. The
keeper link is the permission, as for every change to a game.
"""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from rules_engine import GAMES
from scorepad import play
from scorepad.guards.access import keeper_game
from scorepad.http import HtmxHttpRequest
from scorepad.models import Figures


def _back(request: HtmxHttpRequest, default: str) -> str:
    """``next`` if it is a page of this site, else ``default``."""
    wanted = str(request.POST.get("next") or request.GET.get("next") or "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else default


@require_http_methods(["GET", "POST"])
def delete_game(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """GET asks "Delete this game?"; POST deletes it and goes to the history, which offers undo."""
    game = keeper_game(request, key)
    if request.method == "GET":
        seats = Figures.objects.filter(game=game).order_by("seat").values_list("name", flat=True)
        title = GAMES[game.kind].title if game.kind in GAMES else game.kind
        context = {"game": game, "title": title, "players": list(seats), "next": _back(request, "")}
        return render(request, "delete.html", context)
    if game.deleted is None:
        play.delete(game, timezone.now())  # the later games rated without it
    return HttpResponseRedirect(f"{reverse('history')}?deleted={game.key}", status=303)


@require_POST
def restore_game(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Undo a deletion: the game is back in the history and the statistics."""
    game = keeper_game(request, key)
    if game.deleted is not None:
        play.delete(game, None)
    return HttpResponseRedirect(_back(request, reverse("sheet", args=[game.key])), status=303)
