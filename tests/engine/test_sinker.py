"""Sinker for 2 players: the auction, contracts made and failed, all, Diving, whole games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import (
    GAMES,
    Entry,
    Record,
    RulesError,
    StepKind,
    new_record,
    review,
    score,
    table,
    undo,
)
from rules_engine.sinker import CALLS, POINTS, Auction
from tests.engine.entering import enter

PLAYERS = ["Ann", "Ben"]


def game(first_dealer: int = 1, **options: Any) -> Record:
    """Ben deals the first round by default, so Ann (seat 0) calls first."""
    return new_record("sinker", PLAYERS, first_dealer, options)


def scores_of(rnd: dict[str, Any], first_dealer: int = 1) -> tuple[int, ...]:
    return score(game(first_dealer).with_rounds([rnd])).rounds[0].points


def refusal(rnd: dict[str, Any], first_dealer: int = 1) -> str:
    with pytest.raises(RulesError) as error:
        score(game(first_dealer).with_rounds([rnd]))
    return str(error.value)


def enter_all(record: Record, entries: list[Entry]) -> tuple[Record, tuple[Entry, ...]]:
    pending: tuple[Entry, ...] = ()
    for entry in entries:
        record, pending = enter(record, pending, entry)
    return record, pending


# --- The auction ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("standing", "call", "reason"),
    [
        (None, "pass", None),
        (None, "3", None),
        (None, "2", None),
        (None, "1", None),
        (None, "zero", None),
        (None, "double-zero", "double-zero can be called only over a standing zero"),
        (None, "all", None),
        (None, "double-all", "double-all can be called only over a standing all"),
        ("3", "pass", None),
        ("3", "3", "3 is not stronger than the standing 3"),
        ("3", "2", None),
        ("3", "double-zero", "double-zero can be called only over a standing zero"),
        ("3", "double-all", "double-all can be called only over a standing all"),
        ("2", "3", "3 is not stronger than the standing 2"),
        ("2", "2", "2 is not stronger than the standing 2"),
        ("2", "1", None),
        ("1", "2", "2 is not stronger than the standing 1"),
        ("1", "zero", None),
        ("1", "all", None),
        ("zero", "1", "1 is not stronger than the standing zero"),
        ("zero", "zero", "zero is not stronger than the standing zero"),
        ("zero", "double-zero", None),
        ("zero", "all", None),
        ("zero", "double-all", "double-all can be called only over a standing all"),
        ("double-zero", "zero", "zero is not stronger than the standing double-zero"),
        ("double-zero", "double-zero", "double-zero is not stronger than the standing double-zero"),
        ("double-zero", "all", None),
        ("double-zero", "double-all", "double-all can be called only over a standing all"),
        ("all", "pass", None),
        ("all", "3", "3 is not stronger than the standing all"),
        ("all", "double-zero", "double-zero is not stronger than the standing all"),
        ("all", "all", "all is not stronger than the standing all"),
        ("all", "double-all", None),
        ("double-all", "all", "all is not stronger than the standing double-all"),
        ("double-all", "double-all", "double-all is not stronger than the standing double-all"),
        ("double-all", "pass", None),
    ],
)
def test_each_call_is_allowed_or_refused_with_its_reason(
    standing: str | None, call: str, reason: str | None
) -> None:
    # A double stands only over its single: Ann calls the single, Ben doubles it.
    calls = {None: [], "double-zero": ["zero", "double-zero"], "double-all": ["all", "double-all"]}
    opening = calls.get(standing, [standing])
    record, pending = enter_all(game(), [Entry("call", i % 2, c) for i, c in enumerate(opening)])
    step = table(record, pending).step
    assert step.kind is StepKind.CALL
    assert step.seat == len(opening) % 2
    assert {c.value: c.refused for c in step.choices}[call] == reason
    entry = Entry("call", step.seat, call)
    if reason is None:
        enter(record, pending, entry)
    else:
        with pytest.raises(RulesError) as error:
            enter(record, pending, entry)
        assert error.value.message == reason


def test_the_call_step_offers_every_call_from_weak_to_strong_with_labels() -> None:
    step = table(game()).step
    assert [c.value for c in step.choices] == list(CALLS)
    assert [c.label for c in step.choices] == [
        "Pass", "3", "2", "1", "Zero", "Double-zero", "All", "Double-all",
    ]  # fmt: skip
    assert step.prompt == "Ann calls"


@pytest.mark.parametrize(("first_dealer", "first_caller"), [(0, 1), (1, 0)])
def test_the_non_dealer_calls_first_and_the_deal_alternates(
    first_dealer: int, first_caller: int
) -> None:
    record = game(first_dealer)
    assert table(record).step.seat == first_caller
    record = record.with_rounds([{"calls": ["pass", "pass"], "tricks": [4, 4]}])
    assert table(record).step.seat == 1 - first_caller
    assert score(record).rounds[0].dealer == first_dealer


@pytest.mark.parametrize(
    ("calls", "contract", "bidder"),
    [
        (["2", "pass"], "2", 0),
        (["pass", "pass"], None, None),
        (["pass", "1", "pass"], "1", 1),
        (["3", "2", "pass"], "2", 1),
        # Ann passed, and calls again later when Ben's bid stands.
        (["pass", "3", "2", "pass"], "2", 0),
        (["pass", "3", "pass"], "3", 1),
        (["3", "pass"], "3", 0),
        (["zero", "double-zero", "all", "double-all", "pass"], "double-all", 1),
        (["1", "zero", "double-zero", "pass"], "double-zero", 0),
    ],
)
def test_the_auction_ends_with_a_pass_over_a_bid_or_two_passes(
    calls: list[str], contract: str | None, bidder: int | None
) -> None:
    auction = Auction(tuple(calls), 0)
    assert auction.over
    assert auction.standing == contract
    assert auction.bidder == bidder
    assert auction.diving == (contract is None)
    for end in range(len(calls)):
        assert not Auction(tuple(calls[:end]), 0).over
    record, pending = enter_all(
        game(), [Entry("call", i % 2, call) for i, call in enumerate(calls)]
    )
    assert table(record, pending).step.kind is StepKind.TRICKS


def test_a_call_out_of_turn_is_refused() -> None:
    with pytest.raises(RulesError, match="^it is Ann's turn to call$"):
        enter(game(), (), Entry("call", 1, "3"))


def test_a_call_that_is_no_call_is_refused() -> None:
    with pytest.raises(RulesError, match=r"^'4' is not something that can be said here \(Ann"):
        enter(game(), (), Entry("call", 0, "4"))


@pytest.mark.parametrize(
    ("calls", "reason"),
    [
        (["2", "pass"], "the auction is over (Ann's 2 is the contract)"),
        (["pass", "pass"], "the auction is over (both players passed: Diving)"),
    ],
)
def test_a_call_after_the_auction_ended_is_refused(calls: list[str], reason: str) -> None:
    record, pending = enter_all(
        game(), [Entry("call", i % 2, call) for i, call in enumerate(calls)]
    )
    with pytest.raises(RulesError) as error:
        enter(record, pending, Entry("call", 0, "1"))
    assert error.value.message == reason


def test_tricks_before_the_auction_ends_are_refused() -> None:
    with pytest.raises(RulesError, match="^tricks are entered once the auction is over$"):
        enter(game(), (Entry("call", 0, "2"),), Entry("tricks", 0, 2))


def test_the_notes_show_the_standing_bid_and_the_exchange_limit() -> None:
    record = game(exchange_limit=4)
    assert table(record).notes == ("Exchange at most 4 cards",)
    assert table(record, (Entry("call", 0, "2"),)).notes == (
        "Exchange at most 4 cards",
        "Standing bid: Ann's 2",
    )
    over = (Entry("call", 0, "2"), Entry("call", 1, "pass"))
    assert table(record, over).notes == ("Exchange at most 4 cards", "Contract: Ann's 2")
    assert table(game(), over).notes == ("Contract: Ann's 2",)
    diving = (Entry("call", 0, "pass"), Entry("call", 1, "pass"))
    assert table(game(), diving).notes == ("Diving: both players passed",)


# --- Tricks and scores -------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "tricks", "made"),
    [
        ("3", 0, True),
        ("3", 3, True),
        ("3", 4, False),
        ("2", 2, True),
        ("2", 3, False),
        ("1", 1, True),
        ("1", 2, False),
        ("zero", 0, True),
        ("zero", 1, False),
        ("double-zero", 0, True),
        ("double-zero", 1, False),
        ("3", 8, False),
    ],
)
def test_a_normal_contract_is_made_with_at_most_its_number_of_tricks(
    contract: str, tricks: int, made: bool
) -> None:
    calls = {"double-zero": ["zero", "double-zero", "pass"]}.get(contract, [contract, "pass"])
    bidder = (len(calls) - 2) % 2  # Ann calls first
    taken = [0, 0]
    taken[bidder] = tricks
    taken[1 - bidder] = 8 - tricks
    rnd = {"calls": calls, "tricks": taken}
    expected = [0, 0]
    expected[bidder if made else 1 - bidder] = POINTS[contract]
    assert scores_of(rnd) == tuple(expected)


@pytest.mark.parametrize(
    ("contract", "points"),
    [("3", 7), ("2", 8), ("1", 9), ("zero", 10), ("double-zero", 20), ("all", 15),
     ("double-all", 30)],
)  # fmt: skip
def test_each_contract_is_worth_its_points(contract: str, points: int) -> None:
    assert POINTS[contract] == points


def test_the_bidders_tricks_are_entered_and_the_opponents_worked_out() -> None:
    record, pending = enter_all(game(), [Entry("call", 0, "pass"), Entry("call", 1, "1")])
    record, pending = enter(record, pending, Entry("call", 0, "pass"))
    step = table(record, pending).step
    assert step.kind is StepKind.TRICKS and step.seat == 1
    assert step.prompt == "Tricks Ben took"
    assert [c.value for c in step.choices] == [str(t) for t in range(9)]
    record, pending = enter(record, pending, Entry("tricks", 1, 1))
    assert pending == ()
    assert record.rounds[-1] == {"calls": ["pass", "1", "pass"], "tricks": [7, 1]}
    assert score(record).totals == (0, 9)


def test_the_opponents_tricks_are_refused_when_the_bidders_are_asked() -> None:
    record, pending = enter_all(game(), [Entry("call", 0, "2"), Entry("call", 1, "pass")])
    with pytest.raises(RulesError, match="^it is Ann's tricks that are asked for$"):
        enter(record, pending, Entry("tricks", 1, 6))


@pytest.mark.parametrize(
    ("result", "tricks", "scores"),
    [
        ("made", [8, 0], (15, 0)),
        ("lost-1", [0, 1], (0, 15)),
        ("lost-2", [1, 1], (0, 15)),
        ("lost-3", [2, 1], (0, 15)),
        ("lost-4", [3, 1], (0, 15)),
        ("lost-5", [4, 1], (0, 15)),
        ("lost-6", [5, 1], (0, 15)),
        ("lost-7", [6, 1], (0, 15)),
        ("lost-8", [7, 1], (0, 15)),
    ],
)
def test_all_is_made_or_lost_at_the_first_trick_the_opponent_takes(
    result: str, tricks: list[int], scores: tuple[int, int]
) -> None:
    record, pending = enter_all(game(), [Entry("call", 0, "all"), Entry("call", 1, "pass")])
    step = table(record, pending).step
    assert step.kind is StepKind.TRICKS and step.seat == 0
    assert [c.value for c in step.choices] == ["made"] + [f"lost-{k}" for k in range(1, 9)]
    record, _ = enter(record, pending, Entry("tricks", 0, result))
    assert record.rounds[-1] == {"calls": ["all", "pass"], "tricks": tricks}
    assert score(record).rounds[0].scores == scores
    # The same round read back from a record gives the same entries.
    record, pending = undo(record, ())
    assert pending == (Entry("call", 0, "all"), Entry("call", 1, "pass"))


def test_the_all_choices_say_what_happened() -> None:
    record, pending = enter_all(game(), [Entry("call", 0, "all"), Entry("call", 1, "pass")])
    labels = [c.label for c in table(record, pending).step.choices]
    assert labels[0] == "Made: Ann took all 8 tricks"
    assert labels[1] == "Lost at trick 1: Ben took it"
    assert labels[2] == "Lost at trick 2: Ben took it after Ann took 1 trick"
    assert labels[8] == "Lost at trick 8: Ben took it after Ann took 7 tricks"


@pytest.mark.parametrize(
    ("tricks", "scores"),
    [([8, 0], (0, 30)), ([0, 1], (30, 0)), ([6, 1], (30, 0))],
)
def test_double_all_scores_30_for_the_bidder_or_the_opponent(
    tricks: list[int], scores: tuple[int, int]
) -> None:
    # Ann calls all and Ben doubles it: Ben is the bidder (tricks given as [Ben, Ann]).
    rnd = {"calls": ["all", "double-all", "pass"], "tricks": tricks[::-1]}
    assert scores_of(rnd) == scores


@pytest.mark.parametrize(
    ("tricks", "scores"),
    [
        ([4, 4], (-10, -10)),
        ([5, 3], (-10, 0)),
        ([3, 5], (0, -10)),
        ([0, 8], (0, -10)),
        ([8, 0], (-10, 0)),
    ],
)
def test_diving_costs_the_player_with_more_tricks_10(
    tricks: list[int], scores: tuple[int, int]
) -> None:
    assert scores_of({"calls": ["pass", "pass"], "tricks": tricks}) == scores


def test_in_diving_the_non_dealers_tricks_are_asked() -> None:
    record, pending = enter_all(game(0), [Entry("call", 1, "pass"), Entry("call", 0, "pass")])
    step = table(record, pending).step
    assert step.kind is StepKind.TRICKS and step.seat == 1
    record, _ = enter(record, pending, Entry("tricks", 1, 3))
    assert record.rounds[-1] == {"calls": ["pass", "pass"], "tricks": [5, 3]}
    assert score(record).totals == (-10, 0)


@pytest.mark.parametrize(
    ("rnd", "bids", "tricks", "note"),
    [
        ({"calls": ["zero", "pass"], "tricks": [0, 8]}, ("zero", ""), ("0", "8"), "Ann made zero"),
        ({"calls": ["pass", "2", "pass"], "tricks": [5, 3]}, ("", "2"), ("5", "3"),
         "Ben failed 2"),
        ({"calls": ["pass", "pass"], "tricks": [4, 4]}, ("dive", "dive"), ("4", "4"), "Diving"),
        ({"calls": ["all", "pass"], "tricks": [2, 1]}, ("all", ""), ("2", "1"), "Ann failed all"),
    ],
)  # fmt: skip
def test_the_sheet_shows_the_contract_on_the_bidders_side(
    rnd: dict[str, Any], bids: tuple[str, str], tricks: tuple[str, str], note: str
) -> None:
    view = score(game().with_rounds([rnd])).rounds[0].view
    assert view.bids == bids
    assert view.tricks == tricks
    assert view.notes == (note,)


# --- Records -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rnd", "message"),
    [
        (
            {"calls": ["2", "3", "pass"], "tricks": [2, 6]},
            "round 1: 3 is not stronger than the standing 2",
        ),
        (
            {"calls": ["double-zero", "pass"], "tricks": [0, 8]},
            "round 1: double-zero can be called only over a standing zero",
        ),
        (
            {"calls": ["2", "pass", "1"], "tricks": [2, 6]},
            "round 1: the auction is over (Ann's 2 is the contract)",
        ),
        (
            {"calls": ["pass", "pass", "pass"], "tricks": [4, 4]},
            "round 1: the auction is over (both players passed: Diving)",
        ),
        (
            {"calls": ["2"], "tricks": [2, 6]},
            "round 1: the calls stop before the auction is over: Ben calls next",
        ),
        ({"calls": [], "tricks": [4, 4]}, "round 1: the calls stop before the auction is over: "
         "Ann calls next"),
        ({"calls": ["two", "pass"], "tricks": [2, 6]}, "round 1: a call is one of pass, 3, 2, 1, "
         "zero, double-zero, all, double-all, not 'two'"),
        ({"calls": [2, "pass"], "tricks": [2, 6]}, "round 1: a call is one of pass, 3, 2, 1, "
         "zero, double-zero, all, double-all, not 2"),
        ({"calls": ["Zero", "pass"], "tricks": [0, 8]}, "round 1: a call is one of pass, 3, 2, "
         "1, zero, double-zero, all, double-all, not 'Zero'"),
        ({"calls": "2 pass", "tricks": [2, 6]},
         "round 1: calls must be a list of the calls made, in order"),
        ({"calls": ["2", "pass"], "tricks": [2, 5]},
         "round 1: the tricks add up to 7, but 8 tricks were played"),
        ({"calls": ["pass", "pass"], "tricks": [5, 4]},
         "round 1: the tricks add up to 9, but 8 tricks were played"),
        ({"calls": ["2", "pass"], "tricks": [9, -1]}, "round 1: Ben cannot take -1 tricks"),
        ({"calls": ["2", "pass"], "tricks": [2, 6, 0]},
         "round 1: tricks must list one value for each of the 2 players"),
        ({"calls": ["2", "pass"], "tricks": ["2", 6]},
         "round 1: Ann's tricks must be a whole number, not '2'"),
        ({"calls": ["2", "pass"], "tricks": [True, 7]},
         "round 1: Ann's tricks must be a whole number, not true"),
        ({"calls": ["2", "pass"]}, "round 1: the round has no 'tricks'"),
        ({"calls": ["2", "pass"], "tricks": [2, 6], "bids": [2, 0]},
         "round 1: the round has an unknown field 'bids'"),
        (
            {"calls": ["all", "pass"], "tricks": [5, 3]},
            "round 1: Ann called all: either Ann took all 8 tricks, or play stopped at the first "
            "trick Ben took, so Ben has exactly 1 (not 3) and Ann fewer than 8 (not 5)",
        ),
        (
            {"calls": ["all", "pass"], "tricks": [8, 1]},
            "round 1: Ann called all: either Ann took all 8 tricks, or play stopped at the first "
            "trick Ben took, so Ben has exactly 1 (not 1) and Ann fewer than 8 (not 8)",
        ),
        (
            {"calls": ["all", "double-all", "pass"], "tricks": [0, 0]},
            "round 1: Ben called double-all: either Ben took all 8 tricks, or play stopped at the "
            "first trick Ann took, so Ann has exactly 1 (not 0) and Ben fewer than 8 (not 0)",
        ),
    ],
)  # fmt: skip
def test_a_record_round_that_breaks_a_rule_is_refused(rnd: dict[str, Any], message: str) -> None:
    assert refusal(rnd) == message


def test_a_round_entered_at_the_table_and_read_from_a_record_agree() -> None:
    rnd = {"calls": ["pass", "3", "2", "pass"], "tricks": [1, 7]}
    from_record = score(game().with_rounds([rnd]))
    entries = [
        Entry("call", 0, "pass"),
        Entry("call", 1, "3"),
        Entry("call", 0, "2"),
        Entry("call", 1, "pass"),
        Entry("tricks", 0, 1),
    ]
    record, pending = enter_all(game(), entries)
    assert pending == () and record.rounds == (rnd,)
    assert score(record) == from_record
    assert from_record.totals == (8, 0)
    # Undo reopens the round without its last entry, the tricks.
    assert undo(record, ())[1] == tuple(entries[:-1])


# --- The game ----------------------------------------------------------------------


def test_the_game_lasts_the_agreed_number_of_deals_and_ties_share_the_win() -> None:
    record = game(deals=2)
    rounds = [
        {"calls": ["zero", "pass"], "tricks": [0, 8]},  # Ann makes zero: 10
        {"calls": ["zero", "pass"], "tricks": [8, 0]},  # Ben calls first now: 10
    ]
    sheet = score(record.with_rounds(rounds))
    assert sheet.finished and sheet.totals == (10, 10) and sheet.winners == (0, 1)
    assert not score(record.with_rounds(rounds[:1])).finished
    with pytest.raises(RulesError, match="round 3: the game was already over"):
        score(record.with_rounds(rounds + rounds[:1]))
    assert table(record.with_rounds(rounds)).step.kind is StepKind.OVER


def test_the_round_label_counts_the_deals() -> None:
    assert table(game()).round_label == "Round 1 of 8"
    assert table(game(deals=12)).round_label == "Round 1 of 12"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": 0}, "option deals is at least 1, not 0"),
        ({"deals": 201}, "option deals is at most 200, not 201"),
        ({"deals": "8"}, "option deals is a whole number, not '8'"),
        ({"deals": True}, "option deals is a whole number, not true"),
        ({"exchange_limit": 3}, "option exchange_limit is one of 0, 4, not 3"),
        ({"exchange_limit": "4"}, "option exchange_limit is one of 0, 4, not '4'"),
        ({"exchange": 4}, "unknown option 'exchange' (this game's options: deals, exchange_limit)"),
    ],
)
def test_options_are_checked(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as error:
        game(**options)
    assert str(error.value) == message


def test_the_options_defaults_and_the_game_shape() -> None:
    rules = GAMES["sinker"]
    setup = game().setup
    assert setup.options == {"deals": 8, "exchange_limit": 0}
    assert rules.round_count(setup) == 8
    assert rules.hand_size(setup, 0) == 8
    assert rules.draw_ranks == ("7", "8", "9", "10", "J", "Q", "K", "A")
    assert [(c.value, c.label) for c in rules.options[1].choices] == [
        (0, "No limit"),
        (4, "At most 4 cards"),
    ]


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Ben", "Cleo"]])
def test_sinker_is_for_exactly_two_players(players: list[str]) -> None:
    with pytest.raises(RulesError, match=f"Sinker is for 2 players, not {len(players)}"):
        new_record("sinker", players, 0)


@st.composite
def sinker_games(draw: st.DrawFn) -> tuple[int, int, int, list[int]]:
    deals = draw(st.integers(1, 10))
    dealer = draw(st.integers(0, 1))
    limit = draw(st.sampled_from([0, 4]))
    picks = draw(st.lists(st.integers(0, 1000), min_size=60, max_size=60))
    return deals, dealer, limit, picks


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(sinker_games())
def test_random_legal_games_keep_every_rule(game_plan: tuple[int, int, int, list[int]]) -> None:
    deals, dealer, limit, picks = game_plan
    record = game(dealer, deals=deals, exchange_limit=limit)
    pending: tuple[Entry, ...] = ()
    moves = iter(picks * 20)
    while True:
        current = table(record, pending)
        if current.step.kind is StepKind.OVER:
            break
        allowed = [c for c in current.step.choices if c.allowed]
        choice = allowed[next(moves) % len(allowed)]
        kind = "call" if current.step.kind is StepKind.CALL else "tricks"
        record, pending = enter(record, pending, Entry(kind, current.step.seat, choice.value))
    sheet = score(record)
    assert sheet.finished
    assert len(sheet.rounds) == deals
    running = [0, 0]
    for scored, rnd in zip(sheet.rounds, record.rounds, strict=True):
        running = [t + s for t, s in zip(running, scored.points, strict=True)]
        assert list(scored.totals) == running
        auction = Auction(tuple(rnd["calls"]), 1 - scored.dealer)
        assert auction.over
        if auction.diving:
            assert sum(rnd["tricks"]) == 8
            assert -10 in scored.scores and set(scored.scores) <= {0, -10}
            continue
        # Exactly one player scores, and the score is one of the point values.
        assert len([s for s in scored.points if s]) == 1
        assert max(scored.points) in POINTS.values()
        assert auction.bidder is not None
        if auction.standing in ("all", "double-all") and rnd["tricks"][auction.bidder] < 8:
            assert rnd["tricks"][1 - auction.bidder] == 1
            assert sum(rnd["tricks"]) <= 8
        else:
            assert sum(rnd["tricks"]) == 8
    assert sheet.winners == tuple(s for s, t in enumerate(sheet.totals) if t == max(sheet.totals))


@pytest.mark.parametrize(
    "rnd",
    [
        {"calls": [], "tricks": [4, 4]},
        {"calls": "2 pass", "tricks": [2, 6]},
        {"calls": ["2", "pass"], "tricks": "2 6"},
        {"calls": None, "tricks": None},
        {"calls": [{"bid": 2}], "tricks": [2, 6]},
        {"calls": ["pass", "pass"], "tricks": ["4", 4]},
    ],
)
def test_a_broken_round_is_shown_as_needing_attention_in_review(rnd: dict[str, Any]) -> None:
    sheet = review(game().with_rounds([rnd]))
    assert sheet.rounds[0].problem
    with pytest.raises(RulesError):
        score(game().with_rounds([rnd]))
