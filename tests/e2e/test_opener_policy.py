"""The home server opened by its LAN address over plain HTTP: a game set up and played a
few taps with no console error on any page (Chromium logs a Cross-Origin-Opener-Policy it
must ignore on such an origin); on this machine (localhost) the policy is still sent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.screens import PHONE_WIDTH, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

LAN_HOST = "scorepad.guards.lan"


@pytest.fixture
def lan_page(browser: Browser, transactional_db: None) -> Iterator[Page]:
    """A phone whose browser finds the server by a LAN name (as at home, over plain
    HTTP): not a potentially trustworthy origin, unlike localhost."""
    lan = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"],
    )
    context = lan.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()
    lan.close()


def test_a_game_over_a_lan_address_logs_no_console_error(
    lan_page: Page,
    live_server: LiveServer,
    settings: Any,
    screenshots: Path,
) -> None:
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_HOST]
    port = live_server.url.rsplit(":", 1)[1]
    logged: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            logged.append(message.text)

    lan_page.on("console", heard)
    lan_page.on("pageerror", lambda error: logged.append(str(error)))
    screens = Screens(lan_page, f"http://{LAN_HOST}:{port}", screenshots)
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, shot_as="lan")
    opened = lan_page.evaluate("() => [location.origin, window.isSecureContext]")
    assert opened == [f"http://{LAN_HOST}:{port}", False]
    screens.choose("0")
    screens.choose("1")
    screens.choose("1")  # the dealer's bid: the bids may not add up to the 1 card
    screens.choose("1")
    lan_page.get_by_role("link", name="Score sheet").first.tap()
    lan_page.wait_for_url("**/sheet/")
    lan_page.go_back()
    lan_page.wait_for_selector("#table #step")
    lan_page.goto(f"http://{LAN_HOST}:{port}/")
    assert logged == []


def test_on_this_machine_the_pages_keep_their_opener_policy(
    page: Page, live_server: LiveServer
) -> None:
    logged: list[str] = []
    page.on("console", lambda message: logged.append(message.text))
    response = page.goto(f"{live_server.url}/")
    assert response is not None and response.headers["cross-origin-opener-policy"] == (
        "same-origin"
    )
    assert page.evaluate("() => window.isSecureContext") is True
    assert not [text for text in logged if "Cross-Origin-Opener-Policy" in text]
