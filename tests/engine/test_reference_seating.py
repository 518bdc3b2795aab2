"""The engine agrees with the reference scorer (written from RULINGS.md alone) on random
records of tables whose players come and go (RULINGS.md, "Players come and go, the plan
changes, the table stops"): who deals, the hand sizes under each plan, scores, totals,
the end, the winners, what the score command prints, and which records are refused."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from . import reference_scorer as reference
from .random_seating import GAMES, random_seating_record
from .test_reference import engine, second

# A first batch in the fast suite; hundreds more records with -m slow.
BATCH = 30
BATCHES = [0, *(pytest.param(batch, marks=pytest.mark.slow) for batch in range(1, 15))]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("batch", BATCHES)
def test_the_engine_scores_tables_whose_players_come_and_go_as_the_reference_does(
    game: str, batch: int
) -> None:
    rng = random.Random(f"seating {game} {batch}")
    for _ in range(BATCH):
        data = random_seating_record(game, rng)
        assert engine(data) == second(data), json.dumps(data)


# --- What the random records cover ---------------------------------------------------


def _covered(data: dict[str, Any], sheet: dict[str, Any] | None) -> set[str]:
    """The rulings a record (scored by the reference, or refused) puts to the test."""
    if sheet is None:
        return {"refused"}
    seen = {"accepted"}
    rounds, lines = data["rounds"], sheet["rounds"]
    seated = [line.get("seated", list(range(len(data["players"])))) for line in lines]
    for index in range(1, len(rounds)):
        before, now = set(seated[index - 1]), set(seated[index])
        earlier = set().union(*seated[: index - 1])
        if before - now:
            seen.add("a player leaves")
        if (now - before) & earlier:
            seen.add("a player comes back")
        if lines[index - 1]["dealer"] not in now:
            seen.add("the dealer leaves")
        if any(value is not None for value in rounds[index].get("start", [])):
            seen.add("a player joins with a starting total")
        if "plan" in rounds[index] and before == now:
            seen.add("a new plan for the same table")
    if sheet["finished"]:
        seen.add("stopped" if data.get("stopped") else "finished by the rules")
        top = max(sheet["totals"])
        if all(sheet["totals"][seat] < top for seat in seated[-1]):
            seen.add("a player who left is not ranked")
        if not data.get("stopped") and any("plan" in rnd for rnd in rounds):
            seen.add("the game ends under a plan")
    if data["game"] == "boerenbridge":
        for rnd in rounds:
            for seat, value in enumerate(rnd.get("start", [])):
                if value is not None and rnd["bids"][seat] is None:
                    seen.add("a joiner sits out at once")
        plans = [index for index, rnd in enumerate(rounds) if "plan" in rnd]
        if plans and len(rounds) - plans[-1] > len(rounds[plans[-1]]["plan"]):
            seen.add("a plan repeats")
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_the_random_records_put_every_ruling_on_coming_and_going_to_the_test(game: str) -> None:
    seen: Counter[str] = Counter()
    for batch in range(5):
        rng = random.Random(f"seating {game} {batch}")
        for _ in range(BATCH):
            data = random_seating_record(game, rng)
            seen.update(_covered(data, second(data)))
    wanted = {
        "accepted",
        "refused",
        "a player leaves",
        "a player comes back",
        "the dealer leaves",
        "a player joins with a starting total",
        "a new plan for the same table",
        "stopped",
        "finished by the rules",
        "a player who left is not ranked",
    }
    if game == "boerenbridge":
        wanted |= {"a joiner sits out at once", "a plan repeats"}
    else:
        wanted.add("the game ends under a plan")
    assert wanted <= set(seen), sorted(wanted - set(seen))
    assert seen["accepted"] > 2 * seen["refused"]  # mostly the rules allow them


# --- The Canadian rule, in the reference (not yet in the random records) --------------


def _brink_bid(rounds: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": "brink-bid",
        "options": {"hook": "leader", **options},
        "players": ["Ann", "Ben", "Cleo"],
        "first_dealer": 0,
        "rounds": rounds,
    }


# Ann deals 4 cards, Ben 5, Ann 6 (totals 5 and 5, then 5 and 7, then 10 and 12).
TWO_AT_THE_TABLE = [
    {"seated": [0, 1], "bids": [2, 2, None], "tricks": [2, 2, None]},
    {"seated": [0, 1], "bids": [1, 1, None], "tricks": [3, 2, None]},
    {"seated": [0, 1], "bids": [3, 3, None], "tricks": [3, 3, None]},
]


def test_the_reference_lets_a_dealer_who_does_not_lead_make_the_bids_add_up() -> None:
    sheet = reference.score(_brink_bid(TWO_AT_THE_TABLE))
    assert [line["dealer"] for line in sheet["rounds"]] == [0, 1, 0]
    assert sheet["totals"] == [10, 12, 0]


def test_the_reference_holds_the_hook_against_a_leading_dealer_but_allows_a_bid_of_0() -> None:
    # Ben deals the 7 cards on 12 against Ann's 10.
    hooked = {"seated": [0, 1], "bids": [3, 4, None], "tricks": [3, 4, None]}
    with pytest.raises(reference.Refused):
        reference.score(_brink_bid([*TWO_AT_THE_TABLE, hooked]))
    zero = {"seated": [0, 1], "bids": [7, 0, None], "tricks": [7, 0, None]}
    assert reference.score(_brink_bid([*TWO_AT_THE_TABLE, zero]))["totals"] == [15, 17, 0]
    # hook_from: no hook at all in a round of fewer cards.
    assert reference.score(_brink_bid([*TWO_AT_THE_TABLE, hooked], hook_from=8))


def test_the_reference_counts_only_the_seated_players_for_the_lead() -> None:
    # Cleo joins on 20 for the 7 cards: Ben's 12 no longer leads, so the hook is off.
    cleo = {"seated": [0, 1, 2], "plan": [7], "start": [None, None, 20],
            "bids": [3, 4, 0], "tricks": [3, 4, 0]}  # fmt: skip
    assert reference.score(_brink_bid([*TWO_AT_THE_TABLE, cleo]))["totals"] == [15, 17, 25]
    # Cleo joins on 12, level with Ben: a tie is not a lead.
    cleo["start"] = [None, None, 12]
    assert reference.score(_brink_bid([*TWO_AT_THE_TABLE, cleo]))["totals"] == [15, 17, 17]
    # Cleo joins on 11: Ben leads again.
    cleo["start"] = [None, None, 11]
    with pytest.raises(reference.Refused):
        reference.score(_brink_bid([*TWO_AT_THE_TABLE, cleo]))


def test_the_reference_takes_the_canadian_rule_for_three_games_only() -> None:
    for game in ("oh-hell", "brink-bid", "wizard"):
        assert reference.options_of(game, {"hook": "leader"}, 4)["hook"] == "leader"
    with pytest.raises(reference.Refused):
        reference.options_of("boerenbridge", {"hook": "leader"}, 4)
    with pytest.raises(reference.Refused):
        reference.options_of("skull-king", {"hook": "leader"}, 4)
