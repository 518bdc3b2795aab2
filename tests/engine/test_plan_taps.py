"""plan_changes: the plan's common changes as taps (one more round, one fewer, end after
the next round, the same hand again), each the plan it makes, made as any plan."""

from __future__ import annotations

from rules_engine import (
    Entry,
    PlanChange,
    PlanTap,
    change,
    new_record,
    plan_changes,
    play,
    table,
)
from tests.engine.test_changes_at_table import FOUR, oh_hell_after_two_rounds, round_played

# Oh Hell long for four, after rounds of 10 and 9 cards: 8 down to 1, then up to 10.
AHEAD = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def taps() -> dict[PlanTap, PlanChange]:
    return {found.tap: found for found in plan_changes(oh_hell_after_two_rounds())}


def test_it_offers_the_four_taps_each_with_the_plan_it_makes() -> None:
    found = taps()

    assert list(found) == [PlanTap.MORE, PlanTap.FEWER, PlanTap.END, PlanTap.AGAIN]
    assert found[PlanTap.MORE].plan == (*AHEAD, 11)  # the run up carried on
    assert found[PlanTap.FEWER].plan == AHEAD[:-1]
    assert found[PlanTap.END].plan == (8,)
    assert found[PlanTap.AGAIN].plan == (9, *AHEAD)  # round 2's 9 cards once more
    assert [found[tap].hand_size for tap in PlanTap] == [11, 9, 8, 9]


def test_each_tap_is_made_as_a_plan_and_the_table_follows_it() -> None:
    current = oh_hell_after_two_rounds()
    for found in plan_changes(current):
        after = change(current, Entry("plan", None, list(found.plan)))

        assert after.plan_ahead == found.plan
        assert after.round is not None and after.round.hand_size == found.plan[0]


def test_one_more_round_stays_within_what_the_pack_deals_and_runs_down_too() -> None:
    current = oh_hell_after_two_rounds()
    # Up to 13 for four (the whole pack, a round without trump): 13 again.
    up = change(current, Entry("plan", None, [12, 13]))
    # Down to 1: one more is 1 again, never 0.
    down = change(current, Entry("plan", None, [3, 2, 1]))
    # Down by two: on by two.
    steps = change(current, Entry("plan", None, [9, 7]))

    assert [c.plan for c in plan_changes(up) if c.tap is PlanTap.MORE] == [(12, 13, 13)]
    assert [c.plan for c in plan_changes(down) if c.tap is PlanTap.MORE] == [(3, 2, 1, 1)]
    assert [c.plan for c in plan_changes(steps) if c.tap is PlanTap.MORE] == [(9, 7, 5)]


def test_a_short_plan_offers_no_tap_that_would_leave_nothing_or_repeat_another() -> None:
    current = oh_hell_after_two_rounds()
    two = change(current, Entry("plan", None, [8, 7]))
    one = change(current, Entry("plan", None, [8]))

    assert [c.tap for c in plan_changes(two)] == [PlanTap.MORE, PlanTap.FEWER, PlanTap.AGAIN]
    assert [c.tap for c in plan_changes(one)] == [PlanTap.MORE, PlanTap.AGAIN]
    assert [c.plan for c in plan_changes(one)] == [(8, 8), (9, 8)]


def test_a_plan_of_60_rounds_takes_no_more() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("plan", None, [5] * 60))

    assert [c.tap for c in plan_changes(current)] == [PlanTap.FEWER, PlanTap.END]


def test_no_taps_where_the_plan_may_not_change_or_the_game_plays_to_a_score() -> None:
    fresh = table(new_record("oh-hell", FOUR, 0))
    begun = play(oh_hell_after_two_rounds(), Entry("bid", 3, 2))
    boerenbridge = round_played(
        table(new_record("boerenbridge", FOUR, 0)),
        {"Ann": 0, "Ben": 0, "Cleo": 0, "Dev": 1},
        {"Ann": 0, "Ben": 0, "Cleo": 0, "Dev": 1},
    )
    sinker = table(new_record("sinker", ["Ann", "Ben"], 0))

    assert plan_changes(fresh) == ()  # before the first round
    assert plan_changes(begun) == ()  # a bid of round 3 entered
    assert boerenbridge.may_change_seats and plan_changes(boerenbridge) == ()
    assert plan_changes(sinker) == ()
