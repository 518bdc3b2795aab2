"""A tap sent again after a connection dropped (static/js/keep.js), answered for what it
is: entered once, whatever happened to the first answer.

A tap waits on the phone when its request fails; but a request can reach the server
and only its answer be lost. Sent again, it is on an older screen's version and the
game refuses it (409), as it refuses every double tap: it is never applied twice. What
this module adds is the answer to the question the phone asks: was *this* tap the one
entered? Then it is reported kept, not refused.

The phone marks a tap sent again with the ``Scorepad-Replay`` header; its id is the
version of the screen it was made on and the answer posted (the form's fields). It
was entered when the game's one change since that version is exactly this answer: the
table before the game's last entry, with the tap played on it, is the table stored.
Nothing more is stored for it. Two limits, both refused as before rather than guessed:
a roll of dice (rolled again, it differs) and a tap followed by another change.
"""

from __future__ import annotations

from django.http import HttpResponse, QueryDict
from django.utils.translation import gettext, gettext_noop

from rules_engine import RulesError, Table, last_entry, table, undo
from scorepad.forms import STALE, EntryForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game

# Sent by keep.js with a tap that waited on the phone.
REPLAY = "Scorepad-Replay"
# The answer's header when the tap was entered before (a 200 with the table as it is).
TAP = "Scorepad-Tap"
ENTERED_BEFORE = "entered-before"

CHANGED = gettext_noop(
    "A tap made without a connection was not entered: the game had changed meanwhile "
    "(another phone entered, or something was undone). This is the table as it is now."
)


def is_replay(request: HtmxHttpRequest) -> bool:
    return request.headers.get(REPLAY) == "1"


def stale_words(request: HtmxHttpRequest) -> str:
    """Why a tap from an older screen was refused: a replay's reason is worded for it."""
    return gettext(CHANGED) if is_replay(request) else gettext(STALE)


def entered_before(game: Game, current: Table, posted: QueryDict) -> bool:
    """Whether this tap, posted at the game's previous version, is the entry that took
    the game to the version it is at now (``current``, as stored)."""
    # One change since the tap's screen, and not an undo (which leaves something to
    # redo); a table that needs attention took no tap since.
    if game.redo or current.attention is not None or last_entry(current) is None:
        return False
    try:
        correcting = current.correcting
        before = table(*undo(current.record, current.pending, correcting), correcting)
    except RulesError:
        return False
    # The form reads the posted answer on the table before the last entry, and its
    # version check holds the tap to the version just before this one.
    form = EntryForm(game.version - 1, before, posted)
    if not form.is_valid():
        return False
    after: Table = form.cleaned_data["table"]
    return (after.pending, after.correcting, after.record.rounds) == (
        current.pending,
        current.correcting,
        current.record.rounds,
    )


def mark_entered_before(response: HttpResponse) -> HttpResponse:
    response[TAP] = ENTERED_BEFORE
    return response
