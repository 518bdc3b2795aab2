"""The score sheet as the paper one looks, and the game's scorepad/1 record."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules_engine import review
from scorepad.charts import running_totals
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.pdf import is_wide
from scorepad.views.table import get_game


def sheet_context(game: Game) -> dict[str, Any]:
    """The sheet as the engine works it out; the page and its PDF both draw it."""
    record, _ = game.load()
    worked_out = review(record)
    rows = [
        {
            "round": scored,
            "cells": [
                {
                    "bid": scored.view.bids[seat],
                    "tricks": scored.view.tricks[seat],
                    "score": scored.scores[seat],
                    "total": scored.totals[seat],
                }
                for seat in range(len(record.players))
            ],
        }
        for scored in worked_out.rounds
    ]
    chart = running_totals(
        f"{record.rules.title}: running totals",
        record.players,
        [scored.totals for scored in worked_out.rounds],
    )
    return {
        "game": game,
        "record": record,
        "sheet": worked_out,
        "rows": rows,
        "chart": chart,
        # Round and cards, then bid, took, score and total a player.
        "wide": is_wide(2 + 4 * len(record.players)),
    }


@require_GET
def sheet(request: HtmxHttpRequest, key: str) -> HttpResponse:
    return render(request, "sheet.html", sheet_context(get_game(request, key)))


@require_GET
def record_json(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = get_game(request, key)
    record, _ = game.load()
    response = HttpResponse(
        json.dumps(record.to_json(), indent=2) + "\n", content_type="application/json"
    )
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="scorepad-{game.key[:8]}.json"'
    return response
