"""log_out: a POST (a link could be followed by anything); the games stay the user's."""

from __future__ import annotations

from typing import Any

from django.test import Client

from tests.conftest import start_game


def test_it_signs_out_and_redirects_home(client: Client, django_user_model: Any) -> None:
    client.force_login(django_user_model.objects.create_user("ann", password="x"))
    assert "Signed in as ann" in client.get("/").text

    response = client.post("/accounts/logout/")

    assert response.status_code == 302
    assert response["Location"] == "/"
    home = client.get("/").text
    assert "Signed in as" not in home
    assert '<a href="/accounts/login/">Sign in</a>' in home


def test_the_header_offers_it_as_a_form(client: Client, django_user_model: Any) -> None:
    client.force_login(django_user_model.objects.create_user("ann", password="x"))

    home = client.get("/").text

    assert '<form method="post" action="/accounts/logout/">' in home
    assert '<button type="submit" class="link">Sign out</button>' in home


def test_it_refuses_a_get(client: Client, django_user_model: Any) -> None:
    client.force_login(django_user_model.objects.create_user("ann", password="x"))

    assert client.get("/accounts/logout/").status_code == 405
    assert "Signed in as ann" in client.get("/").text


def test_the_games_stay_with_the_account_and_leave_this_browser(
    client: Client, django_user_model: Any
) -> None:
    ann = django_user_model.objects.create_user("ann", password="x")
    client.force_login(ann)
    game = start_game(client)

    client.post("/accounts/logout/")

    game.refresh_from_db()
    assert game.owner == ann
    # Signed out, this browser no longer lists the game; its link still works.
    assert f"/g/{game.key}/" not in client.get("/").text
    assert client.get(f"/g/{game.key}/").status_code == 200
