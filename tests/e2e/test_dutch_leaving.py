"""A player leaving and the table stopping, in Dutch on a phone (issue 45, point 6).

Leaving is "weggaan" ("Bob gaat weg"), stopping is "stoppen" (the game's "Hier
stoppen"): one verb each. The stop's preview reads as a sentence ("Stoppen we na
ronde 3, dan eindigt het spel zo:"). 390x844, headless Chromium.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.games import game_in_progress
from rules_engine import score
from scorepad.models import Game
from tests.e2e.screens import MARK, SWAPPED, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e


def swap(page: Page, target: Locator) -> None:
    """Tap and wait until htmx has put a new ``#table`` in (no reload)."""
    token = page.evaluate(MARK)
    target.tap()
    page.wait_for_function(SWAPPED)
    assert page.evaluate("() => window.e2ePage") == token, "the page was reloaded"


def test_bob_gaat_weg_and_the_table_stops_in_dutch(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    record = game_in_progress("oh-hell", 4, 2)
    bob = score(record).totals[1]
    game = Game.start(record)
    page.set_extra_http_headers({"Accept-Language": "nl"})
    page.goto(f"{live_server.url}/g/{game.key}/")
    assert page.locator("html").get_attribute("lang") == "nl"

    # Someone leaves: "Iemand gaat weg", "Wie gaat er weg?", "Bob gaat weg, met 12".
    swap(page, page.get_by_role("link", name="Spelers, plan, stoppen"))
    swap(page, page.get_by_role("link", name="Iemand gaat weg"))
    text = page.locator("#table").inner_text()
    assert "Wie gaat er weg?" in text and "stopt" not in text
    page.screenshot(path=str(screenshots / "dutch-someone-leaves.png"), full_page=True)
    swap(page, page.get_by_role("button", name=f"Bob gaat weg, met {bob}"))
    assert page.locator("#table .changes-made").inner_text() == f"Bob gaat weg, met {bob}"
    assert page.locator("#table .actions button", has_text="Bob gaat weg").count() == 1

    # Round 3 played without Bob; then the table stops, a verb of its own, and its
    # preview reads as a sentence.
    screens = Screens(page, live_server.url, screenshots)
    screens.game, screens.key = "dutch-leaving", game.key
    while "Ronde 3 van" in page.locator(".round-head h1").inner_text():
        screens.choose(screens.read().allowed()[0])
    swap(page, page.get_by_role("link", name="Spelers, plan, stoppen"))
    swap(page, page.get_by_role("link", name="Hier stoppen"))
    title = page.locator("#stop-title").inner_text()
    assert title == "Stoppen we na ronde 3, dan eindigt het spel zo:"
    apart = page.locator("#table .podium p.muted").inner_text()
    assert apart == f"Bob ging voor het einde weg, met {bob}: niet geklasseerd."
    page.screenshot(path=str(screenshots / "dutch-stop-here.png"), full_page=True)
    swap(page, page.get_by_role("button", name="Het spel hier stoppen"))
    assert re.search(r"Gestopt na ronde 3", page.locator(".round-head h1").inner_text())
