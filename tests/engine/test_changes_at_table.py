"""Players come and go at the table (RULINGS, "Players come and go, the plan changes,
the table stops"): the changes made between rounds, each taken back by Undo."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import (
    Entry,
    RulesError,
    StepKind,
    Table,
    change,
    corrected,
    correction,
    describe,
    last_entry,
    new_record,
    parse_record,
    play,
    put_back,
    score,
    table,
    take_back,
)

FOUR = ["Ann", "Ben", "Cleo", "Dev"]


def round_played(current: Table, bids: dict[str, int], tricks: dict[str, int]) -> Table:
    """The table after a whole round, each answer given by name as the table asks."""
    players = current.record.players
    number = len(current.record.rounds)
    while len(current.record.rounds) == number and current.round is not None:
        step = current.step
        assert step.seat is not None, step.prompt
        name = players[step.seat]
        value = bids[name] if step.kind is StepKind.BID else tricks[name]
        current = play(current, Entry(str(step.kind), step.seat, value))
    return current


def undo(current: Table) -> Table:
    return take_back(current.record, current.pending)[0]


def oh_hell_after_two_rounds(**options: Any) -> Table:
    current = table(new_record("oh-hell", FOUR, 0, options))
    current = round_played(
        current,
        {"Ann": 2, "Ben": 3, "Cleo": 2, "Dev": 2},
        {"Ann": 2, "Ben": 3, "Cleo": 3, "Dev": 2},
    )  # 12 13 3 12; 10 cards
    return round_played(
        current,
        {"Ann": 2, "Ben": 2, "Cleo": 2, "Dev": 2},
        {"Ann": 2, "Ben": 2, "Cleo": 3, "Dev": 2},
    )  # 9 cards: 24 25 6 24


def test_a_joiner_takes_a_place_at_the_table_and_the_seats_after_move_along() -> None:
    current = oh_hell_after_two_rounds()
    lowest = current.lowest_total
    assert lowest == 6
    current = change(current, Entry("join", 2, {"name": "Eva", "start": lowest}))
    record = current.record
    assert record.players == ("Ann", "Ben", "Eva", "Cleo", "Dev")
    # Every round so far says who sat where, Eva's place empty.
    assert [r["seated"] for r in record.rounds] == [[0, 1, 3, 4], [0, 1, 3, 4]]
    assert record.rounds[0]["bids"] == [2, 3, None, 2, 2]
    # Round 3: Ben dealt round 2, so Eva (next clockwise) deals; Cleo bids first.
    assert current.dealer == 2 and current.first_bidder == 3
    assert current.seated == (0, 1, 2, 3, 4)
    # The proposed plan: what Oh Hell long would have dealt next, at most 10 for five.
    assert current.plan_ahead == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert current.round is not None and current.round.hand_size == 8
    assert current.round_label == "Round 3 of 19"
    # The first to bid is Cleo, Eva's total counts from 6.
    assert current.step.seat == 3
    assert current.round.totals_before == (24, 25, 6, 6, 24)


def test_the_joiners_round_keeps_their_start_and_the_plan() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": 0}))
    current = round_played(
        current,
        {"Ann": 1, "Ben": 1, "Cleo": 1, "Dev": 1, "Eva": 1},
        {"Ann": 1, "Ben": 1, "Cleo": 1, "Dev": 1, "Eva": 4},
    )
    rnd = current.record.rounds[2]
    assert rnd["seated"] == [0, 1, 2, 3, 4]
    assert rnd["start"] == [None, None, None, None, 0]
    assert rnd["plan"][0] == 8
    sheet = score(parse_record(current.record.to_json()))
    assert sheet.totals == (35, 36, 17, 35, 4)


def test_undo_takes_a_join_back_and_the_player_out_of_the_game_and_redo_puts_them_back() -> None:
    before = oh_hell_after_two_rounds()
    joined = change(before, Entry("join", 2, {"name": "Eva", "start": 6}))
    assert describe(last_entry(joined) or Entry("x"), joined.record.players) == "Eva joins"
    undone, entry = take_back(joined.record, joined.pending)
    assert undone.record.players == tuple(FOUR)
    assert undone.record.to_json() == before.record.to_json()
    assert entry is not None
    # Undo names what it took back from the entry itself: Eva is no longer a player.
    assert describe(entry, undone.record.players) == "Eva joins"
    again = put_back(undone, [entry])
    assert again.record.players == ("Ann", "Ben", "Eva", "Cleo", "Dev")


def test_someone_leaves_and_their_total_stands_still() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("leave", 1))
    assert current.seated == (0, 2, 3)
    assert current.dealer == 2  # Ben dealt round 2 and left: the first seated after him
    assert current.plan_ahead[:3] == (8, 7, 6)
    current = round_played(
        current, {"Ann": 2, "Cleo": 2, "Dev": 2}, {"Ann": 2, "Cleo": 2, "Dev": 4}
    )
    assert current.sheet.totals == (36, 25, 18, 28)
    assert current.record.rounds[2]["bids"] == [2, None, 2, 2]
    assert current.sheet.rounds[2].scores == (12, None, 12, 4)


def test_a_player_who_left_comes_back_with_their_total() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("leave", 1))
    current = round_played(
        current, {"Ann": 2, "Cleo": 2, "Dev": 2}, {"Ann": 2, "Cleo": 2, "Dev": 4}
    )
    current = change(current, Entry("back", 1))
    assert current.seated == (0, 1, 2, 3)
    assert current.round is not None and current.round.totals_before[1] == 25
    assert current.changes == (Entry("back", 1),)


def test_changes_are_refused_in_the_players_words() -> None:
    current = oh_hell_after_two_rounds()
    # Eva is named in the record but has never sat at the table: she joins, not comes back.
    named = parse_record(
        {
            "format": "scorepad/1",
            "game": "oh-hell",
            "options": {},
            "players": [*FOUR, "Eva"],
            "first_dealer": 0,
            "rounds": [
                {"seated": [0, 1, 2, 3], "bids": [2, 3, 2, 2, None], "tricks": [2, 3, 3, 2, None]}
            ],
        }
    )
    with pytest.raises(RulesError, match="^Eva has not played yet$"):
        change(table(named), Entry("back", 4))
    with pytest.raises(RulesError, match="^Ann is at the table already$"):
        change(current, Entry("back", 0))
    left = change(current, Entry("leave", 1))
    with pytest.raises(RulesError, match="^Ben is not at the table$"):
        change(left, Entry("leave", 1))
    with pytest.raises(
        RulesError, match="^only 2 players would be at the table: Oh Hell needs at least 3$"
    ):
        change(left, Entry("leave", 0))
    with pytest.raises(RulesError, match="^two players are called ann: give one another name$"):
        change(current, Entry("join", 0, {"name": "ann", "start": 0}))
    with pytest.raises(RulesError, match="cards is too many"):
        change(current, Entry("plan", None, [14]))  # 13 to 4 is the whole pack


def test_a_change_waits_for_the_round_between_rounds() -> None:
    current = oh_hell_after_two_rounds()
    bid = play(current, Entry("bid", current.step.seat, 1))
    with pytest.raises(RulesError, match="before anything of the round is entered"):
        change(bid, Entry("leave", 1))
    with pytest.raises(RulesError, match="chosen when the game starts"):
        change(table(new_record("oh-hell", FOUR, 0)), Entry("leave", 1))


def test_sinker_and_abracadabra_keep_their_players_at_the_table() -> None:
    sinker = table(new_record("sinker", ["Ann", "Ben"], 0))
    for kind, value in (("call", "pass"), ("call", "pass"), ("tricks", 4)):
        assert str(sinker.step.kind) == kind
        sinker = play(sinker, Entry(kind, sinker.step.seat, value))
    assert len(sinker.record.rounds) == 1
    with pytest.raises(RulesError, match="^Sinker keeps its players for the whole game$"):
        change(sinker, Entry("leave", 1))
    assert change(sinker, Entry("stop")).finished


def test_a_new_plan_with_the_same_players_shortens_the_game() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("plan", None, [2, 1]))
    assert current.plan_ahead == (2, 1)
    assert current.round_label == "Round 3 of 4"
    current = round_played(
        current,
        {"Ann": 0, "Ben": 1, "Cleo": 0, "Dev": 0},
        {"Ann": 0, "Ben": 1, "Cleo": 0, "Dev": 1},
    )
    current = round_played(
        current,
        {"Ann": 1, "Ben": 1, "Cleo": 0, "Dev": 0},
        {"Ann": 1, "Ben": 0, "Cleo": 0, "Dev": 0},
    )
    assert current.finished
    assert current.record.rounds[2]["plan"] == [2, 1]


def test_stop_ends_the_game_after_the_round_and_undo_goes_on() -> None:
    current = oh_hell_after_two_rounds()
    stopped = change(current, Entry("stop"))
    assert stopped.finished and stopped.record.stopped
    assert stopped.sheet.winners == (1,)
    assert stopped.round_label == "Stopped after round 2"
    assert describe(last_entry(stopped) or Entry("x"), stopped.record.players) == "the stop"
    going_on, undone = take_back(stopped.record, stopped.pending)
    assert not going_on.finished and not going_on.record.stopped
    assert put_back(going_on, [undone] if undone else []).finished


def test_stop_is_refused_in_the_middle_of_a_round() -> None:
    current = oh_hell_after_two_rounds()
    bid = play(current, Entry("bid", current.step.seat, 1))
    with pytest.raises(RulesError, match="^the table stops after a complete round"):
        change(bid, Entry("stop"))


def test_undo_into_a_round_that_changed_the_table_gives_its_changes_back() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": 3}))
    current = change(current, Entry("leave", 1))
    current = change(current, Entry("plan", None, [5, 4]))
    current = round_played(
        current,
        {"Ann": 1, "Cleo": 1, "Dev": 1, "Eva": 1},
        {"Ann": 1, "Cleo": 1, "Dev": 1, "Eva": 2},
    )
    assert len(current.record.rounds) == 3
    # Undo reopens round 3 without its last tap; its changes come back with it.
    reopened = undo(current)
    assert len(reopened.record.rounds) == 2
    assert [e.kind for e in reopened.changes] == ["leave", "join", "plan"]
    assert reopened.seated == (0, 2, 3, 4)
    # Undo every entry of the round, then each change: Eva goes last of all.
    while reopened.pending:
        reopened = undo(reopened)
    assert reopened.record.players == tuple(FOUR)
    assert "seated" not in reopened.record.rounds[0]


def test_sealed_bids_after_a_change_ask_only_the_seated_players() -> None:
    current = change(oh_hell_after_two_rounds(bidding="sealed"), Entry("leave", 1))
    assert current.bidders == (0, 2, 3)
    assert current.bid_step(1) is None
    assert current.bid_refusal(1) == "Ben is not at the table this round"
    for seat in (3, 0):
        current = play(current, Entry("bid", seat, 2))
    assert current.round_view is not None and current.round_view.bids == ("✓", "", "", "✓")
    # The dealer (Cleo) bids last, sealed: 2 + 2 + 4 = 8 is hooked and she bids again.
    current = play(current, Entry("bid", 2, 4))
    assert current.step.kind is StepKind.BID and current.step.seat == 2
    assert "4" not in [c.value for c in current.step.choices if c.allowed]


def test_a_correction_of_a_round_with_a_joiner_keeps_who_sat_where() -> None:
    current = change(oh_hell_after_two_rounds(), Entry("join", 4, {"name": "Eva", "start": 3}))
    current = round_played(
        current,
        {"Ann": 1, "Ben": 1, "Cleo": 1, "Dev": 1, "Eva": 1},
        {"Ann": 1, "Ben": 1, "Cleo": 1, "Dev": 1, "Eva": 4},
    )
    # Opened again, the round asks the same five: Cleo dealt it, Dev bids first.
    opened = correction(current.record, 3)
    assert opened.seated == (0, 1, 2, 3, 4)
    assert (opened.dealer, opened.step.seat) == (2, 3)
    fixed = corrected(current.record, 3, {"tricks": {"4": "3", "1": "2"}})
    assert fixed.rounds[2]["tricks"] == [1, 2, 1, 1, 3]
    assert fixed.rounds[2]["start"] == [None, None, None, None, 3]
    assert fixed.rounds[2]["seated"] == [0, 1, 2, 3, 4]
    # A seat that was not at the table has no box to correct.
    gone = change(oh_hell_after_two_rounds(), Entry("leave", 1))
    gone = round_played(gone, {"Ann": 2, "Cleo": 2, "Dev": 2}, {"Ann": 2, "Cleo": 2, "Dev": 4})
    from rules_engine import cell

    assert [part.key for part in cell(gone.record, 3, "bids").parts] == ["0", "2", "3"]
