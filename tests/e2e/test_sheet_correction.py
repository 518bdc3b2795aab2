"""Correcting a cell of the score sheet in the browser: tap it, change it, see what it
changes, confirm; the sheet then shows the round as corrected."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, oh_hell

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "correction"


def test_a_tapped_bid_is_changed_shown_and_confirmed(page: Page, live_server: LiveServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = Game.objects.create(kind="oh-hell", record=oh_hell([ROUND_1, ROUND_2]), version=7)
    page.goto(f"{live_server.url}/g/{game.key}/sheet/")

    # Ann's bid in round 1: she bid 4, not 3. The round's number opens its values.
    page.get_by_role("link", name="Correct round 1").tap()
    page.wait_for_url(f"**/g/{game.key}/sheet/1/")
    chosen = page.locator("#bids-0")
    assert chosen.input_value() == "3"
    chosen.select_option("4")
    page.get_by_role("button", name="Check the change").tap()

    page.locator(".changes li").first.wait_for()
    changes = page.locator(".changes li").all_inner_texts()
    assert changes == [
        "Round 1: Ann's bid 3 → 4",
        "Ann's total 25 → 15",
        "The lead goes to Cat instead of Ann and Cat",
    ]
    page.screenshot(path=SHOTS / "confirm-390x844.png", full_page=True)
    # Save and Keep, one above the other on a phone, are apart: they once touched.
    save = page.get_by_role("button", name="Save the change").bounding_box()
    keep = page.get_by_role("link", name="Keep the sheet as it was").bounding_box()
    assert save is not None and keep is not None
    assert keep["y"] >= save["y"] + save["height"] + 4
    game.refresh_from_db()
    assert game.record["rounds"][0] == ROUND_1

    page.get_by_role("button", name="Save the change").tap()
    page.wait_for_url(f"**/g/{game.key}/sheet/")
    game.refresh_from_db()
    assert game.record["rounds"][0] == {**ROUND_1, "bids": [4, 3, 2, 3]}
    # Ann now scores 3 for round 1 (bid 4, took 3): her total after it is 3.
    first = page.locator("table.sheet tbody.rounds-played tr").first
    assert first.locator("td.total").first.inner_text() == "3"


def test_a_round_the_rules_refuse_is_told_with_the_choices_kept(
    page: Page, live_server: LiveServer
) -> None:
    game = Game.objects.create(kind="oh-hell", record=oh_hell([ROUND_1, ROUND_2]), version=7)
    page.goto(f"{live_server.url}/g/{game.key}/sheet/1/?focus=tricks-0")

    page.locator("#tricks-0").select_option("4")
    page.get_by_role("button", name="Check the change").tap()

    assert "tricks" in page.locator(".error[role=alert]").inner_text()
    assert page.locator("#tricks-0").input_value() == "4"
    # Moving the trick from Bob to Ann makes a round again.
    page.locator("#tricks-1").select_option("3")
    page.get_by_role("button", name="Check the change").tap()
    page.locator(".changes li").first.wait_for()
    assert page.locator(".error").count() == 0
    page.screenshot(path=SHOTS / "two-cells-390x844.png", full_page=True)
