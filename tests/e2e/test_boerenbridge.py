"""Boerenbridge played through the screens until Ann scores exactly 100.

The taps are chosen so the game reaches its end in six rounds and passes through
the rules that only Boerenbridge has: bids entered in any order, the dealer made
to change a bid that adds up to 13, sitting out from 80 points, and a total over
100 bouncing back (Ann: 23, 46, 69, 90, then 103 -> 97, then 100).
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.screens import Screen, Screens

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev"]
# Round by round (Dev deals first): each player's bid and tricks. Ann bids and
# takes all 13 (23 points) while the others bid 1 and take none (0 points).
BIDS = {
    1: {"Ann": 13, "Bob": 1, "Cas": 1, "Dev": 1},
    2: {"Ann": 13, "Bob": 1, "Cas": 1, "Dev": 1},  # Ann bids 10 first, then must change
    3: {"Ann": 13, "Bob": 1, "Cas": 1, "Dev": 1},
    4: {"Ann": 11, "Bob": 1, "Cas": 1, "Dev": 1},  # Ann 69 + 21 = 90
    5: {"Bob": 1, "Cas": 1, "Dev": 1},  # Ann sits out: 90 + 13 = 103, bounced to 97
    6: {"Bob": 5, "Cas": 5, "Dev": 0},  # Ann sits out: 97 + 3 = 100
}
TRICKS = {
    1: {"Ann": 13, "Bob": 0, "Cas": 0, "Dev": 0},
    2: {"Ann": 13, "Bob": 0, "Cas": 0, "Dev": 0},
    3: {"Ann": 13, "Bob": 0, "Cas": 0, "Dev": 0},
    4: {"Ann": 11, "Bob": 1, "Cas": 1, "Dev": 0},
    5: {"Ann": 13, "Bob": 0, "Cas": 0, "Dev": 0},
    6: {"Ann": 3, "Bob": 5, "Cas": 5, "Dev": 0},
}
ANN_AFTER = {1: 23, 2: 46, 3: 69, 4: 90, 5: 97, 6: 100}


def round_number(screen: Screen) -> int:
    found = re.fullmatch(r"Boerenbridge: Round (\d+), to 100", screen.title)
    assert found, screen.title
    return int(found.group(1))


def test_it_plays_until_ann_has_exactly_100(screens: Screens) -> None:
    screens.set_up("boerenbridge", "Boerenbridge", PLAYERS, first_dealer=3)
    seen: list[str] = []

    def turn(screen: Screen) -> None:
        number = round_number(screen)
        assert screen.rows[0].total == ANN_AFTER.get(number - 1, 0)
        if screen.kind == "tricks":
            screens.choose(str(TRICKS[number][screen.player]))
            return
        assert screen.kind == "bid"
        if number >= 5 and "sits-out" not in seen:
            # From 80 points Ann does not bid, and is not among those asked.
            assert f"Ann sits out: {screen.rows[0].total} points" in screen.notes
            assert "Ann" not in screen.who and screen.player != "Ann"
            screens.shot("sits-out")
            seen.append("sits-out")
        if number == 2 and screen.row("Ann").bid == "":
            # The bids are simultaneous: the dealer, Ann, says hers first, out of turn.
            assert screen.player == "Bob" and screen.who == ("Ann", "Bob", "Cas", "Dev")
            chosen = screens.whose_bid("Ann")
            assert chosen.prompt == "Ann bids" and chosen.row("Ann").turn
            screens.shot("whose-bid")
            screens.choose("10")
            return
        if "must change the bid" in screen.prompt:
            # 10 + 1 + 1 + 1 = 13: the dealer must change, and 10 is refused.
            assert screen.player == "Ann" and number == 2
            assert "10" not in screen.allowed()
            screens.shot("hooked-dealer")
            seen.append("hooked")
        screens.choose(str(BIDS[number][screen.player]))

    over = screens.play(turn)

    assert seen == ["hooked", "sits-out"]
    assert over.title == "Boerenbridge: Round 6, to 100"
    assert over.prompt == "Ann won"
    sheet = screens.check_the_end()
    assert [totals[0] for totals in (r.totals for r in sheet.rounds)] == list(ANN_AFTER.values())
    assert sheet.totals == (100, 26, 26, 20)
