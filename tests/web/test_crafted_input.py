"""Crafted input gets a 4xx with a message, never a 500 (the security review's cases)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from scorepad.models import Figures, Game
from tests.conftest import oh_hell

SETUP = {
    "player": ["Ann", "Bob", "Cat"],
    "option_style": "long",
    "option_scoring": "positive",
    "first_dealer": "0",
    "action": "start",
}


@pytest.mark.parametrize("dealer", ["²", "--1", "٣", "9" * 5000])
def test_a_first_dealer_in_other_digits_is_refused_with_a_message(
    client: Client, dealer: str
) -> None:
    response = client.post("/new/oh-hell/", {**SETUP, "first_dealer": dealer})

    assert response.status_code == 400
    assert "Pick who deals first" in response.text
    assert not Game.objects.exists()


@pytest.mark.parametrize("action", ["up-²", "down-٣", "remove-" + "9" * 5000])
def test_a_move_button_with_other_digits_changes_nothing(client: Client, action: str) -> None:
    response = client.post("/new/oh-hell/", {**SETUP, "action": action})

    assert response.status_code == 200
    assert not Game.objects.exists()


@pytest.mark.parametrize("deals", ["²", "--1", "٣", "1e3"])
def test_a_number_option_in_other_digits_is_refused_with_a_message(
    client: Client, deals: str
) -> None:
    data = {"player": ["Ann", "Bob", "Cat"], "option_deals": deals, "action": "start"}

    response = client.post("/new/sinker/", {**data, "first_dealer": "0"})

    assert response.status_code == 400
    assert "is a whole number, in digits 0 to 9." in response.text
    assert not Game.objects.exists()


def test_a_blank_sheet_with_other_digits_is_refused_with_a_message(client: Client) -> None:
    response = client.get("/print/sinker/", {"players": "4", "option_deals": "²"})

    assert response.status_code == 400
    assert "is a whole number, in digits 0 to 9." in response.text


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ann\x00", "holds a control character or a broken one"),
        ("ß" * 40, "in small letters it has 80 characters (40 at most)"),
    ],
)
def test_a_name_that_cannot_be_stored_is_refused_at_setup(
    client: Client, name: str, message: str
) -> None:
    response = client.post("/new/oh-hell/", {**SETUP, "player": [name, "Bob", "Cat"]})

    assert response.status_code == 400
    assert message in response.text
    assert not Game.objects.exists()
    assert not Figures.objects.exists()


@pytest.mark.parametrize("name", ["\u202eAnn", "An\u200bn", "Ann\u2066"])
def test_a_name_with_an_invisible_character_is_refused_at_setup(client: Client, name: str) -> None:
    response = client.post("/new/oh-hell/", {**SETUP, "player": [name, "Bob", "Cat"]})

    assert response.status_code == 400
    assert "the name &#x27;Ann&#x27; holds an invisible character (U+" in response.text
    assert "write the name without it" in response.text
    assert not Game.objects.exists()


def test_the_refusal_of_an_invisible_character_is_said_in_dutch(client: Client) -> None:
    response = client.post(
        "/new/oh-hell/",
        {**SETUP, "player": ["Ann\u202e", "Bob", "Cat"]},
        headers={"accept-language": "nl"},
    )

    assert response.status_code == 400
    assert "bevat een onzichtbaar teken (U+202E)" in response.text


def test_an_imported_name_with_a_right_to_left_override_is_refused(client: Client) -> None:
    record = oh_hell(players=("Ann", "\u202eBob", "Cat"))

    response = client.post("/games/import/", {"text": json.dumps(record)})

    assert response.status_code == 400
    assert "holds an invisible character (U+202E)" in response.text
    assert "\u202e" not in response.text
    assert not Game.objects.exists()


def test_an_imported_name_with_a_lone_surrogate_is_refused(client: Client) -> None:
    # "\ud800" in the JSON text is half a character: no database can store it.
    text = json.dumps(oh_hell(players=("Ann", "Bob", "Cat"))).replace("Ann", "An\\ud800n")

    response = client.post("/games/import/", {"text": text})

    assert response.status_code == 400
    assert "holds a control character or a broken one" in response.text
    assert not Game.objects.exists()


def test_an_imported_name_of_long_small_letters_is_refused(client: Client) -> None:
    record = oh_hell(players=("ß" * 40, "Bob", "Cat"))

    response = client.post("/games/import/", {"text": json.dumps(record)})

    assert response.status_code == 400
    assert "in small letters it has 80 characters" in response.text
    assert not Game.objects.exists()


@pytest.mark.parametrize("path", ["/players/%00/", "/players/" + "a" * 41 + "/"])
def test_a_player_page_for_a_name_no_one_can_have_is_not_found(client: Client, path: str) -> None:
    response = client.get(path)

    assert response.status_code == 404


@pytest.mark.parametrize("seat", ["²", "٣", "9" * 5000])
def test_the_table_with_a_seat_in_other_digits_shows_the_usual_step(
    client: Client, new_game: Game, seat: str
) -> None:
    response = client.get(f"/g/{new_game.key}/", {"seat": seat})

    assert response.status_code == 200


@pytest.mark.parametrize("path", ["/g/%00/", "/g/%00/sheet/", "/v/%00/", "/g/a%00b/sheet.pdf"])
def test_a_game_key_no_game_can_have_is_not_found(client: Client, path: str) -> None:
    # PostgreSQL refuses to look up a NUL at all (a 500 before).
    assert client.get(path).status_code == 404


def test_a_number_in_other_digits_is_refused_in_the_pages_language(client: Client) -> None:
    data = {"player": ["Ann", "Bob", "Cat"], "option_deals": "²", "action": "start"}

    response = client.post(
        "/new/sinker/", {**data, "first_dealer": "0"}, headers={"accept-language": "nl"}
    )

    assert response.status_code == 400
    assert "is a whole number" not in response.text
    assert "in cijfers 0 tot en met 9" in response.text
