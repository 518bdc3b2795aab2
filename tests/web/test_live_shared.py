"""A change drawn once for the streams of every server process (``drawings.share``).

The process that saves a change draws the views watched anywhere before it tells the
others (NOTIFY on PostgreSQL; on SQLite, the other worker processes' watcher), and
they read its drawings, one query a change, rather than draw them again. Another
process is played here by forgetting what this one drew and kept.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db import OperationalError, connection, transaction
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rules_engine import new_record
from scorepad import play
from scorepad.live import bus, drawings
from scorepad.models import Drawing, Game
from scorepad.screens import kept, streams
from tests.web.test_live import tap

pytestmark = pytest.mark.usefixtures("transactional_db")


@pytest.fixture
def game() -> Game:
    return Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))


VIEWER = ("viewer", "en", "http://testserver")
SEAT = ("seat:2", "en", "http://testserver")
TABLE = ("table", "en", "http://testserver")


@contextmanager
def watching(game: Game, *keys: tuple[str, str, str]) -> Iterator[None]:
    """Streams of this process watching ``keys`` of the game (their listeners alone)."""
    loop = asyncio.new_event_loop()
    listeners = [bus.Listener(game.pk, loop, key) for key in keys]
    with bus._lock:
        for listener in listeners:
            bus._listeners.setdefault(game.pk, set()).add(listener)
    try:
        yield
    finally:
        for listener in listeners:
            bus.forget(listener)
        loop.close()


def as_another_process() -> None:
    """Forget what this process drew and kept, as a process that did not save it."""
    drawings._drawn.clear()
    kept._states.clear()
    drawings._read_lately.clear()


def stored(game: Game) -> dict[tuple[str, str, str], int]:
    rows = Drawing.objects.filter(game=game).values_list("view", "language", "site", "version")
    return {(view, language, site): version for view, language, site, version in rows}


def test_a_change_saved_here_is_drawn_once_for_the_streams_of_every_process(game: Game) -> None:
    with watching(game, VIEWER):
        tap(game, 1, 3)
    drawn_here = drawings._drawn[(game.pk, 1, *VIEWER)]
    assert stored(game) == {VIEWER: 1}

    as_another_process()
    with CaptureQueriesContext(connection) as queries:
        elsewhere = drawings._draw(game.pk, *VIEWER, 1)
    # One query for every view of the change, and the game neither read nor drawn.
    assert [q["sql"] for q in queries.captured_queries if "scorepad_game" in q["sql"]] == []
    assert len(queries.captured_queries) == 1
    assert elsewhere is not None
    assert [p.data for p in elsewhere.parts] == [p.data for p in drawn_here.parts]
    assert "Now: Cat bids" in elsewhere.parts[0].data.decode()


def test_a_game_nobody_watches_here_is_drawn_for_nobody(game: Game) -> None:
    with CaptureQueriesContext(connection) as queries:
        tap(game, 1, 3)
    assert not any("scorepad_drawing" in q["sql"] for q in queries.captured_queries)
    assert stored(game) == {}


def test_a_view_another_process_drew_for_itself_is_drawn_with_the_next_change(
    game: Game,
) -> None:
    with watching(game, VIEWER):
        tap(game, 1, 3)
        as_another_process()
        # Another process's stream watches seat 2's phone, which nobody drew for it.
        play.take_seat(game, 2)
        assert drawings._draw(game.pk, *SEAT, game.version) is not None
        assert stored(game)[SEAT] == game.version
        tap(game, 2, 1)  # saved here, where no stream watches seat 2
    game.refresh_from_db()
    assert stored(game) == {VIEWER: game.version, SEAT: game.version}
    seat = drawings._drawn[(game.pk, game.version, *SEAT)]
    assert seat.facts[streams.HOLDER] == str(game.seats.get(number=2).pk)


def test_a_drawing_is_never_written_over_by_an_older_version(game: Game) -> None:
    with watching(game, VIEWER):
        tap(game, 1, 3)
        tap(game, 2, 1)
    assert stored(game) == {VIEWER: 2}
    drawings._store(game.pk, 1, {VIEWER: {"live": "old"}}, {VIEWER: timezone.now()})
    assert stored(game) == {VIEWER: 2}
    assert Drawing.objects.get(game=game).events["live"] != "old"


def test_drawings_nobody_drew_for_a_day_are_deleted(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    watched = Game.start(new_record("oh-hell", ["Eve", "Fay", "Gus"], first_dealer=0))
    with watching(game, VIEWER), watching(watched, VIEWER):
        tap(game, 1, 3)
        Drawing.objects.update(drawn=timezone.now() - drawings.STALE - timedelta(minutes=1))
        tap(watched, 1, 2)
    monkeypatch.setattr(drawings, "_pruned", [-float("inf")])
    drawings.prune()
    assert (stored(game), stored(watched)) == ({}, {VIEWER: 1})
    with CaptureQueriesContext(connection) as queries:
        drawings.prune()  # within the hour: not asked again
    assert len(queries.captured_queries) == 0


def test_a_view_no_stream_wanted_lately_is_no_longer_drawn_for_it(game: Game) -> None:
    with watching(game, VIEWER):
        tap(game, 1, 3)
        play.take_seat(game, 2)
        assert drawings._draw(game.pk, *SEAT, game.version) is not None  # another's stream
        Drawing.objects.filter(view="seat:2").update(
            wanted=timezone.now() - drawings.WANTED - timedelta(seconds=1)
        )
        tap(game, 2, 1)
    game.refresh_from_db()
    assert stored(game) == {VIEWER: game.version, SEAT: game.version - 1}


def test_the_versions_watched_say_which_were_drawn_for_every_process(game: Game) -> None:
    other = Game.start(new_record("oh-hell", ["Eve", "Fay", "Gus"], first_dealer=0))
    with watching(game, VIEWER):
        tap(game, 1, 3)
    tap(other, 1, 2)  # watched by no stream here: drawn by nobody
    assert bus._versions([game.pk, other.pk]) == {game.pk: (1, True), other.pk: (1, False)}


def test_the_sqlite_watcher_hands_on_a_change_once_its_drawings_are_there() -> None:
    looks = bus._Looks()
    assert looks.handed_on({1: (4, False), 2: (7, True)}) == [(1, 4), (2, 7)]  # newly watched
    assert looks.handed_on({1: (4, False), 2: (7, True)}) == []
    # Game 1's change is drawn for every process: at once. Game 2's is not: at the next look.
    assert looks.handed_on({1: (5, True), 2: (8, False)}) == [(1, 5)]
    assert looks.waiting == {2}
    assert looks.handed_on({1: (5, True), 2: (9, False)}) == [(2, 9)]
    assert (looks.waiting, looks.known) == (set(), {1: 5, 2: 9})
    assert looks.handed_on({1: (5, True)}) == []  # game 2 no longer watched
    assert looks.known == {1: 5}


def test_a_tap_on_a_game_watched_only_elsewhere_is_drawn_for_the_watching_process(
    game: Game,
) -> None:
    # Another process's stream drew the viewer for itself: the game says it is watched.
    assert drawings._draw(game.pk, *VIEWER, None) is not None
    game.refresh_from_db()
    assert game.watched is not None
    # Another stream of it, in a process that kept nothing: its drawing read, not drawn.
    as_another_process()
    with CaptureQueriesContext(connection) as queries:
        assert drawings._draw(game.pk, *TABLE, None) is not None  # drawn: noted once only
        assert drawings._draw(game.pk, *VIEWER, None) is not None  # read
    sql = [q["sql"] for q in queries.captured_queries]
    assert [each.split()[0] for each in sql if not each.startswith("SELECT")] == ["INSERT"]
    as_another_process()
    tap(game, 1, 3)  # saved here, where no stream watches the game
    assert stored(game) == {VIEWER: 1, TABLE: 1}


def test_a_drawing_that_cannot_be_written_is_still_sent(
    game: Game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def busy(*args: object) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(drawings, "_store", busy)
    drawn = drawings._draw(game.pk, *VIEWER, None)
    assert drawn is not None and "Now: Bob bids" in drawn.parts[0].data.decode()
    assert "noting game" in caplog.text
    assert stored(game) == {}


def test_a_requests_change_is_published_by_its_commit_whatever_becomes_of_the_request(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    published: list[tuple[int, int]] = []
    monkeypatch.setattr(bus, "publish", published.extend)

    def view(request: HttpRequest) -> HttpResponse:
        with transaction.atomic():
            play.take_seat(game, 0)
            assert published == []  # not before it is committed
        assert published == [(game.pk, 1)]
        raise ConnectionResetError  # the phone went away before its answer

    with pytest.raises(ConnectionResetError):
        view(RequestFactory().post("/"))
    assert published == [(game.pk, 1)]  # no request_finished needed


def without_tokens(html: bytes) -> str:
    """A page's fragment with its CSRF fields emptied, as a stream's drawing has them
    (the page fills them in: static/js/live.js); the last line's end left out, as an
    event's data lines do."""
    return re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]*', r"\1", html.decode()).strip()


def test_a_phone_reading_the_game_itself_is_answered_from_the_streams_drawing(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat = play.take_seat(game, 1)
    assert seat is not None
    game.refresh_from_db()
    htmx = Client(headers={"HX-Request": "true"})
    pages = (f"/v/{game.viewer_key}/", f"/s/{seat.key}/")
    fresh = [htmx.get(page).content for page in pages]  # nothing drawn: drawn for each
    for view in ("viewer", "seat:1"):
        drawings._draw(game.pk, view, "en", "http://testserver", None)  # as its stream did

    def not_drawn(*args: object, **kwargs: object) -> None:
        raise AssertionError("drawn again")

    monkeypatch.setattr("scorepad.views.sharing.render", not_drawn)
    monkeypatch.setattr("scorepad.views.seats.render", not_drawn)
    caught_up = [htmx.get(page, {"since": 0}) for page in pages]

    assert [answer.status_code for answer in caught_up] == [200, 200]
    assert [without_tokens(answer.content) for answer in caught_up] == [
        without_tokens(page) for page in fresh
    ]
