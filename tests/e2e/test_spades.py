"""A whole game of Spades to 500, played by taps on four phones at 390x844.

Ann, Bob, Cat and Dev each take their seat on their own phone from the keeper's Join
link, and bid and enter their own tricks, live (served by uvicorn, as in production).
The game has a made nil, a failed blind nil, two bag penalties and a set contract;
every total is worked by hand below from RULINGS.md, "Spades", and checked on every
phone. Then the sheet and the printed sheet's PDF on the keeper's phone. Screenshots
land in /tmp/spades-shots/.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from rules_engine import new_record, score
from scorepad.models import Game
from tests.e2e.test_live_updates import asgi_url  # noqa: F401 (a fixture)
from tests.e2e.test_seats import join, keeper_for, shows, tap, text, totals

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SHOTS = Path("/tmp/spades-shots")
NAMES = ["Ann", "Bob", "Cat", "Dev"]

# Dev deals first; the deal passes clockwise, and bids and tricks go from the dealer's
# left. Each round: the bids (BLIND a blind nil), the tricks, then the two teams'
# scores (Ann & Cat, Bob & Dev) worked by hand, and their bags after the round.
BLIND = "blind"
ROUNDS: list[tuple[list[int | str], list[int], tuple[int, int], tuple[int, int]]] = [
    # Ann & Cat bid 5, take 6: 50 + 1 bag = 51. Bob & Dev bid 4, Dev takes 7: 40 + 3
    # bags = 43, and Bob's nil made: +100, 143. (The rulings' worked example.)
    ([3, 0, 2, 4], [4, 0, 2, 7], (51, 143), (1, 3)),
    # Ann & Cat bid 3, take 10: 30 + 7 bags = 37 (8 bags). Bob & Dev bid 7, take 3: set, -70.
    ([2, 4, 1, 3], [6, 3, 4, 0], (37, -70), (8, 3)),
    # Cat's blind nil fails (1 trick): -200; Ann bid 5, took 6: 50 + 1 bag: -149 (9 bags).
    # Bob & Dev bid 6, take 6: 60.
    ([5, 3, BLIND, 3], [6, 3, 1, 3], (-149, 60), (9, 3)),
    # Ann & Cat bid 6, take 9: 60 + 3 bags = 63, but 12 bags: -100, 2 carry on: -37.
    # Bob & Dev bid 3, take 4: 31 (4 bags).
    ([4, 2, 2, 1], [7, 2, 2, 2], (-37, 31), (2, 4)),
    # Ann & Cat 4 of 4: 40. Bob & Dev bid 8, take 9: 81 (5 bags).
    ([2, 5, 2, 3], [2, 7, 2, 2], (40, 81), (2, 5)),
    # Ann & Cat 2 of 2: 20. Bob & Dev bid 7, take 11: 74 (9 bags).
    ([1, 4, 1, 3], [1, 8, 1, 3], (20, 74), (2, 9)),
    # Ann & Cat 20. Bob & Dev bid 9, take 11: 92, but 11 bags: -100, 1 carries on: -8.
    ([1, 5, 1, 4], [1, 6, 1, 5], (20, -8), (2, 1)),
    # Ann and Cat both bid nil and make it: +200. Bob & Dev bid 13, take 13: 130.
    ([0, 7, 0, 6], [0, 7, 0, 6], (200, 130), (2, 1)),
    # Ann & Cat 40, Bob & Dev 90: Bob & Dev reach 531, at least 500: the game ends.
    ([2, 5, 2, 4], [2, 5, 2, 4], (40, 90), (2, 1)),
]
# Running totals by hand: Ann & Cat, Bob & Dev after each round.
TOTALS = [
    (51, 143),
    (88, 73),
    (-61, 133),
    (-98, 164),
    (-58, 245),
    (-38, 319),
    (-18, 311),
    (182, 441),
    (222, 531),
]
# What "How round N scored" says of a round, as a check on the words beside the numbers.
EXPLAINED = {
    1: "Bob's nil: +100",
    2: "-70: 7 bid, 3 taken, set",
    3: "Cat's blind nil: -200",
    4: "12 bags: -100",
    7: "11 bags: -100",
    8: "Ann's nil: +100; Cat's nil: +100",
}


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def test_four_phones_play_a_whole_game_of_spades_to_500(
    asgi_url: str,  # noqa: F811 (the fixture imported above)
    page: Page,
    browser: Browser,
    shots: Path,
) -> None:
    record = new_record("spades", NAMES, 3)
    _, link = keeper_for(page, asgi_url, record, shots, "spades")
    phones = [join(browser, f"{asgi_url}{link}", name) for name in NAMES]
    try:
        for number, (bids, tricks, team_scores, bags) in enumerate(ROUNDS, start=1):
            dealer = (3 + number - 1) % 4
            order = [(dealer + 1 + k) % 4 for k in range(4)]
            for seat in order:
                shows(phones[seat], "#seat .pad .prompt", f"{NAMES[seat]} bids")
                if number == 3 and seat == 2:
                    # Blind nil is offered first, as its own tap, before Nil and the numbers.
                    first = phones[seat].locator("#seat .pad .choices button[name=value]")
                    assert first.first.inner_text().strip() == "Blind nil"
                    phones[seat].screenshot(path=str(shots / "blind-nil-pad.png"), full_page=True)
                tap(phones[seat], str(bids[seat]))
            if number == 1:
                # Each team's contract as the bids came in, on every phone.
                for phone in phones:
                    shows(phone, "#seat .notes", "Ann & Cat: 5")
                    shows(phone, "#seat .notes", "Bob & Dev: 4 (Bob nil)")
                phones[0].screenshot(path=str(shots / "contracts.png"), full_page=True)
            for seat in order[:3]:
                shows(phones[seat], "#seat .pad .prompt", f"Tricks {NAMES[seat]} took")
                tap(phones[seat], str(tricks[seat]))
            game = Game.objects.get()
            sheet = score(game.load()[0])
            assert sheet.rounds[-1].carried == bags, number
            ann_cat, bob_dev = TOTALS[number - 1]
            assert sheet.totals == (ann_cat, bob_dev, ann_cat, bob_dev), number
            assert (sheet.rounds[-1].scores[0], sheet.rounds[-1].scores[1]) == team_scores
            if number < len(ROUNDS):
                for phone in phones:
                    shows(phone, "#seat .totals caption", f"after round {number}")
                    assert totals(phone, "#seat") == [ann_cat, bob_dev, ann_cat, bob_dev]
                if number in EXPLAINED:
                    shows(page, "#table details.breakdown", EXPLAINED[number])
                if number == 4:
                    page.locator("#table details.breakdown summary").tap()
                    page.screenshot(path=str(shots / "bag-penalty.png"), full_page=True)
        # Bob & Dev reached 531: the game is over, and both partners won it.
        assert sheet.finished and sheet.winners == (1, 3)
        shows(page, "#table", "Bob")
        page.screenshot(path=str(shots / "finished.png"), full_page=True)
        phones[1].screenshot(path=str(shots / "finished-bob.png"), full_page=True)
    finally:
        for phone in phones:
            phone.context.close()

    # The sheet on the keeper's phone: one column pair per team is the printed sheet's;
    # the phone sheet lists every partner with the team's points and total.
    page.goto(f"{asgi_url}/g/{game.key}/sheet/")
    assert "531" in text(page, "main")
    page.screenshot(path=str(shots / "sheet.png"), full_page=True)


def test_the_setup_shows_the_partners_as_they_sit_and_moving_a_player_changes_them(
    page: Page, live_server: LiveServer, shots: Path
) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    page.goto(f"{live_server.url}/new/spades/")
    partners = page.locator("#partners strong")
    expect(partners).to_have_text("Player 1 & Player 3 against Player 2 & Player 4")
    rows = page.locator("#setup input[name=player]")
    for index, name in enumerate(NAMES):
        rows.nth(index).fill(name)
        rows.nth(index).press("Tab")  # leaving the field is the change htmx answers
    expect(partners).to_have_text("Ann & Cat against Bob & Dev")
    page.screenshot(path=str(shots / "setup-partners.png"), full_page=True)

    # Cat moves up a seat: she now sits opposite Dev, and Ann opposite Bob.
    page.locator("#setup button[value='up-2']").tap()
    expect(partners).to_have_text("Ann & Bob against Cat & Dev")
    page.locator("#setup label.radio", has_text="Dev").tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/g/*/")
    record = Game.objects.get().record
    assert (record["players"], record["first_dealer"]) == (["Ann", "Cat", "Bob", "Dev"], 3)
    # Ann bids first, from the dealer's left; Blind nil is offered first.
    assert "Ann bids" in text(page, "#step .prompt")
    assert page.locator("#step .choices button").first.inner_text().strip() == "Blind nil"
