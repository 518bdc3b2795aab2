"""Per-address limits on requests that cost the server something (sign-up, import, PDF,
a new game).

Each limit counts one address's requests in fixed windows (say 20 in each 10
minutes) in Django's cache, which every process and server shares (settings.CACHES).
Over the limit, the view is not run: a 429 says when to try again. The count is
kept with the cache's add and incr, close enough for a limit (a few racing
requests may slip past it, never many). Sign-in has a limit of each name's
failures too (django-axes, see scorepad/signin.py).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_noop, ngettext


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


def new_games() -> Limit | None:
    """Games started (setup's Start, Play again) in an hour: settings.GAMES_STARTED_PER_HOUR,
    read at each request; None when it is 0 (no limit)."""
    most = int(settings.GAMES_STARTED_PER_HOUR)
    return Limit("start", most, 60 * 60, gettext_noop("new games")) if most else None


def address(request: HttpRequest) -> str:
    # REMOTE_ADDR only: a forwarded-for header is whatever the client says it is.
    return str(request.META.get("REMOTE_ADDR", ""))


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
