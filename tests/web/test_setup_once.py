"""new_game stores a game whole or not at all, and once for a tapped-twice "Start"."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from django.db import connections
from django.test import Client

from scorepad.models import Figures, Game


def setup_form(client: Client) -> dict[str, Any]:
    """The setup form as the page gives it, filled in for Ann, Bob and Cat."""
    page = client.get("/new/oh-hell/").text
    token = re.search(r'name="start_token" value="([^"]+)"', page)
    assert token is not None, "the form carries a start token"
    return {
        "player": ["Ann", "Bob", "Cat"],
        "option_style": "long",
        "option_scoring": "positive",
        "first_dealer": "0",
        "action": "start",
        "start_token": token.group(1),
    }


def test_start_tapped_twice_makes_one_game_and_both_taps_open_it(client: Client) -> None:
    data = setup_form(client)

    first = client.post("/new/oh-hell/", data)
    second = client.post("/new/oh-hell/", data)

    assert first.status_code == second.status_code == 303
    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1
    assert Figures.objects.count() == 3


def test_each_setup_form_starts_a_game_of_its_own(client: Client) -> None:
    client.post("/new/oh-hell/", setup_form(client))
    client.post("/new/oh-hell/", setup_form(client))

    assert Game.objects.count() == 2


def test_the_token_is_kept_while_the_list_is_edited(client: Client) -> None:
    data = setup_form(client)

    edited = client.post("/new/oh-hell/", {**data, "action": "add"})

    assert f'name="start_token" value="{data["start_token"]}"' in edited.text


@pytest.mark.django_db(transaction=True)
def test_start_tapped_twice_at_once_makes_one_game() -> None:
    client = Client()
    data = setup_form(client)
    barrier = threading.Barrier(2)
    locations: list[str] = []
    errors: list[BaseException] = []

    def tap() -> None:
        try:
            barrier.wait(timeout=10)
            locations.append(client.post("/new/oh-hell/", data)["Location"])
        except BaseException as error:  # reported in the test's own thread
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    assert len(locations) == 2 and locations[0] == locations[1]
    assert Game.objects.count() == 1


def test_a_failure_while_starting_leaves_no_game_without_players(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = setup_form(client)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database refused the figures")

    monkeypatch.setattr(Figures.objects, "bulk_create", broken)
    response = Client(raise_request_exception=False).post("/new/oh-hell/", data)

    assert response.status_code == 500
    assert Game.objects.count() == 0
