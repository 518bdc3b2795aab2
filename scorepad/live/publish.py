"""Publishing: a game's change told to every screen watching it, once it is committed
and, when a request saved it, once that request's answer is sent, so that the phone
that tapped never waits for the others' screens.

A change saved (scorepad/play.py) is ``changed``; the request it was saved in is
marked as ``answering`` by a middleware (scorepad/middleware.py), and what it saved is
published when Django says the request is finished (its ``request_finished`` signal,
sent once the answer's last byte is out, under WSGI as under ASGI, also for a request
whose phone went away). A change saved outside a request goes at once.

Published is: drawn for every process that watches the game
(scorepad/live/drawings.py, ``share``), then told on the bus (scorepad/live/bus.py).
"""

from __future__ import annotations

import threading
from typing import Any

from django.db import transaction

from scorepad.live import bus, drawings
from scorepad.models import Game

# The changes the request being answered in this thread saved, if one is: drawn for
# the watching phones and published once its answer is sent (``answering``).
_answering = threading.local()

# A change: the game, its version, and the game as a tap saved it here, if one did.
type Change = tuple[int, int, Game | None]


def changed(game: Game, saved: Game | None = None) -> None:
    """Tell every screen watching ``game`` of its new version, once it is committed
    (and its request answered); a version rolled back is never told.

    ``saved``: the game as a tap saved it here (``kept.saved``), which its drawings
    are drawn from, without reading it again.
    """
    change = (game.pk, game.version, saved)

    def publish() -> None:
        pending: list[Change] | None = getattr(_answering, "pending", None)
        if pending is not None:
            pending.append(change)  # once the request's answer is sent
        else:
            shared_and_published([change])

    transaction.on_commit(publish)


def changed_together(versions: list[tuple[int, int]]) -> None:
    """``changed`` for many games at once (a player renamed across their games): on
    PostgreSQL one ``NOTIFY`` for every few hundred games, not one each."""
    transaction.on_commit(lambda: bus.publish(versions))


def answering() -> None:
    """This thread's request begins: the changes it saves wait for its answer."""
    _answering.pending = []


def answered(**kwargs: Any) -> None:
    """The request's answer is sent (``request_finished``): publish what it saved.
    Connected before Django gives the request's connection back (scorepad/apps.py),
    so that publishing uses it rather than open another."""
    pending: list[Change] | None = getattr(_answering, "pending", None)
    _answering.pending = None
    if pending:
        shared_and_published(pending)


def shared_and_published(changes: list[Change]) -> None:
    """Each change drawn for every process that watches it (``share``), then told."""
    for game_id, version, saved in changes:
        drawings.share(game_id, version, saved)
        bus.publish([(game_id, version)])
