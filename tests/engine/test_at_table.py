"""The table: entering a round step by step, undoing, correcting past rounds."""

from __future__ import annotations

import pytest

from rules_engine import (
    Entry,
    RulesError,
    StepKind,
    forced,
    last_entry,
    new_record,
    replace_round,
    review,
    score,
    table,
    undo,
)
from tests.engine.entering import enter

PLAYERS = ["Ann", "Ben", "Cleo"]


def test_a_new_game_asks_the_dealers_left_to_bid_first() -> None:
    current = table(new_record("oh-hell", PLAYERS, 1))
    assert current.round is not None
    assert current.round.dealer == 1
    assert current.round.bid_order == (2, 0, 1)
    assert current.step.kind is StepKind.BID and current.step.seat == 2
    assert current.round_label == "Round 1 of 19"


def test_undo_takes_back_the_last_entry_of_the_round() -> None:
    record = new_record("oh-hell", PLAYERS, 0)
    pending: tuple[Entry, ...] = ()
    record, pending = enter(record, pending, Entry("bid", 1, 3))
    record, pending = enter(record, pending, Entry("bid", 2, 2))
    record, pending = undo(record, pending)
    assert pending == (Entry("bid", 1, 3),)
    assert table(record, pending).step.seat == 2


def test_undo_reopens_the_last_round_without_its_last_entry() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-up"})
    record = record.with_rounds([{"bids": [0, 0, 0], "tricks": [1, 0, 0], "trump": "clubs"}])
    record, pending = undo(record, ())
    assert record.rounds == ()
    # The last entry was Ben's tricks (Ann's were filled in); Cleo's stand.
    assert pending == (
        Entry("trump", None, "clubs"),
        Entry("bid", 1, 0),
        Entry("bid", 2, 0),
        Entry("bid", 0, 0),
        Entry("tricks", 1, 0),
    )
    assert table(record, pending).step.kind is StepKind.TRICKS


def test_undo_on_a_new_game_says_there_is_nothing_to_undo() -> None:
    with pytest.raises(RulesError, match="nothing to undo"):
        undo(new_record("oh-hell", PLAYERS, 0), ())


def test_a_refused_entry_changes_nothing() -> None:
    record, pending = enter(new_record("oh-hell", PLAYERS, 0), (), Entry("bid", 1, 3))
    with pytest.raises(RulesError):
        enter(record, pending, Entry("bid", 1, 2))
    assert pending == (Entry("bid", 1, 3),) and record.rounds == ()


def test_a_correction_works_out_every_later_total_again() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-up"}).with_rounds(
        [
            {"bids": [0, 0, 0], "tricks": [1, 0, 0]},
            {"bids": [1, 1, 1], "tricks": [0, 1, 1]},
        ]
    )
    assert score(record).totals == (1, 21, 21)
    fixed = replace_round(record, 1, {"bids": [1, 0, 1], "tricks": [1, 0, 0]})
    assert score(fixed).totals == (11, 21, 11)


def test_a_correction_that_breaks_the_corrected_round_is_refused() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-up"}).with_rounds(
        [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}]
    )
    with pytest.raises(RulesError, match="round 1: Ann deals and may not bid 1"):
        replace_round(record, 1, {"bids": [1, 0, 0], "tricks": [1, 0, 0]})


def test_a_later_round_broken_by_a_correction_needs_attention_and_is_kept() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-down"})
    broken = record.with_rounds(
        [{"bids": [0, 0, 0], "tricks": [10, 0, 0]}, {"bids": [1, 6, 2], "tricks": [1, 3, 5]}]
    )
    sheet = review(broken)
    assert sheet.rounds[0].problem is None
    assert sheet.rounds[1].problem == (
        "Ben deals and may not bid 6: the bids would add up to the 9 tricks"
    )
    assert broken.rounds[1] == {"bids": [1, 6, 2], "tricks": [1, 3, 5]}
    with pytest.raises(RulesError, match="round 2: Ben deals"):
        score(broken)


def test_the_table_of_a_finished_game_names_the_winners() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-down"})
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 0, size]} for size in range(10, 0, -1)]
    current = table(record.with_rounds(rounds))
    assert current.finished and current.round is None
    assert current.step.kind is StepKind.OVER
    assert current.step.prompt == "Ann and Ben won"
    with pytest.raises(RulesError, match="the game is over"):
        enter(record.with_rounds(rounds), (), Entry("bid", 0, 0))


def test_an_entry_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(RulesError, match="'roll' is not something entered in Oh Hell"):
        enter(new_record("oh-hell", PLAYERS, 0), (), Entry("roll", None, None))


def test_entries_round_trip_through_json() -> None:
    entry = Entry("bid", 2, 3)
    assert Entry.from_json(entry.to_json()) == entry
    with pytest.raises(RulesError):
        Entry.from_json({"seat": 1})
    with pytest.raises(RulesError):
        Entry.from_json({"kind": "bid", "seat": "1"})


def test_review_flags_a_round_too_short_for_the_players_without_failing() -> None:
    record = new_record("oh-hell", ["Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus"], 0)
    broken = record.with_rounds([{"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 3]}])
    sheet = review(broken)
    assert sheet.rounds[0].problem == "bids must list one value for each of the 7 players"
    assert sheet.totals == (0,) * 7
    with pytest.raises(RulesError, match="round 1: bids must list"):
        score(broken)


def test_a_bid_only_one_value_allows_is_entered_with_the_tap_that_forced_it() -> None:
    # Round 1 holds one card; Ann deals. Ben and Cleo bid 0: under the hook Ann may
    # not bid 1, so her 0 is entered at once, and the table asks for the tricks.
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-up"})
    pending: tuple[Entry, ...] = ()
    record, pending = enter(record, pending, Entry("bid", 1, 0))
    assert table(record, pending).step.seat == 2
    record, pending = enter(record, pending, Entry("bid", 2, 0))
    assert pending == (Entry("bid", 1, 0), Entry("bid", 2, 0), Entry("bid", 0, 0))
    current = table(record, pending)
    assert current.step.kind is StepKind.TRICKS and current.step.seat == 1
    # Undo takes back Cleo's tap and Ann's bid with it: never Ann's alone, which
    # would only be entered again.
    assert last_entry(current) == Entry("bid", 2, 0)
    assert undo(record, pending) == (record, (Entry("bid", 1, 0),))


def test_tricks_none_are_left_for_are_entered_and_the_round_finished() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-up"})
    pending: tuple[Entry, ...] = ()
    for bid in (Entry("bid", 1, 1), Entry("bid", 2, 1)):
        record, pending = enter(record, pending, bid)
    # Ann's bid was free (1 + 1 + her bid cannot make 1): still asked.
    assert table(record, pending).step.kind is StepKind.BID
    record, pending = enter(record, pending, Entry("bid", 0, 0))
    # Ben takes the one trick: Cleo's 0 goes in with it, Ann's is worked out.
    record, pending = enter(record, pending, Entry("tricks", 1, 1))
    assert pending == () and record.rounds[0]["tricks"] == [0, 1, 0]
    assert last_entry(table(record)) == Entry("tricks", 1, 1)
    record, pending = undo(record, ())
    assert record.rounds == ()
    assert pending == (Entry("bid", 1, 1), Entry("bid", 2, 1), Entry("bid", 0, 0))
    assert table(record, pending).step.seat == 1


def test_a_step_with_two_values_allowed_is_not_forced() -> None:
    current = table(new_record("oh-hell", PLAYERS, 0, {"style": "short-up"}))
    assert forced(current.step) is None
