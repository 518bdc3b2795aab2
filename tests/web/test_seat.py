"""seat: a player's own phone (``/s/<key>/``): the round, the bids, the totals, its pad."""

from __future__ import annotations

import re

from django.test import Client

from scorepad.models import Game
from tests.conftest import bid, oh_hell
from tests.web.seats import boerenbridge, cells, marked, phone, take
from tests.web.test_translations import _text, english_left


def pad(html: str) -> str:
    """The seat's pad, if it has one: what it asks, and the values it offers."""
    found = re.search(r'<div class="pad">.*?</form>', html, re.S)
    return found.group(0) if found else ""


def test_it_shows_the_round_its_player_and_the_totals(client: Client, played_game: Game) -> None:
    seat = take(played_game, 3)

    response = client.get(phone(seat))

    assert response.status_code == 200
    assert "Dev&#x27;s phone" in response.text or "Dev's phone" in response.text
    assert "Oh Hell: Round 3 of 19" in response.text
    assert "<dt>Cards</dt><dd>8</dd>" in response.text
    assert "<dt>Deals</dt><dd>Cat</dd>" in response.text
    assert "Totals after round 2" in response.text
    # Dev bids first in round 3: his own pad is live.
    assert "Dev bids" in pad(response.text)
    assert 'name="value" value="8"' in pad(response.text)


def test_its_pad_is_live_only_when_its_own_bid_is_asked_for(client: Client, new_game: Game) -> None:
    bob, ann = take(new_game, 1), take(new_game, 0)

    bobs = client.get(phone(bob)).text
    anns = client.get(phone(ann)).text

    assert "Bob bids" in pad(bobs)
    assert pad(anns) == ""
    assert '<h2 class="prompt now">Now: Bob bids</h2>' in anns
    assert "Your pad lights up when your own bid or tricks are asked for." in anns
    assert 'name="value"' not in anns


def test_its_pad_asks_for_its_own_tricks_in_turn(client: Client, hooked_game: Game) -> None:
    Game.objects.filter(pk=hooked_game.pk).update(
        pending=[*hooked_game.pending, bid(0, 3)], version=6
    )
    bob, cat = take(hooked_game, 1), take(hooked_game, 2)

    assert "Tricks Bob took" in pad(client.get(phone(bob)).text)
    assert pad(client.get(phone(cat)).text) == ""


def test_every_phone_may_bid_when_everyone_bids_at_once(client: Client) -> None:
    game = boerenbridge()
    phones = [take(game, number) for number in range(4)]

    for seat, name in zip(phones, ("Ann", "Bob", "Cat", "Dev"), strict=True):
        html = client.get(phone(seat)).text
        assert f"{name} bids" in pad(html), name
        assert f'<input type="hidden" name="seat" value="{seat.number}">' in pad(html)
        # Its own pad, not the keeper's: no choosing whose bid it is.
        assert "Whose bid?" not in html


def test_sealed_it_shows_its_own_bid_and_only_a_tick_for_the_others(client: Client) -> None:
    game = Game.objects.create(
        game="oh-hell",
        record=oh_hell(options={"bidding": "sealed"}),
        pending=[bid(1, 3), bid(2, 5)],
        version=4,
    )
    bob, dev = take(game, 1), take(game, 3)

    bobs = client.get(phone(bob)).text
    devs = client.get(phone(dev)).text

    assert marked(bobs, "Bob") and cells(bobs, "Bob")[0] == "3"
    assert cells(bobs, "Cat")[0] == "✓"
    assert "Your bid: 3. The others see only that you have bid" in bobs
    assert cells(devs, "Bob")[0] == cells(devs, "Cat")[0] == "✓"
    for html in (bobs, devs):
        assert ">5<" not in re.sub(r'<div class="pad">.*?</form>', "", html, flags=re.S)


def test_it_shows_no_link_of_the_keepers(client: Client, finished_game: Game) -> None:
    seat = take(finished_game, 0)

    response = client.get(phone(seat))

    assert response.status_code == 200
    assert finished_game.key not in response.text
    assert "/g/" not in response.text
    assert 'class="winners"' in response.text


def test_htmx_gets_its_section_alone(htmx_client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)

    response = htmx_client.get(phone(seat))

    assert response.text.startswith('<section id="seat"')
    assert "<html" not in response.text


def test_without_a_stream_it_polls_as_the_viewer_does(
    client: Client, htmx_client: Client, new_game: Game
) -> None:
    seat = take(new_game, 1)

    response = client.get(phone(seat))

    # The tests' client is WSGI: no stream is offered, the page asks every few seconds.
    assert "sse-connect" not in response.text
    new_game.refresh_from_db()
    assert f'hx-get="{phone(seat)}?since={new_game.version}"' in response.text
    assert "data-poll" in response.text
    # Asked with the version it shows: nothing new is a 204, nothing drawn.
    unchanged = htmx_client.get(f"{phone(seat)}?since={new_game.version}")
    moved_on = htmx_client.get(f"{phone(seat)}?since={new_game.version - 1}")
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert moved_on.text.startswith('<section id="seat"')


def test_opening_it_notes_the_phone_is_there(client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)

    client.get(phone(seat))

    seat.refresh_from_db()
    assert seat.seen is not None


def test_a_released_seats_link_says_so_with_410(
    client: Client, htmx_client: Client, new_game: Game
) -> None:
    seat = take(new_game, 1)
    new_game.release_seat(1)

    response = client.get(phone(seat))
    htmx = htmx_client.get(phone(seat))

    assert response.status_code == 410
    assert "This seat was released" in response.text
    assert "scan the Join code on the keeper&#x27;s phone" in response.text or (
        "scan the Join code on the keeper's phone" in response.text
    )
    assert 'name="value"' not in response.text
    # htmx swaps no 410: it is told to load the page, which says so.
    assert htmx.status_code == 410 and htmx["HX-Refresh"] == "true"


def test_an_unknown_seat_link_is_not_found(client: Client, new_game: Game) -> None:
    assert client.get("/s/not-a-seat/").status_code == 404
    assert client.get(f"/s/{new_game.key}/").status_code == 404
    assert client.get(f"/s/{new_game.join_key}/").status_code == 404


def test_it_reads_in_dutch(client: Client, hooked_game: Game) -> None:
    bob, ann = take(hooked_game, 1), take(hooked_game, 0)
    for seat in (bob, ann):
        english = client.get(phone(seat), headers={"accept-language": "en"})
        dutch = client.get(phone(seat), headers={"accept-language": "nl"})

        assert '<html lang="nl">' in dutch.text
        assert english_left(_text(english.text), _text(dutch.text)) == set()
    assert "Telefoon van Bob" in dutch.text or "Telefoon van Ann" in dutch.text


def test_it_marks_its_own_row_when_asked_and_everyone_asked_when_not(client: Client) -> None:
    game = boerenbridge()
    cat = take(game, 2)
    Game.objects.filter(pk=game.pk).update(pending=[bid(2, 4)])
    ann = take(game, 0)

    cats = client.get(phone(cat)).text
    anns = client.get(phone(ann)).text

    # Cat has bid: Bob, Dev and Ann are still asked. Ann's phone asks Ann alone.
    assert re.findall(r'<tr class="turn">\s*<th scope="row">(\w+)', cats) == ["Ann", "Bob", "Dev"]
    assert re.findall(r'<tr class="turn">\s*<th scope="row">(\w+)', anns) == ["Ann"]
