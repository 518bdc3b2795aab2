"""player: one name's games, wins, bids made, average round and charts, across visible games."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules_engine import parse_record
from scorepad.models import Figures, Game, refresh_figures
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.web.browsers import started_here


def start(data: dict[str, Any], day: int) -> Game:
    game = Game.start(parse_record(data))
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 20, 0, tzinfo=UTC))
    # The figures carry the game\'s date: worked out again, as the rebuild would.
    game.refresh_from_db()
    refresh_figures(game)
    return game


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
    assert "Oh Hell Games 2 played, 1 finished, 1 won" in text
    # Cat made 2 of 2 in the long game and 10 of 10 in the short one; 125 points in 12 rounds.
    assert "Bids made exactly 12 of 12 (100%)" in text
    assert "Average round 10.4 points over 12 rounds" in text
    # Cat won the short game on 100, Bob next on 91.
    assert f'<a href="/g/{short_game.key}/sheet/">won by 9, 2 May 2025</a>' in response.text


def test_the_best_and_worst_games_are_the_finished_ones_by_placing_and_margin(
    client: Client,
) -> None:
    long_game, short_game = two_games(client)
    worse = short_up()
    worse["rounds"][0] = {"bids": [0, 0, 0], "tricks": [1, 0, 0]}  # Ann ends on 55
    worse_game = start(worse, 3)
    started_here(client, long_game, short_game, worse_game)

    response = client.get("/players/ann/")

    text = text_of(response.text)
    # Both third of three: 64 to Cat's 100, and 55 to Bob's and Cat's 100.
    assert "Best game 3rd of 3, 36 behind, 2 May 2025" in text
    assert "Worst game 3rd of 3, 45 behind, 3 May 2025" in text
    assert f'href="/g/{worse_game.key}/sheet/">3rd of 3, 45 behind' in response.text
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
    early.refresh_from_db()
    refresh_figures(early)
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


def test_it_lists_the_latest_10_games_and_counts_them_all(client: Client) -> None:
    games = [start(oh_hell([ROUND_1]), day) for day in range(1, 13)]
    started_here(client, *games)

    response = client.get("/players/ann/")

    text = text_of(response.text)
    assert "Across the games you can see: 12 games, 0 won." in text
    assert "The latest 10 games" in text
    assert "Oh Hell, 12 May 2025" in text and "Oh Hell, 3 May 2025" in text
    assert "Oh Hell, 2 May 2025" not in text
    assert "Bids made exactly 12 of 12 (100%)" in text


def owned(user: Any, data: dict[str, Any], day: int) -> Game:
    game = Game.start(parse_record(data), owner=user)
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 20, 0, tzinfo=UTC))
    game.refresh_from_db()
    refresh_figures(game)
    return game


def sinker(players: tuple[str, str], took: tuple[int, int]) -> dict[str, Any]:
    """One deal of Sinker: the second player calls 3 and takes ``took[1]`` tricks, so
    they win 7 to 0 with 3 or fewer, else the first player does."""
    return {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {"deals": 1},
        "players": list(players),
        "first_dealer": 0,
        "rounds": [{"calls": ["3", "pass"], "tricks": list(took)}],
    }


def test_head_to_head_counts_who_came_out_ahead_in_the_finished_games_both_played(
    client: Client, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("keeper")
    client.force_login(user)
    # Against Bob: Ann wins two Sinkers, loses one. Cat: one Sinker (not regular yet).
    owned(user, sinker(("Ann", "Bob"), (3, 5)), 1)
    owned(user, sinker(("Ann", "Bob"), (3, 5)), 2)
    owned(user, sinker(("Bob", "Ann"), (3, 5)), 3)  # Bob first: now Bob wins
    owned(user, sinker(("Cat", "Ann"), (6, 2)), 4)  # Ann (second) wins
    owned(user, sinker(("Ann", "Bob"), (6, 2)), 5)  # Bob wins
    # And a short-up Oh Hell with Bob and Cat: Cat 100, Bob 91, Ann 64.
    owned(user, short_up(), 6)

    response = client.get("/players/ann/")

    text = text_of(response.text)
    # Bob: 5 games together (4 Sinkers, 1 Oh Hell); Ann ahead in 2, behind in 3.
    assert "Against Games Ahead Behind Level Bob 5 2 3 0 Cat 2 1 1 0" in text


def test_it_shows_each_games_rating_and_charts_it_with_a_text_alternative(
    client: Client, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("keeper")
    client.force_login(user)
    owned(user, sinker(("Ann", "Bob"), (3, 5)), 1)
    last = owned(user, sinker(("Ann", "Bob"), (6, 2)), 2)
    rating = last.figures.get(seat=0).rating
    first = Game.objects.order_by("pk").first()
    assert first is not None
    after_first = first.figures.get(seat=0).rating

    response = client.get("/players/ann/")

    text = text_of(response.text)
    assert f"Rating {rating:.1f}" in text
    assert 'aria-labelledby="rating-chart-title rating-chart-desc"' in response.text
    assert f"Ratings after each of 2 games. Sinker: {after_first:.1f}, {rating:.1f}" in text
    assert ">Game</text>" in response.text


def test_a_browsers_games_have_no_rating_and_say_why(client: Client) -> None:
    two_games(client)

    text = text_of(client.get("/players/ann/").text)

    assert "Rating kept for the games of a signed-in player" in text
    assert "rating-chart" not in text


def test_sinker_says_contracts_made_and_brink_bid_stands_apart(client: Client) -> None:
    game = start(sinker(("Ann", "Bob"), (3, 5)), 1)
    started_here(client, game)

    text = text_of(client.get("/players/ann/").text)

    assert "Sinker Games 1 played, 1 finished, 1 won" in text
    assert "Contracts made none to make yet" in text  # Bob called, not Ann
    assert "Best game won by 7, 1 May 2025" in text
    assert "Bids made exactly" not in text


def test_bid_accuracy_is_shown_month_by_month(client: Client) -> None:
    two_games(client)

    text = text_of(client.get("/players/bob/").text)

    # May 2025: the long game (4 of 3, then 1 made) and the short one (over in round 1).
    assert (
        "Bids made exactly, month by month Month Made Over Under May 2025 10 of 12 (83%) 2 0"
        in text
    )


def test_a_months_short_name_is_written_small_in_dutch(client: Client) -> None:
    two_games(client)

    dutch = text_of(client.get("/players/bob/", headers={"accept-language": "nl"}).text)
    english = text_of(client.get("/players/bob/", headers={"accept-language": "en"}).text)

    assert "mei 2025 10 van 12 (83%)" in dutch
    assert "Mei 2025" not in dutch
    assert "May 2025 10 of 12 (83%)" in english


@pytest.mark.slow
def test_the_page_makes_as_many_queries_with_300_games_as_with_10(
    django_user_model: Any,
) -> None:
    from bench.history import make_history
    from scorepad.history.ratings import rerate_owner

    counts = []
    for size in (10, 300):
        user = django_user_model.objects.create_user(f"owner of {size}")
        make_history(user, size)
        rerate_owner(Figures, user.pk)
        client = Client()
        client.force_login(user)
        with CaptureQueriesContext(connection) as run:
            response = client.get("/players/ann/")
        assert response.status_code == 200
        assert "rating-chart" in response.text and "Head to head" in response.text
        counts.append(len(run))

    assert counts[0] == counts[1]


def test_signed_in_the_games_this_browser_keeps_count_too(
    client: Client, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("keeper")
    client.force_login(user)
    owned(user, sinker(("Ann", "Bob"), (3, 5)), 1)  # Ann wins
    # Kept by this browser, no owner (an older session's game, adopted since).
    started_here(client, start(sinker(("Bob", "Ann"), (3, 5)), 2))  # Bob wins

    text = text_of(client.get("/players/ann/").text)

    assert "Across the games you can see: 2 games, 1 won." in text
    assert "Against Games Ahead Behind Level Bob 2 1 1 0" in text


def test_the_rating_chart_draws_each_games_latest_ratings_oldest_first(
    django_user_model: Any,
) -> None:
    from scorepad.history.stats import player_stats

    user = django_user_model.objects.create_user("keeper")
    games = [owned(user, sinker(("Ann", "Bob"), (3, 5)), day) for day in (1, 2, 3)]
    by_day = []
    for game in games:
        rating = game.figures.get(seat=0).rating
        assert rating is not None  # a finished game of two is rated
        by_day.append(round(rating, 1))

    stats = player_stats("ann", Figures.objects.filter(owner=user), rated=2)

    assert stats is not None
    (sinker_stats,) = stats.by_game
    assert sinker_stats.ratings == tuple(by_day[1:])
    assert sinker_stats.rating == by_day[-1]
    assert by_day[0] < by_day[1] < by_day[2]  # three wins in a row


def test_of_equally_bad_games_the_worst_is_the_newest(client: Client) -> None:
    # Bob wins both 7 to 0: Ann is second of two, 7 behind, on 1 and 2 May.
    older, newer = (start(sinker(("Ann", "Bob"), (6, 2)), day) for day in (1, 2))
    best_first = start(sinker(("Ann", "Bob"), (3, 5)), 3)
    started_here(client, older, newer, best_first)

    text = text_of(client.get("/players/ann/").text)

    assert "Worst game 2nd of 2, 7 behind, 2 May 2025" in text


def spades(players: list[str], bids: list[int], tricks: list[int]) -> dict[str, Any]:
    """A game of Spades to 100 that one round ends."""
    return {
        "format": "scorepad/1",
        "game": "spades",
        "options": {"target": 100},
        "players": players,
        "first_dealer": 3,
        "rounds": [{"bids": bids, "tricks": tricks}],
    }


def test_it_shows_a_players_partners_and_their_partnerships_against_the_others(
    client: Client,
) -> None:
    # Ann & Cat beat Bob & Dev; then Ann & Bob beat Cat & Dev; then Ann & Bob lose to them.
    won = ([6, 1, 6, 1], [7, 0, 6, 0])
    lost = ([1, 6, 1, 6], [0, 7, 0, 6])
    games = [
        start(spades(["Ann", "Bob", "Cat", "Dev"], *won), 1),
        start(spades(["Ann", "Cat", "Bob", "Dev"], *won), 2),
        start(spades(["Ann", "Cat", "Bob", "Dev"], *lost), 3),
    ]
    started_here(client, *games)

    page = text_of(client.get("/players/ann/").text)

    assert "With Games Won Bob 2 1 Cat 1 1" in page
    assert "Level Cat &amp; Dev 2 1 1 0 Bob &amp; Dev 1 1 0 0" in page
    # Head to head sets Ann against her opponents only: Bob, her partner twice and her
    # opponent once, is no regular opponent; Cat counts the two games against Ann.
    assert "Against Games Ahead Behind Level Dev 3 2 1 0 Cat 2 1 1 0 Partners" in page
