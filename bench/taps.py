"""Taps to enter one round, counted by Playwright in Debian's chromium at phone size.

The tests' own browser driver (tests/e2e) plays: the same launch arguments, the
same ``Screens`` that taps a button and waits for htmx to swap the table in.
Counting starts on the table screen of a new game and stops when the round is in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.games import players
from rules_engine import GAMES
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.screens import PHONE_WIDTH, Screens

TABLES = [
    ("oh-hell", 3),
    ("oh-hell", 4),
    ("oh-hell", 6),
    ("brink-bid", 3),
    ("brink-bid", 4),
    ("brink-bid", 6),
    ("boerenbridge", 4),  # Boerenbridge is for 4 players only
]


def one_round(screens: Screens) -> int:
    """Tap through one round (the first allowed choice each time); the taps it took."""
    screens.taps = 0
    screen = screens.read()
    rounds = screen.rounds
    while screen.rounds == rounds:
        if screen.kind == "roll":
            screen = screens.roll()
        else:
            label = next(button.label for button in screen.choices if button.enabled)
            screen = screens.choose(label)
    return screens.taps


def measure(base_url: str, shots: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    counts: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game, count in TABLES:
            context = browser.new_context(
                viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
            )
            context.set_default_timeout(10_000)
            page = context.new_page()
            screens = Screens(page, base_url, shots)
            screens.set_up(game, GAMES[game].title, players(count), first_dealer=0)
            taps = one_round(screens)
            counts[f"{game}, {count} players"] = {
                "taps": taps,
                "key_presses": 0,  # every entry is a button: nothing is typed
                "budget": 2 * count + 1,
                "paper": 2 * count,
            }
            context.close()
        browser.close()
    return counts
