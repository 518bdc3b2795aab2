"""Two phones tap the same step at the same moment: it is entered once, the other is told.

Real threads, each with its own client and database connection, released together
by a barrier; on PostgreSQL (scripts/check's second run) and on SQLite alike.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connections
from django.test import Client

from scorepad.models import Game
from tests.conftest import bid, oh_hell


def post_together(url: str, data: dict[str, Any], htmx: bool) -> list[int]:
    """POST ``data`` to ``url`` from two clients at once; their status codes."""
    barrier = threading.Barrier(2)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def tap() -> None:
        client = Client(headers={"HX-Request": "true"} if htmx else {})
        try:
            barrier.wait(timeout=10)
            statuses.append(client.post(url, data).status_code)
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
    return sorted(statuses)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_bid_sent_twice_at_once_is_entered_once(htmx: bool) -> None:
    game = Game.objects.create(kind="oh-hell", record=oh_hell(), version=3)
    bids = [(1, 3), (2, 2), (3, 3)]  # Bob, Cat, Dev: three races in a row

    for seat, value in bids:
        version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
        data = {"version": version, "kind": "bid", "seat": seat, "value": value}

        statuses = post_together(f"/g/{game.key}/enter/", data, htmx)

        assert statuses == [200 if htmx else 303, 409]

    game.refresh_from_db()
    assert game.pending == [bid(seat, value) for seat, value in bids]
    assert game.version == 3 + len(bids)


@pytest.mark.django_db(transaction=True)
def test_the_last_tricks_sent_twice_at_once_end_the_round_once() -> None:
    bids = [bid(1, 3), bid(2, 2), bid(3, 3), bid(0, 3)]
    tricks = [{"kind": "tricks", "seat": 1, "value": 4}, {"kind": "tricks", "seat": 2, "value": 2}]
    game = Game.objects.create(kind="oh-hell", record=oh_hell(), pending=bids + tricks, version=10)
    # Dev's are the last tricks asked: Ann's 3 are what is left of the 10.
    last = {"version": 10, "kind": "tricks", "seat": 3, "value": 1}

    statuses = post_together(f"/g/{game.key}/enter/", last, False)

    assert statuses == [303, 409]
    game.refresh_from_db()
    assert len(game.record["rounds"]) == 1
    assert game.pending == []
    assert list(game.figures.values_list("total", flat=True)) == [13, 4, 12, 1]
    assert game.version == 11
