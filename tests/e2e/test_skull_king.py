"""Skull King played through the screens: a published schedule, the bids in any order,
a Kraken's lost trick, and the bonuses of those who made their bid, tapped and added up.
A round with no bonus is the bids, the tricks and one tap."""

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
    # Every tap a round takes: the table's (counted by screens) and the bonus box's.
    taps: dict[int, int] = {}
    extra = 0
    bonus_won = False

    def turn(screen: Screen) -> None:
        nonlocal extra, bonus_won
        number = int(screen.title.split("Round ")[1].split(" ")[0])
        taps[number] = taps.get(number, 0)
        before = screens.taps
        size = screen.hand_size
        if screen.kind == "bid":
            name = screen.player
            if number == 1 and screen.row("Ann").bid == "":
                # Out of turn: the dealer bids first; sealed, the table shows only a tick.
                chosen = screens.whose_bid("Ann")
                assert chosen.prompt == "Ann bids"
                after = screens.choose("0")
                assert after.row("Ann").bid == "✓"
            else:
                screens.choose(str(size) if name == "Bob" else "0")
        elif screen.kind == "tricks":
            name = screen.player
            kraken = page.locator("#table details.outlined")
            if number == 2 and not any(row.tricks for row in screen.rows):
                # The Kraken takes a trick: Bob (the dealer, whose tricks are worked out
                # last), who bid them all, misses by one. Its pad waits folded, outlined,
                # unlike the tricks pad.
                assert not kraken.evaluate("(d) => d.open")
                assert kraken.locator("summary").inner_text() == "Tricks nobody took (the Kraken)"
                kraken.locator("summary").tap()
                extra += 1
                lost = kraken.locator("button", has_text="1")
                assert lost.get_attribute("class") == "secondary"
                screens.shot("kraken")
                screens.optional("1")
                assert "1 trick lost" in screens.read().notes
                screens.choose("0")
            else:
                screens.choose(str(size) if name == "Bob" else "0")
        else:
            assert screen.kind == "bonus", screen
            if number == 3 and not bonus_won:
                # Everyone made their bid; Bob won a bonus. A Mermaid taken by a Pirate
                # and a 14, tapped and added; a slip corrected.
                assert screen.prompt == "Dev, Ann, Bob and Cas made their bids: any bonuses?"
                screens.whose_bid("Bob")
                box = page.locator("#step input[name=value]")
                for label in ("A Mermaid taken by a Pirate", "A 14", "Loot"):
                    page.locator("#step button[data-add]", has_text=label).first.tap()
                expect(box).to_have_value("50")
                page.locator("#step button[data-add='0']").tap()
                for label in ("A Mermaid taken by a Pirate", "A 14"):
                    page.locator("#step button[data-add]", has_text=label).first.tap()
                expect(box).to_have_value("30")
                extra += 6
                screens.shot("bonus")
                screens.done()
                bonus_won = True
                assert screens.read().who == ("Ann", "Cas", "Dev")
            else:
                # No bonus (more): one tap for everyone who made their bid.
                label = "No more bonuses" if number == 3 else "No bonuses"
                screens.tap_button(label)
        taps[number] += screens.taps - before + extra
        extra = 0

    over = screens.play(turn)
    assert over.title == "Skull King: Round 5 of 5"
    sheet = screens.check_the_end()
    assert [r.hand_size for r in sheet.rounds] == [6, 7, 8, 9, 10]
    # Round 2 (7 cards): Bob bid 7, took 6 (-10); the others made 0 (70 each).
    assert sheet.rounds[1].scores == (70, -10, 70, 70)
    # Round 3 (8 cards): Bob made his 8 with a bonus of 30: 160 + 30.
    assert sheet.rounds[2].scores == (80, 190, 80, 80)
    # A round with no bonus is the bids, the tricks and one tap, where each of the four
    # who made their bid had a Done of their own before. The tricks stop once the rest
    # are forced: round 4 (Ann first) is Ann 0, Bob 9, the others 0 as nothing is left;
    # rounds 1 and 5 (Bob first) are Bob's alone. Round 1 adds the tap on Ann's name;
    # round 2 opens the Kraken's pad and taps 1; round 3 picks Bob, taps his bonus (6
    # taps), Done, then "No more bonuses".
    assert taps == {
        1: 1 + 4 + 1 + 1,
        2: 4 + 2 + 3 + 1,
        3: 4 + 3 + 1 + 6 + 1 + 1,
        4: 4 + 2 + 1,
        5: 4 + 1 + 1,
    }
