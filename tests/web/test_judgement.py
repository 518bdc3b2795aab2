"""Judgement (tests/judgement.py), the tests' own game of the Oh Hell family, played
through the home page, the setup, the table and the sheet with no file of the app
changed: its module and its registration (tests/conftest.py) are all it took."""

from __future__ import annotations

from django.test import Client

from rules_engine import score
from scorepad.models import Game
from scorepad.screens.table import current_table

PLAYERS = ("Ann", "Bob", "Cat")


def start(client: Client) -> Game:
    data = {"player": list(PLAYERS), "first_dealer": "0", "action": "start"}
    response = client.post("/new/judgement/", data)
    assert response.status_code == 303, response.content
    return Game.objects.get(key=response["Location"].split("/")[2])


def tap_first(client: Client, game: Game) -> str:
    """The first allowed button of the table's step tapped; the step's kind."""
    game.refresh_from_db()
    step = current_table(game)[0].step
    value = next(choice for choice in step.choices if choice.allowed).value
    data = {"version": game.version, "kind": str(step.kind), "value": value}
    if step.seat is not None:
        data["seat"] = str(step.seat)
    response = client.post(f"/g/{game.key}/enter/", data)
    assert response.status_code == 303, response.content
    return str(step.kind)


def test_the_home_page_lists_it_and_its_setup_starts_it(client: Client) -> None:
    assert "Judgement" in client.get("/").text

    game = start(client)

    page = client.get(f"/g/{game.key}/").text
    assert game.kind == "judgement"
    assert "Bob bids" in page
    assert "Judgement: Round 1 of 13" in page


def test_the_table_refuses_the_dealers_hooked_bid_with_its_reason(client: Client) -> None:
    game = start(client)
    tap_first(client, game)  # Bob bids 0
    tap_first(client, game)  # Cat bids 0

    page = client.get(f"/g/{game.key}/").text

    assert "Ann deals and may not bid 7" in page


def test_it_is_played_to_the_end_and_its_sheet_scores_it(client: Client) -> None:
    game = start(client)
    for _ in range(13 * 6):
        game.refresh_from_db()
        if current_table(game)[0].step.kind == "over":
            break
        tap_first(client, game)
    game.refresh_from_db()

    record, _ = game.load()
    sheet = score(record)
    assert len(sheet.rounds) == 13
    assert sheet.finished
    page = client.get(f"/g/{game.key}/sheet/").text
    for total in sheet.totals:
        assert f">{total}<" in page
