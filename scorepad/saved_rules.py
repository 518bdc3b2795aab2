"""Saved sets of house rules: kept with the person's games, found again by them.

A signed-in person's sets are theirs (``owner``); a browser's are listed in its
session, as its games are (``scorepad.guards.access``), so nobody sees another's sets.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from scorepad.forms import SavedRules
from scorepad.models import HouseRules

SESSION_RULES = "house_rules"
# A browser keeps at most this many sets of its own.
SESSION_LIMIT = 100


def _session_ids(request: HttpRequest) -> list[int]:
    ids = request.session.get(SESSION_RULES, [])
    return [i for i in ids if isinstance(i, int)] if isinstance(ids, list) else []


def visible_sets(request: HttpRequest, game: str) -> QuerySet[HouseRules]:
    """The sets this person may pick for ``game``: theirs if signed in, and this browser's."""
    mine = Q(pk__in=_session_ids(request))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return HouseRules.objects.filter(mine, game=game)


def saved_for_form(request: HttpRequest, game: str) -> list[SavedRules]:
    return [SavedRules(s.pk, s.name, s.options) for s in visible_sets(request, game)]


def find_set(request: HttpRequest, game: str, pk: int) -> HouseRules | None:
    return visible_sets(request, game).filter(pk=pk).first()


def save_set(request: HttpRequest, game: str, name: str, options: dict[str, Any]) -> HouseRules:
    owner = request.user if request.user.is_authenticated else None
    saved = HouseRules.objects.create(owner=owner, game=game, name=name, options=options)
    if owner is None:
        ids = [i for i in _session_ids(request) if i != saved.pk]
        request.session[SESSION_RULES] = [saved.pk, *ids][:SESSION_LIMIT]
    return saved


def claim_session_sets(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The user_logged_in receiver (connected in apps.py): a browser's sets become the
    account's, as its games do, so they follow the person to any device."""
    if request is None or getattr(request, "session", None) is None:
        return
    HouseRules.objects.filter(pk__in=_session_ids(request), owner__isnull=True).update(owner=user)
