"""A refused entry shows its message under the question, in view, in DEBUG and in production.

django-htmx's DEBUG script replaces the whole page with any 400 answer (to show
Django's error pages); scorepad.js keeps a refusal's fragment from it. The hooked
bid is tapped by enabling its button, as a screen drawn before a rule changed would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from scorepad.models import Game
from tests.conftest import bid, oh_hell

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])
def test_a_refused_bid_is_told_under_the_question_and_brought_into_view(
    page: Page, live_server: LiveServer, settings: Any, debug: bool
) -> None:
    settings.DEBUG = debug
    game = Game.objects.create(
        kind="oh-hell", record=oh_hell(), pending=[bid(1, 3), bid(2, 2), bid(3, 3)], version=5
    )
    page.set_viewport_size({"width": 390, "height": 500})
    page.goto(f"{live_server.url}/g/{game.key}/")
    assert page.locator("script[data-debug]").count() == (1 if debug else 0)
    # Scrolled away, as a phone is after reading the totals.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate("document.querySelector('#step button[value=\"2\"]').disabled = false")

    page.locator('#step button[value="2"]').click()

    message = page.locator("#step .error[role=alert]")
    message.wait_for()
    assert "may not bid 2" in message.inner_text()
    # Still the styled table page, the message under the question, focused and in view.
    assert page.locator("header.site-header").count() == 1
    assert page.locator("#step h2.prompt + .error").count() == 1
    # Focused once htmx has settled the swap (a moment after the message appears).
    page.wait_for_function("() => document.activeElement?.getAttribute('role') === 'alert'")
    box = message.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 500
    game.refresh_from_db()
    assert len(game.pending) == 3


@pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])
def test_a_duplicate_player_name_is_told_on_the_setup_form(
    page: Page, live_server: LiveServer, settings: Any, debug: bool
) -> None:
    settings.DEBUG = debug
    page.goto(f"{live_server.url}/new/oh-hell/")
    for row, name in zip(
        page.locator("#setup input[name=player]").all(), "Ann Ann Bob Cat".split(), strict=True
    ):
        row.fill(name)

    page.get_by_role("button", name="Start the game").click()

    message = page.locator("#setup .error[role=alert]")
    message.wait_for()
    assert "Ann" in message.inner_text()
    assert page.locator("header.site-header").count() == 1
    # Focused once htmx has settled the swap (a moment after the message appears).
    page.wait_for_function("() => document.activeElement?.getAttribute('role') === 'alert'")
    assert Game.objects.count() == 0
