"""release_seat: the keeper frees a seat (``POST /g/<key>/seats/<n>/release/``)."""

from __future__ import annotations

from django.test import Client

from scorepad.models import Game, Seat
from tests.web.seats import join, phone, take


def release(game: Game, number: int) -> str:
    return f"/g/{game.key}/seats/{number}/release/"


def test_the_keeper_releases_a_seat_and_its_link_stops_working(
    client: Client, new_game: Game
) -> None:
    seat = take(new_game, 1)
    version = new_game.version

    response = client.post(release(new_game, 1))

    assert response.status_code == 303
    assert response["Location"] == f"/g/{new_game.key}/"
    seat.refresh_from_db()
    assert seat.released is not None
    assert client.get(phone(seat)).status_code == 410
    # A change every screen hears of; the seat is free to take again.
    new_game.refresh_from_db()
    assert new_game.version == version + 1
    assert 'name="seat" value="1">Bob</button>' in client.get(join(new_game)).text


def test_with_htmx_it_answers_with_the_table_and_the_seats_left(
    htmx_client: Client, new_game: Game
) -> None:
    take(new_game, 1)
    take(new_game, 2)

    response = htmx_client.post(release(new_game, 1))

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    new_game.refresh_from_db()
    # The table's forms carry the version the release made.
    assert f'name="version" value="{new_game.version}"' in response.text
    seats = response.text[response.text.index('<div id="seats"') :]
    assert 'hx-swap-oob="true"' in seats
    assert "Release Cat&#x27;s phone" in seats or "Release Cat's phone" in seats
    assert "Bob" not in seats


def test_releasing_a_seat_no_phone_holds_is_refused_plainly(
    client: Client, htmx_client: Client, new_game: Game
) -> None:
    for number in (1, 4, 99):
        response = client.post(release(new_game, number))
        assert response.status_code == 400
        assert "No phone holds that seat" in response.text
    assert htmx_client.post(release(new_game, 1)).status_code == 400
    new_game.refresh_from_db()
    assert new_game.version == 3


def test_only_the_keepers_link_releases(client: Client, new_game: Game) -> None:
    seat = take(new_game, 1)

    for key in (seat.key, new_game.viewer_key, new_game.join_key):
        assert client.post(f"/g/{key}/seats/1/release/").status_code == 404
    assert client.get(release(new_game, 1)).status_code == 405
    assert Seat.objects.get().released is None


def test_it_answers_in_dutch(client: Client, new_game: Game) -> None:
    response = client.post(release(new_game, 1), headers={"accept-language": "nl"})

    assert "Geen telefoon heeft die plaats" in response.text
