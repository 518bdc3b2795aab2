"""A seat for each player: every phone at the table its own player's (issue 25).

The keeper's table shows a Join link and its QR code (``/j/<join_key>/``). A phone
that opens it picks a free seat and becomes that player's phone (``/s/<key>/``): it
shows the round, every bid as it is made (sealed: who has bid, not what, but its
own) and the totals, and a pad that is live only when its own bid or tricks are
asked for: its bid as the engine asks that player alone (``Table.bid_step``), so
sealed, in any order, and changed, its bid so far marked, until the last is in. Its
tap goes the keeper's tap's way (the engine's steps, the version check) for its own
seat only (its bid, its tricks, Skull King's bonus); a tap drawn before another phone's
still counts while its own seat's part is unchanged (``seat_mark``), and one made
without a connection waits on the phone and is sent again (static/js/keep.js). A
refused tap says what happened. The keeper still enters for everyone, undoes and
corrects, and releases a seat, whose link then says so (410), and which the phone it
was released from cannot take back; a new Join link stops the old one. The keeper's
table says which phone took each seat (its browser and system, since when); a seat
taken by a phone the keeper released before (this browser, or a fresh one of the same
kind from the same client) enters nothing until the keeper lets it, one tap, or
releases it again. After Play
again each phone follows to its seat at the new game (``Seat.next``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rules_engine import Table
from scorepad import play
from scorepad.forms import SeatEntryForm, SeatForm, correcting_words, seat_mark, small_number
from scorepad.guards.access import join_game, join_url, keeper_game, seat_at
from scorepad.guards.clients import client, phone
from scorepad.http import HtmxHttpRequest
from scorepad.live.drawings import caught_up
from scorepad.models import Game, Seat
from scorepad.replays import is_replay, mark_entered_before, stale_words
from scorepad.screens.seat import seat_context
from scorepad.screens.sheet import sheet_context
from scorepad.screens.streams import HOLDER, seat_screen
from scorepad.screens.table import current_table, saved_context, table_context
from scorepad.views.sharing import qr_code

# The seat links this browser took, kept in its session: the Join page offers them
# again (a phone that scans the code twice finds its own seat, not a taken one).
SESSION_SEATS = "seats"
KEPT_SEATS = 20


def _render(
    request: HtmxHttpRequest,
    seat: Seat,
    current: Table,
    error: str | None = None,
    status: int = 200,
    base: dict[str, Any] | None = None,
) -> HttpResponse:
    context = seat_context(seat, current, error, base)
    if not request.htmx:
        # The whole page has the score sheet too (left out of polls and taps' answers).
        return render(request, "seat.html", context | sheet_context(seat.game), status=status)
    return render(request, "seat.html#seat", context, status=status)


def _released(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """A released seat's link: 410, saying so. htmx reloads the page to show it (it
    swaps no 410 in)."""
    response = render(request, "seat_released.html", {"seat": seat}, status=410)
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response


def _asking(request: HtmxHttpRequest, seat: Seat, status: int = 200) -> HttpResponse:
    """A seat waiting for the keeper to let its phone hold it: says so, and looks again
    every few seconds (a plain refresh: no stream is held for it). htmx reloads the page
    to show it."""
    players = seat.game.load()[0].players
    context = {"seat": seat, "player": players[seat.number] if seat.number < len(players) else ""}
    response = render(request, "seat_asking.html", context, status=status)
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response


def _taken(request: HtmxHttpRequest) -> list[str]:
    kept = request.session.get(SESSION_SEATS)
    return [key for key in kept if isinstance(key, str)] if isinstance(kept, list) else []


def _released_here(request: HtmxHttpRequest, game: Game) -> set[int]:
    """The seats of this game that the keeper released from this phone: it may not take
    them back (a phone that took every seat would otherwise take a freed one again
    before the player it was freed for)."""
    released = Seat.objects.filter(game=game, released__isnull=False, key__in=_taken(request))
    return set(released.values_list("number", flat=True))


def _join_page(
    request: HtmxHttpRequest, game: Game, error: str = "", status: int = 200
) -> HttpResponse:
    held = dict(Seat.objects.filter(game=game, released__isnull=True).values_list("number", "key"))
    mine = set(_taken(request))
    kept_out = _released_here(request, game) if mine else set()
    players = game.load()[0].players
    rows = [
        {
            "number": number,
            "name": name,
            "held": number in held,
            # This browser's own seat, to open again; never another phone's link.
            "mine": held[number] if held.get(number) in mine else "",
            "kept_out": number in kept_out,
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
    if number in _released_here(request, game):
        message = gettext(
            "The keeper released %(player)s's seat from this phone, so this phone cannot "
            "take it back. Another phone can; if this one is really %(player)s's, ask the "
            "keeper."
        ) % {"player": players[number]}
        return _join_page(request, game, message, 403)
    # A phone the keeper released from a seat here before (from this browser, or from
    # another browser of the same phone) asks the keeper for the seat it takes.
    kind, who = phone(request), client(request)
    asking = bool(_released_here(request, game)) or game.released_before(kind, who)
    seat = play.take_seat(game, number, kind, who, asking)
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


@require_POST
def new_join_link(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The keeper makes a new Join link: the old one (and its code, printed or shown)
    stops at once, the phones at their seats keep them. A plain form, rarely used: the
    table again, its Join box open on the new code."""
    game = keeper_game(request, key)
    play.new_join_link(game)
    return HttpResponseRedirect(reverse("table", args=[game.key]) + "?join=new#join", status=303)


@require_GET
def seat_next(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """After Play again: this phone's seat at the new game (``Seat.next``), which it
    holds from now on; its own page if there is none (yet)."""
    seat = seat_at(request, key)
    if seat.released is not None:
        return _released(request, seat)
    following = seat.next
    if following is None:
        return HttpResponseRedirect(reverse("seat", args=[seat.key]), status=303)
    request.session[SESSION_SEATS] = [*_taken(request), following.key][-KEPT_SEATS:]
    return HttpResponseRedirect(reverse("seat", args=[following.key]), status=303)


@require_GET
def seat_phone(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A player's own phone: the round, the bids, the totals, and its own pad."""
    seat = seat_at(request, key)
    if seat.released is not None:
        return _released(request, seat)
    if seat.asking:
        return _asking(request, seat)
    # Where no stream can be had, the page polls: each poll says the phone is there.
    seat.mark_seen()
    if request.htmx and request.GET.get("since") == str(seat.game.version):
        return HttpResponse(status=204)  # a poll, and nothing new: nothing drawn, no swap
    if request.htmx:
        drawn = caught_up(request, seat.game, seat_screen(seat.number))
        if drawn is not None and drawn.get(HOLDER) == str(seat.pk):
            return HttpResponse(drawn["seat"])  # as its stream sends it
    current, broken = current_table(seat.game)
    return _render(request, seat, current, broken)


@require_POST
def seat_enter(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """A tap on a player's phone: its own bid or tricks, the keeper's tap's way.

    Decided against the game as stored, in its turn (``play.in_turn``): the phones of
    a table tapping at once (sealed bids, open bids in their order, several players'
    tricks asked together) are each entered while the engine takes what they tapped,
    whatever the others saved since their pages were drawn."""
    seat = seat_at(request, key)
    if seat.released is not None:
        return _released(request, seat)
    if seat.asking:
        return _asking(request, seat, 403)
    with play.in_turn(seat.game_id) as game:
        current, broken = current_table(game)
        form = SeatEntryForm(game.version, current, seat.number, request.POST)
        saved = form.is_valid() and broken is None and play.save(game, form.cleaned_data["table"])
    seat.game = game
    if not form.is_valid():
        if form.not_yours():
            return _render(request, seat, current, form.message(), 403)
        if form.stale():
            if _entered_before(current, seat.number, request.POST):
                # Sent twice (a double tap, or again after its answer was lost): once.
                return mark_entered_before(_render(request, seat, current))
            return _render(request, seat, current, _not_entered(request, current, seat), 409)
        if form.correcting():
            return _render(request, seat, current, form.message(), 409)
        return _render(request, seat, current, form.message(), 400)
    if broken is not None:
        return _render(request, seat, current, broken, 400)
    if not saved:  # not while the game's row is held; said as for any older screen
        game.refresh_from_db()
        current, _ = current_table(game)
        return _render(request, seat, current, _not_entered(request, current, seat), 409)
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
    if number >= len(current.record.players) or not play.release_seat(game, number):
        error = gettext("No phone holds that seat: there is nothing to release.")
    return _seats_changed(request, game, current, error or broken, error is not None)


@require_POST
def let_seat(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """The keeper lets the phone asking for a seat (one released before) hold it."""
    game = keeper_game(request, key)
    current, broken = current_table(game)
    error = None
    if number >= len(current.record.players) or not play.let_seat(game, number):
        error = gettext("No phone asks for that seat: there is nothing to let.")
    return _seats_changed(request, game, current, error or broken, error is not None)


def _seats_changed(
    request: HtmxHttpRequest, game: Game, current: Table, error: str | None, refused: bool
) -> HttpResponse:
    """The keeper's answer once a seat was released or let: the table and its seats
    (htmx), or the table again (303); 400 with why where nothing changed."""
    if request.htmx:
        # The table too: the release made a new version, which its forms must carry.
        context = table_context(game, current, error)
        table = render(request, "table.html#table", context).content
        seats = render(request, "table.html#seats", context | {"oob": True}).content
        return HttpResponse(table + seats, status=400 if refused else 200)
    if refused:
        context = table_context(game, current, error) | {"kept": [], "kept_piles": []}
        return render(request, "table.html", context, status=400)
    return HttpResponseRedirect(reverse("table", args=[game.key]), status=303)


def _entered_before(current: Table, own: int, posted: QueryDict) -> bool:
    """Whether this tap is its seat's last entry, made since the screen it came from
    (``seat_mark``: one more entry of its own in the same round, and that one is it)."""
    mark = str(posted.get("mine", ""))
    round_number, _, count = mark.partition("-")
    if not count.isdigit() or seat_mark(current, own) != f"{round_number}-{int(count) + 1}":
        return False
    own_entries = [entry for entry in current.pending if entry.seat == own]
    last = own_entries[-1]
    return last.kind == posted.get("kind") and str(last.value) == str(posted.get("value", ""))


def _not_entered(request: HtmxHttpRequest, current: Table, seat: Seat) -> str:
    """Why a tap from an older screen of this phone was not entered, in words: what it
    was, and what happened to the game since (the table drawn with it shows what is
    asked now)."""
    mark = str(request.POST.get("mine", ""))
    tapped_in = small_number(mark.partition("-")[0], digits=4)
    now_in = len(current.record.rounds) + 1
    if current.correcting is not None:
        reason = correcting_words(current.correcting)
    elif current.round is None:
        reason = gettext("The game is over: nothing more is entered.")
    elif tapped_in is None:
        return stale_words(request)  # a form without the mark: not drawn by this phone
    elif tapped_in < now_in:
        reason = gettext("Round %(round)s is over: this is the table as it is now.") % {
            "round": tapped_in
        }
    elif tapped_in > now_in:
        reason = gettext(
            "The keeper's phone went back to round %(round)s: this is the table as it is now."
        ) % {"round": now_in}
    else:
        reason = gettext(
            "Your own entries were changed on another phone meanwhile: this is the table "
            "as it is now."
        )
    return f"{_tap_words(request)} {reason}".lstrip()


def _tap_words(request: HtmxHttpRequest) -> str:
    """The tap refused, in words ("Your bid of 2 was not entered."), or nothing for a
    post that is not one of a player's phone's."""
    value = small_number(str(request.POST.get("value", "")))
    offline = is_replay(request)
    words = {
        ("bid", False): gettext("Your bid of %(value)s was not entered."),
        ("bid", True): gettext(
            "Your bid of %(value)s, tapped without a connection, was not entered."
        ),
        ("tricks", False): gettext("Your tricks (%(value)s) were not entered."),
        ("tricks", True): gettext(
            "Your tricks (%(value)s), tapped without a connection, were not entered."
        ),
    }
    # A step of the game's own kind, asked of this seat (a bonus): said without its kind.
    other = {
        False: gettext("What you tapped (%(value)s) was not entered."),
        True: gettext("What you tapped (%(value)s) without a connection was not entered."),
    }
    tap = words.get((str(request.POST.get("kind", "")), offline), other[offline])
    return tap % {"value": value} if tap is not None and value is not None else ""
