"""Everyone on their own phone while players come and go (RULINGS, "Players come and
go"): the phones follow their players when a join moves the seats, a joiner takes the
new seat through the Join link, and a player not at the table is never asked.

A player who leaves keeps their phone: it says they are not at the table and asks
nothing, and works again when they come back (the keeper taps them back in); it is
free meanwhile to take a joiner's seat too. Undo of a join releases the joiner's phone:
that player is no longer in the game.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from rules_engine import parse_record
from scorepad.live import bus
from scorepad.models import Game, Seat
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.web.changes import address, post, undo
from tests.web.seats import join, phone, take
from tests.web.test_live import events, open_stream, run


def two_rounds_in() -> Game:
    """Oh Hell two rounds in (Ann 25, Bob 15, Cat 25, Dev 4), stored as setup stores one."""
    return Game.start(parse_record(oh_hell([ROUND_1, ROUND_2])))


def held(game: Game) -> dict[int, str]:
    """The seats held by a phone, each with its phone's key."""
    rows = Seat.objects.filter(game=game, released__isnull=True)
    return dict(rows.values_list("number", "key"))


def test_the_phones_after_a_joiners_place_move_along_with_their_players(client: Client) -> None:
    game = two_rounds_in()
    bob, cat, dev = take(game, 1), take(game, 2), take(game, 3)

    post(client, game, "change", name="Eva", place="2", start="zero")

    assert held(game) == {1: bob.key, 3: cat.key, 4: dev.key}
    assert "Cat's phone" in client.get(phone(cat)).text


def test_undo_of_the_join_moves_them_back_and_releases_the_joiners_phone(client: Client) -> None:
    game = two_rounds_in()
    cat = take(game, 2)
    post(client, game, "change", name="Eva", place="2", start="zero")
    eva = take(game, 2)
    assert held(game) == {2: eva.key, 3: cat.key}

    undo(client, game)

    assert held(game) == {2: cat.key}
    assert client.get(phone(eva)).status_code == 410
    assert "Cat's phone" in client.get(phone(cat)).text


def test_a_released_phone_moves_too_and_stays_released(client: Client) -> None:
    game = two_rounds_in()
    old = take(game, 3)
    assert Client().post(f"/g/{game.key}/seats/3/release/").status_code == 303
    new = take(game, 3)

    post(client, game, "change", name="Eva", place="0", start="zero")

    assert held(game) == {4: new.key}
    assert Seat.objects.get(key=old.key).number == 4
    assert client.get(phone(old)).status_code == 410


def test_a_joiner_takes_the_new_seat_through_the_join_link(client: Client) -> None:
    game = two_rounds_in()
    post(client, game, "change", name="Eva", place="4", start="lowest")
    joining = Client()

    page = joining.get(join(game)).text
    assert '<button type="submit" class="primary" name="seat" value="4">Eva</button>' in page
    eva = take(game, 4, joining)

    # Round 3: Cat deals; Dev, Eva, Ann, Bob, Cat bid. Eva's pad lights up once Dev has bid.
    assert "Eva is not at the table" not in joining.get(phone(eva)).text
    post(client, game, "enter", kind="bid", seat=3, value=1)
    pad = joining.get(phone(eva)).text
    assert '<div class="pad"' in pad and "Eva bids" in pad
    response = joining.post(
        f"{phone(eva)}enter/", {"version": game.version, "kind": "bid", "value": 2}
    )
    assert response.status_code == 303
    game.refresh_from_db()
    assert game.pending[-1] == {"kind": "bid", "seat": 4, "value": 2}


def test_a_player_not_at_the_table_is_never_asked_on_their_phone(client: Client) -> None:
    game = two_rounds_in()
    bob = take(game, 1)
    post(client, game, "leaves", seat="1")
    post(client, game, "enter", kind="bid", seat=3, value=1)  # Dev bids first: Cat deals

    page = client.get(phone(bob)).text
    response = client.post(
        f"{phone(bob)}enter/", {"version": game.version, "kind": "bid", "value": 1}
    )

    assert "Bob is not at the table this round: nothing is asked on this phone" in page
    assert '<div class="pad">' not in page
    assert f'<a href="{join(game)}">take their seat</a>' in page
    assert response.status_code == 400
    assert "Bob is not at the table this round" in response.text
    game.refresh_from_db()
    assert len(game.pending) == 2


def test_the_phone_of_a_player_who_comes_back_asks_again(client: Client) -> None:
    game = two_rounds_in()
    bob = take(game, 1)
    post(client, game, "leaves", seat="1")
    assert "not at the table this round" in client.get(phone(bob)).text

    undo(client, game)  # Bob stays after all

    assert "not at the table this round" not in client.get(phone(bob)).text


@pytest.mark.usefixtures("transactional_db")
def test_a_phone_whose_seat_moved_along_ends_its_stream_quietly_and_opens_at_its_new_seat() -> None:
    game = two_rounds_in()
    cat = take(game, 2)
    game.refresh_from_db()
    url = f"/s/{cat.key}/live/?v={game.version}"

    def eva_joins_before_cat() -> None:
        keeper = Client()
        post(keeper, game, "change", name="Eva", place="2", start="zero")

    async def scenario() -> None:
        stream = await open_stream(url)
        try:
            await stream.next()
            await sync_to_async(eva_joins_before_cat)()
            with pytest.raises(StopAsyncIteration):
                await stream.next()
        finally:
            await stream.close()
        # Its browser connects again, as it does by itself: now at Cat's new seat.
        again = await open_stream(f"/s/{cat.key}/live/?v=1")
        try:
            await again.next()
            sent = events(await again.next())
        finally:
            await again.close()
        assert [name for _, name, _ in sent] == ["seat", "sheet"]
        assert "Cat's phone" in sent[0][2]
        assert "This seat was released" not in sent[0][2]

    run(scenario)
    assert bus.open_listeners() == 0


def test_the_keepers_join_page_answers_for_every_seat_of_a_long_table(client: Client) -> None:
    game = two_rounds_in()
    for number, name in enumerate(["Eva", "Fay", "Gus"]):
        assert (
            post(client, game, "change", name=name, place=str(4 + number), start="zero").status_code
            == 303
        )
    gus = take(game, 6)

    assert client.get(phone(gus)).status_code == 200
    assert address(game, "change").startswith("/g/")
