"""Phones at their seats, as the seat tests set them up (scorepad/views/seats.py)."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

from scorepad.models import Game, Seat
from tests.conftest import bid


def cells(html: str, name: str) -> list[str]:
    """A player's row of the totals: their bid, tricks and total as shown."""
    row = re.search(rf'<th scope="row"( colspan="3")?>{name}\b.*?</th>(.*?)</tr>', html, re.S)
    assert row is not None, name
    found = [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(2))
    ]
    # A player away: their name spans the bid's and tricks' columns, which stay empty.
    return ["", "", *found] if row.group(1) else found


def marked(html: str, name: str, state: str = "here") -> bool:
    """Whether the totals mark the player as on their own phone (``state``: "here", "away")."""
    return f'<th scope="row">{name} <svg class="phone {state}"' in html


def join(game: Game) -> str:
    return f"/j/{game.join_key}/"


def phone(seat: Seat) -> str:
    return f"/s/{seat.key}/"


def take(game: Game, number: int, client: Client | None = None) -> Seat:
    """A phone takes seat ``number`` through the Join link, as a tap there would."""
    response = (client or Client()).post(join(game), {"seat": number})
    assert response.status_code == 303, response.content
    seat = Seat.objects.get(game=game, number=number, released__isnull=True)
    assert response["Location"] == phone(seat)
    game.refresh_from_db()
    return seat


def tap(
    at: Seat,
    kind: str,
    value: Any,
    client: Client | None = None,
    headers: dict[str, str] | None = None,
    **more: Any,
) -> Any:
    """A tap on a seat's phone at the version it shows (``more``: other fields posted)."""
    at.game.refresh_from_db()
    data = {"version": at.game.version, "kind": kind, "value": value, **more}
    return (client or Client()).post(f"{phone(at)}enter/", data, headers=headers)


def boerenbridge(options: dict[str, Any] | None = None) -> Game:
    """Boerenbridge for Ann, Bob, Cat and Dev, Ann dealing: 13 cards, everyone bids at once."""
    record = {
        "format": "scorepad/1",
        "game": "boerenbridge",
        "options": options or {},
        "players": ["Ann", "Bob", "Cat", "Dev"],
        "first_dealer": 0,
        "rounds": [],
    }
    return Game.objects.create(kind="boerenbridge", record=record)


def boerenbridge_bids_in() -> Game:
    """``boerenbridge()`` with the open bids all in (Bob 3, Cat 4, Dev 2, Ann 1: 10 of 13):
    the tricks are asked, and Ann, the dealer, may still change her bid."""
    game = boerenbridge()
    Game.objects.filter(pk=game.pk).update(
        pending=[bid(1, 3), bid(2, 4), bid(3, 2), bid(0, 1)], version=5
    )
    return game
