"""Boerenbridge of fixed length (RULINGS, "House rules", Boerenbridge's ``end``): the
game ends after the last hand and the highest total wins; presets "Dutch pyramid",
"Basis" and "Flemish"."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules_engine import (
    Entry,
    RulesError,
    StepKind,
    hand_pattern,
    new_record,
    parse_record,
    preset,
    presets,
    rules_in_play,
    schedule,
    score,
    table,
)
from rules_engine.cli import main
from tests.engine.entering import enter

FOUR = ["Ann", "Ben", "Cleo", "Dev"]
PYRAMID = [*hand_pattern(1, 13, 1)]
FIXED = {"end": "hands", "hands": [1, 2, 1]}


def record(options: dict[str, Any], rounds: list[dict[str, Any]], players: int = 4) -> Any:
    return {
        "format": "scorepad/1",
        "game": "boerenbridge",
        "options": options,
        "players": [*FOUR, "Eve", "Fay", "Gus"][:players],
        "first_dealer": 0,
        "rounds": rounds,
    }


def refusal(options: dict[str, Any], players: int = 4) -> RulesError:
    with pytest.raises(RulesError) as caught:
        score(parse_record(record(options, [], players)))
    return caught.value


def test_it_ends_after_the_last_hand_and_the_highest_total_wins() -> None:
    rounds = [
        {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]},
        {"bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0]},
    ]
    sheet = score(parse_record(record(FIXED, rounds)))
    assert not sheet.finished and sheet.winners == ()
    rounds.append({"bids": [1, 0, 1, 0], "tricks": [1, 0, 0, 0]})
    sheet = score(parse_record(record(FIXED, rounds)))
    # As ruled: made 10 + t (a made 0 scores 20), missed t; no bounce, no target.
    assert [r.scores for r in sheet.rounds] == [(11, 20, 20, 0), (20, 11, 1, 20), (11, 20, 0, 20)]
    assert sheet.totals == (42, 51, 21, 40)
    assert sheet.finished and sheet.winners == (1,)


def test_the_hands_are_dealt_once_not_over_and_over() -> None:
    rec = new_record("boerenbridge", FOUR, 0, FIXED)
    assert rec.rules.round_count(rec.setup) == 3
    assert [r.hand_size for r in schedule("boerenbridge", FIXED, 4)] == [1, 2, 1]
    assert rec.rules.goal(rec.setup) == "3 rounds, the highest total wins"


def test_a_total_over_100_does_not_bounce_and_does_not_end_the_game() -> None:
    options = {**FIXED, "hands": [13, 13], "scoring": "custom", "made": "100 + t", "missed": "t"}
    rounds = [{"bids": [13, 0, 0, 1], "tricks": [13, 0, 0, 0]}]
    sheet = score(parse_record(record(options, rounds)))
    assert sheet.totals == (113, 100, 100, 0) and not sheet.finished


def test_nobody_sits_out_unless_the_table_sets_it() -> None:
    options = {**FIXED, "hands": [13, 13, 13]}
    rec = new_record("boerenbridge", FOUR, 0, options)
    assert rec.setup.options["sit_out"] is None
    rounds = [
        {"bids": [13, 0, 0, 1], "tricks": [13, 0, 0, 0]},
        # Ann on 23 bids; with sit_out 20 she may not.
        {"bids": [13, 0, 1, 0], "tricks": [13, 0, 0, 0]},
    ]
    assert score(parse_record(record(options, rounds))).totals == (46, 40, 20, 20)
    with pytest.raises(RulesError, match="Ann .*does not bid"):
        score(parse_record(record({**options, "sit_out": 20}, rounds)))


@pytest.mark.parametrize("option", [{"target": 150}, {"target": 100}, {"bounce": False}])
def test_a_target_or_bounce_given_with_it_is_refused_naming_the_option(
    option: dict[str, Any],
) -> None:
    (name,) = option
    error = refusal({**FIXED, **option})
    assert error.option == name
    assert str(error) == f"option {name} is not given with end: hands"


def test_it_needs_the_hands() -> None:
    error = refusal({"end": "hands"})
    assert error.option == "hands"
    assert str(error) == "option hands is needed with end: hands: the game ends after its last hand"


def test_end_is_target_or_hands() -> None:
    assert "option end is one of target, hands, not 'never'" in str(refusal({"end": "never"}))
    # Given as the default, the game plays to 100 as ruled.
    rec = new_record("boerenbridge", FOUR, 0, {"end": "target"})
    assert rec.rules.round_count(rec.setup) is None


@pytest.mark.parametrize(
    ("key", "made", "missed"),
    [
        ("dutch-pyramid", "10 + 3 * t", "-3 * abs(t - b)"),
        ("basis", "10 + 2 * t", "0"),
        ("flemish", "10 + 3 * t", "0"),
    ],
)
def test_the_fixed_length_presets_deal_the_pyramid(key: str, made: str, missed: str) -> None:
    found = preset("boerenbridge", key, 4)
    assert dict(found.options) == {
        "end": "hands",
        "hands": PYRAMID,
        "scoring": "custom",
        "made": made,
        "missed": missed,
    }
    rec = new_record("boerenbridge", FOUR, 0, dict(found.options))
    assert rec.rules.round_count(rec.setup) == 25
    assert rules_in_play("boerenbridge", dict(found.options), 4) == f"Rules: {found.name}"


def test_for_other_counts_each_hand_is_capped_at_what_the_pack_deals() -> None:
    found = preset("boerenbridge", "dutch-pyramid", 5)
    assert found.options["hands"] == [min(size, 10) for size in PYRAMID]
    assert preset("boerenbridge", "basis", 7).options["hands"] == [min(s, 7) for s in PYRAMID]
    names = [p.name for p in presets("boerenbridge", 4)]
    assert names[-3:] == ["Dutch pyramid", "Basis", "Flemish"]


def test_the_dutch_pyramid_scores_a_miss_3_a_trick_off() -> None:
    options = dict(preset("boerenbridge", "dutch-pyramid", 4).options)
    rounds = [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}]
    assert score(parse_record(record(options, rounds))).totals == (13, 10, 10, -3)


def test_the_table_plays_the_last_round_and_says_the_game_is_over() -> None:
    rec = new_record("boerenbridge", FOUR, 0, {**FIXED, "hands": [1]})
    current = table(rec)
    assert current.round_label == "Round 1 of 1"
    pending: tuple[Entry, ...] = ()
    for entry in [Entry("bid", 1, 0), Entry("bid", 2, 0), Entry("bid", 3, 0), Entry("bid", 0, 0)]:
        rec, pending = enter(rec, pending, entry)
    for seat in (1, 2, 3):
        rec, pending = enter(rec, pending, Entry("tricks", seat, 0))
    assert table(rec, pending).step.kind is StepKind.OVER
    assert score(rec).winners == (1, 2, 3)


def test_the_schedule_a_sheet_prints_has_a_row_for_every_hand() -> None:
    options = dict(preset("boerenbridge", "basis", 4).options)
    rows = schedule("boerenbridge", options, 4, first_dealer=1)
    assert [row.hand_size for row in rows] == PYRAMID
    assert [row.dealer for row in rows[:5]] == [1, 2, 3, 0, 1]


def test_the_command_line_scores_it_and_refuses_a_target_beside_it() -> None:
    data = record(FIXED, [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}])
    out, err = io.StringIO(), io.StringIO()
    assert main(["score", "-"], io.StringIO(json.dumps(data)), out, err) == 0
    assert json.loads(out.getvalue())["totals"] == [11, 20, 20, 0]
    data["options"] = {**FIXED, "target": 150}
    out, err = io.StringIO(), io.StringIO()
    assert main(["score", "-"], io.StringIO(json.dumps(data)), out, err) == 1
    assert err.getvalue() == "option target is not given with end: hands\n"


def test_the_table_says_the_house_rules_in_a_line() -> None:
    assert rules_in_play("boerenbridge", FIXED, 4) == (
        "House rules: hands 1 2 1; the highest total after the last hand wins"
    )


def test_the_record_carries_the_end() -> None:
    rec = new_record("boerenbridge", FOUR, 0, FIXED)
    assert rec.to_json()["options"] == FIXED


def test_a_plan_given_later_ends_it_after_the_plans_last_entry() -> None:
    # RULINGS, end: hands: "a plan given later ends it after the plan's last entry".
    options = {"end": "hands", "hands": [1, 1, 1, 1]}
    rounds: list[dict[str, Any]] = [
        {"bids": [0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]},
        # Eve leaves; the table plans two rounds of 2 (the list said two more of 1).
        {
            "seated": [0, 1, 2, 3],
            "plan": [2, 2],
            "bids": [0, 0, 0, 0, None],
            "tricks": [2, 0, 0, 0, None],
        },
    ]
    sheet = score(parse_record(record(options, rounds, players=5)))
    assert not sheet.finished
    rounds.append(
        {"seated": [0, 1, 2, 3], "bids": [0, 0, 1, 0, None], "tricks": [0, 0, 2, 0, None]},
    )
    sheet = score(parse_record(record(options, rounds, players=5)))
    assert [r.hand_size for r in sheet.rounds] == [1, 2, 2]
    assert sheet.finished
    assert sheet.totals == (23, 60, 42, 60, 20)
    assert sheet.winners == (1, 3)
