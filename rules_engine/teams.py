"""Partnerships: players who score as one (Spades' two teams of partners sitting opposite).

A game played by partners says who plays with whom (``GameRules.partnerships``); the
sheet then prints the teams, each team's round score and what it carries over (its
bags), and every partner carries the team's score and total, so that the totals, the
end and the winners work as in every game: both partners of the team on the highest
total win. A later game with partners (partnership Oh Hell, Tarneeb) takes the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .messages import Message, add

MESSAGES = add(
    {
        "team_name": "{first} & {second}",
        "teams_against": "{first} against {second}",
    }
)


@dataclass(frozen=True)
class Partnerships:
    """The teams, each a tuple of seats, in the order of their first seat."""

    teams: tuple[tuple[int, ...], ...]

    def team_of(self, seat: int) -> int:
        """The index of the team ``seat`` plays in."""
        return next(index for index, team in enumerate(self.teams) if seat in team)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats playing with ``seat`` (not ``seat`` itself)."""
        return tuple(s for s in self.teams[self.team_of(seat)] if s != seat)

    def name(self, team: int, players: Sequence[str]) -> str:
        """A team as players name it: "Ann & Cat"."""
        names = [players[seat] for seat in self.teams[team]]
        name = names[0]
        for other in names[1:]:
            name = Message("team_name", first=name, second=other)
        return name

    def names(self, players: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.name(team, players) for team in range(len(self.teams)))

    def against(self, players: Sequence[str]) -> str:
        """The teams as they sit: "Ann & Cat against Bob & Dev"."""
        names = self.names(players)
        said = names[0]
        for other in names[1:]:
            said = Message("teams_against", first=said, second=other)
        return said

    def team_scores(self, scores: Sequence[int | None]) -> tuple[int | None, ...]:
        """Each team's score, from a score a seat in which every partner carries the
        team's (its first seat's)."""
        return tuple(scores[team[0]] for team in self.teams)


def across(players: int) -> Partnerships:
    """Partners sitting opposite: with four, seats 0 and 2 against seats 1 and 3."""
    half = players // 2
    return Partnerships(tuple((seat, seat + half) for seat in range(half)))
