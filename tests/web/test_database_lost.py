"""A tap whose database connection is lost: 503, try again, and nothing half-saved
(scorepad/middleware.DatabaseOutOfReach, issue 36)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client

from scorepad.models import Game
from tests.conftest import bid
from tests.web.test_enter import entry


def lost(*args: Any, **kwargs: Any) -> bool:
    raise OperationalError("server closed the connection unexpectedly")


def test_a_tap_that_lost_its_database_answers_503_and_is_taken_when_sent_again(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = entry(new_game, "bid", 1, 3)
    real = Game.save_table
    monkeypatch.setattr(Game, "save_table", lost)

    refused = client.post(f"/g/{new_game.key}/enter/", tap, headers={"HX-Request": "true"})

    assert refused.status_code == 503
    assert refused["Retry-After"] == "5"
    assert refused.text.startswith("The server could not reach its database for a moment")
    new_game.refresh_from_db()
    assert new_game.pending == []
    monkeypatch.setattr(Game, "save_table", real)
    again = client.post(f"/g/{new_game.key}/enter/", tap)
    assert again.status_code == 303
    new_game.refresh_from_db()
    assert new_game.pending == [bid(1, 3)]


def test_the_lost_database_is_logged_once_with_its_traceback(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    monkeypatch.setattr(Game, "save_table", lost)

    client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3))

    errors = [record for record in caplog.records if record.levelname == "ERROR"]
    assert len(errors) == 1
    assert (
        errors[0].getMessage() == f"Database out of reach (answered 503): /g/{new_game.key}/enter/"
    )
    assert errors[0].exc_info is not None


def test_any_other_error_is_still_a_500(new_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> bool:
        raise ValueError("a bug")

    monkeypatch.setattr(Game, "save_table", broken)
    client = Client(raise_request_exception=False)

    assert client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3)).status_code == 500


@pytest.mark.django_db(transaction=True)
def test_a_postgresql_connection_killed_mid_tap_answers_503_and_the_next_tap_goes_in(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only: its server ends the connection")
    from rules_engine import new_record

    game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))
    real = Game.save_table

    def killed(self: Game, *args: Any, **kwargs: Any) -> bool:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Game, "save_table", killed)
    refused = client.post(f"/g/{game.key}/enter/", entry(game, "bid", 1, 3))
    monkeypatch.setattr(Game, "save_table", real)

    assert refused.status_code == 503
    # At a request's end Django closes a connection that is no longer usable, which
    # the test client leaves to the test.
    connection.close_if_unusable_or_obsolete()
    again = client.post(f"/g/{game.key}/enter/", entry(game, "bid", 1, 3))
    assert again.status_code == 303
    game.refresh_from_db()
    assert game.pending == [bid(1, 3)]
