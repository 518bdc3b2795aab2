from django.test import Client
from django.utils.html import escape

from rules_engine import GAMES


def test_it_lists_every_game_with_its_player_counts(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    for game in GAMES.values():
        low, high = game.min_players, game.max_players
        players = f"{low} players" if low == high else f"{low}–{high} players"
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
