"""The table first (scorepad/guards/middleware.TableFirst): the pages that cost the most wait
for one place a process; taps and the table's pages never wait for them."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from scorepad.guards.middleware import TableFirst
from scorepad.models import Game
from tests.web.test_enter import entry


@pytest.fixture
def place_taken(settings: Any) -> Iterator[None]:
    """A costly page being answered meanwhile: the process's one place is taken."""
    settings.COSTLY_AT_ONCE = 1
    settings.COSTLY_WAIT_SECONDS = 1
    places = TableFirst.costly_places()
    assert places is not None
    assert places.acquire(timeout=5)
    yield
    places.release()


@pytest.mark.usefixtures("place_taken")
def test_a_tap_and_the_table_never_wait_for_a_costly_page(client: Client, new_game: Game) -> None:
    started = time.monotonic()
    table = client.get(f"/g/{new_game.key}/")
    tap = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3))
    viewer = client.get(f"/v/{new_game.viewer_key}/")

    assert (table.status_code, tap.status_code, viewer.status_code) == (200, 303, 200)
    assert time.monotonic() - started < 1


@pytest.mark.usefixtures("place_taken")
@pytest.mark.parametrize("path", ["/games/", "/games/export.json", "/players/ann/", "/"])
def test_a_costly_page_waits_its_turn_then_is_asked_to_try_again(client: Client, path: str) -> None:
    started = time.monotonic()
    response = client.get(path)

    assert time.monotonic() - started >= 1  # it waited its turn first
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.text.startswith("The server is busy with other long pages")


def test_a_costly_page_takes_the_place_and_gives_it_back(client: Client, settings: Any) -> None:
    settings.COSTLY_AT_ONCE = 1
    settings.COSTLY_WAIT_SECONDS = 1

    answers = [client.get("/games/").status_code for _ in range(3)]

    assert answers == [200] * 3
    places = TableFirst.costly_places()
    assert places is not None and places.acquire(blocking=False)
    places.release()


def test_a_costly_page_that_fails_gives_its_place_back(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.COSTLY_AT_ONCE = 1
    settings.COSTLY_WAIT_SECONDS = 1

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ValueError("a bug")

    monkeypatch.setattr(sys.modules["scorepad.views.history"], "visible_games", broken)

    assert Client(raise_request_exception=False).get("/games/").status_code == 500
    places = TableFirst.costly_places()
    assert places is not None and places.acquire(blocking=False)
    places.release()


def test_with_no_bound_nothing_waits(client: Client, settings: Any) -> None:
    settings.COSTLY_AT_ONCE = 0

    assert TableFirst.costly_places() is None
    assert client.get("/games/").status_code == 200
