"""Headers every page of ours carries, the CPU one address may ask for, and a plain
answer when the database is out of reach or the disk is full.

Every page Scorepad draws depends on who asks (the session's games, the account,
a game's secret link), so none may be kept by a shared cache or the browser's
back-forward store: ``Cache-Control: private, no-store`` and ``Vary: Cookie``.
A view that chose its own caching keeps it, made private (the viewer's poll
revalidates its ETag with ``no-cache``; the QR code is kept an hour). Static
files are served before this (whitenoise) and keep their long caching.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext

from scorepad.guards import throttle


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


def cpu_budget(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Each request's CPU time, counted against its address (throttle.CpuBudget); refused
    with a 503 while the address has spent its budget. After whitenoise (static files
    cost next to nothing and a page loads several at once); the live updates' streams
    have bounds of their own and are left out. The time is its thread's: under ASGI a
    request's middleware and view run in one thread of their own."""

    def middleware(request: HttpRequest) -> HttpResponse:
        budget = throttle.cpu_budget()
        if budget is None or request.path.endswith("/live/"):
            return get_response(request)
        address = throttle.address(request)
        wait = budget.start(address)
        if wait:
            return throttle.too_costly(wait, request)
        started = throttle.cpu_clock()
        try:
            return get_response(request)
        finally:
            budget.finish(address, throttle.cpu_clock() - started)

    return middleware


class DatabaseOutOfReach:
    """A request whose database connection was lost (the server restarted, the network
    dropped), or that found the database too busy, answers 503 with Retry-After in
    place of a 500: a tap is saved by one statement, so it was entered whole or not at
    all, and the phone sends it again (static/js/keep.js sends a kept tap again on a
    5xx; one entered already is recognised as such, scorepad/replays.py). The error is
    still logged, with its traceback."""

    RETRY_AFTER = 5
    # A full disk is not emptied in a few seconds: the phone asks again less often.
    DISK_FULL_RETRY_AFTER = 30

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.disk_full_logged = False

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.disk_full_logged and request.method == "POST" and response.status_code < 500:
            self.disk_full_logged = False  # a tap went in: there is room again
            logging.getLogger("django.request").warning("The disk has room again")
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError | OSError) and disk_is_full(exception):
            return self.disk_full(request, exception)
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        again = self.again(request)
        if again is not None:
            return again
        logging.getLogger("django.request").error(
            "Database out of reach (answered 503): %s",
            request.path,
            exc_info=exception,
        )
        message = gettext(
            "The server could not reach its database for a moment. Try again in a few seconds."
        )
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(self.RETRY_AFTER)
        response._has_been_logged = True  # type: ignore[attr-defined]  # logged above
        return response

    def disk_full(self, request: HttpRequest, exception: Exception) -> HttpResponse:
        """507 (Insufficient Storage), in words the phone shows: nothing was saved,
        and a tap the phone keeps is sent again until there is room. Logged once (in
        each server process) until a tap goes in again: every tap meets it meanwhile."""
        if not self.disk_full_logged:
            self.disk_full_logged = True
            logging.getLogger("django.request").error(
                "The disk is full: nothing can be saved until room is made on it"
                " (docs/home-server.md, 'A full disk'). First met at %s",
                request.path,
                exc_info=exception,
            )
        message = gettext(
            "Not saved: the server's disk is full, and nothing can be saved until room is"
            " made on it. Tell whoever keeps the server. A tap waiting on a phone is sent"
            " again by itself."
        )
        response = HttpResponse(message, status=507, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(self.DISK_FULL_RETRY_AFTER)
        response._has_been_logged = True  # type: ignore[attr-defined]  # logged once above
        return response

    def again(self, request: HttpRequest) -> HttpResponse | None:
        """The view run once more, on a new connection, where that is safe: a request
        that changes nothing (GET, HEAD), outside a transaction, once. A connection the
        database dropped a moment ago (a restart, a pooler, the network) is then not the
        page's failure. None where it is not tried or fails again (then the 503). A tap
        (POST) is not run again here: its phone sends it again, and one entered already
        is recognised as such."""
        match = request.resolver_match
        if (
            request.method not in ("GET", "HEAD")
            or getattr(request, "_database_tried_again", False)
            or match is None
            or asyncio.iscoroutinefunction(match.func)
        ):
            return None
        request._database_tried_again = True  # type: ignore[attr-defined]
        for connection in connections.all(initialized_only=True):
            if connection.in_atomic_block:
                return None
            connection.close()
        try:
            response: HttpResponse = match.func(request, *match.args, **match.kwargs)
        except (OperationalError, InterfaceError):
            return None
        return response


def disk_is_full(error: BaseException) -> bool:
    """Whether ``error`` (or what caused it) is a full disk: SQLite's SQLITE_FULL
    ("database or disk is full"), or its "disk I/O error" on a disk with no room left
    (as a connection opened on a full disk fails: no room for its -shm file);
    PostgreSQL's disk_full (SQLSTATE 53100, "could not extend file"); or a file
    written on the full disk (ENOSPC)."""
    seen: BaseException | None = error
    for _ in range(10):  # a chain of causes is short (and could loop)
        if seen is None:
            return False
        sqlite_error = (getattr(seen, "sqlite_errorcode", None) or 0) & 0xFF
        if sqlite_error == sqlite3.SQLITE_FULL:
            return True
        if sqlite_error == sqlite3.SQLITE_IOERR and sqlite_disk_has_no_room():
            return True
        if getattr(seen, "sqlstate", None) == "53100":
            return True
        if isinstance(seen, OSError) and seen.errno == errno.ENOSPC:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


# Less free than this on the database's disk, and SQLite's "disk I/O error" is a full disk.
NO_ROOM_BYTES = 1024 * 1024


def sqlite_disk_has_no_room() -> bool:
    database = connections[DEFAULT_DB_ALIAS].settings_dict["NAME"]
    try:
        disk = os.statvfs(Path(database).parent)
    except (OSError, TypeError):
        return False
    return disk.f_bavail * disk.f_frsize < NO_ROOM_BYTES


class TableFirst:
    """The table first: taps and the table's pages are never queued behind the pages
    that cost the most, whoever asks for those and from how many addresses.

    Which mechanism, and why: a bound on the costly work at once, in each process
    (``COSTLY_AT_ONCE``, 1), the others waiting their turn (``COSTLY_WAIT_SECONDS``)
    without using a core. Python's threads have no priorities, and a tap's thread
    shares the process (its GIL) with every request being answered: with ten addresses
    asking for the history, ten threads took turns with the tap, which ran 51 times
    slower (issue 50). With one costly thread at most beside it, a tap waits at most
    its turn with that one. A queue of its own (another process for costly pages)
    would need a second server to run and configure at home; the per-address limits
    (the CPU budget, the request rate) still bound each guest's share of the places.
    The live streams are left out: they wait without a thread of their own."""

    COSTLY = frozenset(
        {
            "home",
            "history",
            "player",
            "rename_player",
            "export_all",
            "import_games",
            "sheet_pdf",
            "blank_sheet",
            "blank_sheet_pdf",
            "login",
            "signup",
        }
    )

    places: threading.BoundedSemaphore | None = None
    places_for = 0

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            place = getattr(request, "_costly_place", None)
            if place is not None:
                place.release()

    @classmethod
    def costly_places(cls) -> threading.BoundedSemaphore | None:
        """This process's places for costly pages (settings.COSTLY_AT_ONCE), None if
        unbounded."""
        at_once = int(settings.COSTLY_AT_ONCE)
        if not at_once:
            return None
        if cls.places is None or cls.places_for != at_once:
            cls.places, cls.places_for = threading.BoundedSemaphore(at_once), at_once
        return cls.places

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], *args: object
    ) -> HttpResponse | None:
        match = request.resolver_match
        places = self.costly_places()
        if places is None or match is None or match.url_name not in self.COSTLY:
            return None
        if not places.acquire(timeout=float(settings.COSTLY_WAIT_SECONDS)):
            return busy(request)
        request._costly_place = places  # type: ignore[attr-defined]
        return None


def busy(request: HttpRequest) -> HttpResponse:
    """A costly page that waited its turn too long: 503, try again in a moment."""
    message = gettext(
        "The server is busy with other long pages (histories, exports, PDFs) and keeps the "
        "games being played first. Try again in a few seconds."
    )
    response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = "5"
    response._has_been_logged = True  # type: ignore[attr-defined]  # not an error of ours
    return response
