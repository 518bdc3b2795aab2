"""Limits that keep one visitor from costing everyone: games started per address, the
PDF allowance, a double tap's token kept to its own browser, and quiet logs for hosts
that are not ours (issue 21's second review)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from scorepad.models import Game
from tests.web.browsers import kept_here

SETUP = {
    "player": ["Ann", "Bob", "Cat"],
    "option_style": "long",
    "option_scoring": "positive",
    "first_dealer": "0",
    "action": "start",
}


def setup_form(client: Client) -> dict[str, Any]:
    """The setup form as this browser's page gives it, with its start token."""
    page = client.get("/new/oh-hell/").text
    token = re.search(r'name="start_token" value="([^"]+)"', page)
    assert token is not None
    return {**SETUP, "start_token": token.group(1)}


# --- The double tap's token -----------------------------------------------------------


def test_another_browser_posting_the_same_token_starts_its_own_game(client: Client) -> None:
    data = setup_form(client)
    first = client.post("/new/oh-hell/", data)
    stranger = Client()

    second = stranger.post("/new/oh-hell/", data)

    assert first.status_code == second.status_code == 303
    assert first["Location"] != second["Location"]
    assert Game.objects.count() == 2
    mine = Game.objects.get(key=first["Location"].split("/")[2])
    assert kept_here(client) == [mine.key]
    assert mine.key not in kept_here(stranger)


def test_the_same_browser_tapping_twice_still_makes_one_game(client: Client) -> None:
    data = setup_form(client)

    first = client.post("/new/oh-hell/", data)
    second = client.post("/new/oh-hell/", data)

    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1


# --- Games started from one address ---------------------------------------------------


@pytest.fixture
def five_an_hour(settings: Any) -> None:
    settings.GAMES_STARTED_PER_HOUR = 5


def test_one_address_may_start_so_many_games_an_hour(client: Client, five_an_hour: None) -> None:
    answers = [client.post("/new/oh-hell/", SETUP).status_code for _ in range(6)]
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post("/new/oh-hell/", SETUP)

    assert answers == [303] * 5 + [429]
    refused = client.post("/new/oh-hell/", SETUP)
    assert "Too many new games from your address. Try again in" in refused.text
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert elsewhere.status_code == 303
    assert Game.objects.count() == 6


def test_an_htmx_start_over_the_limit_shows_why_in_the_refusals_area(
    client: Client, five_an_hour: None
) -> None:
    for _ in range(5):
        client.post("/new/oh-hell/", SETUP)

    refused = client.post("/new/oh-hell/", SETUP, headers={"HX-Request": "true"})

    # htmx swaps a 429 (base.html's responseHandling), here into #refusals, not the form.
    assert refused.status_code == 429
    assert refused["HX-Retarget"] == "#refusals"
    assert refused["HX-Reswap"] == "innerHTML"
    assert refused.text.startswith('<p class="error" role="alert">Too many new games from')
    page = client.get("/new/oh-hell/").text
    assert '<div id="refusals" class="refusals"></div>' in page
    assert '{"code":"429","swap":true,"error":false}' in page
    assert Game.objects.count() == 5


def test_a_plain_start_over_the_limit_says_why_in_words(client: Client, five_an_hour: None) -> None:
    for _ in range(5):
        client.post("/new/oh-hell/", SETUP)

    refused = client.post("/new/oh-hell/", SETUP)

    assert refused.status_code == 429
    assert refused["Content-Type"] == "text/plain; charset=utf-8"
    assert refused.text.startswith("Too many new games from your address. Try again in ")


@pytest.mark.slow
def test_editing_the_setup_form_does_not_count(client: Client, five_an_hour: None) -> None:
    for _ in range(10):
        assert client.post("/new/oh-hell/", {**SETUP, "action": "add"}).status_code == 200
        assert client.post("/new/oh-hell/", {**SETUP, "player": []}).status_code == 400

    assert client.post("/new/oh-hell/", SETUP).status_code == 303


def test_playing_again_counts_as_starting_a_game(
    client: Client, finished_game: Game, five_an_hour: None
) -> None:
    for _ in range(5):
        assert client.post("/new/oh-hell/", SETUP).status_code == 303

    refused = client.post(f"/g/{finished_game.key}/again/")

    assert refused.status_code == 429
    assert Game.objects.count() == 6


def test_with_no_limit_set_games_are_not_counted(client: Client, settings: Any) -> None:
    settings.GAMES_STARTED_PER_HOUR = 0

    assert all(client.post("/new/oh-hell/", SETUP).status_code == 303 for _ in range(12))


# --- The PDF allowance ----------------------------------------------------------------


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The PDFs actually drawn (each a tiny stand-in)."""
    done: list[str] = []

    def draw(request: object, template: str, context: object, paper: str) -> bytes:
        done.append(template)
        return f"%PDF-1.7 {len(done)}".encode()

    monkeypatch.setattr("scorepad.pdf.render_pdf", draw)
    return done


def test_busy_answers_use_none_of_the_pdf_allowance(
    client: Client, played_game: Game, drawn: list[str]
) -> None:
    url = f"/g/{played_game.key}/sheet.pdf"
    caches["pdfs"].add("pdf-drawing:0", True)
    busy = [client.get(url).status_code for _ in range(20)]
    caches["pdfs"].delete("pdf-drawing:0")

    answers = []
    for version in range(11):
        Game.objects.filter(pk=played_game.pk).update(version=version)
        answers.append(client.get(url).status_code)

    assert busy == [503] * 20
    assert answers == [200] * 10 + [429]
    assert len(drawn) == 10


def test_an_address_over_its_pdf_allowance_frees_the_drawing_place(
    client: Client, played_game: Game, drawn: list[str]
) -> None:
    url = f"/g/{played_game.key}/sheet.pdf"
    for version in range(11):
        Game.objects.filter(pk=played_game.pk).update(version=version)
        client.get(url)
    Game.objects.filter(pk=played_game.pk).update(version=99)

    assert Client(REMOTE_ADDR="10.0.0.9").get(url).status_code == 200


# --- Hosts that are not ours ----------------------------------------------------------


class Lines(logging.Handler):
    """Log records as the server's log writes them (settings.LOGGING's "plain")."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("{levelname} {name}: {message}", style="{"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def test_a_request_for_another_host_is_logged_in_one_line(client: Client) -> None:
    lines = Lines()
    logger = logging.getLogger("django.security.DisallowedHost")
    logger.addHandler(lines)
    try:
        response = client.get("/", headers={"host": "evil.example"})
    finally:
        logger.removeHandler(lines)

    assert response.status_code == 400
    assert lines.lines == [
        "WARNING django.security.DisallowedHost: Invalid HTTP_HOST header: 'evil.example'. "
        "You may need to add 'evil.example' to ALLOWED_HOSTS."
    ]
