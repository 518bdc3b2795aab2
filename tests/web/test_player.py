"""player: one name's games, wins, bids made, average round and charts, across visible games."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from django.test import Client

from rules_engine import parse_record
from scorepad.access import SESSION_GAMES
from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, oh_hell


def start(data: dict[str, Any], day: int) -> Game:
    game = Game.start(parse_record(data))
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 20, 0, tzinfo=UTC))
    return game


def started_here(client: Client, *games: Game) -> None:
    session = client.session
    session[SESSION_GAMES] = [game.key for game in games]
    session.save()


def short_up() -> dict[str, Any]:
    """Short-up Oh Hell for Ann, Bob, Cat, all bidding 0: finals 64, 91, 100 (Cat wins)."""
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 1, 0]}]
    rounds += [{"bids": [0, 0, 0], "tricks": [cards, 0, 0]} for cards in range(2, 11)]
    return oh_hell(rounds, ("Ann", "Bob", "Cat"), {"style": "short-up"})


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def two_games(client: Client) -> tuple[Game, Game]:
    long_game = start(oh_hell([ROUND_1, ROUND_2]), 1)
    short_game = start(short_up(), 2)
    started_here(client, long_game, short_game)
    return long_game, short_game


def test_it_shows_a_players_figures_worked_out_from_the_sheets(client: Client) -> None:
    _, short_game = two_games(client)

    response = client.get("/players/cat/")

    assert response.status_code == 200
    text = text_of(response.text)
    assert "Across the games you can see: 2 games, 1 won." in text
    assert "Oh Hell 2 1 1" in text  # played, finished, won
    # Cat made 2 of 2 in the long game and 10 of 10 in the short one; 125 points in 12 rounds.
    assert "Bids made exactly 12 of 12 (100%)" in text
    assert "Average round score 10.4 over 12 rounds" in text
    assert f'<a href="/g/{short_game.key}/sheet/">100 at Oh Hell, 2 May 2025</a>' in response.text


def test_the_best_and_worst_games_are_the_finished_ones_by_final_total(client: Client) -> None:
    long_game, short_game = two_games(client)
    worse = short_up()
    worse["rounds"][0] = {"bids": [0, 0, 0], "tricks": [1, 0, 0]}  # Ann ends on 55
    worse_game = start(worse, 3)
    started_here(client, long_game, short_game, worse_game)

    response = client.get("/players/ann/")

    text = text_of(response.text)
    assert "Best game 64 at Oh Hell, 2 May 2025" in text
    assert "Worst game 55 at Oh Hell, 3 May 2025" in text
    assert f'href="/g/{worse_game.key}/sheet/">55 at' in response.text
    # 3 of 12, then 0 of 10 in the worse game (Ann took round 1's trick): 3 of 22.
    assert "Bids made exactly 3 of 22 (14%)" in text


def test_the_name_in_the_address_is_matched_whatever_its_case(client: Client) -> None:
    two_games(client)

    response = client.get("/players/DEV/")

    assert response.status_code == 200
    assert "<h1>Dev</h1>" in response.text
    assert "Bids made exactly 0 of 2 (0%)" in text_of(response.text)


def test_it_charts_the_players_running_total_in_their_latest_games(client: Client) -> None:
    two_games(client)

    response = client.get("/players/ann/")

    assert 'role="img" aria-labelledby="player-chart-title player-chart-desc"' in response.text
    assert "Ann&#x27;s running total in their latest games" in response.text
    assert "Oh Hell, 2 May: 10, 12, 15, 19, 24, 30, 37, 45, 54, 64 (ends on 64)" in response.text
    assert "Oh Hell, 1 May: 13, 25 (ends on 25)" in response.text


def test_two_games_on_the_same_day_are_told_apart_by_their_time(client: Client) -> None:
    early, late = start(oh_hell([ROUND_1]), 1), start(oh_hell([ROUND_1, ROUND_2]), 1)
    Game.objects.filter(pk=early.pk).update(created=datetime(2025, 5, 1, 9, 5, tzinfo=UTC))
    started_here(client, early, late)

    response = client.get("/players/ann/")

    assert "Oh Hell, 1 May, 20:00: 13, 25" in response.text
    assert "Oh Hell, 1 May, 09:05: 13 (ends on 13)" in response.text


def test_it_is_404_for_a_name_in_none_of_the_games(client: Client) -> None:
    two_games(client)

    assert client.get("/players/zoe/").status_code == 404


def test_it_is_404_for_a_player_only_in_other_peoples_games(client: Client) -> None:
    start(oh_hell([ROUND_1]), 1)  # Ann's game, from another browser

    assert client.get("/players/ann/").status_code == 404


def test_games_of_other_people_are_not_counted(client: Client) -> None:
    long_game, _ = two_games(client)
    start(short_up(), 4)  # another browser's game with the same names
    started_here(client, long_game)

    response = client.get("/players/cat/")

    assert "Across the games you can see: 1 game, 0 won." in text_of(response.text)


def test_a_name_that_needs_escaping_is_escaped(client: Client) -> None:
    game = start(oh_hell([ROUND_1], players=("<b>Al</b>", "Bob", "Cat", "Dev")), 1)
    started_here(client, game)

    response = client.get("/players/<b>al<%2Fb>/")

    assert response.status_code == 200
    assert "<b>Al</b>" not in response.text
    assert "<h1>&lt;b&gt;Al&lt;/b&gt;</h1>" in response.text


def test_it_links_to_the_history_filtered_by_the_player(client: Client) -> None:
    two_games(client)

    response = client.get("/players/ann/")

    assert 'href="/games/?player=ann"' in response.text


def test_it_refuses_a_post(client: Client) -> None:
    two_games(client)

    assert client.post("/players/ann/").status_code == 405
