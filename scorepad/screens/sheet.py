"""The score sheet screen: what the sheet page, the viewer's sheet, a seat's and the PDFs
draw of a game's record, and its rows drawn once a record (``drawn_sheet``)."""

from __future__ import annotations

import hashlib
import json
from typing import Any, cast

from django.core.cache import caches
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext

from rules_engine import (
    CHANGES,
    Record,
    ScoredRound,
    Sheet,
    fields,
    review,
)
from rules_engine.messages import names_and
from scorepad.history.charts import running_totals
from scorepad.models import Game
from scorepad.printing.paper import filled_sheet
from scorepad.printing.pdf import is_wide, parts
from scorepad.screens.everyone import template


def sheet_facts(game: Game) -> dict[str, Any]:
    """What every sheet says around its rows: the game, its record, sheet and winners."""
    record, _ = game.load()
    worked_out = review(record)
    return {
        "game": game,
        "record": record,
        "sheet": worked_out,
        # "Ann, Bob and Cat", as the table says who won (an engine message).
        "winners": names_and([record.players[seat] for seat in worked_out.winners])
        if worked_out.winners
        else "",
        # Players who left before the end: on the sheet, not ranked (RULINGS, "Winners").
        "not_ranked": names_and(left) if (left := _left(record, worked_out)) else "",
    }


def _left(record: Record, worked_out: Sheet) -> list[str]:
    """The players who left before the end of a finished game (not ranked)."""
    if not worked_out.finished or not record.apart:
        return []
    return [name for seat, name in enumerate(record.players) if seat not in worked_out.ranked]


def sheet_context(game: Game, keeper: bool = False) -> dict[str, Any]:
    """The sheet as the engine works it out; the page, its PDF and the viewer draw it."""
    facts = sheet_facts(game)
    record, worked_out = facts["record"], facts["sheet"]
    chart = running_totals(
        gettext("%(game)s: running totals") % {"game": record.rules.title},
        record.players,
        [scored.totals for scored in worked_out.rounds],
        *_come_and_go(record, worked_out),
    )
    # The rounds to play follow the changes made for the round to come (a new plan).
    pending = game.load()[1] if game.correcting is None else ()
    paper = filled_sheet(record, worked_out, pending)
    if keeper:
        # Only the keeper's own sheet links to corrections: the viewer's and the
        # PDF's never show the keeper link.
        for row, scored in zip(paper["rows"], worked_out.rounds, strict=True):
            _tappable(game, record, row, scored)
    return {
        **facts,
        "chart": chart,
        "declarer_marked": any(scored.view.declarer is not None for scored in worked_out.rounds),
        **paper,
        "wide": is_wide(paper["columns"]),
        # A long game's PDF comes in parts, each quick to draw (scorepad.printing.pdf.parts).
        "pdf_parts": [
            {"number": number, "first": first, "last": last}
            for number, (first, last) in enumerate(parts(paper["rows"], paper["columns"]), start=1)
        ],
    }


def _come_and_go(
    record: Record, worked_out: Sheet
) -> tuple[list[list[bool]] | None, list[int] | None]:
    """Who was at the table each round, and each player's total before their first
    round, where players came and went: their lines run as their columns do."""
    if not record.apart:
        return None, None
    count = len(record.players)
    seated = [[scored.at_table(seat) for seat in range(count)] for scored in worked_out.rounds]
    starts = [0] * count
    for index in range(len(worked_out.rounds)):
        for seat, start in record.seating(index).newcomers if index else ():
            starts[seat] = start
    return seated, starts


class Box(str):
    """A box's text on the sheet, with whether the player's bid was made (a plain
    ``str`` where the sheet is only printed)."""

    made: bool | None = None


def _tappable(game: Game, record: Record, row: dict[str, Any], scored: ScoredRound) -> None:
    """A played row's number opens the round's values to correct (bids, tricks, trump,
    dice, Skull King's bonus and lost tricks): one tap target a row, big enough for a
    finger. Boxes of their own would be targets a few pixels wide, crowded side by side
    on a phone."""
    correctable = () if scored.problem else fields(record, scored.number)
    row["fix"] = reverse("correct_round", args=[game.key, scored.number]) if correctable else ""
    made = scored.view.made
    labels = record.rules.seat_boxes
    for seat, cells in enumerate(row["seats"]):
        boxes = []
        # A team's column holds each partner's boxes in turn (scorepad.printing.paper.by_team).
        owners = cells.get("owners") or [seat] * len(cells["boxes"])
        for index, (text, owner) in enumerate(zip(cells["boxes"], owners, strict=True)):
            box = Box(text)
            label = labels[index % len(labels)] if owner is not None else ""
            if label == "Took" and owner < len(made):
                box.made = made[owner]
            boxes.append(box)
        cells["boxes"] = boxes


def kept_as(game: Game, language: str) -> str:
    """Where a game's drawn rows are kept: by its record (the fingerprint) and the
    changes made for the round to come (``sheet_state``), not its version, so a bid
    within a round leaves them as they are."""
    return f"sheet:{game.key}:{sheet_state(game)}:{language}"


def drawn_sheet(game: Game, request: HttpRequest) -> dict[str, Any]:
    """The rows and chart (most of a long game's page) with what goes with them.

    They change with the record only (not with a bid within a round): drawn once a
    record (its fingerprint) and language, then kept in this process's memory, for
    the page and its live parts alike (they hold nothing of one person's)."""
    kept = kept_as(game, get_language())
    drawn = caches["fragments"].get(kept)
    if drawn is None:
        context = sheet_context(game, keeper=True)
        drawn = {
            "drawn": render_to_string("_sheet_drawn.html", context, request),
            **{name: context[name] for name in ("wide", "pdf_parts")},
        }
        caches["fragments"].set(kept, drawn)
    return cast(dict[str, Any], drawn)


def sheet_parts(game: Game, request: HttpRequest) -> dict[str, str]:
    """The page's two live parts, as its stream sends them (scorepad/screens/streams.py):
    the sheet, which changes with the record, and its end, which carries the version."""
    context = sheet_facts(game) | drawn_sheet(game, request) | {"live": True}
    return {part: template(f"sheet.html#{part}", context, request) for part in ("sheet", "end")}


def sheet_state(game: Any) -> str:
    """What a game's drawn sheet shows, as a key to keep it by: its record (the
    fingerprint) and the changes made for the round to come, which its rounds to play
    follow (who joins or leaves, a new plan), but no bid or tricks."""
    changes = [
        entry for entry in game.pending if isinstance(entry, dict) and entry.get("kind") in CHANGES
    ]
    if not changes:
        return str(game.fingerprint)
    said = json.dumps(changes, sort_keys=True, ensure_ascii=False)
    return f"{game.fingerprint}:{hashlib.sha256(said.encode()).hexdigest()[:16]}"
