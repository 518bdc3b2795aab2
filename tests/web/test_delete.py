"""Deleting a game: asked first, gone from history and statistics, undoable, purged later."""

from __future__ import annotations

import random
from datetime import timedelta
from io import StringIO

from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from bench.games import before_last_tap, first_tap
from rules_engine import play, table
from scorepad.models import Figures, Game
from tests.conftest import start_game


def test_it_asks_before_deleting(client: Client) -> None:
    game = start_game(client)

    response = client.get(f"/g/{game.key}/delete/?next=/games/")

    assert response.status_code == 200
    assert "Delete this game?" in response.text
    assert "Oh Hell: Ann, Bob, Cat, Dev, started" in response.text
    assert f'action="/g/{game.key}/delete/"' in response.text
    assert 'href="/games/">Keep it</a>' in response.text
    assert Game.objects.get(pk=game.pk).deleted is None


def test_the_sheet_and_the_history_link_to_the_question(client: Client) -> None:
    game = start_game(client)

    assert f'href="/g/{game.key}/delete/?next=/g/{game.key}/sheet/"' in client.get(
        f"/g/{game.key}/sheet/"
    ).text.replace("%2F", "/")
    assert f'href="/g/{game.key}/delete/?next=/games/"' in client.get("/games/").text


def test_a_deleted_game_leaves_the_history_the_players_and_the_export(client: Client) -> None:
    game = start_game(client)
    kept = start_game(client, "Eve", "Fay", "Gus")

    response = client.post(f"/g/{game.key}/delete/")

    assert response.status_code == 303
    assert response["Location"] == f"/games/?deleted={game.key}"
    assert Game.objects.get(pk=game.pk).deleted is not None
    history = client.get("/games/").text
    assert f"/g/{game.key}/sheet/" not in history
    assert f"/g/{kept.key}/sheet/" in history
    assert client.get("/players/ann/").status_code == 404
    assert client.get("/players/eve/").status_code == 200
    assert game.key not in client.get("/").text
    assert '"Ann"' not in client.get("/games/export.json").text
    # The record and its figures are kept, for the undo.
    assert Figures.objects.filter(game=game).count() == 4


def test_undo_brings_it_back_from_the_history(client: Client) -> None:
    game = start_game(client)
    client.post(f"/g/{game.key}/delete/")
    history = client.get("/games/").text
    assert "Oh Hell deleted." in history
    assert f'action="/g/{game.key}/restore/"' in history

    response = client.post(f"/g/{game.key}/restore/", {"next": "/games/"})

    assert response.status_code == 303
    assert response["Location"] == "/games/"
    assert Game.objects.get(pk=game.pk).deleted is None
    assert f"/g/{game.key}/sheet/" in client.get("/games/").text
    assert client.get("/players/ann/").status_code == 200


def test_the_sheet_of_a_deleted_game_offers_the_undo(client: Client) -> None:
    game = start_game(client)
    client.post(f"/g/{game.key}/delete/")

    text = client.get(f"/g/{game.key}/sheet/").text

    assert "This game is deleted" in text
    assert f'action="/g/{game.key}/restore/"' in text


def test_another_browser_is_not_offered_the_undo(client: Client) -> None:
    game = start_game(client)
    client.post(f"/g/{game.key}/delete/")

    assert f"/g/{game.key}/restore/" not in Client().get("/games/").text


def test_undo_goes_nowhere_off_this_site(client: Client) -> None:
    game = start_game(client)
    client.post(f"/g/{game.key}/delete/")

    response = client.post(f"/g/{game.key}/restore/", {"next": "https://example.com/"})

    assert response["Location"] == f"/g/{game.key}/sheet/"


def test_an_unknown_game_cannot_be_deleted(client: Client) -> None:
    assert client.post("/g/not-a-game/delete/").status_code == 404


def test_purge_removes_only_games_deleted_longer_ago_than_asked(client: Client) -> None:
    old, recent, kept = start_game(client), start_game(client), start_game(client)
    now = timezone.now()
    Game.objects.filter(pk=old.pk).update(deleted=now - timedelta(days=31))
    Game.objects.filter(pk=recent.pk).update(deleted=now - timedelta(days=29))
    out = StringIO()

    call_command("purge_deleted", "--days", "30", stdout=out)

    assert set(Game.objects.values_list("pk", flat=True)) == {recent.pk, kept.pk}
    assert not Figures.objects.filter(game_id=old.pk).exists()
    assert "Purged 1 games" in out.getvalue()
    assert "1 deleted games can still be undone" in out.getvalue()


def test_a_round_ended_on_a_screen_read_before_the_delete_is_refused_and_the_figures_stay_deleted(
    client: Client,
) -> None:
    game = start_game(client)
    # A phone read the game, about to end its first round...
    tapping = Game.objects.get(pk=game.pk)
    record, _ = tapping.load()
    pending = before_last_tap(record)
    current = table(record, pending)
    ended = play(current, current.entry(first_tap(record, pending), random.Random(0)))
    assert len(ended.record.rounds) == 1
    # ...when another phone deleted it.
    client.post(f"/g/{game.key}/delete/")

    assert not tapping.save_table(ended)

    assert Game.objects.get(pk=game.pk).record["rounds"] == []
    assert set(Figures.objects.filter(game=game).values_list("deleted", flat=True)) == {True}
