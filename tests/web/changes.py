"""Players who come and go, as the change tests set them up (scorepad/views/changes.py).

The games start from the conftest's Oh Hell two rounds in: Ann 25, Bob 15, Cat 25,
Dev 4 (``TOTALS_AFTER_2``); round 3 (8 cards) is Cat's deal, nothing of it entered.
"""

from __future__ import annotations

import copy
from typing import Any

from django.test import Client

from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, oh_hell

LOWEST_AFTER_2 = 4  # Dev's


def address(game: Game, page: str) -> str:
    """A change's address: "change" (the page between rounds, where someone joins),
    "leaves", "back", "plan", "stop"."""
    return f"/g/{game.key}/{page}/"


def after_two_rounds(**fields: Any) -> Game:
    return Game.objects.create(
        kind="oh-hell", record=oh_hell([ROUND_1, ROUND_2]), version=7, **fields
    )


def post(client: Client, game: Game, page: str, **data: Any) -> Any:
    """A change posted from the screen as it stands (the game's version)."""
    game.refresh_from_db()
    response = client.post(address(game, page), {"version": game.version, **data})
    game.refresh_from_db()
    return response


def undo(client: Client, game: Game) -> Any:
    return post(client, game, "undo")


def redo(client: Client, game: Game) -> Any:
    return post(client, game, "redo")


# A round entered at the table, by its taps: (kind, seat, value), in the order asked.
def play_round(client: Client, game: Game, taps: list[tuple[str, int, int]]) -> None:
    for kind, seat, value in taps:
        response = post(client, game, "enter", kind=kind, seat=seat, value=value)
        assert response.status_code == 303, response.content.decode()[:2000]


# The record spec's example (game-record.md, "Players who come and go"): round 1 seats
# Ann, Ben, Cleo and Dev (10 cards, Ann deals: 12, 13, 3, 12); then Dev leaves and Eva
# joins with 5 points: round 2 deals 9 under its plan, Ben deals (Ann 24, Ben 16, Cleo
# 15, Dev 12 not seated, Eva 17). The table stops there: Ann wins; Dev is not ranked.
SPEC_EXAMPLE: dict[str, Any] = {
    "format": "scorepad/1",
    "game": "oh-hell",
    "options": {},
    "first_dealer": 0,
    "players": ["Ann", "Ben", "Cleo", "Dev", "Eva"],
    "rounds": [
        {"seated": [0, 1, 2, 3], "bids": [2, 3, 2, 2, None], "tricks": [2, 3, 3, 2, None]},
        {
            "seated": [0, 1, 2, 4],
            "plan": [9, 8, 7],
            "start": [None, None, None, None, 5],
            "bids": [2, 2, 2, None, 2],
            "tricks": [2, 3, 2, None, 2],
        },
    ],
    "stopped": True,
}


def spec_example(stopped: bool = True) -> dict[str, Any]:
    """The record spec's example; not stopped, it has rounds 3 and 4 to play (8, 7)."""
    record = copy.deepcopy(SPEC_EXAMPLE)
    if not stopped:
        del record["stopped"]
    return record
