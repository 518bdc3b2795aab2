"""seat_live: a player's phone, live (``GET /s/<key>/live/``, server-sent events).

Read through Django's async test client, as tests/web/test_live.py reads the others;
taps and seats are made through the plain client, as the other phones would.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient, Client
from django.urls import reverse
from django.utils.html import escape

from rules_engine import new_record
from scorepad import play
from scorepad.live import bus
from scorepad.models import Game, Seat
from scorepad.screens import everyone, kept, streams
from scorepad.screens.seat import seat_context
from scorepad.screens.table import current_table
from scorepad.views import live as live_views
from tests.web.seats import cells, marked, take
from tests.web.test_live import events, open_stream, run, tap

pytestmark = pytest.mark.usefixtures("transactional_db")


@pytest.fixture
def game() -> Game:
    """Oh Hell for Ann, Bob, Cat and Dev, Ann dealing: Bob bids first."""
    return Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))


def sealed() -> Game:
    players = ["Ann", "Bob", "Cat", "Dev"]
    return Game.start(new_record("oh-hell", players, 0, {"bidding": "sealed"}))


def stream_url(seat: Seat, game: Game) -> str:
    game.refresh_from_db()
    return f"/s/{seat.key}/live/?v={game.version}"


def test_it_pushes_a_tap_to_the_seat_whose_pad_it_lights_up(game: Game) -> None:
    cat = take(game, 2)
    url = stream_url(cat, game)

    async def scenario() -> None:
        stream = await open_stream(url)
        try:
            assert (await stream.next()).startswith("retry: ")
            await sync_to_async(tap)(game, 1, 3)
            sent = events(await stream.next())
        finally:
            await stream.close()
        # The sheet too, the first time: the stream had not sent it yet.
        assert [name for _, name, _ in sent] == ["seat", "sheet"]
        html = sent[0][2]
        assert html.startswith('<section id="seat"')
        assert '<div class="pad" hx-vals=' in html and "Cat bids" in html
        # Its own link, and none of the keeper's; no one's CSRF token.
        assert f"/s/{cat.key}/enter/" in html
        assert game.key not in html
        assert 'name="csrfmiddlewaretoken" value=""' in html

    run(scenario)


def test_sealed_each_phones_stream_shows_its_own_bid_alone() -> None:
    game = sealed()
    bob, cat = take(game, 1), take(game, 2)
    urls = [stream_url(bob, game), stream_url(cat, game)]

    async def scenario() -> None:
        streams = [await open_stream(url) for url in urls]
        try:
            for stream in streams:
                await stream.next()
            await sync_to_async(tap)(game, 1, 3)
            bobs, cats = [events(await stream.next())[0][2] for stream in streams]
        finally:
            for stream in streams:
                await stream.close()
        assert "Your bid: 3." in bobs
        assert cells(bobs, "Bob")[0] == "3"
        assert cells(cats, "Bob")[0] == "✓"
        assert "Your bid" not in cats

    run(scenario)


def test_opening_it_notes_the_phone_is_there(game: Game) -> None:
    seat = take(game, 1)
    url = stream_url(seat, game)

    async def scenario() -> None:
        stream = await open_stream(url)
        await stream.next()
        await stream.close()

    run(scenario)
    seat.refresh_from_db()
    assert seat.seen is not None


def test_released_it_says_so_and_ends_before_the_next_phone_is_drawn(game: Game) -> None:
    old = take(game, 1)
    url = stream_url(old, game)
    new: list[Seat] = []

    def release_and_take_again() -> None:
        Client().post(f"/g/{game.key}/seats/1/release/")
        new.append(take(game, 1))
        tap(game, 1, 4)  # the new phone's player bids

    async def scenario() -> None:
        stream = await open_stream(url)
        try:
            await stream.next()
            await sync_to_async(release_and_take_again)()
            said = await stream.next()
            with pytest.raises(StopAsyncIteration):
                await stream.next()
        finally:
            await stream.close()
        assert [name for _, name, _ in events(said)] == ["seat"]
        assert "This seat was released" in said
        assert "data-live-ended" in said
        assert new[0].key not in said and "holder" not in said

    run(scenario)
    assert bus.open_listeners() == 0


def test_it_never_sends_which_seat_holds_the_phone(game: Game) -> None:
    seat = take(game, 3)
    url = f"/s/{seat.key}/live/?v=0"  # an old screen: the state is sent at once

    async def scenario() -> None:
        stream = await open_stream(url)
        try:
            await stream.next()
            text = await stream.next()
        finally:
            await stream.close()
        assert [name for _, name, _ in events(text)] == ["seat", "sheet"]
        assert "holder" not in text

    run(scenario)


def test_taking_a_seat_reaches_the_keepers_table_with_its_mark_and_release(game: Game) -> None:
    url = f"/g/{game.key}/live/?v={game.version}"

    async def scenario() -> None:
        stream = await open_stream(url)
        try:
            await stream.next()
            await sync_to_async(take)(game, 2)
            sent = {name: html for _, name, html in events(await stream.next())}
        finally:
            await stream.close()
        assert set(sent) == {"table", "seats"}
        assert marked(sent["table"], "Cat")
        assert f"/g/{game.key}/seats/2/release/" in sent["seats"]

    run(scenario)


def test_it_answers_404_for_an_unknown_seat_and_410_for_a_released_one(game: Game) -> None:
    seat = take(game, 1)
    game.release_seat(1)

    async def scenario() -> None:
        client = AsyncClient()
        for url in ("/s/no-such-seat/live/", f"/s/{game.key}/live/", f"/s/{game.join_key}/live/"):
            assert (await client.get(url)).status_code == 404, url
        assert (await client.get(f"/s/{seat.key}/live/")).status_code == 410

    run(scenario)
    assert bus.open_listeners() == 0


def test_it_answers_204_where_no_stream_can_be_held(client: Client, game: Game) -> None:
    seat = take(game, 1)
    answers = []

    def get() -> None:
        try:
            answers.append(client.get(f"/s/{seat.key}/live/"))
        finally:
            connections.close_all()

    async def scenario() -> None:
        await sync_to_async(get, thread_sensitive=False)()

    run(scenario)
    assert answers[0].status_code == 204


def test_its_heartbeat_notes_now_and_then_that_the_phone_is_still_there(
    game: Game, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.LIVE_HEARTBEAT_SECONDS = 0.2
    monkeypatch.setattr(live_views, "SEEN_EVERY", timedelta(seconds=0.1))
    seat = take(game, 1)
    url = stream_url(seat, game)
    first: list[Any] = []

    async def scenario() -> None:
        stream = await open_stream(url)
        try:
            await stream.next()
            first.append(await sync_to_async(lambda: Seat.objects.get(pk=seat.pk).seen)())
            assert (await stream.next()).startswith("event: alive")
            assert (await stream.next()).startswith("event: alive")
        finally:
            await stream.close()

    run(scenario)
    seat.refresh_from_db()
    assert first[0] is not None and seat.seen is not None and seat.seen > first[0]


@pytest.mark.parametrize("bidding", ["open", "sealed"])
def test_every_seats_view_is_what_its_own_page_draws_though_drawn_once_for_all_alike(
    bidding: str,
) -> None:
    # Phones that show nothing of their own share one drawing with their name and link
    # put in: each must come out exactly as drawn for that seat alone.
    players = ["Ann", "Bob & <Co>", "Cat", "Dev"]
    game = Game.start(new_record("oh-hell", players, 0, {"bidding": bidding}))
    seats = [take(game, number) for number in range(4)]
    tap(game, 1, 3)
    game.refresh_from_db()
    site = everyone.Origin("http://testserver")
    current, _ = current_table(game)
    for seat in seats:
        seat.game = game
        alone = everyone.template("seat.html#seat", seat_context(seat, current), site)
        pushed = streams.SCREENS[f"seat:{seat.number}"](game, site)
        assert pushed["seat"] == alone
        assert seat.key in alone and escape(players[seat.number]) in alone
    # Open, the three not asked share the one drawing; sealed, each has its own bid.
    shared = [
        name
        for name in kept._states[(game.pk, game.version)].known
        if isinstance(name, kept.AnySeat)
    ]
    assert len(shared) == (1 if bidding == "open" else 0)


def test_every_phone_at_a_finished_game_is_pushed_its_own_way_to_the_new_game(
    finished_game: Game,
) -> None:
    # The podium is drawn once for every phone; each phone's Play again link is its own.
    game = finished_game
    seats = [take(game, number) for number in range(3)]
    again = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], 1, {}))
    play.seats_follow(game, again)
    game.refresh_from_db()
    site = everyone.Origin("http://testserver")
    current, _ = current_table(game)
    for seat in seats:
        seat.refresh_from_db()
        seat.game = game
        pushed = streams.SCREENS[f"seat:{seat.number}"](game, site)["seat"]
        assert pushed == everyone.template("seat.html#seat", seat_context(seat, current), site)
        assert pushed.count('data-follow="') == 1
        assert f'data-follow="{reverse("seat_next", args=[seat.key])}"' in pushed
    shared = [name for name in kept._states[(game.pk, game.version)].known
              if isinstance(name, kept.AnySeat)]  # fmt: skip
    assert len(shared) == 1
