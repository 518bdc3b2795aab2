"""PDFs of printed pages, drawn by WeasyPrint from the same HTML and print CSS
that the browser prints, so the download and Print look the same.

WeasyPrint is given only our own static files (the stylesheets): it fetches
nothing else, so a page can never make the server open another address.

Drawing is slow (a 200-round game takes seconds: python -m bench --only slowest),
so each PDF is drawn once for what it shows and kept in the cache, each address
may have only a few drawn in a while, and the server draws PDF_DRAWS_AT_ONCE at most;
the others wait their turn a few seconds (``drawn_or_turn``).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import mimetypes
import ssl
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext

from scorepad.guards import throttle

# WeasyPrint warns of every screen-only CSS rule it skips (sticky, overflow-x...)
# in scorepad.css, on every PDF: expected, and not worth a log line each.
logging.getLogger("weasyprint").setLevel(logging.ERROR)

PAGE_SIZES = {"a4": "A4", "letter": "letter"}
# More columns than this (round, cards, dealer, four a player...) print across the page.
PORTRAIT_COLUMNS = 20
# A game's PDF is drawn in parts that each cost WeasyPrint at most PART_WEIGHT:
# a row weighs its columns plus half the characters in its boxes (the line
# breaking of long boxes, Abracadabra's named tricks, costs the most). A part
# then draws in under 1 s of CPU (figures in docs/dev/printing.md), and Oh Hell for
# four still prints all 19 rounds of a long game as one part, on one page.
PART_WEIGHT = 640
FEWEST_PART_ROUNDS = 5


class PdfUnavailable(Exception):
    """WeasyPrint cannot load Pango here."""


def is_wide(columns: int) -> bool:
    """Whether a sheet of this many columns prints in landscape."""
    return columns > PORTRAIT_COLUMNS


def row_weight(row: dict[str, Any], columns: int) -> int:
    """What a played row of the sheet (scorepad.printing.paper) costs to draw, roughly."""
    texts = [*row["boxes"], *(box for seat in row["seats"] for box in seat["boxes"])]
    texts += [text for seat in row["seats"] for text in (seat["score"], seat["total"])]
    return columns + sum(len(str(text)) for text in texts) // 2


def parts(rows: Sequence[dict[str, Any]], columns: int) -> list[tuple[int, int]]:
    """The first and last round of each part of a game's PDF: one part for a short game."""
    found: list[tuple[int, int]] = []
    first, weight = 1, 0
    for number, row in enumerate(rows, start=1):
        more = row_weight(row, columns)
        if weight + more > PART_WEIGHT and number - first >= FEWEST_PART_ROUNDS:
            found.append((first, number - 1))
            first, weight = number, 0
        weight += more
    found.append((first, len(rows)))
    return found


def static_file(url: str) -> Path:
    """The file behind one of our static URLs (hashed after collectstatic, or not)."""
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    path = urlsplit(url).path
    if not path.startswith(prefix):
        raise ValueError(f"only static files are fetched, not {url}")
    name = path.removeprefix(prefix)
    found = finders.find(name)
    if isinstance(found, str):
        return Path(found)
    # A hashed name ("css/print.0a1b2c.css") is only in STATIC_ROOT, after collectstatic.
    if staticfiles_storage.exists(name):
        return Path(staticfiles_storage.path(name))
    raise ValueError(f"no static file {name}")


# The stylesheets base.html links, in its order: parsed once a process, not once a PDF.
LINKED_CSS = ("css/scorepad.css", "css/sheet.css", "css/print.css")


def _linked_css() -> list[Any]:
    paths = [static_file(static(name)) for name in LINKED_CSS]
    # Keyed by the file's time too: an edited stylesheet is parsed again.
    return [_parsed_css(path, path.stat().st_mtime_ns) for path in paths]


@functools.cache
def _parsed_css(path: Path, modified: int) -> Any:
    from weasyprint import CSS

    return CSS(filename=str(path))


@functools.cache
def _unused_ssl_context() -> ssl.SSLContext:
    return ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)


def render_pdf(request: HttpRequest, template: str, context: dict[str, Any], paper: str) -> bytes:
    # Imported here: WeasyPrint loads Pango when imported, and only PDFs need it.
    try:
        from weasyprint import CSS, HTML
        from weasyprint.urls import URLFetcher, URLFetcherResponse
    except OSError as error:  # no Pango on this server (see scripts/setup)
        raise PdfUnavailable(str(error)) from None

    class StaticFetcher(URLFetcher):  # type: ignore[misc]
        def __init__(self) -> None:
            # Nothing is fetched over the network: one SSL context a process, not
            # a new one with the system's certificates for each PDF (80 ms).
            super().__init__(ssl_context=_unused_ssl_context())

        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            path = static_file(url)
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            # The linked stylesheets are given below, parsed already.
            body = b"" if kind == "text/css" else path.read_bytes()
            return URLFetcherResponse(url, body, {"Content-Type": kind})

    html = render_to_string(template, context, request=request)
    size = PAGE_SIZES[paper]
    # The paper is chosen here; print.css leaves it to the printer's settings.
    page = CSS(
        string=f"@page {{ size: {size} !important }}"
        f" @page wide {{ size: {size} landscape !important }}"
    )
    document = HTML(
        string=html, base_url=request.build_absolute_uri("/"), url_fetcher=StaticFetcher()
    )
    pdf: bytes = document.write_pdf(stylesheets=[*_linked_css(), page])
    return pdf


def warm_up() -> None:
    """Load WeasyPrint, Pango, the fonts (the suits' too) and the stylesheets once,
    as a worker starts (scorepad/wsgi.py): about a second that no request then pays."""
    try:
        from weasyprint import HTML
    except OSError:  # no Pango: the PDFs answer 503 anyway
        return
    page = (
        '<table class="sheet paper"><tr><th>1</th><td class="box">♠ ♥ ♦ ♣ 12 [4]</td></tr></table>'
    )
    HTML(string=page).write_pdf(stylesheets=_linked_css())


def drawing_slot() -> str | None:
    """Take one of the server's PDF_DRAWS_AT_ONCE places for drawing a PDF, or None.

    A PDF of a long game takes seconds of one worker's time: the places keep
    the other workers free for the tables however many PDFs are asked for. A
    place is freed when its PDF is drawn, or after a minute if its worker died.
    """
    for number in range(settings.PDF_DRAWS_AT_ONCE):
        key = f"pdf-drawing:{number}"
        if caches["pdfs"].add(key, True, timeout=60):
            return key
    return None


# How often a PDF waiting its turn looks again (for a place, or for the same PDF drawn
# by the request before it: a table asking for the finished game's sheet together).
WAIT_STEP = 0.1


class _Waiting:
    """The requests of this process waiting for a PDF, PDF_WAITING at most (each holds a
    thread and a connection while it waits)."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    def enter(self) -> bool:
        with self.lock:
            if self.count >= settings.PDF_WAITING:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        with self.lock:
            self.count -= 1


_waiting = _Waiting()


def drawn_or_turn(key: str) -> tuple[bytes | None, str | None]:
    """The PDF of ``key`` as drawn already, or a place to draw it (``drawing_slot``),
    waiting PDF_WAIT_SECONDS at most while others are drawn; (None, None) when the
    wait is over (or too many wait already)."""
    deadline = time.monotonic() + settings.PDF_WAIT_SECONDS
    waiting = False
    try:
        while True:
            pdf = caches["pdfs"].get(key)
            if pdf is not None:
                return pdf, None
            slot = drawing_slot()
            if slot is not None:
                pdf = caches["pdfs"].get(key)  # drawn just before the place was freed
                if pdf is not None:
                    caches["pdfs"].delete(slot)
                    return pdf, None
                return None, slot
            if time.monotonic() >= deadline:
                return None, None
            if not waiting:
                if not _waiting.enter():
                    return None, None
                waiting = True
            time.sleep(WAIT_STEP)
    finally:
        if waiting:
            _waiting.leave()


def _refused(message: str, status: int, retry_after: int) -> HttpResponse:
    response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(retry_after)
    return response


def pdf_download(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    paper: str,
    filename: str,
    shows: str,
) -> HttpResponse:
    """The page as a PDF file to download, or 503 where the server cannot draw PDFs.

    ``shows`` names everything the PDF shows (a game's key and version, or a blank
    sheet's choices) and the paper: the PDF is drawn once for it and then served
    from the cache (settings.CACHES["pdfs"]). Each address may have a few drawn in a
    while (throttle.PDF); what is cached costs nothing and is not counted.
    """
    key = "pdf:" + hashlib.sha256(shows.encode()).hexdigest()
    # A place first, then the count: "busy, try again" draws nothing and costs none of
    # the address's allowance (only PDFs drawn count).
    pdf, slot = drawn_or_turn(key)
    if pdf is None:
        if slot is None:
            return _refused(
                gettext(
                    "Scorepad is drawing other PDFs just now. Try again in a minute, "
                    "or print the page from your browser."
                ),
                status=503,
                retry_after=30,
            )
        try:
            wait = throttle.retry_after(throttle.PDF, request)
            if wait:
                return throttle.too_many(throttle.PDF, wait, request)
            pdf = render_pdf(request, template, context, paper)
            # Kept before the place is freed: the requests waiting for it find it.
            caches["pdfs"].set(key, pdf)
        except PdfUnavailable:
            return _refused(
                gettext(
                    "This server cannot make PDFs (it lacks Pango). "
                    "Print the page from your browser."
                ),
                status=503,
                retry_after=3600,
            )
        finally:
            caches["pdfs"].delete(slot)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
