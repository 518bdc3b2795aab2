"""The engine agrees with a second scorer written from RULINGS.md alone, on random
records with random house rules: scores, totals, the end, the winners, and which
records are refused."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import RulesError, parse_record, read_expression, score

from . import reference_scorer as reference
from .randomgames import random_house_game, random_house_rules

GAMES = ("oh-hell", "boerenbridge", "brink-bid", "wizard", "skull-king")
# A first batch in the fast suite; hundreds more records with -m slow.
BATCHES = [0, *(pytest.param(batch, marks=pytest.mark.slow) for batch in (1, 2, 3))]


def engine(data: dict[str, Any]) -> dict[str, Any] | None:
    """What the engine prints for a record, or None where it refuses it."""
    try:
        return score(parse_record(copy.deepcopy(data))).to_json()
    except RulesError:
        return None


def second(data: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return reference.score(copy.deepcopy(data))
    except reference.Refused:
        return None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("batch", BATCHES)
def test_the_engine_scores_random_house_rule_games_as_the_reference_does(
    game: str, batch: int
) -> None:
    for seed in range(batch * 25, batch * 25 + 25):
        data = random_house_game(game, random.Random(seed), max_rounds=20).to_json()
        expected = second(data)
        assert expected is not None, json.dumps(data)
        assert engine(data) == expected, json.dumps(data)


def _hand(rng: random.Random, h: int, n: int) -> list[int]:
    """Tricks that add up to ``h``, dealt at random."""
    tricks = [0] * n
    for _ in range(h):
        tricks[rng.randrange(n)] += 1
    return tricks


def random_record(game: str, rng: random.Random) -> dict[str, Any]:
    """A record built without the engine: rounds the reference accepts, then, now and
    then, one it may not (a hooked bid, a bid from a player sitting out...)."""
    low, high = reference.PLAYERS[game]
    n = rng.randint(low, high)
    data: dict[str, Any] = {
        "format": "scorepad/1",
        "game": game,
        "options": random_house_rules(game, n, rng),
        "players": [f"P{seat}" for seat in range(n)],
        "first_dealer": rng.randrange(n),
        "rounds": [],
    }
    try:
        sheet = reference.score(data)
    except reference.Refused:
        return data
    for _ in range(rng.randint(0, 25)):
        if sheet["finished"]:
            break
        index = len(data["rounds"])
        sizes = reference.hand_sizes(game, reference.options_of(game, data["options"], n), n)
        h = sizes[index % len(sizes)]
        for _attempt in range(30):
            bids: list[int | None] = [rng.randint(0, min(h, 3)) for _ in range(n)]
            if game == "boerenbridge" and rng.random() < 0.9:
                fixed = data["options"].get("end") == "hands"  # nobody sits out, unless set
                sit_out = data["options"].get("sit_out", None if fixed else 80)
                bids = [
                    None if sit_out is not None and total >= sit_out else bid
                    for bid, total in zip(bids, sheet["totals"], strict=True)
                ]
            rnd: dict[str, Any] = {"bids": bids, "tricks": _hand(rng, h, n)}
            if game == "skull-king":
                _skull_king_extras(rng, rnd, h)
            if game == "oh-hell" and rng.random() < 0.3:
                # Refused in a round that deals the whole pack, but for "none".
                rnd["trump"] = rng.choice([*reference.SUITS, "none"])
            data["rounds"].append(rnd)
            try:
                sheet = reference.score(data)
                break
            except reference.Refused:
                if rng.random() < 0.03:
                    return data  # keep a broken round: both must refuse it
                data["rounds"].pop()
        else:
            break
    return data


def _skull_king_extras(rng: random.Random, rnd: dict[str, Any], h: int) -> None:
    """Now and then a lost trick (taken from a player who had one) and bonuses, some
    beside a missed bid, some below 0, some out of range."""
    tricks = rnd["tricks"]
    if rng.random() < 0.3 and any(tricks):
        seat = rng.choice([s for s, t in enumerate(tricks) if t])
        tricks[seat] -= 1
        rnd["lost"] = 1 + (rng.random() < 0.02)  # now and then one too many
    if rng.random() < 0.5:
        points = [0, 0, 10, 20, 30, 40, 60, 500, 501, -20, -500, -501]
        rnd["bonus"] = [rng.choice(points) for _ in tricks]
    for seat, t in enumerate(tricks):
        if rng.random() < 0.3:
            rnd["bids"][seat] = t  # made bids, so that bonuses count


@pytest.mark.parametrize("count", [40, pytest.param(200, marks=pytest.mark.slow)])
@pytest.mark.parametrize("game", GAMES)
def test_the_engine_refuses_and_accepts_the_records_the_reference_does(
    game: str, count: int
) -> None:
    rng = random.Random(f"reference {game} {count}")
    refused = 0
    for _ in range(count):
        data = random_record(game, rng)
        expected = second(data)
        refused += expected is None
        assert engine(data) == expected, json.dumps(data)
    assert refused > 0  # the comparison covered refusals too


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_option_is_refused_or_scored_alike(game: str) -> None:
    rng = random.Random(f"options {game}")
    values: list[object] = [None, True, False, 0, 1, 4, 13, 61, 1001, -3, "on", "off", "leader",
                            "custom", "t", "10 // t", [], [1, 2], [0], "standard",
                            "long", "target", "hands"]  # fmt: skip
    names = ["hands", "hook", "hook_from", "scoring", "made", "missed", "style", "target",
             "sit_out", "bounce", "success", "end", "bonus_on_miss"]  # fmt: skip
    for seed in range(60):
        data = random_house_game(game, random.Random(seed), max_rounds=6).to_json()
        data["options"][rng.choice(names)] = rng.choice(values)
        assert engine(data) == second(data), json.dumps(data)


# --- Expressions: random formulas read alike ----------------------------------------

ATOMS = st.sampled_from(["b", "t", "h", "n", "0", "1", "2", "3", "10", "007", "0x1", "1.5",
                         "True", "x"])  # fmt: skip


def _formula(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.sampled_from(["+", "-", "*", "//", "%", "**", "/", "==", "!=", "<", "<=", ">",
                              ">=", "and", "or", "<<", "in"])  # fmt: skip
    return st.one_of(
        st.tuples(children, binary, children).map(lambda p: f"({p[0]} {p[1]} {p[2]})"),
        children.map(lambda c: f"-{c}"),
        children.map(lambda c: f"not {c}"),
        children.map(lambda c: f"abs({c})"),
        st.lists(children, min_size=1, max_size=3).map(lambda cs: f"min({', '.join(cs)})"),
        st.lists(children, min_size=1, max_size=3).map(lambda cs: f"max({', '.join(cs)})"),
        st.tuples(children, children, children).map(lambda p: f"({p[0]} if {p[1]} else {p[2]})"),
        st.tuples(children, children, children).map(lambda p: f"({p[0]} < {p[1]} <= {p[2]})"),
    )


FORMULAS = st.recursive(ATOMS, _formula, max_leaves=6)


@settings(max_examples=150, deadline=None)
@given(text=FORMULAS, b=st.integers(0, 13), t=st.integers(0, 13), extra=st.integers(0, 5))
def test_a_random_formula_is_read_and_worked_out_as_the_reference_does(
    text: str, b: int, t: int, extra: int
) -> None:
    try:
        tree = reference.expression(text)
    except reference.Refused:
        tree = None
    try:
        formula = read_expression(text, "made")
    except RulesError:
        formula = None
    assert (formula is None) == (tree is None), text
    if formula is not None and tree is not None:
        h, n = max(b, t, 1) + extra, 2 + extra
        assert formula(b, t, h, n) == int(reference._value(tree, b, t, h, n)), text
