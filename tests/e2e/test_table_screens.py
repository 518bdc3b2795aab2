"""Each game's table, mid-game, as a phone shows it upright (390x844) and on its side
(844x390): photographed into test-artifacts/tables/ and checked for sideways scrolling.

The games are the records of tests/five_games.py, stored as they were entered.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from rules_engine import parse_record
from scorepad.models import Game
from tests import five_games

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

TABLES = Path(__file__).resolve().parents[2] / "test-artifacts" / "tables"
GAMES: dict[str, dict[str, Any]] = {
    "oh-hell": five_games.OH_HELL,
    "boerenbridge": five_games.BOERENBRIDGE,
    "brink-bid": five_games.BRINK_BID,
    "sinker": five_games.SINKER,
    "abracadabra": five_games.ABRACADABRA,
    "wizard": five_games.WIZARD,
    "skull-king": five_games.SKULL_KING,
}
SIZES = [(390, 844), (844, 390)]


def wide_as_the_screen(page: Page, frame_too: bool = True) -> bool:
    """Neither the page nor (``frame_too``) the score sheet's own frame scrolls sideways."""
    return bool(
        page.evaluate(
            """(frameToo) => document.documentElement.scrollWidth <= window.innerWidth &&
            (!frameToo || [...document.querySelectorAll('.sheet-wrap')].every(
              (frame) => frame.scrollWidth <= frame.clientWidth))""",
            frame_too,
        )
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_games_table_and_sheet_fit_the_phone_both_ways(
    page: Page, live_server: LiveServer, game: str
) -> None:
    TABLES.mkdir(parents=True, exist_ok=True)
    stored = Game.start(parse_record(GAMES[game]))
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for screen, path in (("table", ""), ("sheet", "sheet/")):
            page.goto(f"{live_server.url}/g/{stored.key}/{path}")
            page.screenshot(path=TABLES / f"{game}-{screen}-{width}x{height}.png", full_page=True)
            assert wide_as_the_screen(page), f"{game}'s {screen} scrolls at {width}"


def test_naming_tricks_counts_them_and_the_dealers_change_waits_behind_a_button(
    page: Page, live_server: LiveServer
) -> None:
    from tests.conftest import bid
    from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

    TABLES.mkdir(parents=True, exist_ok=True)
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])  # Ben names 3 tricks
    naming = Game.start(record)
    Game.objects.filter(pk=naming.pk).update(**naming.changes(record, pending, None))
    page.goto(f"{live_server.url}/g/{naming.key}/")
    # Every player's named tricks on one grid; under each column, how many so far.
    done = page.get_by_role("button", name="Done, nothing exposed")
    ben = page.locator("#step td.count[data-seat='1']")
    assert ben.inner_text() == "0 of 3"
    assert page.locator("#step td.count[data-seat='0']").inner_text() == "0 (at most 2)"
    assert done.is_disabled()
    for label in ("4", "8", "Q"):
        page.get_by_role("checkbox", name=f"Ben names trick {label}", exact=True).tap()
    assert ben.inner_text() == "3 of 3"
    assert done.is_enabled()
    page.get_by_role("checkbox", name="Ann names trick 2", exact=True).tap()
    page.screenshot(path=TABLES / "abracadabra-naming-390x844.png", full_page=True)

    # Boerenbridge, every bid in: the dealer's change is one button, not a second pad.
    bids = [bid(seat, value) for seat, value in [(0, 13), (1, 0), (2, 0), (3, 1)]]
    tricks = Game.objects.create(
        kind="boerenbridge", record={**five_games.BOERENBRIDGE, "rounds": []}, pending=bids
    )
    page.goto(f"{live_server.url}/g/{tricks.key}/")
    assert page.locator(".optional-bid .choices").is_hidden()
    page.get_by_text("Dev deals and may still change the bid").tap()
    assert page.locator(".optional-bid .choices").is_visible()
    page.screenshot(path=TABLES / "boerenbridge-dealer-change-390x844.png", full_page=True)


def test_abracadabras_table_breaks_the_last_deals_scores_down(
    page: Page, live_server: LiveServer
) -> None:
    TABLES.mkdir(parents=True, exist_ok=True)
    stored = Game.start(parse_record(GAMES["abracadabra"]))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/g/{stored.key}/")

    page.get_by_text("How round 1 scored").click()

    parts = page.locator("details.breakdown li")
    assert parts.nth(0).inner_text() == "Ann: 30 success + 16 named + 5 tricks + 12 suit cards = 63"
    assert parts.nth(0).is_visible()
    parts.nth(3).scroll_into_view_if_needed()
    page.screenshot(path=TABLES / "abracadabra-breakdown-390x844.png")


def test_abracadabras_same_bid_suits_as_last_deal_is_one_tap(
    page: Page, live_server: LiveServer
) -> None:
    from tests.engine.test_abracadabra import ROUND_2_AUCTION, play_entries

    TABLES.mkdir(parents=True, exist_ok=True)
    record, pending = play_entries(parse_record(GAMES["abracadabra"]), ROUND_2_AUCTION)
    stored = Game.start(record)
    Game.objects.filter(pk=stored.pk).update(**stored.changes(record, pending, None))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/g/{stored.key}/")
    page.screenshot(path=TABLES / "abracadabra-same-suits-390x844.png")

    page.get_by_role("button", name="Cleo ♣, Dev ♦, Ann ♥, Ben ♠").click()

    page.get_by_text("Which tricks does each player name?").wait_for()
