"""seat_enter: a tap on a player's own phone (``POST /s/<key>/enter/``): its own bid or
tricks, through the engine's steps and the version check, like the keeper's."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.models import Game, Seat
from tests.conftest import ROUND_1, bid, oh_hell
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
    assert "This is Cat&#x27;s phone: it enters Cat&#x27;s own bids, tricks and bonus only." in (
        response.text
    )
    assert stored(new_game) == before


def test_it_enters_nothing_but_bids_and_tricks(client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)
    before = stored(new_game)

    for kind, value in (("trump", "hearts"), ("roll", ""), ("call", "pass"), ("lost", "1")):
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


def test_while_the_keeper_corrects_a_round_a_seat_enters_nothing_and_says_which(
    htmx_client: Client, correcting_game: Game
) -> None:
    seat = take(correcting_game, 1)
    before = stored(correcting_game)

    response = tap(seat, "bid", 3, htmx_client)

    # 409, swapped in as the table's conflicts are (a 403 would be taken for a stale page).
    assert response.status_code == 409
    assert response.text.startswith('<section id="seat"')
    assert "The keeper is correcting round 1: only the keeper&#x27;s phone enters now." in (
        response.text
    )
    assert "Your pad comes back when the correction is done." in response.text
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


# -- A tap drawn before another phone's, sent twice, or kept without a connection ----------


def drawn(seat: Seat, client: Client | None = None) -> dict[str, str]:
    """What its phone's pad posts with a tap, as its page draws it: the version and the
    mark of what the pad was drawn from (``mine``)."""
    html = (client or Client()).get(phone(seat)).text
    mine = re.search(r"""<div class="pad" hx-vals='\{"mine": "([^"]*)"\}'>""", html)
    version = re.search(r'name="version" value="(\d+)"', html)
    assert mine is not None and version is not None, html
    return {"version": version.group(1), "mine": mine.group(1)}


def post(seat: Seat, screen: dict[str, str], kind: str, value: Any, **headers: str) -> Any:
    """A tap on the screen ``drawn`` earlier, sent now (``headers``: a replay's, htmx's)."""
    data = {**screen, "kind": kind, "value": value, "seat": seat.number}
    return Client().post(f"{phone(seat)}enter/", data, headers=headers)


REPLAY = {"HX-Request": "true", "Scorepad-Replay": "1"}


def test_a_tap_drawn_before_another_phones_bid_still_counts() -> None:
    game = boerenbridge()  # everyone bids at once
    cat, dev = take(game, 2), take(game, 3)
    cats_screen = drawn(cat)

    assert tap(dev, "bid", 4).status_code == 303
    response = post(cat, cats_screen, "bid", 2)

    assert response.status_code == 303
    assert stored(game)[1] == [bid(3, 4), bid(2, 2)]


def test_a_tap_sent_again_after_its_answer_was_lost_is_entered_once() -> None:
    game = boerenbridge()
    cat, dev = take(game, 2), take(game, 3)
    cats_screen = drawn(cat)
    assert post(cat, cats_screen, "bid", 2).status_code == 303
    assert tap(dev, "bid", 4).status_code == 303

    response = post(cat, cats_screen, "bid", 2, **REPLAY)

    assert response.status_code == 200
    assert response["Scorepad-Tap"] == "entered-before"
    assert 'class="error"' not in response.text
    assert stored(game)[1] == [bid(2, 2), bid(3, 4)]


def test_a_tap_kept_without_a_connection_after_its_round_ended_says_so(
    new_game: Game,
) -> None:
    bob = take(new_game, 1)
    bobs_screen = drawn(bob)
    # Meanwhile the keeper entered the whole of round 1.
    Game.objects.filter(pk=new_game.pk).update(record=oh_hell([ROUND_1]), version=20)

    response = post(bob, bobs_screen, "bid", 3, **REPLAY)

    assert response.status_code == 409
    assert response.text.startswith('<section id="seat"')
    said = html.unescape(response.text)
    assert (
        "Your bid of 3, tapped without a connection, was not entered. "
        "Round 1 is over: this is the table as it is now." in said
    )
    # And what is asked now: Cat bids first in round 2.
    assert '<h2 class="prompt now">Now: Cat bids</h2>' in response.text
    assert stored(new_game)[1] == []


def test_a_tap_whose_own_bid_was_entered_meanwhile_on_the_keepers_phone_is_refused() -> None:
    game = boerenbridge()
    cat = take(game, 2)
    cats_screen = drawn(cat)
    keeper = Client().post(
        f"/g/{game.key}/enter/", {"version": stored(game)[0], "kind": "bid", "seat": 2, "value": 3}
    )
    assert keeper.status_code == 303

    response = post(cat, cats_screen, "bid", 2, **REPLAY)

    assert response.status_code == 409
    assert "Your own entries were changed on another phone meanwhile" in html.unescape(
        response.text
    )
    assert stored(game)[1] == [bid(2, 3)]


def test_a_correction_racing_a_seats_tap_names_the_round_and_enters_nothing(
    played_game: Game,
) -> None:
    dev = take(played_game, 3)  # Dev bids first in round 3
    devs_screen = drawn(dev)
    keeper = Client().post(
        f"/g/{played_game.key}/correct/", {"version": stored(played_game)[0], "number": 2}
    )
    assert keeper.status_code == 303

    response = post(dev, devs_screen, "bid", 1, HX_Request="true")

    assert response.status_code == 409
    said = html.unescape(response.text)
    assert "Your bid of 1 was not entered. The keeper is correcting round 2" in said
    # What its phone shows now: the correction, no pad.
    assert '<h2 class="prompt now">The keeper is correcting round 2' in said
    assert 'class="pad"' not in response.text
    played_game.refresh_from_db()
    assert played_game.pending == [] and played_game.correcting == 2


def test_a_tap_that_arrives_after_the_game_ended_says_the_game_is_over(
    finished_game: Game,
) -> None:
    cat = take(finished_game, 2)
    screen = {"version": "3", "mine": "10-1"}  # drawn in the last round, before its end

    response = post(cat, screen, "tricks", 0, **REPLAY)

    assert response.status_code == 409
    said = html.unescape(response.text)
    assert "Your tricks (0), tapped without a connection, were not entered." in said
    assert "The game is over: nothing more is entered." in said


def test_a_plain_form_from_an_older_screen_without_the_mark_is_refused_as_before() -> None:
    game = boerenbridge()
    cat, dev = take(game, 2), take(game, 3)
    cats_screen = drawn(cat)
    assert tap(dev, "bid", 4).status_code == 303

    response = post(cat, {"version": cats_screen["version"]}, "bid", 2)

    assert response.status_code == 409
    assert "That was already entered" in response.text
    assert stored(game)[1] == [bid(3, 4)]


# -- Skull King's bonus, on the phone of the player who won it -------------------------


def skull_king_bonuses_owed() -> Game:
    """Skull King for Ann, Bob and Cat, Ann dealing 2 cards: everyone made their bid
    (Bob 1, Cat 1, Ann 0), so each is owed a bonus, Bob's asked first."""
    record = {**oh_hell(players=("Ann", "Bob", "Cat")), "game": "skull-king"}
    record["options"] = {"hands": [2, 2]}
    entries = [bid(0, 0), bid(1, 1), bid(2, 1)]
    entries += [{"kind": "tricks", "seat": seat, "value": 1} for seat in (1, 2)]
    return Game.objects.create(kind="skull-king", record=record, pending=entries, version=6)


def test_a_seat_enters_its_own_skull_king_bonus_in_any_order() -> None:
    game = skull_king_bonuses_owed()
    cat = take(game, 2)  # Bob's is asked first; Cat's is owed too

    page = Client().get(phone(cat)).text
    assert "Bonus for Cat" in page and 'data-add="30"' in page
    response = tap(cat, "bonus", 30)

    assert response.status_code == 303
    assert stored(game)[1][-1] == {"kind": "bonus", "seat": 2, "value": 30}


def test_a_seat_may_not_enter_another_players_bonus_and_the_keeper_still_may() -> None:
    game = skull_king_bonuses_owed()
    cat = take(game, 2)
    before = stored(game)

    refused = tap(cat, "bonus", 30, seat="1")

    assert refused.status_code == 403
    assert stored(game) == before
    keeper = Client().post(
        f"/g/{game.key}/enter/", {"version": before[0], "kind": "bonus", "seat": 1, "value": 20}
    )
    assert keeper.status_code == 303
    assert stored(game)[1][-1] == {"kind": "bonus", "seat": 1, "value": 20}


def test_a_seat_with_no_bonus_owed_has_no_bonus_pad() -> None:
    game = skull_king_bonuses_owed()
    Game.objects.filter(pk=game.pk).update(
        pending=[*game.pending, {"kind": "bonus", "seat": 2, "value": 0}], version=7
    )
    cat = take(game, 2)

    page = Client().get(phone(cat)).text

    assert 'class="pad"' not in page
    assert '<h2 class="prompt now">Now: Bob and Ann made their bids: any bonuses?</h2>' in page
