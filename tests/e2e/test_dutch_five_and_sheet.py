"""In Dutch, as in English: Boerenbridge for five at the setup (the hands proposed, the
refusal in the setup's words), Skull King's sheet on a phone (cards, dealer, lost tricks,
the totals at the foot), the table's star, and Wizard's Canadian rule."""

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

FIVE = ["Ann", "Bob", "Cat", "Dev", "Eve"]


def dutch(page: Page, live_server: LiveServer) -> None:
    """The header's switch, tapped: the language cookie keeps the site Dutch."""
    page.goto(live_server.url + "/")
    with page.expect_navigation():
        page.locator('form.language button[value="nl"]').tap()
    assert page.locator("html").get_attribute("lang") == "nl"


def test_boerenbridge_for_five_in_dutch(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    dutch(page, live_server)
    page.goto(live_server.url + "/new/boerenbridge/")
    expect(page.locator("#player-counts")).to_have_text("(3 tot en met 7 spelers)")
    page.get_by_role("button", name="Speler toevoegen").tap()
    rows = page.locator("#setup input[name=player]")
    expect(rows).to_have_count(5)
    expect(page.locator("#setup input[name=rules][value=up-and-down-to-100]")).to_be_checked()
    expect(page.locator("#rules-choices")).to_contain_text("Van 1 tot 10 en terug, tot 100")
    expect(page.locator("#rules-choices label.rule-choice").first).to_contain_text(
        "Alleen voor 4 spelers."
    )
    for index, name in enumerate(FIVE):
        rows.nth(index).fill(name)
    page.locator("#setup input[name=rules][value=as-ruled]").check()
    page.get_by_role("button", name="Begin het spel").tap()
    expect(page.locator("#setup p.error").first).to_have_text(
        "Volgens de regels is Boerenbridge voor 4 spelers, niet 5: kies hieronder “Van 1 tot "
        "10 en terug, tot 100”, of een andere manier van delen voor 5."
    )
    page.screenshot(path=str(screenshots / "dutch-boerenbridge-five.png"), full_page=True)


def test_skull_kings_sheet_and_the_star_in_dutch(
    page: Page, live_server: LiveServer, screenshots: Path
) -> None:
    record = new_record("skull-king", ["Ann", "Bob", "Cas"], 0, {"hands": [2, 2, 3]})
    record = record.with_rounds(
        [
            {"bids": [0, 1, 0], "tricks": [0, 1, 0], "lost": 1},
            {"bids": [0, 0, 0], "tricks": [1, 0, 1]},
        ]
    )
    game = Game.start(record)
    dutch(page, live_server)
    page.goto(f"{live_server.url}/g/{game.key}/sheet/")
    heading = page.locator("table.sheet thead th.round")
    assert heading.inner_text().split() == ["Ronde", "·", "Kaarten", "·", "Gever"]
    assert page.locator("table.sheet thead th", has_text="Verloren").is_visible()
    foot = page.locator("table.sheet tbody.foot")
    assert foot.locator("th").inner_text() == "Totaal"
    assert foot.locator("td.total").all_inner_texts() == ["0", "40", "0"]
    page.screenshot(path=str(screenshots / "dutch-skull-king-sheet.png"), full_page=True)

    page.goto(f"{live_server.url}/g/{game.key}/")
    key = page.locator("#table .badge-key")
    assert " ".join(key.inner_text().split()) == "G geeft ★ staat voor"


def test_the_canadian_rule_in_dutch(page: Page, live_server: LiveServer) -> None:
    record = new_record("wizard", ["Ann", "Bob", "Cas"], 0, {"hook": "leader"})
    record = record.with_rounds([{"bids": [0, 1, 0], "tricks": [0, 1, 0]}])
    game = Game.start(record)
    dutch(page, live_server)
    page.goto(f"{live_server.url}/g/{game.key}/")
    assert page.get_by_text("Regels: De Canadese regel").is_visible()
    for bid in ("1", "0"):  # Cas, Ann
        with page.expect_response(lambda r: "/enter/" in r.url):
            page.locator(f'#step button[name="value"][value="{bid}"]').tap()
        page.wait_for_function("() => document.querySelector('.htmx-request') === null")
    refused = page.locator("#step .refused").all_inner_texts()
    assert refused == [
        "Bob geeft, staat voor en mag geen 1 bieden: de boden zouden optellen tot de 2 slagen"
    ]
