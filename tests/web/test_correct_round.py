"""correct_round: a cell of the sheet changed, the change shown, then saved once confirmed."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from rules_engine import parse_record, score
from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, bid, oh_hell
from tests.five_games import BRINK_BID

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def url(game: Game, number: int = 1) -> str:
    return f"/g/{game.key}/sheet/{number}/"


def test_it_shows_the_rounds_cells_as_entered_at_the_one_tapped(
    client: Client, played_game: Game
) -> None:
    response = client.get(url(played_game) + "?focus=bids-0")

    assert response.status_code == 200
    assert "<h1>Correct round 1</h1>" in response.text
    assert '<select id="bids-0" name="bids-0" autofocus>' in response.text
    # Ann bid 3 and Bob took 4 in round 1.
    assert '<option value="3" selected>3</option>' in response.text.split('id="bids-0"')[1]
    assert '<option value="4" selected>4</option>' in response.text.split('id="tricks-1"')[1]


def test_a_change_is_shown_and_nothing_saved_until_confirmed(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(url(played_game), {"version": 7, "bids-0": "4"})

    assert response.status_code == 200
    # Ann bid 4 and took 3: 3 points instead of 13; Cat alone leads.
    assert "<li>Ann&#x27;s total 25 → 15</li>" in response.text
    assert "<li>The lead goes to Cat instead of Ann and Cat</li>" in response.text
    assert '<input type="hidden" name="confirm" value="on">' in response.text
    assert '<input type="hidden" name="bids-0" value="4">' in response.text
    assert stored(played_game) == before


def test_confirmed_it_saves_the_round_with_its_other_entries_kept(
    client: Client, played_game: Game
) -> None:
    response = client.post(url(played_game), {"version": 7, "bids-0": "4", "confirm": "on"})

    assert response.status_code == 303
    assert response["Location"] == f"/g/{played_game.key}/sheet/"
    played_game.refresh_from_db()
    assert played_game.record["rounds"] == [{**ROUND_1, "bids": [4, 3, 2, 3]}, ROUND_2]
    assert played_game.version == 8
    assert score(parse_record(played_game.record)).totals == (15, 15, 25, 4)


def test_a_stopped_games_later_round_is_corrected_on_the_sheet(client: Client, db: None) -> None:
    stopped = {**oh_hell([ROUND_1, ROUND_2]), "stopped": True}
    game = Game.objects.create(kind="oh-hell", record=stopped, version=3)

    posted = {"version": 3, "tricks-1": "2", "tricks-3": "2", "confirm": "on"}
    response = client.post(f"/g/{game.key}/sheet/2/", posted)

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.record["rounds"][1] == {"bids": [2, 1, 3, 2], "tricks": [2, 2, 3, 2]}
    assert game.record["stopped"] is True


def test_the_winner_changing_is_said(client: Client, finished_game: Game) -> None:
    # Cat bids 1 in the last round and takes nothing: 90 against Bob's 91.
    response = client.post(url(finished_game, 10), {"version": 40, "bids-2": "1"})

    assert "<li>The winner becomes Bob instead of Cat</li>" in response.text


def test_a_round_the_rules_refuse_is_told_and_the_values_kept(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(url(played_game), {"version": 7, "tricks-0": "4", "confirm": "on"})

    assert response.status_code == 400
    assert '<p class="error" role="alert">' in response.text
    assert "tricks" in response.text.split('role="alert">')[1].split("</p>")[0]
    # The value tried is still selected, to change another cell beside it.
    assert '<option value="4" selected>4</option>' in response.text.split('id="tricks-0"')[1]
    assert stored(played_game) == before


def test_a_value_the_cell_does_not_offer_is_refused(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(url(played_game), {"version": 7, "bids-0": "11", "confirm": "on"})

    assert response.status_code == 400
    assert escape("'11' is not one of the values Ann may have here") in response.text
    assert stored(played_game) == before


def test_it_refuses_a_confirmation_from_an_older_screen(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(url(played_game), {"version": 6, "bids-0": "4", "confirm": "on"})

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(played_game) == before


def test_the_round_in_progress_is_kept_when_it_still_stands(
    client: Client, bidding_game: Game
) -> None:
    # Dev's bid of 1 in round 3 stands whatever round 1 says: the change is saved with it.
    response = client.post(url(bidding_game), {"version": 9, "bids-0": "4", "confirm": "on"})

    assert response.status_code == 303
    bidding_game.refresh_from_db()
    assert bidding_game.pending == [bid(3, 1)]
    assert bidding_game.record["rounds"][0]["bids"] == [4, 3, 2, 3]


def test_it_refuses_while_a_round_is_entered_again_at_the_table(
    client: Client, correcting_game: Game, stored: Stored
) -> None:
    before = stored(correcting_game)

    response = client.post(url(correcting_game, 2), {"version": 8, "bids-0": "1", "confirm": "on"})

    assert response.status_code == 400
    assert "Round 1 is being entered again at the table" in response.text
    assert stored(correcting_game) == before


def test_brink_bids_dice_are_corrected_and_the_bids_kept(client: Client, db: None) -> None:
    game = Game.start(parse_record(BRINK_BID))
    data = {"version": game.version, "dice-direction": "right", "confirm": "on"}

    response = client.post(url(game), data)

    assert response.status_code == 303
    game.refresh_from_db()
    (rnd,) = game.record["rounds"]
    assert rnd["dice"] == {"trump": "hearts", "number": 2, "direction": "right"}
    assert rnd["bids"] == BRINK_BID["rounds"][0]["bids"]


def test_it_is_404_for_a_round_not_played(client: Client, played_game: Game) -> None:
    assert client.get(url(played_game, 3)).status_code == 404
    assert client.get(url(played_game, 0)).status_code == 404


# Skull King for Ann, Bob and Cat, one hand of 2 cards; each test gives the round.
SKULL_KING = {
    "format": "scorepad/1",
    "game": "skull-king",
    "options": {"hands": [2]},
    "players": ["Ann", "Bob", "Cat"],
    "first_dealer": 0,
    "rounds": [],
}


def skull_king(rnd: dict[str, Any]) -> Game:
    return Game.start(parse_record({**SKULL_KING, "rounds": [rnd]}))


def test_a_skull_king_bonus_is_a_box_to_type_in_and_the_lost_a_choice(
    client: Client, db: None
) -> None:
    game = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})
    sheet = client.get(f"/g/{game.key}/sheet/").text
    assert f'href="/g/{game.key}/sheet/1/"' in sheet  # the round's number opens it

    response = client.get(url(game) + "?focus=bonus-0")

    assert response.status_code == 200
    assert (
        '<input type="number" id="bonus-0" name="bonus-0" value="10" min="-500" max="500"'
        in response.text
    )
    assert "autofocus" in response.text.split('id="bonus-0"')[1].split(">")[0]
    assert '<select id="lost-lost" name="lost-lost">' in response.text


def test_a_corrected_bonus_is_shown_then_saved(client: Client, db: None) -> None:
    game = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})

    shown = client.post(url(game), {"version": game.version, "bonus-0": "30"})
    assert shown.status_code == 200
    assert "<li>Round 1: Ann&#x27;s bonus 10 → 30</li>" in shown.text
    assert "<li>Ann&#x27;s total 30 → 50</li>" in shown.text
    saved = client.post(url(game), {"version": game.version, "bonus-0": "30", "confirm": "on"})

    assert saved.status_code == 303
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [30, 0, 0]}]


def test_a_bonus_is_corrected_to_a_negative_one(client: Client, db: None) -> None:
    game = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})
    data = {"version": game.version, "bonus-0": "-30", "confirm": "on"}

    assert client.post(url(game), data).status_code == 303

    game.refresh_from_db()
    assert game.record["rounds"][0]["bonus"] == [-30, 0, 0]


def test_a_bonus_left_out_of_a_round_may_be_given_and_taken_back(client: Client, db: None) -> None:
    game = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1]})
    data = {"version": game.version, "bonus-2": "40", "confirm": "on"}
    assert client.post(url(game), data).status_code == 303
    game.refresh_from_db()
    assert game.record["rounds"][0]["bonus"] == [0, 0, 40]
    data = {"version": game.version, "bonus-2": "0", "confirm": "on"}
    assert client.post(url(game), data).status_code == 303
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [1, 0, 1], "tricks": [1, 0, 1]}]  # 0s left out


def test_the_lost_tricks_are_corrected_with_the_tricks_they_leave(client: Client, db: None) -> None:
    game = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1]})
    alone = client.post(url(game), {"version": game.version, "lost-lost": "1"})
    assert alone.status_code == 400  # 1 + 0 + 1 taken and 1 lost is more than 2 cards
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [1, 0, 1], "tricks": [1, 0, 1]}]
    data = {"version": game.version, "lost-lost": "1", "tricks-0": "0", "confirm": "on"}

    response = client.post(url(game), data)

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [1, 0, 1], "tricks": [0, 0, 1], "lost": 1}]


@pytest.mark.parametrize("value", ["501", "-501", "ten", "2.5", ""])
def test_a_bonus_out_of_range_is_refused_and_nothing_saved(
    client: Client, db: None, value: str
) -> None:
    game = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})
    data = {"version": game.version, "bonus-0": value, "confirm": "on"}

    response = client.post(url(game), data)

    assert response.status_code == 400
    assert "is not one of the values Ann may have here" in unescape(response.text)
    game.refresh_from_db()
    assert game.record["rounds"][0]["bonus"] == [10, 0, 0]


def test_with_htmx_a_bonus_is_corrected_as_without(htmx_client: Client, db: None) -> None:
    game = skull_king({"bids": [1, 1, 0], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})
    data = {"version": game.version, "bonus-1": "20", "confirm": "on"}

    response = htmx_client.post(url(game), data)

    assert response.status_code == 303  # a plain form: the sheet, whatever asked
    game.refresh_from_db()
    # Bob missed his 1: the bonus is kept as entered and counts nothing (RULINGS).
    assert game.record["rounds"][0]["bonus"] == [10, 20, 0]
    assert score(parse_record(game.record)).totals == (30, -10, -20)


# --- Abracadabra: a past deal opens with its values in place --------------------------


def abracadabra_game() -> Game:
    from tests.five_games import ABRACADABRA

    return Game.start(parse_record(ABRACADABRA))


def test_a_past_deal_opens_with_every_value_in_place(client: Client, db: None) -> None:
    game = abracadabra_game()
    sheet = client.get(f"/g/{game.key}/sheet/").text
    # The deal's number opens it, trump noted or not.
    assert f'href="/g/{game.key}/sheet/1/"' in sheet

    page = client.get(url(game)).text

    assert '<input type="radio" name="trump-trump" value="hearts" checked>' in page
    assert '<option value="3" selected>3</option>' in page.split('id="calls-0"')[1]
    assert '<input type="radio" name="bid_suits-1" value="spades" checked>' in page
    # Ben's named tricks, ticked; a marker so that none ticked is told from none posted.
    named = page.split('aria-label="Ben"')[2].split("</fieldset>")[0]
    assert '<input type="hidden" name="named-1" value="">' in named
    assert re.findall(r'name="named-1" value="(\d+)" checked', named) == ["4", "8", "12"]
    assert '<input type="radio" name="trick_winners-6" value="2" checked>' in page
    assert '<input type="checkbox" name="pile_exposed-piles" value="3" checked>' in page
    assert "Enter it again" in page  # what the cells cannot do, at the table


def test_a_deal_changed_in_place_is_shown_then_saved_with_the_rest_kept(
    client: Client, db: None
) -> None:
    game = abracadabra_game()
    before = dict(game.record["rounds"][0])
    # Dev named nothing after all: his one tick taken off (the marker alone posted).
    data = {"version": game.version, "named-3": [""], "trick_winners-6": "3"}

    response = client.post(url(game), data)

    assert response.status_code == 200
    assert "<li>Round 1: Dev&#x27;s named tricks A → none</li>" in response.text
    assert "<li>Round 1: trick 7&#x27;s winner Cleo → Dev</li>" in response.text
    # The confirmation posts the same again: the marker, and no tick for Dev.
    confirm = response.text.split('name="confirm"')[1].split("</form>")[0]
    assert confirm.count('name="named-3"') == 1
    assert '<input type="hidden" name="trick_winners-6" value="3">' in confirm

    response = client.post(url(game), {**data, "confirm": "on"})

    assert response.status_code == 303
    game.refresh_from_db()
    (rnd,) = game.record["rounds"]
    assert rnd["named"][3] == [] and rnd["trick_winners"][6] == 3
    assert {k: v for k, v in rnd.items() if k not in ("named", "trick_winners")} == {
        k: v for k, v in before.items() if k not in ("named", "trick_winners")
    }


def test_a_deal_changed_against_the_rules_is_refused_with_its_ticks_kept(
    client: Client, db: None, stored: Stored
) -> None:
    game = abracadabra_game()
    before = stored(game)
    data = {"version": game.version, "named-1": ["", "4", "8"]}  # Ben declared 3

    response = client.post(url(game), data)

    assert response.status_code == 400
    assert "Ben bid 3 and must name exactly 3 tricks, not 2" in response.text
    named = response.text.split('aria-label="Ben"')[2].split("</fieldset>")[0]
    assert re.findall(r'name="named-1" value="(\d+)" checked', named) == ["4", "8"]
    assert stored(game) == before
