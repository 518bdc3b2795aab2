"""Players: the names in this person's games (a roster for new games) and each one's page."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Max
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_GET, require_http_methods

from rules_engine import MAX_NAME, RulesError
from rules_engine.teams import Partnerships
from scorepad.engine_words import translated
from scorepad.forms import RenameForm
from scorepad.guards.access import browser_key, listed_owner, visible_figures
from scorepad.history.charts import lines
from scorepad.history.partners import partnerships
from scorepad.history.renaming import apply_renaming, plan_renaming
from scorepad.history.stats import (
    RATED_GAMES,
    REGULAR,
    GameLine,
    charted_lines,
    head_to_head,
    player_stats,
)
from scorepad.http import HtmxHttpRequest
from scorepad.models import Figures

# The player's page charts their running total in this many of their latest games.
CHART_GAMES = 5

# Each name of one owner's games, with how it was last typed and when: a loose index
# scan (each step seeks the next name in the owner's index), so it costs the number
# of names, not of games. Django's ORM cannot write it; SQLite and PostgreSQL both run it.
_OWNERS_NAMES = """
WITH RECURSIVE names(name_key) AS (
    SELECT MIN(name_key) FROM {table} WHERE owner_id = %(owner)s
    UNION ALL
    SELECT (
        SELECT MIN(name_key) FROM {table}
        WHERE owner_id = %(owner)s AND name_key > names.name_key
    )
    FROM names WHERE names.name_key IS NOT NULL
)
SELECT latest.id, latest.name_key, latest.name, latest.played
FROM names JOIN {table} AS latest ON latest.id = (
    SELECT id FROM {table}
    WHERE owner_id = %(owner)s AND name_key = names.name_key
    ORDER BY played DESC, id DESC LIMIT 1
)
"""


def _names(request: HtmxHttpRequest) -> list[tuple[str, str, datetime]]:
    """(name key, name, when typed) of the players of every game this person may list."""
    found: list[tuple[str, str, datetime]] = []
    if request.user.is_authenticated:
        sql = _OWNERS_NAMES.format(table=connection.ops.quote_name(Figures._meta.db_table))
        names = Figures.objects.raw(sql, {"owner": request.user.pk})
        found += [(row.name_key, row.name, row.played) for row in names]
    if browser_key(request):
        # This browser's games, kept without an account.
        here = (
            Figures.objects.filter(game__browser__key=browser_key(request), game__deleted=None)
            .order_by()
            .values_list("name_key", "name")
            .annotate(last=Max("played"))
        )
        found += list(here)
    return found


def roster(request: HtmxHttpRequest) -> list[tuple[str, str]]:
    """(name key, name) for every player in the games this person may list, by name.

    A player's name is shown as it was typed in their latest game.
    """
    latest: dict[str, tuple[datetime, str]] = {}
    for key, name, when in _names(request):
        if key not in latest or when > latest[key][0]:
            latest[key] = (when, name)
    return sorted((key, name) for key, (when, name) in latest.items())


def _labels(charted: list[GameLine]) -> list[str]:
    """Games as the chart's legend names them: title and day ("Oh Hell, 2 May"), and the
    time too when two games would read the same."""
    days = [timezone.localtime(line.when) if line.when else None for line in charted]
    labels = [
        f"{line.title}, {date_format(day, 'j F')}" if day else line.title
        for line, day in zip(charted, days, strict=True)
    ]
    return [
        f"{label}, {day:%H:%M}" if day and labels.count(label) > 1 else label
        for label, day in zip(labels, days, strict=True)
    ]


def _joined(names: list[str]) -> str:
    """A partnership as the page names it: "Bob & Dev" (the engine's words)."""
    return translated(Partnerships((tuple(range(len(names))),)).name(0, names))


@require_GET
def player(request: HtmxHttpRequest, name_key: str) -> HttpResponse:
    key = name_key.casefold()
    if len(key) > MAX_NAME or "\x00" in key:
        # No one is called that (names are checked by the engine); PostgreSQL
        # would refuse even to look a NUL up.
        raise Http404(gettext("None of your games has a player by that name."))
    figures = visible_figures(request)
    stats = player_stats(key, figures)
    if stats is None:
        raise Http404(gettext("None of your games has a player by that name."))
    charted = charted_lines(key, figures, CHART_GAMES)
    chart = lines(
        gettext("%(name)s's running total in their latest games") % {"name": stats.name},
        list(zip(_labels(charted), [line.running for line in charted], strict=True)),
    )
    rating_chart = lines(
        gettext("%(name)s's rating after each of their latest finished games")
        % {"name": stats.name},
        [
            (game.title, list(game.ratings))
            for game in sorted(stats.by_game, key=lambda game: game.kind)
            if game.ratings
        ],
        x_name=gettext_noop("Game"),
        what=gettext_noop("Ratings"),
    )
    context = {
        "stats": stats,
        "chart": chart,
        "rating_chart": rating_chart,
        "rated_games": RATED_GAMES,
        "opponents": head_to_head(key, figures, listed_owner(request)),
        "partnerships": partnerships(key, figures, _joined),
        "regular": REGULAR,
        "key": key,
        "owned": request.user.is_authenticated,
    }
    return render(request, "player.html", context)


@require_http_methods(["GET", "POST"])
def rename_player(request: HtmxHttpRequest) -> HttpResponse:
    """Rename a player in every game this person may list, or merge two spellings.

    GET: the form, for ``?player=<name key>``. POST without ``confirm``: what would
    change, with a button to do it; with ``confirm``: done, and on to the player's
    page (POST / redirect / GET). A refusal changes nothing and says why (400).
    """
    names = roster(request)
    data = request.POST if request.method == "POST" else None
    form = RenameForm(names, data, initial={"player": request.GET.get("player", "")})
    if data is None:
        player_key = str(form["player"].value() or "").casefold()
        if player_key not in dict(names):
            raise Http404(gettext("None of your games has a player by that name."))
        return _rename_page(request, form, player_key, names)
    if not form.is_valid():
        return _rename_page(request, form, str(form["player"].value() or ""), names, status=400)
    figures = visible_figures(request)
    player_key, new_name = form.cleaned_data["player"], form.cleaned_data["name"]
    try:
        plan = plan_renaming(figures, player_key, new_name)
        if not form.cleaned_data["confirm"]:
            return _rename_page(request, form, player_key, names, plan=plan)
        apply_renaming(figures, plan)
    except RulesError as error:
        form.add_error("name", error.message)
        return _rename_page(request, form, player_key, names, status=400)
    return HttpResponseRedirect(reverse("player", args=[plan.new_key]), status=303)


def _rename_page(
    request: HtmxHttpRequest,
    form: RenameForm,
    player_key: str,
    names: list[tuple[str, str]],
    status: int = 200,
    plan: Any = None,
) -> HttpResponse:
    context = {
        "form": form,
        # Posted without a player (no form of ours does): the page offers no player's.
        "player_key": player_key,
        "player_name": dict(names).get(player_key.casefold(), player_key) or gettext("a player"),
        "others": [name for key, name in names if key != player_key.casefold()],
        "plan": plan,
    }
    return render(request, "rename.html", context, status=status)
