"""History: every game this person may list, newest first, a page at a time, by game and player."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django import forms
from django.core.paginator import Page, Paginator
from django.db.models import BooleanField, ExpressionWrapper, Q
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.dates import MONTHS
from django.utils.html import escape
from django.views.decorators.http import require_GET

from rules_engine import GAMES
from scorepad.forms import HistoryForm
from scorepad.guards.access import all_games, browser_has_games, visible_figures, visible_games
from scorepad.http import HtmxHttpRequest, game_address
from scorepad.models import Figures, Game
from scorepad.views.players import roster

# Games a page; links lead to the rest.
PAGE = 25
# Games deleted this recently are offered back ("Undo") at the top of the history.
UNDO_FOR = timedelta(days=1)
UNDO_LISTED = 5

# What a row shows of its game (id, key, kind, start), read as plain tuples: a page
# costs its rows, and a model instance a row costs more than the row's other figures.
GAME_FIELDS = ("id", "key", "kind", "created")
# And whether it has begun: entries in the round being entered, asked of the database
# beside the fields (not the entries read: a list never loads a game's entries).
Listed = tuple[int, str, str, datetime, bool]


def _begun(game: str = "") -> ExpressionWrapper[Q]:
    """Whether the game (through the relation ``game``, if given) has entries pending."""
    return ExpressionWrapper(~Q(**{f"{game}pending": []}), output_field=BooleanField())


# What a row shows of each player: read from the stored figures, never the record.
SEAT_FIELDS = (
    *("game_id", "name", "name_key", "total", "won", "finished", "rounds_played"),
    "ranked",  # at the table in the last round (a player who left before is not)
)


def _when(created: datetime) -> tuple[str, str]:
    """A game's start for its ``<time>``, in UTC (static/js/local-time.js shows it in the
    viewer's zone): as ``|date:"c"`` and ``|date:"j F Y, H:i"`` write it, written here
    once a row: those filters cost more than the rest of a row."""
    utc = created.astimezone(UTC)
    return utc.isoformat(), f"{utc.day} {MONTHS[utc.month]} {utc:%Y, %H:%M}"


def _rows(games: list[Listed]) -> list[dict[str, Any]]:
    """A row a game, with its players' figures (one query) and its links worked out here:
    a page repeats the same players, so each one's link is reversed once, and each
    game's links are the same three with its key."""
    seats: dict[int, list[dict[str, Any]]] = {pk: [] for pk, *_ in games}
    figures = Figures.objects.filter(game_id__in=seats).order_by("game_id", "seat")
    for seat in figures.values(*SEAT_FIELDS):
        seats[seat["game_id"]].append(seat)
    links: dict[str, str] = {}
    sheet, table, delete = map(game_address, ("sheet", "table", "delete_game"))
    back = f"?next={reverse('history')}"
    # What a row shows, escaped here, each name, total and title once a page (a page
    # repeats them): the template, given HTML, writes it as it is.
    escaped: dict[str, str] = {}

    def html(text: str) -> str:
        if text not in escaped:
            escaped[text] = escape(text)
        return escaped[text]

    rows = []
    for pk, key, kind, created, begun in games:
        players = seats[pk]
        for seat in players:
            name_key = seat["name_key"]
            if name_key not in links:
                links[name_key] = escape(reverse("player", args=[name_key]))
            seat["url"] = links[name_key]
            seat["name"] = html(seat["name"])
            seat["total"] = html(str(seat["total"]))  # no thousands to group: as localize writes it
        iso, shown = _when(created)
        rows.append(
            {
                "when": escape(iso),
                "when_shown": escape(shown),
                "sheet": escape(sheet(key)),
                "table": escape(table(key)),
                "delete": escape(delete(key) + back),
                "title": html(GAMES[kind].title if kind in GAMES else kind),
                "players": players,
                "winners": [seat["name"] for seat in players if seat["won"]],
                "finished": bool(players) and players[0]["finished"],
                # None: the engine could not read the record, so it has no figures.
                "rounds": players[0]["rounds_played"] if players else None,
                # The figures count finished rounds: bids in the first mean it has begun.
                "begun": begun,
            }
        )
    return rows


def _page(request: HtmxHttpRequest, form: HistoryForm) -> tuple[Page[Any], list[Listed]]:
    """The page asked for of the games the filters leave, and those games."""
    kind, player = form.cleaned_data["game"], form.cleaned_data["player"]
    number = form.cleaned_data["page"] or 1
    # A page past the end shows the last one (a link kept while games were deleted).
    if player:
        # A player's games are paged through their figures: newest first in one index range.
        figures = visible_figures(request).filter(name_key=player)
        if kind:
            figures = figures.filter(kind=kind)
        chairs = figures.order_by("-played", "-pk")
        theirs = Paginator(chairs, PAGE).get_page(number)
        # Counted without the games, the page read with them.
        start = (theirs.number - 1) * PAGE
        on_page = (
            chairs[start : start + PAGE]
            .annotate(begun=_begun("game__"))
            .values_list(*(f"game__{field}" for field in GAME_FIELDS), "begun")
        )
        return theirs, list(on_page)
    games = visible_games(request)
    if kind:
        games = games.filter(kind=kind)
    listed = (
        games.order_by("-created", "-pk")
        .annotate(begun=_begun())
        .values_list(*GAME_FIELDS, "begun")
    )
    games_page = Paginator(listed, PAGE).get_page(number)
    return games_page, list(games_page)


class ImportedForm(forms.Form):
    """What an import just did (its redirect says): games made, and games held already."""

    imported = forms.IntegerField(min_value=0, max_value=100_000)
    already = forms.IntegerField(min_value=0, max_value=100_000)


def _imported(request: HtmxHttpRequest) -> dict[str, int] | None:
    form = ImportedForm(request.GET)
    return form.cleaned_data if form.is_valid() else None


def _deleted(request: HtmxHttpRequest) -> list[dict[str, Any]]:
    """This person's games deleted lately, newest deletion first, to undo."""
    since = timezone.now() - UNDO_FOR
    games = all_games(request).filter(deleted__gte=since).order_by("-deleted", "-pk")
    return [
        {"key": game.key, "title": GAMES[game.kind].title if game.kind in GAMES else game.kind}
        for game in games.only("key", "kind")[:UNDO_LISTED]
    ]


@require_GET
def history(request: HtmxHttpRequest) -> HttpResponse:
    form = HistoryForm(roster(request), request.GET)
    status = 200
    if form.is_valid():
        page, games = _page(request, form)
    else:
        page, games, status = Paginator(Game.objects.none(), PAGE).get_page(1), [], 400
    context = {
        "form": form,
        "page": page,
        "rows": _rows(games),
        # 1 2 … 7 8 9 … 399 400: a link to each page near this one and at the ends.
        "numbers": list(page.paginator.get_elided_page_range(page.number, on_each_side=2)),
        "filtered": any(request.GET.get(name) for name in ("game", "player")),
        "deleted": _deleted(request),
        "imported": _imported(request),
        "kept_here": not request.user.is_authenticated and browser_has_games(request),
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "history.html#games" if partial else "history.html"
    response = render(request, template, context, status=status)
    # The same address answers with the whole page or the list: caches must tell them apart.
    patch_vary_headers(response, ("HX-Request",))
    return response
