"""undo_step: take back the last entry, reopening the last round if need be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, bid, oh_hell

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def tricks(seat: int, value: int) -> dict[str, Any]:
    return {"kind": "tricks", "seat": seat, "value": value}


def test_it_takes_back_the_last_bid_and_redirects_to_the_table(
    client: Client, hooked_game: Game
) -> None:
    url = f"/g/{hooked_game.key}/"

    response = client.post(f"{url}undo/", {"version": 5})

    assert response.status_code == 303
    assert response["Location"] == url
    hooked_game.refresh_from_db()
    assert hooked_game.pending == [bid(1, 3), bid(2, 2)]
    assert hooked_game.record["rounds"] == []
    assert hooked_game.version == 6
    assert '<h2 class="prompt">Dev bids</h2>' in client.get(url).text


def test_it_takes_back_the_last_bid_with_htmx_in_the_table_fragment(
    htmx_client: Client, hooked_game: Game
) -> None:
    response = htmx_client.post(f"/g/{hooked_game.key}/undo/", {"version": 5})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<html" not in response.text
    assert '<h2 class="prompt">Dev bids</h2>' in response.text
    hooked_game.refresh_from_db()
    assert hooked_game.pending == [bid(1, 3), bid(2, 2)]
    assert hooked_game.version == 6


def test_it_reopens_the_last_round_at_its_last_entry(client: Client, played_game: Game) -> None:
    response = client.post(f"/g/{played_game.key}/undo/", {"version": 7})

    assert response.status_code == 303
    played_game.refresh_from_db()
    assert played_game.record["rounds"] == [ROUND_1]
    # Round 2, Bob dealing: every bid, then the tricks of Cat and Dev; Ann's were last.
    assert played_game.pending == [
        bid(2, 3),
        bid(3, 2),
        bid(0, 2),
        bid(1, 1),
        tricks(2, 3),
        tricks(3, 3),
    ]
    table = client.get(response["Location"])
    assert "Round 2 of 19" in table.text
    assert "Tricks Ann took" in table.text


def test_it_reopens_the_last_round_of_a_finished_game(
    htmx_client: Client, finished_game: Game
) -> None:
    response = htmx_client.post(f"/g/{finished_game.key}/undo/", {"version": 40})

    assert response.status_code == 200
    assert "Round 10 of 10" in response.text
    finished_game.refresh_from_db()
    assert len(finished_game.record["rounds"]) == 9
    # Round 10, Ann dealing: Ann bid last, then Bob's tricks; Cat's were taken back.
    assert finished_game.pending[-2:] == [bid(0, 0), tricks(1, 0)]
    assert "Tricks Cat took" in response.text


def test_nothing_to_undo_on_a_new_game_is_refused_with_no_change(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/undo/", {"version": 3})

    assert response.status_code == 400
    assert escape("There is nothing to undo yet") in response.text
    assert stored(new_game) == before


def test_nothing_to_undo_with_htmx_answers_the_fragment_with_the_reason(
    htmx_client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = htmx_client.post(f"/g/{new_game.key}/undo/", {"version": 3})

    assert response.status_code == 400
    assert "<html" not in response.text
    assert "There is nothing to undo yet" in response.text
    assert stored(new_game) == before


def test_it_refuses_an_undo_from_an_older_screen(
    client: Client, hooked_game: Game, stored: Stored
) -> None:
    before = stored(hooked_game)

    response = client.post(f"/g/{hooked_game.key}/undo/", {"version": 4})

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(hooked_game) == before


def test_it_refuses_an_undo_without_a_version(
    client: Client, hooked_game: Game, stored: Stored
) -> None:
    before = stored(hooked_game)

    response = client.post(f"/g/{hooked_game.key}/undo/")

    assert response.status_code == 409
    assert stored(hooked_game) == before


def test_a_double_tap_undoes_once(client: Client, hooked_game: Game) -> None:
    client.post(f"/g/{hooked_game.key}/undo/", {"version": 5})
    second = client.post(f"/g/{hooked_game.key}/undo/", {"version": 5})

    assert second.status_code == 409
    hooked_game.refresh_from_db()
    assert hooked_game.pending == [bid(1, 3), bid(2, 2)]


def test_it_refuses_a_get(client: Client, hooked_game: Game) -> None:
    response = client.get(f"/g/{hooked_game.key}/undo/")

    assert response.status_code == 405


def test_undo_says_which_entry_it_takes_back(client: Client, hooked_game: Game) -> None:
    page = client.get(f"/g/{hooked_game.key}/").text

    assert ">Undo Dev&#x27;s bid of 3</button>" in page


def test_between_rounds_undo_names_the_last_rounds_last_entry(
    client: Client, played_game: Game
) -> None:
    # Round 2 (Bob deals): tricks are entered for Cat, Dev and Ann; Bob's are filled in.
    page = client.get(f"/g/{played_game.key}/").text

    assert ">Undo Ann&#x27;s 2 tricks (round 2)</button>" in page


def test_after_a_correction_undo_takes_back_the_correction_saying_what_returns(
    client: Client, played_game: Game
) -> None:
    # Round 1 corrected on the sheet (Ann bid 4, not 3): saved at once.
    correcting = {"version": played_game.version, "bids-0": "4", "bids-1": "3"}
    correcting |= {"bids-2": "2", "bids-3": "3", "tricks-0": "3", "tricks-1": "4"}
    correcting |= {"tricks-2": "2", "tricks-3": "1", "confirm": "on"}
    client.post(f"/g/{played_game.key}/sheet/1/", correcting)
    played_game.refresh_from_db()
    assert played_game.record["rounds"][0]["bids"] == [4, 3, 2, 3]

    page = client.get(f"/g/{played_game.key}/").text

    # Its words name the correction and what comes back; pressing it takes back that.
    assert ">Undo the correction of round 1</button>" in page
    assert escape("Undo brings back: round 1: Ann's bid 4 → 3; Ann's total 15 → 25") in page
    client.post(f"/g/{played_game.key}/undo/", {"version": played_game.version})
    played_game.refresh_from_db()
    assert played_game.record["rounds"] == [ROUND_1, ROUND_2]
    assert played_game.corrected is None
    page = client.get(f"/g/{played_game.key}/").text
    assert ">Redo the correction of round 1</button>" in page
    assert ">Undo Ann&#x27;s 2 tricks (round 2)</button>" in page

    # Redo puts it back, and Undo takes it back again.
    client.post(f"/g/{played_game.key}/redo/", {"version": played_game.version})
    played_game.refresh_from_db()
    assert played_game.record["rounds"][0]["bids"] == [4, 3, 2, 3]
    assert played_game.redo == []
    assert ">Undo the correction of round 1</button>" in client.get(f"/g/{played_game.key}/").text


def test_a_tap_after_a_correction_is_what_undo_takes_back(
    client: Client, played_game: Game
) -> None:
    correcting = {"version": played_game.version, "bids-0": "4", "bids-1": "3"}
    correcting |= {"bids-2": "2", "bids-3": "3", "tricks-0": "3", "tricks-1": "4"}
    correcting |= {"tricks-2": "2", "tricks-3": "1", "confirm": "on"}
    client.post(f"/g/{played_game.key}/sheet/1/", correcting)
    played_game.refresh_from_db()
    # Round 3, Cat deals: Dev bids first.
    client.post(
        f"/g/{played_game.key}/enter/",
        {"version": played_game.version, "kind": "bid", "seat": 3, "value": 1},
    )
    played_game.refresh_from_db()
    assert played_game.corrected is None
    assert ">Undo Dev&#x27;s bid of 1</button>" in client.get(f"/g/{played_game.key}/").text


def test_undo_keeps_what_it_took_back_for_redo(client: Client, hooked_game: Game) -> None:
    client.post(f"/g/{hooked_game.key}/undo/", {"version": 5})
    client.post(f"/g/{hooked_game.key}/undo/", {"version": 6})

    hooked_game.refresh_from_db()
    assert hooked_game.pending == [bid(1, 3)]
    assert hooked_game.redo == [bid(3, 3), bid(2, 2)]
    assert ">Redo Cat&#x27;s bid of 2</button>" in client.get(f"/g/{hooked_game.key}/").text


def test_undo_takes_back_entries_that_no_longer_stand_after_the_one_that_broke(
    client: Client, db: None
) -> None:
    # Bob bids first; Cat's bid and the one after it cannot stand (a broken round).
    game = Game.objects.create(
        kind="oh-hell",
        record=oh_hell(),
        pending=[bid(1, 3), bid(3, 1), bid(0, 2)],
        version=5,
    )
    page = client.get(f"/g/{game.key}/").text
    assert escape("The round in progress needs attention: it is Cat's turn to bid.") in page

    response = client.post(f"/g/{game.key}/undo/", {"version": 5})

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.pending == [bid(1, 3)]
    assert "needs attention" not in client.get(f"/g/{game.key}/").text


def test_a_forced_bid_is_shown_entered_and_undone_with_the_tap_that_forced_it(
    client: Client, db: None
) -> None:
    # Round 1 of "short-up" holds one card; Ann deals. Bob, Cat and Dev bid 0: Ann
    # may not bid 1, so her 0 goes in with Dev's tap and the table asks the tricks.
    game = Game.objects.create(
        kind="oh-hell",
        record=oh_hell(options={"style": "short-up"}),
        pending=[bid(1, 0), bid(2, 0)],
        version=4,
    )
    url = f"/g/{game.key}/"

    response = client.post(f"{url}enter/", {"version": 4, "kind": "bid", "seat": 3, "value": 0})

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.pending == [bid(1, 0), bid(2, 0), bid(3, 0), bid(0, 0)]
    page = client.get(url).text
    assert "Ann bids" not in page
    assert '<h2 class="prompt">Tricks Bob took</h2>' in page
    assert escape("Undo Dev's bid of 0") in page

    client.post(f"{url}undo/", {"version": game.version})

    game.refresh_from_db()
    assert game.pending == [bid(1, 0), bid(2, 0)]
    assert '<h2 class="prompt">Dev bids</h2>' in client.get(url).text
