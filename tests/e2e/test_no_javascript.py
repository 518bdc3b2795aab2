"""The table without JavaScript: every tap is a plain form that posts and redirects."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from rules_engine import new_record
from scorepad.models import Game
from tests.e2e.screens import PHONE_WIDTH

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e


@pytest.fixture
def plain_page(browser: Browser, transactional_db: None) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def tap(page: Page, label: str) -> str:
    """Press the step's button ``label``; the prompt of the page the form leads to.

    A new page is loaded (the POST's redirect): nothing is swapped in by script."""
    with page.expect_navigation():
        page.locator("#step").get_by_role("button", name=label, exact=True).click()
    return page.locator("#step h2.prompt").inner_text()


def test_a_round_is_entered_and_undone_by_plain_forms(
    plain_page: Page, live_server: LiveServer
) -> None:
    record = new_record("oh-hell", ["Ann", "Bob", "Cas"], 0, {"style": "short-up"})
    game = Game.start(record)
    plain_page.goto(f"{live_server.url}/g/{game.key}/")
    assert plain_page.locator("h1").inner_text() == "Oh Hell: Round 1 of 10"

    assert tap(plain_page, "1") == "Cas bids"
    with plain_page.expect_navigation():
        plain_page.get_by_role("button", name="Undo").click()
    assert plain_page.locator("#step h2.prompt").inner_text() == "Bob bids"
    assert tap(plain_page, "1") == "Cas bids"
    # Under the hook Ann may only bid 1: entered with Cas's tap, not asked.
    assert tap(plain_page, "0") == "Tricks Bob took"
    # Bob takes the one trick: Cas's 0 goes in with it, Ann's is worked out, and the
    # round joins the record.
    tap(plain_page, "1")

    assert plain_page.locator("h1").inner_text() == "Oh Hell: Round 2 of 10"
    game.refresh_from_db()
    assert game.record["rounds"] == [{"bids": [1, 1, 0], "tricks": [0, 1, 0]}]


def test_brink_bids_dice_are_rolled_by_a_plain_form(
    plain_page: Page, live_server: LiveServer
) -> None:
    game = Game.start(new_record("brink-bid", ["Ann", "Bob", "Cas"], 0))
    plain_page.goto(f"{live_server.url}/g/{game.key}/")

    assert tap(plain_page, "Roll the dice") == "Bob bids"

    game.refresh_from_db()
    assert [entry["kind"] for entry in game.pending] == ["dice"]
