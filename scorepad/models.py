"""What Scorepad stores: each game's record as entered. Scores are never stored.

The record (players, options, first dealer, rounds) is the source of truth; the
engine works out every score, total and the next step from it on demand.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models

from rules_engine import Entry, Record, parse_record, review


def new_key() -> str:
    # 16 random bytes: 128 bits, so a game's link cannot be guessed.
    return secrets.token_urlsafe(16)


def summary_of(record: Record) -> dict[str, Any]:
    """What lists of games show, worked out by the engine (never entered by hand)."""
    sheet = review(record)
    return {
        "finished": sheet.finished,
        "summary": {
            "rounds": len(sheet.rounds),
            "totals": list(sheet.totals),
            "winners": list(sheet.winners),
        },
    }


class Game(models.Model):
    # The keeper's link: whoever has it may enter and change the game.
    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # The viewer's link: read only.
    viewer_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    game = models.CharField(max_length=32, db_index=True)
    # The scorepad/1 record: format, game, options, players, first_dealer, rounds.
    record = models.JSONField()
    # The entries of the round being entered, in the order made (see rules_engine.Entry).
    pending = models.JSONField(default=list, blank=True)
    # The past round being entered again to correct it (1-based), if any.
    correcting = models.PositiveSmallIntegerField(null=True, blank=True)
    # The virtual draw for first dealer, kept to show the cards drawn.
    dealer_draw = models.JSONField(null=True, blank=True)
    # Bumped by every change: a form carries the version it was shown, so a
    # double tap or a second phone cannot enter the same step twice.
    version = models.PositiveIntegerField(default=0)
    # A cache for listing games, rebuilt from the engine with every change.
    finished = models.BooleanField(default=False)
    summary = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.record.get('game')} with {', '.join(self.record.get('players', []))}"

    def load(self) -> tuple[Record, tuple[Entry, ...]]:
        """The record and the round in progress, read once for what the fields now hold.

        Kept, so that the engine's sheet of the record (kept on the Record) serves
        every question a request asks; read again whenever the fields are replaced.
        """
        loaded = self.__dict__.get("_loaded")
        # The very objects read from (held, so never mistaken for new ones).
        if loaded is None or loaded[0] is not self.record or loaded[1] is not self.pending:
            state = parse_record(self.record), tuple(Entry.from_json(e) for e in self.pending)
            loaded = self._loaded = (self.record, self.pending, state)
        return loaded[2]

    def saved(self, changes: dict[str, Any], record: Record, pending: tuple[Entry, ...]) -> None:
        """This game as ``changes`` left it in the database, without reading it back."""
        for field, value in changes.items():
            setattr(self, field, value)
        self._loaded = (self.record, self.pending, (record, pending))

    def changes(
        self, record: Record, pending: tuple[Entry, ...], correcting: int | None
    ) -> dict[str, Any]:
        """The fields to write for a new state (used with a version check)."""
        return {
            "record": record.to_json(),
            "pending": [entry.to_json() for entry in pending],
            "correcting": correcting,
            "version": self.version + 1,
            **summary_of(record),
        }

    @classmethod
    def start(
        cls,
        record: Record,
        owner: Any = None,
        dealer_draw: list[Any] | None = None,
    ) -> Game:
        """A new game with its seats, from a record the engine has accepted."""
        game = cls.objects.create(
            game=record.game,
            record=record.to_json(),
            owner=owner,
            dealer_draw=dealer_draw,
            **summary_of(record),
        )
        Seat.objects.bulk_create(
            Seat(game=game, seat=seat, name=name, name_key=name.casefold())
            for seat, name in enumerate(record.players)
        )
        return game


class Seat(models.Model):
    """A player's name at a game, so games can be found and counted by player."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    # The name casefolded: "ann" and "Ann" are the same player across games.
    name_key = models.CharField(max_length=40, db_index=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_player_a_seat")]

    def __str__(self) -> str:
        return self.name
