"""Boerenbridge for five on the phone: a pattern of hands picked, a fifth seat added,
the presets dealt for five, and the table asking for bids of up to the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

FIVE = ["Ann", "Bob", "Cat", "Dev", "Eve"]


def test_picking_a_pattern_of_hands_seats_a_fifth_player(page: Page, screens: Screens) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    page.goto(f"{screens.base_url}/new/boerenbridge/")
    rows = page.locator("#setup input[name=player]")
    expect(rows).to_have_count(4)
    expect(page.locator("#player-counts")).to_have_text("(4 players)")
    expect(page.locator("#add-player button")).to_have_count(0)

    # The pattern picked (htmx previews it), the seat for a fifth appears.
    page.locator("#setup input[name=rules][value=up-and-down-to-100]").check()
    expect(page.locator("#add-player button")).to_be_visible()
    expect(page.locator("#player-counts")).to_have_text("(3 to 7 players)")
    page.locator("#add-player button").tap()
    expect(rows).to_have_count(5)
    for index, name in enumerate(FIVE):
        rows.nth(index).fill(name)
    rows.nth(4).blur()
    expect(page.locator("#dealer-4")).to_have_text("Eve")
    # The presets now deal for five: 52 / 5 = 10 cards at most.
    expect(page.locator("#rules-choices")).to_contain_text("1 to 10 and back, to 100")
    expect(page.locator("#rules-choices")).to_contain_text("10 down to 1, to 100")
    page.locator("#setup label.radio").nth(1).tap()  # Ann deals first
    page.locator("#rules-choices").scroll_into_view_if_needed()
    page.screenshot(path=str(screens.shots / "boerenbridge-five-setup.png"))

    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/g/*/")
    record = Game.objects.get().record
    assert record["players"] == FIVE
    assert record["options"] == {"hands": [*range(1, 11), *range(9, 0, -1)]}
    # Round 1, one card each: Bob (left of Ann) bids first, 0 or 1.
    expect(page.locator("#step .choices button[name=value]")).to_have_count(2)
    page.screenshot(path=str(screens.shots / "boerenbridge-five-table.png"))
