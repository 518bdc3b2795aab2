"""play_again: a finished game's players and rules at a new table, the next seat dealing."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client

from scorepad.models import Game, Seat
from tests.conftest import oh_hell
from tests.five_games import SINKER
from tests.web.browsers import kept_here
from tests.web.seats import marked, phone, take


def again(game: Game) -> str:
    return f"/g/{game.key}/again/"


def newest() -> Game:
    return Game.objects.order_by("-pk").first()  # type: ignore[return-value]


def test_it_starts_the_same_players_and_rules_with_the_next_seat_dealing(
    client: Client, finished_game: Game
) -> None:
    response = client.post(again(finished_game))

    created = newest()
    assert created.pk != finished_game.pk
    assert response.status_code == 303
    assert response["Location"] == f"/g/{created.key}/"
    # Ann dealt first last time: Bob (on her left) deals first now.
    assert created.record == {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": {"style": "short-up"},
        "players": ["Ann", "Bob", "Cat"],
        "first_dealer": 1,
        "rounds": [],
    }
    assert [f.name for f in created.figures.order_by("seat")] == ["Ann", "Bob", "Cat"]
    assert not any(f.finished for f in created.figures.all())


def test_the_deal_passes_on_from_the_last_seat_back_to_the_first(client: Client) -> None:
    # Sinker: Ben (seat 1) dealt first; now Ann does.
    old = Game.objects.create(kind="sinker", record=SINKER)

    client.post(again(old))

    assert newest().record["first_dealer"] == 0
    assert newest().record["options"] == {"deals": 2}


def test_the_saved_rules_name_goes_on_to_the_new_game(client: Client, finished_game: Game) -> None:
    Game.objects.filter(pk=finished_game.pk).update(rules_name="Grandma's")
    client.post(again(finished_game))
    assert newest().rules_name == "Grandma's"


def test_the_new_game_is_remembered_in_this_browser(client: Client, finished_game: Game) -> None:
    client.post(again(finished_game))

    assert kept_here(client) == [newest().key]
    assert newest().owner is None


def test_a_signed_in_player_owns_the_new_game(client: Client, finished_game: Game) -> None:
    user = get_user_model().objects.create_user("ann", password="pw-for-tests-only")
    client.force_login(user)

    client.post(again(finished_game))

    assert newest().owner == user


def test_the_old_games_owner_keeps_the_new_one_when_nobody_is_signed_in(
    client: Client, finished_game: Game
) -> None:
    user = get_user_model().objects.create_user("ann", password="pw-for-tests-only")
    Game.objects.filter(pk=finished_game.pk).update(owner=user)

    client.post(again(finished_game))

    assert newest().owner == user


def test_a_second_tap_leads_to_the_same_new_game(client: Client, finished_game: Game) -> None:
    first = client.post(again(finished_game))
    second = client.post(again(finished_game))

    assert second.status_code == 303
    assert second["Location"] == first["Location"]
    assert Game.objects.count() == 2


def test_with_htmx_it_sends_the_browser_to_the_new_table(
    htmx_client: Client, finished_game: Game
) -> None:
    response = htmx_client.post(again(finished_game))

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/g/{newest().key}/"


def test_it_refuses_a_game_that_is_not_over(client: Client, played_game: Game) -> None:
    response = client.post(again(played_game))

    assert response.status_code == 400
    assert "This game is not over yet: play it to the end, then play again." in response.text
    assert Game.objects.count() == 1


def test_with_htmx_the_refusal_comes_in_the_table(htmx_client: Client, played_game: Game) -> None:
    response = htmx_client.post(again(played_game))

    assert response.status_code == 400
    assert response.text.lstrip().startswith('<section id="table"')
    assert "This game is not over yet" in response.text


def test_it_only_answers_post(client: Client, finished_game: Game) -> None:
    assert client.get(again(finished_game)).status_code == 405
    assert Game.objects.count() == 1


def test_it_is_404_for_an_unknown_game(client: Client) -> None:
    assert client.post("/g/no-such-game/again/").status_code == 404


def test_the_finished_table_and_sheet_offer_it_and_a_game_going_on_does_not(
    client: Client, finished_game: Game, played_game: Game
) -> None:
    form = f'<form method="post" action="/g/{finished_game.key}/again/" class="again">'
    for page in (f"/g/{finished_game.key}/", f"/g/{finished_game.key}/sheet/"):
        html = client.get(page).text
        assert form in html
        assert "The same players and rules; Bob deals first." in html
    for page in (f"/g/{played_game.key}/", f"/g/{played_game.key}/sheet/"):
        assert "/again/" not in client.get(page).text


def test_the_last_entry_brings_the_button_with_htmx(htmx_client: Client) -> None:
    # Short-up Oh Hell for three, nine rounds played; round 10 (10 cards, Ann deals).
    rounds = [{"bids": [0, 0, 0], "tricks": [cards, 0, 0]} for cards in range(1, 10)]
    game = Game.objects.create(
        kind="oh-hell",
        record=oh_hell(rounds, ("Ann", "Bob", "Cat"), {"style": "short-up"}),
        pending=[
            {"kind": "bid", "seat": 1, "value": 0},
            {"kind": "bid", "seat": 2, "value": 0},
            {"kind": "bid", "seat": 0, "value": 1},
            {"kind": "tricks", "seat": 1, "value": 0},
        ],
        version=3,
    )

    response = htmx_client.post(
        f"/g/{game.key}/enter/", {"version": 3, "kind": "tricks", "seat": 2, "value": 0}
    )

    assert response.status_code == 200
    assert f'action="/g/{game.key}/again/"' in response.text


def test_the_players_phones_follow_each_to_its_seat_at_the_new_game(
    client: Client, finished_game: Game
) -> None:
    bob, cat = take(finished_game, 1), take(finished_game, 2)
    finished_game.refresh_from_db()
    before = finished_game.version

    client.post(again(finished_game))

    created = newest()
    held = {seat.number: seat for seat in Seat.objects.filter(game=created)}
    assert sorted(held) == [1, 2] and created.seated
    bob.refresh_from_db()
    cat.refresh_from_db()
    assert bob.next == held[1] and cat.next == held[2]
    # A change of the old game: its phones hear of it, and show the way on.
    finished_game.refresh_from_db()
    assert finished_game.version == before + 1
    page = Client().get(phone(bob)).text
    assert f'data-follow="/s/{bob.key}/next/"' in page
    # The keeper's new table marks both phones.
    table = client.get(f"/g/{created.key}/").text
    assert marked(table, "Bob") and marked(table, "Cat") and not marked(table, "Ann")


def test_a_second_tap_moves_no_phone_twice(client: Client, finished_game: Game) -> None:
    take(finished_game, 1)

    client.post(again(finished_game))
    client.post(again(finished_game))

    assert Seat.objects.filter(game=newest()).count() == 1
    assert Game.objects.count() == 2


def test_a_released_phone_does_not_follow(client: Client, finished_game: Game) -> None:
    take(finished_game, 1)
    finished_game.release_seat(1)

    client.post(again(finished_game))

    assert not Seat.objects.filter(game=newest()).exists()
