"""seat_next: after Play again, a player's phone goes on to its seat at the new game
(``GET /s/<key>/next/``)."""

from __future__ import annotations

from django.test import Client

from scorepad.models import Game, Seat
from tests.web.seats import join, phone, take


def follow(seat: Seat, client: Client) -> str:
    response = client.get(f"{phone(seat)}next/")
    assert response.status_code == 303, response.status_code
    return str(response["Location"])


def played_again(game: Game) -> Game:
    assert Client().post(f"/g/{game.key}/again/").status_code == 303
    return Game.objects.order_by("-pk").first()  # type: ignore[return-value]


def test_it_leads_to_the_same_seat_at_the_new_game(client: Client, finished_game: Game) -> None:
    bob = take(finished_game, 1, client)
    created = played_again(finished_game)

    went = follow(bob, client)

    following = Seat.objects.get(game=created, number=1)
    assert went == phone(following)
    page = client.get(went).text
    assert "Bob's phone" in page and "Round 1 of 10" in page
    # The new game's Join page offers this phone its own seat, as if it had taken it there.
    assert f'href="{phone(following)}">Open Bob\'s phone</a>' in client.get(join(created)).text


def test_before_play_again_it_leads_back_to_the_seat(client: Client, finished_game: Game) -> None:
    bob = take(finished_game, 1, client)

    assert follow(bob, client) == phone(bob)


def test_a_released_seat_leads_nowhere(client: Client, finished_game: Game) -> None:
    bob = take(finished_game, 1, client)
    played_again(finished_game)
    finished_game.release_seat(1)

    response = client.get(f"{phone(bob)}next/")

    assert response.status_code == 410
    assert "This seat was released" in response.text


def test_an_unknown_seat_is_not_found(client: Client) -> None:
    assert client.get("/s/not-a-key/next/").status_code == 404
