"""Printed score sheets: a blank one for any game, and the PDF of a game's sheet.

The page and its PDF are one template: the browser prints it with print.css,
and WeasyPrint draws the same HTML with the same stylesheet into the PDF.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from rules_engine import GAMES, GameRules
from scorepad.http import HtmxHttpRequest
from scorepad.pdf import is_wide, pdf_download
from scorepad.print_forms import BlankSheetForm, PaperForm
from scorepad.views.sheet import sheet_context
from scorepad.views.table import get_game


def _rules(game: str) -> GameRules:
    if game not in GAMES:
        raise Http404("Scorepad has no score sheet for that game.")
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
        columns = 3 + len(rules.round_boxes) + 4 * len(record.players)
        context |= {
            "record": record,
            "rounds": [
                {"round": scheduled, "dealer": record.players[scheduled.dealer]}
                for scheduled in form.cleaned_data["rounds"]
            ],
            "goal": form.cleaned_data["goal"],
            "options": [(option, setup.options[option.name]) for option in rules.options],
            "wide": is_wide(columns),
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
    return pdf_download(request, "blank_sheet.html", context, paper, filename)


@require_GET
def sheet_pdf(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = get_game(request, key)
    form = PaperForm(request.GET)
    if not form.is_valid():
        return HttpResponse(
            "The paper is a4 or letter.", status=400, content_type="text/plain; charset=utf-8"
        )
    context = sheet_context(game)
    paper = form.cleaned_data["paper"]
    played = game.created.date().isoformat()
    name = slugify(f"{context['record'].rules.title} {played}")
    return pdf_download(request, "sheet.html", context, paper, f"scorepad-{name}-{paper}.pdf")
