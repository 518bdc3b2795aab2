"""Each game's blank and filled sheet as a PDF, drawn to an image.

The images are also saved under test-artifacts/sheets/ to be looked at by eye.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # it ships no types
import pytest
from django.test import Client

from scorepad.models import Game
from tests.five_games import ABRACADABRA, BOERENBRIDGE, BRINK_BID, OH_HELL, SINKER
from tests.web.test_sheet_pdf import A4

pytestmark = pytest.mark.slow

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "sheets"


def drawn(content: bytes, name: str) -> list[dict[str, Any]]:
    """Each page's size in points and its text; the pages saved as PNGs."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pages = []
    for number, page in enumerate(pdfium.PdfDocument(content), start=1):
        image = page.render(scale=2).to_pil()
        image.save(ARTIFACTS / f"{name}-{number}.png")
        dark = sum(image.convert("L").histogram()[:128])
        width, height = page.get_size()
        text = page.get_textpage().get_text_range()
        pages.append({"size": (round(width), round(height)), "dark": dark, "text": text})
    return pages


# A game still going, its record, and what its one page must show.
FILLED = {
    "oh-hell": (
        {**OH_HELL, "rounds": [{**OH_HELL["rounds"][0], "trump": "spades"}, OH_HELL["rounds"][1]]},
        ["Trump", "Bid", "Took", "Points", "Winner:", "♠", "25"],
    ),
    "boerenbridge": (BOERENBRIDGE, ["Won by Ann", "100"]),
    "brink-bid": (BRINK_BID, ["Dice", "Direction", "across-left", "♥", "Winner:"]),
    "sinker": (
        {**SINKER, "options": {"deals": 8}},
        ["Calls", "Contract", "Ann zero, made", "Ben zero, made", "Winner:"],
    ),
    "abracadabra": (
        ABRACADABRA,
        ["Declarer", "Named", "Suit cards", "[12]", "♦ 1", "open", "63", "Winner:"],
    ),
}


@pytest.mark.parametrize("game", list(FILLED))
def test_each_games_filled_sheet_prints_its_own_boxes_on_one_page(
    client: Client, game: str
) -> None:
    record, shown = FILLED[game]
    stored = Game.objects.create(kind=game, record=record, version=1)

    response = client.get(f"/g/{stored.key}/sheet.pdf")

    assert response.status_code == 200
    [page] = drawn(response.content, f"{game}-filled")
    assert page["dark"] > 2000
    for text in shown:
        assert text in page["text"]
    # What the screen has after a game and paper does not.
    assert "Play again" not in page["text"]
    assert "The result, to share" not in page["text"]


BLANK = {
    "oh-hell": ("players=4", ["Trump", "Bid", "Took", "Winner:"], False),
    "boerenbridge": ("players=4&player=Ann&player=Ben", ["Ann", "Ben", "Winner:"], False),
    "brink-bid": ("players=4", ["Dice", "Trump", "Pass", "Direction", "Winner:"], True),
    "sinker": ("players=2", ["Calls", "Contract", "Tricks", "Winner:"], False),
    "abracadabra": ("players=4", ["Declarer", "Named", "Suit cards", "Winner:"], True),
}


@pytest.mark.parametrize("game", list(BLANK))
def test_each_games_blank_sheet_prints_its_own_boxes_on_one_page(client: Client, game: str) -> None:
    query, shown, landscape = BLANK[game]

    response = client.get(f"/print/{game}/pdf?{query}")

    assert response.status_code == 200
    [page] = drawn(response.content, f"{game}-blank")
    assert page["size"] == ((A4[1], A4[0]) if landscape else A4)
    for text in shown:
        assert text in page["text"]
    assert "Player 1" not in page["text"]
