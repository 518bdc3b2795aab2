"""game_table and game_enter with sealed bids on the keeper's phone: a bid entered for
any seat, in any order, changed until the last is in, stays unseen until then."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scorepad.models import Game

PLAYERS = ["Ann", "Bob", "Cat", "Dev"]
GAMES = ["oh-hell", "boerenbridge", "brink-bid", "wizard", "skull-king"]


def start(game: str, **options: Any) -> Game:
    """Ann deals one hand of 9 cards (bids no page says by chance), bids sealed;
    Boerenbridge for four, the others for three. Brink Bid's dice are rolled."""
    players = PLAYERS if game == "boerenbridge" else PLAYERS[:3]
    record = {
        "format": "scorepad/1",
        "game": game,
        "options": {"hands": [9], "bidding": "sealed", **options},
        "players": players,
        "first_dealer": 0,
        "rounds": [],
    }
    stored = Game.objects.create(kind=game, record=record)
    if game == "brink-bid":
        assert tap_roll(Client(), stored).status_code == 303
    return stored


def tap_roll(client: Client, game: Game) -> Any:
    game.refresh_from_db()
    return client.post(f"/g/{game.key}/enter/", {"version": game.version, "kind": "roll"})


def tap(client: Client, game: Game, seat: int, value: int) -> Any:
    game.refresh_from_db()
    data = {"version": game.version, "kind": "bid", "seat": seat, "value": value}
    return client.post(f"/g/{game.key}/enter/", data)


def bid_cells(html: str) -> dict[str, str]:
    """Each player's bid as the table's totals show it."""
    return dict(re.findall(r'<th scope="row">(\w+).*?</th><td>([^<]*)</td>', html))


def choices(html: str) -> str:
    """The step's buttons."""
    return html.split('class="choices')[1].split("</div>")[0]


@pytest.mark.parametrize("game", GAMES)
def test_sealed_bids_for_any_seat_stay_hidden_until_the_last_then_all_appear(
    client: Client, db: None, game: str
) -> None:
    stored = start(game)
    four = game == "boerenbridge"
    # Ann deals and bids first, then Cat, out of turn; Cat changes hers.
    for seat, value in ((0, 7), (2, 8), (2, 5)):
        assert tap(client, stored, seat, value).status_code == 303
    page = client.get(f"/g/{stored.key}/").text
    hidden = {"Ann": "✓", "Bob": "", "Cat": "✓"} | ({"Dev": ""} if four else {})
    assert bid_cells(page) == hidden
    assert "bid of" not in page and "add up to" not in page
    assert "Undo Cat&#x27;s bid<" in page
    if four:
        assert tap(client, stored, 3, 6).status_code == 303
    assert tap(client, stored, 1, 8).status_code == 303
    page = client.get(f"/g/{stored.key}/").text
    shown = {"Ann": "7", "Bob": "8", "Cat": "5"} | ({"Dev": "6"} if four else {})
    assert bid_cells(page) == shown
    assert "s bid of 8" in page and "The bids add up to" in page


def test_with_htmx_each_sealed_bid_answers_a_fragment_that_does_not_show_it(
    htmx_client: Client, db: None
) -> None:
    stored = start("oh-hell")
    response = tap(htmx_client, stored, 0, 7)  # the dealer, first
    assert response.status_code == 200
    assert bid_cells(response.text) == {"Ann": "✓", "Bob": "", "Cat": ""}
    assert "bid of" not in response.text
    response = tap(htmx_client, stored, 0, 6)
    assert bid_cells(response.text) == {"Ann": "✓", "Bob": "", "Cat": ""}
    tap(htmx_client, stored, 2, 1)
    response = tap(htmx_client, stored, 1, 8)
    assert bid_cells(response.text) == {"Ann": "6", "Bob": "8", "Cat": "1"}


@pytest.mark.parametrize("game", GAMES)
def test_once_the_bids_are_shown_a_bid_changed_is_refused_and_changes_nothing(
    client: Client, db: None, game: str
) -> None:
    stored = start(game)
    for seat in (1, 2, 3, 0) if game == "boerenbridge" else (1, 2, 0):
        tap(client, stored, seat, 2)
    stored.refresh_from_db()
    before = (stored.version, list(stored.pending))
    response = tap(client, stored, 1, 3)
    assert response.status_code == 400
    assert "The bids are shown: Bob&#x27;s bid can no longer change" in response.text
    stored.refresh_from_db()
    assert (stored.version, list(stored.pending)) == before


@pytest.mark.parametrize("game", ["oh-hell", "boerenbridge"])
def test_under_the_hook_the_dealer_is_refused_nothing_until_the_bids_are_shown(
    client: Client, db: None, game: str
) -> None:
    stored = start(game, hands=[3])
    others = (1, 2, 3) if game == "boerenbridge" else (1, 2)
    for seat in others:
        tap(client, stored, seat, 1 if seat == 1 else 0)
    page = client.get(f"/g/{stored.key}/").text
    # Open, Ann's 2 would be refused here, which would tell what the others bid.
    assert "Ann bids" in page and "disabled" not in choices(page)
    assert tap(client, stored, 0, 2).status_code == 303  # shown: 1 + 2 = 3, the hook
    page = client.get(f"/g/{stored.key}/").text
    assert "disabled" in choices(page)
    assert tap(client, stored, 0, 2).status_code == 400
    assert tap(client, stored, 0, 1).status_code == 303
    stored.refresh_from_db()
    assert stored.pending[-1] == {"kind": "bid", "seat": 0, "value": 1}


def test_brink_bid_asks_the_roll_before_any_sealed_bid(client: Client, db: None) -> None:
    record = {
        "format": "scorepad/1",
        "game": "brink-bid",
        "options": {"hands": [9], "bidding": "sealed"},
        "players": PLAYERS[:3],
        "first_dealer": 0,
        "rounds": [],
    }
    stored = Game.objects.create(kind="brink-bid", record=record)
    assert tap(client, stored, 0, 1).status_code == 400
    stored.refresh_from_db()
    assert stored.pending == []
    assert tap_roll(client, stored).status_code == 303
    assert tap(client, stored, 0, 1).status_code == 303


def test_whose_bid_offers_those_who_have_bid_to_change_it_unseen(client: Client, db: None) -> None:
    stored = start("oh-hell")
    tap(client, stored, 1, 3)

    page = client.get(f"/g/{stored.key}/").text
    picked = client.get(f"/g/{stored.key}/?seat=1").text

    who = re.search(r'<p class="who">.*?</p>', page, re.S)
    assert who is not None
    assert re.findall(r">(\w+)</a>", who.group(0)) == ["Ann", "Bob", "Cat"]
    assert "Bob has bid and may change it until the last bid is in" in picked
    assert '<input type="hidden" name="seat" value="1">' in picked
    # Passing the phone round: the keeper's table never marks what Bob bid.
    assert "aria-current" not in picked and bid_cells(picked)["Bob"] == "✓"
    assert tap(client, stored, 1, 4).status_code == 303
    stored.refresh_from_db()
    assert stored.pending[-1] == {"kind": "bid", "seat": 1, "value": 4}
