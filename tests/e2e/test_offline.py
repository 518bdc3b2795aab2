"""Bad reception at the table: a tap made offline waits on the phone, is sent once the
connection is back and saved exactly once; a queued tap that no longer fits (another
phone entered meanwhile) shows the fresh table and says so; the viewer says it is stale."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import PHONE_WIDTH, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

WAITING = "#tap-status.waiting"


def stored(key: str) -> Game:
    return Game.objects.get(key=key)


def tap_bid(page: Page, label: str) -> None:
    page.locator("#step .choices button[name=value]").filter(has_text=label).first.tap()


def test_a_tap_made_offline_is_saved_once_when_the_connection_is_back(screens: Screens) -> None:
    screens.game = "offline"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0)
    screens.choose(screens.read().allowed()[0])  # Bob bids, online
    page = screens.page
    before = screens.read()
    assert before.player == "Cas"
    offline_bid = before.allowed()[0]

    page.context.set_offline(True)
    tap_bid(page, offline_bid)

    page.wait_for_selector(WAITING)
    assert page.locator(WAITING).inner_text().startswith("Not saved yet: 1 tap waiting")
    page.screenshot(path=str(screens.shots / "offline-waiting.png"), full_page=True)
    assert stored(screens.key).version == before.version  # nothing reached the server
    assert page.evaluate("() => document.querySelector('#table').inert") is True

    page.context.set_offline(False)

    page.wait_for_function(
        "(v) => !document.querySelector('#tap-status') && "
        "Number(document.querySelector('#table input[name=version]').value) === v",
        arg=before.version + 1,
    )
    after = screens.read()
    assert after.player == "Ann"  # Cas's bid is in: the dealer bids last
    page.wait_for_timeout(6_000)  # past the next retry: nothing is sent again
    game = stored(screens.key)
    assert game.version == before.version + 1
    assert [entry["seat"] for entry in game.pending] == [1, 2]
    assert str(game.pending[1]["value"]) == offline_bid
    assert page.evaluate("() => localStorage.length") == 0


def test_two_phones_race_while_one_is_offline(screens: Screens, browser: Browser) -> None:
    screens.game = "offline-race"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0)
    keeper = screens.page
    start = screens.read()
    assert start.player == "Bob"
    other = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        second = other.new_page()
        second.goto(keeper.url)
        second.wait_for_selector("#table #step")
        bids = start.allowed()

        keeper.context.set_offline(True)
        tap_bid(keeper, bids[0])  # made offline: waits on the keeper's phone
        keeper.wait_for_selector(WAITING)
        tap_bid(second, bids[-1])  # the other phone enters Bob's bid first
        second.wait_for_function(
            "(v) => Number(document.querySelector('#table input[name=version]').value) === v",
            arg=start.version + 1,
        )
        keeper.context.set_offline(False)

        keeper.wait_for_selector("#tap-status.refused")
        message = keeper.locator("#tap-status").inner_text()
        assert "was not entered: the game had changed meanwhile" in message
        keeper.screenshot(path=str(screens.shots / "offline-race-refused.png"), full_page=True)
        fresh = screens.read()
        assert fresh.version == start.version + 1
        assert fresh.player == "Cas"  # the other phone's bid stands
        game = stored(screens.key)
        assert game.version == start.version + 1
        assert [(e["seat"], str(e["value"])) for e in game.pending] == [(1, bids[-1])]
        assert keeper.evaluate("() => localStorage.length") == 0
        screens.choose(fresh.allowed()[0])  # tapping on, the message has been read
        assert keeper.locator("#tap-status").count() == 0
    finally:
        other.close()


def test_the_viewer_says_when_it_last_updated_while_reconnecting(
    screens: Screens, browser: Browser
) -> None:
    screens.game = "offline-viewer"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0)
    link = screens.page.locator("#viewer-link").input_value()
    phone = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        viewer = phone.new_page()
        viewer.goto(link)
        viewer.locator("#live").wait_for()
        phone.set_offline(True)
        viewer.wait_for_selector("#live .live-note.stale", timeout=10_000)
        text = viewer.locator("#live .live-note").inner_text()
        assert text.startswith("Last updated ") and "reconnecting" in text
        viewer.screenshot(path=str(screens.shots / "offline-viewer.png"), full_page=True)
        phone.set_offline(False)
        viewer.wait_for_function(
            "() => !document.querySelector('#live .live-note.stale')", timeout=10_000
        )
    finally:
        phone.close()


def test_without_a_connection_a_page_opens_the_offline_page(screens: Screens) -> None:
    page = screens.page
    page.goto(f"{screens.base_url}/")
    # The service worker installs with the static files and the offline page.
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then((ready) => !!ready.active)", timeout=10_000
    )
    page.reload()  # now the worker controls the page
    assert page.evaluate("() => !!navigator.serviceWorker.controller") is True

    page.context.set_offline(True)
    page.goto(f"{screens.base_url}/games/")

    assert "No connection" in page.locator("h1").inner_text()
    # The style sheet came from the worker's cache: the button is drawn as a button.
    background = "() => getComputedStyle(document.querySelector('.button.primary')).backgroundColor"
    assert page.evaluate(background) not in ("", "rgba(0, 0, 0, 0)")
    page.screenshot(path=str(screens.shots / "offline-page.png"), full_page=True)
    page.context.set_offline(False)
