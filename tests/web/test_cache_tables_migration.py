"""Migration 0011: ``manage.py migrate`` alone makes the cache's tables, so that a bare
``migrate && runserver`` starts a game (before it, the first Start was a 500)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from tests.web.test_setup import URL, form

pytestmark = pytest.mark.usefixtures("transactional_db")

BEFORE = [("scorepad", "0010_game_kind")]
CACHES = settings.CACHES.values()
CACHE_TABLES = [cache["LOCATION"] for cache in CACHES if cache["BACKEND"].endswith("DatabaseCache")]


def migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def test_migrate_alone_makes_the_cache_tables_a_first_start_needs(client: Client) -> None:
    migrate(BEFORE)
    with connection.cursor() as cursor:
        for name in CACHE_TABLES:
            cursor.execute(f"DROP TABLE {connection.ops.quote_name(name)}")
    assert not set(CACHE_TABLES) & set(connection.introspection.table_names())
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("scorepad"))
    assert set(CACHE_TABLES) <= set(connection.introspection.table_names())
    response = client.post(URL, form("Ann", "Bob", "Cat"))
    assert response.status_code == 303
