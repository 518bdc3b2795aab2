"""The stored drawings: what a stream sends of a change, drawn once per game version,
screen and language, and shared by every stream that watches the same thing.

The process that saved a change draws it once for every process: it draws the screens
watched anywhere (``share``) before the bus tells them, and writes them as ``Drawing``
rows, which the other processes read (one query a change) rather than draw them again.
The screens themselves are drawn by scorepad/screens/streams.py.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone, translation

from scorepad.live.bus import Key, apart, done_with_database, wanted_here
from scorepad.models import Drawing, Game
from scorepad.screens import streams
from scorepad.screens.everyone import origin
from scorepad.screens.kept import kept_game

log = logging.getLogger(__name__)

_lock = threading.Lock()


@dataclass(frozen=True)
class Part:
    """One fragment of a view as a stream sends it: its event's name, a hash of its HTML
    (a stream leaves out a part it sent already, unchanged) and the event as sent."""

    name: str
    html_hash: int
    data: bytes

    def html(self) -> str:
        """The fragment as drawn (the event's data lines, read back)."""
        lines = self.data.decode().split("\n")
        return "\n".join(line[6:] for line in lines if line.startswith("data: "))


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

_KEPT = 256  # a few versions of a few views and languages of every watched game
_drawn: OrderedDict[tuple[int, int, str, str, str], Drawn] = OrderedDict()
_drawing: dict[tuple[Any, ...], asyncio.Task[Drawn | None]] = {}


def event_text(version: int, name: str, html: str) -> str:
    """A server-sent event of one fragment, with the version as its id."""
    data = "".join(f"data: {line}\n" for line in html.splitlines() or [""])
    return f"id: {version}\nevent: {name}\n{data}\n"


def _read(game_id: int, version: int | None, close: bool = True) -> Game | None:
    """The game at ``version`` where it was kept or drawn here lately, else as stored.
    ``close``: give the connection back after (not a request's own)."""
    if version is not None and (kept := kept_game(game_id, version)) is not None:
        return kept
    try:
        return Game.objects.filter(pk=game_id).first()
    finally:
        if close:
            done_with_database()


def _drawn_of(version: int, events: dict[str, str]) -> Drawn:
    parts = tuple(
        Part(name, hash(html), event_text(version, name, html).encode())
        for name, html in events.items()
        if not name.startswith("_")
    )
    facts = {name: html for name, html in events.items() if name.startswith("_")}
    return Drawn(version, parts, facts)


def _render(game: Game, key: Key) -> dict[str, str]:
    screen, language, site = key
    return streams.draw(game, screen, language, site)


def _remember(game_id: int, version: int, key: Key, drawn: Drawn) -> Drawn:
    with _lock:
        drawn = _drawn.setdefault((game_id, version, *key), drawn)
        while len(_drawn) > _KEPT:
            _drawn.popitem(last=False)
    return drawn


def _known(game_id: int, version: int, key: Key, in_request: bool = False) -> Drawn | None:
    """The view of this version as drawn here lately, or as the process that saved it
    drew it for every process (``share``: read, not drawn again). ``in_request``: read
    on a request's own connection, which the request still needs (``caught_up``)."""
    with _lock:
        kept = _drawn.get((game_id, version, *key))
    if kept is None and _read_shared(game_id, version, in_request):
        with _lock:
            kept = _drawn.get((game_id, version, *key))
    return kept


def caught_up(request: HttpRequest, game: Game, view: str) -> dict[str, str] | None:
    """The fragments of ``view`` of the game's version, by event name, as its streams
    send them, if they were drawn (here lately, or by the process that saved the change,
    for every process), with its facts ("_holder"); None if not. A phone that reads the
    game itself (told ``behind``, or a poll) is answered from them rather than drawn
    again: a query at most, where drawing costs the most (issue 44)."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    drawn = _known(game.pk, game.version, (view, language, origin(request)), in_request=True)
    if drawn is None:
        return None
    return {part.name: part.html() for part in drawn.parts} | drawn.facts


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


def _wanted_here(game: Game, key: Key, events: dict[str, str]) -> None:
    """A view drawn here for want of a shared drawing: written, and the game noted as
    watched, so that the process that saves the next change draws this view too. A
    failure (SQLite busy) costs only that: the stream sends what it drew."""
    now = timezone.now()
    try:
        _store(game.pk, game.version, {key: events}, {key: now})
        if not _lately(game.watched, now, WANTED / 2):
            Game.objects.filter(pk=game.pk).update(watched=now)
    except Exception:
        log.exception("live: noting game %s watched for %s failed", game.pk, key[0])
    finally:
        done_with_database()


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


def _lately(when: datetime | None, now: datetime, within: timedelta = WANTED) -> bool:
    return when is not None and when >= now - within


def share(game_id: int, version: int, saved: Game | None = None) -> None:
    """Draw a change saved here for every process's streams, before telling them of it.

    The views drawn are the ones this process's streams send, and those another
    process lately drew for a stream of its own (``Drawing.wanted``); each process
    then reads them (``_read_shared``), one query a change. Only where a stream of this
    process watches the game, or the game says a stream elsewhere did lately
    (``Game.watched``): a game nobody watches (the keeper's phone alone) costs nothing
    more. A failure costs only the sharing: each process draws for itself.

    ``saved``: the game as a tap saved it here (``kept.saved``): it says whether
    another process watches it lately, without a query.
    """
    now = timezone.now()
    here = wanted_here(game_id)
    watched = saved is not None and _lately(saved.watched, now)
    if not here and not watched:
        return
    try:
        lately = Drawing.objects.filter(game_id=game_id, wanted__gte=now - WANTED)
        wanted = {(view, language, site): when for view, language, site, when in
                  lately.values_list("view", "language", "site", "wanted")}  # fmt: skip
        game = saved or _read(game_id, None, close=False)
        if game is None or game.version != version:
            return  # changed again since: that change is shared in its turn
        keys = sorted(key for key in here | set(wanted) if key[0] in streams.SCREENS)
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
    model = Drawing
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


def _read_shared(game_id: int, version: int, in_request: bool = False) -> bool:
    """Read the drawings of one version that its process shared (once here, for every
    view of it), kept with this process's own; whether they were read just now. The
    shared thread gives its connection back after; a request keeps its own (closed in
    a request's transaction, it would fail the request's next query)."""
    with _lock:
        if (game_id, version) in _read_lately:
            return False
        _read_lately[(game_id, version)] = None
        while len(_read_lately) > _READ:
            _read_lately.popitem(last=False)
    try:
        rows = Drawing.objects.filter(game_id=game_id, version=version)
        found = list(rows.values_list("view", "language", "site", "events"))
    finally:
        if not in_request:
            done_with_database()
    for view, language, site, events in found:
        _remember(game_id, version, (view, language, site), _drawn_of(version, events))
    return bool(found)


def prune() -> None:
    """Delete the drawings nobody drew for a day, at most once an hour a process."""
    if time.monotonic() - _pruned[0] < _PRUNE_SECONDS:
        return
    _pruned[0] = time.monotonic()
    Drawing.objects.filter(drawn__lt=timezone.now() - STALE).delete()


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
