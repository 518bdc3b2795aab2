"""Properties of every game, over random legal games played through the steps."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import GAMES, RulesError, load_record, parse_record, score

from .randomgames import random_game

GAME_KEYS = list(GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_KEYS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_legal_game_scores_and_round_trips_through_json(game: str, seed: int) -> None:
    record = random_game(game, random.Random(seed))
    sheet = score(record)
    again = load_record(json.dumps(record.to_json()))
    assert score(again) == sheet
    running = [0] * len(record.players)
    rules = record.rules
    for scored in sheet.rounds:
        running = [rules.new_total(t, s) for t, s in zip(running, scored.points, strict=True)]
        assert list(scored.totals) == running
    if sheet.finished:
        count = rules.round_count(record.setup)
        if count is not None:
            assert len(sheet.rounds) == count


def _mutations(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path to a leaf value inside a round."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in _mutations(value, (*path, key))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in _mutations(value, (*path, i))]
    return [path]


def _set(data: object, path: tuple[object, ...], value: object) -> None:
    for key in path[:-1]:
        data = data[key]  # type: ignore[index]
    data[path[-1]] = value  # type: ignore[index]


BAD_VALUES = [1, -1, 99, "x", None, True, 2.5, [], {}]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_KEYS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6), bad=st.sampled_from(BAD_VALUES))
def test_every_refusal_of_a_broken_record_names_a_round(
    game: str, seed: int, pick: int, bad: object
) -> None:
    record = random_game(game, random.Random(seed), max_rounds=4)
    data = copy.deepcopy(record.to_json())
    if not data["rounds"]:
        return
    number = pick % len(data["rounds"])
    paths = _mutations(data["rounds"][number])
    path = paths[pick % len(paths)]
    old = copy.deepcopy(data["rounds"][number])
    if bad == 1 or bad == -1:
        leaf = old
        for key in path:
            leaf = leaf[key]
        if isinstance(leaf, int) and not isinstance(leaf, bool):
            bad = leaf + bad  # a plausible neighbouring number
    _set(data["rounds"][number], path, bad)
    try:
        score(parse_record(data))
    except RulesError as error:
        assert error.round_number is not None and 1 <= error.round_number <= len(data["rounds"])
        assert str(error).startswith(f"round {error.round_number}: ")
        assert error.round_number >= number + 1
