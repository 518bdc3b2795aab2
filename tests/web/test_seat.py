"""seat: a player's own phone (``/s/<key>/``): the round, the bids, the totals, its pad."""

from __future__ import annotations

import re

from django.test import Client

from rules_engine import new_record
from scorepad.models import Game
from tests.conftest import bid, oh_hell
from tests.web.browsers import started_here
from tests.web.seats import boerenbridge, boerenbridge_bids_in, cells, marked, phone, take
from tests.web.test_translations import _text, english_left


def pad(html: str) -> str:
    """The seat's pad, if it has one: what it asks, and the values it offers."""
    found = re.search(r'<div class="pad"[^>]*>.*?</form>', html, re.S)
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
    assert "Your pad lights up when your own bid, tricks or bonus is asked for." in anns
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
        kind="oh-hell",
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
        section = html.split('<section id="seat-sheet"')[0]  # the sheet has round numbers
        assert ">5<" not in re.sub(r'<div class="pad"[^>]*>.*?</form>', "", section, flags=re.S)


def test_sealed_a_partner_sees_the_teams_contract_never_an_opponents_bid(client: Client) -> None:
    # Spades, sealed: Ann (seat 0) bid 3 and Bob (seat 1) a blind nil; Cat and Dev not yet.
    record = new_record("spades", ["Ann", "Bob", "Cat", "Dev"], 3, {"bidding": "sealed"})
    game = Game.start(record)
    game.pending = [bid(0, 3), {"kind": "bid", "seat": 1, "value": "blind"}]
    game.save()
    cat, dev = take(game, 2), take(game, 3)

    cats = client.get(phone(cat)).text
    devs = client.get(phone(dev)).text

    assert '<ul class="notes"><li>Ann &amp; Cat: 3</li></ul>' in cats
    assert '<ul class="notes"><li>Bob &amp; Dev: 0 (Bob nil)</li></ul>' in devs
    assert "Bob &amp; Dev" not in cats.split('<section id="seat-sheet"')[0]
    assert "Ann &amp; Cat" not in devs.split('<section id="seat-sheet"')[0]
    # The table sees neither team's contract until the last bid is in.
    keeper = Client()
    started_here(keeper, game)
    table = keeper.get(f"/g/{game.key}/")
    assert table.status_code == 200 and 'id="step"' in table.text
    assert '<ul class="notes">' not in table.text
    assert cells(cats, "Bob")[0] == cells(devs, "Ann")[0] == "✓"


def test_it_shows_no_link_of_the_keepers(client: Client, finished_game: Game) -> None:
    seat = take(finished_game, 0)

    response = client.get(phone(seat))

    assert response.status_code == 200
    assert finished_game.key not in response.text
    assert "/g/" not in response.text
    assert 'class="winners"' in response.text


def test_it_shows_the_score_sheet_as_the_viewer_does_with_a_link_to_it(
    client: Client, htmx_client: Client, played_game: Game
) -> None:
    seat = take(played_game, 3)

    page = client.get(phone(seat)).text
    tapped = htmx_client.get(phone(seat)).text

    assert '<a class="sheet-link" href="#seat-sheet">Score sheet</a>' in page
    sheet = page.split('<section id="seat-sheet"')[1]
    assert 'sse-swap="sheet"' in sheet
    # Both rounds played, every player's total (the chart too), and no correction link.
    assert ">25</td>" in sheet and ">15</td>" in sheet and ">4</td>" in sheet
    assert 'id="seat-chart-title"' in sheet
    assert 'class="fix"' not in sheet and played_game.key not in page
    # A poll or a tap's answer leaves the sheet out: it comes when the record changes.
    assert "seat-sheet" not in tapped.split("</section>")[-1]
    assert '<section id="seat-sheet"' not in tapped


def test_its_pad_posts_what_it_was_drawn_from(client: Client, new_game: Game) -> None:
    bob = take(new_game, 1)

    page = client.get(phone(bob)).text

    # Round 1, no entry of Bob's yet: a tap from this screen still fits while that holds.
    assert """<div class="pad" hx-vals='{"mine": "1-0"}'>""" in page


def test_while_the_keeper_corrects_a_round_it_says_which_and_offers_no_pad(
    client: Client, correcting_game: Game
) -> None:
    bob = take(correcting_game, 1)

    page = client.get(phone(bob)).text

    assert '<h2 class="prompt now">The keeper is correcting round 1: only the keeper' in page
    assert 'class="pad"' not in page


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


def sealed(game: str = "oh-hell", hands: list[int] | None = None) -> Game:
    """Sealed bids: Oh Hell for Ann, Bob, Cat and Dev (Ann deals 10), or Boerenbridge."""
    if game == "boerenbridge":
        return boerenbridge({"bidding": "sealed", "hands": hands or [3]})
    record = oh_hell(options={"bidding": "sealed", **({"hands": hands} if hands else {})})
    return Game.objects.create(kind="oh-hell", record=record)


def pressed(html: str) -> list[str]:
    """The values its pad marks as its bid so far."""
    return re.findall(r'value="(\w+)" aria-current="true"', pad(html))


def test_sealed_every_phone_may_bid_at_once_in_any_order(client: Client) -> None:
    game = sealed()
    phones = [take(game, number) for number in range(4)]

    for seat, name in zip(phones, ("Ann", "Bob", "Cat", "Dev"), strict=True):
        html = client.get(phone(seat)).text
        assert f'<h2 class="prompt">{name} bids</h2>' in pad(html), name
        assert "disabled" not in pad(html) and pressed(html) == []


def test_sealed_after_its_bid_it_shows_it_and_offers_to_change_it(client: Client) -> None:
    game = sealed()
    Game.objects.filter(pk=game.pk).update(pending=[bid(2, 5)], version=2)
    cat = take(game, 2)

    html = client.get(phone(cat)).text

    assert "Your bid: 5." in html
    assert "Cat has bid and may change it until the last bid is in" in pad(html)
    assert pressed(html) == ["5"]
    assert 'name="value" value="4"' in pad(html) and "disabled" not in pad(html)
    assert cells(html, "Cat")[0] == "5"


def test_sealed_no_other_bid_shows_on_a_phone_nor_on_the_keepers_table(client: Client) -> None:
    game = sealed()
    Game.objects.filter(pk=game.pk).update(pending=[bid(1, 3), bid(2, 5)], version=3)
    bob, dev = take(game, 1), take(game, 3)

    bobs, devs = client.get(phone(bob)).text, client.get(phone(dev)).text
    keepers = client.get(f"/g/{game.key}/").text

    assert cells(bobs, "Bob")[0] == "3" and cells(bobs, "Cat")[0] == "✓"
    assert cells(devs, "Bob")[0] == cells(devs, "Cat")[0] == "✓"
    assert cells(keepers, "Bob")[0] == cells(keepers, "Cat")[0] == "✓"
    assert "5" not in cells(bobs, "Cat") and "3" not in cells(devs, "Bob")
    # Nor marked on a pad: Dev's marks nothing, Bob's his own 3 only.
    assert pressed(devs) == [] and pressed(bobs) == ["3"]
    assert "Your bid: 3." in bobs and "Your bid" not in devs + keepers
    assert "aria-current" not in devs + keepers


def test_once_the_last_bid_is_in_every_phone_shows_every_bid(client: Client) -> None:
    game = sealed()
    Game.objects.filter(pk=game.pk).update(
        pending=[bid(1, 3), bid(2, 5), bid(3, 1), bid(0, 0)], version=5
    )
    phones = [take(game, number) for number in range(4)]

    for seat in phones:
        html = client.get(phone(seat)).text
        assert [cells(html, name)[0] for name in ("Ann", "Bob", "Cat", "Dev")] == [
            "0",
            "3",
            "5",
            "1",
        ]
        assert "Your bid" not in html and "may change it" not in html
    # Tricks now, in bid order: Bob's phone alone is asked.
    assert "Tricks Bob took" in pad(client.get(phone(phones[1])).text)
    assert pad(client.get(phone(phones[2])).text) == ""


def test_sealed_boerenbridge_under_the_hook_the_dealers_phone_bids_again_openly(
    client: Client,
) -> None:
    # Three cards; Bob 1, Cat 0, Dev 0 and Ann (the dealer) 2: the bids add up to 3.
    game = sealed("boerenbridge")
    Game.objects.filter(pk=game.pk).update(
        pending=[bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 2)], version=5
    )
    ann, bob = take(game, 0), take(game, 1)

    anns, bobs = client.get(phone(ann)).text, client.get(phone(bob)).text

    assert [cells(bobs, name)[0] for name in ("Ann", "Bob", "Cat", "Dev")] == ["2", "1", "0", "0"]
    assert "Ann deals and must change the bid: the bids add up to the 3 tricks" in pad(anns)
    hooked = re.search(r'value="2"[^>]*>', pad(anns))
    assert hooked is not None and "disabled" in hooked.group(0)
    assert "Ann deals and may not bid 2: the bids would add up to the 3 tricks" in pad(anns)
    assert re.findall(r'name="value" value="(\d)"(?![^>]*disabled)', pad(anns)) == ["0", "1", "3"]
    assert pad(bobs) == ""
    assert "Now: Ann deals" in bobs


def test_sealed_its_bid_to_change_reads_in_dutch(client: Client) -> None:
    game = sealed("boerenbridge")
    Game.objects.filter(pk=game.pk).update(pending=[bid(2, 1)], version=2)
    cat = take(game, 2)

    english = client.get(phone(cat), headers={"accept-language": "en"}).text
    dutch = client.get(phone(cat), headers={"accept-language": "nl"}).text

    assert english_left(_text(english), _text(dutch)) == set()
    assert "Jouw bod: 1." in dutch and "Cat heeft geboden en mag het bod wijzigen" in dutch


def test_boerenbridge_the_dealers_phone_may_change_the_bid_until_the_tricks(
    client: Client,
) -> None:
    # Open bids, all in (3 + 4 + 2 + 1 = 10 of 13): the tricks are asked, Bob first.
    game = boerenbridge_bids_in()
    ann, cat = take(game, 0), take(game, 2)

    anns, cats = client.get(phone(ann)).text, client.get(phone(cat)).text

    change = re.search(r'<details class="optional-bid">.*?</details>', anns, re.S)
    assert change is not None
    assert "Ann deals and may still change the bid" in change.group(0)
    assert re.findall(r'value="(\d+)" aria-current="true"', change.group(0)) == ["1"]
    assert 'class="optional-bid"' not in cats
    assert pad(anns) == "" and "Now: Tricks Bob took" in anns
