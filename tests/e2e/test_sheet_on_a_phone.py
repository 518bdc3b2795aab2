"""The score sheet on a phone (390x844), for each game with its fewest, four and most
players, before a round and after five: photographed into test-artifacts/sheets/,
every tap target a finger big, no heading broken mid-word, a player's columns ruled
apart; and each round's tap target opens that round's correction."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.games import one_round, players
from rules_engine import GAMES, StepKind, new_record, table
from scorepad.models import Game
from tests.e2e.screens import PHONE_WIDTH, TAP_HEIGHT

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

    from rules_engine import Record

pytestmark = pytest.mark.e2e

SHEETS = Path(__file__).resolve().parents[2] / "test-artifacts" / "sheets"


def counts(game: str) -> list[int]:
    """Two, four and seven players, as near as the game as ruled allows."""
    least, most = GAMES[game].player_range({})
    return sorted({max(least, min(n, most)) for n in (2, 4, 7)})


CASES = [(game, n) for game in GAMES for n in counts(game)]


def played(game: str, n: int, rounds: int = 5) -> Record:
    """A game of ``n`` players with up to ``rounds`` rounds of random allowed taps."""
    rng = random.Random(3)
    record = new_record(game, players(n), 0, {})
    while len(record.rounds) < rounds and table(record).step.kind is not StepKind.OVER:
        record = one_round(record, rng)
    return record


# Every link and button on the page smaller than a finger; each heading word that a
# line break cuts in two (a word drawn on two lines has two boxes).
READ_SHEET = """(tap) => {
  const small = [...document.querySelectorAll('main a, main button, main select, main summary')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => [el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
    .filter(([, box]) => box.width < tap || box.height < tap)
    .map(([text, box]) => [text, Math.round(box.width), Math.round(box.height)]);
  const broken = [];
  for (const th of document.querySelectorAll('table.sheet thead th')) {
    const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const match of node.textContent.matchAll(/[^\\s·]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  const rule = [...document.querySelectorAll('table.sheet colgroup.player')]
    .map((group) => getComputedStyle(group).borderLeftWidth);
  return {page: document.documentElement.scrollWidth, small, broken, rule};
}"""


@pytest.mark.parametrize(("game", "n"), CASES)
def test_each_games_sheet_reads_on_a_phone_with_few_and_many_players(
    page: Page, live_server: LiveServer, game: str, n: int
) -> None:
    SHEETS.mkdir(parents=True, exist_ok=True)
    for state, record in (("new", played(game, n, 0)), ("played", played(game, n))):
        stored = Game.start(record)
        page.goto(f"{live_server.url}/g/{stored.key}/sheet/")
        page.screenshot(path=SHEETS / f"{game}-{n}-{state}-390x844.png", full_page=True)
        seen = page.evaluate(READ_SHEET, TAP_HEIGHT)
        assert seen["page"] <= PHONE_WIDTH, f"{game} ({n}, {state}): the page scrolls sideways"
        assert not seen["small"], f"{game} ({n}, {state}): small tap targets {seen['small']}"
        assert not seen["broken"], f"{game} ({n}, {state}): headings cut {seen['broken']}"
        assert seen["rule"] == ["2px"] * n, f"{game} ({n}): players' columns not ruled apart"
        if n <= 4:  # four players' columns fit a phone; more scroll within the sheet's frame
            frame = page.locator(".sheet-wrap")
            assert frame.evaluate("(f) => f.scrollWidth <= f.clientWidth"), f"{game} ({n})"
        # An unfinished game's sheet has no empty "Winner:" line on screen.
        assert not page.get_by_text("Winner:").is_visible()


def test_each_rounds_number_opens_that_rounds_correction(
    page: Page, live_server: LiveServer
) -> None:
    record = played("oh-hell", 4, 3)
    stored = Game.start(record)
    for number in (3, 1, 2):
        page.goto(f"{live_server.url}/g/{stored.key}/sheet/")
        target = page.get_by_role("link", name=f"Correct round {number}")
        box = target.bounding_box()
        assert box is not None and box["width"] >= TAP_HEIGHT and box["height"] >= TAP_HEIGHT
        target.tap()
        page.wait_for_url(f"**/g/{stored.key}/sheet/{number}/")
        assert page.locator("h1").inner_text() == f"Correct round {number}"
        # The round's own bids, as entered, stand ready to change.
        bids = record.rounds[number - 1]["bids"]
        shown = [page.locator(f"#bids-{seat}").input_value() for seat in range(4)]
        assert shown == [str(bid) for bid in bids]
