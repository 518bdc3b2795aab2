"""Games to measure with: played through the engine's own steps, with a fixed seed.

Every choice is one the table would offer (an allowed choice of the step), so a
game made here is a game players could have entered by taps.
"""

from __future__ import annotations

import random
from typing import Any

from rules_engine import (
    GAMES,
    Answer,
    Entry,
    Record,
    RulesError,
    Shape,
    Step,
    StepKind,
    Table,
    new_record,
    play,
    table,
)

PLAYERS = ("Ann", "Bob", "Cas", "Dev", "Eve", "Fay", "Gus", "Hal")  # Skull King takes 8


def players(count: int) -> list[str]:
    return list(PLAYERS[:count])


def random_answer(step: Step, rng: random.Random) -> Answer:
    """A random answer of what ``step`` offers: an allowed choice tapped, boxes ticked,
    the roll button pressed. The engine reads it as the entry form's answer is read."""
    kind = str(step.kind)
    values = [c.value for c in step.choices if c.allowed]
    ticked: tuple[str, ...] = ()
    piles: tuple[str, ...] = ()
    value = ""
    # By the step's shape, as the table draws it, never by a game's own kinds.
    if step.shape is Shape.ROLL:
        return Answer(kind)
    if step.shape is Shape.TOGGLES:
        ticked = tuple(rng.sample(values, rng.randint(0, len(values))))
    else:
        value = rng.choice(values)
    if step.shape is Shape.TOGGLES and step.piles:
        piles = tuple(pile.value for pile in step.piles if rng.random() < 0.2)
    seat = rng.choice(step.seats) if step.seats else step.seat
    return Answer(kind, "" if seat is None else str(seat), value, ticked, piles)


def next_table(current: Table, rng: random.Random) -> Table:
    """The table after a random answer the current step allows (tried until one is taken)."""
    for _ in range(500):
        try:
            return play(current, current.entry(random_answer(current.step, rng), rng))
        except RulesError:
            continue  # e.g. naming the wrong number of tricks: try another
    raise AssertionError(f"no allowed entry found for {current.step}")


def one_round(record: Record, rng: random.Random) -> Record:
    """The record with one more round, played by random allowed taps."""
    current = table(record)
    while len(current.record.rounds) == len(record.rounds):
        current = next_table(current, rng)
    return current.record


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
            step = table(longer).step
            if step.kind is StepKind.BID or step.shape is Shape.ROLL:
                record = longer
                break
        else:  # pragma: no cover -- every round ended the game
            raise AssertionError(f"{game} could not be kept going for {rounds} rounds")
    return record


def whole_game(game: str, rng: random.Random, max_rounds: int = 60) -> Record:
    """A whole game with the default options, for some number of players the game allows."""
    rules = GAMES[game]
    count = rng.randint(*rules.player_range({}))
    record = new_record(game, players(count), rng.randrange(count), {})
    while table(record).step.kind is not StepKind.OVER and len(record.rounds) < max_rounds:
        record = one_round(record, rng)
    return record


def first_tap(record: Record, pending: tuple[Entry, ...] = ()) -> Answer:
    """The first choice of the current step the engine takes: what a tester taps first.

    A roll is the table's own ("roll": the server rolls), so it is not tried here.
    """
    current = table(record, pending)
    step = current.step
    if step.shape is Shape.ROLL:
        return Answer(str(step.kind))
    seat = str(step.seats[0] if step.seats else step.seat)
    for choice in step.choices:
        if choice.allowed:
            answer = Answer(str(step.kind), seat, choice.value)
            try:
                play(current, current.entry(answer, random.Random(0)))
            except RulesError:
                continue  # allowed on its own, refused with the rest (a hook at confirming)
            return answer
    raise AssertionError(f"nothing allowed at {step}")


def before_last_tap(record: Record) -> tuple[Entry, ...]:
    """The current round's entries up to the tap that finishes it (the last tricks)."""
    current, rng = table(record), random.Random(0)  # a roll here rolls the same each run
    while True:
        after = play(current, current.entry(first_tap(record, current.pending), rng))
        if len(after.record.rounds) > len(record.rounds):
            return current.pending
        current = after


def tap_form(answer: Answer, version: int) -> dict[str, Any]:
    """The entry form's fields for ``answer``, as the table's buttons post them."""
    data: dict[str, Any] = {"version": version, "kind": answer.kind}
    if answer.seat:
        data["seat"] = answer.seat
    if answer.value:
        data["value"] = answer.value
    if answer.values:
        data["values"] = list(answer.values)
    if answer.piles:
        data["pile"] = list(answer.piles)
    return data
