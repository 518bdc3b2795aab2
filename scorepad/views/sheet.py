"""The score sheet as the paper one looks, and the game's scorepad/1 record."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from rules_engine import (
    Part,
    RulesError,
    cell,
    corrected_table,
    fields,
    table,
)
from scorepad import play
from scorepad.engine_words import translated
from scorepad.forms import STALE, RoundCellsForm
from scorepad.guards.access import keeper_game
from scorepad.history.records import export_record
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.screens.sheet import drawn_sheet, sheet_facts


@require_GET
def sheet(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The keeper's sheet, live; with htmx (a poll every few seconds, where no stream
    can be had: a laptop's runserver) its parts alone. Kept out of every cache, as
    every keeper page is (scorepad/guards/middleware.py), so a poll has no ETag to offer."""
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
        # Checked with the round in progress first: Undo then takes the correction back.
        table(form.cleaned_data["record"], pending)
        after = corrected_table(record, form.cleaned_data["record"], pending)
    except RulesError as error:
        message = translated(error.message)
        if pending and game.correcting is None:
            message = gettext(
                "The round in progress would not stand (%(reason)s): finish or undo it first."
            ) % {"reason": message}
        return _cells_page(request, game, form, error=message, status=400)
    if not play.save(game, after):
        game.refresh_from_db()
        return _cells_page(request, game, form, error=gettext(STALE), status=409)
    return HttpResponseRedirect(reverse("sheet", args=[game.key]), status=303)
