"""The table between two rounds: someone joins, someone leaves (or comes back), the plan
changes, the table stops (RULINGS, "Players come and go, the plan changes, the table
stops").

Each is a page of the table (with htmx, drawn in the table's place): GET shows its form,
POST makes the change the way a tap is made (a form, the engine's ``change``, the
game's save with its version check, 409 for an older screen) and shows the table again.
The engine says whether the change may be made now and why not; every change is taken
back by Undo and put back by Redo like a tap.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from rules_engine import Entry, RulesError, Table, change, places, plan_changes
from scorepad.engine_words import translated
from scorepad.forms import ChangeForm, JoinForm, PlanForm, SeatChangeForm, StopForm
from scorepad.guards.access import keeper_game
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.replays import stale_words
from scorepad.screens.table import current_table, plan_text
from scorepad.views.table import _render as render_table
from scorepad.views.table import _saved

# Each change's page: its URL's name. Someone joins on the page between rounds itself,
# which leads to the others: each change is three taps from the table at most.
PAGES = {
    "join": "someone_joins",
    "leave": "someone_leaves",
    "back": "comes_back",
    "plan": "change_plan",
    "stop": "stop_here",
}


def _refusal(current: Table, what: str) -> str | None:
    """Why the change ``what`` may not be made now, in the page's language (the
    engine's words); None where it may."""
    allowed = current.may_stop if what == "stop" else current.may_change_seats
    if allowed:
        return None
    # The engine's reason, asked with a change it would refuse for that reason alone.
    probe = Entry("stop") if what == "stop" else Entry("leave", 0)
    try:
        change(current, probe)
    except RulesError as error:
        return translated(error.message)
    return None  # pragma: no cover - refused above whenever not allowed


def _context(game: Game, current: Table, what: str, form: ChangeForm | None) -> dict[str, Any]:
    record = current.record
    players = record.players
    seated = current.seated
    context: dict[str, Any] = {
        "game": game,
        "table": current,
        "rules": record.rules,
        "what": what,
        "form": form,
        "error": None,
        "table_url": reverse("table", args=[game.key]),
        "action": reverse(PAGES[what], args=[game.key]),
        "pages": {name: reverse(page, args=[game.key]) for name, page in PAGES.items()},
    }
    posted = form.data if form is not None and form.is_bound else {}
    if what == "join":
        # "After Ann", one a player at the table, the last by default: the seat the
        # joiner takes is the one after theirs (those from it on move one along).
        context["places"] = [{"value": str(seat + 1), "name": players[seat]} for seat in seated]
        context["place"] = str(posted.get("place") or (seated[-1] + 1 if seated else 0))
        context["lowest"] = current.lowest_total
        played = record.lineup.played if record.apart else frozenset(range(len(players)))
        # One who is leaving for the round to come stays by Undo, not by coming back.
        leaving = {entry.seat for entry in current.changes if entry.kind == "leave"}
        context["back"] = [
            {"seat": seat, "name": name, "total": current.sheet.totals[seat]}
            for seat, name in enumerate(players)
            if seat not in seated and seat in played and seat not in leaving
        ]
        context["back_action"] = reverse("comes_back", args=[game.key])
    elif what == "leave":
        context["seated"] = [
            {"seat": seat, "name": players[seat], "total": current.totals[seat]} for seat in seated
        ]
    elif what == "plan":
        context["plan"] = posted.get("plan") or plan_text(current.plan_ahead)
        context["most"] = record.rules.most_cards(len(seated))
        context["players_seated"] = len(seated)
        context["taps"] = plan_changes(current)
    elif what == "stop":
        context["podium"], context["apart"] = _podium(current)
    return context


def _podium(current: Table) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Who would win if the table stopped now, every place with its total (the engine's
    sheet of the stopped game), and the players who left before, not ranked."""
    try:
        stopped = change(current, Entry("stop"))
    except RulesError:
        return [], []
    players, sheet = stopped.record.players, stopped.sheet
    podium = [
        {
            "place": place,
            "names": gettext(" and ").join(players[s] for s in seats),
            "total": sheet.totals[seats[0]],
        }
        for place, seats in places(sheet)
    ]
    apart = [
        {"name": name, "total": sheet.totals[seat]}
        for seat, name in enumerate(players)
        if seat not in sheet.ranked
    ]
    return podium, apart


def _page(
    request: HtmxHttpRequest,
    game: Game,
    current: Table,
    what: str,
    form: ChangeForm | None,
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    context = _context(game, current, what, form)
    context["error"] = error or _refusal(current, what)
    template = "change.html#change" if request.htmx else "change.html"
    return render(request, template, context, status=status)


def _form(what: str, game: Game, current: Table, data: Any = None) -> ChangeForm:
    if what == "join":
        return JoinForm(game.version, current, data)
    if what == "plan":
        return PlanForm(game.version, current, data)
    if what == "stop":
        return StopForm(game.version, current, data)
    return SeatChangeForm(game.version, current, what, data)


def _change(request: HtmxHttpRequest, key: str, what: str) -> HttpResponse:
    """The page of one change (GET), or the change made (POST): the same save as a tap."""
    game = keeper_game(request, key)
    current, _ = current_table(game)
    if request.method == "GET":
        return _page(request, game, current, what, _form(what, game, current))
    form = _form(what, game, current, request.POST)
    if not form.is_valid():
        if form.stale():
            return render_table(request, game, current, stale_words(request), 409)
        return _page(request, game, current, what, form, form.message(), 400)
    return _saved(request, game, form.cleaned_data["table"])


@require_http_methods(["GET", "POST"])
def someone_joins(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The page between two rounds: a new player joins at a place at the table, with a
    starting total, or a player who left comes back (``comes_back``); and the way to
    the other changes."""
    return _change(request, key, "join")


@require_http_methods(["GET", "POST"])
def someone_leaves(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A player leaves the table: their total stands, they may come back."""
    return _change(request, key, "leave")


@require_POST
def comes_back(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A player who left comes back, with their total (from the "Someone joins" page)."""
    game = keeper_game(request, key)
    current, _ = current_table(game)
    form = SeatChangeForm(game.version, current, "back", request.POST)
    if not form.is_valid():
        if form.stale():
            return render_table(request, game, current, stale_words(request), 409)
        return _page(
            request, game, current, "join", JoinForm(game.version, current), form.message(), 400
        )
    return _saved(request, game, form.cleaned_data["table"])


@require_http_methods(["GET", "POST"])
def change_plan(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The hand sizes from the round to come on: fewer rounds, more, or other sizes."""
    return _change(request, key, "plan")


@require_http_methods(["GET", "POST"])
def stop_here(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The table stops after the round just played: who wins, then the stop."""
    return _change(request, key, "stop")
