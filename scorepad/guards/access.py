"""Who may see which games: a game's own links, its owner, and this browser's games.

A keeper link (``/g/<key>/``), viewer link, Join link (``/j/<join_key>/``) or seat
link (``/s/<key>/``, one player's phone) is itself the permission to that one game.
Lists of games (history, players) show only the signed-in owner's games and the games
started in this browser without an account (``Game.browser``, known by
the browser's signed cookie: see scorepad/guards/browsers.py), so nobody lists another's games.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse

from scorepad.history.ratings import rerate_owner
from scorepad.models import Browser, Figures, Game, Seat


def keeper_game(request: HttpRequest, key: str) -> Game:
    """The game behind a keeper link (``/g/<key>/``): the link is the permission."""
    return get_object_or_404(Game, key=key)


def viewer_game(request: HttpRequest, viewer_key: str) -> Game:
    """The game behind a viewer link (``/v/<viewer_key>/``): read only."""
    return get_object_or_404(Game, viewer_key=viewer_key)


def viewer_url(request: HttpRequest, game: Game) -> str:
    """The viewer link in full, as it is shared (scanned or copied)."""
    return request.build_absolute_uri(reverse("viewer", args=[game.viewer_key]))


def viewer_version(request: HttpRequest, viewer_key: str) -> tuple[int, int] | None:
    """A viewer link's game id and version, or None: all a poll of it needs to read."""
    # Two columns and no ordering: this is all an unchanged game's poll costs.
    try:
        pk, version = Game.objects.values_list("pk", "version").get(viewer_key=viewer_key)
    except Game.DoesNotExist:
        return None
    return pk, version


def join_game(request: HttpRequest, join_key: str) -> Game:
    """The game behind a Join link (``/j/<join_key>/``): a free seat may be taken."""
    return get_object_or_404(Game, join_key=join_key)


def join_url(request: HttpRequest, game: Game) -> str:
    """The Join link in full, as it is shared (scanned or copied)."""
    return request.build_absolute_uri(reverse("join", args=[game.join_key]))


def seat_at(request: HttpRequest, key: str) -> Seat:
    """The seat behind a seat link (``/s/<key>/``), with its game; released ones too:
    their link answers that it was released."""
    return get_object_or_404(Seat.objects.select_related("game"), key=key)


def browser_key(request: HttpRequest) -> str:
    """This browser's id, from its signed cookie (or a new one, sent with the answer)."""
    key = getattr(request, "browser_key", "")
    return key if isinstance(key, str) else ""


def remember(request: HttpRequest, game: Game) -> None:
    """Note a game started in this browser without an account, so its history lists it.

    A signed-in person's games are theirs already; they are not listed in the browser
    once that person signs out.
    """
    key = browser_key(request)
    if request.user.is_authenticated or not key:
        return
    browser, _ = Browser.objects.get_or_create(key=key)
    Game.objects.filter(pk=game.pk).update(browser=browser)
    game.browser = browser


def claim_session_games(request: HttpRequest | None, user: Any) -> int:
    """Give a user who signs up or in the games this browser started without an owner.

    The games leave the browser for the account: signed out, it lists them no more.
    Returns how many games were claimed.
    """
    key = browser_key(request) if request is not None else ""
    if not key:
        return 0
    ours = Game.objects.filter(browser__key=key, owner__isnull=True)
    with transaction.atomic():
        # The figures carry their game's owner, so that lists need no join.
        Figures.objects.filter(game__in=ours.values("pk")).update(owner=user)
        claimed = ours.update(owner=user, browser=None)
    if claimed:
        # The same names are now the same people as in the owner's other games.
        rerate_owner(Figures, user.pk)
    return claimed


def on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The user_logged_in receiver (connected in apps.py): sign-up and log-in both claim."""
    claim_session_games(request, user)


def _listed_browser(request: HttpRequest) -> QuerySet[Browser, Any] | None:
    """This browser (as a subquery), when its games are listed with the person's own.

    Without an account, always. Signed in, only when it keeps games (asked once a
    request): signing in claims them, so it rarely does, and an OR of two sets of
    games (the owner's, the browser's) can be read in the order of neither's index,
    so a list, or a player's latest games, would cost the whole history.
    """
    key = browser_key(request)
    if not key:
        return None
    here = Browser.objects.filter(key=key).values("pk")
    if not request.user.is_authenticated:
        return here
    keeps = getattr(request, "_browser_keeps_games", None)
    if keeps is None:
        keeps = Game.objects.filter(browser__in=here).exists()
        request._browser_keeps_games = keeps  # type: ignore[attr-defined]
    return here if keeps else None


def all_games(request: HttpRequest) -> QuerySet[Game]:
    """Every game this person may list, deleted ones too: theirs, and this browser's."""
    mine = Q(pk__in=[])
    if request.user.is_authenticated:
        mine = Q(owner=request.user)
    here = _listed_browser(request)
    if here is not None:
        # A subquery, not a join: each side of the OR then reads its own index.
        mine |= Q(browser__in=here)
    return Game.objects.filter(mine)


def visible_games(request: HttpRequest) -> QuerySet[Game]:
    """The games this person may list: theirs if signed in, and this browser's; not
    the deleted ones."""
    return all_games(request).filter(deleted__isnull=True)


def visible_figures(request: HttpRequest) -> QuerySet[Figures]:
    """The figures of the games this person may list (those of ``visible_games``).

    Read by the owner and the deleted flag copied onto the figures, with no join: a
    player's figures are then one range of an index (see ``Figures``).
    """
    mine = Q(pk__in=[])
    if request.user.is_authenticated:
        mine = Q(owner=request.user)
    here = _listed_browser(request)
    if here is not None:
        mine |= Q(game__in=Game.objects.filter(browser__in=here).values("pk"))
    return Figures.objects.filter(mine, deleted=False)


def listed_owner(request: HttpRequest) -> int | None:
    """The owner whose games are all that this person may list (signed in, and the
    browser keeps none of its own), or None: what is kept of an owner's games (the
    head-to-head tallies) then serves as it is."""
    if request.user.is_authenticated and _listed_browser(request) is None:
        return int(request.user.pk)
    return None


def browser_has_games(request: HttpRequest) -> bool:
    """Whether this browser keeps games of its own (without an account)."""
    key = browser_key(request)
    return bool(key) and Game.objects.filter(browser__key=key, deleted__isnull=True).exists()
