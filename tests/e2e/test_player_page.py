"""A player's page on a phone: each game's figures, the rating chart, head to head,
times in the phone's own zone; a rename by plain forms; and a desktop's width used."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth.models import User

from rules_engine import parse_record
from scorepad.models import Game, refresh_figures
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.e2e.screens import PHONE_WIDTH

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

PASSWORD = "a long password 1"


def sinker(players: tuple[str, str], took: tuple[int, int]) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {"deals": 1},
        "players": list(players),
        "first_dealer": 0,
        "rounds": [{"calls": ["3", "pass"], "tricks": list(took)}],
    }


def history(user: User) -> list[Game]:
    """Six Sinkers of Ann and Bob (Ann wins four) and a short-up Oh Hell, in May 2025."""
    short_up = [{"bids": [0, 0, 0], "tricks": [0, 1, 0]}]
    short_up += [{"bids": [0, 0, 0], "tricks": [cards, 0, 0]} for cards in range(2, 11)]
    records = [sinker(("Ann", "Bob"), (3, 5) if day % 3 else (6, 2)) for day in range(1, 7)]
    records.append(oh_hell(short_up, ("Ann", "Bob", "Cat"), {"style": "short-up"}))
    games = []
    for day, data in enumerate(records, start=1):
        game = Game.start(parse_record(data), owner=user)
        Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 23, 30, tzinfo=UTC))
        game.refresh_from_db()
        refresh_figures(game)
        games.append(game)
    return games


def sign_in(page: Page, url: str, user: User) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{url}/")


def test_a_players_page_reads_well_on_a_phone_in_its_own_time_zone(
    browser: Browser, live_server: LiveServer, screenshots: Path, transactional_db: None
) -> None:
    user = User.objects.create_user("keeper", password=PASSWORD)
    history(user)
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844},
        is_mobile=True,
        has_touch=True,
        timezone_id="America/New_York",
        locale="en-GB",
    )
    page = context.new_page()
    sign_in(page, live_server.url, user)

    page.goto(f"{live_server.url}/players/ann/")

    page.screenshot(path=str(screenshots / "player-page-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert page.get_by_role("heading", name="Sinker").is_visible()
    assert page.get_by_role("img", name="Ann's rating after each of their latest").is_visible()
    description = page.locator("#rating-chart-desc").text_content()
    assert description is not None and description.startswith("Ratings after each of 6 games.")
    assert "Bob" in page.locator(".head-to-head").inner_text()
    # 23:30 UTC on 7 May is 19:30 in New York, the same day; on the 1st too.
    latest = page.locator(".history-list time").first
    assert latest.inner_text() == "7 May 2025"
    assert latest.get_attribute("title") == "7 May 2025"
    context.close()


def test_the_history_shows_times_in_the_phones_zone_and_headings_whole(
    browser: Browser, live_server: LiveServer, screenshots: Path, transactional_db: None
) -> None:
    user = User.objects.create_user("keeper", password=PASSWORD)
    history(user)
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844},
        is_mobile=True,
        timezone_id="Asia/Tokyo",
        locale="en-GB",
    )
    page = context.new_page()
    sign_in(page, live_server.url, user)

    page.goto(f"{live_server.url}/games/")

    page.screenshot(path=str(screenshots / "history-phone.png"), full_page=True)
    # 23:30 UTC on 7 May is 08:30 on 8 May in Tokyo.
    first = page.locator(".played time").first
    assert first.inner_text() == "8 May 2025, 08:30"
    assert first.get_attribute("title") == "7 May 2025, 23:30 UTC"
    # No heading is broken inside a word: each word sits on one line.
    broken = page.evaluate(
        """() => [...document.querySelectorAll('h1, h2')].filter((h) => {
             const range = document.createRange();
             return [...h.querySelectorAll('*'), h].some((el) => [...el.childNodes]
               .filter((n) => n.nodeType === 3).some((n) => {
                 let at = 0;
                 for (const word of n.textContent.split(/(\\s+)/)) {
                   if (word.trim()) {
                     range.setStart(n, at); range.setEnd(n, at + word.length);
                     if (range.getClientRects().length > 1) return true;
                   }
                   at += word.length;
                 }
                 return false;
               }));
           }).map((h) => h.textContent)"""
    )
    assert broken == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    context.close()


def test_a_rename_is_checked_then_confirmed_by_plain_forms(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    user = User.objects.create_user("keeper", password=PASSWORD)
    history(user)
    sign_in(page, live_server.url, user)
    page.goto(f"{live_server.url}/players/bob/")

    page.get_by_role("link", name="Rename Bob, or merge with another spelling").click()
    page.get_by_label("New name").fill("Robert")
    page.get_by_role("button", name="Check the change").click()
    page.get_by_text("7 games will call Bob Robert.").wait_for()
    page.screenshot(path=str(screenshots / "rename-confirm-phone.png"), full_page=True)
    page.get_by_role("button", name="Rename in 7 games").click()

    page.wait_for_url(f"{live_server.url}/players/robert/")
    assert page.get_by_role("heading", name="Robert", exact=True).is_visible()
    assert sum("Robert" in game.record["players"] for game in Game.objects.all()) == 7


def test_on_a_desktop_the_sheet_of_four_and_the_history_use_the_width(
    browser: Browser, live_server: LiveServer, screenshots: Path, transactional_db: None
) -> None:
    game = Game.start(
        parse_record(
            oh_hell(
                [ROUND_1, ROUND_2], players=("Annemarie", "Bartholomew", "Catharina", "Devendra")
            )
        )
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()

    page.goto(f"{live_server.url}/g/{game.key}/sheet/")

    page.screenshot(path=str(screenshots / "sheet-desktop.png"), full_page=True)
    wrap = page.locator(".sheet-wrap").first
    assert wrap.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    main = page.locator("main").bounding_box()
    assert main is not None and main["width"] > 900
    # The history: games side by side, not one narrow column.
    user = User.objects.create_user("keeper", password=PASSWORD)
    history(user)
    sign_in(page, live_server.url, user)
    page.goto(f"{live_server.url}/games/")
    page.screenshot(path=str(screenshots / "history-desktop.png"))
    cards = page.locator(".played")
    first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert first is not None and second is not None and first["y"] == second["y"]
    page.goto(f"{live_server.url}/players/ann/")
    page.screenshot(path=str(screenshots / "player-desktop.png"), full_page=True)
    context.close()
