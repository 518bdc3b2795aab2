"""log_in: signing in keeps this browser's games; failed tries are limited (django-axes)."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.db import connections
from django.test import Client
from django.utils import timezone

from scorepad.guards.signin import AnyCaseBackend
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


def fail(client: Client, name: str = "ann", times: int = 1) -> list[int]:
    return [
        client.post(URL, {"username": name, "password": "guess"}).status_code for _ in range(times)
    ]


def test_the_fifth_failed_try_in_a_row_locks_the_name_out_with_when_to_try_again(
    client: Client, ann: Any
) -> None:
    assert fail(client, times=4) == [400] * 4

    response = client.post(URL, {"username": "ann", "password": "guess"})

    assert response.status_code == 429
    assert "Too many failed sign-ins for this name. Try again in 15 minutes." in response.text
    assert int(response["Retry-After"]) == 15 * 60


def test_while_limited_even_the_right_password_is_refused(client: Client, ann: Any) -> None:
    fail(client, times=5)

    response = client.post(URL, {"username": "ann", "password": PASSWORD})

    assert response.status_code == 429
    assert signed_in_as(client) is None


def test_the_limit_counts_the_name_however_it_is_written(client: Client, ann: Any) -> None:
    for name in ("ann", "Ann", "ANN", " ann", "ａｎｎ"):
        client.post(URL, {"username": name, "password": "guess"})

    assert client.post(URL, {"username": "aNN", "password": PASSWORD}).status_code == 429


def test_a_full_width_spelling_of_a_locked_name_stays_locked_out(client: Client, ann: Any) -> None:
    fail(client, times=5)

    # Django's form reads "ＡＮＮ" as "ANN" (NFKC), which signs in as ann.
    response = client.post(URL, {"username": "ＡＮＮ", "password": PASSWORD})

    assert response.status_code == 429
    assert signed_in_as(client) is None


def test_the_limit_is_per_name_and_address(
    client: Client, ann: Any, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("bob", password=PASSWORD)
    fail(client, times=5)

    bob = client.post(URL, {"username": "bob", "password": PASSWORD})
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post(URL, {"username": "ann", "password": PASSWORD})

    assert bob.status_code == 303
    assert elsewhere.status_code == 303


@pytest.mark.slow
def test_failures_under_many_other_names_do_not_lift_a_lock(client: Client, ann: Any) -> None:
    fail(client, times=5)

    for number in range(400):
        if number % 10 == 0:
            cache.clear()  # the address's count of tries (throttle.SIGN_IN), not the lock
        fail(client, name=f"someone-{number}")

    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 429


def test_a_success_resets_the_count(client: Client, ann: Any) -> None:
    fail(client, times=4)
    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 303
    client.post("/accounts/logout/")

    assert fail(client, times=4) == [400] * 4
    assert fail(client) == [429]


def test_the_limit_ends_after_its_window(client: Client, ann: Any) -> None:
    fail(client, times=5)
    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 429

    # Fifteen minutes and a second later.
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=15, seconds=1))

    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 303


def test_a_name_signs_in_in_any_case(client: Client, ann: Any) -> None:
    response = client.post(URL, {"username": "ANN", "password": PASSWORD})

    assert response.status_code == 303
    assert signed_in_as(client) == "ann"


def test_a_full_width_name_signs_in_as_its_account(client: Client, ann: Any) -> None:
    response = client.post(URL, {"username": "Ａｎｎ", "password": PASSWORD})

    assert response.status_code == 303
    assert signed_in_as(client) == "ann"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_thirty_tries_at_once_get_five_password_checks_at_most(
    ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[str] = []
    real = AnyCaseBackend.authenticate

    def counted(
        self: Any, request: Any, username: Any = None, password: Any = None, **kw: Any
    ) -> Any:
        checks.append(str(password))
        return real(self, request, username, password, **kw)

    monkeypatch.setattr(AnyCaseBackend, "authenticate", counted)
    barrier = threading.Barrier(30)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def guess(number: int) -> None:
        try:
            barrier.wait(timeout=20)
            data = {"username": "ann", "password": f"guess-{number}"}
            statuses.append(Client().post(URL, data).status_code)
        except BaseException as error:  # reported in the test's own thread
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert len(statuses) == 30
    assert 1 <= len(checks) <= 5
    assert statuses.count(429) >= 25


def test_tries_under_a_new_name_each_time_are_limited_by_address(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: list[str] = []
    real = AnyCaseBackend.authenticate

    def counted(
        self: Any, request: Any, username: Any = None, password: Any = None, **kw: Any
    ) -> Any:
        checks.append(str(username))
        return real(self, request, username, password, **kw)

    monkeypatch.setattr(AnyCaseBackend, "authenticate", counted)

    tries = [fail(client, name=f"guest-{number}")[0] for number in range(20)]
    over = client.post(URL, {"username": "guest-20", "password": "x" * 12})
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post(URL, {"username": "guest-21", "password": "x"})

    assert tries == [400] * 20
    assert over.status_code == 429
    assert 0 < int(over["Retry-After"]) <= 600
    assert "Too many sign-in tries from your address" in over.text
    assert len(checks) == 21  # 20 here, one elsewhere: the 21st never hashed its password
    assert elsewhere.status_code == 400


def test_the_limit_by_address_counts_successes_too(client: Client, ann: Any) -> None:
    for _ in range(20):
        assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 303

    assert client.post(URL, {"username": "ann", "password": PASSWORD}).status_code == 429
    assert client.get(URL).status_code == 200  # the form itself is never limited


def test_new_addresses_of_one_ipv6_network_are_one_client_to_the_lockout(ann: Any) -> None:
    hosts = [f"2001:db8:1:2:{number:x}::1" for number in range(1, 7)]
    answers = [
        Client(REMOTE_ADDR=host).post(URL, {"username": "ann", "password": "guess"}).status_code
        for host in hosts[:5]
    ]
    right = Client(REMOTE_ADDR=hosts[5]).post(URL, {"username": "ann", "password": PASSWORD})
    elsewhere = Client(REMOTE_ADDR="2001:db8:1:3::1").post(
        URL, {"username": "ann", "password": PASSWORD}
    )

    assert answers == [400] * 4 + [429]
    assert right.status_code == 429
    assert elsewhere.status_code == 303


def test_sign_in_tries_from_new_addresses_of_one_ipv6_network_count_as_one_client() -> None:
    answers = [
        Client(REMOTE_ADDR=f"2001:db8:1:2:{number:x}::1")
        .post(URL, {"username": f"guest-{number}", "password": "x"})
        .status_code
        for number in range(1, 22)
    ]

    assert answers == [400] * 20 + [429]
