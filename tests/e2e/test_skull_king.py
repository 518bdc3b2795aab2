"""Skull King played through the screens: a published schedule, the bids in any order,
a Kraken's lost trick, and the bonuses of those who made their bid, tapped and added up."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.e2e.screens import Screen, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev"]


def skip_to_the_brawl(page: Page) -> None:
    page.locator("#setup input[name=rules][value=skip-to-the-brawl]").check()


def test_it_plays_skip_to_the_brawl_with_bonuses_and_the_kraken(screens: Screens) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    screens.set_up("skull-king", "Skull King", PLAYERS, first_dealer=0, options=skip_to_the_brawl)
    first = screens.read()
    assert first.title == "Skull King: Round 1 of 5"
    assert first.hand_size == 6
    assert first.who == ("Ann", "Bob", "Cas", "Dev")  # every player may bid now
    page = screens.page

    def turn(screen: Screen) -> None:
        number = int(screen.title.split("Round ")[1].split(" ")[0])
        size = screen.hand_size
        name = screen.player
        if screen.kind == "bid":
            if number == 1 and screen.row("Ann").bid == "":
                # Out of turn: the dealer bids first; sealed, the table shows only a tick.
                chosen = screens.whose_bid("Ann")
                assert chosen.prompt == "Ann bids"
                after = screens.choose("0")
                assert after.row("Ann").bid == "✓"
                return
            screens.choose(str(size) if name == "Bob" else "0")
            return
        if screen.kind == "tricks":
            if number == 2 and not any(row.tricks for row in screen.rows):
                # The Kraken takes a trick: Bob (the dealer, whose tricks are worked out
                # last), who bid them all, misses by one.
                screens.optional("1")
                assert "1 trick lost" in screens.read().notes
                screens.choose("0")
                return
            screens.choose(str(size) if name == "Bob" else "0")
            return
        assert screen.kind == "bonus", screen
        box = page.locator("#step input[name=value]")
        if number == 3 and name == "Bob":
            # A Mermaid taken by a Pirate and a 14, tapped and added; a slip corrected.
            page.locator("#step button[data-add]", has_text="A Mermaid taken by a Pirate").tap()
            page.locator("#step button[data-add]", has_text="A 14").first.tap()
            page.locator("#step button[data-add]", has_text="Loot").tap()
            expect(box).to_have_value("50")
            page.locator("#step button[data-add='0']").tap()
            page.locator("#step button[data-add]", has_text="A Mermaid taken by a Pirate").tap()
            page.locator("#step button[data-add]", has_text="A 14").first.tap()
            expect(box).to_have_value("30")
            screens.shot("bonus")
        screens.done()

    over = screens.play(turn)
    assert over.title == "Skull King: Round 5 of 5"
    sheet = screens.check_the_end()
    assert [r.hand_size for r in sheet.rounds] == [6, 7, 8, 9, 10]
    # Round 2 (7 cards): Bob bid 7, took 6 (-10); the others made 0 (70 each).
    assert sheet.rounds[1].scores == (70, -10, 70, 70)
    # Round 3 (8 cards): Bob made his 8 with a bonus of 30: 160 + 30.
    assert sheet.rounds[2].scores == (80, 190, 80, 80)
