"""The score sheet as the paper one looks, and the game's scorepad/1 record."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules_engine import review
from scorepad.http import HtmxHttpRequest
from scorepad.views.table import get_game


@require_GET
def sheet(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = get_game(request, key)
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
    context = {"game": game, "record": record, "sheet": worked_out, "rows": rows}
    return render(request, "sheet.html", context)


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
