"""Lists cost a page, not a history: the same queries with 300 games as with 10.

The games are the bench's own (``bench.history.make_history``): finished games for
one owner among 20 players, stored with their figures. (The bench times the pages
with 10,000 games; 300 are enough here to fill many pages.)
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.history import PAGES, make_history
from scorepad.models import Game
from tests.web.browsers import started_here

SIZES = (10, 300)


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as run:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(run)


def owners(django_user_model: Any) -> dict[int, Client]:
    clients = {}
    for size in SIZES:
        owner = django_user_model.objects.create_user(f"owner of {size}")
        make_history(owner, size)
        clients[size] = Client()
        clients[size].force_login(owner)
    return clients


@pytest.mark.slow
def test_every_list_makes_as_many_queries_with_300_games_as_with_10(
    django_user_model: Any,
) -> None:
    clients = owners(django_user_model)

    counts = {page: [queries(clients[size], url) for size in SIZES] for page, url in PAGES.items()}

    assert {page: few for page, (few, many) in counts.items()} == {
        page: many for page, (few, many) in counts.items()
    }
    assert Game.objects.count() == sum(SIZES)


@pytest.mark.slow
def test_this_browsers_lists_make_as_many_queries_with_300_games_as_with_10(
    django_user_model: Any,
) -> None:
    # Games started in a browser, nobody signed in: the lists go by the session's games.
    counts: dict[str, list[int]] = {page: [] for page in PAGES}
    for size in SIZES:
        games = make_history(None, size)
        client = Client()
        started_here(client, *games)
        for page, url in PAGES.items():
            counts[page].append(queries(client, url))
        Game.objects.all().delete()

    assert {page: few for page, (few, many) in counts.items()} == {
        page: many for page, (few, many) in counts.items()
    }
