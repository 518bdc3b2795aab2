"""Live updates: a stream of server-sent events for each screen that shows a game.

``GET /g/<key>/live/`` (the keeper's table), ``GET /v/<viewer_key>/live/`` (the
viewer and its sheet) and ``GET /s/<key>/live/`` (a player's own phone) answer
``text/event-stream``: at every change of the game, the
fragments that screen shows (scorepad/screens/streams.py), drawn again once per version,
screen and language for every stream alike (scorepad/live/drawings.py), each with
``id: <version>``.
htmx's SSE extension swaps them in (static/js/sse.js, static/js/live.js).

A stream that resumes says the version it last had (``Last-Event-ID``, or ``?v=``
on a page's first connection): if the game has moved on, it gets the current state
at once, so a screen never shows an old state as current. A comment line now and
then keeps proxies from closing a quiet stream.

The link is the permission, as for the pages themselves (404 for anything else).
Open streams are bounded per address (429 past it), and each phone's link (the
keeper's, each seat's) has places of its own, past which its oldest stream ends
(``_take``; settings.LIVE_STREAMS_*). Only an ASGI server can hold a stream open while
waiting: under WSGI (``manage.py runserver``, the tests' plain client) the answer is
204, which tells the browser not to try again, and the page keeps polling as before.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    StreamingHttpResponse,
)
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.views.decorators.http import require_GET

from scorepad.guards.access import keeper_game, seat_at, viewer_game
from scorepad.guards.throttle import address
from scorepad.live import bus, drawings
from scorepad.models import SEEN_EVERY, Game, Seat
from scorepad.screens.everyone import origin
from scorepad.screens.streams import HELD, HOLDER, SCREENS, seat_screen

log = logging.getLogger(__name__)


# The streams open in this process, by address, by viewer link and by phone's link.
_open: Counter[tuple[str, Any]] = Counter()


@dataclass(eq=False)
class _Place:
    """One stream's place, counted in ``_open`` until it is freed; a phone's link past
    its places ends its oldest stream (``end``), which then returns at its next turn."""

    slots: tuple[tuple[str, Any], ...]
    ended: bool = False
    freed: bool = False
    # Wakes the stream on its event loop, set once it listens (``_events``).
    wake: Callable[[], None] | None = None

    def free(self) -> None:
        if self.freed:
            return
        self.freed = True
        for slot in self.slots:
            _open[slot] -= 1
            if _open[slot] <= 0:
                del _open[slot]
            if slot[0] == "phone":
                held = _phones.get(slot[1])
                if held is not None and self in held:
                    held.remove(self)
                    if not held:
                        del _phones[slot[1]]

    def end(self) -> None:
        self.ended = True
        self.free()
        if self.wake is not None:
            self.wake()


# The streams of each phone's link (the keeper's, a seat's), oldest first.
_phones: dict[tuple[int, str], deque[_Place]] = {}


def _take(where: str, game_id: int, phone: str | None) -> _Place | None:
    """A place for one more stream, or None past a bound; free it when the stream ends.

    ``phone``: the link it was opened by, the keeper's ("keeper") or a seat's
    ("seat:<id>"), None for the viewer link. Each phone's link has places of its own
    (LIVE_STREAMS_PER_PHONE): a link opened on more screens than a phone has loses its
    oldest stream to the new one, so a guest holding one link never takes the keeper's
    or another seat's places. The viewer link's streams have places of their own in a
    game (LIVE_VIEWER_STREAMS_PER_GAME, 429 past it): a link anyone may be given can
    never push the table's phones back to polling."""
    by_address = ("address", where)
    if _open[by_address] >= settings.LIVE_STREAMS_PER_ADDRESS:
        return None
    if phone is None:
        link: tuple[str, Any] = ("viewers", game_id)
        if _open[link] >= settings.LIVE_VIEWER_STREAMS_PER_GAME:
            return None
    else:
        link = ("phone", (game_id, phone))
        held = _phones.setdefault(link[1], deque())
        while held and len(held) >= max(1, settings.LIVE_STREAMS_PER_PHONE):
            held[0].end()  # its oldest stream: the new one is this link's latest screen
    place = _Place((by_address, link))
    for slot in place.slots:
        _open[slot] += 1
    if phone is not None:
        _phones.setdefault(link[1], deque()).append(place)
    return place


def _shown(request: HttpRequest) -> int | None:
    """The version the screen shows: the last event's id, or the page's own (``?v=``)."""
    value = request.headers.get("Last-Event-ID") or request.GET.get("v", "")
    value = value.strip()
    if value.isascii() and value.isdigit() and len(value) < 12:
        return int(value)
    return None


# A quiet stream says it is there this often at most (LIVE_HEARTBEAT_SECONDS, if less):
# an event, not a comment, so that the page hears it, and knows a stream it has not
# heard from for a few beats to be stuck (static/js/live.js reads the game then).
ALIVE_SECONDS = 4.0
# How long a stream waits for a change's drawing before it lets its phone read the game
# itself (``drawings.Late``): more tables than the server's cores carry are a queue of
# drawings, which a phone would otherwise wait out in silence.
DRAWN_WITHIN = 0.5


def _alive(beat: float) -> bytes:
    """A heartbeat the page hears: the seconds until the next one (no id: the version
    the page resumes from stays the last one drawn)."""
    return f"event: alive\ndata: {beat:g}\n\n".encode()


def _behind(version: int | None) -> bytes:
    """The game is at ``version`` ("now": a version not read yet), not drawn in time:
    the page reads it itself."""
    return f"event: behind\ndata: {'now' if version is None else version}\n\n".encode()


# What a stream sends instead of a drawing it must not show, and then ends (a seat's
# stream, once its seat is released: ``_ended_on_release``); None to send the drawing.
Refuse = Callable[[drawings.Drawn], bytes | None]


async def _events(
    game_id: int,
    view: str,
    language: str,
    site: str,
    shown: int | None,
    refuse: Refuse | None = None,
    place: _Place | None = None,
) -> AsyncGenerator[bytes]:
    """The stream itself: the state at once if the screen's is old, then each change.
    What it sends are the drawings' own pieces, shared, not a copy for each stream.
    It ends, without a word, once its ``place`` is taken by its link's newer stream."""
    listener = bus.listen(game_id, (view, language, site))
    if place is not None:

        def wake() -> None:
            listener.loop.call_soon_threadsafe(listener.event.set)

        place.wake = wake
    started = time.monotonic()
    sent: dict[str, int] = {}  # each part's HTML as last sent (its hash)
    try:
        # The request's own connection, given back before the stream waits: it would be
        # held (under ASGI, in the request's thread) until the stream closes. What the
        # stream reads from now on is read apart (scorepad/live/bus.py).
        await sync_to_async(connections.close_all)()
        # How soon the browser tries again when the stream ends or drops.
        yield b"retry: 1000\n\n"
        listener.version = None  # read the game once now: it may have moved on
        while place is None or not place.ended:
            listener.event.clear()
            target: int | None = listener.version
            if target is None:
                listener.version = shown or 0
            if target is None or shown is None or target > shown:
                try:
                    drawn = await drawings.drawn(
                        game_id, view, language, site, target, DRAWN_WITHIN
                    )
                except drawings.Late:
                    # More to draw than this process can in time: the phone reads the game
                    # itself (static/js/live.js), and this stream goes on from there,
                    # every part sent again at the next change.
                    yield _behind(target)
                    shown = max(shown or 0, target or 0)
                    sent.clear()
                    continue
                except Exception:
                    # Logged here: an error inside a stream is otherwise hard to read.
                    log.exception("live: drawing game %s for %s failed", game_id, view)
                    return
                if drawn is None:
                    return  # the game is gone
                last = refuse(drawn) if refuse is not None else None
                if last is not None:
                    if last:  # said, or (a seat moved along) ended without a word
                        yield last
                    return
                if shown is None or drawn.version > shown:
                    # The parts that changed since this stream last sent them.
                    changed = [
                        part for part in drawn.parts if sent.get(part.name) != part.html_hash
                    ]
                    if changed:
                        yield drawn.piece(tuple(part.name for part in changed))
                    else:
                        yield f": version {drawn.version}\n\n".encode()
                    sent.update((part.name, part.html_hash) for part in changed)
                    shown = drawn.version
                if not listener.event.is_set():
                    listener.version = shown  # heard and drawn: wait for the next
                # Else something was heard while this was drawn (perhaps only that the
                # game must be read again, which hides the version): go round again.
                continue
            beat = min(float(settings.LIVE_HEARTBEAT_SECONDS), ALIVE_SECONDS)
            wait = beat
            if settings.LIVE_STREAM_SECONDS:
                left = started + settings.LIVE_STREAM_SECONDS - time.monotonic()
                if left <= 0:
                    return
                wait = min(wait, left)
            try:
                await asyncio.wait_for(listener.event.wait(), timeout=wait)
            except TimeoutError:
                if wait < beat:
                    continue  # its time is up (see above), not a heartbeat's
                yield _alive(beat)
    finally:
        bus.forget(listener)


# What a stream of one kind does besides (a seat's: ``_seen``).
Wrap = Callable[[AsyncGenerator[bytes]], AsyncGenerator[bytes]]


class _Stream(StreamingHttpResponse):
    """The event stream; its place is freed when it is closed, whether or not it ever
    started (the server closes every answer, also when the browser went away)."""

    def __init__(self, events: AsyncIterator[bytes], place: _Place) -> None:
        super().__init__(events, content_type="text/event-stream; charset=utf-8")
        self["Cache-Control"] = "no-cache"
        # Nginx and the like would hold the events back to send them in bigger pieces.
        self["X-Accel-Buffering"] = "no"
        self._place = place

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._place.free()


async def _stream(
    request: HttpRequest,
    game: Game,
    view: str,
    phone: str | None,
    wrap: Wrap | None = None,
    refuse: Callable[[str], Refuse] | None = None,
) -> HttpResponseBase:
    """``phone``: the phone's link the stream is opened by (``_take``), None for the
    viewer link."""
    if not isinstance(request, ASGIRequest):
        # No stream under WSGI: 204 tells the browser to stop asking; the page polls.
        return HttpResponse(status=204)
    place = _take(address(request), game.pk, phone)
    if place is None:
        response = HttpResponse(
            "Too many live updates open.", status=429, content_type="text/plain; charset=utf-8"
        )
        response["Retry-After"] = "30"
        return response
    language = translation.get_language() or settings.LANGUAGE_CODE
    events = _events(
        game.pk,
        view,
        language,
        origin(request),
        _shown(request),
        refuse(language) if refuse else None,
        place,
    )
    return _Stream(wrap(events) if wrap else events, place)


# The keeper's link's streams (its table, its sheet), as ``_take`` counts them.
KEEPER = "keeper"


@require_GET
async def table_live(request: HttpRequest, key: str) -> HttpResponseBase:
    """The keeper's table, live: another keeper's phone sees every tap."""
    game = await sync_to_async(keeper_game)(request, key)
    return await _stream(request, game, "table", KEEPER)


@require_GET
async def viewer_live(request: HttpRequest, viewer_key: str) -> HttpResponseBase:
    """The viewer's round, totals and sheet, live."""
    game = await sync_to_async(viewer_game)(request, viewer_key)
    return await _stream(request, game, "viewer", None)


@require_GET
async def seat_live(request: HttpRequest, key: str) -> HttpResponseBase:
    """A player's own phone, live: its round, the bids as they come, its pad."""
    seat = await sync_to_async(_seat_seen)(request, key)
    if seat.released is not None:
        return HttpResponse(
            "This seat was released.", status=410, content_type="text/plain; charset=utf-8"
        )
    if seat.asking:
        return HttpResponse(status=204)  # its page looks again itself (seats._asking)
    return await _stream(
        request,
        seat.game,
        seat_screen(seat.number),
        f"seat:{seat.pk}",
        partial(_seen, seat.pk),
        partial(_ended_on_release, seat.pk),
    )


def _seat_seen(request: HttpRequest, key: str) -> Seat:
    seat = seat_at(request, key)
    if seat_screen(seat.number) not in SCREENS:
        raise Http404  # no game has so many players
    if seat.released is None:
        seat.mark_seen()
    return seat


def _ended_on_release(seat_id: int, language: str) -> Refuse:
    """A seat's stream ends, saying so, as soon as its seat is released (or held by
    another phone since), before anything drawn for the seat's next holder is sent."""

    def refuse(drawn: drawings.Drawn) -> bytes | None:
        if drawn.facts.get(HOLDER) == str(seat_id):
            return None
        if str(seat_id) in drawn.facts.get(HELD, "").split(","):
            # Still held, at another number: a player joined before it and the seats
            # moved along. The stream ends quietly; the phone's next one (its browser
            # connects again by itself) is its seat's new number's.
            return b""
        with translation.override(language):
            notice = render_to_string("seat_released.html#notice")
        return drawings.event_text(drawn.version, "seat", notice).encode()

    return refuse


async def _seen(seat_id: int, events: AsyncGenerator[bytes]) -> AsyncGenerator[bytes]:
    """A seat's stream: its phone noted as there now and then (on the heartbeat)."""
    noted = time.monotonic()
    try:
        async for chunk in events:
            if time.monotonic() - noted >= SEEN_EVERY.total_seconds():
                noted = time.monotonic()
                loop = asyncio.get_running_loop()
                await bus.apart(loop, sync_to_async(_mark_seen)(seat_id))
            yield chunk
    finally:
        await events.aclose()  # its listener forgotten now, not when collected


def _mark_seen(seat_id: int) -> None:
    try:
        Seat.objects.filter(pk=seat_id).update(seen=timezone.now())
    finally:
        if bus.on_postgres():
            connections["default"].close()  # as scorepad/live/bus.py does: nothing else will


@require_GET
async def sheet_live(request: HttpRequest, key: str) -> HttpResponseBase:
    """The keeper's score sheet, live: a round ended on another phone shows at once."""
    game = await sync_to_async(keeper_game)(request, key)
    return await _stream(request, game, "sheet", KEEPER)
