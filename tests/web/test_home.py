from datetime import timedelta

from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from rules_engine import GAMES
from scorepad.models import Game
from tests.conftest import start_game


def test_it_lists_every_game_with_its_player_counts(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    for game in GAMES.values():
        low, high = game.min_players, game.max_players
        players = f"{low} players" if low == high else f"{low} to {high} players"
        assert escape(game.title) in response.text
        assert players in response.text


def test_it_shows_each_option_with_its_label_and_help(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    for game in GAMES.values():
        for option in game.options:
            assert escape(option.label) in response.text
            assert escape(option.help) in response.text


def test_it_serves_htmx_itself_not_from_a_cdn(client: Client) -> None:
    response = client.get("/")

    assert '<script src="/static/django_htmx/htmx-2.min.js"' in response.text
    assert "unpkg" not in response.text


def test_it_refuses_a_post(client: Client) -> None:
    response = client.post("/")

    assert response.status_code == 405


def test_it_shows_the_game_in_progress_first_with_carry_on(client: Client) -> None:
    older = start_game(client, "Eve", "Fay", "Gus")
    current = start_game(client)
    Game.objects.filter(pk=older.pk).update(updated=timezone.now() - timedelta(hours=1))

    text = client.get("/").text

    carry_on = text.index("Carry on")
    assert (
        text.index("In progress: Oh Hell") < carry_on < text.index("Keep score at the card table")
    )
    assert f'<a class="button primary" href="/g/{current.key}/">Carry on</a>' in text
    assert "Ann, Bob, Cat, Dev, not started." in text


def test_a_finished_or_deleted_game_is_not_carried_on(client: Client) -> None:
    game = start_game(client)
    game.set_deleted(timezone.now())
    assert "Carry on" not in client.get("/").text
    assert "Carry on" not in Client().get("/").text


def test_the_game_in_progress_with_bids_entered_is_under_way_not_not_started(
    client: Client,
) -> None:
    game = start_game(client)
    for seat, value in [(1, 3), (2, 2)]:
        game.refresh_from_db()
        data = {"version": game.version, "kind": "bid", "seat": seat, "value": value}
        client.post(f"/g/{game.key}/enter/", data)

    text = client.get("/").text

    assert "Ann, Bob, Cat, Dev, first round under way." in text
    assert "not started" not in text
