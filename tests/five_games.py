"""A valid scorepad/1 record of each game (the five, then Wizard and Skull King), for
export and import tests.

The rounds are the engine tests' own (tests/engine/), with the totals worked out
there by hand against RULINGS.md; some games are finished, some still going.
"""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import ROUND_1, ROUND_2, TOTALS_AFTER_2, oh_hell

FOUR = ["Ann", "Ben", "Cleo", "Dev"]


def record(
    game: str,
    players: list[str],
    first_dealer: int,
    options: dict[str, Any],
    rounds: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": game,
        "options": options,
        "players": players,
        "first_dealer": first_dealer,
        "rounds": rounds,
    }


# Oh Hell, two rounds of the long game in (tests/conftest.py).
OH_HELL = oh_hell([ROUND_1, ROUND_2])

# Boerenbridge to exactly 100, Dev dealing first (test_boerenbridge.py): Ann bids 13
# and takes them all four times (92), then Ann, Ben and Cleo sit out the bidding.
BOERENBRIDGE = record(
    "boerenbridge",
    FOUR,
    3,
    {},
    [{"bids": [13, 0, 0, 1], "tricks": [13, 0, 0, 0]}] * 4
    + [{"bids": [None, None, None, 0], "tricks": [8, 5, 0, 0]}],
)

# Brink Bid, one round of 4 cards with the dice rolled (test_brink_bid.py).
BRINK_BID = record(
    "brink-bid",
    FOUR,
    0,
    {},
    [
        {
            "bids": [1, 2, 0, 1],
            "tricks": [1, 1, 2, 0],
            "dice": {"trump": "hearts", "number": 2, "direction": "across-left"},
        }
    ],
)

# Sinker over two deals, each player making zero once: a shared win (test_sinker.py).
SINKER = record(
    "sinker",
    ["Ann", "Ben"],
    1,
    {"deals": 2},
    [
        {"calls": ["zero", "pass"], "tricks": [0, 8]},
        {"calls": ["zero", "pass"], "tricks": [8, 0]},
    ],
)

# Abracadabra: the record spec's worked example, seat 0 dealing, seat 1 declaring 3
# (the engine's tests score and enter it too).
ABRACADABRA_ROUND: dict[str, Any] = {
    "trump": "hearts",
    "bid_suits": ["hearts", "spades", "clubs", "diamonds"],
    "calls": [3, "pass", "pass", "pass"],
    "named": [[5, 11], [4, 8, 12], [], [1]],
    "exposed": [[], [12], [], []],
    "pile_exposed": [False, False, False, True],
    "trick_winners": [3, 0, 1, 1, 0, 2, 2, 0, 1, 0, 0, 1, 2],
    "suit_cards": [6, 5, 0, 1],
}
ABRACADABRA = record("abracadabra", FOUR, 0, {}, [ABRACADABRA_ROUND])

# Wizard, two rounds: the trump noted in the first; in the second Ann and Cleo miss by one.
WIZARD = record(
    "wizard",
    FOUR,
    0,
    {},
    [
        {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0], "trump": "hearts"},
        {"bids": [1, 1, 0, 0], "tricks": [0, 1, 1, 0]},
    ],
)

# Skull King, two rounds: Ben's bonus of 20 counts; in round 2 a trick is lost, three
# bids are missed, and Dev makes his 0 with a bonus of 30.
SKULL_KING = record(
    "skull-king",
    FOUR,
    0,
    {},
    [
        {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0], "bonus": [0, 20, 0, 0]},
        {"bids": [0, 1, 1, 0], "tricks": [1, 0, 0, 0], "bonus": [0, 0, 0, 30], "lost": 1},
    ],
)

# The rulings' worked example with Ben's nil blind: 51 and 243. Then Ann & Cleo bid 2 and
# take 11: 20 + 9 bags, but 10 bags: -100, so -71; Ben & Dev bid 10 and take 2: -100.
SPADES = record(
    "spades",
    FOUR,
    3,
    {},
    [
        {"bids": [3, 0, 2, 4], "tricks": [4, 0, 2, 7], "blind": [1]},
        {"bids": [1, 5, 1, 5], "tricks": [6, 2, 5, 0]},
    ],
)

# Each game's record with its totals as the engine tests work them out: every game
# Scorepad keeps (the module's name is older than Wizard and Skull King).
EVERY_GAME: dict[str, tuple[dict[str, Any], list[int]]] = {
    "oh-hell": (OH_HELL, TOTALS_AFTER_2),
    "boerenbridge": (BOERENBRIDGE, [100, 85, 80, 20]),
    "brink-bid": (BRINK_BID, [5, 2, 0, 2]),
    "sinker": (SINKER, [10, 10]),
    "abracadabra": (ABRACADABRA, [63, 42, 3, 36]),
    "wizard": (WIZARD, [20, 50, 10, 40]),
    "skull-king": (SKULL_KING, [-10, 30, 0, 60]),
    "spades": (SPADES, [-20, 143, -20, 143]),
}

# A round that breaks a rule: Ann deals round 1 of 10 cards and may not bid 2.
HOOKED = oh_hell([{"bids": [2, 3, 2, 3], "tricks": [3, 4, 2, 1]}])
HOOKED_MESSAGE = "Ann deals and may not bid 2: the bids would add up to the 10 tricks"


def text(data: Any) -> str:
    return json.dumps(data)
