"""live: a game's changes pushed to the screens that watch it (server-sent events).

The streams are read through Django's async test client, which runs the app as
ASGI does; a tap is made through the plain client, as another phone would. Each
test needs committed rows (``transactional_db``): a change is published once it
is committed.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections, transaction
from django.test import AsyncClient, Client
from django.test.utils import CaptureQueriesContext
from django.urls import resolve

from rules_engine import new_record
from scorepad import play
from scorepad.live import bus, drawings
from scorepad.models import Game
from scorepad.screens import kept, streams
from scorepad.screens import table as table_views
from scorepad.screens.streams import SCREENS
from scorepad.screens.table import current_table
from scorepad.views import live as live_views

pytestmark = pytest.mark.usefixtures("transactional_db")


@pytest.fixture
def game() -> Game:
    return Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run an async scenario in a thread and event loop of its own: in a full run the
    browser tests' Playwright keeps a loop in this thread. Its database calls run in
    asgiref's one shared thread, whose connection is closed after."""
    failed: list[BaseException] = []

    async def scenario_then_close() -> None:
        try:
            await scenario()
        finally:
            await sync_to_async(connections.close_all)()

    def target() -> None:
        try:
            asyncio.run(scenario_then_close())
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(120)
    if failed:
        raise failed[0]


def tap(game: Game, seat: int, value: int) -> None:
    """Another phone enters a bid through the keeper's link."""
    game.refresh_from_db()
    data = {"version": game.version, "kind": "bid", "seat": seat, "value": value}
    response = Client().post(f"/g/{game.key}/enter/", data)
    assert response.status_code == 303


TAP_ELSEWHERE = """
import django
django.setup()
from django.test import Client
from scorepad.models import Game
game = Game.objects.get(key={key!r})
answer = Client().post(
    f"/g/{{game.key}}/enter/", {{"version": game.version, "kind": "bid", "seat": 1, "value": 3}}
)
assert answer.status_code == 303, answer.status_code
"""


def tap_in_another_process(game: Game, database: dict[str, str]) -> None:
    """A bid entered by another process on the same database (``database``: its
    environment variables), as another worker or server would."""
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "tests.settings", "DEBUG": "true"} | database
    env.pop("TEST_DATABASE_NAME", None)
    subprocess.run(
        [sys.executable, "-c", TAP_ELSEWHERE.format(key=game.key)],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        check=True,
        timeout=60,
    )


class Stream:
    """One open stream, read an event (or comment) at a time."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self.chunks: AsyncIterator[bytes] = aiter(response.streaming_content)

    async def next(self, timeout: float = 5.0) -> str:
        chunk = await asyncio.wait_for(anext(self.chunks), timeout)
        return chunk.decode()

    async def close(self) -> None:
        await self.chunks.aclose()  # type: ignore[attr-defined]
        await sync_to_async(self.response.close)()


async def open_stream(url: str, **headers: str) -> Stream:
    return await open_stream_as(AsyncClient(), url, **headers)


async def open_stream_as(client: AsyncClient, url: str, **headers: str) -> Stream:
    response = await client.get(url, headers=headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    return Stream(response)


async def open_viewer_with_its_state(game: Game) -> Stream:
    """The viewer's stream of a new game, opened with no version of its own: read up to
    the state it sends at once (version 0)."""
    stream = await open_stream(f"/v/{game.viewer_key}/live/")
    await stream.next()
    assert [event[:2] for event in events(await stream.next())] == [("0", "live"), ("0", "sheet")]
    return stream


def renders_counted(patch: pytest.MonkeyPatch) -> list[int]:
    """The version of each view this process draws itself (not read as another drew it)."""
    drawn_here: list[int] = []
    render = drawings._render

    def counted(drawn: Game, key: tuple[str, str, str]) -> dict[str, str]:
        drawn_here.append(drawn.version)
        return render(drawn, key)

    patch.setattr(drawings, "_render", counted)
    return drawn_here


def events(text: str) -> list[tuple[str, str, str]]:
    """(id, event, data) of each event in a piece of the stream."""
    found = []
    for block in text.split("\n\n"):
        fields: dict[str, list[str]] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            fields.setdefault(name, []).append(value)
        if "event" in fields:
            found.append((fields["id"][0], fields["event"][0], "\n".join(fields["data"])))
    return found


def test_it_pushes_a_tap_to_a_watching_viewer_with_its_sheet(game: Game) -> None:
    async def scenario() -> None:
        stream = await open_stream(f"/v/{game.viewer_key}/live/?v={game.version}")
        try:
            assert (await stream.next()).startswith("retry: ")
            await sync_to_async(tap)(game, 1, 3)
            sent = events(await stream.next())
        finally:
            await stream.close()
        assert [(version, name) for version, name, _ in sent] == [("1", "live"), ("1", "sheet")]
        live_html, sheet_html = sent[0][2], sent[1][2]
        assert 'data-version="1"' in live_html
        assert "Now: Cat bids" in live_html
        assert '<section id="viewer-sheet"' in sheet_html

    run(scenario)


def test_it_leaves_out_the_sheet_while_it_is_unchanged(game: Game) -> None:
    async def scenario() -> None:
        stream = await open_stream(f"/v/{game.viewer_key}/live/?v={game.version}")
        try:
            await stream.next()
            names = []
            # Bob, Cat, Dev and Ann bid (10 cards): the sheet changes only with a round's end.
            for seat, value in ((1, 3), (2, 3), (3, 3)):
                await sync_to_async(tap)(game, seat, value)
                names.append([name for _, name, _ in events(await stream.next())])
        finally:
            await stream.close()
        assert names == [["live", "sheet"], ["live"], ["live"]]

    run(scenario)


def test_it_pushes_another_keepers_tap_to_the_table(game: Game) -> None:
    async def scenario() -> None:
        stream = await open_stream(f"/g/{game.key}/live/?v={game.version}")
        try:
            await stream.next()
            await sync_to_async(tap)(game, 1, 3)
            sent = events(await stream.next())
        finally:
            await stream.close()
        assert [(version, name) for version, name, _ in sent] == [("1", "table")]
        table = sent[0][2]
        assert '<section id="table"' in table and "Cat bids" in table
        # Drawn for everyone: no one's CSRF token (htmx sends the page's own).
        assert 'name="csrfmiddlewaretoken" value=""' in table

    run(scenario)


@pytest.mark.slow
def test_on_sqlite_a_tap_served_by_another_worker_reaches_a_stream_here(game: Game) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only: PostgreSQL's NOTIFY is tested in test_live_postgres.py")

    def tap_elsewhere() -> None:
        tap_in_another_process(game, {"SQLITE_PATH": str(connection.settings_dict["NAME"])})

    async def scenario() -> None:
        stream = await open_viewer_with_its_state(game)
        try:
            await sync_to_async(tap_elsewhere, thread_sensitive=False)()
            sent = events(await stream.next())
        finally:
            await stream.close()
        assert [(version, name) for version, name, _ in sent] == [("1", "live")]

    with pytest.MonkeyPatch.context() as patch:
        drawn_here = renders_counted(patch)
        run(scenario)
    # The stream here drew the game as it opened; the tap's process drew its change for it.
    assert drawn_here == [0]


def test_it_sends_the_current_state_at_once_to_a_screen_that_shows_an_older_one(
    game: Game,
) -> None:
    tap(game, 1, 3)
    tap(game, 2, 2)

    async def scenario() -> None:
        # Resumed after missing both taps: the state as it stands, at once.
        stream = await open_stream(f"/v/{game.viewer_key}/live/", **{"Last-Event-ID": "0"})
        try:
            await stream.next()
            sent = events(await stream.next())
        finally:
            await stream.close()
        assert {version for version, _, _ in sent} == {"2"}
        assert "Now: Dev bids" in sent[0][2]

    run(scenario)


def test_it_sends_nothing_but_heartbeats_to_a_screen_that_is_up_to_date(
    game: Game, settings: Any
) -> None:
    settings.LIVE_HEARTBEAT_SECONDS = 0.2
    tap(game, 1, 3)

    async def scenario() -> None:
        stream = await open_stream(f"/v/{game.viewer_key}/live/", **{"Last-Event-ID": "1"})
        try:
            await stream.next()
            # An event the page hears (a stuck stream is one it has not heard for a few
            # beats), with the seconds to the next; it keeps proxies open too.
            assert await stream.next() == "event: alive\ndata: 0.2\n\n"
        finally:
            await stream.close()

    run(scenario)


def slow_drawings(patch: pytest.MonkeyPatch, seconds: float) -> list[int]:
    """Every drawing takes ``seconds`` longer (a server with more tables than its cores
    carry), and a tap here is not drawn ahead for the streams (``share``): the version
    of each game drawn, as it is drawn."""
    drawn: list[int] = []
    draw = drawings._draw

    def slow(game_id: int, *args: Any) -> Any:
        drawn.append(game_id)
        threading.Event().wait(seconds)
        return draw(game_id, *args)

    patch.setattr(drawings, "_draw", slow)
    patch.setattr(drawings, "share", lambda game_id, version, saved=None: None)
    return drawn


async def past_heartbeats(stream: Stream, timeout: float = 5.0) -> str:
    """The stream's next event that is not a heartbeat."""
    while (said := await stream.next(timeout)).startswith("event: alive"):
        pass
    return said


async def settled(stream: Stream) -> None:
    """Until the stream has heard all there was to hear (on PostgreSQL, the LISTEN
    connection, once up, wakes every stream to read its game again): a heartbeat
    comes only after it."""
    if bus.on_postgres():
        while not bus.listening():
            await asyncio.sleep(0.05)
    while not (await stream.next()).startswith("event: alive"):
        pass


# Slow: it waits on the clock (2 s or more), and times a drawing against it.
@pytest.mark.slow
def test_a_change_not_drawn_in_time_is_said_and_the_page_reads_it_itself(
    game: Game, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.LIVE_HEARTBEAT_SECONDS = 0.3

    async def scenario() -> None:
        stream = await open_viewer_with_its_state(game)  # drawn as usual
        try:
            await settled(stream)
            monkeypatch.setattr(live_views, "DRAWN_WITHIN", 0.2)
            slow_drawings(monkeypatch, 1.0)
            await sync_to_async(tap)(game, 1, 3)
            said = await past_heartbeats(stream, timeout=0.9)  # before it could be drawn
            # The next change, drawn in time, is sent whole: the page read only the round.
            monkeypatch.setattr(live_views, "DRAWN_WITHIN", 5.0)
            await sync_to_async(tap)(game, 2, 3)
            sent = events(await past_heartbeats(stream))
        finally:
            await stream.close()
        assert said == "event: behind\ndata: 1\n\n"
        assert [(version, name) for version, name, _ in sent] == [("2", "live"), ("2", "sheet")]

    run(scenario)


# Slow: it waits on the clock (a second or more).
@pytest.mark.slow
def test_a_stream_that_cannot_read_the_game_in_time_says_so_at_once(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_views, "DRAWN_WITHIN", 0.2)
    slow_drawings(monkeypatch, 1.0)

    async def scenario() -> None:
        stream = await open_stream(f"/v/{game.viewer_key}/live/?v=0")
        try:
            await stream.next()
            said = await stream.next(timeout=0.9)
        finally:
            await stream.close()
        # No version read: the page reads the game as it now stands.
        assert said == "event: behind\ndata: now\n\n"

    run(scenario)


# Slow: it waits on the clock (a second or more).
@pytest.mark.slow
def test_a_drawing_every_stream_gave_up_on_is_not_drawn(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))
    drawn = slow_drawings(monkeypatch, 0.5)
    site = "http://testserver"

    async def scenario() -> None:
        # One drawing under way holds the thread the drawings are made in...
        first = asyncio.ensure_future(drawings.drawn(game.pk, "viewer", "en", site, None))
        while not drawn:
            await asyncio.sleep(0.01)
        # ...so the next waits behind it, past its deadline: it is shed, never drawn.
        with pytest.raises(drawings.Late):
            await drawings.drawn(other.pk, "viewer", "en", site, None, deadline=0.1)
        assert (await first) is not None
        await asyncio.sleep(0.7)

    run(scenario)
    assert drawn == [game.pk]


def test_it_ends_a_stream_after_its_time_for_the_browser_to_open_another(
    game: Game, settings: Any
) -> None:
    settings.LIVE_STREAM_SECONDS = 0.3

    async def scenario() -> None:
        stream = await open_stream(f"/v/{game.viewer_key}/live/?v=0")
        try:
            await stream.next()
            with pytest.raises(StopAsyncIteration):
                await stream.next()
        finally:
            await stream.close()

    run(scenario)
    assert bus.open_listeners() == 0


def test_it_draws_a_change_once_for_every_screen_that_watches_it(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawings: list[int] = []
    draw_viewer = SCREENS["viewer"]

    def counted(drawn: Game, request: Any) -> dict[str, str]:
        drawings.append(drawn.version)
        return draw_viewer(drawn, request)

    monkeypatch.setitem(SCREENS, "viewer", counted)

    async def scenario() -> None:
        streams = [await open_stream(f"/v/{game.viewer_key}/live/?v=0") for _ in range(5)]
        try:
            for stream in streams:
                await stream.next()
            await sync_to_async(tap)(game, 1, 3)
            sent = [events(await stream.next()) for stream in streams]
        finally:
            for stream in streams:
                await stream.close()
        assert all(each == sent[0] for each in sent)
        assert drawings == [1]

    run(scenario)


def test_it_answers_404_for_a_game_one_cannot_see(game: Game) -> None:
    async def scenario() -> None:
        client = AsyncClient()
        for url in (
            "/v/no-such-game/live/",
            "/g/no-such-game/live/",
            # Each link opens its own stream only: a viewer link is no keeper link.
            f"/g/{game.viewer_key}/live/",
        ):
            response = await client.get(url)
            assert response.status_code == 404, url

    run(scenario)
    assert bus.open_listeners() == 0


@pytest.fixture
def no_stream_open(settings: Any) -> None:
    """The bounds counted from no stream open: a stream an earlier test left (a browser
    test's page closed, served by the live server in this process) holds its places
    until its next heartbeat finds the page gone."""
    deadline = time.monotonic() + settings.LIVE_HEARTBEAT_SECONDS + 10
    while live_views._open and time.monotonic() < deadline:
        time.sleep(0.05)
    if live_views._open:
        # Seen once in a whole run (a seat's stream from 127.0.0.1, its test unknown):
        # a stream whose server's loop an earlier test stopped never ends, so it would
        # hold its places for good. Counted from none here, and said.
        left = dict(live_views._open)
        warnings.warn(f"streams of an earlier test never ended: {left}", stacklevel=2)
        live_views._open.clear()


@pytest.mark.usefixtures("no_stream_open")
def test_it_refuses_a_stream_past_the_bound_for_one_address(game: Game, settings: Any) -> None:
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    other = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))

    async def scenario() -> None:
        first = await open_stream(f"/v/{game.viewer_key}/live/")
        try:  # each closed whatever happens, not to hold its place for the next test
            second = await open_stream(f"/g/{other.key}/live/")
            try:
                response = await AsyncClient().get(f"/v/{other.viewer_key}/live/")
                assert response.status_code == 429
                assert response["Retry-After"]
            finally:
                await second.close()
        finally:
            await first.close()
        # Closed streams free their places.
        third = await open_stream(f"/v/{other.viewer_key}/live/")
        await third.close()

    run(scenario)


@pytest.mark.usefixtures("no_stream_open")
def test_new_addresses_of_one_ipv6_network_share_one_addresss_streams(
    game: Game, settings: Any
) -> None:
    settings.LIVE_STREAMS_PER_ADDRESS = 1
    other = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))

    async def scenario() -> None:
        response = await AsyncClient(REMOTE_ADDR="2001:db8:1:2::1").get(
            f"/v/{game.viewer_key}/live/"
        )
        assert response.status_code == 200
        first = Stream(response)
        try:
            same_network = AsyncClient(REMOTE_ADDR="2001:db8:1:2:ffff::9")
            refused = await same_network.get(f"/v/{other.viewer_key}/live/")
            assert refused.status_code == 429
        finally:
            await first.close()

    run(scenario)


@pytest.mark.usefixtures("no_stream_open")
def test_a_link_past_its_phones_places_loses_its_oldest_stream_not_the_familys(
    game: Game, settings: Any
) -> None:
    settings.LIVE_STREAMS_PER_PHONE = 2
    bob = game.take_seat(1)
    assert bob is not None

    async def scenario() -> None:
        guest = [AsyncClient(REMOTE_ADDR=f"10.0.0.{n}") for n in range(1, 4)]
        seat = f"/s/{bob.key}/live/"
        held = [await open_stream_as(client, seat) for client in guest]
        keeper = [
            await open_stream(f"/g/{game.key}/live/"),
            await open_stream(f"/g/{game.key}/sheet/live/"),
        ]
        try:
            # The link's oldest stream ends; its two newer ones, and the keeper's, stay.
            async def to_its_end() -> list[bytes]:
                return [chunk async for chunk in held[0].chunks]

            await asyncio.wait_for(to_its_end(), 5)
            assert live_views._open[("phone", (game.pk, f"seat:{bob.pk}"))] == 2
            assert live_views._open[("phone", (game.pk, "keeper"))] == 2
        finally:
            for stream in [*held, *keeper]:
                await stream.close()

    run(scenario)
    assert live_views._open == {}


@pytest.mark.usefixtures("no_stream_open")
def test_the_viewer_links_streams_leave_the_keepers_room_alone(game: Game, settings: Any) -> None:
    settings.LIVE_STREAMS_PER_PHONE = 1
    settings.LIVE_VIEWER_STREAMS_PER_GAME = 2

    async def scenario() -> None:
        viewers = [await open_stream(f"/v/{game.viewer_key}/live/") for _ in range(2)]
        try:
            refused = await AsyncClient().get(f"/v/{game.viewer_key}/live/")
            assert refused.status_code == 429
            keeper = await open_stream(f"/g/{game.key}/live/")
            await keeper.close()
        finally:
            for viewer in viewers:
                await viewer.close()

    run(scenario)
    assert live_views._open == {}


def test_it_answers_204_where_no_stream_can_be_held(client: Client, game: Game) -> None:
    # Under WSGI (manage.py runserver) a stream would hold a worker: the page polls.
    answers = []

    def get() -> None:
        try:
            answers.append(client.get(f"/v/{game.viewer_key}/live/"))
        finally:
            connections.close_all()  # this thread's, which nothing else closes

    async def scenario() -> None:
        # The plain client, in a thread with no event loop (WSGI runs the async view in
        # a loop of its own).
        await sync_to_async(get, thread_sensitive=False)()

    run(scenario)
    assert answers[0].status_code == 204


def test_on_sqlite_the_watcher_reads_the_games_only_after_something_was_committed(
    game: Game,
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only: PostgreSQL's changes come by NOTIFY")
    commits = bus._Commits()
    try:
        if commits.file is None:
            pytest.skip("an in-memory test database: no file for another connection to watch")
        assert commits.since_last_look()  # nothing known yet
        assert not commits.since_last_look()
        tap(game, 1, 3)  # committed through another connection
        assert commits.since_last_look()
        assert not commits.since_last_look()
    finally:
        commits.close()


def _draw_every_view(game: Game, version: int | None) -> tuple[list[str], int]:
    """Every view of the game drawn once (as streams woken by ``version`` would), with
    the SQL they ran and how often the game's table was worked out."""
    worked_out = []
    worked_out_by = current_table

    def counted(drawn: Game) -> Any:
        worked_out.append(drawn.version)
        return worked_out_by(drawn)

    with pytest.MonkeyPatch.context() as patch, CaptureQueriesContext(connection) as queries:
        patch.setattr(streams, "current_table", counted)
        for view in ("viewer", "table", "seat:0", "seat:1"):
            assert drawings._draw(game.pk, view, "en", "http://testserver", version) is not None
    return [query["sql"] for query in queries.captured_queries], len(worked_out)


def two_seats_and_a_bid(game: Game) -> None:
    """Ann and Bob on phones of their own, and Bob's bid tapped: a change with seats."""
    play.take_seat(game, 0)
    play.take_seat(game, 1)
    tap(game, 1, 3)
    game.refresh_from_db()


def reads_of(table: str, queries: list[str]) -> int:
    return sum(1 for sql in queries if sql.startswith("SELECT") and f'FROM "{table}"' in sql)


def test_the_views_of_a_change_tapped_here_draw_it_without_reading_the_game_again(
    game: Game,
) -> None:
    two_seats_and_a_bid(game)
    queries, worked_out = _draw_every_view(game, game.version)
    # The tap's own table and game row, kept once committed: nothing read, nothing replayed.
    assert (reads_of("scorepad_game", queries), worked_out) == (0, 0)
    # The seats are read once for both seat phones' views.
    assert reads_of("scorepad_seat", queries) <= 2  # theirs, and the table's phone marks


def test_the_views_of_a_change_made_elsewhere_read_the_game_and_its_table_once(
    game: Game,
) -> None:
    two_seats_and_a_bid(game)
    kept._states.clear()  # as in another worker process, which kept nothing of the tap
    queries, worked_out = _draw_every_view(game, game.version)
    assert (reads_of("scorepad_game", queries), worked_out) == (1, 1)
    assert reads_of("scorepad_seat", queries) <= 2


def test_a_change_rolled_back_is_never_kept_to_be_drawn(game: Game) -> None:
    current, _ = current_table(game)
    game.version = 99  # as a save sets it, before its transaction ends
    with pytest.raises(RuntimeError), transaction.atomic():
        kept.saved(game, current)
        raise RuntimeError("the save failed")
    assert (game.pk, 99) not in kept._states
    with transaction.atomic():
        kept.saved(game, current)
    assert kept._states[(game.pk, 99)].known[kept.Worked.TABLE] is current


def _count_table_contexts(patch: pytest.MonkeyPatch) -> list[int]:
    """Each time the table's context is worked out (by any screen), its game's version."""
    counted: list[int] = []
    work = table_views.table_screen

    def counting(game: Game, *args: Any, **kwargs: Any) -> Any:
        counted.append(game.version)
        return work(game, *args, **kwargs)

    patch.setattr(table_views, "table_screen", counting)
    return counted


@pytest.mark.parametrize("tapped_on", ["the keeper's phone", "a seat's phone"])
def test_a_taps_answer_and_the_views_of_its_change_work_out_the_tables_context_once(
    game: Game, tapped_on: str
) -> None:
    seats = [play.take_seat(game, 0), play.take_seat(game, 1)]
    game.refresh_from_db()
    data = {"version": game.version, "kind": "bid", "seat": 1, "value": 3}
    address = f"/g/{game.key}/enter/"
    if tapped_on == "a seat's phone":
        assert seats[1] is not None
        address = f"/s/{seats[1].key}/enter/"
        del data["seat"]
    with pytest.MonkeyPatch.context() as patch:
        counted = _count_table_contexts(patch)
        answer = Client().post(address, data, headers={"HX-Request": "true"})
        assert answer.status_code == 200
        for view in ("viewer", "table", "seat:0", "seat:1"):
            assert drawings._draw(game.pk, view, "en", "http://testserver", game.version + 1)
    assert counted == [game.version + 1]


# Keys of things worked out once a version, for the tests alone.
X, SLOW, FAILS = (kept.Context("en", name) for name in ("x", "slow", "fails"))


def _empty() -> list[int]:
    return []


def test_kept_only_shares_nothing_of_a_version_this_process_did_not_keep(game: Game) -> None:
    kept._states.clear()
    first, second = kept.once(game, X, _empty, kept_only=True), kept.once(game, X, _empty, True)
    assert first is not second and (game.pk, game.version) not in kept._states
    current, _ = current_table(game)
    kept.keep(game, {kept.Worked.TABLE: current})  # as a tap saved here keeps it
    first, second = kept.once(game, X, _empty, kept_only=True), kept.once(game, X, _empty, True)
    assert first is second


def test_what_two_threads_ask_for_at_once_is_worked_out_once(game: Game) -> None:
    started, go_on = threading.Event(), threading.Event()
    worked: list[str] = []

    def work() -> object:
        worked.append(threading.current_thread().name)
        started.set()
        go_on.wait(5)
        return object()

    got: list[object] = []
    first = threading.Thread(target=lambda: got.append(kept.once(game, SLOW, work)))
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=lambda: got.append(kept.once(game, SLOW, work)))
    second.start()
    second.join(0.2)
    assert second.is_alive()  # waiting for the first, not working it out too
    go_on.set()
    first.join(5)
    second.join(5)
    assert len(worked) == 1 and len(got) == 2 and got[0] is got[1]


def test_what_failed_to_be_worked_out_is_worked_out_again_when_asked(game: Game) -> None:
    def failing() -> object:
        raise ValueError("no")

    with pytest.raises(ValueError):
        kept.once(game, FAILS, failing)
    assert kept.once(game, FAILS, lambda: "then") == "then"


def test_streams_of_one_view_send_the_drawings_own_piece_not_a_copy_each(game: Game) -> None:
    # A quiet stream's server holds the last piece it sent until the next: shared, a
    # thousand quiet phones of one game hold one copy of it, not a thousand.
    tap(game, 1, 3)

    async def scenario() -> None:
        streams: list[Stream] = []
        try:
            pieces = []
            for _ in range(2):
                streams.append(stream := await open_stream(f"/v/{game.viewer_key}/live/?v=0"))
                assert await stream.next() == "retry: 1000\n\n"
                pieces.append(await asyncio.wait_for(anext(stream.chunks), 5))
            assert b"event: live" in pieces[0] and b"event: sheet" in pieces[0]
            assert pieces[0] is pieces[1]
        finally:
            for stream in streams:
                await stream.close()

    run(scenario)


def test_a_drawing_joins_the_same_parts_once_for_every_stream() -> None:
    drawn = drawings.Drawn(3, (drawings.Part("a", 1, b"A"), drawings.Part("b", 2, b"B")))
    assert drawn.piece(("a", "b")) == b"AB" and drawn.piece(("b",)) == b"B"
    assert drawn.piece(("a", "b")) is drawn.piece(("a", "b"))


@pytest.mark.parametrize("kind", ["g", "g/sheet", "v", "s"])
def test_a_stream_is_found_among_the_first_addresses_tried(kind: str) -> None:
    # An open stream keeps its request, and with it every address pattern Django
    # tried before the stream's own (ResolverMatch.tried), for as long as it is open.
    where, _, sheet = kind.partition("/")
    match = resolve(f"/{where}/some-key/{sheet + '/' if sheet else ''}live/")
    assert str(match.url_name).endswith("_live")
    assert len(match.tried or ()) <= 4  # the four streams first
