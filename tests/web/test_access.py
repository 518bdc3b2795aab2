"""Who may see and change a game (scorepad/guards/access.py), across every view.

A keeper link opens the game to enter and change it; a viewer link shows it read
only; the owner, signed in, finds it listed. Anyone else (a made-up key, the
viewer link at a keeper's address, another user) gets 404, never 403, and lists
nothing of it. Every POST needs its CSRF token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from scorepad.models import Game
from tests.conftest import start_game

Stored = Callable[[Game], dict[str, Any]]

# Every address that holds a keeper's key.
KEEPER_PAGES = ["/g/{}/", "/g/{}/sheet/", "/g/{}/record.json", "/g/{}/qr.svg", "/g/{}/sheet.pdf"]
KEEPER_POSTS = ["/g/{}/enter/", "/g/{}/undo/", "/g/{}/correct/"]
MADE_UP = "Zm9vYmFyYmF6cXV1eDEyMw"  # 22 characters, like a real key


def posts(game: Game) -> dict[str, dict[str, Any]]:
    """A valid POST to each keeper action, as the table's forms would send it."""
    return {
        "/g/{}/enter/": {"version": game.version, "kind": "bid", "seat": 0, "value": 3},
        "/g/{}/undo/": {"version": game.version},
        "/g/{}/correct/": {"version": game.version, "number": 1},
    }


@pytest.fixture
def ann(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ann", password="x")


@pytest.fixture
def zoe(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("zoe", password="x")


@pytest.fixture
def zoes_game(zoe: Any) -> Game:
    """A game Zoe keeps, with players nobody else plays with."""
    browser = Client()
    browser.force_login(zoe)
    game = start_game(browser, "Xena", "Yuri", "Zack")
    assert game.owner == zoe
    return game


@pytest.mark.parametrize("page", ["/g/{}/", "/g/{}/sheet/", "/g/{}/record.json", "/g/{}/qr.svg"])
def test_the_keeper_link_opens_the_keepers_pages_to_anyone_who_has_it(
    client: Client, hooked_game: Game, page: str
) -> None:
    assert client.get(page.format(hooked_game.key)).status_code == 200


def test_the_keeper_link_lets_anyone_who_has_it_enter(
    client: Client, hooked_game: Game, stored: Stored
) -> None:
    response = client.post(f"/g/{hooked_game.key}/enter/", posts(hooked_game)["/g/{}/enter/"])

    assert response.status_code == 303
    assert stored(hooked_game)["pending"][-1] == {"kind": "bid", "seat": 0, "value": 3}


def test_the_owner_signed_in_finds_the_game_listed_on_any_browser(
    zoes_game: Game, zoe: Any
) -> None:
    phone = Client()
    phone.force_login(zoe)

    assert f"/g/{zoes_game.key}/" in phone.get("/").text
    assert f"/g/{zoes_game.key}/" in phone.get("/games/").text
    assert phone.get(f"/g/{zoes_game.key}/").status_code == 200


@pytest.mark.parametrize("page", KEEPER_PAGES)
def test_a_made_up_key_is_not_found(client: Client, zoes_game: Game, page: str) -> None:
    assert client.get(page.format(MADE_UP)).status_code == 404


@pytest.mark.parametrize("action", KEEPER_POSTS)
def test_a_post_with_a_made_up_key_is_not_found(
    client: Client, hooked_game: Game, stored: Stored, action: str
) -> None:
    before = stored(hooked_game)

    response = client.post(action.format(MADE_UP), posts(hooked_game)[action])

    assert response.status_code == 404
    assert stored(hooked_game) == before


@pytest.mark.parametrize("page", KEEPER_PAGES)
def test_the_viewer_link_opens_no_keepers_page(
    client: Client, hooked_game: Game, page: str
) -> None:
    assert client.get(page.format(hooked_game.viewer_key)).status_code == 404


@pytest.mark.parametrize("action", KEEPER_POSTS)
def test_the_viewer_link_cannot_post_to_a_keepers_action(
    client: Client, hooked_game: Game, stored: Stored, action: str
) -> None:
    before = stored(hooked_game)

    response = client.post(action.format(hooked_game.viewer_key), posts(hooked_game)[action])

    assert response.status_code == 404
    assert stored(hooked_game) == before


def test_the_viewer_link_cannot_post_to_itself(
    client: Client, hooked_game: Game, stored: Stored
) -> None:
    before = stored(hooked_game)

    response = client.post(f"/v/{hooked_game.viewer_key}/", posts(hooked_game)["/g/{}/enter/"])

    assert response.status_code == 405
    assert stored(hooked_game) == before


def test_the_viewer_link_shows_the_game(client: Client, hooked_game: Game) -> None:
    assert client.get(f"/v/{hooked_game.viewer_key}/").status_code == 200


def test_a_signed_in_non_owner_lists_nothing_of_anothers_games(
    client: Client, ann: Any, zoes_game: Game
) -> None:
    client.force_login(ann)
    mine = start_game(client)

    for page in ("/", "/games/", "/games/export.json"):
        text = client.get(page).text
        assert zoes_game.key not in text
        assert zoes_game.viewer_key not in text
        assert "Xena" not in text
    assert f"/g/{mine.key}/" in client.get("/games/").text
    assert "Xena" not in client.get("/players/xena/").text


def test_a_stranger_lists_nothing_of_anothers_games(client: Client, zoes_game: Game) -> None:
    for page in ("/", "/games/", "/games/export.json", "/players/xena/"):
        text = client.get(page).text
        assert zoes_game.key not in text
        assert "Xena" not in text


def csrf_token(client: Client, page: str) -> str:
    """The token a page's forms carry (its cookie set by showing the page)."""
    client.get(page)
    return client.cookies["csrftoken"].value


def test_an_entry_without_its_csrf_token_is_forbidden(hooked_game: Game, stored: Stored) -> None:
    browser = Client(enforce_csrf_checks=True)
    table = f"/g/{hooked_game.key}/"
    token = csrf_token(browser, table)
    data = posts(hooked_game)["/g/{}/enter/"]
    before = stored(hooked_game)

    assert browser.post(f"{table}enter/", data).status_code == 403
    assert stored(hooked_game) == before
    assert browser.post(f"{table}enter/", {**data, "csrfmiddlewaretoken": token}).status_code == 303


def test_an_htmx_entry_without_its_csrf_header_is_forbidden(
    hooked_game: Game, stored: Stored
) -> None:
    browser = Client(enforce_csrf_checks=True, headers={"HX-Request": "true"})
    table = f"/g/{hooked_game.key}/"
    token = csrf_token(browser, table)
    data = posts(hooked_game)["/g/{}/enter/"]
    before = stored(hooked_game)

    assert browser.post(f"{table}enter/", data).status_code == 403
    assert stored(hooked_game) == before
    # htmx sends the token in a header, from <body hx-headers>.
    with_header = browser.post(f"{table}enter/", data, headers={"X-CSRFToken": token})
    assert with_header.status_code == 200


def test_an_undo_without_its_csrf_token_is_forbidden(hooked_game: Game, stored: Stored) -> None:
    browser = Client(enforce_csrf_checks=True)
    table = f"/g/{hooked_game.key}/"
    token = csrf_token(browser, table)
    data = posts(hooked_game)["/g/{}/undo/"]
    before = stored(hooked_game)

    assert browser.post(f"{table}undo/", data).status_code == 403
    assert stored(hooked_game) == before
    assert browser.post(f"{table}undo/", {**data, "csrfmiddlewaretoken": token}).status_code == 303


def test_a_sign_out_without_its_csrf_token_is_forbidden(ann: Any) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(ann)
    token = csrf_token(browser, "/")

    assert browser.post("/accounts/logout/").status_code == 403
    assert "Signed in as ann" in browser.get("/").text
    assert browser.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert "Signed in as ann" not in browser.get("/").text


def test_a_sign_in_without_its_csrf_token_is_forbidden(ann: Any) -> None:
    browser = Client(enforce_csrf_checks=True)
    token = csrf_token(browser, "/accounts/login/")
    data = {"username": "ann", "password": "x"}

    assert browser.post("/accounts/login/", data).status_code == 403
    signed_in = browser.post("/accounts/login/", {**data, "csrfmiddlewaretoken": token})
    assert signed_in.status_code == 303
