"""The PDFs: a blank sheet (/print/<game>/pdf) and a game's sheet (/g/<key>/sheet.pdf).

Each PDF is drawn to an image here, to check it is one page of the right paper
with something printed on it.
"""

from __future__ import annotations

from typing import Any

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # it ships no types
import pytest
from django.core.cache import caches
from django.test import Client

from scorepad.models import Game
from scorepad.printing import pdf
from scorepad.printing.pdf import PdfUnavailable
from tests.conftest import oh_hell

# Points: A4 is 210 x 297 mm, Letter 8.5 x 11 in.
A4 = (595, 842)
LETTER = (612, 792)


def pdf_pages(content: bytes) -> list[dict[str, Any]]:
    """Each page's size in points, its text, and how many of its pixels are dark."""
    document = pdfium.PdfDocument(content)
    pages = []
    for page in document:
        image = page.render(scale=1).to_pil().convert("L")
        dark = sum(image.histogram()[:128])
        width, height = page.get_size()
        text = page.get_textpage().get_text_range()
        pages.append({"size": (round(width), round(height)), "dark": dark, "text": text})
    return pages


def assert_pdf_download(response: Any, filename: str) -> None:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert response.content.startswith(b"%PDF-")


def played_long_game() -> Game:
    """Long Oh Hell for four, all 19 rounds: everyone bids 0 and Bob never takes a trick.

    Round k's tricks go to Ann, Cat or Dev in turn, who miss their 0; Bob makes it
    every round, 10 points each, and wins on 190.
    """
    hands = [*range(10, 0, -1), *range(2, 11)]
    rounds = []
    for index, cards in enumerate(hands):
        tricks = [0, 0, 0, 0]
        tricks[(0, 2, 3)[index % 3]] = cards
        rounds.append({"bids": [0, 0, 0, 0], "tricks": tricks})
    return Game.objects.create(kind="oh-hell", record=oh_hell(rounds), version=1)


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_played_19_round_game_prints_on_one_page_with_the_winner(
    client: Client, paper: str, size: tuple[int, int]
) -> None:
    game = played_long_game()

    response = client.get(f"/g/{game.key}/sheet.pdf?paper={paper}")

    today = game.created.date().isoformat()
    assert_pdf_download(response, f"scorepad-oh-hell-{today}-{paper}.pdf")
    [page] = pdf_pages(response.content)
    assert page["size"] == size
    assert page["dark"] > 2000
    assert "Won by Bob" in page["text"]
    assert "190" in page["text"]
    # What the screen has and paper does not: forms, buttons, links.
    assert "Correct it" not in page["text"]
    assert "Back to the table" not in page["text"]


@pytest.mark.slow
def test_a_game_with_seven_players_prints_across_the_page(client: Client) -> None:
    players = ("Ann", "Bob", "Cat", "Dev", "Eve", "Fay", "Gus")
    game = Game.objects.create(kind="oh-hell", record=oh_hell(players=players), version=1)

    [page] = pdf_pages(client.get(f"/g/{game.key}/sheet.pdf").content)

    assert page["size"] == (A4[1], A4[0])
    assert "Gus" in page["text"]


@pytest.mark.slow
def test_the_paper_is_a4_unless_asked(client: Client, played_game: Game) -> None:
    [page] = pdf_pages(client.get(f"/g/{played_game.key}/sheet.pdf").content)

    assert page["size"] == A4


def test_it_refuses_paper_it_does_not_know(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/sheet.pdf?paper=a5")

    assert response.status_code == 400
    assert response.text == "The paper is a4 or letter."


def test_an_unknown_game_has_no_pdf(client: Client) -> None:
    assert client.get("/g/nosuchgame/sheet.pdf").status_code == 404


def test_the_sheet_links_its_pdf_on_both_papers(client: Client, played_game: Game) -> None:
    html = client.get(f"/g/{played_game.key}/sheet/").text

    assert f'href="/g/{played_game.key}/sheet.pdf?paper=a4"' in html
    assert f'href="/g/{played_game.key}/sheet.pdf?paper=letter"' in html
    assert 'media="print"' in html


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_blank_sheet_prints_on_one_page(
    client: Client, paper: str, size: tuple[int, int]
) -> None:
    response = client.get(f"/print/oh-hell/pdf?players=4&player=Ann&paper={paper}")

    assert_pdf_download(response, f"scorepad-oh-hell-4-players-{paper}.pdf")
    [page] = pdf_pages(response.content)
    assert page["size"] == size
    assert page["dark"] > 2000
    assert "Oh Hell score sheet: 19 rounds" in page["text"]
    assert "Ann" in page["text"]
    assert "Show the sheet" not in page["text"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "query", "landscape"),
    [
        ("boerenbridge", "players=4", False),
        ("brink-bid", "players=6", True),
        ("brink-bid", "players=2", False),
        ("abracadabra", "players=4", True),  # five boxes a player: across the page
        ("sinker", "players=2", False),
        ("oh-hell", "players=5", True),
        ("oh-hell", "players=7", True),
        ("oh-hell", "players=3", False),
    ],
)
def test_every_game_prints_its_blank_sheet_on_one_page(
    client: Client, game: str, query: str, landscape: bool
) -> None:
    for paper, size in (("a4", A4), ("letter", LETTER)):
        response = client.get(f"/print/{game}/pdf?{query}&paper={paper}")

        assert response.status_code == 200
        [page] = pdf_pages(response.content)
        assert page["size"] == ((size[1], size[0]) if landscape else size)
        assert page["dark"] > 2000


def test_without_pango_it_says_to_print_from_the_browser(
    client: Client, played_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_pango(*args: object) -> bytes:
        raise PdfUnavailable("cannot load library 'libpango-1.0-0'")

    monkeypatch.setattr("scorepad.printing.pdf.render_pdf", no_pango)

    response = client.get(f"/g/{played_game.key}/sheet.pdf")

    assert response.status_code == 503
    assert "Print the page from your browser" in response.text


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates of the PDFs actually drawn (each a tiny stand-in PDF)."""
    templates: list[str] = []

    def draw(request: object, template: str, context: object, paper: str) -> bytes:
        templates.append(template)
        return f"%PDF-1.7 {len(templates)}".encode()

    monkeypatch.setattr("scorepad.printing.pdf.render_pdf", draw)
    return templates


def test_a_games_pdf_is_drawn_once_until_the_game_changes(
    client: Client, played_game: Game, drawn: list[str]
) -> None:
    url = f"/g/{played_game.key}/sheet.pdf"
    first, again = client.get(url), Client().get(url)
    Game.objects.filter(pk=played_game.pk).update(version=played_game.version + 1)
    changed = client.get(url)

    assert drawn == ["sheet.html", "sheet.html"]
    assert first.content == again.content == b"%PDF-1.7 1"
    assert changed.content == b"%PDF-1.7 2"
    assert client.get(f"{url}?paper=letter").content == b"%PDF-1.7 3"


def test_a_blank_sheets_pdf_is_drawn_once_for_the_same_choices(
    client: Client, drawn: list[str]
) -> None:
    url = "/print/oh-hell/pdf?players=4&player=Ann&option_style=long"
    client.get(url)
    client.get(url + "&paper=a4")  # the same sheet: A4 is the default
    client.get(url.replace("Ann", "Bob"))

    assert drawn == ["blank_sheet.html", "blank_sheet.html"]


def test_each_address_may_have_ten_pdfs_drawn_in_ten_minutes(
    client: Client, played_game: Game, drawn: list[str]
) -> None:
    for version in range(10):
        Game.objects.filter(pk=played_game.pk).update(version=version)
        assert client.get(f"/g/{played_game.key}/sheet.pdf").status_code == 200

    Game.objects.filter(pk=played_game.pk).update(version=10)
    refused = client.get(f"/g/{played_game.key}/sheet.pdf")
    assert len(drawn) == 10
    Game.objects.filter(pk=played_game.pk).update(version=9)
    cached = client.get(f"/g/{played_game.key}/sheet.pdf")
    Game.objects.filter(pk=played_game.pk).update(version=10)
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").get(f"/g/{played_game.key}/sheet.pdf")

    assert refused.status_code == 429
    assert "Too many PDFs drawn from your address. Try again in" in refused.text
    assert 0 < int(refused["Retry-After"]) <= 600
    assert cached.status_code == 200  # drawn already: served, not counted
    assert elsewhere.status_code == 200
    assert len(drawn) == 11


def test_a_pdf_asked_for_while_another_is_drawn_waits_its_turn(
    client: Client, played_game: Game, drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    free = pdf.drawing_slot
    turns: list[str | None] = [None, None]  # busy twice, then the other PDF is drawn
    monkeypatch.setattr(pdf, "drawing_slot", lambda: turns.pop() if turns else free())

    response = client.get(f"/g/{played_game.key}/sheet.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert drawn == ["sheet.html"]


def test_a_table_asking_for_the_same_pdf_together_gets_the_one_drawn_first(
    client: Client,
    played_game: Game,
    drawn: list[str],
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
) -> None:
    # The other phone's request is made inside this one, in the same thread: the bound
    # on costly pages at once (middleware.TableFirst) would hold it until this one ends.
    settings.COSTLY_AT_ONCE = 0
    url = f"/g/{played_game.key}/sheet.pdf"
    free, asked, first = pdf.drawing_slot, [], []

    def slot() -> str | None:
        asked.append(True)
        if len(asked) == 1:  # another phone has the place, and draws the same PDF
            first.append(Client(REMOTE_ADDR="10.0.0.9").get(url).content)
            return None
        return free()

    monkeypatch.setattr(pdf, "drawing_slot", slot)
    response = client.get(url)

    assert response.status_code == 200
    assert response.content == first[0]
    assert drawn == ["sheet.html"]


def test_past_its_wait_while_others_are_drawn_it_asks_to_try_again(
    client: Client, played_game: Game, drawn: list[str], settings: Any
) -> None:
    settings.PDF_WAIT_SECONDS = 1
    caches["pdfs"].add("pdf-drawing:0", True)

    response = client.get(f"/g/{played_game.key}/sheet.pdf")

    assert response.status_code == 503
    assert "Scorepad is drawing other PDFs just now. Try again in a minute" in response.text
    assert response["Retry-After"] == "30"
    assert drawn == []
    caches["pdfs"].delete("pdf-drawing:0")
    assert client.get(f"/g/{played_game.key}/sheet.pdf").status_code == 200


@pytest.mark.slow
def test_a_spades_pdf_has_a_column_group_a_team_with_its_bags(client: Client) -> None:
    from tests.web.test_sheet import spades_game

    game = spades_game()
    [page] = pdf_pages(client.get(f"/g/{game.key}/sheet.pdf").content)
    assert "Ann & Cat" in page["text"] and "Bob & Dev" in page["text"]
    assert page["text"].count("Bags") == 2
    [blank] = pdf_pages(client.get("/print/spades/pdf").content)
    assert "1 & 3" in blank["text"] and blank["text"].count("Bags") == 2
