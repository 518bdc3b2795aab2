"""The sheet remembers rounds already worked out (the web app works a game out at every
tap); what it gives back must be what working them out again would give."""

from __future__ import annotations

from typing import cast

import pytest

from rules_engine import parse_record, review, score
from rules_engine import sheet as engine_sheet

GOOD = {"bids": [3, 3, 2, 3], "tricks": [3, 4, 2, 1]}
# Ann deals 10 cards and bids 2: the bids add up to the tricks, which the hook forbids.
HOOKED = {"bids": [2, 3, 2, 3], "tricks": [3, 4, 2, 1]}


def record(*rounds: dict[str, list[int]]) -> dict[str, object]:
    return {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": {},
        "players": ["Ann", "Bob", "Cat", "Dev"],
        "first_dealer": 0,
        "rounds": list(rounds),
    }


def test_it_scores_a_record_alike_with_its_rounds_remembered_or_not() -> None:
    engine_sheet._KEPT.clear()
    first = score(parse_record(record(GOOD)))
    again = score(parse_record(record(GOOD)))

    assert again == first
    assert again.totals == (13, 4, 12, 1)


def test_it_never_remembers_a_round_that_breaks_a_rule() -> None:
    engine_sheet._KEPT.clear()
    for _ in range(2):
        sheet = review(parse_record(record(HOOKED)))
        assert sheet.rounds[0].problem is not None
        assert "may not bid 2" in sheet.rounds[0].problem
    assert not engine_sheet._KEPT


def test_the_same_round_in_another_game_is_worked_out_for_that_game() -> None:
    engine_sheet._KEPT.clear()
    score(parse_record(record(GOOD)))
    other = {**record(GOOD), "first_dealer": 1}

    # Bob deals now, so Ann's 3 is no longer the dealer's bid; the round is read anew.
    assert score(parse_record(other)).rounds[0].dealer == 1


def test_when_full_it_lets_go_of_the_round_used_longest_ago(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine_sheet._KEPT.clear()
    monkeypatch.setattr(engine_sheet, "_KEPT_MOST", 3)
    # Four games whose first round differs only in who dealt first: four rounds to keep.
    old, *others = [{**record(GOOD), "first_dealer": dealer} for dealer in range(4)]
    score(parse_record(old))
    for other in others[:2]:
        score(parse_record(other))
    score(parse_record(old))  # the oldest round, used again: now the newest
    score(parse_record(others[2]))  # one too many: the least recently used goes

    # The memo's keys are tuples (sheet._kept_key): the first dealer is the fourth.
    kept_dealers = [cast("tuple[object, ...]", key)[3] for key in engine_sheet._KEPT]
    assert len(kept_dealers) == 3
    assert 0 in kept_dealers  # the old round, recently used, is still kept
    assert 1 not in kept_dealers  # the round used longest ago is not
