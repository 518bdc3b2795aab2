"""A browser's games on a phone: carried on from the home page, deleted from the history
after a question and brought back with Undo; the times in the viewer's time zone."""

from __future__ import annotations

import pytest

from scorepad.models import Game
from tests.e2e.screens import Screens

pytestmark = pytest.mark.e2e


def test_carry_on_delete_and_undo_on_a_phone(screens: Screens) -> None:
    screens.game = "keeping"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0)
    page = screens.page

    page.goto(f"{screens.base_url}/")
    assert "These games live in this browser only" in page.locator("#kept-here").inner_text()
    page.screenshot(path=str(screens.shots / "keeping-01-home.png"), full_page=True)
    page.get_by_role("link", name="Carry on").tap()
    page.wait_for_url(f"**/g/{screens.key}/")

    page.goto(f"{screens.base_url}/games/")
    shown = page.locator(".history-list time").first
    # Written again by local-time.js in the browser's own zone (UTC here), the server's
    # text kept as its title.
    page.wait_for_function("() => document.querySelector('.history-list time').title !== ''")
    assert (shown.get_attribute("title") or "").endswith("UTC")
    assert not shown.inner_text().endswith("UTC")
    page.get_by_role("link", name="Delete").first.tap()
    page.wait_for_url(f"**/g/{screens.key}/delete/**")
    page.screenshot(path=str(screens.shots / "keeping-02-delete.png"), full_page=True)
    page.get_by_role("button", name="Delete the game").tap()
    page.wait_for_url("**/games/?deleted=*")
    assert page.locator(".history-list li").count() == 0
    page.screenshot(path=str(screens.shots / "keeping-03-deleted.png"), full_page=True)
    assert Game.objects.get(key=screens.key).deleted is not None

    page.get_by_role("button", name="Undo").tap()
    page.wait_for_url("**/games/")
    assert page.locator(".history-list li").count() == 1
    assert Game.objects.get(key=screens.key).deleted is None
