"""The table: one screen for the next thing to do, entering it, undoing it, correcting."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from rules_engine import Entry, Record, RulesError, Table, table, undo
from scorepad.forms import CorrectForm, EntryForm, VersionForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game

STALE = (
    "That was already entered (a double tap, or another phone got there first). "
    "Here is the game as it stands now."
)


def get_game(request: HtmxHttpRequest, key: str) -> Game:
    """The game behind a keeper link; every table view looks it up through here."""
    return get_object_or_404(Game, key=key)


def _seats(current: Table, step_seat: int | None) -> list[dict[str, Any]]:
    """One row a player for the screen, from the engine's answers (no rules here).

    ``step_seat`` is the player asked on screen: for simultaneous bids, whoever was tapped.
    """
    record, sheet = current.record, current.sheet
    view = current.round_view
    last = sheet.rounds[-1] if sheet.rounds else None
    rows = []
    for seat, name in enumerate(record.players):
        leader = seat in sheet.leaders
        marks = [mark for mark, on in (("turn", step_seat == seat), ("leader", leader)) if on]
        rows.append(
            {
                "seat": seat,
                "name": name,
                "total": sheet.totals[seat],
                # Signed, "+3" or "-2"; blank before the first round is scored.
                "last_score": f"{last.scores[seat]:+d}" if last else "",
                "leader": leader,
                "winner": seat in sheet.winners,
                "dealer": current.round is not None and current.round.dealer == seat,
                "marks": " ".join(marks),  # the row's classes
                "bid": view.bids[seat] if view else "",
                "tricks": view.tricks[seat] if view else "",
            }
        )
    return rows


def _name(players: tuple[str, ...], seat: int | None) -> str:
    return players[seat] if seat is not None else ""


def table_context(game: Game, error: str | None = None, seat: str | None = None) -> dict[str, Any]:
    record, pending = game.load()
    try:
        current = table(record, pending, game.correcting)
    except RulesError as broken:
        # A correction made an entry of the round in progress impossible: show it
        # and offer undo rather than dropping anything.
        current = table(record, (), game.correcting)
        error = error or f"The round in progress needs attention: {broken.message}. Undo to fix it."
    step = current.step
    if seat is not None and seat.isdigit() and int(seat) in step.seats:
        step_seat = int(seat)  # Boerenbridge: bids may be entered in any order
    else:
        step_seat = step.seat
    players = record.players
    draw = None
    if game.dealer_draw and not record.rounds and not pending:
        draw = [
            [{"name": _name(players, d["seat"]), "card": d["card"]} for d in cards]
            for cards in game.dealer_draw
        ]
    # Names looked up here once, rather than by a loop over the seats in the template
    # at every mention: rendering is most of what a tap costs.
    return {
        "game": game,
        "table": current,
        "rules": record.rules,
        "step": step,
        "step_seat": step_seat,
        "asked_name": _name(players, step_seat),
        "dealer_name": _name(players, current.round.dealer if current.round else None),
        "first_name": _name(players, current.round.bid_order[0] if current.round else None),
        "seats": _seats(current, step_seat),
        "error": error,
        "draw": draw,
        "can_undo": bool(pending or record.rounds),
    }


def _render(request: HtmxHttpRequest, game: Game, status: int = 200, **extra: Any) -> HttpResponse:
    template = "table.html#table" if request.htmx else "table.html"
    return render(request, template, table_context(game, **extra), status=status)


def _done(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """After a change: htmx gets the fresh table, a plain form a redirect to it."""
    if request.htmx:
        return _render(request, game)
    return HttpResponseRedirect(reverse("table", args=[game.key]), status=303)


def _save(game: Game, record: Record, pending: tuple[Entry, ...], correcting: int | None) -> bool:
    """Write the new state only if nobody changed the game since it was read (its version).

    On success ``game`` holds what was written, so the answer needs no second read.
    """
    changes = game.changes(record, pending, correcting)
    changes["updated"] = timezone.now()
    saved = Game.objects.filter(pk=game.pk, version=game.version).update(**changes) == 1
    if saved:
        game.saved(changes, record, pending)
    return saved


@require_GET
def game_table(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = get_game(request, key)
    return _render(request, game, seat=request.GET.get("seat"))


@require_POST
def enter(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = get_game(request, key)
    record, pending = game.load()
    form = EntryForm(record, pending, game.correcting, request.POST)
    version = form.data.get("version")
    if str(version) != str(game.version):
        return _render(request, game, status=409, error=STALE)
    if not form.is_valid():
        message = " ".join(form.non_field_errors()) or "That entry could not be read."
        return _render(request, game, status=400, error=message)
    cleaned = form.cleaned_data
    if not _save(
        game,
        cleaned["record"],
        cleaned["pending"],
        game.correcting if cleaned["pending"] else None,
    ):
        return _render(request, game, status=409, error=STALE)
    return _done(request, game)


@require_POST
def undo_step(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = get_game(request, key)
    form = VersionForm(request.POST)
    if not form.is_valid() or form.cleaned_data["version"] != game.version:
        return _render(request, game, status=409, error=STALE)
    record, pending = game.load()
    correcting = game.correcting
    try:
        if correcting is not None and not pending:
            # Undo with nothing re-entered yet leaves the correction unchanged.
            correcting = None
        else:
            record, pending = undo(record, pending)
    except RulesError as error:
        return _render(request, game, status=400, error=error.message)
    if not _save(game, record, pending, correcting):
        return _render(request, game, status=409, error=STALE)
    return _done(request, game)


@require_POST
def correct(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Enter a past round again, through the same steps; later rounds are worked out again."""
    game = get_game(request, key)
    form = CorrectForm(request.POST)
    form.is_valid()
    if form.has_error("version") or form.cleaned_data.get("version") != game.version:
        return _render(request, game, status=409, error=STALE)
    if form.has_error("number"):
        return _render(request, game, status=400, error="Pick the round to correct.")
    record, pending = game.load()
    number = form.cleaned_data["number"]
    if pending and game.correcting is None:
        message = "Finish or undo the round in progress before correcting an earlier one."
        return _render(request, game, status=400, error=message)
    try:
        table(record, (), number)
    except RulesError as error:
        return _render(request, game, status=400, error=error.message)
    if not _save(game, record, (), number):
        return _render(request, game, status=409, error=STALE)
    return _done(request, game)
