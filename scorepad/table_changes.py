"""Players come and go, the plan changes, the table stops: what the screens say of it.

RULINGS, "Players come and go, the plan changes, the table stops". The engine decides
every rule (``Table.may_change_seats``, ``may_stop``, ``seating``, ``plan_ahead``,
``rules_engine.change``); this module only words what the table shows between two
rounds (the four buttons, the changes made for the round to come, who is not at the
table) and who plays again, and follows the phones' seats when a player joins.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from rules_engine import CHANGES, Entry, Record, Sheet, Table
from rules_engine.seating import next_dealer
from scorepad.http import game_address


@dataclass(frozen=True, slots=True)
class TableChanges:
    """What the table shows of the changes made between two rounds."""

    # Players may come and go, and the plan change, now (``Table.may_change_seats``).
    seats: bool
    # The table may stop here (``Table.may_stop``).
    stop: bool
    # Where the changes are made: the page between rounds (scorepad/views/changes.py),
    # or, in a game whose players stay (Sinker, Abracadabra), the stop's own.
    link: str
    # The changes made for the round to come, in words ("Eva joins, starting on 6").
    made: tuple[str, ...]
    # Someone sits apart, or is about to: the table's rows say so (static/css/changes.css).
    apart: bool


def plan_text(sizes: Sequence[int]) -> str:
    """A plan as the form shows it and takes it back: "8 7 6 5"."""
    return " ".join(str(size) for size in sizes)


def change_words(entry: Entry, current: Table) -> str:
    """One change made for the round to come, in the page's language."""
    players = current.record.players
    name = players[entry.seat] if entry.seat is not None and entry.seat < len(players) else ""
    if entry.kind == "join":
        start = entry.value.get("start", 0) if isinstance(entry.value, dict) else 0
        return gettext("%(player)s joins, starting on %(total)s") % {
            "player": name,
            "total": start,
        }
    if entry.kind == "leave":
        return gettext("%(player)s leaves, on %(total)s") % {
            "player": name,
            "total": current.sheet.totals[entry.seat or 0],
        }
    if entry.kind == "back":
        return gettext("%(player)s comes back, on %(total)s") % {
            "player": name,
            "total": current.sheet.totals[entry.seat or 0],
        }
    sizes = entry.value if isinstance(entry.value, list) else []
    return gettext("A new plan of hand sizes: %(plan)s") % {"plan": plan_text(sizes)}


def table_changes(key: str, current: Table) -> TableChanges | None:
    """The changes at the table as the keeper's table shows them; None once the game is
    over."""
    if current.round is None:
        return None
    seats = current.may_change_seats
    return TableChanges(
        seats=seats,
        stop=current.may_stop,
        link=game_address("someone_joins" if seats else "stop_here")(key),
        made=tuple(change_words(entry, current) for entry in current.changes),
        apart=current.record.apart or bool(current.changes),
    )


def starting_totals(current: Table) -> dict[int, int]:
    """The joiners of the round to come, each with their starting total: shown as their
    total until they have played."""
    seating = current.seating if current.correcting is None else None
    return seating.starts() if seating is not None else {}


def again_seats(record: Record, sheet: Sheet) -> tuple[tuple[str, ...], int]:
    """Who plays again, and who deals first: the players at the table in the last round,
    in their seats, the first of them clockwise after this game's first dealer."""
    seats = sheet.ranked
    dealer = next_dealer(record.first_dealer, seats, len(record.players))
    return tuple(record.players[seat] for seat in seats), seats.index(dealer)


def moved_seats(before: Sequence[str], after: Sequence[str]) -> tuple[int, int] | None:
    """How a change of the players moves the seats: (the seat, +1) where a player took
    that seat (a join: the seats from it on move one along), (the seat, -1) where the
    player at that seat went (Undo of a join: the seats after it move one back); None
    where the seats stay as they are."""
    if len(after) == len(before) + 1:
        return next(
            (
                (seat, 1)
                for seat in range(len(after))
                if [*after[:seat], *after[seat + 1 :]] == list(before)
            ),
            None,
        )
    if len(after) == len(before) - 1:
        return next(
            (
                (seat, -1)
                for seat in range(len(before))
                if [*before[:seat], *before[seat + 1 :]] == list(after)
            ),
            None,
        )
    return None


def sheet_state(game: Any) -> str:
    """What a game's drawn sheet shows, as a key to keep it by: its record (the
    fingerprint) and the changes made for the round to come, which its rounds to play
    follow (who joins or leaves, a new plan), but no bid or tricks."""
    changes = [
        entry for entry in game.pending if isinstance(entry, dict) and entry.get("kind") in CHANGES
    ]
    if not changes:
        return str(game.fingerprint)
    said = json.dumps(changes, sort_keys=True, ensure_ascii=False)
    return f"{game.fingerprint}:{hashlib.sha256(said.encode()).hexdigest()[:16]}"
