"""The keeper's score sheet, live in the browser: open on a second phone, it changes as
the keeper's phone plays, without reloading or polling (served by uvicorn as in
production: tests/e2e/test_live_updates.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import Screens
from tests.e2e.test_live_updates import ON, asgi_url, phone, short_up

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e
__all__ = ["asgi_url"]  # the fixture, used by name


def test_the_sheet_on_another_phone_follows_the_game_and_its_pushed_forms_post(
    asgi_url: str, page: Page, browser: Browser, screenshots: Path
) -> None:
    screens = Screens(page, asgi_url, screenshots)
    screens.game = "live-sheet"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, options=short_up)
    sheet_url = f"{asgi_url}/g/{screens.key}/sheet/"

    other = phone(browser)
    try:
        polls: list[str] = []
        other.on("request", lambda r: polls.append(r.url) if r.url == sheet_url else None)
        other.goto(sheet_url)
        other.wait_for_selector(ON)
        other.evaluate("() => { window.notReloaded = true; }")
        polls.clear()
        assert other.locator("table.sheet tbody.rounds-played tr").count() == 0

        # The keeper plays round 1 (one card each) to its end.
        while not screens.read().rounds:
            screens.choose(screens.read().allowed()[0])
        other.wait_for_function(
            "() => document.querySelectorAll('table.sheet tbody.rounds-played tr').length === 1"
        )
        keeper_totals = [row.total for row in screens.read().rows]
        shown = other.locator("table.sheet tbody.rounds-played tr td.total").all_inner_texts()
        assert [int(text.split()[0]) for text in shown] == keeper_totals
        version = Game.objects.get(key=screens.key).version
        assert other.locator("#sheet-end input[name=version]").input_value() == str(version)

        # Deleted on the keeper's phone: the sheet says so, and its plain form (pushed,
        # drawn for everyone) posts with this page's own token.
        page.goto(f"{asgi_url}/g/{screens.key}/delete/")
        page.get_by_role("button", name="Delete the game").tap()
        undo = other.get_by_role("button", name="Undo: bring it back")
        undo.wait_for()
        other.screenshot(path=str(screenshots / "live-sheet-deleted.png"), full_page=True)
        assert other.evaluate("() => window.notReloaded") is True
        assert polls == [], "the sheet polled while its stream was up"
        with other.expect_response(lambda r: r.url.endswith("/restore/")) as posted:
            undo.tap()
        assert posted.value.status == 303  # not 403: the CSRF token was there
        other.wait_for_load_state()
        assert Game.objects.get(key=screens.key).deleted is None
    finally:
        other.context.close()
