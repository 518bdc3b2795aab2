"""Wizard by the Canadian rule, tapped on a phone: the preset picked at the setup; the
dealer is free in the first round (nobody leads), hooked only when ahead on points, and
may always bid 0; the plain dealer's hook is a preset of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.e2e.screens import Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

HOOKED = "Bob deals with the lead and may not bid 1: the bids would add up to the 2 tricks"


def canadian(page: Page) -> None:
    from playwright.sync_api import expect

    choices = page.locator("#rules-choices")
    expect(choices).to_contain_text("The dealer's hook")
    expect(choices).to_contain_text("The Canadian rule")
    page.locator("#setup input[name=rules][value=canadian]").check()
    expect(
        page.locator("#rules-choices label.rule-choice", has_text="The Canadian rule")
    ).to_contain_text(
        "Only a dealer who leads may not make the bids add up to the cards dealt; "
        "0 is always allowed."
    )


def test_the_canadian_rule_hooks_only_the_dealer_in_the_lead(screens: Screens) -> None:
    screens.set_up(
        "wizard", "Wizard", ["Ann", "Bob", "Cas"], first_dealer=0, shot_as="canadian",
        options=canadian,
    )  # fmt: skip
    assert Game.objects.get().record["options"] == {"hook": "leader"}
    page = screens.page
    assert page.get_by_text("Rules: The Canadian rule").is_visible()

    # Round 1 (1 card, Ann deals): nobody leads, so Ann may make the bids add up.
    screens.choose("1")  # Bob
    screens.choose("0")  # Cas
    first = screens.read()
    assert first.player == "Ann" and first.refusals == ()
    screens.choose("0")  # 1 + 0 + 0 = 1: allowed
    screens.choose("1")  # Bob took the trick; the others' 0 follow
    assert screens.read().totals == {"Ann": 20, "Bob": 30, "Cas": 20}

    # Round 2 (2 cards, Bob deals and leads): Cas and Ann bid 1 each; Bob's 0 makes 2,
    # and is allowed all the same.
    screens.choose("1")  # Cas
    spared = screens.choose("1")  # Ann
    assert spared.player == "Bob" and spared.refusals == () and "0" in spared.allowed()
    # Ann's bid again, 0: now Bob's 1 would make 2, and he leads: refused, with why.
    screens.undo()
    hooked = screens.choose("0")
    assert hooked.allowed() == ["0", "2"]
    assert hooked.refusals == (HOOKED,)
    screens.shot("canadian-hooked")
    page.screenshot(path=str(screens.shots / "canadian-hooked.png"), full_page=True)
    screens.choose("2")
    assert screens.read().kind == "tricks"


def test_the_dealers_hook_is_a_preset_of_its_own(page: Page, screens: Screens) -> None:
    def dealers_hook(page: Page) -> None:
        page.locator("#setup input[name=rules][value=dealers-hook]").check()

    screens.set_up(
        "wizard", "Wizard", ["Ann", "Bob", "Cas"], first_dealer=0, shot_as="dealers-hook",
        options=dealers_hook,
    )  # fmt: skip
    assert Game.objects.get().record["options"] == {"hook": "on"}
    # Round 1: the plain hook holds from the first round on, leader or not: after Bob's 1
    # and Cas's 0, Ann may not bid 0, and her 1, the only bid left her, is entered for her.
    screens.choose("1")
    after = screens.choose("0")
    assert after.kind == "tricks" and after.row("Ann").bid == "1"
    screens.choose("1")  # Bob took it
    # Round 2 (Bob deals): Cas and Ann bid 1 each; the plain hook refuses Bob's 0.
    screens.choose("1")
    last = screens.choose("1")
    assert last.player == "Bob" and last.allowed() == ["1", "2"]
    assert last.refusals == ("Bob deals and may not bid 0: the bids would add up to the 2 tricks",)
