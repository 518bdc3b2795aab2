"""The score sheet of a Boerenbridge game of fixed length (``end: hands``, issue 47): a
row printed for every hand still to play, on the page and in its PDF; and Skull King's
negative bonus written where it counted."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules_engine import hand_pattern, parse_record, preset
from scorepad.models import Game
from tests.web.browsers import started_here
from tests.web.test_sheet import rows_to_play, sheet_rows
from tests.web.test_sheet_pdf import assert_pdf_download, pdf_pages

PLAYERS = ["Ann", "Bob", "Cat", "Dev"]
PYRAMID = [*hand_pattern(1, 13, 1)]


def record(game: str, options: dict[str, Any], rounds: list[dict[str, Any]]) -> Any:
    return parse_record(
        {
            "format": "scorepad/1",
            "game": game,
            "options": options,
            "players": PLAYERS,
            "first_dealer": 0,
            "rounds": rounds,
        }
    )


def dutch_pyramid(client: Client) -> Game:
    options = dict(preset("boerenbridge", "dutch-pyramid", 4).options)
    rounds = [{"bids": [0, 0, 0, 0], "tricks": [0, 1, 0, 0]}]
    game = Game.start(record("boerenbridge", options, rounds))
    started_here(client, game)
    return game


def test_the_sheet_has_a_row_for_every_hand_still_to_play(db: None, client: Client) -> None:
    game = dutch_pyramid(client)

    html = client.get(f"/g/{game.key}/sheet/").text

    assert [row[0] for row in sheet_rows(html)] == ["1"]
    to_play = rows_to_play(html)
    assert len(to_play) == 24
    assert [row[1] for row in to_play] == [str(size) for size in PYRAMID[1:]]
    assert "Rules: Dutch pyramid" in html


def test_a_game_not_begun_has_its_25_rows_to_print(db: None, client: Client) -> None:
    options = dict(preset("boerenbridge", "basis", 4).options)
    game = Game.start(record("boerenbridge", options, []))
    started_here(client, game)

    html = client.get(f"/g/{game.key}/sheet/").text

    assert [row[1] for row in rows_to_play(html)] == [str(size) for size in PYRAMID]


@pytest.mark.slow
def test_its_pdf_prints_every_hand(db: None, client: Client) -> None:
    game = dutch_pyramid(client)

    response = client.get(f"/g/{game.key}/sheet.pdf")

    today = game.created.date().isoformat()
    assert_pdf_download(response, f"scorepad-boerenbridge-{today}-a4.pdf")
    text = " ".join(page["text"] for page in pdf_pages(response.content))
    assert "Dutch pyramid" in text
    assert "25" in text  # the last round's number


def test_a_negative_bonus_is_written_on_the_sheet(db: None, client: Client) -> None:
    rounds = [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0], "bonus": [-30, 0, 0, 0]}]
    game = Game.start(record("skull-king", {}, rounds))
    started_here(client, game)

    html = client.get(f"/g/{game.key}/sheet/").text

    [row] = sheet_rows(html)
    assert "-30" in row
    assert "-10" in row  # 20 for the bid made, 30 taken off
    assert 'title="20 - 30 bonus = -10"' in html
