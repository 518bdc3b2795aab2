"""A screen drawn for everyone watching a game, for nobody's own request: what a live
stream sends is drawn once and sent to every phone alike (scorepad/live/drawings.py),
so it holds nothing of one person's, such as a CSRF token."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string


class Origin(HttpRequest):
    """What a shared drawing knows of the requests it serves: the site's address, for
    the links it writes out in full (the viewer link in a result to share)."""

    def __init__(self, origin: str) -> None:
        super().__init__()
        self._scheme, _, host = origin.partition("://")
        self.META["HTTP_HOST"] = host

    def _get_scheme(self) -> str:
        return self._scheme


def origin(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


class _NobodysToken:
    """A CSRF token written as an empty field: Django then reads the one htmx sends
    from the page's body (``x-csrftoken``), which is the watcher's own."""

    def __bool__(self) -> bool:
        return True

    def __str__(self) -> str:
        return ""


def template(name: str, context: dict[str, Any], request: HttpRequest) -> str:
    """A fragment drawn for everyone watching: for nobody's own request (``Origin``),
    so with nothing of one person's in it, such as a CSRF token."""
    return render_to_string(name, context | {"request": request, "csrf_token": _NobodysToken()})
