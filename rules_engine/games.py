"""Every game Scorepad keeps score for, in the order the app lists them.

A new game is a module of its own (its rules, its kinds of step, its words), its
templates if its steps take a shape no game has yet, and a line here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .abracadabra import Abracadabra
from .boerenbridge import Boerenbridge
from .brink_bid import BrinkBid
from .core import GameRules
from .oh_hell import OhHell
from .sinker import Sinker
from .skull_king import SkullKing
from .spades import Spades
from .wizard import Wizard

_GAMES: dict[str, GameRules] = {
    rules.key: rules
    for rules in (
        OhHell(),
        Boerenbridge(),
        BrinkBid(),
        Sinker(),
        Abracadabra(),
        Wizard(),
        SkullKing(),
        Spades(),
    )
}

GAMES: Mapping[str, GameRules] = _GAMES
"""The games by key, as registered: the line above, or ``register``."""

BUILT_IN: Mapping[str, GameRules] = MappingProxyType(dict(_GAMES))
"""The games of the line above alone, not those added by ``register`` (the tests'
own): the games whose words the app carries, in Dutch too."""


def register(rules: GameRules) -> GameRules:
    """A game added after the line above (a game of the tests' own): listed last."""
    if rules.key in _GAMES:
        raise KeyError(f"a game {rules.key!r} is registered already")
    _GAMES[rules.key] = rules
    return rules


def withdraw(key: str) -> None:
    """A game added by ``register`` taken out again."""
    _GAMES.pop(key, None)
