"""Who may see which games: a game's own links, its owner, and this browser's games.

A keeper link (``/g/<key>/``) or viewer link is itself the permission to that one
game. Lists of games (history, players) show only the signed-in owner's games and
the games started in this browser's session, so nobody lists another's games.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from scorepad.models import Game

SESSION_GAMES = "games"
# A browser keeps at most this many games of its own before signing up.
SESSION_LIMIT = 500


def remember(request: HttpRequest, game: Game) -> None:
    """Note a game started in this browser, so its history lists it."""
    keys = [k for k in request.session.get(SESSION_GAMES, []) if k != game.key]
    request.session[SESSION_GAMES] = [game.key, *keys][:SESSION_LIMIT]


def session_keys(request: HttpRequest) -> list[str]:
    keys = request.session.get(SESSION_GAMES, [])
    return [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []


def claim_session_games(request: HttpRequest | None, user: Any) -> int:
    """Give a user who signs up or in the games this browser started without an owner.

    Games another user owns stay theirs. Returns how many games were claimed.
    """
    if request is None or getattr(request, "session", None) is None:
        return 0
    keys = session_keys(request)
    return Game.objects.filter(key__in=keys, owner__isnull=True).update(owner=user)


def on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The user_logged_in receiver (connected in apps.py): sign-up and log-in both claim."""
    claim_session_games(request, user)


def visible_games(request: HttpRequest) -> QuerySet[Game]:
    """The games this person may list: theirs if signed in, and this browser's."""
    mine = Q(key__in=session_keys(request))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return Game.objects.filter(mine)
