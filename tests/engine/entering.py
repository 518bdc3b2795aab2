"""Entering by record and entries: the tests' short way to take several steps."""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine import Entry, Record, play, table


def enter(
    record: Record, pending: Sequence[Entry], entry: Entry, correcting: int | None = None
) -> tuple[Record, tuple[Entry, ...]]:
    """The record and the round's entries after ``entry`` (``play`` at their table)."""
    after = play(table(record, pending, correcting), entry)
    return after.record, after.pending
