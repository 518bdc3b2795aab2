"""live across processes: on PostgreSQL a tap reaches the streams of every server.

A tap publishes the game's new version with NOTIFY once committed; each server
process LISTENs. Here a second process (as a second server would) makes the tap,
and this process's stream hears of it. PostgreSQL only: the tests' PostgreSQL run
(``DATABASE_URL=postgres://...``, see docs/dev/architecture.md); skipped on SQLite.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import quote

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test import Client

from rules_engine import new_record
from scorepad.live import bus, drawings, publish
from scorepad.models import Game
from tests.web.test_live import (
    events,
    open_viewer_with_its_state,
    renders_counted,
    run,
    tap,
    tap_in_another_process,
)

pytestmark = pytest.mark.usefixtures("transactional_db")


@pytest.fixture(autouse=True)
def on_postgres() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (DATABASE_URL=postgres://...): NOTIFY and LISTEN")


@pytest.fixture
def game() -> Game:
    return Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))


def database_url() -> str:
    """The test database's address, for another process."""
    params = connection.settings_dict
    user = quote(params["USER"] or "")
    password = f":{quote(params['PASSWORD'])}" if params["PASSWORD"] else ""
    port = f":{params['PORT']}" if params["PORT"] else ""
    return f"postgres://{user}{password}@{params['HOST']}{port}/{quote(params['NAME'])}"


def tap_from_another_server(game: Game) -> None:
    tap_in_another_process(game, {"DATABASE_URL": database_url()})


def test_a_tap_served_by_another_process_reaches_a_stream_here(game: Game) -> None:
    async def scenario() -> None:
        stream = await open_viewer_with_its_state(game)
        try:
            for _ in range(100):
                if bus.listening():
                    break
                await asyncio.sleep(0.05)
            assert bus.listening()
            # Not this process's tap: only the NOTIFY can tell this stream of it.
            await sync_to_async(tap_from_another_server, thread_sensitive=False)(game)
            sent = events(await stream.next(timeout=10))
        finally:
            await stream.close()
        assert [(version, name) for version, name, _ in sent] == [("1", "live")]
        assert "Now: Cat bids" in sent[0][2]

    with pytest.MonkeyPatch.context() as patch:
        drawn_here = renders_counted(patch)
        run(scenario)
    assert bus.open_listeners() == 0
    # The stream here drew the game as it opened; the tap's process drew its change for it.
    assert drawn_here == [0]


def test_a_change_heard_while_the_first_state_is_drawn_is_sent_after_it(game: Game) -> None:
    drawn = drawings.drawn
    first = [True]

    async def drawing(*args: Any) -> Any:
        answer = await drawn(*args)
        if first.pop() if first else False:
            # Meanwhile: everything must be read again (as when the LISTEN connection
            # comes up), and then a tap, which that folds in: nothing else repeats it.
            while not bus.listening():
                await asyncio.sleep(0.05)
            bus.wake_all()
            await sync_to_async(tap)(game, 1, 3)
            await asyncio.sleep(0.5)  # the tap's NOTIFY heard
        return answer

    async def scenario() -> None:
        stream = await open_viewer_with_its_state(game)
        try:
            assert [event[:2] for event in events(await stream.next())] == [("1", "live")]
        finally:
            await stream.close()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(drawings, "drawn", drawing)
        run(scenario)


def test_a_tap_notifies_a_listening_connection_once_committed(game: Game) -> None:
    import psycopg

    params = connection.get_connection_params()
    keys = ("dbname", "user", "password", "host", "port")
    with psycopg.connect(**{k: params[k] for k in keys if k in params}, autocommit=True) as other:
        other.execute(f"LISTEN {bus.CHANNEL}")
        answer = Client().post(
            f"/g/{game.key}/enter/", {"version": 0, "kind": "bid", "seat": 1, "value": 3}
        )
        assert answer.status_code == 303
        heard = [note.payload for note in other.notifies(timeout=5, stop_after=1)]
    assert heard == [f"{game.pk}:1"]


def test_a_change_to_many_games_at_once_is_a_few_notifications_naming_each() -> None:
    import psycopg
    from django.db import transaction

    params = connection.get_connection_params()
    keys = ("dbname", "user", "password", "host", "port")
    versions = [(game_id, game_id % 7) for game_id in range(1, 2001)]
    with psycopg.connect(**{k: params[k] for k in keys if k in params}, autocommit=True) as other:
        other.execute(f"LISTEN {bus.CHANNEL}")
        with transaction.atomic():
            publish.changed_together(versions)
        heard = [note.payload for note in other.notifies(timeout=2)]
    # Each under PostgreSQL's 8,000 bytes: 2,000 games in a few notifications, not 2,000.
    assert len(heard) < 5 and all(len(payload) < 8000 for payload in heard)
    pairs = [pair.split(":") for payload in heard for pair in payload.split(",")]
    assert [(int(game), int(version)) for game, version in pairs] == versions
