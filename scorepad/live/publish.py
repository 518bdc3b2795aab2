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

import copy
import threading
from typing import Any

from django.db import transaction

from rules_engine import Table
from scorepad.live import bus, drawings
from scorepad.models import Game
from scorepad.screens.kept import Worked, keep

# The changes the request being answered in this thread saved, if one is: drawn for
# the watching phones and published once its answer is sent (``answering``).
_answering = threading.local()


def changed(game: Game, table: Table | None = None) -> None:
    """Tell every screen watching ``game`` of its new version, once it is committed
    (and its request answered).

    ``table``: the table a tap saved, as the engine worked it out: this process's
    streams draw the change from it and the game as saved, without reading the game
    or working it out again. Copied now (the request goes on with its own) and kept
    only once committed: a version rolled back is never drawn.
    """
    game_id, version = game.pk, game.version
    kept = copy.copy(game) if table is not None else None

    def publish() -> None:
        if kept is not None:
            keep(kept, {Worked.TABLE: table})
        pending: list[tuple[int, int]] | None = getattr(_answering, "pending", None)
        if pending is not None:
            pending.append((game_id, version))  # once the request's answer is sent
        else:
            shared_and_published([(game_id, version)])

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
    pending: list[tuple[int, int]] | None = getattr(_answering, "pending", None)
    _answering.pending = None
    if pending:
        shared_and_published(pending)


def shared_and_published(versions: list[tuple[int, int]]) -> None:
    """Each change drawn for every process that watches it (``share``), then told."""
    for game_id, version in versions:
        drawings.share(game_id, version)
        bus.publish([(game_id, version)])
