"""Brink Bid's three dice on the table: rolled by a tap, drawn, tumbling in (still
where the phone asks for reduced motion); photographed into test-artifacts/tables/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from rules_engine import new_record
from scorepad.models import Game

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

TABLES = Path(__file__).resolve().parents[2] / "test-artifacts" / "tables"
DICE = """() => [...document.querySelectorAll('#table .dice .die')].map((die) => {
  const box = die.getBoundingClientRect();
  return {width: box.width, animation: getComputedStyle(die).animationName,
          drawn: die.querySelectorAll('text, circle, path').length};
})"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_rolling_shows_the_three_dice_tumbling_in_unless_motion_is_reduced(
    page: Page, live_server: LiveServer, motion: str
) -> None:
    TABLES.mkdir(parents=True, exist_ok=True)
    game = Game.start(new_record("brink-bid", ["Ann", "Ben", "Cleo", "Dev"], 0, {}))
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    page.goto(f"{live_server.url}/g/{game.key}/")
    assert page.locator("#table .dice").count() == 0

    page.get_by_role("button", name="Roll the dice").tap()
    page.locator("#table .dice").wait_for()

    dice = page.evaluate(DICE)
    expected = "none" if motion == "reduce" else "die-roll"
    assert [die["animation"] for die in dice] == [expected] * 3
    page.wait_for_timeout(1000)  # the dice at rest
    dice = page.evaluate(DICE)
    assert all(die["width"] >= 40 and die["drawn"] >= 1 for die in dice), dice
    page.screenshot(path=TABLES / f"brink-bid-dice-{motion}-390x844.png")
    # What the dice say, in words, below them.
    assert "Trump" in page.locator("#table .notes").inner_text() or "No trump" in (
        page.locator("#table .notes").inner_text()
    )


def test_dice_rolled_by_hand_are_three_taps_and_an_across_face_says_why_it_goes_left(
    page: Page, live_server: LiveServer
) -> None:
    TABLES.mkdir(parents=True, exist_ok=True)
    game = Game.start(new_record("brink-bid", ["Ann", "Ben", "Cleo"], 0, {}))
    page.goto(f"{live_server.url}/g/{game.key}/")
    # Beside the Roll button: the table rolled real dice. Its faces come when asked for.
    assert page.locator("#step fieldset").count() == 0
    page.get_by_role("link", name="We rolled the dice ourselves").tap()
    page.locator("#step fieldset").first.wait_for()
    page.screenshot(path=TABLES / "brink-bid-dice-by-hand-390x844.png")
    taps = 1
    for die, face in (
        ("Trump die", "hearts"),
        ("Number die", "2"),
        ("Direction die", "across-left"),
    ):
        faces = page.locator("#step fieldset", has_text=die)
        faces.locator("label.toggle", has=page.locator(f"input[value='{face}']")).tap()
        taps += 1
    page.locator("#table .dice").wait_for()
    assert taps == 1 + 3  # "We rolled", then a face of each die
    game.refresh_from_db()
    assert game.pending == [
        {
            "kind": "dice",
            "seat": None,
            "value": {"trump": "hearts", "number": 2, "direction": "across-left"},
        }
    ]
    notes = page.locator("#table .notes").inner_text()
    # The die's arrow points across; with three players the cards go to the left, and why.
    assert "Pass 2 cards to the left" in notes
    assert "Across-left with 3 players: nobody sits across, so the cards go to the left" in notes
    page.screenshot(path=TABLES / "brink-bid-dice-by-hand-entered-390x844.png")
