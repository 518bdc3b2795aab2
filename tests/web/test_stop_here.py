"""stop_here: the table stops any game after a complete round (RULINGS, "Stopping"):
who wins is shown first, and Undo takes the stop back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from scorepad.models import Figures, Game
from tests.conftest import bid
from tests.web.changes import address, after_two_rounds, post, redo, undo

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def test_the_page_shows_who_wins_if_the_table_stops_here(client: Client) -> None:
    game = after_two_rounds()

    page = client.get(address(game, "stop")).text

    assert "Stopped after round 2, the game ends so:" in page
    # Ann and Cat share the lead on 25; Bob 15; Dev 4.
    assert '<span class="names">Ann and Cat</span><span class="points">25</span>' in page
    assert '<li class="place-3"><span class="place">3</span><span class="names">Bob</span>' in page
    assert ">Stop the game here</button>" in page


def test_stopping_ends_the_game_with_the_winners_and_undo_goes_on(client: Client) -> None:
    game = after_two_rounds()

    response = post(client, game, "stop")

    assert response.status_code == 303
    assert game.record["stopped"] is True
    table = client.get(f"/g/{game.key}/").text
    assert "Oh Hell: Stopped after round 2</h1>" in table
    assert "Ann and Cat win" in table or "Ann and Cat" in table
    assert "Undo the stop</button>" in table
    assert set(Figures.objects.filter(game=game, won=True).values_list("name", flat=True)) == {
        "Ann",
        "Cat",
    }

    undo(client, game)

    assert "stopped" not in game.record
    assert "Round 3 of 19" in client.get(f"/g/{game.key}/").text
    assert not Figures.objects.filter(game=game, won=True).exists()
    redo(client, game)
    assert game.record["stopped"] is True


def test_with_htmx_the_stop_answers_with_the_table(htmx_client: Client) -> None:
    game = after_two_rounds()

    response = post(htmx_client, game, "stop")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "Stopped after round 2" in response.text


def test_a_player_who_left_is_not_ranked_when_the_table_stops(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="0")
    for kind, seat, value in (
        ("bid", 3, 1),
        ("bid", 1, 2),
        ("bid", 2, 2),
        ("tricks", 3, 1),
        ("tricks", 1, 2),
    ):
        assert post(client, game, "enter", kind=kind, seat=seat, value=value).status_code == 303

    page = client.get(address(game, "stop")).text
    post(client, game, "stop")

    # Round 3 without Ann: Bob 2 of 2 +12 (27), Cat 5 of 2 +5 (30), Dev 1 of 1 +11 (15).
    assert "Ann left before the end, on 25: not ranked." in page
    first = '<span class="place">1</span><span class="names">Cat</span><span class="points">30'
    assert first in page
    # The table's podium says why Ann is not on it.
    table = client.get(f"/g/{game.key}/").text
    assert '<p class="muted left-early">Ann left after round 2: 25, not ranked</p>' in table
    ann = Figures.objects.get(game=game, name="Ann")
    assert (ann.ranked, ann.won, ann.finished, ann.total) == (False, False, True, 25)
    assert list(Figures.objects.filter(game=game, ranked=True).values_list("name", "placing")) == [
        ("Bob", 2),
        ("Cat", 1),
        ("Dev", 3),
    ]


def test_no_stop_inside_a_round(client: Client, stored: Stored) -> None:
    game = after_two_rounds(pending=[bid(2, 1)])
    Game.objects.filter(pk=game.pk).update(version=7)
    before = stored(game)

    page = client.get(address(game, "stop")).text
    response = post(client, game, "stop")

    assert "The table stops after a complete round" in page
    assert response.status_code == 400
    assert stored(game) == before


def test_no_stop_before_the_first_round(client: Client, new_game: Game, stored: Stored) -> None:
    before = stored(new_game)

    response = post(client, new_game, "stop")

    assert response.status_code == 400
    assert stored(new_game) == before


def test_a_form_from_an_older_screen_changes_nothing(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = client.post(address(game, "stop"), {"version": 2})

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(game) == before


def test_every_game_may_stop_sinker_too(client: Client) -> None:
    record = {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {},
        "players": ["Ann", "Bob"],
        "first_dealer": 0,
        "rounds": [{"calls": ["pass", "pass"], "tricks": [5, 3]}],
    }
    game = Game.objects.create(kind="sinker", record=record, version=3)

    response = post(client, game, "stop")

    assert response.status_code == 303
    assert game.record["stopped"] is True
