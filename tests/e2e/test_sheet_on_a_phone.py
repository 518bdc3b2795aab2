"""The score sheet on a phone (390x844), for each game with its fewest, four and most
players, before a round and after five: photographed into test-artifacts/sheets/,
every tap target a finger big, no heading broken mid-word, a player's columns ruled
apart; and each round's tap target opens that round's correction."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bench.games import one_round, players
from rules_engine import GAMES, StepKind, new_record, table
from scorepad.models import Game
from tests.e2e.screens import PHONE_WIDTH, TAP_HEIGHT, Screen, Screens

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
        # A column group a player, or a team where partners score as one (Spades).
        teams = GAMES[game].partnerships(record.setup)
        groups = n if teams is None else len(teams.teams)
        assert seen["rule"] == ["2px"] * groups, f"{game} ({n}): columns not ruled apart"
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


# --- Played by taps: what the phone's sheet and table show ---------------------------------


def own_hands(hands: str, hook: str | None = None) -> Callable[[Page], None]:
    """Our own rules on the setup: these hand sizes (and the hook, where given)."""

    def choose(page: Page) -> None:
        from playwright.sync_api import expect

        page.locator("details.own-rules > summary").tap()
        page.locator("#id_option_hands").fill(hands)
        if hook is not None:
            page.locator("#id_option_hook").select_option(hook)
        expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()
        expect(page.locator("#rules-preview .hands-list")).to_contain_text(hands.replace(",", ""))

    return choose


def asked(screen: Screen) -> str:
    """Whom the step asks: "Still to bid: Bob, Cas and Ann" asks Bob first."""
    text = screen.prompt.removeprefix("Still to bid: ").removeprefix("Tricks ")
    return re.split(r", | and | bids| took|Bonus for ", text.removeprefix("Bonus for "))[0]


# Skull King for three, hands of 2, 2 and 3, Ann dealing first: each round's bids and
# tricks, and the tricks the Kraken took (nobody's).
SKULL_BIDS = [
    {"Ann": 0, "Bob": 1, "Cas": 0},
    {"Ann": 0, "Bob": 0, "Cas": 0},
    {"Ann": 1, "Bob": 1, "Cas": 1},
]
SKULL_TRICKS = [
    {"Ann": 0, "Bob": 1, "Cas": 0},
    {"Ann": 1, "Bob": 0, "Cas": 1},
    {"Ann": 1, "Bob": 1, "Cas": 1},
]
SKULL_LOST = [1, 0, 0]


def test_skull_kings_sheet_on_a_phone_shows_the_cards_the_dealer_the_lost_and_the_totals(
    screens: Screens,
) -> None:
    screens.set_up(
        "skull-king", "Skull King", ["Ann", "Bob", "Cas"], first_dealer=0,
        shot_as="sheet-skull-king", options=own_hands("2, 2, 3"),
    )  # fmt: skip

    def turn(screen: Screen) -> None:
        number = int(screen.title.split("Round ")[1].split(" ")[0]) - 1
        name = asked(screen)
        if screen.kind == "bid":
            screens.choose(str(SKULL_BIDS[number][name]))
        elif screen.kind == "tricks":
            if SKULL_LOST[number] and not any(row.tricks for row in screen.rows):
                # The Kraken, before the tricks: its pad is folded away until opened.
                screens.page.locator("#table details.outlined summary").tap()
                screens.optional(str(SKULL_LOST[number]))
            screens.choose(str(SKULL_TRICKS[number][name]))
        else:
            assert screen.kind == "bonus", screen
            screens.tap_button("No bonuses")

    screens.play(turn)
    sheet = screens.check_the_end()
    assert sheet.totals == (20, 60, 20)
    page = screens.page
    assert page.viewport_size == {"width": PHONE_WIDTH, "height": 844}
    page.screenshot(path=SHEETS / "played-skull-king-3-390x844.png", full_page=True)

    rows = page.locator("table.sheet tbody.rounds-played tr")
    # Under each round's number: its cards and its dealer (their own columns fold away).
    dealt = [rows.nth(i).locator("th .folded.dealt") for i in range(3)]
    assert all(cell.is_visible() for cell in dealt)
    assert [cell.inner_text().split() for cell in dealt] == [
        ["2", "Ann"],
        ["2", "Bob"],
        ["3", "Cas"],
    ]
    heading = page.locator("table.sheet thead th.round")
    assert heading.inner_text().split() == ["Round", "·", "Cards", "·", "Dealer"]
    # The tricks the Kraken took, in a column of their own.
    assert page.locator("table.sheet thead th", has_text="Lost").is_visible()
    lost = [rows.nth(i).locator("td.box").first for i in range(3)]
    assert [cell.inner_text() for cell in lost] == ["1", "", ""]
    assert lost[0].is_visible()
    # The totals at the foot: in view, under every player's column.
    foot = page.locator("table.sheet tbody.foot")
    assert foot.locator("th").inner_text() == "Total"
    assert foot.locator("td.total").all_inner_texts() == ["20", "60", "20"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_WIDTH


def star_and_key(page: Page) -> tuple[list[str], str]:
    """Who has the star on the table's totals, and what the badges' key says."""
    names = page.locator("#table .totals tbody th")
    starred = [text.split()[0] for text in names.all_inner_texts() if "★" in text]
    key = page.locator("#table .badge-key")
    return starred, " ".join(key.inner_text().split()) if key.count() else ""


def test_the_table_stars_one_player_ahead_never_a_tie_and_counts_tricks_left_in_english(
    screens: Screens,
) -> None:
    screens.set_up(
        "oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0,
        shot_as="table-stars", options=own_hands("2, 2, 2", hook="off"),
    )  # fmt: skip
    page = screens.page
    # Round 1, Ann deals: Bob and Cas bid 1 each, Ann 0, and everyone makes it.
    for bid in ("1", "1", "0"):
        screens.choose(bid)
    after = screens.choose("1")  # Bob took 1: one trick of the two is left for Cas
    assert after.prompt == "Tricks Cas took"
    assert "Only 1 trick of 2 is left" in after.refusals
    screens.choose("1")  # Cas took 1; Ann's 0 is the only number left, filled in
    screen = screens.read()
    assert screen.totals == {"Ann": 10, "Bob": 11, "Cas": 11}
    # Bob and Cas tie for the most points: nobody is starred.
    assert star_and_key(page) == ([], "D deals")
    # Round 2, Bob deals: Cas 0, Ann 1, Bob 1, all made: Bob alone is ahead.
    for bid in ("0", "1", "1"):
        screens.choose(bid)
    for tricks in ("0", "1"):
        screens.choose(tricks)
    assert screens.read().totals == {"Ann": 21, "Bob": 22, "Cas": 21}
    assert star_and_key(page) == (["Bob"], "D deals ★ ahead")
    page.screenshot(path=SHEETS / "table-one-star-390x844.png", full_page=True)
