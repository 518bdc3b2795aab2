"""The table: one screen for the next thing to do, entering it, undoing it, correcting.

A tap is one straight line: the form hands the posted answer to the engine, which
reads it at the step on offer and works out the next table state (``play``); the
game saves that state with its version check; the view renders the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from rules_engine import (
    Entry,
    RulesError,
    Table,
    correction,
    put_back,
    take_back,
)
from scorepad import play
from scorepad.engine_words import translated
from scorepad.forms import CorrectForm, EntryForm, VersionForm
from scorepad.guards.access import keeper_game
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.replays import entered_before, is_replay, mark_entered_before, stale_words
from scorepad.screens.table import current_table, saved_context, table_context


def _render(
    request: HtmxHttpRequest,
    game: Game,
    current: Table,
    error: str | None = None,
    status: int = 200,
    seat: str | None = None,
    ticked: tuple[list[str], list[str]] = ([], []),
    shared: dict[str, Any] | None = None,
    named: frozenset[str] = frozenset(),
    by_hand: bool = False,
) -> HttpResponse:
    template = "table.html#table" if request.htmx else "table.html"
    context = dict(shared) if shared is not None else table_context(game, current, error, seat)
    # The boxes ticked in a refused post, ticked again: values, and piles shown; on the
    # grid of named tricks, each as "seat:trick".
    context["ticked"], context["ticked_piles"] = ticked
    context["ticked_named"] = named
    # Dice rolled by hand: their faces are drawn once asked for (?dice=hand),
    # not in every roll's swap.
    context["by_hand"] = by_hand
    return render(request, template, context, status=status)


def _refused(request: HtmxHttpRequest, game: Game, form: VersionForm) -> HttpResponse:
    """The table as it stands, with why the form was refused (409 for an older screen)."""
    current = game.table()
    if form.stale():
        return _render(request, game, current, stale_words(request), 409)
    return _render(request, game, current, form.message(), 400)


def _saved(
    request: HtmxHttpRequest, game: Game, after: Table, redo: tuple[Entry, ...] = ()
) -> HttpResponse:
    """Save the new state; htmx gets it drawn, a plain form a redirect to it.

    ``redo``: what Redo may then put back; anything new entered clears it.
    """
    if not play.save(game, after, redo):
        # Another phone saved in between: show the game as it now stands.
        game.refresh_from_db()
        current = game.table()
        return _render(request, game, current, stale_words(request), 409)
    if request.htmx:
        # The table's context worked out once for the answer and the screens watching.
        return _render(request, game, after, shared=saved_context(game, after))
    return HttpResponseRedirect(reverse("table", args=[game.key]), status=303)


type VersionedView[F: VersionForm] = Callable[[HtmxHttpRequest, Game, F], HttpResponse]
type KeeperView = Callable[[HtmxHttpRequest, str], HttpResponse]


def versioned[Form: VersionForm](
    form_class: type[Form],
) -> Callable[[VersionedView[Form]], KeeperView]:
    """A keeper's change posted from the table: the game found by its key and the form
    checked against the game's version before the view runs. A form from an older
    screen is refused (409), one that cannot be read too (400), the table as it stands."""

    def wrap(view: VersionedView[Form]) -> KeeperView:
        @require_POST
        @wraps(view)
        def checked(request: HtmxHttpRequest, key: str) -> HttpResponse:
            game = keeper_game(request, key)
            form = form_class(game.version, request.POST)
            if not form.is_valid():
                return _refused(request, game, form)
            return view(request, game, form)

        return checked

    return wrap


def _refusal(request: HtmxHttpRequest, game: Game, error: RulesError) -> HttpResponse:
    """The table as it stands, with the engine's reason for refusing (400)."""
    current = game.table()
    return _render(request, game, current, translated(error.message), 400)


@require_GET
def game_table(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = keeper_game(request, key)
    if request.htmx and request.GET.get("since") == str(game.version):
        # A poll (phones at the seats, a server without streams): nothing new, no swap.
        return HttpResponse(status=204)
    current, broken = current_table(game)
    by_hand = request.GET.get("dice") == "hand"
    return _render(request, game, current, broken, seat=request.GET.get("seat"), by_hand=by_hand)


@require_POST
def enter(request: HtmxHttpRequest, key: str) -> HttpResponse:
    game = keeper_game(request, key)
    current = game.table()
    form = EntryForm(game.version, current, request.POST)
    if not form.is_valid():
        if form.stale():
            # A tap sent again whose first answer was lost: entered once, and said so.
            if is_replay(request) and entered_before(game, current, request.POST):
                return mark_entered_before(_render(request, game, current))
            return _render(request, game, current, stale_words(request), 409)
        # Boxes ticked stay ticked, to change one rather than tick them all again.
        ticked = (request.POST.getlist("values"), request.POST.getlist("pile"))
        return _render(
            request,
            game,
            current,
            form.message(),
            400,
            ticked=ticked,
            named=form.named_ticked(),
            by_hand=request.POST.get("value") == "hand",
        )
    return _saved(request, game, form.cleaned_data["table"])


@versioned(VersionForm)
def undo_step(request: HtmxHttpRequest, game: Game, form: VersionForm) -> HttpResponse:
    try:
        after, undone = take_back(*game.load(), game.correcting, game.last_correction())
    except RulesError as error:
        return _refusal(request, game, error)
    redo = (*game.undone(), undone) if undone is not None else ()
    return _saved(request, game, after, redo)


@versioned(VersionForm)
def redo_step(request: HtmxHttpRequest, game: Game, form: VersionForm) -> HttpResponse:
    """Put back the entry Undo took back last, checked by the engine like any entry."""
    current = game.table()
    undone = game.undone()
    try:
        after = put_back(current, undone)
    except RulesError as error:
        return _refusal(request, game, error)
    return _saved(request, game, after, undone[:-1])


@versioned(CorrectForm)
def correct(request: HtmxHttpRequest, game: Game, form: CorrectForm) -> HttpResponse:
    """Enter a past round again, through the same steps; later rounds are worked out again."""
    record, pending = game.load()
    try:
        after = correction(record, form.cleaned_data["number"], pending, game.correcting)
    except RulesError as error:
        return _refusal(request, game, error)
    return _saved(request, game, after)
