"""Abracadabra's trick grid on a phone (390x844): thirteen tricks, a finger-sized box a
player each, and Done, on one screen above Undo's bar; tapped, they are entered at once,
by the tap that gives the last trick its winner."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import TAP_HEIGHT
from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

TABLES = Path(__file__).resolve().parents[2] / "test-artifacts" / "tables"
GRID = """() => {
  const grid = document.querySelector('#step .trick-grid').getBoundingClientRect();
  const done = [...document.querySelectorAll('#step button')]
    .find((b) => b.textContent.trim() === 'Done').getBoundingClientRect();
  const bar = document.querySelector('#table nav.actions').getBoundingClientRect();
  const boxes = [...document.querySelectorAll('#step .trick-grid .won')]
    .map((b) => b.getBoundingClientRect());
  return {span: done.bottom - grid.top, tallest: window.innerHeight, barHeight: bar.height,
          smallest: Math.min(...boxes.map((b) => Math.min(b.width, b.height))),
          boxes: boxes.length};
}"""


def test_thirteen_tricks_fit_one_screen_and_are_entered_with_one_done(
    page: Page, live_server: LiveServer
) -> None:
    TABLES.mkdir(parents=True, exist_ok=True)
    first = next(i for i, entry in enumerate(SPEC_ENTRIES) if entry.kind == "trick")
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:first])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    page.goto(f"{live_server.url}/g/{game.key}/")

    page.locator("#step .trick-grid").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('#step h2.prompt').scrollIntoView()")
    seen = page.evaluate(GRID)
    assert seen["boxes"] == 13 * 4
    assert seen["smallest"] >= TAP_HEIGHT, seen
    # The grid and its Done button together fit above Undo's bar: no scrolling between taps.
    assert seen["span"] <= seen["tallest"] - seen["barHeight"], seen

    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    names = record.players
    for number, seat in enumerate(winners[:-1], start=1):
        winner = re.compile(rf"^{names[seat]} won trick {number}\b")
        page.get_by_role("radio", name=winner).tap()
    page.screenshot(path=TABLES / "abracadabra-trick-grid-390x844.png")
    game.refresh_from_db()
    assert not [e for e in game.pending if e["kind"] == "trick"]  # nothing sent yet
    # The last trick's winner completes the grid, which is entered with that tap.
    page.get_by_role("radio", name=re.compile(rf"^{names[winners[-1]]} won trick 13\b")).tap()
    page.locator("#step input[name=kind][value=suit_cards]").wait_for(state="attached")
    game.refresh_from_db()
    assert [e["value"] for e in game.pending if e["kind"] == "trick"] == winners
