"""The table's Undo / Redo / Score sheet bar, upright (390x844) and on its side
(844x390), in English and Dutch: always in view while entering, one row of buttons
(two on a phone while Redo is beside Undo), no button over two lines, and the
totals scroll clear of it; the badges' key under the totals."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.games import one_round, players
from rules_engine import new_record
from scorepad.models import Game

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

TABLES = Path(__file__).resolve().parents[2] / "test-artifacts" / "tables"

BAR = """() => {
  const bar = document.querySelector('#table nav.actions').getBoundingClientRect();
  const rows = [...document.querySelectorAll('#table .totals tbody tr')];
  const last = rows[rows.length - 1].getBoundingClientRect();
  const buttons = [...document.querySelectorAll('#table nav.actions :is(button, a)')];
  const undo = buttons[0].getBoundingClientRect();
  // The lines of words in each button: the height of its words, by line.
  const lines = buttons.map((b) => {
    const style = getComputedStyle(b);
    const text = document.createRange();
    text.selectNodeContents(b);
    return Math.round(text.getBoundingClientRect().height / parseFloat(style.lineHeight));
  });
  return {top: bar.top, height: bar.height, undoBottom: undo.bottom, undoTop: undo.top,
          lastRowBottom: last.bottom, inner: window.innerHeight, lines: lines};
}"""
ROW = 72  # one row of buttons, two lines high at most


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_undo_stays_in_view_in_one_row_two_lines_high_at_most_and_the_totals_scroll_clear(
    page: Page, live_server: LiveServer, width: int, height: int, language: str
) -> None:
    TABLES.mkdir(parents=True, exist_ok=True)
    # Seven players after five rounds, then an undo: the longest table, Redo beside Undo.
    record = new_record("oh-hell", players(7), 0, {})
    rng = random.Random(3)
    for _ in range(5):
        record = one_round(record, rng)
    game = Game.start(record)
    page.set_extra_http_headers({"Accept-Language": language})
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/g/{game.key}/")
    # Undo naming the last round's tap ("De 2 slagen van ... (ronde 5) ongedaan maken")
    # and the sheet's link: one row, however long the words, two lines at most.
    alone = page.evaluate(BAR)
    assert alone["height"] <= ROW and max(alone["lines"]) <= 2, alone
    page.screenshot(path=TABLES / f"actions-bar-undo-{language}-{width}x{height}.png")
    page.locator("#table nav.actions button").first.tap()
    page.locator("#table nav.actions form:nth-of-type(2) button").wait_for()

    page.evaluate("() => window.scrollTo(0, 0)")
    top = page.evaluate(BAR)
    # At the top of the page Undo is on screen, not below it.
    assert 0 <= top["undoTop"] and top["undoBottom"] <= top["inner"], top
    # With Redo too: on a phone upright, Undo has a row of its own.
    assert top["height"] <= (2 * ROW if width < 640 else ROW), top
    assert max(top["lines"]) <= 2, top
    page.screenshot(path=TABLES / f"actions-bar-{language}-{width}x{height}.png")

    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    bottom = page.evaluate(BAR)
    # Scrolled to the end, the last player's total is above the bar, not under it.
    assert bottom["lastRowBottom"] <= bottom["top"], bottom
    page.screenshot(path=TABLES / f"actions-bar-end-{language}-{width}x{height}.png")

    # Redo puts the tap back: the bar is Undo and the sheet's link again, in one row.
    page.locator("#table nav.actions form:nth-of-type(2) button").tap()
    page.locator("#table nav.actions form:nth-of-type(2)").wait_for(state="detached")
    again = page.evaluate(BAR)
    assert again["height"] <= ROW and again["lines"] == alone["lines"], again


def test_the_dealer_and_leader_badges_have_a_key(page: Page, live_server: LiveServer) -> None:
    record = one_round(new_record("oh-hell", players(4), 0, {}), random.Random(3))
    game = Game.start(record)
    page.goto(f"{live_server.url}/g/{game.key}/")

    key = page.locator("#table .badge-key")
    assert key.inner_text().split() == ["D", "deals", "★", "ahead"]
