"""Wizard played through the screens: six players, ten rounds, the trump noted as turned."""

from __future__ import annotations

import pytest

from tests.e2e.screens import Screen, Screens

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev", "Eve", "Fay"]
# Round 5: the first bidder bids all 5 and takes 4; the next bids 0 and takes 1.
MISSED_ROUND = 5


def test_it_plays_a_whole_game_for_six_to_the_engines_totals(screens: Screens) -> None:
    screens.set_up("wizard", "Wizard", PLAYERS, first_dealer=0)
    first = screens.read()
    assert first.title == "Wizard: Round 1 of 10"
    assert first.prompt == "Bob bids"
    order: list[str] = []  # this round's bidders, first to last

    def turn(screen: Screen) -> None:
        number = int(screen.title.split("Round ")[1].split(" ")[0])
        size = screen.hand_size
        assert size == number  # round r deals r cards
        name = screen.player
        if screen.kind == "bid":
            if not any(row.bid for row in screen.rows):
                order.clear()
                if number <= 2:
                    # The trump: a suit turned, or (round 2) a Wizard, the dealer names it.
                    trump = page_trump(screens, "clubs" if number == 1 else "hearts")
                    assert f"{screen.dealer} deals and names a suit" in trump
            order.append(name)
            # No hook as ruled: the dealer may bid 0 though the bids then add up.
            assert screen.allowed() == [str(b) for b in range(size + 1)]
            screens.choose(str(size) if len(order) == 1 else "0")
            return
        assert screen.kind == "tricks"
        first_bidder = order[0]
        if number == MISSED_ROUND:
            taken = size - 1 if name == first_bidder else (1 if name == order[1] else 0)
        else:
            taken = size if name == first_bidder else 0
        screens.choose(str(taken))

    over = screens.play(turn)
    assert over.title == "Wizard: Round 10 of 10"
    sheet = screens.check_the_end()
    assert [r.hand_size for r in sheet.rounds] == list(range(1, 11))
    # Round 5 (Eve deals): Fay bid 5 and took 4 (-10), Ann bid 0 and took 1 (-10).
    assert sheet.rounds[4].scores == (-10, 20, 20, 20, 20, -10)


def page_trump(screens: Screens, suit: str) -> str:
    """Note the trump by its optional step; the prompt it had."""
    prompt = screens.page.locator("#table .optional .prompt").first.inner_text()
    screens.optional(suit)
    return prompt
