"""new_game: options, players in seat order, who deals first."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from rules_engine import GAMES, draw_for_dealer
from scorepad.models import Game

URL = "/new/oh-hell/"


def form(*players: str, **fields: Any) -> dict[str, Any]:
    """A setup form as the browser posts it: names in seat order, options at their defaults."""
    return {
        "player": list(players),
        "option_style": "long",
        "option_scoring": "positive",
        "first_dealer": "0",
        "action": "start",
        **fields,
    }


def names_shown(html: str) -> list[str]:
    return re.findall(r'<input type="text" name="player" value="([^"]*)"', html)


def test_it_shows_a_form_for_four_players(client: Client) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    assert names_shown(response.text) == ["", "", "", ""]
    assert 'value="draw" checked' in response.text


def test_it_is_404_for_a_game_scorepad_does_not_keep(client: Client) -> None:
    response = client.get("/new/snap/")

    assert response.status_code == 404
    assert Game.objects.count() == 0


def test_it_starts_a_game_with_the_players_in_seat_order(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", "Dev", first_dealer="2"))

    game = Game.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/g/{game.key}/"
    assert game.kind == "oh-hell"
    assert game.record == {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": {},
        "players": ["Ann", "Bob", "Cat", "Dev"],
        "first_dealer": 2,
        "rounds": [],
    }
    assert game.pending == []
    assert game.dealer_draw is None
    assert game.correcting is None


def test_the_new_table_asks_the_dealers_left_to_bid(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", "Dev", first_dealer="2"), follow=True)

    assert response.status_code == 200
    assert "Dev bids" in response.text
    assert "Round 1 of 19" in response.text


def test_it_starts_a_game_with_htmx_by_sending_the_browser_to_the_table(
    htmx_client: Client,
) -> None:
    response = htmx_client.post(URL, form("Ann", "Bob", "Cat"))

    game = Game.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/g/{game.key}/"
    assert game.record["players"] == ["Ann", "Bob", "Cat"]


def test_it_keeps_the_options_that_differ_from_the_default(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", option_style="short-up"))

    assert response.status_code == 303
    assert Game.objects.get().record["options"] == {"style": "short-up"}


def test_it_trims_names_and_leaves_out_blank_rows(client: Client) -> None:
    response = client.post(URL, form(" Ann ", "", "Bob", "Cat  "))

    assert response.status_code == 303
    assert Game.objects.get().record["players"] == ["Ann", "Bob", "Cat"]


def test_the_dealer_picked_below_a_blank_row_still_deals(client: Client) -> None:
    # The fourth row (index 3) is Cat's, who sits in seat 2 once the blank row goes.
    response = client.post(URL, form("Ann", "", "Bob", "Cat", first_dealer="3"))

    assert response.status_code == 303
    record = Game.objects.get().record
    assert record["players"][record["first_dealer"]] == "Cat"


def test_it_draws_for_high_card_and_the_highest_card_deals(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(4))
    expected = draw_for_dealer(GAMES["oh-hell"], 4, random.Random(4))

    response = client.post(URL, form("Ann", "Bob", "Cat", "Dev", first_dealer="draw"))

    game = Game.objects.get()
    assert response.status_code == 303
    assert game.record["first_dealer"] == expected.dealer
    assert game.dealer_draw == [
        [
            {"seat": seat, "card": card.label, "rank": card.rank, "suit": card.suit}
            for seat, card in draw
        ]
        for draw in expected.draws
    ]
    table = client.get(response["Location"])
    assert "Draw for first dealer" in table.text
    for draw in expected.draws:
        for _, card in draw:
            assert card.label in table.text


def test_the_drawn_dealer_holds_the_highest_card_of_the_last_draw(client: Client) -> None:
    client.post(URL, form("Ann", "Bob", "Cat", "Dev", first_dealer="draw"))

    game = Game.objects.get()
    ranks = GAMES["oh-hell"].draw_ranks
    assert game.dealer_draw is not None
    last = game.dealer_draw[-1]
    highest = max(last, key=lambda drawn: ranks.index(drawn["card"].split(" of ")[0]))
    assert game.record["first_dealer"] == highest["seat"]


@pytest.mark.parametrize(
    ("action", "names"),
    [
        ("add", ["Ann", "Bob", "Cat", ""]),
        ("remove-1", ["Ann", "Cat"]),
        ("up-2", ["Ann", "Cat", "Bob"]),
        ("down-0", ["Bob", "Ann", "Cat"]),
    ],
)
def test_the_list_buttons_redraw_the_form_with_the_names_kept(
    client: Client, action: str, names: list[str]
) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", action=action))

    assert response.status_code == 200
    assert names_shown(response.text) == names
    assert 'class="error"' not in response.text
    assert Game.objects.count() == 0


def test_the_list_buttons_keep_the_options_chosen(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", action="add", option_style="short-down"))

    assert response.status_code == 200
    assert '<option value="short-down" selected>' in response.text


def test_the_list_buttons_with_htmx_answer_the_form_only(htmx_client: Client) -> None:
    response = htmx_client.post(URL, form("Ann", "Bob", "Cat", action="up-1"))

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<form id="setup"')
    assert "<html" not in response.text
    assert names_shown(response.text) == ["Bob", "Ann", "Cat"]
    assert Game.objects.count() == 0


def test_it_adds_no_player_beyond_the_most_the_game_takes(client: Client) -> None:
    seven = ["Ann", "Bob", "Cat", "Dev", "Eve", "Fay", "Gus"]
    response = client.post(URL, form(*seven, action="add"))

    assert names_shown(response.text) == seven
    assert "Add a player" not in response.text


def refused(response: Any, message: str) -> None:
    assert response.status_code == 400
    assert escape(message) in response.text
    assert Game.objects.count() == 0


def test_it_refuses_too_few_players(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob"))

    refused(response, "Oh Hell is for 3 to 7 players, not 2")
    assert names_shown(response.text) == ["Ann", "Bob"]


def test_it_refuses_too_many_players(client: Client) -> None:
    response = client.post(URL, form(*"ABCDEFGH"))

    refused(response, "Oh Hell is for 3 to 7 players, not 8")


def test_it_refuses_a_form_with_every_name_blank(client: Client) -> None:
    response = client.post(URL, form("", " ", "", ""))

    refused(response, "Oh Hell is for 3 to 7 players, not 0")


def test_it_refuses_two_players_of_the_same_name(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "ann"))

    refused(response, "two players are called ann: give one another name")


def test_it_refuses_a_name_too_long_to_show(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "C" * 41))

    refused(response, "is too long (40 characters at most)")


def test_it_refuses_an_option_value_the_game_does_not_have(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", option_style="marathon"))

    refused(response, "Select a valid choice. marathon is not one of the available choices.")


def test_it_refuses_a_first_dealer_who_is_not_playing(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", first_dealer="5"))

    refused(response, "The first dealer must be one of the players.")


def test_it_refuses_a_blank_row_as_first_dealer(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", "", first_dealer="3"))

    refused(response, "The first dealer must be one of the players.")


def test_it_refuses_a_first_dealer_that_is_not_a_seat(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", first_dealer="Bob"))

    refused(response, "Pick who deals first, or let Scorepad draw for high card.")


def test_a_refusal_with_htmx_answers_the_form_with_the_reason(htmx_client: Client) -> None:
    response = htmx_client.post(URL, form("Ann", "Bob"))

    refused(response, "Oh Hell is for 3 to 7 players, not 2")
    assert "<html" not in response.text


def dealer_checked(html: str) -> str:
    found = re.search(r'name="first_dealer" value="([^"]+)" checked', html)
    assert found is not None
    return found.group(1)


def test_the_dealer_choices_are_named_as_the_players_are_typed(htmx_client: Client) -> None:
    response = htmx_client.post(URL, form("Ann", "", "Cat", action="dealers"))

    assert response.status_code == 200
    # Only the names, swapped in place: the radios (and a tap on one) are left alone.
    assert response.text == (
        '<span id="dealer-0" hx-swap-oob="true">Ann</span>'
        '<span id="dealer-1" hx-swap-oob="true">Player 2</span>'
        '<span id="dealer-2" hx-swap-oob="true">Cat</span>'
    )
    assert Game.objects.count() == 0


def test_the_page_names_each_dealer_choice_where_the_names_are_swapped_in(
    client: Client,
) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", action="add", first_dealer="draw"))

    for seat, name in enumerate(["Ann", "Bob", "Cat", "Player 4"]):
        assert f'value="{seat}"> <span id="dealer-{seat}">{name}</span></label>' in response.text


def test_adding_a_player_keeps_the_dealer_picked(client: Client) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", action="add", first_dealer="2"))

    assert dealer_checked(response.text) == "2"


def test_moving_a_player_puts_the_dealer_back_to_the_draw(client: Client) -> None:
    # Seat 2 would be someone else after the move: the app does not guess.
    response = client.post(URL, form("Ann", "Bob", "Cat", action="up-2", first_dealer="2"))

    assert dealer_checked(response.text) == "draw"


def test_a_refused_form_keeps_the_dealer_picked(client: Client) -> None:
    response = client.post(URL, form("Ann", "Ann", "Cat", first_dealer="1"))

    assert response.status_code == 400
    assert dealer_checked(response.text) == "1"


def test_the_cards_drawn_read_in_the_pages_language(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(4))
    expected = draw_for_dealer(GAMES["oh-hell"], 4, random.Random(4))
    response = client.post(URL, form("Ann", "Bob", "Cat", "Dev", first_dealer="draw"))

    dutch = client.get(response["Location"], headers={"accept-language": "nl"}).text

    for draw in expected.draws:
        for _, card in draw:
            assert str(card.label) not in dutch
    assert " of " not in dutch.split('class="draw"')[1].split("</div>")[0]


@pytest.mark.parametrize("game", ["oh-hell", "boerenbridge"])
def test_a_dutch_setup_page_speaks_dutch_as_a_dutch_table_does(client: Client, game: str) -> None:
    html = client.get(f"/new/{game}/", headers={"accept-language": "nl"}).text
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))

    assert re.search(r"\((\d tot en met )?\d spelers\)", text)
    assert " to " not in text
    # "Hook" and "Handen" puzzled Dutch players: the table's own words instead.
    assert "hook" not in text.lower()
    assert "Handen" not in text
    assert "Kaarten per ronde" in text
    assert "Gever mag niet passend bieden" in text


def test_the_home_page_counts_players_in_dutch(client: Client) -> None:
    html = client.get("/", headers={"accept-language": "nl"}).text
    assert "3 tot en met 7 spelers" in html
    assert "3 to 7" not in html


@pytest.mark.parametrize(
    ("game", "fields"),
    [
        ("sinker", {"option_exchange_limit": "0"}),
        ("abracadabra", {"option_target": "300", "option_success": "exact"}),
    ],
)
def test_the_number_of_deals_is_at_most_200_as_the_engine_says(
    client: Client, game: str, fields: dict[str, str]
) -> None:
    page = client.get(f"/new/{game}/").text
    assert re.search(r'name="option_deals"[^>]* max="200"', page)
    data = {"player": ["Ann", "Bob"], "first_dealer": "0", **fields}

    response = client.post(f"/new/{game}/", {**data, "option_deals": "201"})

    refused(response, "Ensure this value is less than or equal to 200.")
    taken = client.post(f"/new/{game}/", {**data, "option_deals": "200"})
    assert taken.status_code in (302, 303), taken.text[:2000]


def test_a_button_no_page_of_ours_sends_only_redraws_the_form(client: Client) -> None:
    answer = client.post("/new/oh-hell/", {"action": "shuffle-3", "player": ["Ann", "Bob", "Cat"]})
    assert answer.status_code == 200
    assert Game.objects.count() == 0
    assert b'value="Cat"' in answer.content
