"""The scorepad/1 game record: reading it, checking it, writing it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .base import GameRules, Round, Setup
from .errors import RulesError
from .options import resolve_options

FORMAT = "scorepad/1"


def _games() -> Mapping[str, GameRules]:
    from .games import GAMES  # the registry imports every game; import it late

    return GAMES


def rules_for(game: object) -> GameRules:
    games = _games()
    if not isinstance(game, str) or game not in games:
        raise RulesError(f"unknown game {game!r} (Scorepad keeps {', '.join(games)})")
    return games[game]


@dataclass(frozen=True)
class Record:
    """One game: who played, under which rules, and what was said and taken."""

    game: str
    players: tuple[str, ...]
    first_dealer: int
    options: Mapping[str, Any] = field(default_factory=dict)
    rounds: tuple[Round, ...] = ()
    # Sheets worked out for this record, strict and lenient (kept by ``sheet``): a
    # record never changes, and one tap asks for its sheet several times over.
    # Not a field of the game: a copy made with ``dataclasses.replace`` starts empty.
    worked_out: dict[bool, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def rules(self) -> GameRules:
        return rules_for(self.game)

    @cached_property
    def setup(self) -> Setup:
        rules = self.rules
        setup = Setup(
            game=self.game,
            options=resolve_options(rules.options, self.options),
            players=self.players,
            first_dealer=self.first_dealer,
        )
        rules.check_setup(setup)
        return setup

    def with_rounds(self, rounds: Sequence[Round]) -> Record:
        return Record(self.game, self.players, self.first_dealer, self.options, tuple(rounds))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "rounds": [dict(rnd) for rnd in self.rounds],
        }


def new_record(
    game: str,
    players: Sequence[str],
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Record:
    """A game with no rounds yet, checked as a record is."""
    return parse_record(
        {
            "format": FORMAT,
            "game": game,
            "options": dict(options or {}),
            "players": list(players),
            "first_dealer": first_dealer,
            "rounds": [],
        }
    )


def check_players(rules: GameRules, players: object) -> tuple[str, ...]:
    """Player names in seat order, as many as the game takes, none blank or twice."""
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise RulesError("players must be a list of names")
    names = tuple(p.strip() for p in players)
    count = len(names)
    if not rules.min_players <= count <= rules.max_players:
        wanted = (
            str(rules.min_players)
            if rules.min_players == rules.max_players
            else f"{rules.min_players} to {rules.max_players}"
        )
        raise RulesError(f"{rules.title} is for {wanted} players, not {count}")
    for name in names:
        if not name:
            raise RulesError("every player needs a name")
        if len(name) > 40:
            raise RulesError(f"the name {name[:40]!r}... is too long (40 characters at most)")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RulesError(f"two players are called {name}: give one another name")
        seen.add(name.casefold())
    return names


def parse_record(data: object) -> Record:
    """A Record from JSON data, with everything but the rounds' contents checked.

    The rounds are checked when they are scored (see ``score``), since a round's
    rules depend on the totals before it.
    """
    if not isinstance(data, Mapping):
        raise RulesError("a game record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RulesError(f"this is not a {FORMAT} game record (format is {data.get('format')!r})")
    for key in data:
        if key not in ("format", "game", "options", "players", "first_dealer", "rounds"):
            raise RulesError(f"the record has an unknown field {key!r}")
    rules = rules_for(data.get("game"))
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RulesError("options must be a JSON object")
    players = check_players(rules, data.get("players"))
    first_dealer = data.get("first_dealer")
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not 0 <= first_dealer < len(players)
    ):
        raise RulesError(f"first_dealer must be a seat from 0 to {len(players) - 1}")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise RulesError("rounds must be a list")
    for number, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, Mapping):
            raise RulesError("a round must be a JSON object", number)
    record = Record(rules.key, players, first_dealer, dict(options), tuple(rounds))
    record.setup  # noqa: B018 -- checks the options now rather than at first use
    return record


def load_record(text: str | bytes) -> Record:
    """A Record from the text of a scorepad/1 file."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RulesError(f"the file is not readable JSON ({error})") from None
    return parse_record(data)
