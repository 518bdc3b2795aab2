"""Publishing: a game's change told to every screen watching it, from its commit.

A change saved (scorepad/play.py) is ``changed``, and published by the commit itself
(``transaction.on_commit``, in the thread that committed), whatever happens to the
request that saved it: a phone that drops its connection just before its answer
(issue 44: under ASGI, Django's ``request_finished`` is then sent into a thread that
has quit, and a change published from it was lost on PostgreSQL) still has its tap
reach every other phone. The price: the tapping phone's answer waits for the
watched screens' drawings (a few milliseconds each), which every other phone's
stream would otherwise wait for instead.

Published is: drawn for every process that watches the game
(scorepad/live/drawings.py, ``share``), then told on the bus (scorepad/live/bus.py).
"""

from __future__ import annotations

from django.db import transaction

from scorepad.live import bus, drawings
from scorepad.models import Game

# A change: the game, its version, and the game as a tap saved it here, if one did.
type Change = tuple[int, int, Game | None]


def changed(game: Game, saved: Game | None = None) -> None:
    """Tell every screen watching ``game`` of its new version, once it is committed; a
    version rolled back is never told.

    ``saved``: the game as a tap saved it here (``kept.saved``), which its drawings
    are drawn from, without reading it again.
    """
    change = (game.pk, game.version, saved)
    transaction.on_commit(lambda: shared_and_published([change]))


def changed_together(versions: list[tuple[int, int]]) -> None:
    """``changed`` for many games at once (a player renamed across their games): on
    PostgreSQL one ``NOTIFY`` for every few hundred games, not one each."""
    transaction.on_commit(lambda: bus.publish(versions))


def shared_and_published(changes: list[Change]) -> None:
    """Each change drawn for every process that watches it (``share``), then told."""
    for game_id, version, saved in changes:
        drawings.share(game_id, version, saved)
        bus.publish([(game_id, version)])
