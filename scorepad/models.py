"""What Scorepad stores: each game's record as entered. Scores are never stored.

The record (players, options, first dealer, rounds) is the source of truth; the
engine works out every score, total and the next step from it on demand.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import models

from rules_engine import Entry, Record, parse_record


def new_key() -> str:
    # 16 random bytes: 128 bits, so a game's link cannot be guessed.
    return secrets.token_urlsafe(16)


class Game(models.Model):
    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
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
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.record.get('game')} with {', '.join(self.record.get('players', []))}"

    def load(self) -> tuple[Record, tuple[Entry, ...]]:
        return parse_record(self.record), tuple(Entry.from_json(e) for e in self.pending)

    def changes(
        self, record: Record, pending: tuple[Entry, ...], correcting: int | None
    ) -> dict[str, Any]:
        """The fields to write for a new state (used with a version check)."""
        return {
            "record": record.to_json(),
            "pending": [entry.to_json() for entry in pending],
            "correcting": correcting,
            "version": self.version + 1,
        }
