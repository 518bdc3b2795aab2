"""The migrations that give the games already stored a Join link each (0007 to 0009:
Django's "migrations that add unique fields")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.usefixtures("transactional_db")

BEFORE = [("scorepad", "0006_game_rules_name")]
AFTER = [("scorepad", "0009_join_key_unique")]


def migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def test_every_game_stored_before_gets_a_join_link_of_its_own() -> None:
    old = migrate(BEFORE).loader.project_state(BEFORE).apps
    Game = old.get_model("scorepad", "Game")
    record = {"format": "scorepad/1", "game": "oh-hell", "options": {}, "players": ["A", "B"]}
    for number in range(3):
        Game.objects.create(
            key=f"k{number}", viewer_key=f"v{number}", game="oh-hell", record=record
        )
    try:
        new = migrate(AFTER).loader.project_state(AFTER).apps
        keys = list(new.get_model("scorepad", "Game").objects.values_list("join_key", flat=True))
        assert len(keys) == 3 and len(set(keys)) == 3
        assert all(len(key) >= 22 for key in keys)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("scorepad"))
