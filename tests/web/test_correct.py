"""correct: a past round entered again through the same steps; later totals worked out again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client
from django.utils.html import escape

from rules_engine import parse_record, score
from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, TOTALS_AFTER_2, bid
from tests.five_games import FOUR, record

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."

# Round 1 as it really went: Ann bid 4, not 3 (she still took 3).
CORRECTED_ROUND_1 = {"bids": [4, 3, 2, 3], "tricks": [3, 4, 2, 1]}
CORRECTED_STEPS = [
    ("bid", 1, 3),
    ("bid", 2, 2),
    ("bid", 3, 3),
    ("bid", 0, 4),
    ("tricks", 1, 4),
    ("tricks", 2, 2),
    ("tricks", 3, 1),
]


def test_it_opens_a_past_round_and_redirects_to_the_table(
    client: Client, played_game: Game
) -> None:
    url = f"/g/{played_game.key}/"

    response = client.post(f"{url}correct/", {"version": 7, "number": 1})

    assert response.status_code == 303
    assert response["Location"] == url
    played_game.refresh_from_db()
    assert played_game.correcting == 1
    assert played_game.pending == []
    assert played_game.record["rounds"] == [ROUND_1, ROUND_2]
    assert played_game.version == 8
    table = client.get(url)
    assert "Correcting round 1" in table.text
    assert '<h2 class="prompt">Bob bids</h2>' in table.text
    assert "<dt>Cards</dt><dd>10</dd>" in table.text


def test_it_opens_a_past_round_with_htmx_in_the_table_fragment(
    htmx_client: Client, played_game: Game
) -> None:
    response = htmx_client.post(f"/g/{played_game.key}/correct/", {"version": 7, "number": 2})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<html" not in response.text
    assert "Correcting round 2" in response.text
    assert '<h2 class="prompt">Cat bids</h2>' in response.text
    played_game.refresh_from_db()
    assert played_game.correcting == 2


def test_the_round_is_entered_again_and_later_totals_are_worked_out_again(
    client: Client, correcting_game: Game
) -> None:
    url = f"/g/{correcting_game.key}/enter/"
    for kind, seat, value in CORRECTED_STEPS:
        correcting_game.refresh_from_db()
        data = {"version": correcting_game.version, "kind": kind, "seat": seat, "value": value}
        response = client.post(url, data)
        assert response.status_code == 303, response.text

    correcting_game.refresh_from_db()
    assert correcting_game.record["rounds"] == [CORRECTED_ROUND_1, ROUND_2]
    assert correcting_game.correcting is None
    assert correcting_game.pending == []
    # Ann's 13 for round 1 becomes 3; round 2 stands as it was.
    assert score(parse_record(correcting_game.record)).totals == (15, 15, 25, 4)
    table = client.get(response["Location"])
    assert "Round 3 of 19" in table.text
    assert '<td class="num made">15 <small>(+12)</small>' in table.text


def tricks_entries() -> list[dict[str, Any]]:
    return [{"kind": "tricks", "seat": 1, "value": 4}, {"kind": "tricks", "seat": 2, "value": 2}]


def test_the_last_step_of_a_correction_with_htmx_answers_the_table_as_it_now_stands(
    htmx_client: Client, correcting_game: Game
) -> None:
    Game.objects.filter(pk=correcting_game.pk).update(
        pending=[bid(1, 3), bid(2, 2), bid(3, 3), bid(0, 4), *tricks_entries()]
    )
    correcting_game.refresh_from_db()
    data = {"version": correcting_game.version, "kind": "tricks", "seat": 3, "value": 1}

    response = htmx_client.post(f"/g/{correcting_game.key}/enter/", data)

    assert response.status_code == 200
    assert "Oh Hell: Round 3 of 19" in response.text
    correcting_game.refresh_from_db()
    assert correcting_game.record["rounds"] == [CORRECTED_ROUND_1, ROUND_2]
    assert correcting_game.correcting is None


def test_a_correction_keeps_the_rules_of_the_round(
    client: Client, correcting_game: Game, stored: Stored
) -> None:
    Game.objects.filter(pk=correcting_game.pk).update(pending=[bid(1, 3), bid(2, 2), bid(3, 3)])
    before = stored(correcting_game)

    response = client.post(
        f"/g/{correcting_game.key}/enter/",
        {"version": before["version"], "kind": "bid", "seat": 0, "value": 2},
    )

    assert response.status_code == 400
    assert escape("Ann deals and may not bid 2: the bids would add up to the 10 tricks") in (
        response.text
    )
    assert stored(correcting_game) == before


def test_undo_with_nothing_entered_again_cancels_the_correction(
    client: Client, correcting_game: Game
) -> None:
    response = client.post(f"/g/{correcting_game.key}/undo/", {"version": 8})

    assert response.status_code == 303
    correcting_game.refresh_from_db()
    assert correcting_game.correcting is None
    assert correcting_game.pending == []
    assert correcting_game.record["rounds"] == [ROUND_1, ROUND_2]
    table = client.get(response["Location"])
    assert "Round 3 of 19" in table.text
    assert "Cancel correction" not in table.text


def test_cancelling_a_correction_with_htmx_answers_the_table_as_it_was(
    htmx_client: Client, correcting_game: Game
) -> None:
    response = htmx_client.post(f"/g/{correcting_game.key}/undo/", {"version": 8})

    assert response.status_code == 200
    assert "<html" not in response.text
    assert "Oh Hell: Round 3 of 19" in response.text
    assert "Totals after round 2" in response.text
    correcting_game.refresh_from_db()
    assert correcting_game.correcting is None
    assert correcting_game.record["rounds"] == [ROUND_1, ROUND_2]


def test_undo_during_a_correction_takes_back_the_entry_and_keeps_correcting(
    client: Client, correcting_game: Game
) -> None:
    Game.objects.filter(pk=correcting_game.pk).update(pending=[bid(1, 3), bid(2, 2)])

    response = client.post(f"/g/{correcting_game.key}/undo/", {"version": 8})

    assert response.status_code == 303
    correcting_game.refresh_from_db()
    assert correcting_game.correcting == 1
    assert correcting_game.pending == [bid(1, 3)]
    assert "Correcting round 1" in client.get(response["Location"]).text


def test_it_refuses_a_correction_while_a_round_is_in_progress(
    client: Client, bidding_game: Game, stored: Stored
) -> None:
    before = stored(bidding_game)

    response = client.post(f"/g/{bidding_game.key}/correct/", {"version": 9, "number": 1})

    assert response.status_code == 400
    message = "Finish or undo the round in progress before correcting an earlier one."
    assert message in response.text
    assert stored(bidding_game) == before


def test_it_refuses_a_round_not_yet_played(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(f"/g/{played_game.key}/correct/", {"version": 7, "number": 3})

    assert response.status_code == 400
    assert "There is no round 3 to correct" in response.text
    assert stored(played_game) == before


def test_it_refuses_a_round_number_that_is_not_a_number(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(f"/g/{played_game.key}/correct/", {"version": 7, "number": "last"})

    assert response.status_code == 400
    assert "Pick the round to correct." in response.text
    assert stored(played_game) == before


def test_it_refuses_a_correction_from_an_older_screen(
    client: Client, played_game: Game, stored: Stored
) -> None:
    before = stored(played_game)

    response = client.post(f"/g/{played_game.key}/correct/", {"version": 6, "number": 1})

    assert response.status_code == 409
    assert escape(STALE) in response.text
    assert stored(played_game) == before


def test_a_finished_game_may_still_be_corrected(client: Client, finished_game: Game) -> None:
    response = client.post(f"/g/{finished_game.key}/correct/", {"version": 40, "number": 10})

    assert response.status_code == 303
    finished_game.refresh_from_db()
    assert finished_game.correcting == 10
    assert "Correcting round 10" in client.get(response["Location"]).text


def test_a_stopped_games_later_round_may_be_corrected_and_the_stop_stays(
    client: Client, db: None
) -> None:
    # RULINGS, "Corrections": a stopped game's rounds are corrected like any other.
    stopped = {**record("oh-hell", FOUR, 0, {}, [ROUND_1, ROUND_2]), "stopped": True}
    game = Game.objects.create(kind="oh-hell", record=stopped, version=3)

    response = client.post(f"/g/{game.key}/correct/", {"version": 3, "number": 2})

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.correcting == 2
    assert "Correcting round 2" in client.get(response["Location"]).text
    # Round 2 (Bob deals) again: Cat 3, Dev 2, Ann 2, Bob 1; Cat took 3, Dev 2, Ann 2.
    steps = [("bid", 2, 3), ("bid", 3, 2), ("bid", 0, 2), ("bid", 1, 1)]
    steps += [("tricks", 2, 3), ("tricks", 3, 2), ("tricks", 0, 2)]
    for version, (kind, seat, value) in enumerate(steps, start=4):
        posted = {"version": version, "kind": kind, "seat": seat, "value": value}
        assert client.post(f"/g/{game.key}/enter/", posted).status_code == 303
    game.refresh_from_db()
    assert game.correcting is None
    assert game.record["stopped"] is True
    assert game.record["rounds"][1] == {"bids": [2, 1, 3, 2], "tricks": [2, 2, 3, 2]}
    assert "Stopped after round 2" in client.get(f"/g/{game.key}/").text


def test_the_totals_before_correcting_are_the_fixtures_own(played_game: Game) -> None:
    # The numbers the tests above start from, as the engine works them out.
    assert score(parse_record(played_game.record)).totals == tuple(TOTALS_AFTER_2)


def test_it_refuses_a_get(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/correct/")

    assert response.status_code == 405


def test_correcting_a_brink_bid_round_keeps_the_dice_as_they_fell(client: Client) -> None:
    # The round was played "pass 2 right": correcting a bid must not roll again.
    dice = {"trump": "clubs", "number": 2, "direction": "right"}
    played = {"bids": [1, 2, 0, 1], "tricks": [1, 1, 2, 0], "dice": dice}
    game = Game.start(parse_record(record("brink-bid", FOUR, 0, {}, [played])))
    client.post(f"/g/{game.key}/correct/", {"version": game.version, "number": 1})

    game.refresh_from_db()
    assert game.pending == [{"kind": "dice", "seat": None, "value": dice}]
    assert "Ben bids" in client.get(f"/g/{game.key}/").text
    for kind, seat, value in [
        ("bid", 1, 2), ("bid", 2, 0), ("bid", 3, 1), ("bid", 0, 0),
        ("tricks", 1, 1), ("tricks", 2, 2), ("tricks", 3, 1),
    ]:  # fmt: skip
        game.refresh_from_db()
        data = {"version": game.version, "kind": kind, "seat": seat, "value": value}
        assert client.post(f"/g/{game.key}/enter/", data).status_code == 303

    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [0, 2, 0, 1], "tricks": [0, 1, 2, 1], "dice": dice}]


def test_with_htmx_a_skull_king_round_entered_again_asks_the_bonus_again(
    htmx_client: Client, db: None
) -> None:
    rounds = [
        {"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]},
        {"bids": [0, 1, 1], "tricks": [0, 1, 1]},
    ]
    game = Game.start(
        parse_record(
            {
                "format": "scorepad/1",
                "game": "skull-king",
                "options": {"hands": [2, 2]},
                "players": ["Ann", "Bob", "Cat"],
                "first_dealer": 0,
                "rounds": rounds,
            }
        )
    )
    response = htmx_client.post(f"/g/{game.key}/correct/", {"version": game.version, "number": 1})
    assert "Correcting round 1" in response.text
    steps = [("bid", 0, 1), ("bid", 1, 0), ("bid", 2, 1), ("tricks", 1, 0), ("tricks", 2, 1)]
    for kind, seat, value in steps:
        game.refresh_from_db()
        data = {"version": game.version, "kind": kind, "seat": seat, "value": value}
        response = htmx_client.post(f"/g/{game.key}/enter/", data)
        assert response.status_code == 200, response.text
    assert "Whose bonus?" in response.text  # all three made their bid, Bob first
    for seat, bonus in ((1, 0), (2, 0), (0, 40)):
        game.refresh_from_db()
        data = {"version": game.version, "kind": "bonus", "seat": seat, "value": bonus}
        response = htmx_client.post(f"/g/{game.key}/enter/", data)
        assert response.status_code == 200
    game.refresh_from_db()
    assert game.correcting is None
    assert game.record["rounds"] == [{**rounds[0], "bonus": [40, 0, 0]}, rounds[1]]
