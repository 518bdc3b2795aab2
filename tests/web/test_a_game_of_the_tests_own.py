"""A game of the tests' own (tests/lucky_trick.py), registered by them alone: played
through the setup, the table, the sheet and the record with no file of the app changed.

The promise it keeps: a new game is a module, its templates (none here: its steps take
the shapes the app draws already, and its die a look the app draws already) and a line
in rules_engine/games.py.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules_engine import GAMES, GameRules, Shape, Table, register, score, withdraw
from scorepad.models import Game
from scorepad.screens.table import current_table
from tests.lucky_trick import LUCKY_POINTS, LuckyTrick

PLAYERS = ("Ann", "Bob", "Cat")
# Each die drawn in the page itself (templates/_dice.html): what is inside its svg.
DRAWN_DIE = re.compile(r'<svg class="die" viewBox="0 0 40 40">(.*?)</svg>')

Stored = Callable[[Game], dict[str, Any]]


@pytest.fixture
def lucky(db: None) -> Iterator[GameRules]:
    # Registered by tests/conftest.py before any test is collected.
    rules = GAMES["lucky-trick"]
    assert isinstance(rules, LuckyTrick)
    yield rules
    if "lucky-trick" not in GAMES:
        register(rules)


def start(client: Client) -> Game:
    data = {"player": list(PLAYERS), "first_dealer": "0", "action": "start"}
    response = client.post("/new/lucky-trick/", data)
    assert response.status_code == 303, response.content
    return Game.objects.get(key=response["Location"].split("/")[2])


def tap(client: Client, game: Game, current: Table) -> None:
    """The first button the table offers for its step, tapped (a roll: Roll, by the server)."""
    step = current.step
    data = {"version": game.version, "kind": str(step.kind)}
    if step.shape is not Shape.ROLL:  # the Roll button posts no value
        data["value"] = next(choice for choice in step.choices if choice.allowed).value
    if step.seat is not None:
        data["seat"] = str(step.seat)
    response = client.post(f"/g/{game.key}/enter/", data)
    assert response.status_code == 303, response.content


def tap_until(client: Client, game: Game, kind: str) -> Table:
    """The table once its step is of ``kind``, every step before it tapped."""
    for _ in range(60):
        game.refresh_from_db()
        current, _ = current_table(game)
        if str(current.step.kind) == kind:
            return current
        tap(client, game, current)
    raise AssertionError(f"no step of {kind!r}")


def play_to_the_end(client: Client, game: Game) -> None:
    tap_until(client, game, "over")


def drawn_dice(page: str) -> list[str]:
    return DRAWN_DIE.findall(page)


def by_hand(page: str) -> dict[str, str]:
    """The hidden fields of the form a roll made by hand is posted with, as drawn."""
    form = re.search(r"<form [^>]*data-by-hand>(.*?)</form>", page, re.DOTALL)
    assert form is not None, "no form for a roll made by hand"
    return dict(re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)">', form[1]))


def test_the_home_page_lists_it_and_its_setup_starts_it(client: Client, lucky: GameRules) -> None:
    assert "Lucky Trick" in client.get("/").text

    game = start(client)

    assert game.kind == "lucky-trick"
    page = client.get(f"/g/{game.key}/").text
    assert "Bob rolls the luck die" in page
    assert '<svg class="die"' not in page  # nothing rolled yet


def test_the_table_asks_its_own_step_with_buttons_and_their_refusals(
    client: Client, lucky: GameRules
) -> None:
    game = start(client)
    tap_until(client, game, "lucky")

    page = client.get(f"/g/{game.key}/").text

    assert "Who took the lucky trick?" in page
    assert '<input type="hidden" name="kind" value="lucky">' in page
    assert "took no trick, so not the lucky one" in page


def test_the_servers_roll_draws_the_luck_die_with_its_pips(
    client: Client, lucky: GameRules
) -> None:
    game = start(client)
    data = {"version": game.version, "kind": "roll", "seat": "1"}

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303, response.content
    game.refresh_from_db()
    (rolled,) = game.pending
    assert rolled["kind"] == "dice"
    face = rolled["value"]["luck"]
    assert face in (1, 2, 3)
    page = client.get(f"/g/{game.key}/").text
    assert '<div class="dice rolled" aria-hidden="true">' in page
    (die,) = drawn_dice(page)
    assert die.count("<circle") == face
    # Drawn unread by a screen reader, the die is said in words too.
    assert f"The luck die shows {face}: the lucky trick is worth {LUCKY_POINTS * face}" in page
    assert "Bob bids" in page


def test_a_roll_made_by_hand_enters_the_face_tapped(client: Client, lucky: GameRules) -> None:
    game = start(client)
    page = client.get(f"/g/{game.key}/?dice=hand").text
    assert page.count('<input type="radio" name="die-luck"') == 3
    assert "<legend>Luck die</legend>" in page
    # One die, said as one: its buttons' words are not the words for several.
    assert ">Roll the die</button>" in page and "Enter this die" in page
    assert "We rolled the die ourselves" in page and "dice" not in page.replace("?dice=", "")

    response = client.post(f"/g/{game.key}/enter/", {**by_hand(page), "die-luck": "3"})

    assert response.status_code == 303, response.content
    game.refresh_from_db()
    assert game.pending == [{"kind": "dice", "seat": None, "value": {"luck": 3}}]
    (die,) = drawn_dice(client.get(f"/g/{game.key}/").text)
    assert die.count("<circle") == 3


@pytest.mark.parametrize(
    ("face", "message"),
    [
        ("4", "The luck die has no face &#x27;4&#x27;: its faces are 1, 2, 3"),
        ("none", "The luck die has no face &#x27;none&#x27;: its faces are 1, 2, 3"),
        ("", "Tap a face of the luck die"),
    ],
)
def test_a_face_the_luck_die_does_not_have_is_refused_and_nothing_saved(
    client: Client, lucky: GameRules, stored: Stored, face: str, message: str
) -> None:
    game = start(client)
    form = by_hand(client.get(f"/g/{game.key}/?dice=hand").text)
    before = stored(game)

    response = client.post(f"/g/{game.key}/enter/", {**form, "die-luck": face})

    assert response.status_code == 400
    assert message in response.text
    assert stored(game) == before


def test_undo_names_the_roll_by_the_face_it_fell_on(
    client: Client, htmx_client: Client, lucky: GameRules
) -> None:
    game = start(client)
    form = by_hand(client.get(f"/g/{game.key}/?dice=hand").text)

    response = htmx_client.post(f"/g/{game.key}/enter/", {**form, "die-luck": "2"})

    assert response.status_code == 200
    assert "Undo the luck die's roll of 2</button>" in html.unescape(response.text)


def test_its_own_entry_is_named_by_undo_and_its_words_by_the_sheet(
    client: Client, htmx_client: Client, lucky: GameRules
) -> None:
    game = start(client)
    current = tap_until(client, game, "lucky")
    luck = game.pending[0]["value"]["luck"]
    taker = next(choice for choice in current.step.choices if choice.allowed)
    data = {"version": game.version, "kind": "lucky", "value": taker.value}

    response = htmx_client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 200
    assert f"Undo the lucky trick, taken by {taker.label} (round 1)" in response.text
    # What the round came to, in the game's own words, until the next is under way.
    assert f"{taker.label} took the lucky trick, worth {LUCKY_POINTS * luck}" in response.text
    assert client.get(f"/g/{game.key}/sheet/").status_code == 200


def test_a_round_corrected_keeps_its_luck_die_as_it_fell(client: Client, lucky: GameRules) -> None:
    game = start(client)
    tap(client, game, tap_until(client, game, "lucky"))  # round 1's last tap
    game.refresh_from_db()
    luck = game.record["rounds"][0]["luck"]

    response = client.post(f"/g/{game.key}/correct/", {"version": game.version, "number": 1})

    assert response.status_code == 303, response.content
    game.refresh_from_db()
    current, _ = current_table(game)
    assert str(current.step.kind) == "bid"  # not rolled again
    (die,) = drawn_dice(client.get(f"/g/{game.key}/").text)
    assert die.count("<circle") == luck


def test_a_whole_game_ends_with_the_engines_totals_on_the_sheet(
    client: Client, lucky: GameRules
) -> None:
    game = start(client)

    play_to_the_end(client, game)

    game.refresh_from_db()
    record, _ = game.load()
    sheet = score(record)
    assert sheet.finished and len(record.rounds) == 3
    assert all(rnd["luck"] in (1, 2, 3) and "lucky" in rnd for rnd in record.rounds)
    # Oh Hell's score, and 5 a pip of the luck die for the lucky trick.
    expected = [0] * len(PLAYERS)
    for rnd in record.rounds:
        for seat, (bid, took) in enumerate(zip(rnd["bids"], rnd["tricks"], strict=True)):
            lucky_points = LUCKY_POINTS * rnd["luck"] if seat == rnd["lucky"] else 0
            expected[seat] += took + (10 if bid == took else 0) + lucky_points
    assert list(sheet.totals) == expected
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
    assert all("luck" in rnd for rnd in data["rounds"])
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
