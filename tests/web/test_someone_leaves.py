"""someone_leaves: a player leaves the table between two rounds; their total stands
(RULINGS, "Players come and go")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from scorepad.models import Game
from tests.web.changes import address, after_two_rounds, post, redo, undo
from tests.web.seats import cells

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def test_the_page_lists_the_players_at_the_table_each_one_tap(client: Client) -> None:
    game = after_two_rounds()

    page = client.get(address(game, "leaves")).text

    totals = {"Ann": 25, "Bob": 15, "Cat": 25, "Dev": 4}
    for seat, (name, total) in enumerate(totals.items()):
        assert f'<button name="seat" value="{seat}">{name} leaves, on {total}</button>' in page


def test_a_player_leaves_and_the_table_shows_them_apart_with_their_total(client: Client) -> None:
    game = after_two_rounds()

    response = post(client, game, "leaves", seat="2")

    assert response.status_code == 303
    assert game.pending == [{"kind": "leave", "seat": 2, "value": None}]
    table = client.get(f"/g/{game.key}/").text
    assert "<li>Cat leaves, on 25</li>" in table
    # Cat still shares the lead on 25 (a tie: no star), and is shown apart.
    # Cat's name and note take the bid's and tricks' columns too: one line a row.
    assert (
        '<tr class="leader apart"><th scope="row" colspan="3">Cat <small class="apart-note">'
        in table
    )
    assert 'Cat <small class="apart-note">not at the table' in table
    assert cells(table, "Cat") == ["", "", "25 (+13)"]  # round 2, Cat played it
    # Cat was to deal round 3: Dev, the next at the table, deals it and Ann bids first.
    assert "<dt>Deals</dt><dd>Dev</dd>" in table
    assert '<h2 class="prompt">Ann bids</h2>' in table
    assert "Undo Cat leaves</button>" in table
    assert "css/changes.css" in table


def test_with_htmx_a_leave_answers_with_the_table(htmx_client: Client) -> None:
    game = after_two_rounds()

    response = post(htmx_client, game, "leaves", seat="0")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<li>Ann leaves, on 25</li>" in response.text


def test_a_player_who_has_just_joined_leaves_on_their_starting_total(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "change", name="Eva", place="4", start="number", start_number="-20")

    page = client.get(address(game, "leaves")).text

    assert '<button name="seat" value="4">Eva leaves, on -20</button>' in page
    # The next joiner is offered the lowest at the table, Eva counted on her -20.
    assert "Join on the lowest at the table: -20" in client.get(address(game, "change")).text
    post(client, game, "leaves", seat="4")
    assert "<li>Eva leaves, on -20</li>" in client.get(f"/g/{game.key}/").text


def test_the_round_is_played_without_the_player_who_left(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="1")
    # Round 3, 8 cards, Cat deals: Dev, Ann, Cat bid (the hook: not 4 in all); tricks.
    for kind, seat, value in (
        ("bid", 3, 1),
        ("bid", 0, 2),
        ("bid", 2, 2),
        ("tricks", 3, 1),
        ("tricks", 0, 3),
    ):
        assert post(client, game, "enter", kind=kind, seat=seat, value=value).status_code == 303

    rnd = game.record["rounds"][2]
    assert rnd["seated"] == [0, 2, 3]
    assert rnd["bids"] == [2, None, 2, 1] and rnd["tricks"] == [3, None, 4, 1]
    assert rnd["plan"][:2] == [8, 7]
    # Ann 3 of 2: +3; Cat 4 of 2: +4; Dev 1 of 1: +11; Bob's 15 stands.
    table = client.get(f"/g/{game.key}/").text
    assert cells(table, "Bob") == ["", "", "15"]
    assert cells(table, "Dev")[2] == "15 (+11)"


def test_too_few_left_at_the_table_is_refused_in_the_players_words(
    client: Client, stored: Stored
) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="3")
    before = stored(game)

    response = post(client, game, "leaves", seat="2")

    assert response.status_code == 400
    assert "Only 2 players would be at the table: Oh Hell needs at least 3" in response.text
    assert stored(game) == before


def test_a_player_not_at_the_table_cannot_leave_it(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="3")
    before = stored(game)

    response = post(client, game, "leaves", seat="3")

    assert response.status_code == 400
    assert "Dev is not at the table" in response.text
    assert stored(game) == before


def test_crafted_seats_are_refused_plainly(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)
    for seat in ("", "x", "-1", "9", "٣", "1" * 50):
        response = client.post(address(game, "leaves"), {"version": 7, "seat": seat})
        assert response.status_code == 400, seat
    assert stored(game) == before


def test_a_form_from_an_older_screen_changes_nothing(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = client.post(address(game, "leaves"), {"version": 3, "seat": "1"})

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(game) == before


def test_undo_takes_the_leave_back_and_redo_puts_it_back(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="1")

    undo(client, game)
    assert game.pending == []
    assert "Redo Bob leaves</button>" in client.get(f"/g/{game.key}/").text

    redo(client, game)
    assert game.pending == [{"kind": "leave", "seat": 1, "value": None}]


def test_the_finished_game_offers_no_leaving(client: Client, finished_game: Game) -> None:
    page = client.get(address(finished_game, "leaves")).text

    assert "The game is over" in page or "game is over" in page.lower()
    assert 'name="seat"' not in page
