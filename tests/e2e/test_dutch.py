"""A Boerenbridge round played in Dutch on a phone, and its sheet printed.

The browser asks for English; the header's switch turns the site Dutch, and the
language cookie keeps it so for the whole game. Every word checked is the
catalogue's (locale/nl), every number the engine's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev"]


def tap_number(page: Page, value: int) -> None:
    """Tap a number on the step's keypad and wait for the table to come back."""
    with page.expect_response(lambda r: "/enter/" in r.url):
        page.locator(f'#step button[name="value"][value="{value}"]').click()
    page.wait_for_function("() => document.querySelector('.htmx-request') === null")


def test_a_boerenbridge_round_in_dutch_and_its_printed_sheet(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Keep score at the card table"
    page.locator('form.language button[value="nl"]').click()
    page.wait_for_url(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "nl"
    assert page.locator("h1").inner_text() == "Houd de score bij aan de kaarttafel"

    page.goto(live_server.url + "/new/boerenbridge/")
    assert page.locator("h1").inner_text() == "Nieuw spel Boerenbridge"
    for index, name in enumerate(PLAYERS):
        page.locator('input[name="player"]').nth(index).fill(name)
    page.locator('input[name="first_dealer"][value="3"]').check()  # Dev deals
    page.get_by_role("button", name="Begin het spel").click()
    page.wait_for_selector("#table")

    heading = page.locator(".round-head h1").inner_text()
    assert heading == "Boerenbridge: Ronde 1, tot 100"
    facts = page.locator(".round-head .facts").inner_text()
    assert "Kaarten\n13" in facts and "Geeft\nDev" in facts
    # The bids are said at once: whoever's bid is tapped in, in any order.
    assert page.locator("#step .who").inner_text().startswith("Wiens bod?")
    assert page.locator("#step h2.prompt").inner_text() == "Ann biedt"
    # Ann bids 13, Bob, Cas and Dev 1 each: 16 of 13, so Dev's 1 is no hook.
    for bid in (13, 1, 1):
        tap_number(page, bid)
    assert page.locator("#step h2.prompt").inner_text() == "Dev biedt"
    assert "Samen geboden: 15 van 13 slagen: 2 te veel" in page.locator(".notes").inner_text()
    page.screenshot(path=str(screenshots / "dutch-boerenbridge-bid.png"))
    tap_number(page, 1)

    assert page.locator("#step h2.prompt").inner_text() == "Slagen van Ann"
    # Ann takes all 13: no trick is left, so Bob's and Cas's 0 go in with that tap
    # (not asked), and Dev's are worked out.
    tap_number(page, 13)

    assert page.locator(".round-head h1").inner_text() == "Boerenbridge: Ronde 2, tot 100"
    totals = page.locator("table.totals").inner_text()
    assert "Stand na ronde 1" in totals and "23" in totals
    page.screenshot(path=str(screenshots / "dutch-boerenbridge-round-2.png"), full_page=True)

    page.get_by_role("link", name="Scoreblad").click()
    page.wait_for_selector("table.sheet")
    assert page.locator("h1").inner_text() == "Scoreblad Boerenbridge"
    head = page.locator("table.sheet thead").inner_text()
    assert "Ronde" in head and "Gever" in head and "Punten" in head and "Totaal" in head
    assert page.locator(".round-head").count() == 0
    # Printed: the page as the browser lays it out on A4 (794 CSS pixels wide).
    page.set_viewport_size({"width": 794, "height": 1123})
    page.emulate_media(media="print")
    page.screenshot(path=str(screenshots / "dutch-boerenbridge-sheet-print.png"), full_page=True)
    page.emulate_media(media="screen")

    # The PDF download is the same page, in the same language (503 where Pango is missing).
    href = page.get_by_role("link", name="Afdrukken: pdf, A4").get_attribute("href") or ""
    pdf = page.request.get(live_server.url + href)
    assert pdf.status in (200, 503)
    if pdf.status == 200:
        assert pdf.headers["content-type"] == "application/pdf"
        (screenshots / "dutch-boerenbridge-sheet.pdf").write_bytes(pdf.body())
