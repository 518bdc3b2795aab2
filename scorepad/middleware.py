"""Headers every page of ours carries, and live updates published after the answer.

Every page Scorepad draws depends on who asks (the session's games, the account,
a game's secret link), so none may be kept by a shared cache or the browser's
back-forward store: ``Cache-Control: private, no-store`` and ``Vary: Cookie``.
A view that chose its own caching keeps it, made private (the viewer's poll
revalidates its ETag with ``no-cache``; the QR code is kept an hour). Static
files are served before this (whitenoise) and keep their long caching.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
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


def trustworthy(request: HttpRequest) -> bool:
    """Whether the page's origin is potentially trustworthy to a browser (W3C Secure
    Contexts): HTTPS, or this machine (``localhost``, ``*.localhost``, 127.0.0.0/8,
    ``[::1]``). Only there does a browser honour Cross-Origin-Opener-Policy."""
    if request.is_secure():
        return True
    # The Host as sent: by the time a response goes out it was allowed (else a 400).
    host, _ = split_domain_port(request.META.get("HTTP_HOST") or request.META["SERVER_NAME"])
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def opener_policy(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Cross-Origin-Opener-Policy where the browser holds it (``trustworthy``), never on
    a LAN address over plain HTTP, where Chromium logs it ignored on every page."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if settings.OPENER_POLICY and trustworthy(request):
            response.headers.setdefault("Cross-Origin-Opener-Policy", settings.OPENER_POLICY)
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
