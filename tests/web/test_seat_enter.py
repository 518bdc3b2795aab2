"""seat_enter: a tap on a player's own phone (``POST /s/<key>/enter/``): its own bid or
tricks, through the engine's steps and the version check, like the keeper's."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.models import Game
from tests.conftest import bid, oh_hell
from tests.web.seats import boerenbridge, boerenbridge_bids_in, phone, take, tap


def stored(game: Game) -> tuple[int, list[Any]]:
    game.refresh_from_db()
    return game.version, game.pending


def test_it_enters_its_own_bid_and_goes_back_to_its_phone(new_game: Game) -> None:
    seat = take(new_game, 1)

    response = tap(seat, "bid", 3)

    assert response.status_code == 303
    assert response["Location"] == phone(seat)
    assert stored(new_game)[1] == [bid(1, 3)]


def test_with_htmx_it_answers_with_its_phone_as_it_now_stands(
    htmx_client: Client, new_game: Game
) -> None:
    seat = take(new_game, 1)

    response = tap(seat, "bid", 3, htmx_client)

    assert response.status_code == 200
    assert response.text.startswith('<section id="seat"')
    assert '<h2 class="prompt now">Now: Cat bids</h2>' in response.text
    assert stored(new_game)[1] == [bid(1, 3)]


def test_it_enters_its_own_tricks(hooked_game: Game) -> None:
    Game.objects.filter(pk=hooked_game.pk).update(
        pending=[*hooked_game.pending, bid(0, 3)], version=6
    )
    seat = take(hooked_game, 1)

    assert tap(seat, "tricks", 4).status_code == 303
    assert stored(hooked_game)[1][-1] == {"kind": "tricks", "seat": 1, "value": 4}


def test_it_reads_one_value_and_no_grid_a_crafted_post_adds(new_game: Game) -> None:
    seat = take(new_game, 1)

    # Fields of the keeper's grids: a trick's winner, "Done, nothing exposed".
    grids: dict[str, Any] = {"trick-1": "0", "declare": "none", "named-1": "4"}
    response = tap(seat, "bid", 3, None, None, **grids)

    assert response.status_code == 303
    assert stored(new_game)[1] == [bid(1, 3)]


def test_a_bid_for_another_seat_is_refused_with_403_and_nothing_changes(
    client: Client, new_game: Game
) -> None:
    seat = take(new_game, 2)
    before = stored(new_game)

    # Cat's phone posts Bob's bid (Bob is the one asked).
    response = tap(seat, "bid", 3, client, seat="1")

    assert response.status_code == 403
    assert "This is Cat&#x27;s phone: it enters Cat&#x27;s own bids and tricks only." in (
        response.text
    )
    assert stored(new_game) == before


def test_it_enters_nothing_but_bids_and_tricks(client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)
    before = stored(new_game)

    for kind, value in (("trump", "hearts"), ("roll", ""), ("call", "pass"), ("bonus", "10")):
        response = tap(seat, kind, value, client)

        assert response.status_code == 403, kind
        assert "The keeper&#x27;s phone enters the rest." in response.text
    assert stored(new_game) == before


def test_its_own_bid_out_of_turn_is_refused_with_the_rules_reason(new_game: Game) -> None:
    seat = take(new_game, 3)  # Dev bids third
    before = stored(new_game)

    response = tap(seat, "bid", 2)

    assert response.status_code == 400
    assert "Bob" in response.text and "turn" in response.text
    assert stored(new_game) == before


def test_everyone_at_once_each_phone_enters_its_own_bid(client: Client) -> None:
    game = boerenbridge()
    dev, ann = take(game, 3), take(game, 0)

    assert tap(dev, "bid", 4).status_code == 303
    assert tap(ann, "bid", 2).status_code == 303
    assert stored(game)[1] == [bid(3, 4), bid(0, 2)]


def test_a_form_from_an_older_screen_is_refused_with_409(client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)
    before = stored(new_game)

    data = {"version": before[0] - 1, "kind": "bid", "value": 3}
    response = client.post(f"{phone(seat)}enter/", data)

    assert response.status_code == 409
    assert "That was already entered" in response.text
    assert stored(new_game) == before


def test_a_released_seat_enters_nothing(client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)
    new_game.release_seat(1)
    before = stored(new_game)

    response = tap(seat, "bid", 3, client)

    assert response.status_code == 410
    assert "This seat was released" in response.text
    assert stored(new_game) == before


def test_while_the_keeper_corrects_a_round_a_seat_enters_nothing(
    client: Client, correcting_game: Game
) -> None:
    seat = take(correcting_game, 1)
    before = stored(correcting_game)

    response = tap(seat, "bid", 3, client)

    assert response.status_code == 403
    assert "The keeper is correcting an earlier round" in response.text
    assert stored(correcting_game) == before


def test_a_seat_cannot_undo_redo_correct_or_release(client: Client, bidding_game: Game) -> None:
    seat = take(bidding_game, 0)
    before = stored(bidding_game)

    for action in ("undo/", "redo/", "correct/", "seats/0/release/", "delete/"):
        assert client.post(f"{phone(seat)}{action}", {"version": before[0]}).status_code == 404
        assert client.post(f"/g/{seat.key}/{action}", {"version": before[0]}).status_code == 404
    assert stored(bidding_game) == before


def test_the_viewer_link_takes_no_post(client: Client, new_game: Game) -> None:
    before = stored(new_game)

    response = client.post(f"/v/{new_game.viewer_key}/", {"kind": "bid", "value": 3})

    assert response.status_code == 405
    assert stored(new_game) == before


def test_a_seats_phone_only_reads_a_bid_or_tricks_as_one_value(
    client: Client, new_game: Game
) -> None:
    seat = take(new_game, 1)
    before = stored(new_game)

    for value in ("", "x", "99", "-1", "³"):
        response = tap(seat, "bid", value, client)
        assert response.status_code == 400, value
    assert tap(seat, "", "3", client).status_code == 400
    assert stored(new_game) == before


def test_it_answers_in_dutch(client: Client) -> None:
    game = Game.objects.create(kind="oh-hell", record=oh_hell(), version=1)
    seat = take(game, 2)

    response = tap(seat, "bid", 3, client, {"accept-language": "nl"}, seat="1")

    assert response.status_code == 403
    assert "Dit is de telefoon van Cat" in response.text


FIELDS = ["version", "kind", "seat", "value", "values", "pile", "csrf", "trick-1"]
TEXTS = st.one_of(
    st.sampled_from(["", "0", "1", "2", "3", "10", "-1", "²", "٣", "bid", "tricks", "trump"]),
    st.text(max_size=12),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(FIELDS), TEXTS), max_size=8))
def test_no_post_from_a_seat_gets_a_500_or_enters_for_another(pairs: list[Any]) -> None:
    game = Game.objects.create(kind="oh-hell", record=oh_hell(), pending=[bid(1, 3)], version=2)
    seat = take(game, 2)  # Cat, whose bid is asked
    data: dict[str, list[str]] = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)

    response = Client().post(f"{phone(seat)}enter/", data)

    assert response.status_code in (303, 400, 403, 409), response.status_code
    game.refresh_from_db()
    assert game.pending[0] == bid(1, 3)
    assert all(entry["seat"] == 2 for entry in game.pending[1:])


def sealed_game() -> Game:
    """Oh Hell with sealed bids for Ann, Bob, Cat and Dev: Ann deals 10 cards."""
    return Game.objects.create(kind="oh-hell", record=oh_hell(options={"bidding": "sealed"}))


def test_sealed_two_phones_bid_in_any_order(client: Client) -> None:
    game = sealed_game()
    dev, cat = take(game, 3), take(game, 2)  # Bob bids first in turn: neither is him

    assert tap(dev, "bid", 4).status_code == 303
    assert tap(cat, "bid", 2).status_code == 303
    assert stored(game)[1] == [bid(3, 4), bid(2, 2)]


def test_sealed_a_phone_changes_its_own_bid_until_the_last_is_in(
    htmx_client: Client,
) -> None:
    game = sealed_game()
    cat = take(game, 2)
    tap(cat, "bid", 2)

    response = tap(cat, "bid", 6, htmx_client)

    assert response.status_code == 200
    assert "Your bid: 6." in response.text
    assert 'value="6" aria-current="true"' in response.text
    assert stored(game)[1] == [bid(2, 2), bid(2, 6)]


def test_sealed_a_phone_may_not_change_another_seats_bid(client: Client) -> None:
    game = sealed_game()
    bob, cat = take(game, 1), take(game, 2)
    tap(bob, "bid", 3)
    before = stored(game)

    response = tap(cat, "bid", 0, client, seat="1")

    assert response.status_code == 403
    assert "This is Cat&#x27;s phone" in response.text
    assert stored(game) == before


def test_once_the_bids_are_shown_a_change_gets_the_rules_refusal(client: Client) -> None:
    game = sealed_game()
    phones = [take(game, number) for number in range(4)]
    for seat, value in ((1, 3), (2, 5), (3, 1), (0, 0)):
        assert tap(phones[seat], "bid", value).status_code == 303
    before = stored(game)

    response = tap(phones[2], "bid", 4, client)

    assert response.status_code == 400
    assert "The bids are shown: Cat&#x27;s bid can no longer change" in response.text
    assert stored(game) == before


def test_sealed_boerenbridge_the_dealers_phone_bids_again_under_the_hook(client: Client) -> None:
    game = boerenbridge({"bidding": "sealed", "hands": [3]})
    phones = [take(game, number) for number in range(4)]
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 2)):  # 3 in all: Ann, dealing, again
        assert tap(phones[seat], "bid", value).status_code == 303
    before = stored(game)

    refused = tap(phones[0], "bid", 2, client)
    others = tap(phones[1], "bid", 2, client)

    assert refused.status_code == 400
    assert "Ann deals and may not bid 2" in refused.text
    assert others.status_code == 400
    assert "The bids are shown: Bob&#x27;s bid can no longer change" in others.text
    assert stored(game) == before
    assert tap(phones[0], "bid", 3).status_code == 303
    assert stored(game)[1][-1] == bid(0, 3)


def test_boerenbridge_the_dealers_phone_changes_the_bid_while_the_tricks_wait(
    client: Client,
) -> None:
    game = boerenbridge_bids_in()
    ann, bob = take(game, 0), take(game, 1)

    assert tap(ann, "bid", 0).status_code == 303
    refused = tap(bob, "bid", 0, client)

    assert stored(game)[1][-1] == bid(0, 0)
    assert refused.status_code == 400 and "Bob has bid" in refused.text
