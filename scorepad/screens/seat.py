"""A seat's screen: what a player's own phone draws, the table's screen with the pad for
its own seat only (``seat_context``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.urls import reverse

from rules_engine import Step, StepKind, Table
from scorepad.forms import correcting_words, seat_mark
from scorepad.models import Seat
from scorepad.screens.table import buttons, table_context


def own_step(current: Table, own: int) -> Step | None:
    """What this phone's pad asks of its own seat now, if anything: a bid is asked as
    the engine asks that player alone (``Table.bid_step``: sealed bids in any order and
    changed until the last is in, everyone's at once, the dealer's bid again under the
    hook), its share of a step the table asks of several players at once (a bonus
    owed: the engine takes them in any order, ``Table.alone``), and its tricks when
    the table asks this seat for them."""
    step = current.step
    if current.correcting is not None:
        return None  # the keeper's alone (SeatEntryForm says so)
    if step.kind is StepKind.BID:
        return current.bid_step(own)
    if own in step.seats:
        return current.alone(own)
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
            # The table's own first button (everyone's "none") and grids are not a phone's.
            "first": None,
            "first_choices": [],
            "grid": None,
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
        "own_notes": current.notes_for(own),
        "seat": seat,
        "seat_name": players[own],
        "pad": pad is not None,
        "change": change,
        "change_buttons": buttons(change)[0] if change is not None else [],
        "change_marked": marked,
        # Posted with its taps: what the pad was drawn from (``SeatEntryForm``).
        "mine": seat_mark(current, own) if pad is not None or change is not None else "",
        "correcting_note": (
            correcting_words(current.correcting) if current.correcting is not None else ""
        ),
        # Play again: this phone's seat at the new game, to follow to.
        "followed": seat.next_id is not None,
        # Only its own seat's address: the keeper's links are not on a player's phone.
        "links": {"enter": reverse("seat_enter", args=[seat.key])},
        "waiting": step.kind not in (StepKind.OVER, StepKind.COMPLETE),
    }
