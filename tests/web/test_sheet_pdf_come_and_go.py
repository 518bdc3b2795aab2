"""The PDFs of players who come and go: a game's sheet with a column that starts late
and one that ends early, a stopped game, and a blank sheet with spare columns."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # it ships no types
import pytest
from django.test import Client

from rules_engine import parse_record
from scorepad.models import Game
from tests.web.changes import spec_example
from tests.web.test_sheet_pdf import A4, assert_pdf_download, pdf_pages

pytestmark = pytest.mark.slow

# Where the pages are drawn as pictures, to look at (test-artifacts is kept by CI).
PICTURES = Path(__file__).resolve().parents[2] / "test-artifacts" / "pdf"


def drawn(content: bytes, name: str) -> None:
    PICTURES.mkdir(parents=True, exist_ok=True)
    page = pdfium.PdfDocument(content)[0]
    page.render(scale=2).to_pil().save(PICTURES / f"{name}.png")


def test_a_stopped_game_with_a_joiner_and_a_leaver_prints_on_one_page(client: Client) -> None:
    game = Game.start(parse_record(spec_example()))

    response = client.get(f"/g/{game.key}/sheet.pdf")

    assert_pdf_download(response, f"scorepad-oh-hell-{game.created:%Y-%m-%d}-a4.pdf")
    drawn(response.content, "come-and-go-sheet")
    [page] = pdf_pages(response.content)
    assert page["size"] == A4[::-1]  # five players' columns: across the page
    text = " ".join(page["text"].split())
    assert "The table stopped after round 2." in text
    assert "Won by Ann" in text
    assert "Left before the end, not ranked: Dev" in text
    # Round 1's row ends with Eva's starting total, above her first round.
    assert "1 10 Ann 2 2 12 12 3 3 13 13 2 3 3 3 2 2 12 12 5 2 9 Ben" in text
    # The Total row holds Dev's 12 too, though he left after round 1.
    assert "Total 24 16 15 12 17" in text


def test_a_blank_sheet_with_spare_columns_prints_on_one_page(client: Client) -> None:
    response = client.get("/print/oh-hell/pdf?players=4&spare=2&paper=a4")

    assert_pdf_download(response, "scorepad-oh-hell-4-players-a4.pdf")
    drawn(response.content, "come-and-go-blank-sheet")
    [page] = pdf_pages(response.content)
    text = " ".join(page["text"].split())
    # Two columns headed so, and the key ("Someone joins late: ...").
    assert text.count("joins late") == 3
    assert "Someone joins late: their name and starting total" in text
