"""Two phones at one table: the keeper enters a round, a viewer sees it appear."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.e2e.screens import PHONE_WIDTH, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e


def short_up(page: object) -> None:
    page.get_by_label("Game style").select_option("short-up")  # type: ignore[attr-defined]


def test_a_viewer_sees_the_keepers_round_appear_without_reloading(
    screens: Screens, browser: Browser
) -> None:
    screens.game = "live"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, options=short_up)
    viewer_link = screens.page.locator("#viewer-link").input_value()
    assert "/v/" in viewer_link and screens.key not in viewer_link

    other_phone = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    viewer = other_phone.new_page()
    try:
        viewer.goto(viewer_link)
        viewer.locator("#live").wait_for()
        # The viewer page is read only: nothing on it can enter anything.
        assert viewer.locator("form[action*='/enter/']").count() == 0
        viewer.evaluate("() => { window.notReloaded = true; }")
        assert "Now: Bob bids" in viewer.locator("#live").inner_text()

        # The keeper plays the whole first round (one card each) by taps:
        # three bids and two players' tricks (the last is filled in).
        for _ in range(5):
            screen = screens.read()
            if screen.rounds:
                break
            screens.choose(screen.allowed()[0])
        assert screens.read().rounds == 1
        keeper_totals = [row.total for row in screens.read().rows]

        # Within a few seconds the viewer's totals match, with no reload.
        viewer.wait_for_function(
            "() => document.querySelector('#live .totals caption').textContent"
            ".includes('after round 1')",
            timeout=8_000,
        )
        assert viewer.evaluate("() => window.notReloaded") is True
        shown = viewer.locator("#live .totals tbody td.num").all_inner_texts()
        assert [int(text.split()[0]) for text in shown] == keeper_totals
        viewer.screenshot(path=str(screens.shots / "live-viewer.png"), full_page=True)
    finally:
        other_phone.close()
