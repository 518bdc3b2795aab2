"""redo_step: put back what Undo took back, until something new is entered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, bid

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def undo(client: Client, game: Game) -> None:
    game.refresh_from_db()
    assert client.post(f"/g/{game.key}/undo/", {"version": game.version}).status_code == 303
    game.refresh_from_db()


def test_it_puts_back_the_bid_undone_and_redirects_to_the_table(
    client: Client, hooked_game: Game
) -> None:
    undo(client, hooked_game)

    response = client.post(f"/g/{hooked_game.key}/redo/", {"version": hooked_game.version})

    assert response.status_code == 303
    assert response["Location"] == f"/g/{hooked_game.key}/"
    hooked_game.refresh_from_db()
    assert hooked_game.pending == [bid(1, 3), bid(2, 2), bid(3, 3)]
    assert hooked_game.redo == []
    assert "Redo" not in client.get(response["Location"]).text


def test_it_puts_back_with_htmx_in_the_table_fragment(
    client: Client, htmx_client: Client, hooked_game: Game
) -> None:
    undo(client, hooked_game)
    undo(client, hooked_game)

    response = htmx_client.post(f"/g/{hooked_game.key}/redo/", {"version": hooked_game.version})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert ">Redo Dev&#x27;s bid of 3</button>" in response.text
    hooked_game.refresh_from_db()
    assert hooked_game.pending == [bid(1, 3), bid(2, 2)]
    assert hooked_game.redo == [bid(3, 3)]


def test_it_finishes_a_round_undo_reopened(client: Client, played_game: Game) -> None:
    undo(client, played_game)
    assert played_game.record["rounds"] == [ROUND_1]

    client.post(f"/g/{played_game.key}/redo/", {"version": played_game.version})

    played_game.refresh_from_db()
    assert played_game.record["rounds"] == [ROUND_1, ROUND_2]
    assert played_game.pending == []


def test_something_new_entered_clears_redo(client: Client, hooked_game: Game) -> None:
    undo(client, hooked_game)
    data = {"version": hooked_game.version, "kind": "bid", "seat": 3, "value": 4}
    assert client.post(f"/g/{hooked_game.key}/enter/", data).status_code == 303
    hooked_game.refresh_from_db()
    assert hooked_game.redo == []

    response = client.post(f"/g/{hooked_game.key}/redo/", {"version": hooked_game.version})

    assert response.status_code == 400
    assert escape("There is nothing to redo") in response.text
    hooked_game.refresh_from_db()
    assert hooked_game.pending[-1] == bid(3, 4)


def test_it_refuses_a_redo_from_an_older_screen(
    client: Client, hooked_game: Game, stored: Stored
) -> None:
    undo(client, hooked_game)
    before = stored(hooked_game)

    response = client.post(f"/g/{hooked_game.key}/redo/", {"version": hooked_game.version - 1})

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(hooked_game) == before


def test_it_refuses_a_get(client: Client, hooked_game: Game) -> None:
    assert client.get(f"/g/{hooked_game.key}/redo/").status_code == 405
