"""Abracadabra played through the screens: two deals for four, two for three, one for two.

A deal is entered as the table sees it: the auction, each bid suit (last deal's in one
tap), the tricks every player names (one grid), what is exposed, the winner of every
trick (one grid: a trick one player alone named comes proposed for them; Done enters
the grid with the proposals the keeper left, or "the rest" under a player's column gives
them every trick still open and enters it), and the cards of their own bid suit each
took (not asked of a player who took no trick). Every tap is counted, and after each
the next question is in view: not scrolled away, nor under the notes kept at the top.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.e2e.screens import Screen, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "correction"

# Where the next question sits: its heading's box, the notes kept at the top (their
# bottom, where they cover the page) and the bar of actions kept at the bottom.
IN_VIEW = """() => {
  const prompt = document.querySelector('#step .prompt').getBoundingClientRect();
  const notes = document.querySelector('#table .notes');
  const box = notes ? notes.getBoundingClientRect() : null;
  const stuck = box && box.height > 0 && box.top <= 1;
  const bar = document.querySelector('#table nav.actions').getBoundingClientRect();
  return {top: prompt.top, bottom: prompt.bottom, cover: stuck ? box.bottom : 0, bar: bar.top};
}"""


@dataclass
class Deal:
    """What each player says and does in one deal, by name; trick cards by their labels."""

    calls: list[str]
    named: dict[str, list[str]]
    exposed: list[str]
    piles: list[str]
    winners: list[str]
    suit_cards: dict[str, int]
    trump: str = ""
    # Last deal's bid suits again, in one tap; else each picked.
    same_suits: bool = False
    # Who gets "the rest" on the trick grid: every trick still open once the others
    # are tapped, in the tap that enters the grid. "": every winner tapped, then Done.
    rest_to: str = ""
    refused_names: dict[str, tuple[list[str], str]] = field(default_factory=dict)
    # Every tap the deal took, counted as it is played.
    taps: int = 0


PROPOSED = """() => Object.fromEntries(
  [...document.querySelectorAll('#step .trick-grid .won.proposed input:checked')].map((box) => [
    box.name.replace('trick-', ''),
    document.querySelectorAll('#step .trick-grid thead th')[Number(box.value) + 1].textContent,
  ]))"""
# A bid card's label, as the grid of named tricks shows it: the trick it names.
CARDS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def proposed_on(page: Page) -> dict[int, str]:
    """The grid's winners proposed and not tapped yet, as drawn: trick number -> name."""
    return {int(number): name for number, name in page.evaluate(PROPOSED).items()}


def proposals(deal: Deal) -> dict[int, str]:
    """Each trick one player alone named, with that player: the grid's proposed winners."""
    namers: dict[int, list[str]] = {}
    for name, cards in deal.named.items():
        for card in cards:
            namers.setdefault(CARDS.get(card) or int(card), []).append(name)
    return {n: names[0] for n, names in sorted(namers.items()) if len(names) == 1}


def in_view(page: Page) -> None:
    """The question asked is on the screen, below the notes and above Undo's bar."""
    seen = page.evaluate(IN_VIEW)
    assert seen["cover"] - 1 <= seen["top"] and seen["bottom"] <= seen["bar"], seen


def tick(screens: Screens, name: str, label: str) -> None:
    """Tick (or untick) the box of trick ``label`` in ``name``'s column of the grid."""
    screens.page.get_by_role("checkbox", name=f"{name} names trick {label}", exact=True).tap()


def play_deal(screens: Screens, deal: Deal) -> Screen:
    page = screens.page
    calls = list(deal.calls)
    refused = dict(deal.refused_names)
    rounds = screens.read().rounds

    def turn(screen: Screen) -> None:
        in_view(page)
        before = screens.taps
        if screen.kind == "call":
            screens.choose(calls.pop(0))
        elif screen.kind == "trump":
            assert screen.prompt.endswith("names trump")
            screens.choose(deal.trump)
        elif screen.kind == "suits":
            # Last deal's bid suits come first: one tap for everyone.
            assert deal.same_suits
            assert screen.prompt == "Same bid suits as last deal"
            screens._tap(page.locator("#step button[value=same]"))
        elif screen.kind == "suit":
            # Each player takes a suit nobody has yet; the taken ones are refused.
            assert not deal.same_suits
            taken = [b for b in screen.choices if not b.enabled]
            assert len(screen.refusals) == len(taken)
            screens.choose(screen.allowed()[0])
        elif screen.kind == "name":
            # Every player's named tricks on one grid, a row a trick's bid card.
            assert screen.prompt == "Which tricks does each player name?"
            done = page.get_by_role("button", name="Done, nothing exposed", exact=True)
            for name, (tricks, count) in refused.items():
                # Too many ticked: the count under the column says so and Done waits
                # (without script the server refuses it: tests/web/test_enter.py).
                for label in tricks:
                    tick(screens, name, label)
                seat = screen.names.index(name)
                assert page.locator(f"#step td.count[data-seat='{seat}']").inner_text() == count
                assert done.is_disabled()
                for label in tricks:
                    tick(screens, name, label)
                deal.taps += 2 * len(tricks)
            refused.clear()
            for name, tricks in deal.named.items():
                for label in tricks:
                    tick(screens, name, label)
                deal.taps += len(tricks)
            screens.shot("names")
            if deal.exposed or deal.piles:
                screens.tap_button("Done, some exposed")
            else:
                screens.tap_button("Done, nothing exposed")
        elif screen.kind == "declare":
            screens.toggle(deal.exposed, piles=deal.piles)
            deal.taps += len(deal.exposed) + len(deal.piles)
            screens.done()
        elif screen.kind == "trick":
            # Every trick's winner on one grid, a tap a row. A trick one player alone
            # named comes ticked for them, proposed: the keeper taps the others and any
            # proposed one someone else won, and Done enters the grid as it stands; or
            # taps all but the open tricks ``rest_to`` won, then "the rest" under their
            # column, which gives them those and enters the grid.
            assert screen.prompt == "Who won each trick?"
            proposed = proposals(deal)
            assert proposed_on(page) == proposed
            tapped = [
                (number, winner)
                for number, winner in enumerate(deal.winners, start=1)
                if proposed.get(number) != winner
                and not (number not in proposed and winner == deal.rest_to)
            ]
            boxes = [
                page.get_by_role("radio", name=re.compile(rf"^{winner} won trick {number}\b"))
                for number, winner in tapped
            ]
            if len(tapped) == len(deal.winners):
                for box in boxes[:-1]:
                    box.tap()
                deal.taps += len(boxes) - 1
                screens._tap(boxes[-1])  # every trick tapped: that tap enters the grid
            else:
                for box in boxes:
                    box.tap()
                deal.taps += len(boxes)
                # Tapped rows are the keeper's; the proposed ones still say so.
                left = {n: w for n, w in proposed.items() if n not in dict(tapped)}
                assert proposed_on(page) == left
                if deal.rest_to:
                    screens.shot("trick-grid-rest")
                    screens.tap_button(f"The rest to {deal.rest_to}")
                else:
                    screens.shot("trick-grid-proposed")
                    screens.done()
        else:
            assert screen.kind == "suit_cards"
            # Those the player's tricks cannot hold are refused for one reason, said once.
            assert len(screen.refusals) <= 1
            screens.choose(str(deal.suit_cards[screen.player]))
        deal.taps += screens.taps - before

    screen = screens.read()
    while screen.kind != "over" and screen.rounds == rounds:
        turn(screen)
        screen = screens.read()
    assert not calls and not refused
    return screen


def deals(count: int) -> Callable[[Page], None]:
    def options(page: Page) -> None:
        page.get_by_label("Number of deals").fill(str(count))

    return options


def test_two_deals_for_four_the_second_in_20_taps(screens: Screens) -> None:
    screens.set_up(
        "abracadabra", "Abracadabra", ["Ann", "Bob", "Cas", "Dev"], first_dealer=3, options=deals(2)
    )
    first = screens.read()
    assert first.title == "Abracadabra: Round 1 of 2"
    assert first.prompt == "Ann calls"
    # The turned-up card, noted while the deal is entered (optional).
    assert screens.optional("hearts").facts["Trump"] == "hearts"

    bob, ann, cas = "Bob", "Ann", "Cas"
    first_deal = Deal(
        calls=["2", "3", "Pass", "Pass"],  # Bob outbids Ann and declares 3
        named={bob: ["A", "5", "K"], ann: ["2", "J"], cas: ["7"]},
        refused_names={cas: (["7", "8", "9"], "3 (at most 2)")},
        exposed=["K"],  # Bob's trick 13 goes to the right: double, won or lost
        piles=[ann],
        winners=[bob, ann, cas, "Dev", bob, cas, cas, "Dev", ann, "Dev", ann, "Dev", bob],
        suit_cards={ann: 2, bob: 3, cas: 1, "Dev": 0},
    )
    after = play_deal(screens, first_deal)
    # Worked by hand from RULINGS: three succeed (20 each); Bob 20 + 1 + 5 + 2 x 13
    # + 3 tricks + 3 x 2; Ann 20 + 2 + 11 + 3 + 2 x 4 (pile exposed); Cas 20 + 7 + 3 + 2.
    assert after.totals == {"Ann": 44, "Bob": 61, "Cas": 32, "Dev": 4}

    second = Deal(
        calls=["Pass", "3", "Pass", "Pass"],  # Cas declares 3
        same_suits=True,
        named={cas: ["A", "6", "Q"], bob: ["4", "9"], ann: ["K"]},
        exposed=[],
        piles=[],
        winners=[cas, bob, ann, bob, cas, cas, ann, bob, bob, ann, cas, cas, ann],
        # Ann won 3, 7 and 10 of the seven tricks nobody named: hers, with one tap.
        rest_to=ann,
        # Dev took no trick, so none of his suit: it is entered, not asked.
        suit_cards={bob: 2, cas: 3, ann: 1},
    )
    over = play_deal(screens, second)
    # The second deal, as a family plays it: 4 calls, the same suits (1), 6 tricks
    # named and "Done, nothing exposed" (7), the winners of the 4 tricks nobody named
    # that Bob and Cas won and "the rest" under Ann's column, which gives her the other
    # 3 and enters the 6 proposed as they stand, each won by who named it (5), and 3
    # counts of suit cards. Before issue 37: 4 calls, 3 suits, 6 named and a Done for
    # each of the 4 players, a Done for the declaring, 13 winners and a Done, and 4
    # counts: 36; then 28, every trick's winner tapped (13, the last entering them);
    # then 23, the 7 not named tapped and Done. Why each of the 20 stays (the goal):
    # docs/dev/performance.md, "Taps: an Abracadabra deal".
    assert second.taps == 4 + 1 + 7 + 5 + 3 == 20
    assert over.prompt == "Bob won"
    sheet = screens.check_the_end()
    # Three succeed (20 each): Cas 20 + 1 + 6 + 12 + 5 tricks + 3 x 2; Bob 20 + 4 + 9
    # + 4 + 2 x 2; Ann 20 + 13 + 4 + 2; Dev named nothing and took nothing.
    assert sheet.rounds[1].scores == (39, 41, 50, 0)
    assert sheet.totals == (83, 102, 82, 4)


def test_two_deals_for_three_the_second_in_15_taps(screens: Screens) -> None:
    screens.set_up(
        "abracadabra",
        "Abracadabra",
        ["Ann", "Bob", "Cas"],
        first_dealer=2,
        options=deals(2),
        shot_as="abracadabra-3p",
    )
    ann, bob, cas = "Ann", "Bob", "Cas"
    first_deal = Deal(
        calls=["2", "Pass", "Pass"],
        named={ann: ["3", "9"], bob: ["A"], cas: []},
        exposed=[],
        piles=[],
        winners=[bob, cas, ann, cas, cas, bob, ann, ann, ann, bob, cas, ann],
        rest_to=cas,  # 4 of the 9 tricks nobody named
        suit_cards={ann: 4, bob: 1, cas: 2},
    )
    play_deal(screens, first_deal)
    # The first deal: 3 calls, 3 bid suits, 3 named and Done, the 5 winners not
    # proposed nor Cas's and "the rest" to Cas, 3 counts (25 when every winner was
    # tapped, 23 with the 9 not proposed tapped and Done).
    assert first_deal.taps == 3 + 3 + 4 + 6 + 3 == 19

    second = Deal(
        calls=["Pass", "2", "Pass"],  # Cas declares 2
        same_suits=True,
        named={cas: ["2", "Q"], ann: ["5"]},
        exposed=[],
        piles=[],
        winners=[ann, cas, ann, ann, ann, cas, cas, ann, cas, ann, cas, cas],
        rest_to=ann,  # 5 of the 9 tricks nobody named
        suit_cards={cas: 5, ann: 3},
    )
    over = play_deal(screens, second)
    # 3 calls, the same suits, 3 named and "Done, nothing exposed", Cas's 4 tricks of
    # the 9 nobody named and "the rest" to Ann (which enters the 3 proposed too), and
    # 2 counts (Bob took no trick). Issue 37 measured 30 to 34 for such a deal; 22
    # with every winner tapped, 20 with the 9 not proposed tapped and Done.
    assert second.taps == 3 + 1 + 4 + 5 + 2 == 15
    assert over.kind == "over"
    sheet = screens.check_the_end()
    # Cas named 2 and Q and won both, Ann 5 and won it: two succeed (20 each).
    # Cas 20 + 2 + 12 + 6 tricks + 5 x 2; Ann 20 + 5 + 6 + 3 x 2; Bob nothing.
    assert sheet.rounds[1].scores == (37, 0, 50)


def two_players_options(page: Page) -> None:
    page.get_by_label("Number of deals").fill("1")
    page.get_by_label("Declarer names trump").tap()
    page.get_by_label("Success").select_option("at-least")


def test_it_plays_a_deal_for_two_with_a_second_round_of_calls(screens: Screens) -> None:
    screens.set_up(
        "abracadabra",
        "Abracadabra",
        ["Ann", "Bob"],
        first_dealer=1,
        options=two_players_options,
        shot_as="abracadabra-2p",
    )
    first = screens.read()
    assert first.title == "Abracadabra: Round 1 of 1"
    assert first.hand_size == 12
    # The declarer names trump, so there is no turned-up card to note.
    assert not screens.page.locator("#table .optional").count()

    over = play_deal(
        screens,
        Deal(
            # Both pass, the dummy is shown, and Ann calls again: she declares 2.
            calls=["Pass", "Pass", "2", "Pass"],
            trump="no trump",
            named={"Ann": ["3", "Q"], "Bob": ["6"]},
            exposed=[],
            piles=["Bob"],
            winners=["Ann"] * 5 + ["Bob"] * 6 + ["Ann"],
            rest_to="Bob",  # tricks 7 to 11; Ann's 1, 2, 4 and 5 are tapped
            suit_cards={"Ann": 4, "Bob": 5},
        ),
    )

    assert screens.prompts[:5] == [
        "Ann calls",
        "Bob calls",
        "Ann calls again",
        "Bob calls again",
        "Ann names trump",
    ]
    assert over.prompt == "Bob won"
    sheet = screens.check_the_end()
    # "At least" success: both took at least as many tricks as they named (10 each,
    # two succeeded). Ann 10 + 3 + 12 + 6 + 4 x 2; Bob 10 + 6 + 6 + 5 x 4.
    assert sheet.totals == (39, 42)


def test_a_past_deal_opens_with_its_values_in_place_and_one_is_changed_in_four_taps(
    page: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect  # imported late, as the browser fixture does

    from rules_engine import parse_record, score
    from scorepad.models import Game
    from tests.five_games import ABRACADABRA

    SHOTS.mkdir(parents=True, exist_ok=True)
    game = Game.start(parse_record(ABRACADABRA))
    page.goto(f"{live_server.url}/g/{game.key}/sheet/")
    taps = 0

    # Trick 7 went to Dev, not Cleo. The deal's number on the sheet opens all of it.
    page.get_by_role("link", name="Correct round 1").tap()
    taps += 1
    page.wait_for_url(f"**/g/{game.key}/sheet/1/")
    # Every value as entered, each changeable in place.
    assert page.locator("input[name=trump-trump][value=hearts]").is_checked()
    assert page.locator("#calls-0").input_value() == "3"  # Ben declared 3
    assert page.locator("input[name=bid_suits-1][value=spades]").is_checked()
    ben = page.locator("fieldset", has_text="Named tricks").get_by_role("group", name="Ben")
    assert [b.get_attribute("value") for b in ben.locator("input:checked").all()] == [
        "4",
        "8",
        "12",
    ]
    assert page.locator("input[name=trick_winners-6][value='2']").is_checked()
    assert page.locator("input[name=pile_exposed-piles][value='3']").is_checked()
    assert page.locator("#suit_cards-0").input_value() == "6"
    page.screenshot(path=SHOTS / "abracadabra-deal-390x844.png", full_page=True)

    trick_7 = page.get_by_role("group", name="trick 7")
    trick_7.locator("label.toggle", has=page.locator("input[value='3']")).tap()
    taps += 1
    page.get_by_role("button", name="Check the change").tap()
    taps += 1
    changes = page.locator(".changes li")
    changes.first.wait_for()
    assert changes.all_inner_texts()[0] == "Round 1: trick 7's winner Cleo → Dev"
    page.screenshot(path=SHOTS / "abracadabra-deal-confirm-390x844.png", full_page=True)
    page.get_by_role("button", name="Save the change").tap()
    taps += 1
    page.wait_for_url(f"**/g/{game.key}/sheet/")
    expect(page.locator("table.sheet")).to_be_visible()
    # One value entered again, not the deal's thirty.
    assert taps == 4
    game.refresh_from_db()
    assert game.record["rounds"][0]["trick_winners"][6] == 3
    winners = [w for i, w in enumerate(game.record["rounds"][0]["trick_winners"]) if i != 6]
    assert winners == [w for i, w in enumerate(ABRACADABRA["rounds"][0]["trick_winners"]) if i != 6]
    assert score(parse_record(game.record)).totals[3] == 37  # Dev took one trick more
