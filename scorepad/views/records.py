"""Export every game one may list, and import games from a scorepad/1 file.

The formats are in scorepad/records.py: one game is one scorepad/1 record, several
are a JSON array of them. A game's own record is ``/g/<key>/record.json``.
"""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from scorepad.access import remember, visible_games
from scorepad.forms import ImportForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.records import MAX_IMPORT_BYTES, dump, export_records, import_records


@require_GET
def export_all(request: HtmxHttpRequest) -> HttpResponse:
    """Every game this person may list, oldest first, as a JSON array of records."""
    games = visible_games(request).order_by("created", "pk")
    response = HttpResponse(dump(export_records(games)), content_type="application/json")
    filename = f"scorepad-games-{timezone.localdate().isoformat()}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _page(request: HtmxHttpRequest, form: ImportForm, status: int = 200) -> HttpResponse:
    template = "import.html#import-form" if request.htmx else "import.html"
    context = {"form": form, "max_mb": MAX_IMPORT_BYTES // 1024 // 1024}
    return render(request, template, context, status=status)


def _imported_url(games: list[Game]) -> str:
    """One game opens at its sheet; several at the history that now lists them."""
    if len(games) > 1:
        try:
            return reverse("history")
        except NoReverseMatch:  # a Scorepad without the history page
            pass
    return reverse("sheet", args=[games[0].key])


@require_http_methods(["GET", "POST"])
def import_games(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "GET":
        return _page(request, ImportForm())
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, form, status=400)
    owner = request.user if request.user.is_authenticated else None
    games = import_records(form.cleaned_data["records"], owner=owner)
    for game in games:
        remember(request, game)
    url = _imported_url(games)
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url, status=303)
