"""What a phone at the table keeps in view (issue 45, point 9), at 390x844:

- a tap made without a connection says which value waits ("Cas bids 0: not saved yet.");
- a whole Abracadabra deal opened to correct is a long page: each of its parts is one
  tap from the top;
- the notes that stay at the top never cover the question on the keeper's phone,
  scrolled down, when another phone's tap arrives.

Screenshots land in test-artifacts/screenshots/in-view-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from rules_engine import new_record, parse_record
from scorepad.models import Game
from tests.e2e.screens import TAP_HEIGHT, Screens
from tests.e2e.test_live_updates import asgi_url  # noqa: F401 (a fixture)
from tests.e2e.test_offline import KEPT, WAITING, go_offline, go_online, tap_bid
from tests.e2e.test_seats import join, keeper_for, shows, tap
from tests.five_games import ABRACADABRA

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e


def test_a_tap_made_offline_says_which_value_waits(screens: Screens) -> None:
    screens.game = "in-view-offline"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0)
    screens.choose("1")  # Bob bids, online
    page = screens.page

    go_offline(page.context)
    tap_bid(page, "0")  # Cas's bid, kept on the phone

    page.wait_for_selector(WAITING)
    waiting = page.locator(WAITING).inner_text()
    assert waiting.startswith("Not saved yet: 1 tap waiting.")
    assert waiting.endswith("Cas bids 0: not saved yet.")
    page.screenshot(path=str(screens.shots / "in-view-offline-waiting.png"))

    go_online(page.context)
    page.wait_for_selector(KEPT)
    assert "not saved yet" not in page.locator(KEPT).inner_text()
    assert screens.read().player == "Ann"


def test_each_part_of_a_long_round_to_correct_is_a_tap_from_the_top(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    game = Game.start(parse_record(ABRACADABRA))
    page.goto(f"{live_server.url}/g/{game.key}/sheet/1/")
    assert page.evaluate("() => document.documentElement.scrollHeight") > 2 * 844
    index = page.get_by_role("navigation", name="Parts of the round")
    box = index.bounding_box()
    assert box is not None and box["y"] + box["height"] < 844  # in the first screen
    page.screenshot(path=str(screenshots / "in-view-correct-top.png"))

    links = index.get_by_role("link")
    names = links.all_inner_texts()
    assert names[0] == "Trump" and "Trick winners" in names and len(names) == 8
    for name in names:
        page.evaluate("() => window.scrollTo(0, 0)")
        link = index.get_by_role("link", name=name, exact=True)
        assert (link.bounding_box() or {"height": 0})["height"] >= TAP_HEIGHT
        link.tap()
        part = page.locator("fieldset.cell-row", has=page.locator("legend", has_text=name))
        # At the top of the screen (the last parts: as near as the page's end allows).
        page.wait_for_function(
            "(el) => { const top = el.getBoundingClientRect().top;"
            " const end = innerHeight + scrollY >= document.body.scrollHeight - 2;"
            " return top > -2 && (top < 40 || end); }",
            arg=part.element_handle(),
        )

    # Trick 7 was Dev's, not Cleo's: from the top, three taps to the check.
    page.evaluate("() => window.scrollTo(0, 0)")
    index.get_by_role("link", name="Trick winners").tap()
    trick_7 = page.get_by_role("group", name="trick 7")
    trick_7.locator("label.toggle", has=page.locator("input[value='3']")).tap()
    page.get_by_role("button", name="Check the change").tap()
    changes = page.locator(".changes li")
    changes.first.wait_for()
    assert changes.all_inner_texts()[0] == "Round 1: trick 7's winner Cleo → Dev"
    page.screenshot(path=str(screenshots / "in-view-trick-winners.png"))


QUESTION = "#step .prompt"
COVERED = """() => {
  const notes = document.querySelector('#table .notes');
  const question = document.querySelector('#step .prompt').getBoundingClientRect();
  return !!notes && notes.getBoundingClientRect().bottom > question.top;
}"""
GAP = """() => document.querySelector('#step .prompt').getBoundingClientRect().top
  - document.querySelector('#table .notes').getBoundingClientRect().bottom"""


def test_the_notes_never_cover_the_question_when_another_phones_tap_arrives(
    asgi_url: str,  # noqa: F811 (the fixture imported above)
    page: Page,
    browser: Browser,
    screenshots: Path,
) -> None:
    players = ["Ann", "Bob", "Cat", "Dev", "Eve", "Fay"]
    record = new_record("oh-hell", players, 0, {"hands": [3, 3]})
    keeper_for(page, asgi_url, record, screenshots, "in-view")
    page.locator("#join summary").tap()  # closed again below: a long page to scroll
    link = str(page.locator("#join a").first.get_attribute("href"))
    bob = join(browser, f"{asgi_url}{link}", "Bob")
    try:
        page.locator("#join summary").tap()
        assert page.locator("#table .notes").count() == 0  # no bid yet: no note
        # The keeper scrolls down until the question is at the top of the screen.
        top = page.evaluate(
            f"() => document.querySelector('{QUESTION}').getBoundingClientRect().top"
        )
        page.evaluate("(y) => window.scrollBy(0, y)", top - 4)
        assert (
            abs(
                page.evaluate(
                    f"() => document.querySelector('{QUESTION}').getBoundingClientRect().top"
                )
                - 4
            )
            < 2
        )
        scrolled = page.evaluate("() => window.scrollY")
        assert scrolled > 0

        # Bob bids on his own phone: the keeper's table is pushed, with the bids' note
        # pinned at the top of the screen; the question moves down below it.
        tap(bob, "1")
        shows(page, "#table .notes", "The bids add up to 1")
        shows(page, QUESTION, "Cat bids")
        page.wait_for_timeout(300)
        assert (
            page.evaluate(
                "() => getComputedStyle(document.querySelector('#table .notes')).position"
            )
            == "sticky"
        )
        assert not page.evaluate(COVERED)
        # Just below the notes: the page moved by what they covered, and no further.
        gap = page.evaluate(GAP)
        assert 0 <= gap < 20, gap
        page.screenshot(path=str(screenshots / "in-view-notes-pushed.png"))
    finally:
        bob.context.close()
