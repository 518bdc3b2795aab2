"""Oh Hell played through the screens: three players, the short game up to 10 cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.e2e.screens import Screen, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def short_up(page: Page) -> None:
    page.get_by_label("Game style").select_option("short-up")


def test_it_plays_a_short_game_for_three_to_the_engines_totals(screens: Screens) -> None:
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], options=short_up)
    first = screens.read()
    assert first.title == "Oh Hell: Round 1 of 10"
    assert first.hand_size == 1

    # The turned-up trump is noted once; it is optional and changes no score.
    assert screens.optional("hearts").facts["Trump"] == "hearts"
    # A bid made and taken back: the same player is asked again.
    bidder = first.player
    screens.choose("0")
    assert screens.undo().prompt == f"{bidder} bids"

    hooks: list[str] = []

    def turn(screen: Screen) -> None:
        name = screen.player
        allowed = [int(value) for value in screen.allowed()]
        if screen.kind == "bid":
            if len(allowed) < len(screen.choices):
                assert name == screen.dealer
                hooks.extend(screen.refusals)
            # Bids spread over the hand; the dealer takes the nearest one allowed.
            wanted = (screen.hand_size + screen.names.index(name)) // 3
            screens.choose(str(min(allowed, key=lambda bid: (abs(bid - wanted), bid))))
        else:
            assert screen.kind == "tricks"
            bid = int(screen.row(name).bid)
            screens.choose(str(bid if bid in allowed else max(allowed)))

    over = screens.play(turn)

    assert over.title == "Oh Hell: Round 10 of 10"
    assert hooks and all("deals and may not bid" in reason for reason in hooks)
    sheet = screens.check_the_end()
    assert len(sheet.rounds) == 10
    assert [r.hand_size for r in sheet.rounds] == list(range(1, 11))
