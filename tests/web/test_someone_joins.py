"""someone_joins: the page between two rounds, where a new player joins at a place at
the table with a starting total (RULINGS, "Players come and go"), and the way there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from scorepad.models import Figures, Game
from tests.conftest import bid
from tests.web.changes import LOWEST_AFTER_2, address, after_two_rounds, post, redo, undo

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def test_the_table_between_two_rounds_leads_to_the_changes_in_one_tap(client: Client) -> None:
    game = after_two_rounds()

    page = client.get(f"/g/{game.key}/").text

    change = address(game, "change")
    assert f'<a class="button secondary" href="{change}" hx-get="{change}">' in page
    assert ">Players, plan, stop</a>" in page


def test_the_table_offers_no_change_before_the_first_round_or_inside_one(
    client: Client, new_game: Game, bidding_game: Game
) -> None:
    assert "Players, plan, stop" not in client.get(f"/g/{new_game.key}/").text
    assert "Players, plan, stop" not in client.get(f"/g/{bidding_game.key}/").text


def test_the_page_shows_the_join_form_and_the_other_changes(client: Client) -> None:
    game = after_two_rounds()

    response = client.get(address(game, "change"))

    assert response.status_code == 200
    page = response.text
    assert "<h1>Players, plan, stop</h1>" in page
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dev"], start=1):
        # "After Dev", the last at the table, is ticked: the seat after Dev's.
        checked = " checked" if name == "Dev" else ""
        assert f'<input type="radio" name="place" value="{seat}"{checked}> after {name}' in page
    assert "Join on the lowest at the table: 4</button>" in page
    for page_name, words in (("leaves", "Someone leaves"), ("plan", "Change the plan")):
        assert (
            f'href="{address(game, page_name)}" hx-get="{address(game, page_name)}">{words}' in page
        )
    assert f'href="{address(game, "stop")}"' in page


def test_with_htmx_the_page_is_drawn_in_the_tables_place(htmx_client: Client) -> None:
    game = after_two_rounds()

    response = htmx_client.get(address(game, "change"))

    assert response.text.lstrip().startswith('<section id="table" class="table change"')
    assert "<html" not in response.text


def test_a_new_player_joins_at_the_lowest_total_and_the_seats_after_move_along(
    client: Client,
) -> None:
    game = after_two_rounds()

    response = post(client, game, "change", name=" Eva ", place="2", start="lowest")

    assert response.status_code == 303
    assert response["Location"] == f"/g/{game.key}/"
    assert game.record["players"] == ["Ann", "Bob", "Eva", "Cat", "Dev"]
    assert game.pending == [
        {"kind": "join", "seat": 2, "value": {"name": "Eva", "start": LOWEST_AFTER_2}}
    ]
    # Every round so far keeps Eva's place empty.
    assert [rnd["bids"] for rnd in game.record["rounds"]] == [
        [3, 3, None, 2, 3],
        [2, 1, None, 3, 2],
    ]
    table = client.get(response["Location"]).text
    assert "<li>Eva joins, starting on 4</li>" in table
    assert "Undo Eva joins</button>" in table
    # Bob dealt round 2: Eva, the next at the table, deals round 3, and Cat bids first.
    assert "<dt>Deals</dt><dd>Eva</dd>" in table
    assert '<h2 class="prompt">Cat bids</h2>' in table


def test_with_htmx_a_join_answers_with_the_table(htmx_client: Client) -> None:
    game = after_two_rounds()

    response = post(htmx_client, game, "change", name="Eva", place="4", start="zero")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<li>Eva joins, starting on 0</li>" in response.text
    assert game.record["players"] == ["Ann", "Bob", "Cat", "Dev", "Eva"]


def test_a_starting_total_typed_is_the_one_given(client: Client) -> None:
    game = after_two_rounds()

    post(client, game, "change", name="Eva", place="4", start="number", start_number="-12")

    assert game.pending[0]["value"] == {"name": "Eva", "start": -12}


def test_a_number_typed_wins_over_the_zero_left_ticked(client: Client) -> None:
    game = after_two_rounds()

    # Enter pressed in the number box submits the first button, "Join on 0".
    post(client, game, "change", name="Eva", place="4", start="zero", start_number="7")

    assert game.pending[0]["value"] == {"name": "Eva", "start": 7}


def test_a_name_already_at_the_game_is_refused_in_the_players_words_and_kept(
    client: Client, stored: Stored
) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = post(client, game, "change", name="bob", place="1", start="zero")

    assert response.status_code == 400
    assert "Two players are called bob: give one another name" in response.text
    assert 'name="name" type="text" value="bob"' in response.text
    assert stored(game) == before


def test_a_starting_total_out_of_range_is_refused(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = post(
        client, game, "change", name="Eva", place="4", start="number", start_number="20000"
    )

    assert response.status_code == 400
    assert "A starting total is a whole number from -10000 to 10000, not 20000" in response.text
    assert stored(game) == before


def test_the_number_button_without_a_number_asks_for_one(client: Client) -> None:
    game = after_two_rounds()

    response = post(client, game, "change", name="Eva", place="4", start="number")

    assert response.status_code == 400
    assert "Type the starting total, or pick 0 or the lowest." in response.text


def test_a_form_from_an_older_screen_changes_nothing(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = client.post(
        address(game, "change"), {"version": 6, "name": "Eva", "place": "4", "start": "zero"}
    )

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(game) == before


def test_crafted_posts_are_refused_plainly(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)
    for data in (
        {"name": "Eva", "place": "x", "start": "zero"},
        {"name": "Eva", "place": "99", "start": "zero"},
        {"name": "Eva", "place": "4", "start": "everything"},
        {"name": "Eva", "place": "4", "start": "number", "start_number": "１２"},
        {"name": "", "place": "4"},
        {"name": "E" * 500, "place": "4"},
        {"name": "Eva\x00", "place": "4"},
        {"place": "4"},
    ):
        response = client.post(address(game, "change"), {"version": 7, **data})
        assert response.status_code == 400, data
        assert stored(game) == before


def test_no_one_joins_once_the_round_has_begun(client: Client, stored: Stored) -> None:
    game = after_two_rounds(pending=[bid(2, 1)])
    Game.objects.filter(pk=game.pk).update(version=7)
    before = stored(game)

    page = client.get(address(game, "change")).text
    response = post(client, game, "change", name="Eva", place="4", start="zero")

    assert "before anything of the round is entered: undo it first" in page
    assert 'name="name"' not in page
    assert response.status_code == 400
    assert stored(game) == before


def test_undo_takes_the_join_back_and_the_player_out_and_redo_puts_them_back(
    client: Client,
) -> None:
    game = after_two_rounds()
    post(client, game, "change", name="Eva", place="2", start="lowest")

    undo(client, game)

    assert game.record["players"] == ["Ann", "Bob", "Cat", "Dev"]
    assert "seated" not in game.record["rounds"][0]
    assert game.pending == []
    assert "Redo Eva joins</button>" in client.get(f"/g/{game.key}/").text
    assert Figures.objects.filter(game=game).count() == 4

    redo(client, game)

    assert game.record["players"] == ["Ann", "Bob", "Eva", "Cat", "Dev"]
    assert game.pending[0]["value"] == {"name": "Eva", "start": 4}
    assert list(Figures.objects.filter(game=game).values_list("name", flat=True)) == [
        "Ann",
        "Bob",
        "Eva",
        "Cat",
        "Dev",
    ]


def test_a_player_who_left_comes_back_with_their_total(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="1")
    # Round 3 without Bob: 8 cards, Cat deals; Dev, Ann, Cat bid; the tricks follow.
    for kind, seat, value in (
        ("bid", 3, 2),
        ("bid", 0, 2),
        ("bid", 2, 2),
        ("tricks", 3, 2),
        ("tricks", 0, 2),
    ):
        assert post(client, game, "enter", kind=kind, seat=seat, value=value).status_code == 303
    assert len(game.record["rounds"]) == 3
    page = client.get(address(game, "change")).text
    assert "Bob comes back, on 15</button>" in page

    response = post(client, game, "back", seat="1")

    assert response.status_code == 303
    assert game.pending == [{"kind": "back", "seat": 1, "value": None}]
    assert "<li>Bob comes back, on 15</li>" in client.get(f"/g/{game.key}/").text


def test_coming_back_is_refused_for_a_player_at_the_table(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = post(client, game, "back", seat="1")

    assert response.status_code == 400
    assert "Bob is at the table already" in response.text
    assert stored(game) == before


def test_games_whose_players_stay_offer_only_the_stop(client: Client) -> None:
    record = {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {},
        "players": ["Ann", "Bob"],
        "first_dealer": 0,
        "rounds": [{"calls": ["pass", "pass"], "tricks": [4, 4]}],
    }
    game = Game.objects.create(kind="sinker", record=record, version=3)

    table = client.get(f"/g/{game.key}/").text
    page = client.get(address(game, "change")).text

    assert f'href="{address(game, "stop")}"' in table and ">Stop here</a>" in table
    assert "Players, plan, stop" not in table
    assert "Sinker keeps its players for the whole game" in page
    assert 'name="name"' not in page


def test_a_player_leaving_for_the_round_to_come_is_not_offered_to_come_back(
    client: Client,
) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="0")

    page = client.get(address(game, "change")).text

    assert "comes back" not in page  # Undo keeps Ann at the table
    assert "Undo Ann leaves" in client.get(f"/g/{game.key}/").text
