"""The rounds of a game before it is played: for a printed score sheet.

Every round's number, hand size and dealer come from the game's own rules
(``GameRules.hand_size``, ``round_count`` and ``Setup.dealer``), so a sheet
printed before the game matches the one the app keeps during it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .core import Setup
from .errors import RulesError
from .messages import Message
from .options import resolve_options
from .record import check_players, rules_for

OPEN_ROWS = 20
"""Rows for a game that plays to a score (Boerenbridge to 100, Abracadabra to
300): it has no fixed number of rounds, and 20 is more than most games need."""


@dataclass(frozen=True)
class ScheduledRound:
    number: int  # 1-based, as players count
    hand_size: int
    dealer: int  # a seat, 0-based


def schedule(
    game: str,
    options: Mapping[str, object],
    players: int,
    first_dealer: int = 0,
    open_rows: int = OPEN_ROWS,
) -> tuple[ScheduledRound, ...]:
    """Every round of ``game`` for ``players`` players, ``first_dealer`` dealing first.

    A game with no fixed number of rounds gets ``open_rows`` rounds. Options are
    checked as a record's are, and a wrong player count or seat is refused.
    """
    rules = rules_for(game)
    names = check_players(rules, [f"Player {seat + 1}" for seat in range(players)])
    if not 0 <= first_dealer < players:
        raise RulesError(Message("plan_first_dealer", players=players, seat=first_dealer + 1))
    setup = Setup(rules.key, resolve_options(rules.options, options), names, first_dealer)
    rules.check_setup(setup)
    count = rules.round_count(setup)
    rounds = open_rows if count is None else count
    return tuple(
        ScheduledRound(index + 1, rules.hand_size(setup, index), setup.dealer(index))
        for index in range(rounds)
    )
