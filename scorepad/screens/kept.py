"""What one version of a game works out once in this process, for every screen drawn
of it: each live view of a change asks for the same table, the same seats, the same
table context, and the answer to the tap that saved it asks too (``once``).

What is kept is named by a key of its own type (``Worked``, ``Context``, ``AnySeat``),
shared by the screens that ask (scorepad/screens/) and what keeps it on a save
(scorepad/play.py): a name is searched for, never spelled twice.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from django.db import transaction

from rules_engine import Table
from scorepad.models import Game


class Worked(Enum):
    """What every screen of a version starts from."""

    TABLE = "table"  # the table as stored (``current_table``), or as a tap saved it
    SEATS = "seats"  # the seats a phone holds, by number


@dataclass(frozen=True, slots=True)
class Context:
    """The table screen's context, in one language, with one error said (or none)."""

    language: str | None
    error: str | None


@dataclass(frozen=True, slots=True)
class AnySeat:
    """A seat's phone that shows nothing of its own, drawn once for every such phone."""

    language: str | None
    site: str


type Known = Worked | Context | AnySeat


class _State:
    """One version of a game as this process draws it: the game row, read once (or
    kept from the tap that saved it here), and what the views of that version work
    out alike (its table, its seats), worked out by whichever view draws first."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.known: dict[Known, Any] = {}
        # What is being worked out now, by key: another thread asking for it waits
        # for it rather than working it out too (the tap's answer and its streams').
        self.working: dict[Known, threading.Lock] = {}


_lock = threading.Lock()
_STATES = 64  # the versions lately drawn or saved here: a change's views come together
_states: OrderedDict[tuple[int, int], _State] = OrderedDict()


def _state_of(game: Game) -> _State:
    key = (game.pk, game.version)
    with _lock:
        state = _states.get(key)
        if state is None:
            state = _states[key] = _State(game)
            while len(_states) > _STATES:
                _states.popitem(last=False)
        return state


def saved(game: Game, table: Table) -> Game:
    """A tap saved ``game`` here as ``table``, the engine's: kept, once committed (a
    version rolled back is never drawn), so that this process's screens of the version
    start from that table and that game row without reading or working either out
    again. A copy is kept (the request goes on with its own), and returned, for the
    drawings of the change (scorepad/live/drawings.py, ``share``)."""
    kept = copy.copy(game)
    transaction.on_commit(lambda: keep(kept, {Worked.TABLE: table}))
    return kept


def keep(game: Game, known: dict[Known, Any]) -> None:
    """Keep a version saved here, with what the save worked out (``saved``)."""
    state = _state_of(game)
    with _lock:
        state.known.update(known)


def kept_game(game_id: int, version: int) -> Game | None:
    """The game at ``version`` where it was kept or drawn here lately."""
    with _lock:
        state = _states.get((game_id, version))
    return state.game if state is not None else None


def forget_all() -> None:
    """Forget every version kept (the tests: a database rolled back)."""
    with _lock:
        _states.clear()


def once[T](game: Game, key: Known, work: Callable[[], T], kept_only: bool = False) -> T:
    """What ``work`` gives for this version of the game, worked out once in this
    process for every view drawn of it (each view of a change asks for the same
    table), also when two threads ask at once. Read only, never changed: each view
    copies what it changes.

    ``kept_only``: shared only where this process kept the version already (a tap
    saved it here, ``keep``); elsewhere just ``work`` (a page's own request keeps
    nothing of its game here)."""
    with _lock:
        state = _states.get((game.pk, game.version))
    if state is None:
        if kept_only:
            return work()
        state = _state_of(game)
    with _lock:
        if key in state.known:
            return state.known[key]  # type: ignore[no-any-return]
        working = state.working.setdefault(key, threading.Lock())
    with working:
        with _lock:
            if key in state.known:  # worked out by the thread this one waited for
                return state.known[key]  # type: ignore[no-any-return]
        try:
            value = work()
        except BaseException:
            with _lock:
                state.working.pop(key, None)
            raise
        with _lock:
            state.working.pop(key, None)
            return state.known.setdefault(key, value)  # type: ignore[no-any-return]
