"""Export every game one may list, and import games from a scorepad/1 file.

The formats are in scorepad/history/records.py: one game is one scorepad/1 record, several
are a JSON array of them. A game's own record is ``/g/<key>/record.json``.
"""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from scorepad.forms import ID_DIGITS, ImportForm, small_number
from scorepad.guards import throttle
from scorepad.guards.access import remember, visible_games
from scorepad.guards.throttle import limited
from scorepad.history.records import (
    MAX_IMPORT_BYTES,
    Imported,
    dump,
    export_records,
    import_records,
)
from scorepad.http import HtmxHttpRequest


@require_GET
@limited(throttle.EXPORT, methods=("GET",))
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


def _imported_url(imported: Imported) -> str:
    """One new game opens at its sheet; else the history, saying how many were new."""
    if len(imported.games) == 1 and not imported.already:
        return reverse("sheet", args=[imported.games[0].key])
    counts = urlencode({"imported": len(imported.games), "already": imported.already})
    return f"{reverse('history')}?{counts}"


def _too_big(request: HtmxHttpRequest) -> bool:
    """Whether the request says it is far larger than any file we take: refused
    before Django reads a byte of it (an upload would otherwise go to disk first)."""
    length = small_number(str(request.META.get("CONTENT_LENGTH") or "0"), digits=ID_DIGITS)
    # Room for the form's other fields and the multipart boundaries.
    return length is None or length > MAX_IMPORT_BYTES + 64 * 1024


@require_http_methods(["GET", "POST"])
@limited(throttle.IMPORT)
def import_games(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "GET":
        return _page(request, ImportForm())
    if _too_big(request):
        megabytes = MAX_IMPORT_BYTES // 1024 // 1024
        return HttpResponse(
            f"The file is too big: Scorepad imports files of {megabytes} MB at most. "
            "Nothing was imported.",
            status=413,
            content_type="text/plain; charset=utf-8",
        )
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, form, status=400)
    owner = request.user if request.user.is_authenticated else None
    # The games this person holds already are skipped (deleted ones are not held).
    imported = import_records(form.cleaned_data["records"], owner, visible_games(request))
    for game in imported.games:
        remember(request, game)
    url = _imported_url(imported)
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url, status=303)
