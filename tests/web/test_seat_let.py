"""let_seat: the keeper lets a phone released before hold the seat it took
(``POST /g/<key>/seats/<n>/let/``), or releases it again."""

from __future__ import annotations

from django.test import Client

from scorepad.models import Game, Seat
from tests.web.seats import join, phone, take, tap

ANDROID = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36"


def let(game: Game, number: int) -> str:
    return f"/g/{game.key}/seats/{number}/let/"


def release(game: Game, number: int) -> str:
    return f"/g/{game.key}/seats/{number}/release/"


def released_then_fresh(game: Game) -> tuple[Client, Seat]:
    """A phone took Cat's seat; the keeper released it; the same phone, in a fresh
    browser (no session), takes Bob's."""
    take(game, 2, Client(REMOTE_ADDR="192.168.1.31", HTTP_USER_AGENT=ANDROID))
    assert Client().post(release(game, 2)).status_code == 303
    fresh = Client(REMOTE_ADDR="192.168.1.31", HTTP_USER_AGENT=ANDROID)
    return fresh, take(game, 1, fresh)


def test_a_phone_released_before_asks_the_keeper_and_enters_nothing_meanwhile(
    client: Client, new_game: Game
) -> None:
    fresh, seat = released_then_fresh(new_game)

    page = fresh.get(phone(seat))
    refused = tap(seat, "bid", 2, fresh)
    table = client.get(f"/g/{new_game.key}/").text

    assert seat.asking
    assert page.status_code == 200
    assert "Waiting for the keeper to let this phone be Bob's</h1>" in page.text
    assert '<meta http-equiv="refresh" content="5">' in page.text
    assert refused.status_code == 403
    new_game.refresh_from_db()
    assert new_game.pending == []
    assert "A phone you released before (Chrome, Android) took Bob's seat. Is it Bob's?" in table
    assert f'action="{let(new_game, 1)}"' in table


def test_another_phone_takes_a_seat_without_asking(new_game: Game) -> None:
    released_then_fresh(new_game)
    other = Client(REMOTE_ADDR="192.168.1.40", HTTP_USER_AGENT=ANDROID)

    seat = take(new_game, 3, other)

    assert not seat.asking
    assert other.get(phone(seat)).status_code == 200
    assert "Waiting for the keeper" not in other.get(phone(seat)).text


def test_the_keeper_lets_it_with_one_tap_and_the_phone_enters(
    client: Client, new_game: Game
) -> None:
    fresh, seat = released_then_fresh(new_game)
    version = Game.objects.get(pk=new_game.pk).version

    response = client.post(let(new_game, 1))

    assert response.status_code == 303
    assert response["Location"] == f"/g/{new_game.key}/"
    seat.refresh_from_db()
    assert not seat.asking
    assert Game.objects.get(pk=new_game.pk).version == version + 1
    assert "Waiting for the keeper" not in fresh.get(phone(seat)).text
    assert tap(seat, "bid", 2, fresh).status_code == 303
    assert "asks to be" not in client.get(f"/g/{new_game.key}/").text


def test_with_htmx_it_answers_with_the_table_and_the_seats(
    htmx_client: Client, new_game: Game
) -> None:
    released_then_fresh(new_game)

    response = htmx_client.post(let(new_game, 1))

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert '<div id="seats" sse-swap="seats" hx-target="this" hx-swap-oob="true">' in (
        response.text
    )
    assert "Is it Bob's?" not in response.text


def test_the_keeper_says_no_and_the_seat_is_free_again(client: Client, new_game: Game) -> None:
    fresh, seat = released_then_fresh(new_game)

    assert client.post(release(new_game, 1)).status_code == 303

    assert fresh.get(phone(seat)).status_code == 410
    assert 'name="seat" value="1">Bob</button>' in Client().get(join(new_game)).text


def test_letting_a_seat_no_phone_asks_for_is_refused_plainly(
    client: Client, new_game: Game
) -> None:
    take(new_game, 1)

    response = client.post(let(new_game, 1))

    assert response.status_code == 400
    assert "No phone asks for that seat: there is nothing to let." in response.text
    assert client.post(let(new_game, 9)).status_code == 400


def test_only_the_keepers_link_lets(new_game: Game) -> None:
    released_then_fresh(new_game)

    assert Client().post(f"/g/{new_game.join_key}/seats/1/let/").status_code == 404
    assert Client().get(let(new_game, 1)).status_code == 405


def test_the_keeper_is_asked_in_dutch(new_game: Game) -> None:
    released_then_fresh(new_game)

    table = Client(headers={"accept-language": "nl"}).get(f"/g/{new_game.key}/").text

    assert "Een telefoon die je eerder vrijgaf (Chrome, Android) nam de plaats van Bob." in table
    assert ">Ja, van Bob</button>" in table
    assert ">Nee, vrijgeven</button>" in table
