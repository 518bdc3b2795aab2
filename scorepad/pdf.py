"""PDFs of printed pages, drawn by WeasyPrint from the same HTML and print CSS
that the browser prints, so the download and Print look the same.

WeasyPrint is given only our own static files (the stylesheets): it fetches
nothing else, so a page can never make the server open another address.
"""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

# WeasyPrint warns of every screen-only CSS rule it skips (sticky, overflow-x...)
# in scorepad.css, on every PDF: expected, and not worth a log line each.
logging.getLogger("weasyprint").setLevel(logging.ERROR)

PAGE_SIZES = {"a4": "A4", "letter": "letter"}
# More columns than this (round, cards, dealer, four a player...) print across the page.
PORTRAIT_COLUMNS = 20


class PdfUnavailable(Exception):
    """WeasyPrint cannot load Pango here."""


def is_wide(columns: int) -> bool:
    """Whether a sheet of this many columns prints in landscape."""
    return columns > PORTRAIT_COLUMNS


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


def render_pdf(request: HttpRequest, template: str, context: dict[str, Any], paper: str) -> bytes:
    # Imported here: WeasyPrint loads Pango when imported, and only PDFs need it.
    try:
        from weasyprint import CSS, HTML
        from weasyprint.urls import URLFetcher, URLFetcherResponse
    except OSError as error:  # no Pango on this server (see scripts/setup)
        raise PdfUnavailable(str(error)) from None

    class StaticFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            path = static_file(url)
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})

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
    pdf: bytes = document.write_pdf(stylesheets=[page])
    return pdf


def pdf_download(
    request: HttpRequest, template: str, context: dict[str, Any], paper: str, filename: str
) -> HttpResponse:
    """The page as a PDF file to download, or 503 where the server cannot draw PDFs."""
    try:
        pdf = render_pdf(request, template, context, paper)
    except PdfUnavailable:
        return HttpResponse(
            "This server cannot make PDFs (it lacks Pango). Print the page from your browser.",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
