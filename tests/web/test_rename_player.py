"""rename_player: a player's name fixed in every game this person may list, or two
spellings of one person merged; a confirmation first, plain forms, refusals that
change nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from rules_engine import parse_record
from scorepad.live import bus
from scorepad.models import Figures, Game, record_fingerprint
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.web.browsers import started_here
from tests.web.test_live import events, open_stream, run

URL = "/rename-player/"


def stored(*players: str, owner: Any = None) -> Game:
    return Game.start(parse_record(oh_hell([ROUND_1, ROUND_2], players=players)), owner=owner)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def names_of(game: Game) -> list[str]:
    game.refresh_from_db()
    return list(game.record["players"])


def snapshot() -> list[Any]:
    """Every game's record and version, and every figure's name: what a refusal keeps."""
    games = list(Game.objects.order_by("pk").values_list("record", "version"))
    return [games, list(Figures.objects.order_by("pk").values_list("name", "name_key"))]


def test_it_offers_the_form_with_the_name_as_it_is(client: Client) -> None:
    started_here(client, stored("Ann", "Bbo", "Cat", "Dev"))

    response = client.get(URL, {"player": "BBO"})

    assert response.status_code == 200
    assert "<h1>Rename Bbo</h1>" in response.text
    assert 'name="name"' in response.text and 'value="Bbo"' in response.text
    assert '<option value="Ann">' in response.text  # the others, to merge with


def test_it_is_404_for_a_player_in_none_of_the_games_this_person_may_list(
    client: Client,
) -> None:
    stored("Ann", "Bob", "Cat", "Dev")  # not this browser's

    assert client.get(URL, {"player": "ann"}).status_code == 404
    assert client.get(URL).status_code == 404


def test_posting_first_shows_what_would_change_and_changes_nothing(client: Client) -> None:
    games = stored("Ann", "Bbo", "Cat", "Dev"), stored("Bbo", "Eve", "Fay")
    started_here(client, *games)
    before = snapshot()

    response = client.post(URL, {"player": "bbo", "name": "Bob"})

    assert response.status_code == 200
    assert "2 games will call Bbo Bob." in text_of(response.text)
    assert 'name="confirm" value="on"' in response.text
    assert snapshot() == before


def test_confirming_renames_the_player_in_each_of_their_games(client: Client) -> None:
    first, second = stored("Ann", "Bbo", "Cat", "Dev"), stored("Bbo", "Eve", "Fay")
    elsewhere = stored("Bbo", "Gus", "Hal")  # another browser's game keeps its name
    started_here(client, first, second)
    version = Game.objects.get(pk=first.pk).version

    response = client.post(URL, {"player": "bbo", "name": " Bob ", "confirm": "on"})

    assert response.status_code == 303
    assert response["Location"] == "/players/bob/"
    assert names_of(first) == ["Ann", "Bob", "Cat", "Dev"]
    assert names_of(second) == ["Bob", "Eve", "Fay"]
    assert names_of(elsewhere) == ["Bbo", "Gus", "Hal"]
    assert first.version == version + 1  # a screen showing the old name must read again
    assert set(Figures.objects.filter(game__in=[first, second], seat__in=[0, 1]).values_list(
        "name", flat=True)) >= {"Bob"}  # fmt: skip
    assert not Figures.objects.filter(game__in=[first, second], name_key="bbo").exists()
    assert Figures.objects.filter(game=elsewhere, name_key="bbo").exists()
    # The figures were worked out again: Bob's totals are the old Bbo's.
    assert Figures.objects.get(game=first, seat=1).total == 15


def test_a_renamed_games_fingerprint_is_its_new_records_so_imports_recognise_it(
    client: Client,
) -> None:
    game = stored("Ann", "Bbo", "Cat", "Dev")
    started_here(client, game)

    client.post(URL, {"player": "bbo", "name": "Bob", "confirm": "on"})

    game.refresh_from_db()
    assert game.fingerprint == record_fingerprint(game.record)
    assert game.record["players"][1] == "Bob"


def test_a_name_may_change_only_its_case(client: Client) -> None:
    game = stored("ann", "Bob", "Cat", "Dev")
    started_here(client, game)

    response = client.post(URL, {"player": "ann", "name": "Ann", "confirm": "on"})

    assert response.status_code == 303 and response["Location"] == "/players/ann/"
    assert names_of(game)[0] == "Ann"
    assert "<h1>Ann</h1>" in client.get("/players/ann/").text


def test_two_spellings_of_one_person_are_merged(client: Client) -> None:
    first, second = stored("Ann", "Bob", "Cat", "Dev"), stored("Anne", "Eve", "Fay")
    started_here(client, first, second)

    check = client.post(URL, {"player": "anne", "name": "Ann"})
    response = client.post(URL, {"player": "anne", "name": "Ann", "confirm": "on"})

    assert "Merge Anne into Ann: 1 game will call them Ann" in text_of(check.text)
    assert response.status_code == 303 and response["Location"] == "/players/ann/"
    assert names_of(second) == ["Ann", "Eve", "Fay"]
    assert "Across the games you can see: 2 games" in text_of(client.get("/players/ann/").text)
    assert client.get("/players/anne/").status_code == 404


def test_it_refuses_to_merge_two_players_of_the_same_game(client: Client) -> None:
    games = stored("Ann", "Anne", "Cat", "Dev"), stored("Anne", "Eve", "Fay")
    started_here(client, *games)
    before = snapshot()

    for confirm in ({}, {"confirm": "on"}):
        response = client.post(URL, {"player": "anne", "name": "ann", **confirm})

        assert response.status_code == 400
        assert "ann and this player both played in 1 game (Oh Hell, " in response.text
        assert "they are two people, so their names cannot be merged." in response.text
        assert snapshot() == before


def test_it_refuses_an_empty_or_too_long_name_or_the_same_name(client: Client) -> None:
    started_here(client, stored("Ann", "Bob", "Cat", "Dev"))
    before = snapshot()

    empty = client.post(URL, {"player": "bob", "name": "  ", "confirm": "on"})
    long = client.post(URL, {"player": "bob", "name": "B" * 41, "confirm": "on"})
    same = client.post(URL, {"player": "bob", "name": "Bob", "confirm": "on"})

    assert empty.status_code == long.status_code == same.status_code == 400
    assert "A player needs a name: type the new one." in empty.text
    assert "A name is 40 characters at most." in long.text
    assert "Every game already calls this player Bob." in same.text
    assert snapshot() == before


def test_it_refuses_a_player_of_someone_elses_games(client: Client) -> None:
    stored("Ann", "Bob", "Cat", "Dev")
    started_here(client, stored("Eve", "Fay", "Gus"))
    before = snapshot()

    response = client.post(URL, {"player": "bob", "name": "Rob", "confirm": "on"})

    assert response.status_code == 400
    assert "None of your games has a player called bob." in response.text
    assert snapshot() == before


def test_a_signed_in_owner_renames_in_their_games_and_the_ratings_follow(
    client: Client, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("keeper")
    other = django_user_model.objects.create_user("other")
    client.force_login(user)
    sinker = {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {"deals": 1},
        "players": ["Ann", "Bob"],
        "first_dealer": 0,
        "rounds": [{"calls": ["3", "pass"], "tricks": [3, 5]}],
    }
    won = Game.start(parse_record(sinker), owner=user)
    won_again = Game.start(parse_record({**sinker, "players": ["Anne", "Bob"]}), owner=user)
    theirs = Game.start(parse_record(sinker), owner=other)
    once = Figures.objects.get(game=won, seat=0).rating

    response = client.post(URL, {"player": "anne", "name": "Ann", "confirm": "on"})

    assert response.status_code == 303
    assert names_of(won_again) == ["Ann", "Bob"] and names_of(theirs) == ["Ann", "Bob"]
    # Two wins for one Ann now: her rating after the second is above that after the first.
    twice = Figures.objects.get(game=won_again, seat=0).rating
    assert once is not None and twice is not None and twice > once


def test_it_refuses_a_get_with_changes_and_other_methods(client: Client) -> None:
    started_here(client, stored("Ann", "Bob", "Cat", "Dev"))

    assert client.put(URL).status_code == 405
    assert client.get(URL, {"player": "bob", "name": "Rob", "confirm": "on"}).status_code == 200
    assert names_of(Game.objects.get()) == ["Ann", "Bob", "Cat", "Dev"]


def test_a_rename_tells_every_screen_watching_a_changed_game_once_committed(
    client: Client, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = stored("Ann", "Bbo", "Cat", "Dev"), stored("Bbo", "Eve", "Fay")
    untouched = stored("Ann", "Eve", "Fay")
    started_here(client, first, second, untouched)
    told: list[tuple[int, int]] = []
    monkeypatch.setattr(bus, "publish", told.extend)

    with django_capture_on_commit_callbacks(execute=False) as waiting:
        client.post(URL, {"player": "bbo", "name": "Bob", "confirm": "on"})
        assert told == []  # nothing before the commit
    for callback in waiting:
        callback()

    versions = dict(Game.objects.values_list("pk", "version"))
    assert sorted(told) == sorted(
        [(first.pk, versions[first.pk]), (second.pk, versions[second.pk])]
    )
    assert versions[untouched.pk] == untouched.version


@pytest.mark.django_db(transaction=True)
def test_a_rename_reaches_the_table_and_viewer_watching_the_game() -> None:
    # On PostgreSQL only the rename's NOTIFY can tell the streams (on SQLite the versions
    # read four times a second would too: the test above checks what is published).
    client = Client()
    game = stored("Ann", "Bbo", "Cat", "Dev")
    started_here(client, game)

    async def scenario() -> None:
        table = await open_stream(f"/g/{game.key}/live/?v={game.version}")
        viewer = await open_stream(f"/v/{game.viewer_key}/live/?v={game.version}")
        try:
            await table.next()
            await viewer.next()
            rename = {"player": "bbo", "name": "Bob", "confirm": "on"}
            assert (await sync_to_async(client.post)(URL, rename)).status_code == 303
            pushed = events(await table.next(timeout=10)) + events(await viewer.next(timeout=10))
        finally:
            await table.close()
            await viewer.close()
        assert {name for _, name, _ in pushed} == {"table", "live", "sheet"}
        for _, name, html in pushed:
            assert "Bob" in html and "Bbo" not in html, name

    run(scenario)
