"""Showing the score to the table: the read-only viewer link and its QR code (the
Join link's QR code is drawn the same way: scorepad/views/seats.py).

The viewer page polls itself every few seconds (htmx). Each answer carries an
ETag made of the game's id and version (signed with the secret key), so a poll of
an unchanged game costs a 304 and no rendering. The fragment and the whole page
have different ETags (the page's also names who is signed in, since its header
shows them), and both vary on HX-Request so a browser cache keeps them apart.
"""

from __future__ import annotations

import io

import segno
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.crypto import salted_hmac
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET
from django.views.decorators.vary import vary_on_headers

from scorepad.guards.access import keeper_game, viewer_game, viewer_url, viewer_version
from scorepad.http import HtmxHttpRequest
from scorepad.live.drawings import caught_up
from scorepad.screens.sheet import sheet_context
from scorepad.screens.table import current_table, table_context

ETAG_SALT = "scorepad.views.sharing.viewer-etag"


def _viewer_etag(request: HtmxHttpRequest, viewer_key: str) -> str | None:
    found = viewer_version(request, viewer_key)
    if found is None:
        return None  # the view answers 404
    pk, version = found
    shown = "live" if request.htmx else f"page-{request.user.pk or 0}"
    # Signed with the secret key, so that the tag does not tell the game's number (and
    # so how many games Scorepad holds): a plain hash of so few values is undone by
    # trying them all, in under a second.
    return (
        '"'
        + salted_hmac(ETAG_SALT, f"{pk}-{version}-{shown}", algorithm="sha256").hexdigest()[:24]
        + '"'
    )


@require_GET
@vary_on_headers("HX-Request")
@cache_control(no_cache=True)
@condition(etag_func=_viewer_etag)
def viewer(request: HtmxHttpRequest, viewer_key: str) -> HttpResponse:
    """What the players see on a shared screen: the round and the totals, no forms."""
    game = viewer_game(request, viewer_key)
    if request.htmx and (drawn := caught_up(request, game, "viewer")) is not None:
        return HttpResponse(drawn["live"])  # its round and totals, as streamed
    current, _ = current_table(game)
    if request.htmx:
        return render(request, "viewer.html#live", table_context(game, current))
    # The whole page also has the sheet and chart (left out of the polls, to keep them small).
    return render(request, "viewer.html", table_context(game, current) | sheet_context(game))


@require_GET
def viewer_qr(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The viewer link as a QR code (SVG), for the keeper's screen; keeper link only."""
    game = keeper_game(request, key)
    return qr_code(viewer_url(request, game))


def qr_code(link: str) -> HttpResponse:
    """A link as a QR code (SVG), kept by the browser an hour."""
    code = segno.make(link, error="m")
    svg = io.BytesIO()
    # Dark on white whatever the page's colours: scanners need the contrast.
    code.save(
        svg, kind="svg", scale=8, border=4, dark="#000", light="#fff", xmldecl=False, nl=False
    )
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response
