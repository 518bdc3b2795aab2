"""A game's changes, pushed to every screen that watches it (issue 25, "pushed, not polled").

``Game`` calls ``changed(game id, new version)`` whenever it saves a new version.
Once that is committed, every stream watching the game (scorepad/views/live.py)
hears of it:

- on SQLite (one server: a laptop at home) through this process's own channel at
  once; a tap served by another worker process of the same server is read from the
  database within a twentieth of a second (``_watch_versions``: SQLite says whether
  anything was committed since it last looked, which reads no table; only then one
  query for all the games watched in this process; only while streams are open);
- on PostgreSQL (``DATABASE_URL``, perhaps several servers) by ``NOTIFY``: each
  server process keeps one ``LISTEN`` connection while it has streams open and
  hands what it hears to its own streams. No other service is needed.

A stream waits on a ``Listener``: an event to wake it and the newest version heard.
Versions only grow, so a stream that wakes late still sees the latest; whatever it
missed (a dropped ``LISTEN`` connection) it learns by reading the game again.

What a stream sends on a change is drawn here (``drawn``) once per game version,
view and language, and shared by every stream that watches the same thing. The
process that saved the change draws it once for every process: it draws the views
watched anywhere (``share``) before it tells them, and the others read its drawings
(one query a change) rather than draw them again.
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.apps import apps
from django.core.signals import request_finished
from django.db import connection, transaction
from django.db.models import Exists, OuterRef
from django.dispatch import receiver
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone, translation

log = logging.getLogger(__name__)

# PostgreSQL's channel for every game; the payload is "<game id>:<version>" (several,
# comma-separated, for a change to many games at once).
CHANNEL = "scorepad_games"


Key = tuple[str, str, str]  # what a stream sends: (view, language, site)


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


def changed(game_id: int, version: int, game: Any = None, **known: Any) -> None:
    """Tell every screen watching the game of its new version, once it is committed
    and, when a request saved it, once that request's answer is sent (``answering``):
    the phone that tapped never waits for the others' screens.

    On PostgreSQL the ``NOTIFY`` reaches every server's listeners (this one's too);
    on SQLite this process's listeners hear at once, other worker processes' through
    their watcher (``_watch_versions``).

    ``game``: the game as saved, with what the save worked out (``known``, by
    ``once``'s names): this process's streams draw the change from them, without
    reading the game or working it out again. Copied now (the request goes on with
    its own) and kept only once committed: a version rolled back is never drawn.
    """
    kept = copy.copy(game) if game is not None else None

    def publish() -> None:
        if kept is not None:
            _keep(kept, known)
        pending = getattr(_answering, "pending", None)
        if pending is not None:
            pending.append((game_id, version))  # once the request's answer is sent
        else:
            shared_and_published([(game_id, version)])

    transaction.on_commit(publish)


# The changes the request being answered in this thread saved, if one is: drawn for
# the watching phones and published once its answer is sent (``answering``).
_answering = threading.local()


def answering() -> list[tuple[int, int]]:
    """This thread's request begins: the changes it saves wait for ``answered``."""
    pending: list[tuple[int, int]] = []
    _answering.pending = pending
    return pending


def answered(pending: list[tuple[int, int]]) -> None:
    """The request's answer is sent: publish what it saved (once, whoever calls first)."""
    if getattr(_answering, "pending", None) is pending:
        _answering.pending = None
    taken = pending[:]
    pending.clear()
    shared_and_published(taken)


@receiver(request_finished)
def _finished(**kwargs: Any) -> None:
    """A request that ended with no answer sent (its phone went away while the view ran,
    under ASGI) still publishes what it saved: after Django gave its connection back, so
    the one this opens is given back here."""
    pending = getattr(_answering, "pending", None)
    if pending:
        answered(pending)
        if not connection.in_atomic_block:
            connection.close()
    _answering.pending = None


def shared_and_published(versions: list[tuple[int, int]]) -> None:
    """Each change drawn for every process that watches it (``share``), then told."""
    for game_id, version in versions:
        share(game_id, version)
        _publish(game_id, version)


def changed_together(versions: list[tuple[int, int]]) -> None:
    """``changed`` for many games at once (a player renamed across their games): on
    PostgreSQL one ``NOTIFY`` for every few hundred games, not one each."""
    transaction.on_commit(lambda: _publish_all(versions))


def _publish(game_id: int, version: int) -> None:
    _publish_all([(game_id, version)])


# A NOTIFY's payload must stay under 8,000 bytes: "<id>:<version>" pairs, comma-separated.
_PAYLOAD = 7000


def _publish_all(versions: list[tuple[int, int]]) -> None:
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


def _done_with_database() -> None:
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


def _games() -> Any:
    """The games' manager, looked up in Django's registry: models.py imports this module
    (a saved game publishes its change), so importing it back would make a cycle."""
    return apps.get_model("scorepad", "Game").objects


def _versions(game_ids: list[int]) -> dict[int, tuple[int, bool]]:
    """Each game's version, and whether it was drawn for every process (``share``)."""
    shared = _drawings().filter(game_id=OuterRef("pk"), version=OuterRef("version"))
    try:
        rows = _games().filter(pk__in=game_ids).annotate(shared=Exists(shared))
        return {pk: (version, drawn) for pk, version, drawn in rows.values_list(
            "pk", "version", "shared")}  # fmt: skip
    finally:
        _done_with_database()


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


# -- What a change sends: drawn once per game version, view and language. -------


@dataclass(frozen=True)
class Part:
    """One fragment of a view as a stream sends it: its event's name, a hash of its HTML
    (a stream leaves out a part it sent already, unchanged) and the event as sent."""

    name: str
    html_hash: int
    data: bytes


@dataclass(frozen=True)
class Drawn:
    """A game's state as one view shows it: the version, its parts, and what the view
    says of itself besides, never sent (its events named "_...": a seat's holder)."""

    version: int
    parts: tuple[Part, ...]
    facts: dict[str, str] = field(default_factory=dict, compare=False)
    _pieces: dict[tuple[str, ...], bytes] = field(default_factory=dict, compare=False, repr=False)

    def piece(self, names: tuple[str, ...]) -> bytes:
        """The events of these parts as one piece of a stream: one object for every
        stream that sends the same parts of this drawing, not a copy each (a quiet
        stream's server holds the last piece it sent until the next)."""
        found = self._pieces.get(names)
        if found is None:
            joined = b"".join(part.data for part in self.parts if part.name in names)
            found = self._pieces.setdefault(names, joined)
        return found


# What each view sends: its events (sse-swap names) and how each is drawn; filled in
# by scorepad/views/live.py, which knows the templates.
Drawer = Callable[[Any, HttpRequest], dict[str, str]]
VIEWS: dict[str, Drawer] = {}

_KEPT = 256  # a few versions of a few views and languages of every watched game
_drawn: OrderedDict[tuple[int, int, str, str, str], Drawn] = OrderedDict()
_drawing: dict[tuple[Any, ...], asyncio.Task[Drawn | None]] = {}


def event_text(version: int, name: str, html: str) -> str:
    """A server-sent event of one fragment, with the version as its id."""
    data = "".join(f"data: {line}\n" for line in html.splitlines() or [""])
    return f"id: {version}\nevent: {name}\n{data}\n"


class Origin(HttpRequest):
    """What a shared drawing knows of the requests it serves: the site's address, for
    the links it writes out in full (the viewer link in a result to share)."""

    def __init__(self, origin: str) -> None:
        super().__init__()
        self._scheme, _, host = origin.partition("://")
        self.META["HTTP_HOST"] = host

    def _get_scheme(self) -> str:
        return self._scheme


def origin(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


class _State:
    """One version of a game as this process draws it: the game row, read once (or
    kept from the tap that saved it here), and what the views of that version work
    out alike (its table, its seats), worked out by whichever view draws first."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.known: dict[Any, Any] = {}
        # What is being worked out now, by name: another thread asking for it waits
        # for it rather than working it out too (the tap's answer and its streams').
        self.working: dict[Any, threading.Lock] = {}


_STATES = 64  # the versions lately drawn or saved here: a change's views come together
_states: OrderedDict[tuple[int, int], _State] = OrderedDict()


def _state_of(game: Any) -> _State:
    key = (game.pk, game.version)
    with _lock:
        state = _states.get(key)
        if state is None:
            state = _states[key] = _State(game)
            while len(_states) > _STATES:
                _states.popitem(last=False)
        return state


def _keep(game: Any, known: dict[str, Any]) -> None:
    state = _state_of(game)
    with _lock:
        state.known.update(known)


def once(game: Any, name: Any, work: Callable[[], Any], kept_only: bool = False) -> Any:
    """What ``work`` gives for this version of the game, worked out once in this
    process for every view drawn of it (each view of a change asks for the same
    table), also when two threads ask at once. Read only, never changed: each view
    copies what it changes.

    ``kept_only``: shared only where this process kept the version already (a tap
    saved it here, ``changed``); elsewhere just ``work`` (a page's own request keeps
    nothing of its game here)."""
    with _lock:
        state = _states.get((game.pk, game.version))
    if state is None:
        if kept_only:
            return work()
        state = _state_of(game)
    with _lock:
        if name in state.known:
            return state.known[name]
        working = state.working.setdefault(name, threading.Lock())
    with working:
        with _lock:
            if name in state.known:  # worked out by the thread this one waited for
                return state.known[name]
        try:
            value = work()
        except BaseException:
            with _lock:
                state.working.pop(name, None)
            raise
        with _lock:
            state.working.pop(name, None)
            return state.known.setdefault(name, value)


def _read(game_id: int, version: int | None, close: bool = True) -> Any:
    """The game at ``version`` where it was kept or drawn here lately, else as stored.
    ``close``: give the connection back after (not a request's own)."""
    if version is not None:
        with _lock:
            state = _states.get((game_id, version))
        if state is not None:
            return state.game
    try:
        return _games().filter(pk=game_id).first()
    finally:
        if close:
            _done_with_database()


def _drawn_of(version: int, events: dict[str, str]) -> Drawn:
    parts = tuple(
        Part(name, hash(html), event_text(version, name, html).encode())
        for name, html in events.items()
        if not name.startswith("_")
    )
    facts = {name: html for name, html in events.items() if name.startswith("_")}
    return Drawn(version, parts, facts)


def _render(game: Any, key: Key) -> dict[str, str]:
    view, language, site = key
    with translation.override(language):
        return VIEWS[view](game, Origin(site))


def _remember(game_id: int, version: int, key: Key, drawn: Drawn) -> Drawn:
    with _lock:
        drawn = _drawn.setdefault((game_id, version, *key), drawn)
        while len(_drawn) > _KEPT:
            _drawn.popitem(last=False)
    return drawn


def _known(game_id: int, version: int, key: Key) -> Drawn | None:
    """The view of this version as drawn here lately, or as the process that saved it
    drew it for every process (``share``: read, not drawn again)."""
    with _lock:
        kept = _drawn.get((game_id, version, *key))
    if kept is None and _read_shared(game_id, version):
        with _lock:
            kept = _drawn.get((game_id, version, *key))
    return kept


def _draw(game_id: int, view: str, language: str, site: str, version: int | None) -> Drawn | None:
    key = (view, language, site)
    if version is not None and (kept := _known(game_id, version, key)) is not None:
        return kept
    game = _read(game_id, version)
    if game is None:
        return None
    if (kept := _known(game_id, game.version, key)) is not None:
        return kept
    events = _render(game, key)
    _wanted_here(game, key, events)
    return _remember(game_id, game.version, key, _drawn_of(game.version, events))


def _wanted_here(game: Any, key: Key, events: dict[str, str]) -> None:
    """A view drawn here for want of a shared drawing: written, and the game noted as
    watched, so that the process that saves the next change draws this view too. A
    failure (SQLite busy) costs only that: the stream sends what it drew."""
    now = timezone.now()
    try:
        _store(game.pk, game.version, {key: events}, {key: now})
        if not _lately(game.watched, now, WANTED / 2):
            _games().filter(pk=game.pk).update(watched=now)
    except Exception:
        log.exception("live: noting game %s watched for %s failed", game.pk, key[0])
    finally:
        _done_with_database()


# -- A change drawn once for every process (``Drawing`` rows). -------------------------

# A view wanted by a stream this long ago is still drawn by whichever process saves a
# change; a view still watched is drawn again by its own process at least this often.
WANTED = timedelta(minutes=10)
# Rows no process drew for this long are deleted (the game is over, or nobody watches).
STALE = timedelta(days=1)
_PRUNE_SECONDS = 3600.0
_pruned = [-float("inf")]  # when this process last pruned (time.monotonic)
# The versions whose shared drawings this process read lately (each read once).
_READ = 1024
_read_lately: OrderedDict[tuple[int, int], None] = OrderedDict()


def _lately(when: Any, now: Any, within: timedelta = WANTED) -> bool:
    return when is not None and when >= now - within


def _drawings() -> Any:
    return apps.get_model("scorepad", "Drawing").objects


def share(game_id: int, version: int) -> None:
    """Draw a change saved here for every process's streams, before telling them of it.

    The views drawn are the ones this process's streams send, and those another
    process lately drew for a stream of its own (``Drawing.wanted``); each process
    then reads them (``_read_shared``), one query a change. Only where a stream of this
    process watches the game, or the game says a stream elsewhere did lately
    (``Game.watched``): a game nobody watches (the keeper's phone alone) costs nothing
    more. A failure costs only the sharing: each process draws for itself.
    """
    now = timezone.now()
    with _lock:
        here = {each.wants for each in _listeners.get(game_id, ())}
        state = _states.get((game_id, version))
    # The game as saved here, if it was (a tap): it says whether another process
    # watches it lately, without a query.
    watched = state is not None and _lately(state.game.watched, now)
    if not here and not watched:
        return
    try:
        lately = _drawings().filter(game_id=game_id, wanted__gte=now - WANTED)
        wanted = {(view, language, site): when for view, language, site, when in
                  lately.values_list("view", "language", "site", "wanted")}  # fmt: skip
        game = _read(game_id, version, close=False)
        if game is None or game.version != version:
            return  # changed again since: that change is shared in its turn
        keys = sorted(key for key in here | set(wanted) if key[0] in VIEWS)
        drawn = {key: _render(game, key) for key in keys}
        # The views of this process's streams wanted now; the others as they were.
        _store(game_id, version, drawn, {key: now if key in here else wanted[key] for key in keys})
        for key, events in drawn.items():
            _remember(game_id, version, key, _drawn_of(version, events))
        prune()
    except Exception:
        log.exception("live: sharing the drawings of game %s failed", game_id)


def _store(
    game_id: int, version: int, drawn: dict[Key, dict[str, str]], wanted: dict[Key, Any]
) -> None:
    """Write the drawings of one version, each over the same view's older one (never
    over a newer one), with when each was last wanted by a stream (``wanted``)."""
    model = _drawings().model
    events_field, ops = model._meta.get_field("events"), connection.ops
    now = ops.adapt_datetimefield_value(timezone.now())
    rows = [
        (game_id, *key, version, events_field.get_db_prep_value(events, connection), now,
         ops.adapt_datetimefield_value(wanted[key]))
        for key, events in drawn.items()
        if len(key[2]) <= 255
    ]  # fmt: skip
    if not rows:
        return
    table = model._meta.db_table
    values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(rows))
    with connection.cursor() as cursor:
        # Written as SQL: Django's bulk_create cannot leave a newer row as it is. Both
        # SQLite and PostgreSQL read it alike.
        cursor.execute(
            f"INSERT INTO {table} "
            "(game_id, view, language, site, version, events, drawn, wanted) "
            f"VALUES {values} "
            "ON CONFLICT (game_id, view, language, site) DO UPDATE SET "
            "version = excluded.version, events = excluded.events, drawn = excluded.drawn, "
            "wanted = excluded.wanted "
            f"WHERE {table}.version <= excluded.version",
            [value for row in rows for value in row],
        )


def _read_shared(game_id: int, version: int) -> bool:
    """Read the drawings of one version that its process shared (once here, for every
    view of it), kept with this process's own; whether they were read just now."""
    with _lock:
        if (game_id, version) in _read_lately:
            return False
        _read_lately[(game_id, version)] = None
        while len(_read_lately) > _READ:
            _read_lately.popitem(last=False)
    try:
        rows = _drawings().filter(game_id=game_id, version=version)
        found = list(rows.values_list("view", "language", "site", "events"))
    finally:
        _done_with_database()
    for view, language, site, events in found:
        _remember(game_id, version, (view, language, site), _drawn_of(version, events))
    return bool(found)


def prune() -> None:
    """Delete the drawings nobody drew for a day, at most once an hour a process."""
    if time.monotonic() - _pruned[0] < _PRUNE_SECONDS:
        return
    _pruned[0] = time.monotonic()
    _drawings().filter(drawn__lt=timezone.now() - STALE).delete()


def _drawn_or_shed(key: tuple[Any, ...], task: asyncio.Task[Drawn | None]) -> None:
    if _drawing.get(key) is task:
        del _drawing[key]
    if task.cancelled():
        _backlog.shed()  # never begun: no longer queued


class _Backlog:
    """The drawings queued for this process's one drawing thread, and how long one takes
    there lately (wall time: what a stream waits), to tell how long a new one would wait.
    """

    def __init__(self) -> None:
        self.waiting = 0  # queued, not begun
        self.seconds = 0.0  # a drawing's time, averaged over the last few

    def wait(self) -> float:
        with _lock:
            return self.waiting * self.seconds

    def queued(self) -> None:
        with _lock:
            self.waiting += 1

    def shed(self) -> None:
        with _lock:
            self.waiting -= 1

    def timed(self, draw: Callable[..., Drawn | None], *args: Any) -> Drawn | None:
        with _lock:
            self.waiting -= 1
        began = time.monotonic()
        try:
            return draw(*args)
        finally:
            took = time.monotonic() - began
            with _lock:
                self.seconds += (took - self.seconds) / 8


_backlog = _Backlog()


class Late(Exception):
    """A drawing not ready within its deadline: left undone (``drawn``)."""


# How many streams wait for each drawing under way (``drawn``): one nobody waits for
# any more is not drawn.
_waiting: dict[tuple[Any, ...], int] = {}


async def drawn(
    game_id: int,
    view: str,
    language: str,
    site: str,
    version: int | None,
    deadline: float | None = None,
) -> Drawn | None:
    """The game as ``view`` shows it in ``language`` on ``site`` (``origin``), at
    ``version`` or later (None: as it now stands); None when the game is gone.

    Streams woken by the same change share one drawing: the first to ask draws it
    (one read of the game, one rendering), the others wait for it.

    ``deadline``: seconds to wait at most, else ``Late``. A server with more to do than
    it can (more tables than its cores carry) sheds the work rather than queue it: a
    drawing that every stream waiting for it gave up on is not drawn, if it has not
    begun (its phones read the game themselves: static/js/live.js).
    """
    if version is not None:
        with _lock:
            kept = _drawn.get((game_id, version, view, language, site))
        if kept is not None:
            return kept
    loop = asyncio.get_running_loop()
    key = (loop, game_id, version, view, language, site)
    task = _drawing.get(key)
    if task is None or task.cancelling():
        if deadline is not None and _backlog.wait() > deadline:
            raise Late  # the drawings queued already take longer: not queued at all
        # A task of its own, so that a stream closed while it waits cancels only its wait
        # (and the drawing, if no other stream waits for it).
        _backlog.queued()
        draw = partial(_backlog.timed, _draw, game_id, view, language, site, version)
        task = apart(loop, sync_to_async(draw)())
        _drawing[key] = task
        task.add_done_callback(partial(_drawn_or_shed, key))
    # Counted on the event loop alone: no lock needed.
    _waiting[key] = _waiting.get(key, 0) + 1
    try:
        if deadline is None:
            return await asyncio.shield(task)
        return await asyncio.wait_for(asyncio.shield(task), deadline)
    except TimeoutError:
        raise Late from None
    finally:
        _waiting[key] -= 1
        if not _waiting[key]:
            del _waiting[key]
            if not task.done():
                task.cancel()  # nobody waits for it: shed, unless it is being drawn


class _NobodysToken:
    """A CSRF token written as an empty field: Django then reads the one htmx sends
    from the page's body (``x-csrftoken``), which is the watcher's own."""

    def __bool__(self) -> bool:
        return True

    def __str__(self) -> str:
        return ""


def template(name: str, context: dict[str, Any], request: HttpRequest) -> str:
    """A fragment drawn for everyone watching: for nobody's own request (``Origin``),
    so with nothing of one person's in it, such as a CSRF token."""
    return render_to_string(name, context | {"request": request, "csrf_token": _NobodysToken()})
