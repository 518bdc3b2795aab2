"""The bus: a game's new version heard by every stream that watches it, in every server
process (issue 25, "pushed, not polled").

- On SQLite (one server: a laptop at home) this process's own listeners hear at once
  (``deliver``); a tap served by another worker process of the same server is read from
  the database within a twentieth of a second (``_watch_versions``: SQLite says whether
  anything was committed since it last looked, which reads no table; only then one
  query for all the games watched in this process; only while streams are open).
- On PostgreSQL (``DATABASE_URL``, perhaps several servers) by ``NOTIFY``: each server
  process keeps one ``LISTEN`` connection while it has streams open and hands what it
  hears to its own streams. No other service is needed.

A stream waits on a ``Listener``: an event to wake it and the newest version heard.
Versions only grow, so a stream that wakes late still sees the latest; whatever it
missed (a dropped ``LISTEN`` connection) it learns by reading the game again.

The bus carries versions only: what a stream sends is drawn by scorepad/live/drawings.py.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import sync_to_async
from django.db import connection
from django.db.models import Exists, OuterRef

from scorepad.models import Drawing, Game

log = logging.getLogger(__name__)

# PostgreSQL's channel for every game; the payload is "<game id>:<version>" (several,
# comma-separated, for a change to many games at once).
CHANNEL = "scorepad_games"


Key = tuple[str, str, str]  # what a stream sends: (screen, language, site)


@dataclass(eq=False)
class Listener:
    """One stream's ear: woken on its own event loop by ``wake``."""

    game_id: int
    loop: asyncio.AbstractEventLoop
    # What its stream sends, as ``drawn`` is asked for it.
    wants: Key
    event: asyncio.Event = field(default_factory=asyncio.Event)
    # The newest version heard; None: something may have been missed, read the game.
    version: int | None = 0

    def wake(self, version: int | None) -> None:
        # Run on the listener's loop (call_soon_threadsafe): no lock needed.
        if version is None or self.version is None:
            self.version = None
        else:
            self.version = max(self.version, version)
        self.event.set()


_lock = threading.Lock()
_listeners: dict[int, set[Listener]] = {}
# What hears other processes' changes, a task for each event loop with streams open:
# the LISTEN connection (PostgreSQL) or the commits looked for every WATCH_SECONDS (SQLite).
_hearing: dict[asyncio.AbstractEventLoop, asyncio.Task[None]] = {}
_listening: set[asyncio.AbstractEventLoop] = set()
# How often, on SQLite, the database is asked whether anything was committed (another
# process's tap); the watched games' versions are read only when something was.
WATCH_SECONDS = 0.05


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


# A NOTIFY's payload must stay under 8,000 bytes: "<id>:<version>" pairs, comma-separated.
_PAYLOAD = 7000


def publish(versions: list[tuple[int, int]]) -> None:
    """Tell every process's listeners of these games' new versions: on PostgreSQL by
    ``NOTIFY`` (this process's too), on SQLite this process's at once."""
    if not on_postgres():
        for game_id, version in versions:
            deliver(game_id, version)
        return
    payloads, payload = [], ""
    for game_id, version in versions:
        pair = f"{game_id}:{version}"
        if payload and len(payload) + len(pair) >= _PAYLOAD:
            payloads.append(payload)
            payload = ""
        payload = f"{payload},{pair}" if payload else pair
    payloads.append(payload)
    with connection.cursor() as cursor:
        for each in payloads:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, each])


def deliver(game_id: int, version: int | None) -> None:
    """Wake this process's listeners of one game, from any thread."""
    with _lock:
        listeners = list(_listeners.get(game_id, ()))
    _wake(listeners, version)


def wake_all() -> None:
    """Wake every listener of this process to read its game again (after a gap), from
    any thread."""
    with _lock:
        listeners = [each for group in _listeners.values() for each in group]
    _wake(listeners, None)


def _wake(listeners: list[Listener], version: int | None) -> None:
    for listener in listeners:
        try:
            listener.loop.call_soon_threadsafe(listener.wake, version)
        except RuntimeError:  # its loop is closed: the stream is gone
            pass


def listen(game_id: int, wants: Key) -> Listener:
    """A new listener for one game, on the running event loop; ``forget`` it after.
    ``wants``: the view, language and site its stream sends (``share``)."""
    loop = asyncio.get_running_loop()
    listener = Listener(game_id, loop, wants)
    with _lock:
        _listeners.setdefault(game_id, set()).add(listener)
    task = _hearing.get(loop)
    if task is None or task.done():
        hear = _listen_to_postgres if on_postgres() else _watch_versions
        _hearing[loop] = apart(loop, hear())
    return listener


def apart(loop: asyncio.AbstractEventLoop, work: Any) -> asyncio.Task[Any]:
    """A task outside the request that started it (a fresh context): its database work
    runs in the process's one shared thread, not in a request's own (under ASGI, each
    request's sync code has a thread, and its connection, until the request ends,
    which for a stream is when it closes)."""
    return loop.create_task(work, context=contextvars.Context())


def done_with_database() -> None:
    """On PostgreSQL, give the shared thread's connection back (to the pool, or closed):
    nothing ends a request there to do it, and a test database must not be held open.
    SQLite's is kept: opening one costs more than the read (its PRAGMAs)."""
    if on_postgres():
        connection.close()


def forget(listener: Listener) -> None:
    with _lock:
        group = _listeners.get(listener.game_id)
        if group is not None:
            group.discard(listener)
            if not group:
                del _listeners[listener.game_id]
        left_on_loop = any(each.loop is listener.loop for g in _listeners.values() for each in g)
    if not left_on_loop:
        # No stream left on this loop: its LISTEN connection is closed (a new stream
        # opens another, and wakes everyone to read what it may have missed).
        task = _hearing.pop(listener.loop, None)
        if task is not None:
            task.cancel()


def _postgres_params() -> dict[str, Any]:
    """How Django connects (the test database's name in a test run), less what only
    Django's own connections use."""
    params = dict(connection.get_connection_params())
    for name in ("cursor_factory", "context", "prepare_threshold"):
        params.pop(name, None)
    return params


async def _listen_to_postgres() -> None:
    """Hold one LISTEN connection for this process, handing each NOTIFY to its listeners;
    reconnect after a failure, waking every listener to read its game again."""
    import psycopg

    params = _postgres_params()
    loop = asyncio.get_running_loop()
    delay = 0.5
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(**params, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                _listening.add(loop)
                delay = 0.5
                # A change made before LISTEN took hold was heard by nobody here.
                wake_all()
                async for note in conn.notifies():
                    for pair in note.payload.split(","):
                        game_id, _, version = pair.partition(":")
                        try:
                            deliver(int(game_id), int(version))
                        except ValueError:
                            log.warning("live: a notification not understood: %r", pair)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("live: the LISTEN connection failed; trying again in %s s", delay)
        finally:
            _listening.discard(loop)
        await asyncio.sleep(delay)
        delay = min(delay * 2, 30.0)


def listening() -> bool:
    """Whether this event loop's LISTEN connection is up (PostgreSQL): for the tests."""
    return asyncio.get_running_loop() in _listening


def _versions(game_ids: list[int]) -> dict[int, tuple[int, bool]]:
    """Each game's version, and whether it was drawn for every process (``share``)."""
    shared = Drawing.objects.filter(game_id=OuterRef("pk"), version=OuterRef("version"))
    try:
        rows = Game.objects.filter(pk__in=game_ids).annotate(shared=Exists(shared))
        return {pk: (version, drawn) for pk, version, drawn in rows.values_list(
            "pk", "version", "shared")}  # fmt: skip
    finally:
        done_with_database()


class _Commits:
    """Whether anything was committed to the SQLite file since the last look, by any
    connection but this one: ``PRAGMA data_version`` on a connection of its own,
    which reads no table (microseconds). Where the database is no file of its own (an
    in-memory test database), every look says yes."""

    def __init__(self) -> None:
        name = str(connection.settings_dict["NAME"])
        in_memory = name == ":memory:" or "mode=memory" in name
        self.file = None if in_memory else sqlite3.connect(name, uri=name.startswith("file:"))
        self.seen: int | None = None

    def since_last_look(self) -> bool:
        if self.file is None:
            return True
        try:
            now = int(self.file.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error:
            return True
        moved, self.seen = now != self.seen, now
        return moved

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


class _Looks:
    """Which changes each look of the SQLite watcher hands on (``_watch_versions``).

    A change that its process draws for every process (``share``) is handed on once its
    drawings are committed too, a moment after the change itself: the streams here
    then read them rather than draw them. One not drawn so is handed on at the next
    look, whatever it finds then. A game newly watched is handed on at once.
    """

    def __init__(self) -> None:
        self.known: dict[int, int] = {}
        self.waiting: set[int] = set()  # changes seen, not yet drawn for every process

    def handed_on(self, versions: dict[int, tuple[int, bool]]) -> list[tuple[int, int]]:
        known: dict[int, int] = {}
        handed: list[tuple[int, int]] = []
        for game_id, (version, shared) in versions.items():
            seen = self.known.get(game_id)
            if seen not in (None, version) and not shared and game_id not in self.waiting:
                self.waiting.add(game_id)
                known[game_id] = seen
                continue
            self.waiting.discard(game_id)
            if seen != version:
                handed.append((game_id, version))
            known[game_id] = version
        self.known = known
        self.waiting &= set(known)
        return handed


async def _watch_versions() -> None:
    """SQLite: every ``WATCH_SECONDS``, if anything was committed since the last look
    (or a change waits to be handed on), read the versions of the games watched here,
    and hand each change (made by another worker process) to their listeners."""
    looks = _Looks()
    commits = _Commits()
    try:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            if not commits.since_last_look() and not looks.waiting:
                continue
            with _lock:
                watched = list(_listeners)
            try:
                versions = await sync_to_async(_versions)(watched)
            except Exception:
                log.exception("live: reading the watched games' versions failed")
                continue
            for game_id, version in looks.handed_on(versions):
                deliver(game_id, version)
    finally:
        commits.close()


def open_listeners(game_id: int | None = None) -> int:
    """How many listeners this process holds (of one game): for tests and the bench."""
    with _lock:
        if game_id is not None:
            return len(_listeners.get(game_id, ()))
        return sum(len(group) for group in _listeners.values())


def wanted_here(game_id: int) -> set[Key]:
    """What this process's streams of one game send (``share`` draws them for all)."""
    with _lock:
        return {each.wants for each in _listeners.get(game_id, ())}
