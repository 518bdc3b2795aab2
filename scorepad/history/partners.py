"""A player's partnerships, in the games played by partners (Spades): the games and wins
with each partner, and how their partnerships fared against each other partnership.

Worked out from the stored figures of the player's finished games of those kinds: one
query however many games, everyone's rows in those games. The teams are the engine's
(``GameRules.partnerships``), read from each figure's seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from rules_engine import GAMES, Setup
from rules_engine.teams import Partnerships


@dataclass
class Together:
    """A player's games with one partner."""

    name: str
    name_key: str
    games: int = 0
    wins: int = 0


@dataclass
class Against:
    """A player's partnerships against one other: both its players' names."""

    names: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0


def _teams() -> dict[str, Partnerships]:
    found = {}
    for kind, rules in GAMES.items():
        teams = rules.partnerships(Setup(kind, {}, (), 0))
        if teams is not None:
            found[kind] = teams
    return found


def partnerships(
    key: str, figures: QuerySet[Any], joined: Callable[[list[str]], str]
) -> tuple[list[Together], list[Against]]:
    """With each partner (most games first), and against each partnership met, for the
    player ``key`` among ``figures``; ``joined`` names a partnership ("Bob & Dev")."""
    teams = _teams()
    games = figures.filter(name_key=key, kind__in=list(teams), finished=True).values("game_id")
    everyone = figures.filter(game_id__in=games).values_list(
        "game_id", "seat", "kind", "name", "name_key", "won"
    )
    seats: dict[int, dict[int, tuple[str, str, bool]]] = {}
    mine = []
    for game, seat, kind, name, name_key, won in everyone:
        seats.setdefault(game, {})[seat] = (name, name_key, won)
        if name_key == key:
            mine.append((game, seat, kind, won))
    together: dict[str, Together] = {}
    against: dict[tuple[str, ...], Against] = {}
    for game, seat, kind, won in mine:
        table, partners = seats.get(game, {}), teams[kind]
        for other in partners.partners(seat):
            if other in table:
                name, name_key, _ = table[other]
                row = together.setdefault(name_key, Together(name, name_key))
                row.games += 1
                row.wins += won
        for team in partners.teams:
            if seat in team or not all(s in table for s in team):
                continue
            names = [table[s][0] for s in team]
            row2 = against.setdefault(tuple(table[s][1] for s in team), Against(joined(names)))
            theirs = table[team[0]][2]
            row2.games += 1
            row2.wins += won and not theirs
            row2.losses += theirs and not won
            row2.ties += won == theirs
    return (
        sorted(together.values(), key=lambda row: (-row.games, row.name_key)),
        sorted(against.values(), key=lambda row: (-row.games, row.names)),
    )
