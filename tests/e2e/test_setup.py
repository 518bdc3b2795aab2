"""Setting up in the browser: the dealer choices follow the names as they are typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e


def test_the_dealer_choices_take_the_names_typed_and_keep_the_pick(
    page: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    page.goto(f"{live_server.url}/new/oh-hell/")
    rows = page.locator("#setup input[name=player]")
    dealers = page.locator("#setup label.radio")
    assert dealers.nth(2).inner_text().strip() == "Player 2"

    for index, name in enumerate(["Ann", "Bob", "Cas", "Dee"]):
        rows.nth(index).fill(name)
        rows.nth(index).press("Tab")  # leaving the field is the change htmx answers
    expect(page.locator("#dealer-3")).to_have_text("Dee")
    assert [dealers.nth(seat + 1).inner_text().strip() for seat in range(4)] == [
        "Ann",
        "Bob",
        "Cas",
        "Dee",
    ]

    # A name changed and a dealer tapped at once: the pick stands, the name follows.
    rows.nth(1).fill("Bea")
    dealers.nth(2).tap()
    expect(page.locator("#dealer-1")).to_have_text("Bea")
    assert page.locator("#setup input[name=first_dealer][value='1']").is_checked()

    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/g/*/")
    record = Game.objects.get().record
    assert record["players"] == ["Ann", "Bea", "Cas", "Dee"]
    assert record["first_dealer"] == 1
