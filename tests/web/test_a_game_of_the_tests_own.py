"""A game of the tests' own (tests/lucky_trick.py), registered by them alone: played
through the setup, the table, the sheet and the record with no file of the app changed.

The promise it keeps: a new game is a module, its templates (none here: its steps take
the shapes the app draws already) and a line in rules_engine/games.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules_engine import GAMES, GameRules, Table, register, score, withdraw
from scorepad.models import Game
from scorepad.screens.table import current_table
from tests.lucky_trick import LuckyTrick

PLAYERS = ("Ann", "Bob", "Cat")


@pytest.fixture
def lucky(db: None) -> Iterator[GameRules]:
    rules = register(LuckyTrick())
    yield rules
    withdraw(rules.key)


def start(client: Client) -> Game:
    data = {"player": list(PLAYERS), "first_dealer": "0", "action": "start"}
    response = client.post("/new/lucky-trick/", data)
    assert response.status_code == 303, response.content
    return Game.objects.get(key=response["Location"].split("/")[2])


def tap(client: Client, game: Game, current: Table) -> None:
    """The first button the table offers for its step, tapped."""
    step = current.step
    choice = next(choice for choice in step.choices if choice.allowed)
    data = {"version": game.version, "kind": str(step.kind), "value": choice.value}
    if step.seat is not None:
        data["seat"] = str(step.seat)
    response = client.post(f"/g/{game.key}/enter/", data)
    assert response.status_code == 303, response.content


def play_to_the_end(client: Client, game: Game) -> None:
    for _ in range(60):
        game.refresh_from_db()
        current, _ = current_table(game)
        if current.finished:
            return
        tap(client, game, current)
    raise AssertionError("the game did not end")


def test_the_home_page_lists_it_and_its_setup_starts_it(client: Client, lucky: GameRules) -> None:
    assert "Lucky Trick" in client.get("/").text

    game = start(client)

    assert game.kind == "lucky-trick"
    assert "Bob bids" in client.get(f"/g/{game.key}/").text


def test_the_table_asks_its_own_step_with_buttons_and_their_refusals(
    client: Client, lucky: GameRules
) -> None:
    game = start(client)
    for _ in range(2):  # Bob bids 0, Cat 0, Ann 0 (Bob's 1 trick goes in; the rest forced)
        game.refresh_from_db()
        tap(client, game, current_table(game)[0])
    game.refresh_from_db()
    tap(client, game, current_table(game)[0])
    game.refresh_from_db()
    current, _ = current_table(game)
    while str(current.step.kind) != "lucky":
        tap(client, game, current)
        game.refresh_from_db()
        current, _ = current_table(game)

    page = client.get(f"/g/{game.key}/").text

    assert "Who took the lucky trick?" in page
    assert '<input type="hidden" name="kind" value="lucky">' in page
    assert "took no trick, so not the lucky one" in page


def test_its_own_entry_is_named_by_undo_and_its_words_by_the_sheet(
    client: Client, htmx_client: Client, lucky: GameRules
) -> None:
    game = start(client)
    game.refresh_from_db()
    current, _ = current_table(game)
    while str(current.step.kind) != "lucky":
        tap(client, game, current)
        game.refresh_from_db()
        current, _ = current_table(game)
    taker = next(choice for choice in current.step.choices if choice.allowed)
    data = {"version": game.version, "kind": "lucky", "value": taker.value}

    response = htmx_client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 200
    assert f"Undo the lucky trick, taken by {taker.label} (round 1)" in response.text
    # What the round came to, in the game's own words, until the next is under way.
    assert f"{taker.label} took the lucky trick" in response.text
    assert client.get(f"/g/{game.key}/sheet/").status_code == 200


def test_a_whole_game_ends_with_the_engines_totals_on_the_sheet(
    client: Client, lucky: GameRules
) -> None:
    game = start(client)

    play_to_the_end(client, game)

    game.refresh_from_db()
    record, _ = game.load()
    sheet = score(record)
    assert sheet.finished and len(record.rounds) == 3
    assert all("lucky" in rnd for rnd in record.rounds)
    page = client.get(f"/g/{game.key}/sheet/").text
    for total in sheet.totals:
        assert f">{total}<" in page


def test_its_record_goes_out_and_comes_back_as_it_was(client: Client, lucky: GameRules) -> None:
    game = start(client)
    play_to_the_end(client, game)

    exported = client.get(f"/g/{game.key}/record.json")
    assert exported.status_code == 200
    data = json.loads(exported.content)
    assert data["game"] == "lucky-trick"
    upload = SimpleUploadedFile("game.json", exported.content, content_type="application/json")
    elsewhere = Client()  # another browser: this one holds the game already
    response = elsewhere.post("/games/import/", {"file": upload})

    assert response.status_code == 303, response.content
    imported = Game.objects.exclude(pk=game.pk).get()
    assert imported.kind == "lucky-trick"
    assert imported.record["rounds"] == data["rounds"]
    assert elsewhere.get(response["Location"]).status_code == 200


def test_it_is_gone_once_withdrawn(lucky: GameRules) -> None:
    assert "lucky-trick" in GAMES
    withdraw("lucky-trick")
    assert "lucky-trick" not in GAMES
    register(lucky)
