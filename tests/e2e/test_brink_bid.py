"""Brink Bid played through the screens: six players, hands of 4 up to 8 cards."""

from __future__ import annotations

import pytest

from tests.e2e.screens import Screen, Screens

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev", "Eve", "Fay"]


def test_it_plays_a_game_for_six_with_the_dice_to_the_engines_totals(screens: Screens) -> None:
    screens.set_up("brink-bid", "Brink Bid", PLAYERS, first_dealer=5)
    first = screens.read()
    assert first.title == "Brink Bid: Round 1 of 5"
    assert first.kind == "roll"
    assert first.prompt == "Ann rolls the dice"

    rolls: list[tuple[str, ...]] = []

    def turn(screen: Screen) -> None:
        if screen.kind == "roll":
            rolled = screens.roll()
            # The app rolls; the table shows the trump and everyone's pass.
            assert rolled.kind == "bid"
            trump, pass_ = rolled.notes[:2]
            assert trump.startswith(("Trump: ", "No trump"))
            assert pass_ == "No pass" or pass_.startswith("Pass ")
            if pass_ != "No pass":
                assert len(rolled.notes) == 2 + len(PLAYERS)
            rolls.append(rolled.notes)
            return
        name = screen.player
        allowed = [int(value) for value in screen.allowed()]
        if screen.kind == "bid":
            # No hook in Brink Bid: every bid from 0 to the hand size may be said.
            assert allowed == list(range(screen.hand_size + 1))
            screens.choose(str((screen.hand_size + PLAYERS.index(name)) // 6))
        else:
            assert screen.kind == "tricks"
            bid = int(screen.row(name).bid)
            screens.choose(str(bid if bid in allowed else max(allowed)))

    over = screens.play(turn)

    assert over.title == "Brink Bid: Round 5 of 5"
    assert len(rolls) == 5
    sheet = screens.check_the_end()
    assert [r.hand_size for r in sheet.rounds] == [4, 5, 6, 7, 8]
