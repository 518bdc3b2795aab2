"""Everyone on their own phone: three phones (the keeper's and two players') at 390x844.

The keeper's phone shows the Join code; Bob's and Cat's phones take their seats and
enter their own bids and tricks, live, while the keeper enters Ann's (she has no
phone). A sealed-bid round of Boerenbridge, then a round of Oh Hell bid in turn.
Served by uvicorn, as in production (tests/e2e/test_live_updates.py): only an ASGI
server holds the phones' streams open. Screenshots land in /tmp/seats2-shots/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from rules_engine import new_record, score
from scorepad.models import Game
from tests.e2e.screens import TAP_HEIGHT, Screens
from tests.e2e.test_live_updates import asgi_url, phone  # noqa: F401 (a fixture)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/seats2-shots")
ON = "[data-live-mode=on]"
PLAYERS = ["Ann", "Bob", "Cat"]
SEAT_TARGETS = "#seat .pad button, .join-seats button, .join-seats .button"


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def text(page: Page, selector: str) -> str:
    return re.sub(r"\s+", " ", str(page.locator(selector).first.inner_text())).strip()


def shows(page: Page, selector: str, words: str) -> None:
    """Wait until ``selector`` says ``words`` (pushed: no reload, no tap here)."""
    page.wait_for_function(
        "([selector, words]) => [...document.querySelectorAll(selector)]"
        ".some((el) => el.textContent.replace(/\\s+/g, ' ').includes(words))",
        arg=[selector, words],
        timeout=5_000,
    )


def fits(page: Page) -> None:
    """Nothing wider than the phone, and every button of the pad a finger high."""
    found = page.evaluate(
        """([selector, tap]) => ({
          width: document.documentElement.scrollWidth,
          small: [...document.querySelectorAll(selector)]
            .filter((el) => el.getClientRects().length > 0)
            .filter((el) => el.getBoundingClientRect().height < tap)
            .map((el) => el.textContent.trim()),
        })""",
        [SEAT_TARGETS, TAP_HEIGHT],
    )
    assert found["width"] <= 390, found
    assert found["small"] == [], found


def join(
    browser: Browser,
    link: str,
    name: str,
    shot: Path | None = None,
    live: bool = True,
    seat: Page | None = None,
) -> Page:
    """A phone opens the Join link and taps its player's name: it is that player's now
    (``live``: its stream is up). ``seat``: the phone, if not a new one."""
    seat = seat or phone(browser)
    seat.goto(link)
    fits(seat)
    if shot is not None:
        seat.screenshot(path=str(shot), full_page=True)
    seat.get_by_role("button", name=name, exact=True).tap()
    seat.wait_for_url("**/s/*/")
    seat.wait_for_selector(ON if live else "[data-live-mode=polling]")
    assert text(seat, ".seat-of") == f"{name}'s phone"
    assert seat.locator(".seat-of svg.phone").is_visible()
    return seat


def pad(seat: Page) -> list[str]:
    """The values its pad offers now (none: it is not its turn)."""
    buttons = seat.locator("#seat .pad .choices button[name=value]:not([disabled])")
    return [str(value) for value in buttons.evaluate_all("(bs) => bs.map((b) => b.value)")]


def tap(seat: Page, value: str) -> None:
    version = int(str(seat.locator("#seat").get_attribute("data-version")))
    seat.locator(f"#seat .pad .choices button[name=value][value='{value}']").tap()
    seat.wait_for_function(
        "(v) => Number(document.querySelector('#seat').dataset.version) > v", arg=version
    )
    assert not seat.locator("#seat .error").count(), text(seat, "#seat .error")


def marked(seat: Page) -> str:
    """The bid its pad marks as given so far."""
    return str(seat.locator("#seat .pad button[aria-current=true]").get_attribute("value"))


def bid_cell(screen: Page, section: str, row: int) -> str:
    """The bid of the totals' ``row`` (1: Ann), as ``screen`` shows it."""
    return text(screen, f"{section} .totals tbody tr:nth-child({row}) td:nth-child(2)")


def totals(page: Page, section: str) -> list[int]:
    cells = page.locator(f"{section} .totals tbody td.num").all_inner_texts()
    return [int(cell.split()[0]) for cell in cells]


def keeper_for(page: Page, url: str, record: Any, shots: Path, name: str) -> tuple[Screens, str]:
    game = Game.start(record)
    screens = Screens(page, url, shots)
    screens.game, screens.key = name, game.key
    page.goto(f"{url}/g/{game.key}/")
    page.wait_for_selector(ON)
    page.locator("#join summary").tap()
    return screens, str(page.locator("#join a").first.get_attribute("href"))


def test_three_phones_play_a_sealed_boerenbridge_round_then_an_oh_hell_round(
    asgi_url: str,  # noqa: F811 (the fixture imported above)
    page: Page,
    browser: Browser,
    shots: Path,
) -> None:
    # -- Boerenbridge, sealed: Ann (no phone) deals; Bob and Cat bid on their phones.
    record = new_record("boerenbridge", PLAYERS, 0, {"bidding": "sealed", "hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "seats-boerenbridge")
    bob = join(browser, f"{asgi_url}{link}", "Bob", shots / "join-page.png")
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    try:
        # The keeper's table marks both phones (pushed when each took its seat).
        page.wait_for_function(
            "() => document.querySelectorAll('#table .totals th .phone').length === 2"
        )
        assert page.locator("#seats form").count() == 2
        # Everyone bids at once: each phone's pad is live for its own bid.
        assert pad(bob) == ["0", "1", "2", "3"] == pad(cat)
        cat.screenshot(path=str(shots / "seat-bidding.png"), full_page=True)
        fits(cat)

        tap(bob, "2")
        assert "Your bid: 2." in text(bob, "#seat .own-bid")
        # Sealed: Bob may change his bid until the last is in, his 2 marked.
        assert "Bob has bid and may change it" in text(bob, "#seat .pad .prompt")
        assert marked(bob) == "2" and pad(bob) == ["0", "1", "2", "3"]
        # The others see that Bob has bid, not what.
        for other, section in ((cat, "#seat"), (page, "#table")):
            shows(other, f"{section} .totals tbody tr:nth-child(2) td:nth-child(2)", "✓")
        tap(bob, "1")
        assert "Your bid: 1." in text(bob, "#seat .own-bid") and marked(bob) == "1"
        bob.screenshot(path=str(shots / "seat-after-sealed-bid.png"), full_page=True)
        fits(bob)
        tap(cat, "0")
        # Cat's tick reaches Bob's phone and the keeper's table each by its own stream.
        shows(bob, "#seat .totals tbody tr:nth-child(3) td:nth-child(2)", "✓")
        shows(page, "#table .totals tbody tr:nth-child(3) td:nth-child(2)", "✓")
        # Neither phone, nor the keeper's table, shows what the other bid.
        assert bid_cell(cat, "#seat", 2) == bid_cell(page, "#table", 2) == "✓"
        assert bid_cell(bob, "#seat", 3) == bid_cell(page, "#table", 3) == "✓"
        # The keeper's table: ticks, and whose bid may be given or changed.
        shows(page, "#step .prompt", "Ann")
        assert list(keeper.read().who) == PLAYERS
        page.screenshot(path=str(shots / "keeper-with-ticks.png"), full_page=True)
        # Ann's bid, the last, on the keeper's phone: then every bid shows at once.
        keeper.choose(keeper.read().allowed()[0])
        for seat in (bob, cat):
            shows(seat, "#seat .totals tbody tr:nth-child(2) td:nth-child(2)", "1")
            shows(seat, "#seat .totals tbody tr:nth-child(3) td:nth-child(2)", "0")
            assert not seat.locator("#seat .own-bid").count()
        ann_bid = keeper.read().row("Ann").bid
        for name, screen in (("keeper", page), ("bob", bob), ("cat", cat)):
            screen.screenshot(path=str(shots / f"after-reveal-{name}.png"), full_page=True)
        page.screenshot(path=str(shots / "keeper-with-seat-marks.png"), full_page=True)

        # Tricks in bid order: Bob, Cat on their phones; Ann's are worked out.
        shows(bob, "#seat .pad .prompt", "Tricks Bob took")
        assert pad(cat) == []
        assert "Now: Tricks Bob took" in text(cat, "#seat .now")
        tap(bob, "2")
        shows(cat, "#seat .pad .prompt", "Tricks Cat took")
        tap(cat, "1")
        for seat in (bob, cat):
            shows(seat, "#seat .totals caption", "after round 1")
        shows(page, "#table .totals caption", "after round 1")
        played = record.with_rounds([{"bids": [int(ann_bid), 1, 0], "tricks": [0, 2, 1]}])
        expected = list(score(played).totals)
        assert totals(page, "#table") == totals(bob, "#seat") == totals(cat, "#seat") == expected

        # The keeper releases Cat's phone: it says so at once, and enters nothing more.
        page.locator("#seats form", has_text="Cat").locator("button").tap()
        shows(cat, "#seat.released", "This seat was released")
        cat.screenshot(path=str(shots / "seat-released.png"), full_page=True)
        page.wait_for_function(
            "() => document.querySelectorAll('#table .totals th .phone').length === 1"
        )
    finally:
        bob.context.close()
        cat.context.close()

    # -- Oh Hell, bid in turn: Bob, then Cat, then Ann (the dealer, on the keeper's phone).
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "seats-oh-hell")
    bob = join(browser, f"{asgi_url}{link}", "Bob")
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    try:
        assert pad(bob) == ["0", "1", "2", "3"] and pad(cat) == []
        assert "Now: Bob bids" in text(cat, "#seat .now")
        tap(bob, "1")
        shows(cat, "#seat .pad .prompt", "Cat bids")
        # Open bidding: Bob's bid shows on every phone as it is made.
        shows(cat, "#seat .totals tbody tr:nth-child(2) td:nth-child(2)", "1")
        assert pad(bob) == []
        tap(cat, "1")
        shows(page, "#step .prompt", "Ann bids")
        # The hook: Ann may not bid 1 (the bids would add up to the 3 tricks).
        assert "1" not in keeper.read().allowed()
        keeper.choose("0")
        shows(bob, "#seat .pad .prompt", "Tricks Bob took")
        tap(bob, "1")
        shows(cat, "#seat .pad .prompt", "Tricks Cat took")
        tap(cat, "2")
        for seat in (bob, cat):
            shows(seat, "#seat .totals caption", "after round 1")
        played = record.with_rounds([{"bids": [0, 1, 1], "tricks": [0, 1, 2]}])
        expected = list(score(played).totals)
        shows(page, "#table .totals caption", "after round 1")
        assert totals(page, "#table") == totals(bob, "#seat") == totals(cat, "#seat") == expected
    finally:
        bob.context.close()
        cat.context.close()


def test_without_streams_the_phones_and_the_keeper_poll_and_still_meet(
    page: Page, browser: Browser, live_server: Any
) -> None:
    # The live_server fixture is WSGI (as `manage.py runserver` is): no stream, every screen polls.
    game = Game.start(new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]}))
    page.goto(f"{live_server.url}/g/{game.key}/")
    bob = join(browser, f"{live_server.url}/j/{game.join_key}/", "Bob", live=False)
    try:
        # Without a stream the keeper's table hears of the first phone when it is next
        # drawn (a tap, a reload); from then on it asks every few seconds.
        page.reload()
        assert page.locator("#table .totals th .phone").count() == 1
        page.evaluate("() => { window.notReloaded = true; }")
        tap(bob, "2")
        shows(page, "#step .prompt", "Cat bids")
        assert page.evaluate("() => window.notReloaded") is True
        # And Bob's phone learns of the keeper's taps the same way.
        page.locator("#step .choices button[value='0']").tap()
        shows(bob, "#seat .now", "Ann bids")
    finally:
        bob.context.close()
