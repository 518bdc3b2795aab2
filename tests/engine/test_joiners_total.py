"""A player who has just joined counts as their starting total at the table, before
their first round (issue 45, point 4): on "Someone leaves" and in "the lowest at the
table" offered to the next joiner."""

from __future__ import annotations

from rules_engine import Entry, change
from tests.engine.test_changes_at_table import oh_hell_after_two_rounds


def test_a_joiner_counts_as_their_start_before_their_first_round() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": 50}))
    assert current.sheet.totals[4] == 0
    assert current.totals == (24, 25, 6, 24, 50)


def test_the_lowest_at_the_table_counts_a_joiner_as_their_start() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": -5}))
    assert current.lowest_total == -5
    high = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": 50}))
    assert high.lowest_total == 6


def test_a_joiner_who_leaves_before_playing_leaves_on_their_start() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": 50}))
    current = change(current, Entry("leave", 4))
    assert current.totals[4] == 50
