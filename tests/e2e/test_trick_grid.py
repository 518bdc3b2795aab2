"""Abracadabra's trick grid on a phone (390x844): thirteen tricks, a finger-sized box a
player each, "the rest" under each player's column, and Done, on one screen above
Undo's bar. A trick one player alone named comes ticked for them, proposed (a dashed
box), until the keeper taps its row; Done enters the grid as it stands, the tap that
leaves every trick tapped, none only proposed, enters it too, and "the rest" gives its
player every trick left open and enters the grid, with script or without."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import PHONE_WIDTH, TAP_HEIGHT
from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

TABLES = Path(__file__).resolve().parents[2] / "test-artifacts" / "tables"
GRID = """(label) => {
  const prompt = document.querySelector('#step h2.prompt').getBoundingClientRect();
  const done = [...document.querySelectorAll('#step button')]
    .find((b) => b.textContent.trim() === label).getBoundingClientRect();
  const rests = [...document.querySelectorAll('#step .trick-grid button.rest')]
    .map((b) => b.getBoundingClientRect());
  const bar = document.querySelector('#table nav.actions').getBoundingClientRect();
  const boxes = [...document.querySelectorAll('#step .trick-grid .won')]
    .map((b) => b.getBoundingClientRect());
  const size = (b) => Math.min(b.width, b.height);
  return {top: prompt.top, bottom: Math.max(done.bottom, ...rests.map((b) => b.bottom)),
          bar: bar.top, smallest: Math.min(...boxes.map(size)),
          smallestRest: Math.min(...rests.map(size)), boxes: boxes.length, rests: rests.length};
}"""
# The boxes drawn as proposed and still ticked: "trick:seat", in order.
PROPOSED = """() => [...document.querySelectorAll('#step .trick-grid .won.proposed input:checked')]
  .map((box) => `${box.name.replace('trick-', '')}:${box.value}`)"""
# The spec deal (docs: game-record.md): Ann named 5 and 11, Ben 4, 8 and 12, Dev 1.
NAMED_BY = {1: 3, 4: 1, 5: 0, 8: 1, 11: 0, 12: 1}
WINNERS = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
# Tapped before "the rest" under Cleo's column (which gives her 6, 7 and 13, left open):
# the tricks nobody named that Ann and Ben won, and trick 8, which Ben named and Ann won.
NOT_CLEOS = [(2, 0), (3, 1), (8, 0), (9, 1), (10, 0)]


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
    """The question, the grid, "the rest" and Done together fit above Undo's bar: no
    scrolling between taps; every box and button a finger's size."""
    page.evaluate("() => document.querySelector('#step h2.prompt').scrollIntoView()")
    seen = page.evaluate(GRID, done)
    assert seen["boxes"] == 13 * 4 and seen["rests"] == 4
    assert min(seen["smallest"], seen["smallestRest"]) >= TAP_HEIGHT, seen
    assert seen["top"] >= 0 and seen["bottom"] <= seen["bar"], seen


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
    rest = page.get_by_role("button", name="De rest naar Cleo", exact=True)
    assert rest.inner_text() == "de rest"
    fits_one_screen(page, "Klaar")
    page.screenshot(path=TABLES / "abracadabra-trick-grid-proposed-nl-390x844.png")


def test_the_rest_under_a_players_column_gives_them_every_trick_left_open_and_enters_it(
    page: Page, live_server: LiveServer
) -> None:
    game = at_the_first_trick(page, live_server)
    open_to_cleo = [n for n, seat in enumerate(WINNERS, start=1) if n not in dict(NOT_CLEOS)]
    assert all(WINNERS[n - 1] == seat for n, seat in NOT_CLEOS)
    assert [n for n in open_to_cleo if n not in NAMED_BY] == [6, 7, 13]
    for number, seat in NOT_CLEOS:
        box(page, game, number, seat).tap()
    # Five proposals left as drawn, and 6, 7 and 13 without a winner: nothing sent.
    assert page.evaluate(PROPOSED) == ["1:3", "4:1", "5:0", "11:0", "12:1"]
    nothing_sent(page, game)
    fits_one_screen(page)
    page.screenshot(path=TABLES / "abracadabra-trick-grid-rest-390x844.png")
    # On a phone turned sideways the grid scrolls; "the rest" and Done sit together.
    page.set_viewport_size({"width": 844, "height": 390})
    page.evaluate("() => document.querySelector('#step .rests').scrollIntoView({block: 'center'})")
    page.screenshot(path=TABLES / "abracadabra-trick-grid-rest-844x390.png")
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})

    # 5 taps and this one, where the 7 tricks nobody named and Done took 8.
    page.get_by_role("button", name="The rest to Cleo", exact=True).tap()
    page.locator("#step input[name=kind][value=suit_cards]").wait_for(state="attached")
    assert trick_winners(game) == WINNERS


@pytest.fixture
def plain_page(browser: Browser, transactional_db: None) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_without_script_the_rest_posts_the_grid_with_tricks_left_open(
    plain_page: Page, live_server: LiveServer
) -> None:
    # Every box is required, so the browser holds Done with a trick left open; "the
    # rest" is sent all the same (formnovalidate), and the server fills the open rows.
    game = at_the_first_trick(plain_page, live_server)
    for number, seat in NOT_CLEOS:
        box(plain_page, game, number, seat).check()
    with plain_page.expect_navigation():
        plain_page.get_by_role("button", name="The rest to Cleo", exact=True).click()

    assert plain_page.locator("#step input[name=kind][value=suit_cards]").count() == 1
    assert trick_winners(game) == WINNERS
