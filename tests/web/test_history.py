"""history: every game this person may list, newest first, by game and by player."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules_engine import parse_record
from scorepad.models import Game, refresh_figures
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.web.browsers import started_here

URL = "/games/"

# Sinker, Ann deals: Bob's 2 fails with 3 tricks (Ann scores 8); both pass and split 4-4 (-10 each).
SINKER_ROUNDS = [
    {"calls": ["2", "pass"], "tricks": [5, 3]},
    {"calls": ["pass", "pass"], "tricks": [4, 4]},
]


def sinker(players: tuple[str, str] = ("Ann", "Bob"), rounds: Any = ()) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {},
        "players": list(players),
        "first_dealer": 0,
        "rounds": list(rounds),
    }


def start(data: dict[str, Any], day: int, owner: User | None = None) -> Game:
    """A game as the setup form stores it (with its figures), started on 2025-05-<day>."""
    game = Game.start(parse_record(data), owner=owner)
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 20, 0, tzinfo=UTC))
    # The figures carry the game\'s date: worked out again, as the rebuild would.
    game.refresh_from_db()
    refresh_figures(game)
    return game


def listed(html: str) -> list[str]:
    """The keys of the games listed, in order (by their sheet links in the headings)."""
    return re.findall(r'<h2><a href="/g/([^/]+)/sheet/">', html)


def three_games(client: Client) -> tuple[Game, Game, Game]:
    """Oh Hell two rounds in (1 May), Sinker two rounds in (2 May), Sinker for Cat (3 May)."""
    oh = start(oh_hell([ROUND_1, ROUND_2]), 1)
    sink = start(sinker(rounds=SINKER_ROUNDS), 2)
    cats = start(sinker(("Cat", "Dev")), 3)
    started_here(client, oh, sink, cats)
    return oh, sink, cats


def test_it_lists_this_browsers_games_newest_first(client: Client) -> None:
    oh, sink, cats = three_games(client)

    response = client.get(URL)

    assert response.status_code == 200
    assert listed(response.text) == [cats.key, sink.key, oh.key]
    assert (
        '<time datetime="2025-05-01T20:00:00+00:00" data-local="datetime">'
        "1 May 2025, 20:00 UTC</time>"
    ) in response.text


def test_each_game_shows_its_players_totals_and_links(client: Client) -> None:
    oh, _, _ = three_games(client)

    response = client.get(URL)

    text = re.sub(r"\s+", " ", response.text)
    for name, total in zip(("Ann", "Bob", "Cat", "Dev"), (25, 15, 25, 4), strict=True):
        assert (
            f'<a href="/players/{name.lower()}/">{name}</a></th><td class="num">{total}</td>'
            in text
        )
    assert "In progress, 2 rounds played" in text
    assert f'href="/g/{oh.key}/sheet/"' in text
    assert f'href="/g/{oh.key}/"' in text


def test_a_game_with_bids_but_no_round_finished_is_under_way_not_unstarted(
    client: Client,
) -> None:
    begun = start(oh_hell(), 1)
    Game.objects.filter(pk=begun.pk).update(pending=[{"kind": "bid", "seat": 1, "value": 3}])
    fresh = start(sinker(("Eve", "Fay")), 2)
    started_here(client, begun, fresh)

    # The whole list, and a player's (read through their figures).
    for url in (URL, f"{URL}?player=eve", f"{URL}?player=ann"):
        text = client.get(url).text
        assert ("First round under way" in text) is (url != f"{URL}?player=eve"), url
        assert ("Not started" in text) is (url != f"{URL}?player=ann"), url


def test_a_finished_game_names_its_winner(client: Client, finished_game: Game) -> None:
    # The fixture's game was stored without figures: worked out as the rebuild would.
    refresh_figures(finished_game)
    started_here(client, finished_game)

    response = client.get(URL)

    assert "Won by Cat" in response.text
    assert '<td class="num">100</td>' in response.text


def test_it_lists_the_signed_in_owners_games_from_any_browser(
    client: Client, django_user_model: Any
) -> None:
    ann = django_user_model.objects.create_user("ann", password="a long password 1")
    mine = start(sinker(), 1, owner=ann)
    client.force_login(ann)

    response = client.get(URL)

    assert listed(response.text) == [mine.key]


def test_it_never_lists_other_peoples_games(client: Client, django_user_model: Any) -> None:
    bob = django_user_model.objects.create_user("bob", password="a long password 1")
    start(sinker(), 1, owner=bob)  # Bob's, from his account
    start(oh_hell(), 2)  # another browser's
    here = start(sinker(("Cat", "Dev")), 3)
    started_here(client, here)

    response = client.get(URL)

    assert listed(response.text) == [here.key]
    assert "Ann" not in response.text


def test_it_filters_by_game(client: Client) -> None:
    _, sink, cats = three_games(client)

    response = client.get(URL, {"game": "sinker"})

    assert response.status_code == 200
    assert listed(response.text) == [cats.key, sink.key]
    assert '<option value="sinker" selected>Sinker</option>' in response.text


def test_it_filters_by_player_whatever_the_case(client: Client) -> None:
    oh, sink, _ = three_games(client)

    response = client.get(URL, {"player": "ANN"})

    assert response.status_code == 200
    assert listed(response.text) == [sink.key, oh.key]


def test_it_filters_by_game_and_player_together(client: Client) -> None:
    oh, _, _ = three_games(client)

    assert listed(client.get(URL, {"game": "oh-hell", "player": "cat"}).text) == [oh.key]
    none = client.get(URL, {"game": "brink-bid", "player": "ann"})
    assert none.status_code == 200
    assert listed(none.text) == []
    assert "No games match." in none.text


def test_an_unknown_game_is_refused_with_a_reason(client: Client) -> None:
    three_games(client)

    response = client.get(URL, {"game": "snap"})

    assert response.status_code == 400
    assert listed(response.text) == []
    assert "Scorepad keeps no game called snap." in response.text


def test_an_unknown_player_is_refused_with_a_reason(client: Client) -> None:
    three_games(client)
    start(sinker(("Zoe", "Yan")), 4)  # someone else's game: Zoe is no player of ours

    response = client.get(URL, {"player": "zoe"})

    assert response.status_code == 400
    assert listed(response.text) == []
    assert "None of your games has a player called zoe." in response.text


def test_a_crafted_filter_is_escaped_and_never_an_error(client: Client) -> None:
    response = client.get(URL, {"game": "<script>", "player": ["a", "b"], "x": "1"})

    assert response.status_code == 400
    assert "<script>" not in response.text
    assert "&lt;script&gt;" in response.text


def test_htmx_gets_only_the_list(htmx_client: Client) -> None:
    _, sink, cats = three_games(htmx_client)

    response = htmx_client.get(URL, {"game": "sinker"})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="games"')
    assert "<html" not in response.text
    assert listed(response.text) == [cats.key, sink.key]
    assert "HX-Request" in response["Vary"]


def test_htmx_restoring_history_gets_the_whole_page(client: Client) -> None:
    three_games(client)

    response = client.get(URL, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})

    assert "<html" in response.text


def test_the_filter_form_works_without_javascript(client: Client) -> None:
    response = client.get(URL)

    assert '<form class="filters" method="get" action="/games/"' in response.text
    assert 'hx-get="/games/" hx-target="#games"' in response.text
    assert 'hx-push-url="true"' in response.text


def test_with_no_games_it_says_how_to_start_one(client: Client) -> None:
    start(sinker(), 1)  # another browser's

    response = client.get(URL)

    assert listed(response.text) == []
    assert "No games yet." in response.text


def test_it_is_linked_from_every_page_header_and_the_home_page(client: Client) -> None:
    three_games(client)

    response = client.get("/")

    assert '<nav class="site-nav" aria-label="Scorepad"><a href="/games/">' in response.text
    assert response.text.count('href="/games/"') == 2


def test_it_refuses_a_post(client: Client) -> None:
    assert client.post(URL).status_code == 405


def many_sinker_games(client: Client, count: int, owner: User | None = None) -> list[Game]:
    """``count`` Sinker games, one a minute from 08:00 on 1 May, oldest first (stored in one go)."""
    games = Game.objects.bulk_create(
        Game(kind="sinker", record=sinker(), owner=owner) for _ in range(count)
    )
    for minute, game in enumerate(games):
        game.created = datetime(2025, 5, 1, 8, tzinfo=UTC) + timedelta(minutes=minute)
    Game.objects.bulk_update(games, ["created"])
    for game in games:
        refresh_figures(game)
    started_here(client, *games)
    return games


def test_it_shows_25_games_a_page_with_a_link_to_the_older_ones(client: Client) -> None:
    games = many_sinker_games(client, 30)

    response = client.get(URL)

    assert listed(response.text) == [game.key for game in games[::-1][:25]]
    assert "Games 1–25 of 30, newest first." in response.text
    assert 'rel="next" href="?page=2"' in response.text
    assert 'rel="prev"' not in response.text


def test_the_next_page_lists_the_older_games_and_links_back(client: Client) -> None:
    games = many_sinker_games(client, 30)

    response = client.get(URL, {"page": 2})

    assert listed(response.text) == [game.key for game in games[::-1][25:]]
    assert "Games 26–30 of 30, newest first." in response.text
    assert 'rel="prev" href="?page=1"' in response.text
    assert 'rel="next"' not in response.text


def test_the_page_links_keep_the_filters(client: Client) -> None:
    many_sinker_games(client, 30)

    response = client.get(URL, {"game": "sinker", "player": "ann"})

    assert 'rel="next" href="?game=sinker&amp;player=ann&amp;page=2"' in response.text
    assert 'hx-get="?game=sinker&amp;player=ann&amp;page=2"' in response.text


def test_htmx_gets_only_the_list_of_the_page(htmx_client: Client) -> None:
    games = many_sinker_games(htmx_client, 30)

    response = htmx_client.get(URL, {"page": 2})

    assert response.text.lstrip().startswith('<section id="games"')
    assert listed(response.text) == [game.key for game in games[::-1][25:]]


def test_a_page_past_the_end_shows_the_last_one(client: Client) -> None:
    games = many_sinker_games(client, 30)

    response = client.get(URL, {"page": 9})

    assert response.status_code == 200
    assert listed(response.text) == [game.key for game in games[::-1][25:]]


def test_a_page_that_is_no_number_is_refused_with_a_reason(client: Client) -> None:
    many_sinker_games(client, 30)

    response = client.get(URL, {"page": "last"})

    assert response.status_code == 400
    assert "A page is a number: 1 for the newest games." in response.text
    assert listed(response.text) == []


def test_a_list_never_loads_a_games_record(client: Client) -> None:
    three_games(client)

    with CaptureQueriesContext(connection) as queries:
        client.get(URL)

    game_table = Game._meta.db_table
    read = [query["sql"] for query in queries if f'FROM "{game_table}"' in query["sql"]]
    assert read and not [sql for sql in read if '"record"' in sql]


def test_no_game_is_out_of_reach_past_the_hundredth(client: Client) -> None:
    games = many_sinker_games(client, 130)

    response = client.get(URL, {"page": 6})

    assert "Games 126–130 of 130, newest first." in response.text
    assert listed(response.text) == [game.key for game in games[::-1][125:]]


def test_times_are_written_in_utc_for_the_browser_to_show_in_its_own_zone(
    client: Client, settings: Any
) -> None:
    settings.TIME_ZONE = "Europe/Amsterdam"
    many_sinker_games(client, 1)

    response = client.get(URL)

    # 08:00 UTC is 10:00 in Amsterdam: the text says which zone it is in.
    assert (
        '<time datetime="2025-05-01T08:00:00+00:00" data-local="datetime">'
        "1 May 2025, 08:00 UTC</time>"
    ) in response.text
    assert '<script src="/static/js/local-time.js" defer></script>' in response.text


def test_a_name_that_needs_escaping_is_escaped_once_in_its_row_and_link(client: Client) -> None:
    started_here(client, start(sinker(players=("Ann & <b>Al</b>", "Bob")), 1))

    response = client.get(URL)

    assert "<b>Al</b>" not in response.text and "&amp;amp;" not in response.text
    link = '<a href="/players/ann%20&amp;%20%3Cb%3Eal%3C/b%3E/">Ann &amp; &lt;b&gt;Al&lt;/b&gt;</a>'
    assert link in response.text


def test_a_game_with_sealed_bids_in_play_lists_none_of_them(client: Client) -> None:
    record = {
        "format": "scorepad/1",
        "game": "skull-king",
        "options": {"hands": [9]},  # sealed, as ruled
        "players": ["Ann", "Bob", "Cat"],
        "first_dealer": 0,
        "rounds": [],
    }
    game = start(record, 4)
    started_here(client, game)
    for seat, bid in ((0, 7), (1, 8)):
        game.refresh_from_db()
        data = {"version": game.version, "kind": "bid", "seat": seat, "value": bid}
        assert client.post(f"/g/{game.key}/enter/", data).status_code == 303
    page = client.get("/games/").text
    assert listed(page) == [game.key]
    assert "✓" not in page and "bid of" not in page and "add up to" not in page
