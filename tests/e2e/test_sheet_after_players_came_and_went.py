"""The sheet and the table after players came and went, on a phone (issue 45, point 4):
the Total row holds the total of a player who left, the podium says why they are not
on it, the totals keep one line a row with someone away, and a joiner counts as their
starting total on "Someone leaves" and in "the lowest at the table"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from rules_engine import Entry, change, parse_record, table
from scorepad.models import Game
from tests.e2e.screens import Screens
from tests.web.changes import spec_example

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

# The record spec's example: Dev leaves after round 1 on 12, Eva joins for round 2 on 5.
TARGETS = "#table button, #table a.button, main button, main a.button"


def _shot(screens: Screens, name: str) -> None:
    screens.page.screenshot(path=screens.shots / f"came-and-went-{name}.png", full_page=True)
    screens.check_fit(TARGETS)


def test_a_stopped_game_says_who_left_and_their_total_is_on_the_sheet(
    screens: Screens, page: Page
) -> None:
    game = Game.start(parse_record(spec_example()))
    page.goto(f"{screens.base_url}/g/{game.key}/")

    places = page.locator("#table .podium .places li").all_inner_texts()
    assert [" ".join(place.split()) for place in places] == [
        "1 Ann 24",
        "2 Eva 17",
        "3 Ben 16",
        "4 Cleo 15",
    ]
    assert page.locator("#table .left-early").inner_text() == (
        "Dev left after round 1: 12, not ranked"
    )
    _shot(screens, "podium")

    page.get_by_role("link", name="See the score sheet").first.tap()
    page.wait_for_url(f"**/g/{game.key}/sheet/")
    foot = page.locator("table.sheet tbody.foot td.total").all_inner_texts()
    assert foot == ["24", "16", "15", "12", "17"]
    _shot(screens, "sheet")


def test_the_totals_keep_one_line_a_row_with_someone_away_and_a_joiner_counts_her_start(
    screens: Screens, page: Page
) -> None:
    # Round 3 to come: Fay joins on 50, before anything of it is entered.
    current = change(
        table(parse_record(spec_example(stopped=False))),
        Entry("join", 5, {"name": "Fay", "start": 50}),
    )
    game = Game.start(current.record)
    Game.objects.filter(pk=game.pk).update(pending=[e.to_json() for e in current.pending])
    page.goto(f"{screens.base_url}/g/{game.key}/")

    rows = page.locator("#table table.totals tbody tr")
    assert rows.count() == 6
    assert "not at the table" in rows.nth(3).inner_text()  # Dev
    heights = [rows.nth(n).bounding_box()["height"] for n in range(6)]  # type: ignore[index]
    _shot(screens, "table")
    assert max(heights) < 1.5 * min(heights), heights

    page.goto(f"{screens.base_url}/g/{game.key}/leaves/")
    assert page.get_by_role("button", name="Fay leaves, on 50").count() == 1
    _shot(screens, "someone-leaves")

    page.goto(f"{screens.base_url}/g/{game.key}/change/")
    assert page.get_by_role("button", name="Join on the lowest at the table: 15").count() == 1
