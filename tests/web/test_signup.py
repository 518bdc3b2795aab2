"""sign_up: an account of one's own, keeping the games this browser started."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from scorepad.models import Game
from tests.conftest import start_game

PASSWORD = "a-long-card-table-password"


def form(username: str = "ann", password: str = PASSWORD, **extra: str) -> dict[str, str]:
    return {"username": username, "password1": password, "password2": password, **extra}


def test_it_shows_the_form(client: Client) -> None:
    response = client.get("/accounts/signup/")

    assert response.status_code == 200
    assert '<form class="account-form" method="post" action="/accounts/signup/">' in response.text
    assert 'name="password1"' in response.text
    assert 'name="password2"' in response.text


def test_it_makes_the_account_signs_in_and_redirects_home(client: Client) -> None:
    response = client.post("/accounts/signup/", form())

    assert response.status_code == 303
    assert response["Location"] == "/"
    user = get_user_model().objects.get(username="ann")
    assert user.check_password(PASSWORD)
    assert "Signed in as ann" in client.get("/").text


def test_it_goes_on_to_a_next_page_on_this_site_only(client: Client) -> None:
    response = client.post("/accounts/signup/", form(next="/new/oh-hell/"))
    assert response["Location"] == "/new/oh-hell/"

    other = Client().post("/accounts/signup/", form("bob", next="https://evil.example/"))
    assert other["Location"] == "/"


def test_it_keeps_the_games_this_browser_started(client: Client) -> None:
    first = start_game(client)
    second = start_game(client, "Ann", "Bob", "Cat")

    client.post("/accounts/signup/", form())

    user = get_user_model().objects.get(username="ann")
    assert list(Game.objects.filter(owner=user).order_by("pk")) == [first, second]


def test_it_does_not_take_another_browsers_games(client: Client) -> None:
    elsewhere = start_game(Client())

    client.post("/accounts/signup/", form())

    elsewhere.refresh_from_db()
    assert elsewhere.owner is None


def test_it_leaves_a_game_someone_else_owns_to_them(client: Client, django_user_model: Any) -> None:
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    game = start_game(client)
    Game.objects.filter(pk=game.pk).update(owner=bob)

    client.post("/accounts/signup/", form())

    game.refresh_from_db()
    assert game.owner == bob


def test_it_refuses_passwords_that_differ_and_makes_no_account(client: Client) -> None:
    data = form()
    data["password2"] = "something-else-entirely"

    response = client.post("/accounts/signup/", data)

    assert response.status_code == 400
    assert "didn’t match" in response.text or "didn&#x27;t match" in response.text
    assert not get_user_model().objects.exists()


def test_it_refuses_a_taken_name(client: Client, django_user_model: Any) -> None:
    django_user_model.objects.create_user("ann", password=PASSWORD)

    response = client.post("/accounts/signup/", form())

    assert response.status_code == 400
    assert "already exists" in response.text
    assert django_user_model.objects.count() == 1


def test_it_refuses_a_common_password(client: Client) -> None:
    response = client.post("/accounts/signup/", form(password="password"))

    assert response.status_code == 400
    assert "too common" in response.text
    assert not get_user_model().objects.exists()


def test_it_refuses_a_password_of_spaces_only(client: Client) -> None:
    response = client.post("/accounts/signup/", form(password=" " * 12))

    assert response.status_code == 400
    assert "This password is only spaces." in response.text
    assert not get_user_model().objects.exists()


def test_it_refuses_a_name_that_differs_only_in_case_or_width(
    client: Client, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("Ann", password=PASSWORD)

    for name in ("ann", "ANN", "ａｎｎ"):
        response = client.post("/accounts/signup/", form(username=name))

        assert response.status_code == 400
        assert "A user with that username already exists." in response.text
    assert django_user_model.objects.count() == 1


def test_sign_ups_are_limited_per_address(client: Client) -> None:
    cache.clear()
    for number in range(10):
        assert client.post("/accounts/signup/", form(username=f"p{number}")).status_code == 303
        client.post("/accounts/logout/")

    response = client.post("/accounts/signup/", form(username="one-more"))
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post("/accounts/signup/", form(username="other"))

    assert response.status_code == 429
    assert "Too many sign-ups from your address. Try again in" in response.text
    assert 0 < int(response["Retry-After"]) <= 60 * 60
    assert not get_user_model().objects.filter(username="one-more").exists()
    assert elsewhere.status_code == 303
