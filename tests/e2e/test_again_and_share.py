"""After the last tap: play again, and share the result, on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.conftest import oh_hell
from tests.e2e.screens import PHONE_WIDTH

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

# Records what the page hands the Web Share API (headless Chromium has none).
FAKE_SHARE = "navigator.share = async (data) => { window.sharedText = data.text; };"


def last_round_to_enter() -> Game:
    """Short-up Oh Hell for three, nine rounds played, round 10 down to Cat's tricks.

    Everyone bid 0 every round and Ann took every trick: 45 tricks, no bid made:
    Ann 45, Bob 90 and Cat 90 after nine. In round 10 Ann bids 1 and takes all 10:
    Ann 55, Bob and Cat 100 each and share the win.
    """
    rounds = [{"bids": [0, 0, 0], "tricks": [cards, 0, 0]} for cards in range(1, 10)]
    return Game.objects.create(
        kind="oh-hell",
        record=oh_hell(rounds, ("Ann", "Bob", "Cat"), {"style": "short-up"}),
        pending=[
            {"kind": "bid", "seat": 1, "value": 0},
            {"kind": "bid", "seat": 2, "value": 0},
            {"kind": "bid", "seat": 0, "value": 1},
            {"kind": "tricks", "seat": 1, "value": 0},
        ],
        version=3,
    )


def fits_a_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH


def test_the_last_tap_offers_play_again_and_a_result_to_share(
    page: Page, browser: Browser, live_server: LiveServer, screenshots: Path
) -> None:
    game = last_round_to_enter()
    page.add_init_script(FAKE_SHARE)
    page.goto(f"{live_server.url}/g/{game.key}/")

    # Cat took 0: the round, and the game, are over; htmx swaps in the end.
    page.locator("#step .choices button[name=value]", has_text="0").first.click()
    again = page.get_by_role("button", name="Play again")
    again.wait_for()
    assert "Bob and Cat" in page.locator("#table").inner_text()
    share = page.get_by_role("button", name="Share the result")
    share.wait_for()
    share.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "again-01-finished.png"), full_page=True)
    fits_a_phone(page)

    share.click()
    page.get_by_text("Shared.").wait_for()
    shared = page.evaluate("window.sharedText")
    assert shared.splitlines()[:4] == [
        shared.splitlines()[0],
        "1. Bob 100",
        "1. Cat 100",
        "3. Ann 55",
    ]
    assert shared.splitlines()[0].endswith(": Bob and Cat shared the win")
    assert shared.endswith(f"/v/{game.viewer_key}/")

    # One tap: a new table, the same players, Bob (left of Ann) dealing first.
    again.click()
    page.wait_for_url(lambda url: f"/g/{game.key}/" not in url)
    new = Game.objects.exclude(pk=game.pk).get()
    assert page.url.endswith(f"/g/{new.key}/")
    assert new.record["players"] == ["Ann", "Bob", "Cat"]
    assert new.record["first_dealer"] == 1
    assert new.record["options"] == {"style": "short-up"}
    assert "Round 1 of 10" in page.locator(".round-head h1").inner_text()
    page.screenshot(path=str(screenshots / "again-02-new-table.png"), full_page=True)


def test_without_the_web_share_api_it_copies_the_result(
    browser: Browser, live_server: LiveServer, screenshots: Path
) -> None:
    game = last_round_to_enter()
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 844})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/v/{game.viewer_key}/")
        copy = page.get_by_role("button", name="Copy the result")
        copy.scroll_into_view_if_needed()
        copy.click()
        page.get_by_text("Copied: paste it into your chat.").wait_for()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.splitlines()[0].endswith(": still going after 9 rounds")
        page.screenshot(path=str(screenshots / "again-03-viewer.png"), full_page=True)
        fits_a_phone(page)
    finally:
        context.close()
