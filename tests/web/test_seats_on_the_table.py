"""The keeper's table with phones at the seats: the Join code, the marks, the releases."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.test import Client
from django.utils import timezone

from scorepad.models import Game, Seat
from tests.web.seats import marked, take


def table(game: Game) -> str:
    return f"/g/{game.key}/"


def test_it_offers_the_join_link_and_its_qr_code_folded_away(
    client: Client, new_game: Game
) -> None:
    response = client.get(table(new_game))

    assert '<details class="share" id="join"><summary>Everyone on their own phone</summary>' in (
        response.text
    )
    # Loaded only once unfolded: the table's first load stays within its budget.
    qr = f"/g/{new_game.key}/join.svg?for={new_game.join_key}"
    assert f'<img class="qr" src="{qr}" width="256" height="256"' in (response.text)
    assert 'loading="lazy"' in response.text
    assert f">http://testserver/j/{new_game.join_key}/</a>" in response.text


def test_it_marks_each_player_on_their_own_phone(client: Client, new_game: Game) -> None:
    take(new_game, 1)
    away = take(new_game, 3)
    long_ago = timezone.now() - timedelta(minutes=10)
    Seat.objects.filter(pk=away.pk).update(seen=long_ago, created=long_ago)

    response = client.get(table(new_game))

    assert marked(response.text, "Bob", "here")
    assert marked(response.text, "Dev", "away")
    assert 'aria-label="own phone, not seen lately"' in response.text
    assert '<th scope="row">Ann <span class="badge">D</span></th>' in response.text
    assert "on their own phone (faded: not seen lately)" in response.text


def test_it_offers_to_release_each_seat_taken(client: Client, new_game: Game) -> None:
    take(new_game, 2)

    response = client.get(table(new_game))

    release = f"/g/{new_game.key}/seats/2/release/"
    assert f'<form method="post" action="{release}" hx-post="{release}"' in response.text
    assert "Release Cat&#x27;s phone" in response.text or "Release Cat's phone" in response.text
    assert "/seats/1/release/" not in response.text


def test_the_keeper_still_enters_for_a_player_with_a_phone(client: Client, new_game: Game) -> None:
    take(new_game, 1)

    data = {"version": new_game.version, "kind": "bid", "seat": 1, "value": 3}
    response = client.post(f"/g/{new_game.key}/enter/", data)

    assert response.status_code == 303
    new_game.refresh_from_db()
    assert new_game.pending == [{"kind": "bid", "seat": 1, "value": 3}]


def test_a_game_nobody_joined_reads_no_seats(
    new_game: Game, django_assert_num_queries: Any
) -> None:
    assert not new_game.seated
    with django_assert_num_queries(0):
        assert new_game.phones() == {}
    take(new_game, 0)
    assert [(number, seat.here()) for number, seat in new_game.phones().items()] == [(0, True)]


def test_it_reads_in_dutch(client: Client, new_game: Game) -> None:
    take(new_game, 1)

    response = client.get(table(new_game), headers={"accept-language": "nl"})

    assert "Iedereen op zijn eigen telefoon" in response.text
    assert "Telefoon van Bob vrijgeven" in response.text
    assert "op eigen telefoon" in response.text


def test_without_streams_a_seated_table_asks_whether_the_game_moved_on(
    client: Client, htmx_client: Client, new_game: Game
) -> None:
    assert "?since=" not in client.get(table(new_game)).text  # nobody joined: no poll
    take(new_game, 1)

    page = client.get(table(new_game)).text
    unchanged = htmx_client.get(f"{table(new_game)}?since={new_game.version}")
    moved_on = htmx_client.get(f"{table(new_game)}?since={new_game.version - 1}")

    # The tests' client is WSGI: no stream, so the table polls, dropped during a tap.
    assert f'hx-get="?since={new_game.version}" hx-trigger="every 3s"' in page
    assert 'hx-sync="#table:drop" data-poll hidden' in page
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert moved_on.status_code == 200
    assert moved_on.text.lstrip().startswith('<section id="table"')


def test_the_keeper_sees_which_phone_took_each_seat_and_since_when(
    client: Client, new_game: Game
) -> None:
    agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Safari/604.1"
    seat = take(new_game, 1, Client(HTTP_USER_AGENT=agent))
    since = timezone.localtime(seat.created).strftime("%H:%M")

    response = client.get(table(new_game))

    assert seat.phone == "Safari, iPhone"
    assert f'<p class="muted">Bob: Safari, iPhone, since {since}</p>' in response.text
    assert "Release Bob's phone" in response.text
