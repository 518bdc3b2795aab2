"""A browser's id, kept for a year after its last visit, and sessions that last while used.

Without an account a browser's games are found by its id (``Game.browser``): a
random key in a signed cookie, sent again with every answer so that its year
starts over at each visit. The session (a signed-in person's) slides the same
way, saved once a day rather than at every request, which would cost a write
at each poll of a viewer.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scorepad.models import Browser, Game, new_key

COOKIE = "scorepad_browser"
SALT = "scorepad.browser"
# A browser's games stay reachable this long after its last visit.
AGE = timedelta(days=365)
# Where sessions kept a browser's games before they were kept in the database.
OLD_SESSION_GAMES = "games"
# The session's day of last use: a new day saves the session, and so moves its expiry.
SEEN = "seen"


def _cookie_key(request: HttpRequest) -> str:
    value = request.get_signed_cookie(COOKIE, default="", salt=SALT, max_age=AGE)
    # new_key's 22 characters; anything else is not one of ours.
    return value if isinstance(value, str) and 16 <= len(value) <= 32 else ""


def _adopt_session_games(request: HttpRequest, key: str) -> None:
    """Games an older session listed become this browser's (those nobody owns)."""
    keys = request.session.pop(OLD_SESSION_GAMES, None)
    if isinstance(keys, list) and keys:
        browser, _ = Browser.objects.get_or_create(key=key)
        Game.objects.filter(key__in=keys[:1000], owner__isnull=True, browser__isnull=True).update(
            browser=browser
        )


def _slide_session(request: HttpRequest) -> None:
    today = timezone.now().date().isoformat()
    if not request.session.is_empty() and request.session.get(SEEN) != today:
        request.session[SEEN] = today


def browser_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Gives each request ``browser_key`` and each answer the cookie that keeps it."""

    def middleware(request: HttpRequest) -> HttpResponse:
        key = _cookie_key(request) or new_key()
        request.browser_key = key  # type: ignore[attr-defined]
        # No session cookie, no session to keep: loading one would be a query for nothing.
        has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
        if has_session:
            _adopt_session_games(request, key)
        response = get_response(request)
        if has_session:
            _slide_session(request)
        response.set_signed_cookie(
            COOKIE,
            key,
            salt=SALT,
            max_age=AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
        return response

    return middleware
