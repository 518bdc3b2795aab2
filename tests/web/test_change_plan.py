"""change_plan: the hand sizes from the round to come on, shown and editable (RULINGS,
"Players come and go": the plan)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client

from scorepad.models import Game
from tests.web.changes import address, after_two_rounds, post, redo, undo

Stored = Callable[[Game], dict[str, Any]]

# Oh Hell long for four: 10 down to 1 and up again; round 3 deals 8.
LONG_FROM_3 = "8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10"


def test_the_page_shows_the_plan_as_it_stands_to_edit(client: Client) -> None:
    game = after_two_rounds()

    page = client.get(address(game, "plan")).text

    assert f'name="plan" type="text" value="{LONG_FROM_3}"' in page
    assert "Now 17 rounds to play." in page
    assert "At most 13 cards each for 4 players." in page  # the whole pack: no trump


def test_after_a_join_the_page_shows_the_plan_proposed_for_the_new_table(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "change", name="Eva", place="4", start="zero")

    page = client.get(address(game, "plan")).text

    # What Oh Hell long would deal next, at most 10 cards for five.
    assert 'value="8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10"' in page
    assert "At most 10 cards each for 5 players." in page


def test_a_shorter_plan_ends_the_game_sooner(client: Client) -> None:
    game = after_two_rounds()

    response = post(client, game, "plan", plan="3, 2 1")

    assert response.status_code == 303
    assert game.pending == [{"kind": "plan", "seat": None, "value": [3, 2, 1]}]
    table = client.get(f"/g/{game.key}/").text
    assert "Oh Hell: Round 3 of 5</h1>" in table
    assert "<dt>Cards</dt><dd>3</dd>" in table
    assert "<li>A new plan of hand sizes: 3 2 1</li>" in table
    assert "Undo the new plan</button>" in table


def test_with_htmx_a_plan_answers_with_the_table(htmx_client: Client) -> None:
    game = after_two_rounds()

    response = post(htmx_client, game, "plan", plan="5 5 5")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "Round 3 of 5" in response.text


def test_a_hand_too_big_for_the_pack_is_refused_and_the_plan_kept(
    client: Client, stored: Stored
) -> None:
    game = after_two_rounds()
    before = stored(game)

    response = post(client, game, "plan", plan="8 14 2")

    assert response.status_code == 400
    assert (
        "A plan of 14 cards is too many: the pack deals 4 players at most 13 cards" in response.text
    )
    assert 'value="8 14 2"' in response.text
    assert stored(game) == before


def test_plans_that_do_not_read_are_refused_plainly(client: Client, stored: Stored) -> None:
    game = after_two_rounds()
    before = stored(game)
    for plan in ("", "eight", "8 -1", "0", "8 7 6 ٣", " ".join(["1"] * 61), "9" * 500):
        response = client.post(address(game, "plan"), {"version": 7, "plan": plan})
        assert response.status_code == 400, plan
    assert stored(game) == before


def test_undo_takes_the_plan_back_and_redo_puts_it_back(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "plan", plan="2 1")

    undo(client, game)
    assert game.pending == []
    assert "Round 3 of 19" in client.get(f"/g/{game.key}/").text

    redo(client, game)
    assert game.pending == [{"kind": "plan", "seat": None, "value": [2, 1]}]


def test_the_plan_is_kept_with_the_round_it_starts(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "plan", plan="2 1")
    for kind, seat, value in (
        ("bid", 3, 0),
        ("bid", 0, 0),
        ("bid", 1, 0),
        ("bid", 2, 1),
        ("tricks", 3, 0),
        ("tricks", 0, 0),
        ("tricks", 1, 1),
    ):
        assert post(client, game, "enter", kind=kind, seat=seat, value=value).status_code == 303

    assert game.record["rounds"][2]["plan"] == [2, 1]
    assert "Round 4 of 4" in client.get(f"/g/{game.key}/").text


def test_the_page_offers_the_common_changes_as_taps(client: Client) -> None:
    game = after_two_rounds()

    page = client.get(address(game, "plan")).text

    assert '<button name="tap" value="more">One more round, of 11 cards</button>' in page
    assert '<button name="tap" value="fewer">One round fewer: 16 to play</button>' in page
    assert '<button name="tap" value="end">End after the next round, of 8 cards</button>' in page
    assert '<button name="tap" value="again">The same hand again: 9 cards</button>' in page
    assert f'name="plan" type="text" value="{LONG_FROM_3}"' in page  # the typed list too


def test_one_more_round_is_one_tap_and_the_engine_makes_the_plan(client: Client) -> None:
    game = after_two_rounds()

    response = post(client, game, "plan", tap="more")

    assert response.status_code == 303
    sizes = [int(size) for size in f"{LONG_FROM_3} 11".split()]
    assert game.pending == [{"kind": "plan", "seat": None, "value": sizes}]
    assert "Oh Hell: Round 3 of 20</h1>" in client.get(f"/g/{game.key}/").text


def test_with_htmx_ending_after_the_next_round_answers_with_the_table(
    htmx_client: Client,
) -> None:
    game = after_two_rounds()

    response = post(htmx_client, game, "plan", tap="end")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "Round 3 of 3" in response.text
    assert game.pending == [{"kind": "plan", "seat": None, "value": [8]}]


def test_a_tap_not_offered_is_refused_and_nothing_changes(client: Client) -> None:
    game = after_two_rounds()
    post(client, game, "plan", tap="end")

    # Ending after the next round, when the plan already does: no longer offered.
    response = post(client, game, "plan", tap="end")
    unknown = post(client, game, "plan", tap="twice")

    assert response.status_code == unknown.status_code == 400
    assert "This change of the plan is not offered now." in response.text
    assert game.pending == [{"kind": "plan", "seat": None, "value": [8]}]
