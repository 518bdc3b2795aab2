"""Setting up in the browser: the dealer choices follow the names as they are typed,
every button of the form leaves the form whole, no setup page logs an error or has a
tap target under 44 px, and a game's date reads one way on every page."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorepad.models import Game

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

GAMES = ("oh-hell", "boerenbridge", "brink-bid", "sinker", "abracadabra")
TAP = 44
# Everything on the setup form a finger taps: each at least 44 x 44 px.
TARGETS = (
    "#setup button, #setup label.radio, #setup label.rule-choice, #setup summary, "
    "#setup input:not([type=hidden]):not([type=radio]), #setup select"
)
SMALL_TARGETS = """([selector, tap]) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => [el.outerHTML.slice(0, 80), Math.round(el.getBoundingClientRect().width),
                Math.round(el.getBoundingClientRect().height)])
  .filter(([, width, height]) => width < tap || height < tap)"""
# A radio button itself, inside its label: big enough to see and hit (Lighthouse's 24 px).
SMALL_RADIOS = """() => [...document.querySelectorAll('#setup input[type=radio]')]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => el.getBoundingClientRect())
  .filter((box) => box.width < 24 || box.height < 24).length"""


def console_errors(page: Page) -> list[str]:
    """The page's console errors from now on (a refused inline style is one)."""
    errors: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", heard)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


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


def test_every_button_of_the_setup_form_leaves_the_form_whole(
    page: Page, live_server: LiveServer
) -> None:
    """Each button answered by htmx, and after each the names typed, the rules picked
    and Start are all still there (a preview once swapped the whole form away)."""
    from playwright.sync_api import expect

    errors = console_errors(page)
    page.goto(f"{live_server.url}/new/oh-hell/")
    rows = page.locator("#setup input[name=player]")
    start = page.get_by_role("button", name="Start the game")

    def names() -> list[str]:
        return [rows.nth(index).input_value() for index in range(rows.count())]

    def whole(expected: list[str]) -> None:
        expect(rows).to_have_count(len(expected))
        assert names() == expected
        expect(start).to_be_visible()
        expect(page.locator("#setup #house-rules")).to_be_visible()

    def press(name: str) -> None:
        button = page.locator(f"#setup button[value^={name}]")
        if not name.startswith(("up-", "down-", "remove-", "rename-", "delete-")):
            button = page.get_by_role("button", name=name, exact=True)
        with page.expect_response(lambda answer: answer.request.method == "POST"):
            button.first.tap()
        page.wait_for_function("() => document.querySelector('.htmx-request') === null")

    for index, name in enumerate(["Ann", "Bob", "Cas", "Dee"]):
        rows.nth(index).fill(name)
        rows.nth(index).press("Tab")  # on to the next field, as a phone's keyboard does
    expect(page.locator("#dealer-3")).to_have_text("Dee")

    # The preview, as ruled: the preview comes, the form stays.
    press("Preview the scores")
    whole(["Ann", "Bob", "Cas", "Dee"])
    expect(page.locator("#rules-preview .hands-list")).to_contain_text("19 rounds")

    # The players' buttons.
    press("Add a player")
    whole(["Ann", "Bob", "Cas", "Dee", ""])
    rows.nth(4).fill("Eve")
    press("up-4")
    whole(["Ann", "Bob", "Cas", "Eve", "Dee"])
    press("down-0")
    whole(["Bob", "Ann", "Cas", "Eve", "Dee"])
    press("remove-3")
    whole(["Bob", "Ann", "Cas", "Dee"])

    # Our own rules, typed; then every Rules button.
    page.locator("details.own-rules > summary").tap()
    # Typing in our own rules previews them (htmx). A Chromium with its usual
    # features on then marks the form's inputs with an empty style attribute, which
    # htmx's settling copied over on the next swap: a refused inline style each (the
    # CSP), a dozen a page. The suite's Chromium runs without those features, so
    # this checks that nothing else is refused; base.html's htmx config stops those.
    page.locator("#id_option_hook_from").fill("2")
    expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()
    page.locator("#setup input[name=start]").fill("1")
    page.locator("#setup input[name=peak]").fill("3")
    page.locator("#setup input[name=end]").fill("1")
    press("Fill in the hands")
    whole(["Bob", "Ann", "Cas", "Dee"])
    expect(page.locator("#id_option_hands")).to_have_value("1, 2, 3, 2, 1")
    expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()

    press("Preview the scores")
    whole(["Bob", "Ann", "Cas", "Dee"])
    expect(page.locator("#rules-preview .hands-list")).to_have_text("Hands: 1 2 3 2 1 (5 rounds)")
    expect(page.locator("#id_option_hands")).to_have_value("1, 2, 3, 2, 1")
    expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()

    page.locator("#id_rules_name").fill("Short game")
    press("Save")
    whole(["Bob", "Ann", "Cas", "Dee"])
    saved = page.locator("#setup label.rule-choice", has_text="Short game")
    expect(saved.locator("input")).to_be_checked()

    page.locator("details.saved-rules summary").tap()
    page.locator("#setup .saved-list input[type=text]").fill("Quick game")
    press("rename-")
    whole(["Bob", "Ann", "Cas", "Dee"])
    expect(page.locator("#setup label.rule-choice", has_text="Quick game")).to_be_visible()

    page.locator("#setup input[name=rules][value=minus-ten]").check()
    expect(page.locator("#rules-preview table.preview tbody tr").first).to_contain_text("-40")
    press("Make our own from these")
    whole(["Bob", "Ann", "Cas", "Dee"])
    expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()

    page.locator("details.saved-rules summary").tap()
    press("delete-")
    whole(["Bob", "Ann", "Cas", "Dee"])
    expect(page.locator("#setup label.rule-choice", has_text="Quick game")).to_have_count(0)

    # The scoring in words: a number typed picks its line, and the preview follows.
    expect(page.locator("#setup input[name=made_how][value=points]")).to_be_checked()
    page.locator("#setup input[name=made_points]").fill("12")
    expect(page.locator("#rules-preview table.preview tbody tr").first).to_contain_text("12")
    # A formula it cannot read: why, in words, beside it; no preview until it is right.
    page.locator("#id_option_missed").fill("10 + x")
    expect(page.locator("#setup input[name=missed_how][value=formula]")).to_be_checked()
    expect(page.locator("#errors-option_missed")).to_contain_text("`10 + x` uses the name `x`")
    expect(page.locator("#rules-preview")).to_contain_text("put right")
    page.locator("#setup label.how", has_text="for every trick over or under").tap()
    expect(page.locator("#errors-option_missed")).to_have_text("")
    expect(page.locator("#rules-preview table.preview")).to_be_visible()

    page.locator("#setup label.radio", has_text="Cas").tap()
    press("Preview the scores")
    whole(["Bob", "Ann", "Cas", "Dee"])
    assert page.locator("#setup input[name=first_dealer][value='2']").is_checked()

    start.tap()
    page.wait_for_url("**/g/*/")
    record = Game.objects.get().record
    assert record["players"] == ["Bob", "Ann", "Cas", "Dee"]
    assert record["first_dealer"] == 2
    assert record["options"]["made"] == "12"
    assert record["options"]["missed"] == "-10 * abs(t - b)"

    # The next game's form offers the players of this one: a tap seats one.
    page.goto(f"{live_server.url}/new/oh-hell/")
    rows.first.fill("Dee")
    press("Bob")
    whole(["Dee", "Bob", "", ""])
    assert errors == []


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_setup_pages_log_no_errors_and_every_target_is_a_finger_wide(
    page: Page, live_server: LiveServer, language: str
) -> None:
    page.set_extra_http_headers({"Accept-Language": language})
    errors = console_errors(page)
    page.goto(f"{live_server.url}/")
    for game in GAMES:
        page.goto(f"{live_server.url}/new/{game}/")
        folded = page.locator("#setup details:not([open]) > summary")
        while folded.count():
            folded.first.tap()  # the folded parts open, so their fields are measured too
        assert page.evaluate(SMALL_TARGETS, [TARGETS, TAP]) == [], game
        assert page.evaluate(SMALL_RADIOS) == 0, game
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, game
    page.goto(f"{live_server.url}/")
    assert errors == []


@pytest.mark.parametrize(("language", "month"), [("en", "[A-Z][a-z]+"), ("nl", "[a-z]+")])
def test_a_games_date_reads_one_way_on_every_page(
    page: Page, live_server: LiveServer, language: str, month: str
) -> None:
    """Home, the history and the score sheet write a day as "26 November 2026" (Dutch
    "26 november 2026"), with the time as "26 November 2026, 01:01": not "Nov 26, 2026,
    01:01 AM" on one page and "26 November 2026" on the next, whatever the phone's own
    English."""
    import re

    from playwright.sync_api import expect

    page.set_extra_http_headers({"Accept-Language": language})
    for _ in range(2):  # the last game is "in progress" on home; the one before is listed
        page.goto(f"{live_server.url}/new/sinker/")
        rows = page.locator("#setup input[name=player]")
        for index, name in enumerate(["Ann", "Bob"]):
            rows.nth(index).fill(name)
        page.locator("#setup button.primary").tap()
        page.wait_for_url("**/g/*/")
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    day = rf"\d{{1,2}} {month} \d{{4}}"
    with_time = re.compile(rf"^{day}, \d{{2}}:\d{{2}}$")

    for address, where in (("/", ".recent time"), ("/games/", ".history-list time")):
        page.goto(f"{live_server.url}{address}")
        shown = page.locator(where).first
        expect(shown).not_to_have_text(re.compile("UTC"))  # local-time.js has written it
        assert with_time.match(shown.inner_text()), (address, shown.inner_text())
    page.goto(f"{live_server.url}/g/{key}/sheet/")
    facts = page.locator(".sheet-facts").inner_text()
    assert re.search(rf"· {day}$", facts), facts
