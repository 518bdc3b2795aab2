"""new_join_link: the keeper makes a new Join link (``POST /g/<key>/join/new/``): the old
one stops at once, the phones at their seats keep them."""

from __future__ import annotations

from django.test import Client

from scorepad.models import Game, Seat
from tests.web.seats import join, phone, take


def new_link(game: Game) -> str:
    return f"/g/{game.key}/join/new/"


def test_the_old_join_link_stops_at_once_and_the_seats_taken_stay(
    client: Client, new_game: Game
) -> None:
    old = join(new_game)
    bob = take(new_game, 1)

    response = client.post(new_link(new_game))

    new_game.refresh_from_db()
    assert response.status_code == 303
    assert response["Location"] == f"/g/{new_game.key}/?join=new#join"
    assert join(new_game) != old
    assert Client().get(old).status_code == 404
    assert Client().post(old, {"seat": "2"}).status_code == 404
    assert not Seat.objects.filter(game=new_game, number=2).exists()
    # Bob's phone keeps its seat; the new link seats the others.
    assert Client().get(phone(bob)).status_code == 200
    assert Client().get(join(new_game)).status_code == 200
    assert take(new_game, 2).number == 2


def test_the_keepers_table_shows_the_new_link_and_its_code_open(
    client: Client, new_game: Game
) -> None:
    old_key = new_game.join_key

    page = client.get(client.post(new_link(new_game))["Location"])

    new_game.refresh_from_db()
    assert '<details class="share" id="join" open>' in page.text
    assert f'href="/j/{new_game.join_key}/"' in page.text
    assert f"/g/{new_game.key}/join.svg?for={new_game.join_key}" in page.text
    assert old_key not in page.text


def test_it_is_a_change_every_screen_hears_of(client: Client, new_game: Game) -> None:
    before = new_game.version

    client.post(new_link(new_game))

    new_game.refresh_from_db()
    assert new_game.version == before + 1


def test_it_takes_the_keeper_link_only_and_a_post_only(client: Client, new_game: Game) -> None:
    old = new_game.join_key
    bob = take(new_game, 1)

    assert client.get(new_link(new_game)).status_code == 405
    assert client.post(f"/g/{new_game.viewer_key}/join/new/").status_code == 404
    assert client.post(f"/g/{bob.key}/join/new/").status_code == 404
    assert client.post(f"/g/{old}/join/new/").status_code == 404
    new_game.refresh_from_db()
    assert new_game.join_key == old
