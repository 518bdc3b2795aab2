"""Games to measure with: played through the engine's own steps, with a fixed seed.

Every choice is one the table would offer (an allowed choice of the step), so a
game made here is a game players could have entered by taps.
"""

from __future__ import annotations

import random
from typing import Any

from rules_engine import (
    GAMES,
    Entry,
    Record,
    RulesError,
    Step,
    StepKind,
    new_record,
    play,
    roll_brink_dice,
    table,
)

PLAYERS = ("Ann", "Bob", "Cas", "Dev", "Eve", "Fay", "Gus")


def players(count: int) -> list[str]:
    return list(PLAYERS[:count])


def _value(kind: StepKind, values: list[str], rng: random.Random) -> Any:
    if kind is StepKind.NAME:
        return sorted(int(v) for v in rng.sample(values, rng.randint(0, len(values))))
    if kind is StepKind.DECLARE:
        picked = sorted(int(v) for v in rng.sample(values, rng.randint(0, len(values))))
        return {"exposed": picked, "pile_exposed": None}
    value = rng.choice(values)
    return int(value) if value.isdigit() else value


def _candidate(record: Record, step: Step, rng: random.Random) -> Entry:
    if step.kind is StepKind.ROLL:
        return Entry("dice", None, roll_brink_dice(rng).to_json())
    value = _value(step.kind, [c.value for c in step.choices if c.allowed], rng)
    if step.kind is StepKind.DECLARE:
        value["pile_exposed"] = [rng.random() < 0.2 for _ in record.players]
    seat = rng.choice(step.seats) if step.seats else step.seat
    return Entry(step.kind.value, seat, value)


def next_entry(
    record: Record, pending: tuple[Entry, ...], rng: random.Random
) -> tuple[Record, tuple[Entry, ...]]:
    """The game after a random entry the current step allows (tried until one is taken)."""
    step = table(record, pending).step
    for _ in range(500):
        try:
            return play(record, pending, _candidate(record, step, rng))
        except RulesError:
            continue  # e.g. naming the wrong number of tricks: try another
    raise AssertionError(f"no allowed entry found for {step}")


def one_round(record: Record, rng: random.Random) -> Record:
    """The record with one more round, played by random allowed taps."""
    pending: tuple[Entry, ...] = ()
    rounds = len(record.rounds)
    while len(record.rounds) == rounds:
        record, pending = next_entry(record, pending, rng)
    return record


def game_in_progress(
    game: str, count: int, rounds: int, seed: int = 6, options: dict[str, Any] | None = None
) -> Record:
    """``rounds`` rounds played, and the next round starts with a bid: a round that would
    end the game, or leave nobody to bid (Boerenbridge's 80 points), is played again.

    Boerenbridge runs until someone has exactly 100, so it can be 30 rounds long.
    """
    rng = random.Random(seed)
    record = new_record(game, players(count), 0, options or {})
    while len(record.rounds) < rounds:
        for _ in range(500):
            longer = one_round(record, rng)
            if table(longer).step.kind in (StepKind.BID, StepKind.ROLL):
                record = longer
                break
        else:  # pragma: no cover -- every round ended the game
            raise AssertionError(f"{game} could not be kept going for {rounds} rounds")
    return record


def whole_game(game: str, rng: random.Random, max_rounds: int = 60) -> Record:
    """A whole game with the default options, for some number of players the game allows."""
    rules = GAMES[game]
    count = rng.randint(rules.min_players, rules.max_players)
    record = new_record(game, players(count), rng.randrange(count), {})
    while table(record).step.kind is not StepKind.OVER and len(record.rounds) < max_rounds:
        record = one_round(record, rng)
    return record


def first_tap(record: Record, pending: tuple[Entry, ...] = ()) -> Entry:
    """The first choice of the current step the engine takes: what a tester taps first.

    A roll is the table's own ("roll": the server rolls), so it is not tried here.
    """
    step = table(record, pending).step
    if step.kind is StepKind.ROLL:
        return Entry("roll", None, None)
    seat = step.seats[0] if step.seats else step.seat
    for choice in step.choices:
        if choice.allowed:
            entry = Entry(step.kind.value, seat, int(choice.value))
            try:
                play(record, pending, entry)
            except RulesError:
                continue  # allowed on its own, refused with the rest (a hook at confirming)
            return entry
    raise AssertionError(f"nothing allowed at {step}")


def before_last_tap(record: Record) -> tuple[Entry, ...]:
    """The current round's entries up to the tap that finishes it (the last tricks)."""
    pending: tuple[Entry, ...] = ()
    while True:
        entry = first_tap(record, pending)
        after, then = play(record, pending, entry)
        if len(after.rounds) > len(record.rounds):
            return pending
        pending = then


def tap_form(entry: Entry, version: int) -> dict[str, Any]:
    """The entry form's fields for ``entry``, as the table's buttons post them."""
    data: dict[str, Any] = {"version": version, "kind": entry.kind}
    for name in ("value", "seat"):
        if getattr(entry, name) is not None:
            data[name] = getattr(entry, name)
    return data
