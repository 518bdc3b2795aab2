"""Per-client limits on requests that cost the server something (sign-up, import, PDF,
a new game).

Each limit counts one address's requests in fixed windows (say 20 in each 10
minutes) in Django's cache, which every process and server shares (settings.CACHES).
Over the limit, the view is not run: a 429 says when to try again. The count is
kept with the cache's add and incr, close enough for a limit (a few racing
requests may slip past it, never many). Sign-in has a limit of each name's
failures too (django-axes, see scorepad/guards/signin.py).
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_noop, ngettext

from scorepad.guards.clients import client


@dataclass(frozen=True)
class Limit:
    name: str
    requests: int
    window: int  # seconds
    what: str  # for the message: "sign-ups", "imports"


SIGN_UP = Limit("signup", requests=10, window=60 * 60, what=gettext_noop("sign-ups"))
# Every sign-in try from one address, whatever the name: each costs the password hash
# (about 0.9 s of CPU), names we do not know included. django-axes limits each name
# and address apart (5 failures); this bounds a guest trying a new name each time.
SIGN_IN = Limit("signin", requests=20, window=10 * 60, what=gettext_noop("sign-in tries"))
IMPORT = Limit("import", requests=20, window=10 * 60, what=gettext_noop("imports"))
# Counted only when a PDF is drawn: one served from the cache costs nothing.
PDF = Limit("pdf", requests=10, window=10 * 60, what=gettext_noop("PDFs drawn"))


EXPORT = Limit("export", requests=10, window=10 * 60, what=gettext_noop("exports"))


def new_games() -> Limit | None:
    """Games started (setup's Start, Play again) in an hour: settings.GAMES_STARTED_PER_HOUR,
    read at each request; None when it is 0 (no limit)."""
    most = int(settings.GAMES_STARTED_PER_HOUR)
    return Limit("start", most, 60 * 60, gettext_noop("new games")) if most else None


def address(request: HttpRequest) -> str:
    """The client a request counts as, for every limit (scorepad/guards/clients.py)."""
    return client(request)


def retry_after(limit: Limit, request: HttpRequest) -> int:
    """Count this request; 0 if it is within the limit, else seconds to wait."""
    now = time.time()
    window = int(now // limit.window)
    key = f"throttle:{limit.name}:{address(request)}:{window}"
    cache.add(key, 0, timeout=limit.window + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # the window ended between add and incr
        return 0
    if count <= limit.requests:
        return 0
    return max(1, math.ceil((window + 1) * limit.window - now))


def refused(limit: Limit | None, request: HttpRequest) -> HttpResponse | None:
    """Count this request against ``limit``: None within it (or with no limit), else the 429."""
    if limit is None:
        return None
    wait = retry_after(limit, request)
    return too_many(limit, wait, request) if wait else None


def in_words(seconds: int) -> str:
    """When to try again, in words: "14 minutes", "1 minute", "40 seconds"."""
    if seconds < 60:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


def too_many(limit: Limit, wait: int, request: HttpRequest) -> HttpResponse:
    """The 429: plain words, or for htmx a line shown in the page's refusals area
    (base.html), so a tap over the limit (Start) is answered where it is seen and the
    form it came from stays as it was."""
    message = gettext("Too many %(what)s from your address. Try again in %(wait)s.") % {
        "what": gettext(limit.what),
        "wait": in_words(wait),
    }
    if request.headers.get("HX-Request") == "true":
        response = HttpResponse(
            format_html('<p class="error" role="alert">{}</p>', message), status=429
        )
        response["HX-Retarget"] = "#refusals"
        response["HX-Reswap"] = "innerHTML"
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(wait)
    return response


def limited(limit: Limit, methods: tuple[str, ...] = ("POST",)) -> Callable[[Any], Any]:
    """A view decorator: requests of these methods count against ``limit``."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in methods:
                wait = retry_after(limit, request)
                if wait:
                    return too_many(limit, wait, request)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate


# --- The CPU an address may ask for -------------------------------------------------

# The CPU time of the calling thread (a request's, under ASGI as under WSGI); the
# tests put a clock of their own here.
cpu_clock = time.thread_time


@dataclass
class Spent:
    seconds: float  # CPU seconds still counted against the address
    at: float  # when ``seconds`` was last worked out (time.monotonic)
    running: int = 0  # its requests being answered now


class CpuBudget:
    """The CPU time one address's requests have cost this process lately, whatever they
    asked for (a page, a sign-in's password hash, an export, an import, a formula
    checked): a bucket that each answered request fills by the CPU seconds its thread
    spent, and that empties by ``per_minute`` seconds a minute. While it holds more than
    ``most`` seconds, or the address has ``at_once`` requests being answered, the next
    is refused until it has emptied enough (``wait``).

    So in any minute an address gets at most ``most + per_minute`` seconds, plus
    what its requests admitted last were still costing (``at_once`` of them, each
    bounded by the limits on what one request may hold), and then ``per_minute`` a
    minute. Kept in each process's memory (a request costs no query for it), like
    the streams' bounds: with several workers an address may have that much of each.
    """

    def __init__(self, most: float, per_minute: float, at_once: int) -> None:
        self.most = most
        self.per_minute = per_minute
        self.at_once = at_once
        self.spent: dict[str, Spent] = {}
        self.lock = threading.Lock()

    def _now(self, address: str, now: float) -> Spent:
        spent = self.spent.get(address)
        if spent is None:
            if len(self.spent) >= 10_000:
                self._forget_the_idle(now)
            spent = self.spent[address] = Spent(0.0, now)
        spent.seconds = max(0.0, spent.seconds - (now - spent.at) * self.per_minute / 60)
        spent.at = now
        return spent

    def _forget_the_idle(self, now: float) -> None:
        for address, spent in list(self.spent.items()):
            drained = spent.seconds - (now - spent.at) * self.per_minute / 60
            if drained <= 0 and not spent.running:
                del self.spent[address]

    def start(self, address: str) -> int:
        """0, counting a request of ``address`` as running; else the seconds to wait."""
        with self.lock:
            now = time.monotonic()
            spent = self._now(address, now)
            if spent.seconds > self.most:
                over = spent.seconds - self.most
                return max(1, math.ceil(over * 60 / self.per_minute)) if self.per_minute else 60
            if self.at_once and spent.running >= self.at_once:
                return 1
            spent.running += 1
            return 0

    def finish(self, address: str, seconds: float) -> None:
        """A request of ``address`` answered, having cost ``seconds`` of CPU."""
        with self.lock:
            spent = self._now(address, time.monotonic())
            spent.running -= 1
            spent.seconds += seconds


_budget: CpuBudget | None = None


def cpu_budget() -> CpuBudget | None:
    """This process's budget (settings ADDRESS_CPU_SECONDS...), None when off."""
    global _budget
    most = float(settings.ADDRESS_CPU_SECONDS)
    if not most:
        return None
    per_minute = float(settings.ADDRESS_CPU_SECONDS_A_MINUTE)
    at_once = int(settings.ADDRESS_REQUESTS_AT_ONCE)
    if _budget is None or (_budget.most, _budget.per_minute, _budget.at_once) != (
        most,
        per_minute,
        at_once,
    ):
        _budget = CpuBudget(most, per_minute, at_once)
    return _budget


def too_costly(wait: int, request: HttpRequest) -> HttpResponse:
    """The answer while an address's CPU budget is spent: 503 with when to try again, so
    that a phone's tap kept for sending again (static/js/keep.js) is sent again, not
    dropped as refused."""
    message = gettext(
        "Your address has asked the server for a lot of work lately. Try again in %(wait)s."
    ) % {"wait": in_words(wait)}
    response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(wait)
    # Not an error of ours: no "Service Unavailable" line for each refusal (Django's
    # log_response skips a response marked so), or a busy client would fill the log.
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response
