"""What each live stream sends of a game: its screen's fragments by event name, drawn
for everyone watching (``everyone.template``), from one read of the game and one table
worked out a version (``kept.once``).

Every screen a stream can show is listed here (``SCREENS``), as plain data that the
live updates read (scorepad/live/drawings.py): the table, the viewer, the sheet and a
seat's phone ("seat:2").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.utils import translation

from rules_engine import GAMES, MOST_PLAYERS, Table
from scorepad.models import Game, Seat
from scorepad.screens.everyone import Origin, origin, template
from scorepad.screens.kept import AnySeat, Worked, once
from scorepad.screens.seat import seat_context
from scorepad.screens.sheet import sheet_context, sheet_parts, sheet_state
from scorepad.screens.table import attention, current_table, shared_context

# A screen's fragments by event name (sse-swap), for one game and the site it is seen on.
Drawer = Callable[[Game, HttpRequest], dict[str, str]]


def _current(game: Game, says_attention: bool = True) -> tuple[Table, dict[str, Any]]:
    """The game's table and what the table screen draws of it (in the language being
    drawn), worked out once a version for every view of it (``kept.once``): a seat's
    phone, the viewer and the keeper's table all start from them. The viewer's
    (``says_attention`` off) says nothing of what needs attention."""
    current = once(game, Worked.TABLE, lambda: current_table(game)[0])
    broken = attention(current) if says_attention else None
    return current, shared_context(game, current, broken)


def _table(game: Game, request: HttpRequest) -> dict[str, str]:
    # Pushed: the screen has a stream, so its table needs no poll (templates/table.html).
    context = _current(game)[1] | {"pushed": True}
    drawn = {"table": template("table.html#table", context, request)}
    if game.seated:
        # The phones at the seats, to release (once one took a seat): sent when it changes.
        drawn["seats"] = template("table.html#seats", context, request)
    return drawn


# A seat's view is drawn for the seat's number ("seat:2"), for whichever phone holds
# it: with it, the holder's id (a fact of the drawing, never sent), which a seat's
# stream checks before sending anything (scorepad/views/live.py), so that a released
# phone never sees the next one's.
HOLDER = "_holder"
# Every seat a phone may hold: with players who come and go, a game names up to 20.
MOST_SEATS = max(MOST_PLAYERS, *(rules.max_players for rules in GAMES.values()))
# With it, the phones holding any seat then: a phone whose seat moved along (a player
# joined before it) is told apart from one released.
HELD = "_held"


def seat_screen(number: int) -> str:
    """The name of the screen of the seat ``number``."""
    return f"seat:{number}"


def _seat_view(number: int) -> Drawer:
    def draw(game: Game, request: HttpRequest) -> dict[str, str]:
        held = once(game, Worked.SEATS, lambda: _held_seats(game))
        holders = ",".join(str(seat.pk) for seat in held.values())
        seat = held.get(number)
        if seat is None:
            return {HOLDER: "", HELD: holders}
        current, base = _current(game)
        context = seat_context(seat, current, base=base)
        own = context["pad"] or context["own_sealed_bid"] is not None or context["change"]
        if own or context["apart"]:
            html = template("seat.html#seat", context, request)
        else:
            html = _as_any_seat(game, context, request)
        sheet = _sheet(game, request, base, "seat.html#sheet")
        return {HOLDER: str(seat.pk), HELD: holders, "seat": html, "sheet": sheet}

    return draw


# A seat's phone that shows nothing of its own (no pad, no bid of its own, no change
# to offer: every phone but the one asked, most of the time) shows what every such
# phone does, but for its name and links: that is drawn once a version for all of them
# (templates/seat.html, ``drawn``), each phone's own drawn around it (one drawing of
# the round and the totals a version rather than one a phone: rendering is most of
# what a change costs).
def _as_any_seat(game: Game, context: dict[str, Any], request: HttpRequest) -> str:
    def draw() -> dict[str, str]:
        return {
            "now": template("seat.html#seat-now", context, request),
            "rest": template("seat.html#seat-rest", context, request),
        }

    drawn = once(game, AnySeat(translation.get_language(), origin(request)), draw)
    return template("seat.html#seat", context | {"drawn": drawn}, request)


def _held_seats(game: Game) -> dict[int, Seat]:
    """The seats a phone holds, by number: read once a version for every seat's view."""
    held = {seat.number: seat for seat in Seat.objects.filter(game=game, released__isnull=True)}
    for seat in held.values():
        seat.game = game
    return held


def _viewer(game: Game, request: HttpRequest) -> dict[str, str]:
    context = _current(game, says_attention=False)[1]
    return {
        "live": template("viewer.html#live", context, request),
        "sheet": _sheet(game, request, context, "viewer.html#sheet"),
    }


# The viewer's sheet (and a seat's) changes with the record only (a round's end, a
# correction), not at every tap: kept by the record's hash, it is drawn once a round.
_sheets: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_sheets_lock = threading.Lock()


def _sheet(game: Game, request: HttpRequest, context: dict[str, Any], name: str) -> str:
    key = (
        name,
        game.pk,
        sheet_state(game),
        game.correcting,
        translation.get_language(),
        origin(request),
    )
    with _sheets_lock:
        kept = _sheets.get(key)
    if kept is None:
        # As the page draws it: the sheet reads the table's context too.
        kept = template(name, context | sheet_context(game), request)
        with _sheets_lock:
            _sheets[key] = kept
            while len(_sheets) > 128:
                _sheets.popitem(last=False)
    return kept


# Every screen a stream shows, by name.
SCREENS: dict[str, Drawer] = {
    "table": _table,
    "viewer": _viewer,
    "sheet": sheet_parts,
    **{seat_screen(number): _seat_view(number) for number in range(MOST_SEATS)},
}


def draw(game: Game, screen: str, language: str, site: str) -> dict[str, str]:
    """The fragments of ``screen`` for ``game`` in ``language``, seen on ``site``."""
    with translation.override(language):
        return SCREENS[screen](game, Origin(site))
