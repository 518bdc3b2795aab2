"""Two records of the same rounds are two games when both say when they were played,
and the moments differ (issue 45, point 7)."""

from __future__ import annotations

from rules_engine import played_apart


def test_two_evenings_are_two_games() -> None:
    assert played_apart("2026-11-21T19:30:00+01:00", "2026-11-28T19:30:00+01:00")


def test_one_moment_written_with_two_offsets_is_one_game() -> None:
    assert not played_apart("2026-11-21T19:30:00+01:00", "2026-11-21T18:30:00+00:00")


def test_the_same_moment_is_one_game() -> None:
    assert not played_apart("2026-11-21T19:30:00+01:00", "2026-11-21T19:30:00+01:00")


def test_a_record_that_does_not_say_when_matches_either() -> None:
    assert not played_apart(None, "2026-11-21T19:30:00+01:00")
    assert not played_apart("2026-11-21T19:30:00+01:00", None)
    assert not played_apart(None, None)
