"""join: the Join link (``/j/<join_key>/``), where a phone picks its seat."""

from __future__ import annotations

from django.test import Client

from scorepad.models import Game, Seat
from tests.web.seats import join, phone, take
from tests.web.test_translations import _text, english_left


def test_it_lists_every_player_each_free_seat_a_button(client: Client, new_game: Game) -> None:
    response = client.get(join(new_game))

    assert response.status_code == 200
    assert "Join the game of Oh Hell" in response.text
    for number, name in enumerate(("Ann", "Bob", "Cat", "Dev")):
        assert f'name="seat" value="{number}">{name}</button>' in response.text


def test_taking_a_free_seat_makes_this_phone_that_players_and_opens_it(
    client: Client, new_game: Game
) -> None:
    response = client.post(join(new_game), {"seat": "1"})

    seat = Seat.objects.get(game=new_game)
    assert response.status_code == 303
    assert response["Location"] == phone(seat)
    assert seat.number == 1 and seat.released is None
    assert len(seat.key) >= 22 and seat.key not in (new_game.key, new_game.viewer_key)
    # A change every screen hears of: the keeper's table marks Bob's phone.
    new_game.refresh_from_db()
    assert new_game.version == 4 and new_game.seated


def test_a_seat_already_taken_is_refused_saying_the_keeper_can_release_it(
    client: Client, new_game: Game
) -> None:
    first = take(new_game, 1)

    response = client.post(join(new_game), {"seat": "1"})

    assert response.status_code == 409
    assert "Bob&#x27;s seat already has a phone" in response.text
    assert "ask the keeper to release it" in response.text
    assert list(Seat.objects.filter(game=new_game)) == [first]
    assert first.key not in response.text  # another phone's link is never shown
    assert '<button type="button" disabled>Bob</button> <span class="muted">has a phone' in (
        response.text
    )


def test_the_same_phone_scanning_again_finds_its_own_seat(client: Client, new_game: Game) -> None:
    seat = take(new_game, 2, client)

    again = client.get(join(new_game))
    elsewhere = Client().get(join(new_game))

    assert f'href="{phone(seat)}">Open Cat\'s phone</a>' in again.text
    assert seat.key not in elsewhere.text


def test_a_seat_that_is_not_at_the_game_is_refused_plainly(client: Client, new_game: Game) -> None:
    for posted in ("4", "99", "-1", "abc", "٣", ""):
        response = client.post(join(new_game), {"seat": posted})

        assert response.status_code == 400, posted
        assert "There is no such seat at this game" in response.text or posted == ""
    assert not Seat.objects.exists()
    new_game.refresh_from_db()
    assert new_game.version == 3


def test_a_released_seat_may_be_taken_by_another_phone(client: Client, new_game: Game) -> None:
    old = take(new_game, 0)
    assert Client().post(f"/g/{new_game.key}/seats/0/release/").status_code == 303

    new = take(new_game, 0, client)

    assert new.key != old.key
    assert Seat.objects.filter(game=new_game, number=0).count() == 2


def test_a_phone_released_from_a_seat_cannot_take_it_back(client: Client, new_game: Game) -> None:
    # One phone took every seat; the keeper freed Ann's for her own phone.
    for number in range(4):
        take(new_game, number, client)
    assert Client().post(f"/g/{new_game.key}/seats/0/release/").status_code == 303

    again = client.post(join(new_game), {"seat": "0"})
    page = client.get(join(new_game))
    anns = Client()
    hers = take(new_game, 0, anns)

    assert again.status_code == 403
    assert (
        "The keeper released Ann&#x27;s seat from this phone, so this phone cannot take it back."
        in again.text
    )
    assert '<button type="button" disabled>Ann</button> <span class="muted">released from' in (
        page.text
    )
    # Ann's phone, a moment later, gets it.
    assert Seat.objects.get(game=new_game, number=0, released__isnull=True) == hers


def test_a_phone_released_from_one_seat_may_take_another(client: Client, new_game: Game) -> None:
    take(new_game, 2, client)  # Bob tapped Cat by mistake
    assert Client().post(f"/g/{new_game.key}/seats/2/release/").status_code == 303

    bobs = take(new_game, 1, client)

    assert bobs.number == 1
    assert bobs.asking  # released before: the keeper is asked (tests/web/test_seat_let.py)


def test_it_shows_no_link_of_the_keepers(client: Client, new_game: Game) -> None:
    response = client.get(join(new_game))

    assert new_game.key not in response.text
    assert new_game.viewer_key not in response.text


def test_an_unknown_join_link_is_not_found(client: Client, new_game: Game) -> None:
    assert client.get("/j/not-a-key/").status_code == 404
    # The keeper's and the viewer's keys are no Join link either.
    assert client.get(f"/j/{new_game.key}/").status_code == 404
    assert client.post(f"/j/{new_game.viewer_key}/", {"seat": "0"}).status_code == 404
    assert not Seat.objects.exists()


def test_it_reads_in_dutch(client: Client, new_game: Game) -> None:
    take(new_game, 1)
    english = client.get(join(new_game), headers={"accept-language": "en"})
    dutch = client.get(join(new_game), headers={"accept-language": "nl"})

    assert "Doe mee met Oh Hell" in dutch.text
    assert english_left(_text(english.text), _text(dutch.text)) == set()
    taken = client.post(join(new_game), {"seat": "1"}, headers={"accept-language": "nl"})
    assert "De plaats van Bob heeft al een telefoon" in taken.text
