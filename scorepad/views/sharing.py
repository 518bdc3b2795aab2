"""Showing the score to the table: the read-only viewer link and its QR code.

The viewer page polls itself every few seconds (htmx). Each answer carries an
ETag made of the game's id and version, so a poll of an unchanged game costs a
304 and no rendering. The fragment and the whole page have different ETags (the
page's also names who is signed in, since its header shows them), and both
vary on HX-Request so a browser cache keeps them apart.
"""

from __future__ import annotations

import hashlib
import io

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET
from django.views.decorators.vary import vary_on_headers

from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.views.table import get_game, table_context


def viewer_url(request: HttpRequest, game: Game) -> str:
    """The viewer link in full, as it is shared (scanned or copied)."""
    return request.build_absolute_uri(reverse("viewer", args=[game.viewer_key]))


def _viewer_etag(request: HtmxHttpRequest, viewer_key: str) -> str | None:
    # Two columns and no ordering: this is all an unchanged game's poll costs.
    try:
        pk, version = Game.objects.values_list("pk", "version").get(viewer_key=viewer_key)
    except Game.DoesNotExist:
        return None  # the view answers 404
    shown = "live" if request.htmx else f"page-{request.user.pk or 0}"
    # Hashed, so the tag does not tell how many games Scorepad holds.
    return '"' + hashlib.sha256(f"{pk}-{version}-{shown}".encode()).hexdigest()[:24] + '"'


@require_GET
@vary_on_headers("HX-Request")
@cache_control(no_cache=True)
@condition(etag_func=_viewer_etag)
def viewer(request: HtmxHttpRequest, viewer_key: str) -> HttpResponse:
    """What the players see on a shared screen: the round and the totals, no forms."""
    game = get_object_or_404(Game, viewer_key=viewer_key)
    template = "viewer.html#live" if request.htmx else "viewer.html"
    return render(request, template, table_context(game))


@require_GET
def viewer_qr(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The viewer link as a QR code (SVG), for the keeper's screen; keeper link only."""
    game = get_game(request, key)
    code = segno.make(viewer_url(request, game), error="m")
    svg = io.BytesIO()
    # Dark on white whatever the page's colours: scanners need the contrast.
    code.save(
        svg, kind="svg", scale=8, border=4, dark="#000", light="#fff", xmldecl=False, nl=False
    )
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response
