"""Every game Scorepad keeps score for, in the order the app lists them."""

from __future__ import annotations

from collections.abc import Mapping

from .abracadabra import Abracadabra
from .boerenbridge import Boerenbridge
from .brink_bid import BrinkBid
from .core import GameRules
from .oh_hell import OhHell
from .sinker import Sinker
from .skull_king import SkullKing
from .wizard import Wizard

GAMES: Mapping[str, GameRules] = {
    rules.key: rules
    for rules in (
        OhHell(),
        Boerenbridge(),
        BrinkBid(),
        Sinker(),
        Abracadabra(),
        Wizard(),
        SkullKing(),
    )
}
