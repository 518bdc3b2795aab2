"""The plan changed by taps (issue 45, point 5): one more round, one fewer, end after the
next round, the same hand again, each pressed on a phone, and taken back by Undo; the
typed list stays beside them. 390x844, headless Chromium.

Screenshots land in test-artifacts/screenshots/plan-taps-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.games import game_in_progress
from scorepad.models import Game
from tests.e2e.screens import MARK, SWAPPED, TAP_HEIGHT

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

# Oh Hell long for four, after rounds of 10 and 9 cards: 8 down to 1 and up to 10 ahead.
AHEAD = "8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10"


def swap(page: Page, target: Locator) -> None:
    """Tap and wait until htmx has put a new ``#table`` in (no reload)."""
    token = page.evaluate(MARK)
    target.tap()
    page.wait_for_function(SWAPPED)
    assert page.evaluate("() => window.e2ePage") == token, "the page was reloaded"


def open_plan(page: Page) -> None:
    swap(page, page.get_by_role("link", name="Players, plan, stop"))
    swap(page, page.get_by_role("link", name="Change the plan"))
    assert page.locator("#plan").input_value() == AHEAD


def facts(page: Page) -> tuple[str, str]:
    """The table's title and its cards this round."""
    head = page.locator(".round-head")
    cards = head.locator(".facts dd").first.inner_text()
    return head.locator("h1").inner_text(), cards


def test_each_common_change_of_the_plan_is_one_tap(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    game = Game.start(game_in_progress("oh-hell", 4, 2))
    page.goto(f"{live_server.url}/g/{game.key}/")
    assert facts(page) == ("Oh Hell: Round 3 of 19", "8")

    open_plan(page)
    taps = page.locator(".plan-taps button")
    assert taps.all_inner_texts() == [
        "One more round, of 11 cards",
        "One round fewer: 16 to play",
        "End after the next round, of 8 cards",
        "The same hand again: 9 cards",
    ]
    heights = taps.evaluate_all("(bs) => bs.map((b) => b.getBoundingClientRect().height)")
    assert min(heights) >= TAP_HEIGHT
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshots / "plan-taps-page.png"), full_page=True)

    made = {
        "One more round, of 11 cards": ("Oh Hell: Round 3 of 20", "8"),
        "One round fewer: 16 to play": ("Oh Hell: Round 3 of 18", "8"),
        "End after the next round, of 8 cards": ("Oh Hell: Round 3 of 3", "8"),
        "The same hand again: 9 cards": ("Oh Hell: Round 3 of 20", "9"),
    }
    for label, after in made.items():
        version = game.version
        swap(page, page.get_by_role("button", name=label))
        assert facts(page) == after, label
        game.refresh_from_db()
        assert game.version == version + 1
        undo = page.locator("#table .actions button", has_text="Undo the new plan")
        swap(page, undo)
        assert facts(page) == ("Oh Hell: Round 3 of 19", "8")
        game.refresh_from_db()
        open_plan(page)

    # The typed list still takes any other plan.
    page.locator("#plan").fill("5 5")
    swap(page, page.get_by_role("button", name="Play this plan"))
    assert facts(page) == ("Oh Hell: Round 3 of 4", "5")
    page.screenshot(path=str(screenshots / "plan-taps-typed.png"), full_page=True)
