"""A long game's PDF comes in parts (/g/<key>/sheet.pdf?part=N), each quick to draw.

Each part holds rows up to scorepad.printing.pdf.PART_WEIGHT: a row weighs its columns and
half the characters in its boxes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from bench.slowest import longest_game
from rules_engine import Record, review
from scorepad.models import Game
from scorepad.printing.paper import filled_sheet
from scorepad.printing.pdf import parts, row_weight
from tests.web.test_sheet_pdf import assert_pdf_download, drawn, pdf_pages

__all__ = ["drawn"]  # the fixture, used here too

ROUNDS = 40


@pytest.fixture(scope="module")
def long_record() -> Record:
    return longest_game(ROUNDS)


@pytest.fixture
def long_game(db: None, long_record: Record) -> Game:
    return Game.objects.create(kind="abracadabra", record=long_record.to_json(), version=1)


def round_numbers(text: str) -> list[int]:
    """The round numbers that start the sheet's lines (each row's first cell)."""
    return [int(number) for number in re.findall(r"^(\d+) (?:Ann|Bob|Cas|Dev)\b", text, re.M)]


def row(boxes: list[str], seats: int = 4) -> dict[str, Any]:
    seat = {"boxes": ["1", "1"], "score": "11", "total": "99"}
    return {"boxes": boxes, "seats": [seat] * seats}


def test_a_part_holds_rows_up_to_its_weight_and_at_least_a_few() -> None:
    light = row(["♠"])  # 20 columns and 25 characters: 32
    assert row_weight(light, 20) == 32
    # All 19 rounds of a long Oh Hell game for four, and one more.
    assert parts([light] * 20, 20) == [(1, 20)]
    assert parts([light] * 21, 20) == [(1, 20), (21, 21)]
    heavy = row(["x" * 400])  # weighs 232 alone: still a few rounds a part
    assert parts([heavy] * 12, 20) == [(1, 5), (6, 10), (11, 12)]


def expected_parts(record: Record) -> list[tuple[int, int]]:
    paper = filled_sheet(record, review(record))
    return parts(paper["rows"], paper["columns"])


def test_the_sheet_links_every_part_of_a_long_game(
    client: Client, long_game: Game, long_record: Record
) -> None:
    html = client.get(f"/g/{long_game.key}/sheet/").text

    every = expected_parts(long_record)
    assert len(every) > 2
    for paper in ("a4", "letter"):
        for number, (first, last) in enumerate(every, start=1):
            assert f'sheet.pdf?paper={paper}&amp;part={number}">Print: PDF, ' in html
            assert f"rounds {first}-{last}</a>" in html
        assert f"sheet.pdf?paper={paper}&amp;part={len(every) + 1}" not in html
    # The browser's own Print still has the whole game.
    assert '<option value="40">40</option>' in html


@pytest.mark.slow
def test_each_part_prints_its_own_rounds_with_the_totals_carried(
    client: Client, long_game: Game, long_record: Record
) -> None:
    totals = [scored.totals for scored in review(long_record).rounds]
    every = expected_parts(long_record)

    texts = []
    for number in (1, 2, len(every)):
        first, last = every[number - 1]
        response = client.get(f"/g/{long_game.key}/sheet.pdf?paper=a4&part={number}")

        today = long_game.created.date().isoformat()
        assert_pdf_download(response, f"scorepad-abracadabra-{today}-part-{number}-a4.pdf")
        text = " ".join(page["text"] for page in pdf_pages(response.content))
        texts.append(text)
        assert f"rounds {first}-{last} of {ROUNDS} (part {number} of {len(every)})" in text
        assert round_numbers(text) == list(range(first, last + 1))
        if first > 1:
            carried = " ".join(str(total) for total in totals[first - 2])
            assert f"Carried from round {first - 1} {carried}" in " ".join(text.split())
    assert "Carried from" not in texts[0]


@pytest.mark.parametrize("part", ["0", "x", "²", "-1", "99999999999"])
def test_a_part_that_is_not_a_number_from_1_is_refused(
    client: Client, long_game: Game, part: str
) -> None:
    response = client.get(f"/g/{long_game.key}/sheet.pdf", {"paper": "a4", "part": part})

    assert response.status_code == 400
    assert response.text == "The part is a number from 1."


def test_a_part_past_the_last_is_not_found(
    client: Client, long_game: Game, long_record: Record
) -> None:
    count = len(expected_parts(long_record))
    response = client.get(f"/g/{long_game.key}/sheet.pdf?part={count + 1}")

    assert response.status_code == 404
    assert response.text == f"This game's PDF has {count} parts: there is no part {count + 1}."


@pytest.mark.slow
def test_a_short_game_is_one_part_with_one_link(client: Client, played_game: Game) -> None:
    html = client.get(f"/g/{played_game.key}/sheet/").text
    assert "part=" not in html

    assert client.get(f"/g/{played_game.key}/sheet.pdf?part=1").status_code == 200
    response = client.get(f"/g/{played_game.key}/sheet.pdf?part=2")
    assert response.status_code == 404
    assert response.text == "This game's PDF has 1 part: there is no part 2."


def test_each_part_is_cached_under_its_own_key(
    client: Client, long_game: Game, drawn: list[str]
) -> None:
    url = f"/g/{long_game.key}/sheet.pdf"
    first, second = client.get(f"{url}?part=1"), client.get(f"{url}?part=2")
    again, whole = client.get(f"{url}?part=2"), client.get(url)

    assert drawn == ["sheet.html", "sheet.html"]
    assert first.content == b"%PDF-1.7 1"
    assert second.content == again.content == b"%PDF-1.7 2"
    # No part given is the first part.
    assert whole.content == first.content
