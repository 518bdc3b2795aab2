"""Headers every page of ours carries, and live updates published after the answer.

Every page Scorepad draws depends on who asks (the session's games, the account,
a game's secret link), so none may be kept by a shared cache or the browser's
back-forward store: ``Cache-Control: private, no-store`` and ``Vary: Cookie``.
A view that chose its own caching keeps it, made private (the viewer's poll
revalidates its ETag with ``no-cache``; the QR code is kept an hour). Static
files are served before this (whitenoise) and keep their long caching.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

from scorepad import live


def private_pages(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.has_header("Cache-Control"):
            patch_cache_control(response, private=True)
        else:
            patch_cache_control(response, private=True, no_store=True)
        patch_vary_headers(response, ["Cookie"])
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response

    return middleware


def live_after_answer(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A tap's change is drawn for the phones watching it, and published, once the tap's
    own answer is sent (scorepad/live.py): the phone that tapped never waits for the
    others' screens. The response's close comes after its last byte is sent (under
    WSGI as under ASGI) and before Django gives the connection back; a request whose
    answer was never sent publishes at its end (``live._finished``)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        pending = live.answering()
        response = get_response(request)
        if not pending:
            live.answered(pending)  # nothing saved: later changes in this thread go at once
            return response
        close = response.close

        def publish_then_close() -> None:
            try:
                live.answered(pending)
            finally:
                close()

        response.close = publish_then_close  # type: ignore[method-assign]
        return response

    return middleware
