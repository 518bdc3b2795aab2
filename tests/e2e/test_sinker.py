"""Sinker for two played through the screens: two deals, one contract made, an all lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.e2e.screens import Screen, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

# Deal by deal (Bob deals first, so Ann calls first): the calls in order, then
# the one tap that says how the contract went.
CALLS = {1: ["1", "Zero", "Pass"], 2: ["3", "All", "Pass"]}
RESULTS = {
    1: ("Tricks Bob took", "0"),  # Bob's zero made: Bob 10
    2: ("How Ann's all went", "Lost at trick 5: Bob took it after Ann took 4 tricks"),  # Bob 15
}


def two_deals(page: Page) -> None:
    page.get_by_label("Deals").fill("2")
    page.get_by_label("Exchange limit").select_option(label="At most 4 cards")


def test_it_plays_two_deals_to_the_engines_totals(screens: Screens) -> None:
    screens.set_up("sinker", "Sinker", ["Ann", "Bob"], first_dealer=1, options=two_deals)
    first = screens.read()
    assert first.title == "Sinker: Round 1 of 2"
    assert first.prompt == "Ann calls"
    assert "Exchange at most 4 cards" in first.notes
    # A double only over its own single bid.
    assert "double-zero" not in first.allowed() and "double-all" not in first.allowed()
    assert "Double-zero can be called only over a standing zero" in first.refusals
    calls = {number: list(made) for number, made in CALLS.items()}

    def turn(screen: Screen) -> None:
        number = int(screen.title.split()[2])
        if screen.kind == "call":
            call = calls[number].pop(0)
            screens.choose(call)
            return
        assert screen.kind == "tricks"
        assert not calls[number], "the auction ended early"
        prompt, label = RESULTS[number]
        assert screen.prompt == prompt
        if number == 2:
            screens.shot("all-result")
        screens.choose(label)

    over = screens.play(turn)

    assert over.title == "Sinker: Round 2 of 2"
    sheet = screens.check_the_end()
    assert sheet.totals == (0, 25)
