"""The engine alone: whole records scored a second, as ``python -m rules_engine score`` does
(the JSON read, every round replayed through the rules, the sheet worked out); and what
checking a house rule's formula costs, at its worst (RULINGS: under 20 ms of CPU)."""

from __future__ import annotations

import random
import time
from typing import Any

from bench.games import whole_game
from rules_engine import GAMES, PACK_OF_52, parse_record, read_expression, score
from rules_engine import expressions as engine_expressions
from rules_engine import sheet as engine_sheet

GAMES_EACH = 2
SECONDS = 3.0
# The costliest formulas found (tests/engine/test_expressions.py holds them under 10x
# the budget): bounds cannot show them safe, so every round of the domain is tried.
COSTLIEST = (
    "(b-b)*99999+max(b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t)",
    "(b-b)*99999+min(b,t)+min(t,h)+min(h,n)+min(n,b)+min(b,h)+min(t,n)+max(b,t)+max(t,h)+max(h,n)+max(n,b)+max(t,n)",
    "(b-b)*99999+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+h",
    "(max(b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h)-max(b,t,h,n))*h*n",
)
FORMULA_BUDGET_MS = 20.0


def _rate(records: list[dict[str, Any]], cold: bool) -> tuple[float, float]:
    """Records and rounds scored a second, going round the records for SECONDS."""
    done = rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        for data in records:
            if cold:
                # Forget the rounds already worked out: every record is new to the engine.
                engine_sheet._KEPT.clear()
            sheet = score(parse_record(data))
            done += 1
            rounds += len(sheet.rounds)
    spent = time.perf_counter() - start
    return done / spent, rounds / spent


def _bare_loop() -> None:
    """One plain operation for every round of the domain: the floor a check stands on."""
    total = 0
    for n, hands in PACK_OF_52.rounds(frozenset("bthn")):
        for h in hands:
            for b in range(h + 1):
                for t in range(h + 1):
                    total += b * t + h - n


def _cpu_ms(work: Any, repeats: int = 5) -> float:
    """The least CPU time of ``repeats`` runs, in ms (the machine may be busy)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def _check(text: str) -> None:
    engine_expressions._read.cache_clear()
    engine_expressions._parse.cache_clear()
    read_expression(text, "made")


def formula_checks() -> dict[str, Any]:
    """CPU ms to check each of the costliest formulas, against a bare loop over the domain."""
    floor = _cpu_ms(_bare_loop)
    each = {text: round(_cpu_ms(lambda text=text: _check(text)), 2) for text in COSTLIEST}
    worst = max(each.values())
    return {
        "bare_loop_ms": round(floor, 2),
        "worst_ms": worst,
        "worst_ratio": round(worst / floor, 1),
        "budget_ms": FORMULA_BUDGET_MS,
        "each_ms": each,
    }


def measure() -> dict[str, Any]:
    rng = random.Random(6)
    records = [whole_game(game, rng).to_json() for game in GAMES for _ in range(GAMES_EACH)]
    cold, cold_rounds = _rate(records, cold=True)
    warm, _ = _rate(records, cold=False)
    return {
        "records": len(records),
        "mean_rounds": round(sum(len(r["rounds"]) for r in records) / len(records), 1),
        "records_per_second": round(cold),
        "rounds_per_second": round(cold_rounds),
        # The web app's case: a game's earlier rounds are already worked out.
        "records_per_second_remembered": round(warm),
        "formula_check": formula_checks(),
    }
