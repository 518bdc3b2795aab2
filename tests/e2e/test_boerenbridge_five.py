"""Boerenbridge for five on the phone: the setup seats 3 to 7 from the start, a fifth
player added picks the hands for five (a preset, made our own and changed), and the
table asks for bids of up to the hand; back at four, the game as ruled again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import SETUP_TARGETS, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

FIVE = ["Ann", "Bob", "Cat", "Dev", "Eve"]
SETTLED = """() => document.querySelector(
  '.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added') === null"""
UP_TO_TEN = "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1"


def test_a_fifth_player_added_gets_the_hands_for_five(page: Page, screens: Screens) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    screens.game = "boerenbridge-five"
    page.goto(f"{screens.base_url}/new/boerenbridge/")
    rows = page.locator("#setup input[name=player]")
    expect(rows).to_have_count(4)
    expect(page.locator("#player-counts")).to_have_text("(3 to 7 players)")
    expect(page.locator("#setup input[name=rules][value=as-ruled]")).to_be_checked()

    # A fifth seat, tapped: the hands proposed are the pattern for five, and As ruled
    # says whom it is for.
    page.locator("#add-player button").tap()
    expect(rows).to_have_count(5)
    expect(page.locator("#setup input[name=rules][value=up-and-down-to-100]")).to_be_checked()
    expect(page.locator("#rules-choices")).to_contain_text("1 to 10 and back, to 100")
    expect(page.locator("#rules-choices label.rule-choice").first).to_contain_text(
        "For 4 players only."
    )
    expect(page.locator("#rules-preview .hands-list")).to_have_text(
        "Hands: 1 2 3 4 5 6 7 8 9 10 9 8 7 6 5 4 3 2 1, over and over"
    )
    # Editable: made our own, and the last hands cut short.
    page.get_by_role("button", name="Make our own from these").tap()
    expect(page.locator("#id_option_hands")).to_have_value(UP_TO_TEN)
    expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()
    # Typed only once htmx has settled the new form: until then its fields listen to
    # nothing (htmx sets their triggers up at the settle, 20 ms or, on a busy machine,
    # longer after the swap), and a value typed there is never previewed.
    page.wait_for_function(SETTLED)
    page.locator("#id_option_hands").fill("1, 2, 3, 4, 5, 6, 7, 8, 9, 10")
    expect(page.locator("#rules-preview .hands-list")).to_have_text(
        "Hands: 1 2 3 4 5 6 7 8 9 10, over and over"
    )
    for index, name in enumerate(FIVE):
        rows.nth(index).fill(name)
    rows.nth(4).blur()
    expect(page.locator("#dealer-4")).to_have_text("Eve")
    page.locator("#setup label.radio").nth(1).tap()  # Ann deals first
    screens.shot("setup", SETUP_TARGETS)
    assert not page.locator("#setup .error").count()

    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/g/*/")
    record = Game.objects.get().record
    assert record["players"] == FIVE
    assert record["options"] == {"hands": list(range(1, 11))}
    # Round 1, one card each: Bob (left of Ann) bids first, 0 or 1.
    expect(page.locator("#step .choices button[name=value]")).to_have_count(2)
    page.screenshot(path=str(screens.shots / "boerenbridge-five-table.png"))


def test_back_at_four_the_game_is_played_as_ruled(page: Page, screens: Screens) -> None:
    from playwright.sync_api import expect

    page.goto(f"{screens.base_url}/new/boerenbridge/")
    rows = page.locator("#setup input[name=player]")
    page.locator("#add-player button").tap()
    expect(page.locator("#setup input[name=rules][value=up-and-down-to-100]")).to_be_checked()
    page.locator("#setup button[value=remove-4]").tap()
    expect(rows).to_have_count(4)
    expect(page.locator("#setup input[name=rules][value=as-ruled]")).to_be_checked()
    expect(page.locator("#rules-preview .hands-list")).to_have_text("Hands: 13, over and over")


def test_as_ruled_with_five_at_start_says_what_to_pick_in_words(
    page: Page, screens: Screens
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{screens.base_url}/new/boerenbridge/")
    rows = page.locator("#setup input[name=player]")
    page.locator("#add-player button").tap()
    expect(rows).to_have_count(5)
    for index, name in enumerate(FIVE):
        rows.nth(index).fill(name)
    page.locator("#setup input[name=rules][value=as-ruled]").check()  # picked back, by hand
    expect(page.locator("#rules-preview")).to_contain_text("As ruled, Boerenbridge is for 4")
    page.get_by_role("button", name="Start the game").tap()
    error = page.locator("#setup p.error").first
    expect(error).to_have_text(
        "As ruled, Boerenbridge is for 4 players, not 5: pick “1 to 10 and back, to 100” "
        "below, or another way of dealing for 5."
    )
    assert "option" not in " ".join(page.locator("#setup .error").all_inner_texts())
    assert Game.objects.count() == 0
    page.locator("#setup input[name=rules][value=up-and-down-to-100]").check()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/g/*/")
    assert Game.objects.get().record["players"] == FIVE
