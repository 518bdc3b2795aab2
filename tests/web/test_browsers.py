"""A browser's games without an account: kept in the database by the browser's signed id,
for a year after its last visit; sessions slide the same way; sign-up claims the games."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import connections
from django.test import Client
from django.utils import timezone

from rules_engine import parse_record
from scorepad.guards.browsers import COOKIE, OLD_SESSION_GAMES, SEEN
from scorepad.models import Game
from tests.conftest import PLAYERS, oh_hell, start_game
from tests.web.browsers import browser_cookie, kept_here, started_here

YEAR = 365 * 24 * 60 * 60
PASSWORD = "a-long-card-table-password"


def sign_up(client: Client, username: str = "ann") -> None:
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/accounts/signup/", data).status_code == 303


def test_every_answer_sends_the_browser_id_again_for_a_year(client: Client) -> None:
    first = client.get("/").cookies[COOKIE]
    again = client.get("/games/").cookies[COOKIE]

    assert first["max-age"] == again["max-age"] == YEAR
    assert first["httponly"] and first["samesite"] == "Lax"
    assert first.value.split(":")[0] == again.value.split(":")[0]  # the same browser id


def test_a_game_started_here_is_listed_here_and_not_in_another_browser(client: Client) -> None:
    game = start_game(client)

    assert f"/g/{game.key}/sheet/" in client.get("/games/").text
    assert f"/g/{game.key}/sheet/" not in Client().get("/games/").text
    assert game.key not in Client().get("/").text


def test_a_forged_browser_id_is_not_taken(client: Client) -> None:
    game = start_game(client)
    key = Game.objects.select_related("browser").get(pk=game.pk).browser.key  # type: ignore[union-attr]
    forger = Client()
    forger.cookies[COOKIE] = f"{key}:1xVRtE:not-the-signature"

    assert f"/g/{game.key}/sheet/" not in forger.get("/games/").text
    owner = Client()
    owner.cookies[COOKIE] = browser_cookie(key)
    assert f"/g/{game.key}/sheet/" in owner.get("/games/").text


def test_the_home_page_and_history_say_the_games_live_in_this_browser(client: Client) -> None:
    assert "Keep them: sign up" not in client.get("/").text  # no games yet, nothing to keep
    start_game(client)

    for url in ("/", "/games/"):
        text = client.get(url).text
        assert "These games live in this browser only" in text
        assert f'href="/accounts/signup/?next={url}">Keep them: sign up</a>' in text
    sign_up(client)
    assert "Keep them: sign up" not in client.get("/").text


def test_signing_up_moves_the_games_to_the_account_and_out_of_the_browser(client: Client) -> None:
    games = [start_game(client), start_game(client, "Eve", "Fay", "Gus")]
    sign_up(client)

    user = get_user_model().objects.get(username="ann")
    assert {game.owner for game in Game.objects.all()} == {user}
    assert Game.objects.filter(browser__isnull=False).count() == 0
    history = client.get("/games/").text
    assert all(f"/g/{game.key}/sheet/" in history for game in games)
    client.post("/accounts/logout/")
    assert "/sheet/" not in client.get("/games/").text  # signed out: the phone lists none


def test_a_signed_in_session_lasts_a_year_from_its_last_day_of_use(client: Client) -> None:
    sign_up(client)
    # As if last used 200 days ago: the session would end in 165 days.
    stored = client.session
    stored[SEEN] = "2000-01-01"
    stored.save()
    Session.objects.update(expire_date=timezone.now() + timedelta(days=165))

    response = client.get("/")

    assert response.status_code == 200
    left = Session.objects.get().expire_date - timezone.now()
    assert timedelta(days=364) < left <= timedelta(days=365)
    assert response.cookies["sessionid"]["max-age"] == YEAR
    assert "Signed in as ann" in client.get("/").text


def test_the_session_is_saved_once_a_day_not_at_every_request(client: Client) -> None:
    sign_up(client)
    client.get("/")  # today noted
    Session.objects.update(expire_date=timezone.now() + timedelta(days=100))

    client.get("/")

    left = Session.objects.get().expire_date - timezone.now()
    assert left < timedelta(days=101)


def test_games_an_older_session_listed_become_this_browsers(client: Client) -> None:
    old = Game.start(parse_record(oh_hell()))
    stored = client.session
    stored[OLD_SESSION_GAMES] = [old.key]
    stored.save()

    assert f"/g/{old.key}/sheet/" in client.get("/games/").text
    assert kept_here(client) == [old.key]
    assert OLD_SESSION_GAMES not in client.session


def test_signed_in_the_games_this_browser_still_keeps_are_listed_with_the_accounts(
    client: Client,
) -> None:
    sign_up(client)
    mine = start_game(client)
    # Kept by the browser without an owner (say, adopted from an older session).
    here = Game.start(parse_record(oh_hell(players=("Eve", "Fay", "Gus"))))
    started_here(client, here)

    history, home = client.get("/games/").text, client.get("/").text

    assert f"/g/{mine.key}/sheet/" in history and f"/g/{here.key}/sheet/" in history
    assert mine.key in home and here.key in home
    assert "Across the games you can see: 1 game" in client.get("/players/eve/").text


@pytest.mark.django_db(transaction=True)
def test_eight_games_started_at_once_in_one_browser_are_all_listed_and_all_claimed() -> None:
    client = Client()
    client.get("/")  # the browser has its id, as any phone that opened the page
    cookie = client.cookies[COOKIE].value
    barrier = threading.Barrier(8)
    keys: list[str] = []
    errors: list[BaseException] = []

    def start() -> None:
        phone = Client()
        phone.cookies[COOKIE] = cookie
        data = {"player": list(PLAYERS), "first_dealer": "0", "action": "start"}
        data |= {"option_style": "long", "option_scoring": "positive"}
        try:
            barrier.wait(timeout=10)
            response = phone.post("/new/oh-hell/", data)
            assert response.status_code == 303, response.status_code
            keys.append(response["Location"].split("/")[2])
        except BaseException as error:  # reported in the test's own thread
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert len(keys) == 8
    history = client.get("/games/").text
    assert [key for key in keys if f"/g/{key}/sheet/" in history] == keys
    sign_up(client)
    user = get_user_model().objects.get(username="ann")
    assert Game.objects.filter(key__in=keys, owner=user).count() == 8
