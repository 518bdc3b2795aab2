"""Random legal games of any game, played through the table's own steps."""

from __future__ import annotations

import random
from typing import Any

from rules_engine import (
    GAMES,
    Entry,
    Record,
    RulesError,
    StepKind,
    new_record,
    play,
    roll_brink_dice,
    table,
)

# Options that keep random games short enough for property tests.
SHORT = {
    "oh-hell": {"style": "short-down"},
    "brink-bid": {},
    "boerenbridge": {},
    "sinker": {"deals": 4},
    "abracadabra": {"deals": 2},
}


def _value(kind: StepKind, values: list[str], rng: random.Random) -> Any:
    if kind in (StepKind.NAME, StepKind.DECLARE):
        picked = sorted(int(v) for v in rng.sample(values, rng.randint(0, len(values))))
        if kind is StepKind.NAME:
            return picked
        return {"exposed": picked, "pile_exposed": None}
    value = rng.choice(values)
    return int(value) if value.isdigit() else value


def random_game(game: str, rng: random.Random, max_rounds: int = 12) -> Record:
    """Play random allowed choices until the game ends or ``max_rounds`` rounds are in."""
    rules = GAMES[game]
    count = rng.randint(rules.min_players, rules.max_players)
    players = [f"P{seat}" for seat in range(count)]
    record = new_record(game, players, rng.randrange(count), SHORT[game])
    pending: tuple[Entry, ...] = ()
    while len(record.rounds) < max_rounds:
        current = table(record, pending)
        step = current.step
        if step.kind is StepKind.OVER:
            break
        values = [c.value for c in step.choices if c.allowed]
        for _ in range(200):
            kind = step.kind.value
            if step.kind is StepKind.ROLL:
                kind, value = "dice", roll_brink_dice(rng).to_json()
            else:
                value = _value(step.kind, values, rng)
            if step.kind is StepKind.DECLARE:
                value["pile_exposed"] = [rng.random() < 0.2 for _ in players]
            seat = step.seat
            if step.seats:
                seat = rng.choice(step.seats)
            try:
                record, pending = play(record, pending, Entry(kind, seat, value))
                break
            except RulesError:
                continue  # e.g. naming the wrong number of tricks: try another
        else:  # pragma: no cover -- would mean a step with no way on
            raise AssertionError(f"no allowed entry found for {step}")
    return record
