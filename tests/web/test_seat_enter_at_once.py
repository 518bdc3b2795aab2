"""seat_enter with the whole table tapping at once (issue 44): the phones' taps that do
not conflict (sealed bids of different players) are each entered, whatever the others
saved while they were being decided; one that does conflict says what happened."""

from __future__ import annotations

import http.client
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client

from rules_engine import new_record
from scorepad.guards.access import seat_at
from scorepad.models import Game, Seat
from scorepad.views import seats
from tests.conftest import bid
from tests.home_server import HomeServer, on_database
from tests.web.seats import phone, take

PLAYERS = ["Ann", "Bob", "Cat", "Dev", "Eve", "Fay", "Gus"]


@pytest.fixture
def sealed_game(db: None) -> Game:
    options = {"bidding": "sealed"}
    return Game.start(new_record("oh-hell", PLAYERS[:4], first_dealer=0, options=options))


def page_form(html: str) -> dict[str, str]:
    """What a phone's pad posts, as drawn: its version and what it was drawn from."""
    version = re.search(r'name="version" value="(\d+)"', html)
    mine = re.search(r'"mine": "([^"]*)"', html)
    assert version is not None and mine is not None, html
    return {"version": version.group(1), "mine": mine.group(1)}


def test_a_bid_decided_while_another_phone_saves_is_entered_after_it(
    sealed_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    cat, dev = take(sealed_game, 2), take(sealed_game, 3)
    drawn = page_form(Client().get(phone(cat)).text)

    def seat_read_then_dev_bids(request: Any, key: str) -> Seat:
        seat = seat_at(request, key)  # Cat's game read at the version Cat's page shows
        if seat.pk == cat.pk:
            Client().post(f"{phone(dev)}enter/", {**page_form(Client().get(phone(dev)).text),
                                                  "kind": "bid", "value": 1})  # fmt: skip
        return seat

    monkeypatch.setattr(seats, "seat_at", seat_read_then_dev_bids)
    response = Client().post(f"{phone(cat)}enter/", {**drawn, "kind": "bid", "value": 2})

    assert response.status_code == 303
    sealed_game.refresh_from_db()
    assert sealed_game.pending == [bid(3, 1), bid(2, 2)]


def test_a_tap_that_really_conflicts_says_what_happened_not_already_entered(
    sealed_game: Game, htmx_client: Client
) -> None:
    cat = take(sealed_game, 2)
    drawn = page_form(Client().get(phone(cat)).text)
    # Meanwhile the keeper entered Cat's bid for Cat.
    keeper = Client().post(
        f"/g/{sealed_game.key}/enter/", {"version": 1, "kind": "bid", "seat": 2, "value": 0}
    )
    assert keeper.status_code == 303

    response = htmx_client.post(f"{phone(cat)}enter/", {**drawn, "kind": "bid", "value": 2})

    assert response.status_code == 409
    assert "Your bid of 2 was not entered." in response.text
    assert "already entered" not in response.text
    sealed_game.refresh_from_db()
    assert sealed_game.pending == [bid(2, 0)]


# -- Seven phones at once, on the home server's stack ------------------------------------


class Phone:
    """A player's phone on an address of its own (127.0.0.<n>), with its cookies."""

    def __init__(self, server: HomeServer, address: str, seat_key: str) -> None:
        self.server, self.address, self.path = server, address, f"/s/{seat_key}/"
        self.cookies = ""

    def ask(self, method: str, path: str, body: dict[str, str] | None = None) -> tuple[int, str]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.server.port, timeout=30, source_address=(self.address, 0)
        )
        headers = {"HX-Request": "true", "Cookie": self.cookies}
        data = None
        if body is not None:
            token = re.search(r"csrftoken=([^;]+)", self.cookies)
            assert token is not None
            headers |= {
                "X-CSRFToken": token.group(1),
                "Content-Type": "application/x-www-form-urlencoded",
            }
            data = urlencode(body)
        try:
            connection.request(method, path, data, headers)
            answer = connection.getresponse()
            for cookie in answer.headers.get_all("Set-Cookie") or []:
                self.cookies = "; ".join(filter(None, [self.cookies, cookie.split(";")[0]]))
            return answer.status, answer.read().decode()
        finally:
            connection.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[HomeServer]:
    """The home server, on SQLite, then on PostgreSQL where the run has one."""
    with on_database(request.param, tmp_path) as running:
        yield running


@pytest.mark.slow
def test_seven_phones_bidding_sealed_at_once_are_all_entered(server: HomeServer) -> None:
    made = server.make(
        "from rules_engine import new_record\n"
        "from scorepad.models import Game\n"
        f"game = Game.start(new_record('oh-hell', {PLAYERS!r}, options={{'bidding': 'sealed'}}))\n"
        f"result = [game.take_seat(n).key for n in range({len(PLAYERS)})]"
    )
    phones = [Phone(server, f"127.0.0.{10 + n}", key) for n, key in enumerate(made)]
    # Every page drawn before anyone bids.
    drawn = []
    for each in phones:
        status, html = each.ask("GET", each.path)
        assert status == 200
        drawn.append(page_form(html))
    together = threading.Barrier(len(phones))
    answers: list[tuple[int, str]] = [(0, "")] * len(phones)

    def bid_now(number: int) -> None:
        together.wait()
        each = phones[number]
        body = {**drawn[number], "kind": "bid", "value": "0"}
        answers[number] = each.ask("POST", f"{each.path}enter/", body)

    threads = [threading.Thread(target=bid_now, args=(n,)) for n in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert [status for status, _ in answers] == [200] * len(phones), [
        text[-300:] for status, text in answers if status != 200
    ]
    stored = server.make(
        f"from scorepad.models import Seat\nresult = Seat.objects.get(key={made[0]!r}).game.pending"
    )
    assert sorted(entry["seat"] for entry in stored) == list(range(len(PLAYERS)))
    assert all(entry == {"kind": "bid", "seat": entry["seat"], "value": 0} for entry in stored)
