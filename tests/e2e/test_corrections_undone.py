"""A stopped game corrected at the table, the correction undone and redone, on a
phone (issue 45, points 1 and 2; RULINGS, "Corrections")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.e2e.screens import Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

# Round 3, 8 cards, Cat deals; the table stopped the game after it.
ROUND_3 = {"bids": [2, 2, 3, 2], "tricks": [2, 2, 2, 2]}


def test_a_stopped_games_round_is_corrected_then_undone_and_redone(
    screens: Screens, page: Page
) -> None:
    record = {**oh_hell([ROUND_1, ROUND_2, ROUND_3]), "stopped": True}
    game = Game.objects.create(kind="oh-hell", record=record, version=9)
    screens.game, screens.key = "stopped-correction", game.key
    page.goto(f"{screens.base_url}/g/{game.key}/sheet/")

    # Round 2 entered again: Bob took 2 tricks, not 1, and Dev 2, not 3.
    page.locator("#number").select_option("2")
    page.get_by_role("button", name="Correct it").tap()
    page.wait_for_url(f"**/g/{game.key}/")
    assert screens.read().title == "Oh Hell: Correcting round 2"
    for value in ("3", "2", "2", "1", "3", "2", "2"):
        after = screens.choose(value)
    assert after.title == "Oh Hell: Stopped after round 3"
    game.refresh_from_db()
    assert game.record["rounds"][1]["tricks"] == [2, 2, 3, 2]
    assert game.record["stopped"] is True

    actions = page.locator("#table .actions")
    assert actions.get_by_role("button", name="Undo").inner_text() == (
        "Undo the correction of round 2"
    )
    returns = page.locator("#table .undo-returns").inner_text()
    assert "round 2: Bob's tricks 2 → 1" in returns
    assert "Dev's total 25 → 16" in returns
    page.screenshot(path=screens.shots / "stopped-correction-undo-390x844.png", full_page=True)
    screens.check_fit("#table button, #table a")

    back = screens.undo()
    assert back.title == "Oh Hell: Stopped after round 3"
    game.refresh_from_db()
    assert game.record["rounds"][1] == ROUND_2
    assert actions.get_by_role("button", name="Redo").inner_text() == (
        "Redo the correction of round 2"
    )
    page.screenshot(path=screens.shots / "stopped-correction-redo-390x844.png", full_page=True)

    again = screens.redo()
    assert again.title == "Oh Hell: Stopped after round 3"
    game.refresh_from_db()
    assert game.record["rounds"][1]["tricks"] == [2, 2, 3, 2]
    assert actions.get_by_role("button", name="Undo").inner_text() == (
        "Undo the correction of round 2"
    )
