"""The score sheet as the paper one looks, and the game's scorepad/1 record."""

from __future__ import annotations

import json
from typing import Any, cast

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods

from rules_engine import (
    Part,
    Record,
    RulesError,
    ScoredRound,
    Sheet,
    cell,
    fields,
    review,
    table,
)
from rules_engine.messages import names_and
from scorepad import live
from scorepad.access import keeper_game
from scorepad.charts import running_totals
from scorepad.engine_words import translated
from scorepad.forms import STALE, RoundCellsForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.paper import filled_sheet
from scorepad.pdf import is_wide, parts
from scorepad.records import export_record
from scorepad.table_changes import sheet_state


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
        # A long game's PDF comes in parts, each quick to draw (scorepad.pdf.parts).
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
    for seat, cells in enumerate(row["seats"]):
        boxes = []
        for label, text in zip(record.rules.seat_boxes, cells["boxes"], strict=False):
            box = Box(text)
            if label == "Took" and seat < len(made):
                box.made = made[seat]
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
    """The page's two live parts, as its stream sends them (scorepad/views/live.py):
    the sheet, which changes with the record, and its end, which carries the version."""
    context = sheet_facts(game) | drawn_sheet(game, request) | {"live": True}
    return {
        part: live.template(f"sheet.html#{part}", context, request) for part in ("sheet", "end")
    }


@require_GET
def sheet(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The keeper's sheet, live; with htmx (a poll every few seconds, where no stream
    can be had: a laptop's runserver) its parts alone. Kept out of every cache, as
    every keeper page is (scorepad/middleware.py), so a poll has no ETag to offer."""
    game = keeper_game(request, key)
    context = sheet_facts(game) | drawn_sheet(game, request) | {"live": True}
    return render(request, "sheet.html#page" if request.htmx else "sheet.html", context)


@require_GET
def record_json(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = keeper_game(request, key)
    # As the export writes it: with played_at.
    response = HttpResponse(
        json.dumps(export_record(game), indent=2) + "\n", content_type="application/json"
    )
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="scorepad-{game.key[:8]}.json"'
    return response


def _cells_page(
    request: HtmxHttpRequest,
    game: Game,
    form: RoundCellsForm,
    focus: str = "",
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """The round's cells as selects, each at the value posted (kept after a refusal)
    or as entered; with the changes to confirm once the engine has taken them."""
    confirming = form.is_bound and error is None and not form.cleaned_data.get("confirm")
    rows = []
    for the_cell in form.cells:
        parts = []
        for part in the_cell.parts:
            name = f"{the_cell.field}-{part.key}"
            field = form.fields[name]
            posted = field.widget.value_from_datadict(form.data, form.files, name)
            if part.many:
                ticked = [v for v in posted if v] if form.is_bound and name in form.data else None
                selected: Any = part.ticked if ticked is None else ticked
            else:
                selected = (posted if form.is_bound else None) or part.value
            # Words too long to stand four in a row beside the label go under it.
            longest = max((len(choice.label) for choice in part.choices), default=0)
            parts.append(
                {
                    "name": name,
                    "part": part,
                    "selected": selected,
                    "widget": _widget(part),
                    "stacked": part.many or longest > STACKED_WORDS,
                    "narrow": longest <= NARROW_WORDS,
                    # The row's one value: its heading names it already.
                    "alone": len(the_cell.parts) == 1,
                }
            )
        rows.append({"cell": the_cell, "parts": parts})
    context = {
        "game": game,
        "record": form.record,
        "number": form.cells[0].number,
        "rows": rows,
        "focus": focus,
        "error": error,
        "changes": form.cleaned_data.get("changes") if confirming else None,
    }
    return render(request, "correct_round.html", context, status=status)


def _widget(part: Part) -> str:
    """How a value is changed: boxes to tick (several at once), a number typed, a row of
    buttons to pick from (a few words: a suit, who won a trick) or a list."""
    if part.many:
        return "ticks"
    if part.most is not None:
        return "number"
    words = any(not choice.label.isdigit() for choice in part.choices)
    return "pick" if words and len(part.choices) <= PICKED else "select"


# The most choices a value offers as a row of buttons rather than a list (numbers are
# always a list, as the bids are), and the longest word that still fits beside its label.
PICKED = 6
STACKED_WORDS = 5
# Choices this short (a trick's bid card: "A", "10") stand seven in a row.
NARROW_WORDS = 2


@require_http_methods(["GET", "POST"])
def correct_round(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Correct a past round's cells from the sheet: a bid, tricks, the trump, the dice,
    Skull King's bonus and lost tricks.

    The round's other entries are kept as entered; the engine checks it whole. The
    first POST shows what the change does, the second (``confirm``) saves it.
    """
    game = keeper_game(request, key)
    record, pending = game.load()
    try:
        cells = [cell(record, number, field) for field in fields(record, number)]
    except RulesError:
        raise Http404("no such round") from None
    if not cells:
        raise Http404("nothing in this round can be corrected here")
    if request.method == "GET":
        form = RoundCellsForm(game.version, record, cells)
        return _cells_page(request, game, form, focus=request.GET.get("focus", ""))
    form = RoundCellsForm(game.version, record, cells, request.POST)
    if not form.is_valid():
        return _cells_page(
            request, game, form, error=form.message(), status=409 if form.stale() else 400
        )
    if not form.cleaned_data["confirm"]:
        return _cells_page(request, game, form)
    try:
        if game.correcting is not None:
            raise RulesError(
                gettext(
                    "Round %(number)s is being entered again at the table: "
                    "finish or cancel that first."
                )
                % {"number": game.correcting}
            )
        after = table(form.cleaned_data["record"], pending)
    except RulesError as error:
        message = translated(error.message)
        if pending and game.correcting is None:
            message = gettext(
                "The round in progress would not stand (%(reason)s): finish or undo it first."
            ) % {"reason": message}
        return _cells_page(request, game, form, error=message, status=400)
    if not game.save_table(after):
        game.refresh_from_db()
        return _cells_page(request, game, form, error=gettext(STALE), status=409)
    return HttpResponseRedirect(reverse("sheet", args=[game.key]), status=303)
