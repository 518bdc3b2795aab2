"""log_in: signing in keeps this browser's games; failed tries are limited."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from scorepad.models import Game
from tests.conftest import start_game

PASSWORD = "a-long-card-table-password"
URL = "/accounts/login/"


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    # The counts of failed sign-ins live in the cache, which outlives a test.
    cache.clear()


@pytest.fixture
def ann(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ann", password=PASSWORD)


def signed_in_as(client: Client) -> str | None:
    text = client.get("/").text
    if "Signed in as " not in text:
        return None
    return text.split("Signed in as ", 1)[1].split("<", 1)[0]


def test_it_shows_the_form(client: Client) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    assert '<form class="account-form" method="post" action="/accounts/login/">' in response.text
    assert 'name="username"' in response.text
    assert 'type="password"' in response.text


def test_it_signs_in_and_redirects_home(client: Client, ann: Any) -> None:
    response = client.post(URL, {"username": "ann", "password": PASSWORD})

    assert response.status_code == 303
    assert response["Location"] == "/"
    assert signed_in_as(client) == "ann"


def test_it_goes_on_to_a_next_page_on_this_site_only(client: Client, ann: Any) -> None:
    data = {"username": "ann", "password": PASSWORD}

    assert client.post(f"{URL}?next=/new/oh-hell/", data)["Location"] == "/new/oh-hell/"
    assert Client().post(URL, {**data, "next": "//evil.example/"})["Location"] == "/"


def test_a_wrong_password_is_refused(client: Client, ann: Any) -> None:
    response = client.post(URL, {"username": "ann", "password": "not-it"})

    assert response.status_code == 400
    assert "Please enter a correct username and password" in response.text
    assert signed_in_as(client) is None


def test_it_keeps_the_games_this_browser_started(client: Client, ann: Any) -> None:
    game = start_game(client)

    client.post(URL, {"username": "ann", "password": PASSWORD})

    game.refresh_from_db()
    assert game.owner == ann


def test_it_leaves_other_browsers_and_owned_games_alone(
    client: Client, ann: Any, django_user_model: Any
) -> None:
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    elsewhere = start_game(Client())
    bobs = start_game(client)
    Game.objects.filter(pk=bobs.pk).update(owner=bob)

    client.post(URL, {"username": "ann", "password": PASSWORD})

    assert Game.objects.get(pk=elsewhere.pk).owner is None
    assert Game.objects.get(pk=bobs.pk).owner == bob


def test_the_sixth_failed_try_in_a_row_is_refused_with_when_to_try_again(
    client: Client, ann: Any
) -> None:
    for _ in range(5):
        assert client.post(URL, {"username": "ann", "password": "guess"}).status_code == 400

    response = client.post(URL, {"username": "ann", "password": "guess"})

    assert response.status_code == 429
    assert "Too many failed sign-ins for this name. Try again in 15 minutes." in response.text
    assert 0 < int(response["Retry-After"]) <= 15 * 60


def test_while_limited_even_the_right_password_is_refused(client: Client, ann: Any) -> None:
    for _ in range(5):
        client.post(URL, {"username": "ann", "password": "guess"})

    response = client.post(URL, {"username": "ann", "password": PASSWORD})

    assert response.status_code == 429
    assert signed_in_as(client) is None


def test_the_limit_counts_the_name_however_it_is_written(client: Client, ann: Any) -> None:
    for name in ("ann", "Ann", "ANN", " ann", "ann "):
        client.post(URL, {"username": name, "password": "guess"})

    assert client.post(URL, {"username": "aNN", "password": "guess"}).status_code == 429


def test_the_limit_is_per_name_and_address(
    client: Client, ann: Any, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("bob", password=PASSWORD)
    for _ in range(5):
        client.post(URL, {"username": "ann", "password": "guess"})

    bob = client.post(URL, {"username": "bob", "password": PASSWORD})
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post(URL, {"username": "ann", "password": PASSWORD})

    assert bob.status_code == 303
    assert elsewhere.status_code == 303


def test_a_success_resets_the_count(client: Client, ann: Any) -> None:
    for _ in range(4):
        client.post(URL, {"username": "ann", "password": "guess"})
    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 303
    client.post("/accounts/logout/")

    for _ in range(5):
        assert client.post(URL, {"username": "ann", "password": "guess"}).status_code == 400
    assert client.post(URL, {"username": "ann", "password": "guess"}).status_code == 429


def test_the_limit_ends_after_its_window(
    client: Client, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now)
    for _ in range(5):
        client.post(URL, {"username": "ann", "password": "guess"})
    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 429

    monkeypatch.setattr(time, "time", lambda: now + 15 * 60 + 1)

    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 303
