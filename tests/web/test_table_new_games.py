"""The table for Wizard and Skull King: the trump a Wizard names, sealed bids, the lost
tricks, the bonus step of those who made their bid."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scorepad.models import Game

PLAYERS = ["Ann", "Bob", "Cat"]


def record(game: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": game,
        "options": options or {},
        "players": PLAYERS,
        "first_dealer": 0,
        "rounds": [],
    }


def tap(client: Client, game: Game, kind: str, seat: int | None, value: Any) -> Any:
    game.refresh_from_db()
    data: dict[str, Any] = {"version": game.version, "kind": kind, "value": value}
    if seat is not None:
        data["seat"] = seat
    return client.post(f"/g/{game.key}/enter/", data)


@pytest.fixture
def skull_king(db: None) -> Game:
    """Skull King for Ann, Bob and Cat, Ann dealing, two hands of 2 cards."""
    return Game.objects.create(kind="skull-king", record=record("skull-king", {"hands": [2, 2]}))


def test_wizard_offers_the_trump_a_turned_wizard_lets_the_dealer_name(
    client: Client, db: None
) -> None:
    game = Game.objects.create(kind="wizard", record=record("wizard"))
    page = client.get(f"/g/{game.key}/")
    assert page.status_code == 200
    assert "Trump turned up (a Wizard turned: Ann deals and names a suit)" in page.text
    assert "Bob bids" in page.text
    assert tap(client, game, "trump", None, "clubs").status_code == 303
    for seat, bid in ((1, 0), (2, 0), (0, 1)):  # the dealer may make them add up: no hook
        assert tap(client, game, "bid", seat, bid).status_code == 303
    tap(client, game, "tricks", 1, 0)
    tap(client, game, "tricks", 2, 0)
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "clubs"}]


def test_sealed_bids_show_who_has_bid_not_what(client: Client, skull_king: Game) -> None:
    page = client.get(f"/g/{skull_king.key}/")
    assert "Whose bid?" in page.text
    tap(client, skull_king, "bid", 2, 2)
    page = client.get(f"/g/{skull_king.key}/")
    assert "✓" in page.text
    assert "The bids add up to 2 of 1 trick" not in page.text


def test_a_skull_king_round_asks_the_bonus_of_those_who_made_their_bid(
    client: Client, skull_king: Game
) -> None:
    for seat, bid in ((1, 1), (2, 0), (0, 1)):
        assert tap(client, skull_king, "bid", seat, bid).status_code == 303
    page = client.get(f"/g/{skull_king.key}/")
    assert "Tricks nobody took (the Kraken)" in page.text
    assert tap(client, skull_king, "lost", None, 1).status_code == 303
    assert tap(client, skull_king, "tricks", 1, 1).status_code == 303
    page = client.get(f"/g/{skull_king.key}/")
    # No trick is left for Cat: her 0 went in with Bob's tap, not asked.
    assert "Tricks Cat took" not in page.text
    # Ann bid 1 and took none (the last trick was lost): only Bob and Cat are asked.
    assert "Whose bonus?" in page.text and "Bonus for Bob" in page.text
    assert 'data-add="40"' in page.text and "The Skull King taken by a Mermaid" in page.text
    assert 'name="value" value="0"' in page.text
    refused = tap(client, skull_king, "bonus", 0, 20)
    assert refused.status_code == 400
    assert "Ann missed their bid: a bonus counts only for a bid made" in refused.text
    assert tap(client, skull_king, "bonus", 1, 501).status_code == 400
    assert tap(client, skull_king, "bonus", 1, 50).status_code == 303
    assert tap(client, skull_king, "bonus", 2, 0).status_code == 303
    skull_king.refresh_from_db()
    assert skull_king.record["rounds"] == [
        {"bids": [1, 1, 0], "tricks": [0, 1, 0], "bonus": [0, 50, 0], "lost": 1}
    ]
    sheet = client.get(f"/g/{skull_king.key}/sheet/")
    assert sheet.status_code == 200
    assert "Bonus" in sheet.text


def test_with_htmx_a_bonus_answers_the_next_bonus_in_the_table_fragment(
    htmx_client: Client, skull_king: Game
) -> None:
    for seat, bid in ((1, 0), (2, 0), (0, 2)):
        tap(htmx_client, skull_king, "bid", seat, bid)
    tap(htmx_client, skull_king, "tricks", 1, 0)
    tap(htmx_client, skull_king, "tricks", 2, 0)  # Ann's 2 are worked out: all made
    response = tap(htmx_client, skull_king, "bonus", 1, 30)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "Bonus for Cat" in response.text  # Ben's is in; Cat is next in bid order
    refused = tap(htmx_client, skull_king, "bonus", 2, "x")
    assert refused.status_code == 400
    skull_king.refresh_from_db()
    assert skull_king.pending[-1] == {"kind": "bonus", "seat": 1, "value": 30}


def test_a_negative_bonus_is_posted_on_the_same_pad_plain_and_with_htmx(
    client: Client, htmx_client: Client, skull_king: Game
) -> None:
    # Issue 47: a bonus is -500..500; the pad has ± where it may be less than 0.
    for seat, bid in ((1, 0), (2, 0), (0, 2)):
        tap(client, skull_king, "bid", seat, bid)
    tap(client, skull_king, "tricks", 1, 0)
    tap(client, skull_king, "tricks", 2, 0)
    page = client.get(f"/g/{skull_king.key}/").text
    assert 'min="-500" max="500"' in page and "data-negate" in page and "± Minus" in page
    assert tap(client, skull_king, "bonus", 1, -501).status_code == 400
    assert tap(client, skull_king, "bonus", 1, -30).status_code == 303
    response = tap(htmx_client, skull_king, "bonus", 2, -500)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    skull_king.refresh_from_db()
    assert skull_king.pending[-2:] == [
        {"kind": "bonus", "seat": 1, "value": -30},
        {"kind": "bonus", "seat": 2, "value": -500},
    ]


# --- Sealed bids stay unseen until the last is in (RULINGS, "House rules", bidding) ---


def bid_cells(html: str) -> dict[str, str]:
    """Each player's bid as the table's totals show it."""
    found = re.findall(r'<th scope="row">(\w+).*?</th><td>([^<]*)</td>', html)
    return dict(found)


@pytest.fixture
def sealed_nine(db: None) -> Game:
    """Skull King, sealed as ruled, one hand of 9 cards: bids no page says by chance."""
    return Game.objects.create(kind="skull-king", record=record("skull-king", {"hands": [9]}))


def test_sealed_the_undo_button_names_the_bid_not_its_value(
    client: Client, sealed_nine: Game
) -> None:
    tap(client, sealed_nine, "bid", 0, 7)
    page = client.get(f"/g/{sealed_nine.key}/").text
    assert "Undo Ann&#x27;s bid<" in page or "Undo Ann's bid<" in page
    assert "bid of" not in page
    assert bid_cells(page) == {"Ann": "✓", "Bob": "", "Cat": ""}
    assert "add up to" not in page
    tap(client, sealed_nine, "bid", 1, 8)
    tap(client, sealed_nine, "bid", 0, 6)  # Ann changes hers, still unseen
    page = client.get(f"/g/{sealed_nine.key}/").text
    assert "bid of" not in page
    assert bid_cells(page) == {"Ann": "✓", "Bob": "✓", "Cat": ""}
    tap(client, sealed_nine, "bid", 2, 5)  # the last bid: all are shown together
    page = client.get(f"/g/{sealed_nine.key}/").text
    assert bid_cells(page) == {"Ann": "6", "Bob": "8", "Cat": "5"}
    assert "s bid of 5" in page
    assert "The bids add up to 19 of 9 tricks" in page


def test_sealed_the_redo_button_names_an_undone_bid_without_its_value(
    client: Client, sealed_nine: Game
) -> None:
    for seat, bid in ((0, 7), (1, 8), (2, 5)):
        tap(client, sealed_nine, "bid", seat, bid)
    sealed_nine.refresh_from_db()
    client.post(f"/g/{sealed_nine.key}/undo/", {"version": sealed_nine.version})
    page = client.get(f"/g/{sealed_nine.key}/").text
    assert "Redo Cat&#x27;s bid<" in page or "Redo Cat's bid<" in page
    assert "Undo Bob&#x27;s bid<" in page or "Undo Bob's bid<" in page
    assert "bid of" not in page
    assert bid_cells(page) == {"Ann": "✓", "Bob": "✓", "Cat": ""}


def test_with_htmx_a_sealed_bid_answers_a_fragment_that_does_not_show_it(
    htmx_client: Client, sealed_nine: Game
) -> None:
    response = tap(htmx_client, sealed_nine, "bid", 1, 8)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "bid of" not in response.text
    assert bid_cells(response.text) == {"Ann": "", "Bob": "✓", "Cat": ""}
    tap(htmx_client, sealed_nine, "bid", 0, 7)
    response = tap(htmx_client, sealed_nine, "bid", 2, 5)
    assert bid_cells(response.text) == {"Ann": "7", "Bob": "8", "Cat": "5"}
    assert "Undo Cat" in response.text and "s bid of 5" in response.text


def test_open_skull_king_bids_show_as_they_are_given(client: Client, db: None) -> None:
    game = Game.objects.create(
        kind="skull-king", record=record("skull-king", {"hands": [9], "bidding": "open"})
    )
    tap(client, game, "bid", 1, 8)
    page = client.get(f"/g/{game.key}/").text
    assert bid_cells(page) == {"Ann": "", "Bob": "8", "Cat": ""}
    assert "s bid of 8" in page


@pytest.mark.parametrize("name", ["oh-hell", "wizard"])
def test_sealed_bids_in_turn_stay_unseen_until_the_last(
    client: Client, db: None, name: str
) -> None:
    game = Game.objects.create(kind=name, record=record(name, {"hands": [5], "bidding": "sealed"}))
    if name == "wizard":
        tap(client, game, "trump", None, "clubs")
    tap(client, game, "bid", 1, 4)  # Bob bids first, Ann deals
    page = client.get(f"/g/{game.key}/").text
    assert bid_cells(page) == {"Ann": "", "Bob": "✓", "Cat": ""}
    assert "bid of" not in page and "add up to" not in page
    tap(client, game, "bid", 2, 3)
    tap(client, game, "bid", 0, 3)
    page = client.get(f"/g/{game.key}/").text
    assert bid_cells(page) == {"Ann": "3", "Bob": "4", "Cat": "3"}
    assert "s bid of 3" in page and "The bids add up to 10 of 5 tricks" in page


def test_sealed_under_the_hook_the_dealer_bids_unseen_then_again_openly(
    client: Client, db: None
) -> None:
    game = Game.objects.create(
        kind="oh-hell", record=record("oh-hell", {"hands": [5], "bidding": "sealed"})
    )
    tap(client, game, "bid", 1, 2)
    tap(client, game, "bid", 2, 1)
    page = client.get(f"/g/{game.key}/").text
    # Sealed, the dealer's buttons do not tell what the others bid: none is refused.
    assert "Ann bids" in page and "disabled" not in page.split('class="choices')[1][:600]
    assert tap(client, game, "bid", 0, 2).status_code == 303  # 2 + 1 + 2 = 5: the hook
    page = client.get(f"/g/{game.key}/").text
    assert bid_cells(page) == {"Ann": "", "Bob": "2", "Cat": "1"}
    assert "the bids shown add up to the tricks: Ann deals and bids again, openly" in page
    refused = tap(client, game, "bid", 0, 2)
    assert refused.status_code == 400  # openly, under the hook
    assert tap(client, game, "bid", 0, 3).status_code == 303
    tap(client, game, "tricks", 1, 2)
    tap(client, game, "tricks", 2, 1)
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [3, 2, 1], "tricks": [2, 2, 1]}]
