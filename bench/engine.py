"""The engine alone: whole records scored a second, as ``python -m rules_engine score`` does
(the JSON read, every round replayed through the rules, the sheet worked out)."""

from __future__ import annotations

import random
import time
from typing import Any

from bench.games import whole_game
from rules_engine import GAMES, parse_record, score
from rules_engine import sheet as engine_sheet

GAMES_EACH = 2
SECONDS = 3.0


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


def measure() -> dict[str, Any]:
    rng = random.Random(6)
    records = [whole_game(game, rng).to_json() for game in GAMES for _ in range(GAMES_EACH)]
    cold, cold_rounds = _rate(records, cold=True)
    warm, warm_rounds = _rate(records, cold=False)
    return {
        "records": len(records),
        "mean_rounds": round(sum(len(r["rounds"]) for r in records) / len(records), 1),
        "records_per_second": round(cold),
        "rounds_per_second": round(cold_rounds),
        # The web app's case: a game's earlier rounds are already worked out.
        "records_per_second_remembered": round(warm),
    }
