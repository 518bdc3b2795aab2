"""The screen kept on at the table over plain HTTP (issue 45, point 3).

Served on this machine's network address, as ``scripts/home`` and ``serve --lan``
serve a family's phones: no secure context, so no Screen Wake Lock. The keeper's
table, a seat and the viewer keep the screen on with the muted looping video
instead, started by the first tap; a phone's "Keep the screen on" switch is its own,
remembered; the video stops when the game is over. On localhost (a secure context)
the Wake Lock is held instead, and released alike. 390x844, headless Chromium.

Screenshots land in test-artifacts/screenshots/screen-kept-on-*.png.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pytest_django.live_server_helper import LiveServer

from rules_engine import new_record
from scorepad.models import Game
from tests.e2e.screens import Screens
from tests.e2e.test_live_updates import phone
from tests.e2e.test_seats import join

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

VIDEO = "video.keep-awake-video"
PLAYING = f"() => {{ const v = document.querySelector('{VIDEO}'); return !!v && !v.paused; }}"
STOPPED = f"() => {{ const v = document.querySelector('{VIDEO}'); return !v || v.paused; }}"


def network_address() -> str:
    """This machine's first IPv4 address that is not loopback (``hostname -I``)."""
    found = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False)
    for address in found.stdout.split():
        if "." in address and not address.startswith("127."):
            return address
    pytest.skip("no network address but loopback")


@pytest.fixture
def lan_url(transactional_db: None, settings: Any) -> Iterator[str]:
    """The app served on the network address (a page over it is no secure context)."""
    address = network_address()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, address]
    server = LiveServer(f"{address}:0")
    yield server.url
    server.stop()


def shot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"screen-kept-on-{name}.png"), full_page=True)


def plays(page: Page) -> None:
    """The video is playing, and its time goes on."""
    page.wait_for_function(PLAYING)
    start = page.evaluate(f"() => document.querySelector('{VIDEO}').currentTime")
    page.wait_for_function(f"(t) => document.querySelector('{VIDEO}').currentTime !== t", arg=start)


def test_the_keeper_and_a_seat_keep_the_screen_on_over_plain_http(
    lan_url: str, page: Page, browser: Browser, screenshots: Path
) -> None:
    record = new_record("oh-hell", ["Ann", "Bob", "Cat"], 0, {"hands": [1]})
    game = Game.start(record)
    page.goto(f"{lan_url}/g/{game.key}/")

    # No secure context over the network address: no Wake Lock to ask for.
    assert page.evaluate("() => window.isSecureContext") is False
    assert page.evaluate("() => 'wakeLock' in navigator") is False
    switch = page.get_by_role("switch", name="Keep the screen on")
    assert switch.is_visible() and switch.is_checked()

    # The keeper's first tap (Bob's bid) starts the video behind the page.
    screens = Screens(page, lan_url, screenshots)
    screens.game, screens.key = "screen-kept-on-keeper", game.key
    screens.choose("0")
    plays(page)
    video = page.locator(VIDEO)
    box = video.bounding_box()
    assert box is not None and box["width"] >= 390 and box["height"] >= 844
    assert video.evaluate("(v) => v.muted && v.loop && getComputedStyle(v).opacity < 0.05")
    shot(page, screenshots, "keeper")

    # A seat keeps its screen on too, from its first tap anywhere.
    page.locator("#join summary").tap()
    link = str(page.locator("#join a").first.get_attribute("href"))
    bob = join(browser, f"{lan_url}{link}", "Bob", live=False)
    try:
        assert bob.evaluate("() => window.isSecureContext") is False
        bob.locator(".seat-of").tap()
        plays(bob)
        shot(bob, screenshots, "seat")

        # Bob switches it off on his phone: the video stops, and the phone remembers.
        bob.get_by_role("switch", name="Keep the screen on").tap()
        bob.wait_for_function(STOPPED)
        bob.reload()
        bob_switch = bob.get_by_role("switch", name="Keep the screen on")
        assert not bob_switch.is_checked()
        bob.locator(".seat-of").tap()
        bob.wait_for_timeout(500)
        assert bob.evaluate(STOPPED)
        # The keeper's phone keeps its own choice.
        assert switch.is_checked()
        plays(page)
        # Switched on again, it plays again.
        bob_switch.tap()
        assert bob_switch.is_checked()
        plays(bob)
    finally:
        bob.context.close()

    # The viewer's screen, too.
    viewer = phone(browser)
    try:
        viewer.goto(f"{lan_url}/v/{game.viewer_key}/")
        viewer.locator("#live").tap()
        plays(viewer)
    finally:
        viewer.context.close()

    # The game over: the screen may sleep again.
    page.reload()  # the table as it stands since Bob took his seat
    screens.play(lambda screen: screens.choose(screen.allowed()[0]))
    page.wait_for_function(STOPPED)
    assert page.locator("#table[data-over]").count() == 1
    shot(page, screenshots, "over")


# Every lock asked for and whether it is still held, as the page sees them.
WATCH_LOCKS = """
window.e2eLocks = [];
const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
navigator.wakeLock.request = (type) => ask(type).then((lock) => {
  window.e2eLocks.push(lock);
  return lock;
});
"""
HELD = "() => window.e2eLocks.filter((lock) => !lock.released).length"


def test_where_the_browser_has_the_wake_lock_it_is_used_and_released(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], 0, {"hands": [1]}))
    page.add_init_script(WATCH_LOCKS)
    page.goto(f"{live_server.url}/g/{game.key}/")  # localhost: a secure context

    assert page.evaluate("() => window.isSecureContext") is True
    page.wait_for_function(f"() => ({HELD})() === 1")
    assert page.locator(VIDEO).count() == 0  # no video where the lock is had

    # Switched off, the lock goes; on again, one is held again.
    switch = page.get_by_role("switch", name="Keep the screen on")
    switch.tap()
    page.wait_for_function(f"() => ({HELD})() === 0")
    switch.tap()
    page.wait_for_function(f"() => ({HELD})() === 1")

    # The game over: released.
    screens = Screens(page, live_server.url, screenshots)
    screens.game, screens.key = "screen-kept-on-lock", game.key
    screens.play(lambda screen: screens.choose(screen.allowed()[0]))
    page.wait_for_function(f"() => ({HELD})() === 0")
    assert page.evaluate("() => window.e2eLocks.length") == 2
