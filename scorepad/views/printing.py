"""Printed score sheets: a blank one for any game, and the PDF of a game's sheet.

The page and its PDF are one template: the browser prints it with print.css,
and WeasyPrint draws the same HTML with the same stylesheet into the PDF.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET

from rules_engine import GAMES, GameRules
from scorepad.forms import BlankSheetForm, SheetPdfForm
from scorepad.guards.access import keeper_game
from scorepad.http import HtmxHttpRequest
from scorepad.printing.paper import blank_sheet as blank_sheet_paper
from scorepad.printing.pdf import is_wide, pdf_download
from scorepad.screens.sheet import sheet_context


def _rules(game: str) -> GameRules:
    if game not in GAMES:
        raise Http404(gettext("Scorepad has no score sheet for that game."))
    return GAMES[game]


def _blank_form(request: HtmxHttpRequest, rules: GameRules) -> BlankSheetForm:
    # No choices yet: show the default sheet rather than a page of errors.
    data = request.GET if request.GET else BlankSheetForm.defaults(rules)
    return BlankSheetForm(rules, data)


def _blank_context(form: BlankSheetForm) -> dict[str, Any]:
    rules = form.rules
    context: dict[str, Any] = {"rules": rules, "form": form}
    if form.is_valid():
        record = form.cleaned_data["record"]
        setup = record.setup
        paper = blank_sheet_paper(
            rules,
            form.cleaned_data["names"],
            form.cleaned_data["rounds"],
            form.cleaned_data["spare"],
        )
        context |= {
            "record": record,
            **paper,
            "rounds": form.cleaned_data["rounds"],
            "goal": form.cleaned_data["goal"],
            "options": [
                (option, setup.options[option.name])
                for option in rules.options
                # Not an option that has no place beside the others (a target, when
                # the game ends after its last hand).
                if option.refused_with is None
                or setup.options.get(option.refused_with[0]) != option.refused_with[1]
            ],
            "wide": is_wide(paper["columns"]),
            "query": _query(form),
        }
    return context


def _query(form: BlankSheetForm) -> str:
    """The form's choices as a query string, for the PDF links (which add the paper)."""
    data = QueryDict(mutable=True)
    for name, value in form.data.items():
        if name != "paper":
            values = form.data.getlist(name) if isinstance(form.data, QueryDict) else [value]
            data.setlist(name, [str(v) for v in values])
    return str(data.urlencode())


@require_GET
def blank_sheet(request: HtmxHttpRequest, game: str) -> HttpResponse:
    form = _blank_form(request, _rules(game))
    status = 200 if form.is_valid() else 400
    return render(request, "blank_sheet.html", _blank_context(form), status=status)


@require_GET
def blank_sheet_pdf(request: HtmxHttpRequest, game: str) -> HttpResponse:
    rules = _rules(game)
    form = _blank_form(request, rules)
    context = _blank_context(form)
    if not form.is_valid():
        return render(request, "blank_sheet.html", context, status=400)
    paper = form.cleaned_data["paper"]
    players = len(context["record"].players)
    filename = f"scorepad-{rules.key}-{players}-players-{paper}.pdf"
    # The sheet is all in the record it starts from (names, options, first dealer).
    spare = form.cleaned_data["spare"]
    shows = json.dumps(["blank", context["record"].to_json(), paper, spare], sort_keys=True)
    return pdf_download(request, "blank_sheet.html", context, paper, filename, shows)


def _refuse(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


@require_GET
def sheet_pdf(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A game's sheet as a PDF: a long game in parts (``?part=2``), each drawn quickly."""
    game = keeper_game(request, key)
    form = SheetPdfForm(request.GET)
    if not form.is_valid():
        wrong = {
            "paper": gettext("The paper is a4 or letter."),
            "part": gettext("The part is a number from 1."),
        }
        return _refuse(" ".join(wrong[name] for name in form.errors), status=400)
    # The chart is never on paper (print.css hides it), and its hundreds of SVG
    # elements would cost WeasyPrint as much as the sheet's own boxes.
    context = sheet_context(game) | {"chart": None}
    paper = form.cleaned_data["paper"]
    number = form.cleaned_data["part"]
    every = context["pdf_parts"]
    if number > len(every):
        message = ngettext(
            "This game's PDF has %(count)s part: there is no part %(number)s.",
            "This game's PDF has %(count)s parts: there is no part %(number)s.",
            len(every),
        )
        return _refuse(message % {"count": len(every), "number": number}, status=404)
    if len(every) > 1:
        context |= _part(context, every, number)
    played = game.created.date().isoformat()
    name = slugify(f"{context['record'].rules.title} {played}")
    # Every change to a game bumps its version.
    shows = json.dumps(["sheet", game.key, game.version, paper, number])
    part = f"-part-{number}" if len(every) > 1 else ""
    filename = f"scorepad-{name}{part}-{paper}.pdf"
    return pdf_download(request, "sheet.html", context, paper, filename, shows)


def _part(context: dict[str, Any], every: list[dict[str, int]], number: int) -> dict[str, Any]:
    """The context of one part: its rounds, the totals carried into it, and the
    rounds still to play only on the last part."""
    part = every[number - 1]
    rows = context["rows"]
    carried = rows[part["first"] - 2]["seats"] if part["first"] > 1 else []
    return {
        "rows": rows[part["first"] - 1 : part["last"]],
        "to_play": context["to_play"] if number == len(every) else [],
        "part": part | {"count": len(every), "of": len(rows)},
        # A total that stands (a player away) carries on; one yet to join carries none.
        "carried": [seat.get("carry", seat["total"]) for seat in carried],
        "carried_from": part["first"] - 1,
        # The carried totals sit under each player's Total, after the round's own columns.
        "carried_span": 2 + context["paper"]["cards"] + len(context["paper"]["round_boxes"]),
    }
