"""A family's evening at 390x844 (issue 40): Oh Hell for Ann, Bob, Cas and Dev; Eva joins
after round 2 at the lowest total, Bob leaves after round 4, the plan is shortened to
two more rounds, and the table stops after round 5. Every change is made by taps, each
taken back once by Undo and put back by Redo; the totals and the winner are checked
against numbers worked out by hand from RULINGS.md (Oh Hell: a bid made scores 10 plus
the tricks, a bid missed the tricks alone; the dealer may not make the bids add up to
the hand; "Players come and go, the plan changes, the table stops").

Then a seats test: Eva scans the Join code on a phone of her own, takes the new seat,
and bids on it when the table asks her.

Screenshots land in test-artifacts/screenshots/ (come-and-go-*.png).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from rules_engine import parse_record, score
from scorepad.models import Game
from tests.e2e.screens import MARK, SWAPPED, TAP_HEIGHT, Screen, Screens
from tests.e2e.test_live_updates import asgi_url, phone  # noqa: F401 (a fixture)
from tests.e2e.test_seats import ON, join, pad, shows, tap

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev"]
CHANGE_TARGETS = "#table button, #table a.button, #table .radio"


def shot(screens: Screens, name: str, landscape: bool = False) -> None:
    """A screenshot of the page as it is (and, ``landscape``, turned to 844x390),
    checked to fit the phone with every button a finger high."""
    page = screens.page
    page.screenshot(path=str(screens.shots / f"come-and-go-{name}.png"), full_page=True)
    fit = page.evaluate(
        """([selector, tap]) => ({
          width: document.documentElement.scrollWidth,
          small: [...document.querySelectorAll(selector)]
            .filter((el) => el.getClientRects().length > 0)
            .filter((el) => el.getBoundingClientRect().height < tap)
            .map((el) => el.textContent.replace(/\\s+/g, ' ').trim()),
        })""",
        [CHANGE_TARGETS, TAP_HEIGHT],
    )
    assert fit["width"] <= page.viewport_size["width"], (name, fit)  # type: ignore[index]
    assert fit["small"] == [], (name, fit)
    if landscape:
        page.set_viewport_size({"width": 844, "height": 390})
        page.screenshot(
            path=str(screens.shots / f"come-and-go-{name}-landscape.png"), full_page=True
        )
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 844
        page.set_viewport_size({"width": 390, "height": 844})


def swap(page: Page, target: Locator) -> None:
    """Tap and wait until htmx has put a new ``#table`` in (no reload)."""
    token = page.evaluate(MARK)
    target.tap()
    page.wait_for_function(SWAPPED)
    assert page.evaluate("() => window.e2ePage") == token, "the page was reloaded"


def error(page: Page) -> str:
    found = page.locator("#table .error")
    return str(found.first.inner_text()) if found.count() else ""


def open_changes(screens: Screens) -> None:
    """The table's one link between rounds: the page of the changes, drawn in its place."""
    swap(screens.page, screens.page.get_by_role("link", name="Players, plan, stop"))
    assert screens.page.locator("#table h1").inner_text() == "Players, plan, stop"


def version(page: Page) -> int:
    return int(str(page.locator("#table input[name=version]").first.input_value()))


def change(screens: Screens, target: Locator) -> Screen:
    """A tap that makes a change: the table comes back, one version on, refusing nothing."""
    page = screens.page
    before = version(page)
    swap(page, target)
    assert not error(page), error(page)
    after = screens.read()
    assert after.version == before + 1
    return after


def undo_and_redo(screens: Screens, words: str) -> None:
    """Undo names the change and takes it back; Redo puts it back, as it was."""
    page = screens.page
    before = screens.read()
    undo = page.locator("#table .actions button", has_text=f"Undo {words}")
    assert undo.count() == 1, page.locator("#table .actions").inner_text()
    swap(page, undo)
    redo = page.locator("#table .actions button", has_text=f"Redo {words}")
    assert redo.count() == 1
    swap(page, redo)
    again = screens.read()
    assert (again.title, again.prompt, again.totals) == (before.title, before.prompt, before.totals)


def play_round(screens: Screens, bids: dict[str, int], tricks: dict[str, int]) -> Screen:
    """One round by taps, each player's bid and tricks as the table asks for them (the
    last tricks are worked out by the table itself)."""
    screen = screens.read()
    played = screen.rounds
    while screen.rounds == played:
        wanted = bids if screen.kind == "bid" else tricks
        screen = screens.choose(str(wanted[screen.player]))
    return screen


def test_a_family_evening_of_oh_hell_with_players_who_come_and_go(screens: Screens) -> None:
    screens.game = "come-and-go"
    screens.set_up("oh-hell", "Oh Hell", PLAYERS, first_dealer=0)
    page = screens.page
    assert screens.read().title == "Oh Hell: Round 1 of 19"

    # Round 1, 10 cards, Ann deals; Bob, Cas, Dev, Ann bid 3, 2, 3, 3 (Ann may not bid
    # 2: 8 + 2 = 10); tricks 3, 2, 2, 3. Ann 10 + 3 = 13, Bob 13, Cas 10 + 2 = 12,
    # Dev missed 3 with 2: 2.
    play_round(screens, {"Bob": 3, "Cas": 2, "Dev": 3, "Ann": 3}, {"Bob": 3, "Cas": 2, "Dev": 2})
    # Round 2, 9 cards, Bob deals; Cas 2, Dev 1, Ann 3, Bob 2 (not 3: 6 + 3 = 9); tricks
    # Cas 2, Dev 1, Ann 4, Bob 2. Cas 12, Dev 11, Ann missed (4), Bob 12.
    # Totals: Ann 13 + 4 = 17, Bob 13 + 12 = 25, Cas 12 + 12 = 24, Dev 2 + 11 = 13.
    after_2 = play_round(
        screens, {"Cas": 2, "Dev": 1, "Ann": 3, "Bob": 2}, {"Cas": 2, "Dev": 1, "Ann": 4}
    )
    assert after_2.totals == {"Ann": 17, "Bob": 25, "Cas": 24, "Dev": 13}
    shot(screens, "01-table-between-rounds", landscape=True)

    # -- Eva joins after Dev at the lowest total at the table: Dev's 13.
    open_changes(screens)
    assert page.get_by_role("button", name="Join on the lowest at the table: 13").count() == 1
    page.locator("#join-name").fill("Eva")
    page.locator("#table label.radio", has_text="after Dev").tap()
    shot(screens, "02-someone-joins", landscape=True)
    joined = change(screens, page.get_by_role("button", name="Join on the lowest at the table: 13"))
    # Round 3 deals 8 to five (the plan proposed: Oh Hell long goes on, at most 10 for
    # five); Bob dealt round 2, so Cas deals round 3 and Dev bids first.
    assert joined.title == "Oh Hell: Round 3 of 19"
    assert (joined.hand_size, joined.dealer, joined.player) == (8, "Cas", "Dev")
    assert joined.names == ("Ann", "Bob", "Cas", "Dev", "Eva")
    assert joined.totals["Eva"] == 13
    assert "Eva joins, starting on 13" in page.locator("#table .changes-made").inner_text()
    shot(screens, "03-table-after-the-join")
    undo_and_redo(screens, "Eva joins")

    # Round 3, five at the table: Dev 1, Eva 2, Ann 2, Bob 1, Cas 1 (not 2: 6 + 2 = 8);
    # tricks Dev 1, Eva 2, Ann 2, Bob 2, Cas 1. Dev 11, Eva 12, Ann 12, Bob missed (2),
    # Cas 11. Totals: Ann 29, Bob 27, Cas 35, Dev 24, Eva 13 + 12 = 25.
    after_3 = play_round(
        screens,
        {"Dev": 1, "Eva": 2, "Ann": 2, "Bob": 1, "Cas": 1},
        {"Dev": 1, "Eva": 2, "Ann": 2, "Bob": 2},
    )
    assert after_3.totals == {"Ann": 29, "Bob": 27, "Cas": 35, "Dev": 24, "Eva": 25}
    # Round 4, 7 cards, Dev deals: Eva 1, Ann 2, Bob 1, Cas 2, Dev 0 (not 1: 6 + 1 = 7);
    # tricks Eva 1, Ann 2, Bob 1, Cas 3, Dev 0. Eva 11, Ann 12, Bob 11, Cas missed (3),
    # Dev 10 + 0 = 10. Totals: Ann 41, Bob 38, Cas 38, Dev 34, Eva 36.
    after_4 = play_round(
        screens,
        {"Eva": 1, "Ann": 2, "Bob": 1, "Cas": 2, "Dev": 0},
        {"Eva": 1, "Ann": 2, "Bob": 1, "Cas": 3},
    )
    assert after_4.totals == {"Ann": 41, "Bob": 38, "Cas": 38, "Dev": 34, "Eva": 36}

    # -- Bob leaves (he goes to bed): his 38 stands.
    open_changes(screens)
    swap(page, page.get_by_role("link", name="Someone leaves"))
    shot(screens, "04-someone-leaves")
    left = change(screens, page.get_by_role("button", name="Bob leaves, on 38"))
    assert "not at the table" in page.locator("#table .totals tr", has_text="Bob").inner_text()
    # Dev dealt round 4: Eva deals round 5, Ann bids first; 6 cards for four.
    assert (left.hand_size, left.dealer, left.player) == (6, "Eva", "Ann")
    undo_and_redo(screens, "Bob leaves")

    # -- The plan shortened: two more rounds, of 6 and 5.
    open_changes(screens)
    swap(page, page.get_by_role("link", name="Change the plan"))
    plan = page.locator("#plan")
    # As the game would deal on for four: 6 down to 1 and up to 10.
    assert plan.input_value() == "6 5 4 3 2 1 2 3 4 5 6 7 8 9 10"
    plan.fill("6 5")
    shot(screens, "05-change-the-plan", landscape=True)
    planned = change(screens, page.get_by_role("button", name="Play this plan"))
    assert planned.title == "Oh Hell: Round 5 of 6"
    undo_and_redo(screens, "the new plan")

    # Round 5, 6 cards, Eva deals, Bob away: Ann 2, Cas 1, Dev 1, Eva 1 (not 2: 4 + 2 =
    # 6); tricks Ann 2, Cas 1, Dev 2, Eva 1. Ann 12, Cas 11, Dev missed (2), Eva 11.
    # Totals: Ann 53, Bob 38 (standing), Cas 49, Dev 36, Eva 47.
    after_5 = play_round(
        screens, {"Ann": 2, "Cas": 1, "Dev": 1, "Eva": 1}, {"Ann": 2, "Cas": 1, "Dev": 2}
    )
    assert after_5.totals == {"Ann": 53, "Bob": 38, "Cas": 49, "Dev": 36, "Eva": 47}
    assert after_5.title == "Oh Hell: Round 6 of 6"

    # -- The table stops here: Ann wins; Bob left before the end and is not ranked.
    open_changes(screens)
    swap(page, page.get_by_role("link", name="Stop here"))
    places = page.locator("#table .places li").all_inner_texts()
    assert [re.sub(r"\s+", " ", place).strip() for place in places] == [
        "1 Ann 53",
        "2 Cas 49",
        "3 Eva 47",
        "4 Dev 36",
    ]
    assert "Bob left before the end, on 38: not ranked." in page.locator("#table").inner_text()
    shot(screens, "06-stop-here")
    stopped = change(screens, page.get_by_role("button", name="Stop the game here"))
    assert stopped.title == "Oh Hell: Stopped after round 5"
    assert stopped.kind == "over" and stopped.prompt == "Ann won"
    undo_and_redo(screens, "the stop")
    shot(screens, "07-stopped")

    # The record, scored by the engine, says the same.
    players, sheet = screens.record_sheet()
    assert dict(zip(players, sheet.totals, strict=True)) == after_5.totals
    assert [players[seat] for seat in sheet.winners] == ["Ann"]
    assert sheet.ranked == (0, 2, 3, 4)

    # The sheet: Eva's column starts at 13, Bob's ends with a line under his 38.
    page.get_by_role("link", name="See the score sheet").tap()
    page.wait_for_url("**/sheet/")
    assert page.locator(".winners").inner_text() == "Won by Ann"
    assert "Left before the end, not ranked: Bob" in page.locator("#sheet-top").inner_text()
    assert "The table stopped after round 5." in page.locator("#sheet-top").inner_text()
    rows = page.locator("table.sheet tbody.rounds-played tr")
    assert rows.count() == 5
    eva_totals = rows.locator("td.total:nth-last-of-type(1)").all_inner_texts()
    assert [text.split()[-1] if text.strip() else "" for text in eva_totals] == [
        "",
        "13",
        "25",
        "36",
        "47",
    ]
    assert rows.nth(3).locator("td.total.leaves").count() == 1  # Bob's, after round 4
    assert rows.nth(4).locator("td.apart").count() == 4  # Bob's boxes in round 5
    page.screenshot(path=str(screens.shots / "come-and-go-08-sheet.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 844, "height": 390})
    page.screenshot(path=str(screens.shots / "come-and-go-08-sheet-landscape.png"), full_page=True)


def test_a_joiner_takes_the_new_seat_on_a_phone_of_her_own(
    asgi_url: str,  # noqa: F811 (the fixture imported above)
    page: Page,
    browser: Browser,
    screenshots: Path,
) -> None:
    record = parse_record(
        {
            "format": "scorepad/1",
            "game": "oh-hell",
            "options": {},
            "players": ["Ann", "Bob", "Cas"],
            "first_dealer": 0,
            # Round 1, 10 cards for three (Ann deals): Ann 13, Bob missed 3 with 5: 5, Cas 12.
            "rounds": [{"bids": [3, 3, 2], "tricks": [3, 5, 2]}],
        }
    )
    game = Game.start(record)
    screens = Screens(page, asgi_url, screenshots)
    screens.game, screens.key = "come-and-go-seats", game.key
    page.goto(f"{asgi_url}/g/{game.key}/")
    page.wait_for_selector(ON)
    bob = join(browser, f"{asgi_url}/j/{game.join_key}/", "Bob")
    eva = bob
    try:
        # Eva joins between Ann and Bob: Bob's seat moves along, his phone with it.
        open_changes(screens)
        page.locator("#join-name").fill("Eva")
        page.locator("#table label.radio", has_text="after Ann").tap()
        change(screens, page.get_by_role("button", name="Join on 0"))
        eva = join(browser, f"{asgi_url}/j/{game.join_key}/", "Eva")
        eva.screenshot(path=str(screenshots / "come-and-go-seats-eva.png"), full_page=True)
        # Round 2, 9 cards: Ann dealt round 1, so Eva (next at the table) deals; Bob
        # bids first, on his phone, which followed him to his new seat.
        shows(bob, "#seat .pad .prompt", "Bob bids")
        assert "Bob's phone" in bob.locator(".seat-of").inner_text()
        bob.screenshot(path=str(screenshots / "come-and-go-seats-bob.png"), full_page=True)
        tap(bob, "1")
        shows(page, "#step .prompt", "Cas bids")
        screens.choose("2")
        screens.choose("3")
        # Eva deals and may not bid 3 (1 + 2 + 3 + 3 = 9): her own phone says so.
        shows(eva, "#seat .pad .prompt", "Eva bids")
        assert "3" not in pad(eva) and pad(eva)[:3] == ["0", "1", "2"]
        tap(eva, "1")
        shows(page, "#step .prompt", "Tricks Bob took")
        assert screens.read().row("Eva").bid == "1"
    finally:
        for other in (bob, eva):
            other.context.close()
    stored = Game.objects.get(pk=game.pk)
    assert stored.pending[-4:] == [
        {"kind": "bid", "seat": 2, "value": 1},
        {"kind": "bid", "seat": 3, "value": 2},
        {"kind": "bid", "seat": 0, "value": 3},
        {"kind": "bid", "seat": 1, "value": 1},
    ]
    # Ann 13, Eva 0 (her start), Bob 5, Cas 12: in their seats now.
    assert score(parse_record(stored.record)).totals == (13, 0, 5, 12)


def test_a_game_whose_players_stay_stops_from_the_tables_own_link(screens: Screens) -> None:
    # Sinker seats its two for the whole game: between deals the table offers the stop
    # alone, its link drawn into the table by htmx.
    screens.game = "come-and-go-sinker"
    screens.set_up("sinker", "Sinker", ["Ann", "Bob"], first_dealer=1)
    page = screens.page
    for call in ("1", "Zero", "Pass"):
        screens.choose(call)
    between = screens.choose("0")  # Bob's zero made
    assert between.title == "Sinker: Round 2 of 8"
    assert page.get_by_role("link", name="Players, plan, stop").count() == 0

    swap(page, page.get_by_role("link", name="Stop here"))
    shot(screens, "09-sinker-stop-here", landscape=True)
    page.set_viewport_size({"width": 390, "height": 844})
    stopped = change(screens, page.get_by_role("button", name="Stop the game here"))
    assert stopped.title == "Sinker: Stopped after round 1"
    assert stopped.kind == "over" and stopped.prompt == "Bob won"
