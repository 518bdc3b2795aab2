"""A player's own phone is a full seat (issue 35, issue 36 point 3): three phones at
390x844 in headless Chromium, served by uvicorn (tests/e2e/test_seats.py).

- Cat's phone loses its connection and taps its sealed bid: it says "Not saved yet",
  sends the tap once the connection is back (Bob bid meanwhile), and the keeper gets
  it; a tricks tap kept while the round ended says so in words.
- The keeper starts a correction while Cat's tap is on its way: the refusal names the
  round and shows what is asked now (never "you signed in or out in another tab").
- Bob's phone enters his own Skull King bonus and shows the sheet, pushed.
- Play again with two seats: both phones follow to their seats at the new game.
- A backup restored into an empty database: the old Join link and seat links answer.
- The keeper makes a new Join link (the old one is dead), and a phone released from a
  seat cannot take it back before the family's phone does.
- A server too busy to draw a change in time says so, and a phone whose stream falls
  silent for a few beats says when it last heard: each reads the game itself.

Screenshots land in test-artifacts/screenshots/seats-phone-*.png.
"""

from __future__ import annotations

import threading
import time
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from rules_engine import new_record
from scorepad.live import drawings
from scorepad.models import Browser, Game, Seat
from scorepad.views import live as live_views
from tests.e2e.test_live_updates import asgi_url, phone  # noqa: F401 (a fixture)
from tests.e2e.test_offline import go_offline, go_online
from tests.e2e.test_seats import ON, fits, join, keeper_for, pad, shows, tap, text

if TYPE_CHECKING:
    from playwright.sync_api import Browser as Chromium
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cat"]
WAITING = "#tap-status.waiting"
KEPT = "#tap-status.kept"


def stored(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def shot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"seats-phone-{name}.png"), full_page=True)


def press(seat: Page, value: str) -> None:
    """A tap on the pad that may not reach the server (no waiting for an answer)."""
    seat.locator(f"#seat .pad .choices button[name=value][value='{value}']").tap()


def keeper_taps(page: Page, value: str, whose: str = "") -> None:
    """The keeper's tap on its table (``whose``: the player picked first, "Whose bid?")."""
    version = int(str(page.locator("#table input[name=version]").first.input_value()))
    if whose:
        page.locator("#step .who a.button", has_text=whose).tap()
        page.wait_for_selector(f"#step .who a.current:has-text('{whose}')")
    page.locator(f"#step .choices button[name=value][value='{value}']").tap()
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table input[name=version]').value) > v",
        arg=version,
    )


def bonus(screen: Page, section: str, adds: list[int]) -> None:
    """Skull King's bonus tapped on ``screen``: each printed bonus added, then Done."""
    for points in adds:
        screen.locator(f"{section} .bonuses button[data-add='{points}']").first.tap()
    screen.locator(f"{section} .bonus-box button[type=submit]").tap()


@pytest.fixture
def shots(screenshots: Path) -> Path:
    return screenshots


def test_a_seats_tap_without_reception_is_kept_and_sent_and_one_too_late_says_so(
    asgi_url: str,  # noqa: F811 (the fixture imported above)
    page: Page,
    browser: Chromium,
    shots: Path,
) -> None:
    # Skull King, sealed bids, two hands of 2 cards; Ann (no phone) deals.
    record = new_record("skull-king", PLAYERS, 0, {"hands": [2, 2]})
    game = Game.objects.get(key=keeper_for(page, asgi_url, record, shots, "sk")[0].key)
    link = str(page.locator("#join a").first.get_attribute("href"))
    bob = join(browser, f"{asgi_url}{link}", "Bob")
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    try:
        # Cat's phone loses reception, and Cat taps 0: it says so, and waits.
        go_offline(cat.context)
        press(cat, "0")
        cat.wait_for_selector(WAITING)
        assert text(cat, WAITING).startswith("Not saved yet: 1 tap waiting.")
        assert cat.evaluate("() => document.querySelector('#seat').inert") is True
        shot(cat, shots, "offline-waiting")
        # Meanwhile Bob bids on his phone: the game moves on without Cat's tap.
        tap(bob, "1")
        cat.wait_for_timeout(2_000)
        assert [entry["seat"] for entry in stored(game).pending] == [1]

        go_online(cat.context)
        cat.wait_for_selector(KEPT)
        assert text(cat, KEPT) == "Saved: the tap made without a connection is entered."
        shows(cat, "#seat .own-bid", "Your bid: 0.")
        shows(page, "#table .totals tbody tr:nth-child(3) td:nth-child(2)", "✓")
        assert cat.evaluate("() => document.querySelector('#seat').inert") is False
        shot(cat, shots, "offline-kept")
        cat.wait_for_timeout(1_500)  # past a retry: sent once
        assert [(e["seat"], e["value"]) for e in stored(game).pending] == [(1, 1), (2, 0)]

        # Ann's bid on the keeper's phone: the bids show; Bob's tricks first.
        keeper_taps(page, "0", whose="Ann")
        shows(bob, "#seat .pad .prompt", "Tricks Bob took")
        tap(bob, "1")
        shows(cat, "#seat .pad .prompt", "Tricks Cat took")
        # Cat's tricks tapped without reception, while the keeper ends the round.
        go_offline(cat.context)
        press(cat, "1")
        cat.wait_for_selector(WAITING)
        keeper_taps(page, "1")  # Cat's tricks, on the keeper's phone
        # Bob made his bid: his own phone enters his bonus (+30, +20).
        shows(bob, "#seat .pad .prompt", "Bob made the bid: any bonus?")
        fits(bob)
        shot(bob, shots, "bonus")
        bonus(bob, "#seat .pad", [30, 20])
        bob.wait_for_function("() => !document.querySelector('#seat .pad .bonus-box')")
        # Ann's, on the keeper's phone: the round ends.
        shows(page, "#step .prompt", "Ann made the bid: any bonus?")
        bonus(page, "#step", [])
        shows(page, "#table .totals caption", "after round 1")
        # Bob's sheet shows round 1, pushed, with his bonus in his score.
        shows(bob, "#seat-sheet tbody.rounds-played", "70")
        bob.locator("#seat .sheet-link").tap()
        shot(bob, shots, "sheet")

        go_online(cat.context)
        shows(
            cat,
            "#seat .error",
            "Your tricks (1), tapped without a connection, were not entered. "
            "Round 1 is over: this is the table as it is now.",
        )
        assert not cat.locator(WAITING).count() and not cat.locator("#stale-page").count()
        assert pad(cat) == ["0", "1", "2"]  # and what is asked now: round 2's bids
        shot(cat, shots, "too-late")
        assert stored(game).record["rounds"][0]["tricks"] == [0, 1, 1]
    finally:
        bob.context.close()
        cat.context.close()


def test_a_correction_racing_a_seats_tap_names_the_round_on_the_phone(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
) -> None:
    # Oh Hell, round 1 played; round 2: Bob deals, Cat bids first.
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [1, 2, 3]})
    record = record.with_rounds([{"bids": [1, 1, 0], "tricks": [0, 1, 0]}])
    keeper, link = keeper_for(page, asgi_url, record, shots, "race")
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    held: list[Route] = []
    try:
        assert pad(cat) == ["0", "1", "2"]
        # Cat's tap is on its way (held) while the keeper opens round 1 to correct it.
        cat.route("**/enter/", lambda route: held.append(route))
        press(cat, "1")
        cat.wait_for_function("() => true")  # let the request be made
        for _ in range(100):
            if held:
                break
            cat.wait_for_timeout(50)
        page.goto(f"{asgi_url}/g/{keeper.key}/sheet/")
        page.locator("#number").select_option("1")
        page.get_by_role("button", name="Correct it").tap()
        page.wait_for_url(f"**/g/{keeper.key}/")
        held[0].continue_()

        shows(cat, "#seat .error", "Your bid of 1 was not entered.")
        said = text(cat, "#seat .error")
        assert "The keeper is correcting round 1" in said
        assert "Your pad comes back when the correction is done." in said
        assert not cat.locator("#stale-page").count()  # not "signed in in another tab"
        shows(cat, "#seat .now", "The keeper is correcting round 1")
        assert pad(cat) == []
        shot(cat, shots, "correcting")
        assert stored(Game.objects.get(key=keeper.key)).pending == []

        # The keeper cancels the correction: Cat's pad is back, pushed.
        page.get_by_role("button", name="Cancel correction").tap()
        cat.wait_for_function("() => document.querySelectorAll('#seat .pad button').length > 0")
        cat.unroute("**/enter/")
        tap(cat, "1")
    finally:
        cat.context.close()


def test_play_again_takes_both_phones_to_their_seats_at_the_new_game(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
) -> None:
    # A game of one round of 2 cards, bid in turn: Bob, Cat, then Ann (the keeper's).
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [2]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "again")
    bob = join(browser, f"{asgi_url}{link}", "Bob")
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    try:
        tap(bob, "1")
        shows(cat, "#seat .pad .prompt", "Cat bids")
        tap(cat, "0")
        shows(page, "#step .prompt", "Ann bids")
        keeper_taps(page, "0")  # the hook: not 1
        shows(bob, "#seat .pad .prompt", "Tricks Bob took")
        tap(bob, "1")
        shows(cat, "#seat .pad .prompt", "Tricks Cat took")
        tap(cat, "1")
        for seat in (bob, cat):
            shows(seat, "#seat .winners", "won")
        old = {seat: seat.url for seat in (bob, cat)}

        page.get_by_role("button", name="Play again").tap()
        page.wait_for_url(lambda url: keeper.key not in url)
        new_key = page.url.rstrip("/").rsplit("/", 1)[1]
        created = Game.objects.get(key=new_key)

        for seat, number, name in ((bob, 1, "Bob"), (cat, 2, "Cat")):
            mine = Seat.objects.get(game=created, number=number)
            seat.wait_for_url(f"**/s/{mine.key}/")
            assert seat.url != old[seat]
            seat.wait_for_selector(ON)
            assert text(seat, ".seat-of") == f"{name}'s phone"
            assert "Round 1 of 1" in text(seat, "#seat h1")
        # Bob deals now; Cat bids first, then Ann on the keeper's phone, then Bob.
        page.wait_for_function(
            "() => document.querySelectorAll('#table .totals th .phone').length === 2"
        )
        shows(bob, "#seat .now", "Cat bids")
        shot(bob, shots, "followed")
        tap(cat, "0")
        shows(page, "#step .prompt", "Ann bids")
        keeper_taps(page, "0")
        shows(bob, "#seat .pad .prompt", "Bob bids")
        tap(bob, "0")
        assert stored(created).pending[-1] == {"kind": "bid", "seat": 1, "value": 0}
    finally:
        bob.context.close()
        cat.context.close()


def test_after_a_restore_the_old_join_link_and_seat_links_answer(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
    tmp_path: Path,
) -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "restore")
    bob = join(browser, f"{asgi_url}{link}", "Bob")
    try:
        tap(bob, "2")
        call_command("backup_games", str(tmp_path), stdout=StringIO())
        Game.objects.all().delete()
        Browser.objects.all().delete()
        User.objects.all().delete()
        bob.reload()
        assert "Not Found" in bob.content() or bob.locator("#seat").count() == 0

        call_command("restore_games", str(tmp_path), stdout=StringIO())

        # The printed Join code: Cat's phone scans it and takes her seat.
        cat = join(browser, f"{asgi_url}{link}", "Cat")
        shot(cat, shots, "restored")
        bob.reload()
        bob.wait_for_selector(ON)
        assert text(bob, ".seat-of") == "Bob's phone"
        assert "Now: Cat bids" in text(bob, "#seat .now")
        tap(cat, "1")
        shows(bob, "#seat .totals tbody tr:nth-child(3) td:nth-child(2)", "1")
        cat.context.close()
    finally:
        bob.context.close()


def test_a_new_join_link_stops_the_old_and_a_released_phone_stays_out(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
) -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "squatter")
    squatter = phone(browser)
    try:
        # One phone takes every seat, one after another.
        for name in PLAYERS:
            squatter.goto(f"{asgi_url}{link}")
            squatter.get_by_role("button", name=name, exact=True).tap()
            squatter.wait_for_url("**/s/*/")
        page.wait_for_function("() => document.querySelectorAll('#seats form').length === 3")
        # The keeper frees Ann's seat; the squatter tries at once, the family's phone next.
        page.locator("#seats form", has_text="Ann").locator("button").tap()
        page.wait_for_function("() => document.querySelectorAll('#seats form').length === 2")
        squatter.goto(f"{asgi_url}{link}")
        assert squatter.locator(".join-seats li", has_text="Ann").locator("button").is_disabled()
        assert "released from this phone" in text(squatter, ".join-seats")
        shot(squatter, shots, "kept-out")
        # The family's phone: another kind of phone (another address too, at a real
        # table), so not the squatter's in a fresh browser.
        ann = join(browser, f"{asgi_url}{link}", "Ann", seat=another_phone(browser))
        assert text(ann, ".seat-of") == "Ann's phone"

        # A new Join link: the old one (and its code) stops at once.
        old_qr = page.locator("#join img.qr").get_attribute("src")
        page.get_by_role("button", name="New Join link").tap()
        page.wait_for_function(
            "(old) => document.querySelector('#join img.qr').getAttribute('src') !== old",
            arg=old_qr,
        )
        assert page.locator("#join").get_attribute("open") is not None
        new_link = str(page.locator("#join a").first.get_attribute("href"))
        assert new_link != link
        page.wait_for_function(
            "() => { const qr = document.querySelector('#join img.qr');"
            " return qr.complete && qr.naturalWidth > 0; }"
        )
        shot(page, shots, "new-join-link")
        gone = squatter.goto(f"{asgi_url}{link}")
        assert gone is not None and gone.status == 404
        # The seats taken stay: Ann's phone still shows the game; the new link works.
        ann.reload()
        ann.wait_for_selector(ON)
        assert "Now: Bob bids" in text(ann, "#seat .now")
        newcomer = phone(browser)
        newcomer.goto(f"{asgi_url}{new_link}")
        assert "Join the game of Oh Hell" in text(newcomer, "h1")
        assert newcomer.locator(".join-seats button:not([disabled])").count() == 0
        newcomer.context.close()
        ann.context.close()
    finally:
        squatter.context.close()


ANOTHER_PHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)


def another_phone(browser: Chromium) -> Page:
    """A phone of another kind than the tests' Chromium (an iPhone's Safari)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        user_agent=ANOTHER_PHONE,
    )
    context.set_default_timeout(10_000)
    return context.new_page()


def test_a_phone_released_before_asks_the_keeper_who_lets_it_or_releases_it(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
) -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "asking")
    wrong = join(browser, f"{asgi_url}{link}", "Cat")  # Bob tapped Cat by mistake
    fresh, third = phone(browser), phone(browser)
    try:
        # The keeper sees which phone took Cat's seat, and releases it.
        shows(page, "#seats .held-seat", "Cat: Chrome, ")
        page.locator("#seats form", has_text="Cat").locator("button").tap()
        shows(wrong, "#seat.released", "This seat was released")
        # The same phone, in a fresh browser, takes Bob's seat: it waits for the keeper.
        fresh.goto(f"{asgi_url}{link}")
        fresh.get_by_role("button", name="Bob", exact=True).tap()
        fresh.wait_for_url("**/s/*/")
        assert "Waiting for the keeper to let this phone be Bob's" in text(fresh, "h1")
        shot(fresh, shots, "waiting-for-the-keeper")
        shows(page, "#table .seat-asking", "A phone you released before")
        shot(page, shots, "keeper-asked")
        fresh.get_by_role("link", name="Look again").tap()
        assert "Waiting for the keeper" in text(fresh, "h1")

        # Yes: the phone is Bob's, and shows his seat (its page looks again by itself).
        page.get_by_role("button", name="Yes, let it be Bob's").tap()
        page.wait_for_function("() => !document.querySelector('#table .seat-asking')")
        fresh.wait_for_selector(ON, timeout=15_000)
        assert text(fresh, ".seat-of") == "Bob's phone"
        assert pad(fresh) == ["0", "1", "2", "3"]

        # Released again and taken again (one more fresh browser), the keeper says no.
        page.locator("#seats form", has_text="Bob").locator("button").tap()
        shows(fresh, "#seat.released", "This seat was released")
        third.goto(f"{asgi_url}{link}")
        third.get_by_role("button", name="Bob", exact=True).tap()
        third.wait_for_url("**/s/*/")
        shows(page, "#table .seat-asking", "took Bob's seat")
        page.get_by_role("button", name="No, release it").tap()
        page.wait_for_function("() => !document.querySelector('#table .seat-asking')")
        third.reload()
        assert "This seat was released" in text(third, "h1")
    finally:
        for each in (wrong, fresh, third):
            each.context.close()


def slow_server(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The server in this process draws each change ``seconds`` late (more tables than
    its cores carry), and a tap here is not drawn ahead for the streams."""
    draw = drawings._draw

    def slow(*args: Any) -> Any:
        threading.Event().wait(seconds)
        return draw(*args)

    monkeypatch.setattr(drawings, "_draw", slow)
    monkeypatch.setattr(drawings, "share", lambda game_id, version, saved=None: None)


def bid_elsewhere(game: Game, seat: int, value: int) -> None:
    """Another phone's bid (the keeper's link), from outside the browser."""
    game.refresh_from_db()
    data = {"version": game.version, "kind": "bid", "seat": seat, "value": value}
    assert Client().post(f"/g/{game.key}/enter/", data).status_code == 303


def test_a_phone_whose_server_is_too_busy_to_draw_says_so_and_reads_the_game_itself(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "busy")
    game = Game.objects.get(key=keeper.key)
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    viewer = phone(browser)
    viewer.goto(f"{asgi_url}/v/{game.viewer_key}/")
    viewer.wait_for_selector(ON)
    sheet = phone(browser)
    sheet.goto(f"{asgi_url}/g/{game.key}/sheet/")
    sheet.wait_for_selector(ON)
    held: list[Route] = []
    try:
        # Each change now takes the server 3 s to draw; a stream waits 0.3 s at most.
        monkeypatch.setattr(live_views, "DRAWN_WITHIN", 0.3)
        slow_server(monkeypatch, 3.0)
        cat.route("**/s/*/?since=*", lambda route: held.append(route))
        began = time.monotonic()
        bid_elsewhere(game, 1, 2)

        # The server says it is behind: the phone says when it last heard, and reads
        # the game itself (held here a moment, to see the note).
        cat.wait_for_function("() => !document.querySelector('.live-status').hidden")
        note = text(cat, ".live-status")
        assert note.startswith("Last heard from the server at ") and "catching up" in note
        shot(cat, shots, "behind")
        for _ in range(100):
            if held:
                break
            cat.wait_for_timeout(20)
        held[0].continue_()
        shows(cat, "#seat .pad .prompt", "Cat bids")
        # The viewer and the keeper's sheet read the game themselves too.
        shows(viewer, "#live .now", "Now: Cat bids")
        sheet.wait_for_function(
            "(v) => Number(document.querySelector('#sheet-end').dataset.version) === v",
            arg=stored(game).version,
        )
        assert time.monotonic() - began < 2.5  # well before the 3 s drawing
        assert sheet.locator("#sheet-end").count() == 1 and sheet.locator("#sheet-top").count() == 1
        cat.wait_for_function("() => document.querySelector('.live-status').hidden")
        assert cat.locator("[data-live-mode=on]").count() == 1  # the stream still open
    finally:
        cat.context.close()
        viewer.context.close()
        sheet.context.close()


def test_a_phone_that_hears_nothing_for_a_few_beats_says_when_it_last_heard(
    asgi_url: str,  # noqa: F811
    page: Page,
    browser: Chromium,
    shots: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"hands": [3, 2, 1]})
    keeper, link = keeper_for(page, asgi_url, record, shots, "silent")
    game = Game.objects.get(key=keeper.key)
    cat = join(browser, f"{asgi_url}{link}", "Cat")
    held: list[Route] = []
    try:
        # A stream stuck in silence: no heartbeat, and a change that is never drawn in
        # the 10 s (2.5 beats of 4 s) the page waits before it reads the game itself.
        monkeypatch.setattr(live_views, "ALIVE_SECONDS", 60.0)
        monkeypatch.setattr(live_views, "DRAWN_WITHIN", 60.0)
        slow_server(monkeypatch, 20.0)
        cat.route("**/s/*/?since=*", lambda route: held.append(route))
        last = cat.evaluate("() => new Date().toLocaleTimeString('en')")
        bid_elsewhere(game, 1, 2)

        cat.wait_for_function(
            "() => !document.querySelector('.live-status').hidden", timeout=15_000
        )
        note = text(cat, ".live-status")
        assert note.startswith("Last heard from the server at ") and "catching up" in note
        assert last[:5] in note  # the hour and minute it last heard
        shot(cat, shots, "silent")
        held[0].continue_()
        shows(cat, "#seat .pad .prompt", "Cat bids")
        cat.wait_for_function("() => document.querySelector('.live-status').hidden")
    finally:
        cat.context.close()
