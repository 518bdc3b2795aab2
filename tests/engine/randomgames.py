"""Random legal games of any game, played through the table's own steps.

Each tap is an answer as the table posts it (``bench.games.random_answer``), read
into an entry by the step on offer: the same reading the entry form uses.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bench.games import next_table
from rules_engine import GAMES, Record, RulesError, StepKind, Table, new_record, table

# Options that keep random games short enough for property tests; a game not listed
# (a new one, the tests' own) is played with its options as ruled.
SHORT: dict[str, dict[str, Any]] = {
    "oh-hell": {"style": "short-down"},
    "brink-bid": {},
    "boerenbridge": {},
    "sinker": {"deals": 4},
    "abracadabra": {"deals": 2},
    "wizard": {"hands": [1, 3, 2, 4, 1]},
    "skull-king": {"hands": [1, 2, 3, 5, 2]},
    "spades": {"target": 100},
}


def random_tables(
    game: str,
    rng: random.Random,
    max_rounds: int = 12,
    options: dict[str, Any] | None = None,
    count: int | None = None,
) -> Iterator[Table]:
    """Every table state of a game of random allowed taps, until it ends or
    ``max_rounds`` rounds are in (with the short options above unless given)."""
    rules = GAMES[game]
    chosen = SHORT.get(game, {}) if options is None else options
    if count is None:
        count = rng.randint(*rules.player_range(chosen))
    players = [f"P{seat}" for seat in range(count)]
    current = table(new_record(game, players, rng.randrange(count), chosen))
    yield current
    while len(current.record.rounds) < max_rounds and current.step.kind is not StepKind.OVER:
        current = next_table(current, rng)
        yield current


def random_game(
    game: str,
    rng: random.Random,
    max_rounds: int = 12,
    options: dict[str, Any] | None = None,
    count: int | None = None,
) -> Record:
    """Play random allowed choices until the game ends or ``max_rounds`` rounds are in."""
    *_, last = random_tables(game, rng, max_rounds, options, count)
    return last.record


# Expressions a family might write, all allowed (the ruling's examples among them).
EXPRESSIONS = (
    "10 + t",
    "t",
    "10",
    "-10 * abs(t - b)",
    "20 if b == 0 else 10 + t",
    "5",
    "2 if abs(t - b) == 1 else 0",
    "10 + 2 * t",
    "-2 * abs(t - b)",
    "10 + b",
    "-b",
    "b * b + 10",
    "-(b - t) * (b - t)",
    "h - t if t < b else t - h",
    "max(0, 10 - 3 * abs(t - b))",
    "min(t, b, 3) * n",
    "t // 2 + h % 3",
    "(t > b) * -5 + (t < b) * -3",
    "not t and 7 or t",
    "t == 0 or 100 // t",
    "0 < t <= b and 4 or -4",
    "n * 2 - h // n",
)


def random_expression(rng: random.Random) -> str:
    """One of the expressions above, or two of them joined by an operator."""
    first = rng.choice(EXPRESSIONS)
    if rng.random() < 0.6:
        return first
    operator = rng.choice(["+", "-", "*", "//", "%", "if b > 1 else"])
    second = rng.choice(EXPRESSIONS)
    return f"({first}) {operator} ({second})"


def random_hands(most: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, most) for _ in range(rng.randint(1, 8))]


def random_house_rules(game: str, players: int, rng: random.Random) -> dict[str, Any]:
    """Random house rules for ``game`` that the engine accepts (expressions may not be:
    a pair that can divide by zero or leave -10000..10000 is refused, and retried)."""
    options: dict[str, Any] = {}
    most = {"wizard": 60, "skull-king": 70}.get(game, 52) // players
    if game in ("wizard", "skull-king") and rng.random() < 0.3:
        options["bidding"] = rng.choice(["open", "sealed"])
    if game == "skull-king":
        # The hands (short here), the bidding, the bonus on a miss and the scoring.
        options["hands"] = random_hands(min(most, 10), rng)
        if rng.random() < 0.4:
            options["bonus_on_miss"] = rng.random() < 0.5
        if rng.random() < 0.4:
            options["scoring"] = "custom"
            options["made"] = random_expression(rng)
            options["missed"] = random_expression(rng)
        return options
    if rng.random() < 0.7:
        options["hands"] = random_hands(most, rng)
    elif game == "oh-hell":
        options["style"] = rng.choice(["short-down", "short-up", "short-up-down"])
    if rng.random() < 0.3:
        options["bidding"] = rng.choice(["open", "sealed"])  # changes no score
    if rng.random() < 0.6:
        options["hook"] = rng.choice(["on", "off", *(["leader"] if game != "boerenbridge" else [])])
    if rng.random() < 0.4:
        options["hook_from"] = rng.randint(1, 6)
    if rng.random() < 0.7:
        options["scoring"] = "custom"
        options["made"] = random_expression(rng)
        options["missed"] = random_expression(rng)
    elif game == "oh-hell":
        options["scoring"] = rng.choice(["positive", "neutral", "negative"])
    if game == "boerenbridge" and "hands" in options and rng.random() < 0.3:
        options["end"] = "hands"  # the game of fixed length: no target, nor bounce
        if rng.random() < 0.4:
            options["sit_out"] = rng.choice([None, rng.randint(1, 60)])
    elif game == "boerenbridge":
        if rng.random() < 0.7:
            options["target"] = rng.randint(10, 60)
        if rng.random() < 0.6:
            options["sit_out"] = rng.choice([None, rng.randint(1, 60)])
        if rng.random() < 0.5:
            options["bounce"] = rng.random() < 0.5
    return options


def random_house_game(game: str, rng: random.Random, max_rounds: int = 12) -> Record:
    """A random game of ``game`` under random house rules the engine accepts."""
    rules = GAMES[game]
    count = rng.randint(rules.min_players, rules.max_players)
    for _ in range(50):
        options = random_house_rules(game, count, rng)
        try:
            new_record(game, [f"P{seat}" for seat in range(count)], 0, options)
        except RulesError:
            continue
        return random_game(game, rng, max_rounds, options, count)
    raise AssertionError("no house rules accepted")  # pragma: no cover
