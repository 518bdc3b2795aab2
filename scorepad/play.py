"""A change to a game, on one path: the engine has worked out the new table (a form's
``clean()``, or ``take_back``, ``put_back``, ``correction``), the game saves it with its
version check and its figures (scorepad/models.py, which only persists), and once it
is committed every screen watching the game hears of it (scorepad/live/).

The views call these rather than the models' methods, so that no change is saved
without being published, and the models never call up into the live updates.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

from django.db import transaction

from rules_engine import Entry, Table
from scorepad.history.ratings import rerate
from scorepad.live import publish
from scorepad.models import Figures, Game, Seat
from scorepad.screens import kept


def save(game: Game, after: Table, redo: Sequence[Entry] = ()) -> bool:
    """Save ``after`` as the game's state if nobody changed the game since it was read
    (false if another phone got there first), and publish it: this process's screens of
    the change draw it from ``after`` (``kept.saved``), without working it out again.
    ``redo``: the entries Redo may then put back; a new entry saves none."""
    if not game.save_table(after, redo):
        return False
    publish.changed(game, kept.saved(game, after))
    return True


@contextmanager
def in_turn(game_id: int) -> Iterator[Game]:
    """The game as stored, its row held until the change decided on it is saved (or
    refused): taps of several phones at once are taken one after another, each read
    after the one before it was saved. So a tap is decided by the engine against the
    game as it stands, never refused for a save made while it was being decided.
    (PostgreSQL holds the row, ``SELECT ... FOR UPDATE``; SQLite the database, its
    transactions beginning ``IMMEDIATE``: scorepad/settings.py.)"""
    with transaction.atomic():
        yield Game.objects.select_for_update().get(pk=game_id)


def delete(game: Game, when: datetime | None) -> None:
    """Delete the game (at ``when``), or bring it back (None), and rate the owner's
    games of its kind again without it (or with it), in one transaction: the figures
    never say the game is gone while the ratings still count it."""
    with transaction.atomic():
        game.set_deleted(when)
        rerate(Figures, game.owner_id, game.kind)
        publish.changed(game)


def take_seat(
    game: Game, number: int, phone: str = "", client: str = "", asking: bool = False
) -> Seat | None:
    """A phone takes the seat ``number`` (None if another phone holds it): the keeper's
    table marks the player as having a phone, and lists which phone it is (asking the
    keeper, for a phone the keeper released before)."""
    seat = game.take_seat(number, phone, client, asking)
    if seat is not None:
        publish.changed(game)
    return seat


def let_seat(game: Game, number: int) -> bool:
    """The keeper lets the phone asking for seat ``number`` hold it."""
    let = game.let_seat(number)
    if let:
        publish.changed(game)
    return let


def new_join_link(game: Game) -> None:
    """A new Join link: the old one stops at once, the seats taken through it stay."""
    game.new_join_link()
    publish.changed(game)


def seats_follow(game: Game, again: Game) -> None:
    """After Play again, each phone at a seat of ``game`` follows to ``again``."""
    if game.seats_follow(again):
        publish.changed(game)


def release_seat(game: Game, number: int) -> bool:
    """Free the seat ``number``: its phone's link stops working; false if no phone held it."""
    freed = game.release_seat(number)
    if freed:
        publish.changed(game)
    return freed
