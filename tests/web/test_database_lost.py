"""A tap whose database connection is lost: 503, try again, and nothing half-saved
(scorepad/guards/middleware.DatabaseOutOfReach, issue 36)."""

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


def dropped_first(monkeypatch: pytest.MonkeyPatch, times: int) -> list[str]:
    """The keeper's table finds its database connection dropped the first ``times`` it
    asks; each time it asks is noted."""
    from scorepad.guards import access
    from scorepad.views import table as table_views

    real = access.keeper_game
    asked: list[str] = []

    def flaky(request: Any, key: str) -> Game:
        asked.append(key)
        if len(asked) <= times:
            raise OperationalError("server closed the connection unexpectedly")
        return real(request, key)

    monkeypatch.setattr(table_views, "keeper_game", flaky)
    return asked


@pytest.mark.django_db(transaction=True)
def test_a_page_whose_connection_was_dropped_is_read_again_once_on_a_new_one(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))
    asked = dropped_first(monkeypatch, times=1)

    response = client.get(f"/g/{game.key}/")

    assert response.status_code == 200
    assert "Bob bids" in response.text
    assert len(asked) == 2
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


@pytest.mark.django_db(transaction=True)
def test_a_page_whose_database_fails_twice_answers_503_in_words(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))
    asked = dropped_first(monkeypatch, times=2)

    response = client.get(f"/g/{game.key}/")

    assert response.status_code == 503
    assert response.text == (
        "The server could not reach its database for a moment. Try again in a few seconds."
    )
    assert len(asked) == 2  # tried once again, not more


@pytest.mark.django_db(transaction=True)
def test_a_tap_is_not_run_again_by_the_server(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))
    tried: list[int] = []

    def lost_counted(*args: Any, **kwargs: Any) -> bool:
        tried.append(1)
        return lost()

    monkeypatch.setattr(Game, "save_table", lost_counted)

    response = client.post(f"/g/{game.key}/enter/", entry(game, "bid", 1, 3))

    assert response.status_code == 503
    assert tried == [1]  # the phone sends it again (static/js/keep.js), not the server


def test_postgresql_gives_up_connecting_within_seconds() -> None:
    from scorepad.settings import postgres_database

    assert postgres_database("postgres://ann@db.example.com/scores")["OPTIONS"] == {
        "connect_timeout": "5"
    }
    given = postgres_database("postgres://ann@db.example.com/scores?connect_timeout=2")
    assert given["OPTIONS"] == {"connect_timeout": "2"}
