"""Every game Scorepad keeps score for, in the order the app lists them."""

from __future__ import annotations

from collections.abc import Mapping

from .base import GameRules
from .oh_hell import OhHell

GAMES: Mapping[str, GameRules] = {rules.key: rules for rules in (OhHell(),)}
