"""A seat for each player: every phone at the table its own player's (issue 25).

The keeper's table shows a Join link and its QR code (``/j/<join_key>/``). A phone
that opens it picks a free seat and becomes that player's phone (``/s/<key>/``): it
shows the round, every bid as it is made (sealed: who has bid, not what, but its
own) and the totals, and a pad that is live only when its own bid or tricks are
asked for: its bid as the engine asks that player alone (``Table.bid_step``), so
sealed, in any order, and changed, its bid so far marked, until the last is in. Its
tap goes the keeper's tap's way (the engine's steps, the version check) for its own
seat only. The keeper still enters for everyone, undoes and
corrects, and releases a seat, whose link then says so (410).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_engine import Step, StepKind, Table
from scorepad.access import join_game, join_url, keeper_game, seat_at
from scorepad.forms import SeatEntryForm, SeatForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game, Seat
from scorepad.replays import stale_words
from scorepad.views.sharing import qr_code
from scorepad.views.table import buttons, current_table, saved_context, table_context

# The seat links this browser took, kept in its session: the Join page offers them
# again (a phone that scans the code twice finds its own seat, not a taken one).
SESSION_SEATS = "seats"
KEPT_SEATS = 20


def own_step(current: Table, own: int) -> Step | None:
    """What this phone's pad asks of its own seat now, if anything: a bid is asked as
    the engine asks that player alone (``Table.bid_step``: sealed bids in any order and
    changed until the last is in, everyone's at once, the dealer's bid again under the
    hook), tricks when the table asks this seat for them."""
    step = current.step
    if current.correcting is not None:
        return None  # the keeper's alone (SeatEntryForm says so)
    if step.kind is StepKind.BID:
        return current.bid_step(own)
    return step if step.kind is StepKind.TRICKS and step.seat == own else None


def seat_context(
    seat: Seat, current: Table, error: str | None = None, base: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What a player's phone draws: the table's context, with the pad for its own seat
    only, its own sealed bid shown, and no link of the keeper's. ``base``: the table's
    context worked out already (live, once for every seat), left as it is."""
    game, own = seat.game, seat.number
    context = dict(base) if base is not None else table_context(game, current, error)
    step = current.step
    asked = step.seats or ((step.seat,) if step.seat is not None else ())
    pad = own_step(current, own)
    players = current.record.players
    own_bid = current.bid_of(own)
    # Its bid so far, marked among the buttons, to change (sealed, the dealer's).
    marked = str(own_bid) if own_bid is not None else None
    if pad is not None:
        choices, reasons = buttons(pad)
        context |= {
            "step": pad,
            "step_seat": own,
            "asked_name": players[own],
            "whose": (),
            "asked_prompt": "",
            "choices": choices,
            "reasons": reasons,
            "marked": marked if pad.kind is StepKind.BID else None,
        }
    # Whose turn, as this phone sees it: its own when it is asked, else all who are.
    turn = {own} if pad is not None and own in asked else set(asked)
    rows = []
    for row in context["seats"]:
        marks = (("turn", row.seat in turn), ("leader", row.leader))
        rows.append(replace(row, marks=" ".join(mark for mark, on in marks if on)))
    context["seats"] = rows
    sealed_bid = own_bid if current.bids_sealed else None
    if sealed_bid is not None:
        # Its own bid, seen by it alone until the last is in.
        rows[own] = replace(rows[own], bid=str(sealed_bid))
    # Boerenbridge's dealer may change their bid until the tricks: their phone too.
    change = None
    if step.kind is not StepKind.BID and current.correcting is None:
        change = current.bid_step(own)
    return context | {
        # Not at the table this round (RULINGS, "Players come and go"): never asked, its
        # total standing; the phone stays this player's for when they come back.
        "apart": current.round is not None and own not in current.seated,
        "own_sealed_bid": sealed_bid,
        "seat": seat,
        "seat_name": players[own],
        "pad": pad is not None,
        "change": change,
        "change_buttons": buttons(change)[0] if change is not None else [],
        "change_marked": marked,
        # Only its own seat's address: the keeper's links are not on a player's phone.
        "links": {"enter": reverse("seat_enter", args=[seat.key])},
        "waiting": step.kind not in (StepKind.OVER, StepKind.COMPLETE),
    }


def _render(
    request: HtmxHttpRequest,
    seat: Seat,
    current: Table,
    error: str | None = None,
    status: int = 200,
    base: dict[str, Any] | None = None,
) -> HttpResponse:
    template = "seat.html#seat" if request.htmx else "seat.html"
    return render(request, template, seat_context(seat, current, error, base), status=status)


def _released(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """A released seat's link: 410, saying so. htmx reloads the page to show it (it
    swaps no 410 in)."""
    response = render(request, "seat_released.html", {"seat": seat}, status=410)
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response


def _taken(request: HtmxHttpRequest) -> list[str]:
    kept = request.session.get(SESSION_SEATS)
    return [key for key in kept if isinstance(key, str)] if isinstance(kept, list) else []


def _join_page(
    request: HtmxHttpRequest, game: Game, error: str = "", status: int = 200
) -> HttpResponse:
    held = dict(Seat.objects.filter(game=game, released__isnull=True).values_list("number", "key"))
    mine = set(_taken(request))
    players = game.load()[0].players
    rows = [
        {
            "number": number,
            "name": name,
            "held": number in held,
            # This browser's own seat, to open again; never another phone's link.
            "mine": held[number] if held.get(number) in mine else "",
        }
        for number, name in enumerate(players)
    ]
    context = {"game": game, "rows": rows, "error": error, "rules": game.load()[0].rules}
    return render(request, "join.html", context, status=status)


@require_http_methods(["GET", "POST"])
def join(request: HtmxHttpRequest, join_key: str) -> HttpResponse:
    """The Join link: the players, each free seat a button; taking one makes this
    phone that player's (303 to its own link)."""
    game = join_game(request, join_key)
    if request.method == "GET":
        return _join_page(request, game)
    players = game.load()[0].players
    form = SeatForm(players, request.POST)
    if not form.is_valid():
        return _join_page(request, game, " ".join(map(str, form.errors.get("seat", []))), 400)
    number = form.cleaned_data["seat"]
    seat = game.take_seat(number)
    if seat is None:
        message = gettext(
            "%(player)s's seat already has a phone. If that is not yours, ask the keeper to "
            "release it (on the keeper's phone, under Everyone on their own phone)."
        ) % {"player": players[number]}
        return _join_page(request, game, message, 409)
    request.session[SESSION_SEATS] = [*_taken(request), seat.key][-KEPT_SEATS:]
    return HttpResponseRedirect(reverse("seat", args=[seat.key]), status=303)


@require_GET
def join_qr(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The Join link as a QR code (SVG), for the keeper's screen; keeper link only."""
    game = keeper_game(request, key)
    return qr_code(join_url(request, game))


@require_GET
def seat_phone(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A player's own phone: the round, the bids, the totals, and its own pad."""
    seat = seat_at(request, key)
    if seat.released is not None:
        return _released(request, seat)
    # Where no stream can be had, the page polls: each poll says the phone is there.
    seat.mark_seen()
    if request.htmx and request.GET.get("since") == str(seat.game.version):
        return HttpResponse(status=204)  # a poll, and nothing new: nothing drawn, no swap
    current, broken = current_table(seat.game)
    return _render(request, seat, current, broken)


@require_POST
def seat_enter(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A tap on a player's phone: its own bid or tricks, the keeper's tap's way."""
    seat = seat_at(request, key)
    if seat.released is not None:
        return _released(request, seat)
    game = seat.game
    current, broken = current_table(game)
    form = SeatEntryForm(game.version, current, seat.number, request.POST)
    if not form.is_valid():
        if form.not_yours():
            return _render(request, seat, current, form.message(), 403)
        if form.stale():
            return _render(request, seat, current, stale_words(request), 409)
        return _render(request, seat, current, form.message(), 400)
    if broken is not None:
        return _render(request, seat, current, broken, 400)
    if not game.save_table(form.cleaned_data["table"]):
        # Another phone saved in between: the game as it now stands.
        game.refresh_from_db()
        current, _ = current_table(game)
        return _render(request, seat, current, stale_words(request), 409)
    if request.htmx:
        after = form.cleaned_data["table"]
        # The table's context worked out once for the answer and the screens watching.
        return _render(request, seat, after, base=saved_context(game, after))
    return HttpResponseRedirect(reverse("seat", args=[seat.key]), status=303)


@require_POST
def release_seat(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """The keeper frees a seat: its phone's link stops working, another may take it."""
    game = keeper_game(request, key)
    current, broken = current_table(game)
    error = None
    if number >= len(current.record.players) or not game.release_seat(number):
        error = gettext("No phone holds that seat: there is nothing to release.")
    if request.htmx:
        # The table too: the release made a new version, which its forms must carry.
        context = table_context(game, current, error or broken)
        table = render(request, "table.html#table", context).content
        seats = render(request, "table.html#seats", context | {"oob": True}).content
        return HttpResponse(table + seats, status=400 if error else 200)
    if error:
        context = table_context(game, current, error) | {"kept": [], "kept_piles": []}
        return render(request, "table.html", context, status=400)
    return HttpResponseRedirect(reverse("table", args=[game.key]), status=303)
