"""Players who come and go, as the change tests set them up (scorepad/views/changes.py).

The games start from the conftest's Oh Hell two rounds in: Ann 25, Bob 15, Cat 25,
Dev 4 (``TOTALS_AFTER_2``); round 3 (8 cards) is Cat's deal, nothing of it entered.
"""

from __future__ import annotations

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
