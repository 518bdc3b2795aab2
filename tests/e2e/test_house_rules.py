"""House rules built on the phone: the hands by the quick controls, the hook from 2
cards, scoring typed as expressions with its live preview; then two rounds by them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import SETUP_TARGETS, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

MADE = "10 + 2 * t"
MISSED = "-2 * abs(t - b)"


def preview_row(page: Page, bid: int) -> list[str]:
    cells = page.locator("#rules-preview table.preview tbody tr").nth(bid).locator("td")
    return [text.strip() for text in cells.all_inner_texts()]


def test_a_family_builds_its_house_rules_and_plays_two_rounds(page: Page, screens: Screens) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    screens.game = "house-rules"
    page.goto(f"{screens.base_url}/new/oh-hell/")
    rows = page.locator("#setup input[name=player]")
    page.locator("#setup button[value^=remove-]").last.tap()
    page.wait_for_function(
        "() => document.querySelectorAll('#setup input[name=player]').length === 3"
    )
    for index, name in enumerate(["Ann", "Bob", "Cas"]):
        rows.nth(index).fill(name)
    rows.nth(2).blur()
    expect(page.locator("#dealer-2")).to_have_text("Cas")

    # Typing in our own rules picks them (htmx puts the choices back, out of band).
    page.locator("details.own-rules > summary").tap()
    assert page.locator("#setup input[name=rules][value=as-ruled]").is_checked()
    page.locator("#id_option_hook_from").fill("2")
    expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()

    # 1 up to 3 and down again, by the quick controls.
    page.locator("#setup input[name=start]").fill("1")
    page.locator("#setup input[name=peak]").fill("3")
    page.locator("#setup input[name=end]").fill("1")
    page.get_by_role("button", name="Fill in the hands").tap()
    expect(page.locator("#id_option_hands")).to_have_value("1, 2, 3, 2, 1")
    assert page.locator("#setup input[name=rules][value=own]").is_checked()
    expect(page.locator("#rules-preview .hands-list")).to_have_text("Hands: 1 2 3 2 1 (5 rounds)")

    # The scoring typed: the preview follows as it is typed.
    expect(page.locator("#id_option_hook_from")).to_have_value("2")
    page.locator("#id_option_made").fill(MADE)
    page.locator("#id_option_missed").fill(MISSED)
    expect(page.locator("#rules-preview table.preview tbody tr").first).to_contain_text("-6")
    # Typing a formula picked its line; the hands are of 3 cards at most: 0 to 3 tricks.
    expect(page.locator("#setup input[name=made_how][value=formula]")).to_be_checked()
    expect(page.locator("#setup input[name=missed_how][value=formula]")).to_be_checked()
    assert preview_row(page, 0) == ["10", "-2", "-4", "-6"]
    assert preview_row(page, 3) == ["-6", "-4", "-2", "16"]

    page.locator("#setup label.radio").nth(1).tap()  # Ann deals first
    screens.shot("setup", SETUP_TARGETS)
    page.locator("#rules-preview").scroll_into_view_if_needed()
    page.screenshot(path=str(screens.shots / "house-rules-preview.png"))
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/g/*/")
    screens.key = page.url.rstrip("/").rsplit("/", 1)[-1]
    record = Game.objects.get().record
    assert record["options"] == {
        "hands": [1, 2, 3, 2, 1],
        "hook_from": 2,
        "scoring": "custom",
        "made": MADE,
        "missed": MISSED,
    }
    expect(page.locator(".rules-line")).to_contain_text("House rules: hands 1 2 3 2 1")

    # Round 1, one card: no hook below 2 cards, so Ann may make the bids add up.
    first = screens.read()
    assert first.title == "Oh Hell: Round 1 of 5" and first.hand_size == 1
    screens.choose("0")  # Bob
    screens.choose("0")  # Cas
    ann = screens.read()
    assert ann.player == "Ann" and ann.allowed() == ["0", "1"]
    screens.choose("1")
    screens.choose("0")  # Bob's tricks
    screens.choose("0")  # Cas's: Ann's trick is filled in
    screens.shot("round-1")

    # Round 2, two cards: Bob deals and is hooked.
    screens.choose("1")  # Cas
    screens.choose("0")  # Ann
    bob = screens.read()
    assert bob.player == "Bob" and "1" not in bob.allowed()
    assert any("Bob deals and may not bid 1" in reason for reason in bob.refusals)
    screens.shot("hooked")
    screens.choose("0")
    screens.choose("1")  # Cas's tricks
    after = screens.choose("1")  # Ann's: Bob's are filled in
    # Ann 12 - 2, Bob 10 + 10, Cas 10 + 12, as the engine works them out.
    assert after.totals == {"Ann": 10, "Bob": 20, "Cas": 22}
    _, sheet = screens.record_sheet()
    assert dict(zip(["Ann", "Bob", "Cas"], sheet.totals, strict=True)) == after.totals
    screens.shot("round-3")
