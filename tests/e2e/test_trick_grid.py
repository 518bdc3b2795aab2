"""Abracadabra's trick grid on a phone (390x844): thirteen tricks, a finger-sized box a
player each, and Done, on one screen above Undo's bar. A trick one player alone named
comes ticked for them, proposed (a dashed box), until the keeper taps its row; Done
enters the grid as it stands, and the tap that leaves every trick tapped, none only
proposed, enters it too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import TAP_HEIGHT
from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

TABLES = Path(__file__).resolve().parents[2] / "test-artifacts" / "tables"
GRID = """(label) => {
  const grid = document.querySelector('#step .trick-grid').getBoundingClientRect();
  const done = [...document.querySelectorAll('#step button')]
    .find((b) => b.textContent.trim() === label).getBoundingClientRect();
  const bar = document.querySelector('#table nav.actions').getBoundingClientRect();
  const boxes = [...document.querySelectorAll('#step .trick-grid .won')]
    .map((b) => b.getBoundingClientRect());
  return {span: done.bottom - grid.top, tallest: window.innerHeight, barHeight: bar.height,
          smallest: Math.min(...boxes.map((b) => Math.min(b.width, b.height))),
          boxes: boxes.length};
}"""
# The boxes drawn as proposed and still ticked: "trick:seat", in order.
PROPOSED = """() => [...document.querySelectorAll('#step .trick-grid .won.proposed input:checked')]
  .map((box) => `${box.name.replace('trick-', '')}:${box.value}`)"""
# The spec deal (docs: game-record.md): Ann named 5 and 11, Ben 4, 8 and 12, Dev 1.
NAMED_BY = {1: 3, 4: 1, 5: 0, 8: 1, 11: 0, 12: 1}
WINNERS = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]


def at_the_first_trick(page: Page, live_server: LiveServer) -> Game:
    TABLES.mkdir(parents=True, exist_ok=True)
    first = next(i for i, entry in enumerate(SPEC_ENTRIES) if entry.kind == "trick")
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:first])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    page.goto(f"{live_server.url}/g/{game.key}/")
    return game


def box(page: Page, game: Game, number: int, seat: int) -> Locator:
    name = game.record["players"][seat]
    return page.get_by_role("radio", name=re.compile(rf"^{name} won trick {number}\b"))


def nothing_sent(page: Page, game: Game) -> None:
    """No post went (given the time one takes here to leave), none is under way, and no
    trick's winner is entered."""
    page.wait_for_timeout(300)
    assert page.locator(".htmx-request").count() == 0
    assert page.locator("#step .trick-grid").is_visible()
    assert trick_winners(game) == []


def trick_winners(game: Game) -> list[int]:
    game.refresh_from_db()
    return [e["value"] for e in game.pending if e["kind"] == "trick"]


def fits_one_screen(page: Page, done: str = "Done") -> None:
    """The grid, its key and Done together fit above Undo's bar: no scrolling between
    taps; every box a finger's size."""
    page.locator("#step .trick-grid").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('#step h2.prompt').scrollIntoView()")
    seen = page.evaluate(GRID, done)
    assert seen["boxes"] == 13 * 4
    assert seen["smallest"] >= TAP_HEIGHT, seen
    assert seen["span"] <= seen["tallest"] - seen["barHeight"], seen


def test_the_keeper_taps_the_tricks_not_proposed_and_done_enters_all_thirteen(
    page: Page, live_server: LiveServer
) -> None:
    game = at_the_first_trick(page, live_server)
    fits_one_screen(page)
    # Each trick one player alone named, ticked for them and drawn as proposed.
    assert page.evaluate(PROPOSED) == [f"{n}:{seat}" for n, seat in NAMED_BY.items()]
    page.screenshot(path=TABLES / "abracadabra-trick-grid-proposed-390x844.png")

    # Ben named trick 8 and Ann won it: that one is tapped, with the 7 nobody named.
    tapped = [(n, seat) for n, seat in enumerate(WINNERS, start=1) if NAMED_BY.get(n) != seat]
    assert len(tapped) == 8 and (8, 0) in tapped
    for number, seat in tapped:
        box(page, game, number, seat).tap()
    # Every trick has a winner, 5 of them only proposed: nothing is sent until Done.
    assert page.evaluate(PROPOSED) == ["1:3", "4:1", "5:0", "11:0", "12:1"]
    assert page.locator("#step .proposed-key").is_visible()
    page.screenshot(path=TABLES / "abracadabra-trick-grid-390x844.png")
    nothing_sent(page, game)

    page.get_by_role("button", name="Done", exact=True).tap()
    page.locator("#step input[name=kind][value=suit_cards]").wait_for(state="attached")
    assert trick_winners(game) == WINNERS


def test_every_trick_tapped_the_proposed_too_the_last_tap_enters_the_grid(
    page: Page, live_server: LiveServer
) -> None:
    game = at_the_first_trick(page, live_server)
    # Trick 1's proposed box, tapped: the keeper's now, drawn as any box tapped.
    box(page, game, 1, 3).tap()
    assert "1:3" not in page.evaluate(PROPOSED)
    assert box(page, game, 1, 3).is_checked()
    rest = [(n, seat) for n, seat in enumerate(WINNERS, start=1) if n not in (1, 12)]
    for number, seat in rest:
        box(page, game, number, seat).tap()
    assert page.evaluate(PROPOSED) == ["12:1"]
    nothing_sent(page, game)  # trick 12 is still only proposed

    # Ben's proposed box of trick 12, tapped (he won it): every trick is the keeper's,
    # and that tap enters the grid.
    assert WINNERS[11] == NAMED_BY[12]
    box(page, game, 12, 1).tap()
    page.locator("#step input[name=kind][value=suit_cards]").wait_for(state="attached")
    assert trick_winners(game) == WINNERS


def test_in_dutch_the_grid_and_its_longer_key_still_fit_one_screen(
    page: Page, live_server: LiveServer
) -> None:
    page.set_extra_http_headers({"Accept-Language": "nl"})
    at_the_first_trick(page, live_server)
    assert page.locator("#step .prompt").inner_text() == "Wie won elke slag?"
    key = page.locator("#step .proposed-key")
    assert key.inner_text().strip() == "✓ voorgesteld: tik een ander aan om te wijzigen"
    fits_one_screen(page, "Klaar")
    page.screenshot(path=TABLES / "abracadabra-trick-grid-proposed-nl-390x844.png")
