"""Oh Hell: hand sizes, the hook, the three scoring styles, and whole games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import Entry, RulesError, StepKind, new_record, score, table
from rules_engine.oh_hell import hand_sizes
from tests.engine.entering import enter

PLAYERS = ["Ann", "Ben", "Cleo", "Dev"]


@pytest.mark.parametrize(
    ("style", "players", "expected"),
    [
        ("long", 4, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        ("long", 6, (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)),
        # The source's own example: with 7 players, 7 down to 1 and back, 13 hands.
        ("long", 7, (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)),
        ("long-inverted", 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        ("long-inverted", 7, (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)),
        ("short-up-down", 5, (6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6)),
        ("short-up-down", 7, (6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6)),
        ("short-up", 5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        ("short-up", 6, (1, 2, 3, 4, 5, 6, 7, 8)),
        ("short-down", 3, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        ("short-down", 7, (7, 6, 5, 4, 3, 2, 1)),
    ],
)
def test_it_deals_the_styles_hand_sizes(
    style: str, players: int, expected: tuple[int, ...]
) -> None:
    assert hand_sizes(style, players) == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_long_style_plays_one_card_once_and_2m_minus_1_rounds(players: int) -> None:
    sizes = hand_sizes("long", players)
    top = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}[players]
    assert len(sizes) == 2 * top - 1
    assert sizes.count(1) == 1
    assert sizes[0] == sizes[-1] == top


@pytest.mark.parametrize(
    ("scoring", "bid", "tricks", "points"),
    [
        # The source's example: bid 2 scores 12 for 2 tricks, 1 for 1, 3 for 3.
        ("positive", 2, 2, 12),
        ("positive", 2, 1, 1),
        ("positive", 2, 3, 3),
        ("positive", 0, 0, 10),
        ("neutral", 2, 2, 12),
        ("neutral", 0, 0, 10),
        ("neutral", 2, 3, 0),
        ("negative", 2, 2, 10),
        ("negative", 2, 5, -30),
        ("negative", 3, 1, -20),
    ],
)
def test_it_scores_each_scoring_style(scoring: str, bid: int, tricks: int, points: int) -> None:
    # Ann bids `bid` and takes `tricks` of 10; Dev deals and takes what is left.
    others = 10 - tricks
    record = new_record("oh-hell", PLAYERS, 3, {"scoring": scoring}).with_rounds(
        [{"bids": [bid, 0, 0, 0 if bid else 1], "tricks": [tricks, 0, 0, others]}]
    )
    assert score(record).rounds[0].scores[0] == points


def test_it_scores_the_record_specs_example() -> None:
    record = new_record("oh-hell", PLAYERS, 0).with_rounds(
        [{"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 6], "trump": "hearts"}]
    )
    sheet = score(record)
    assert sheet.rounds[0].dealer == 0
    assert sheet.rounds[0].hand_size == 10
    assert sheet.totals == (11, 1, 12, 6)
    assert not sheet.finished


def test_it_refuses_the_hooked_bid_naming_the_dealer_and_the_number() -> None:
    record = new_record("oh-hell", PLAYERS, 3).with_rounds(
        [{"bids": [3, 2, 1, 4], "tricks": [3, 2, 1, 4]}]
    )
    with pytest.raises(RulesError) as refusal:
        score(record)
    assert str(refusal.value) == (
        "round 1: Dev deals and may not bid 4: the bids would add up to the 10 tricks"
    )


def test_the_bid_step_shows_the_forbidden_bid_disabled_with_the_reason() -> None:
    record = new_record("oh-hell", PLAYERS, 3)
    pending: tuple[Entry, ...] = ()
    for seat, bid in [(0, 3), (1, 2), (2, 1)]:
        record, pending = enter(record, pending, Entry("bid", seat, bid))
    step = table(record, pending).step
    assert step.kind is StepKind.BID and step.seat == 3
    refused = {c.value: c.refused for c in step.choices if c.refused}
    assert refused == {"4": "Dev deals and may not bid 4: the bids would add up to the 10 tricks"}


def test_no_bid_is_forbidden_when_the_others_already_bid_more_than_the_tricks() -> None:
    record = new_record("oh-hell", PLAYERS, 3)
    pending: tuple[Entry, ...] = ()
    for seat, bid in [(0, 5), (1, 5), (2, 3)]:
        record, pending = enter(record, pending, Entry("bid", seat, bid))
    assert all(c.allowed for c in table(record, pending).step.choices)
    assert table(record, pending).notes == ("The bids add up to 13 of 10 tricks: over by 3",)


def test_it_refuses_a_bid_out_of_turn() -> None:
    record = new_record("oh-hell", PLAYERS, 0)
    with pytest.raises(RulesError, match="it is Ben's turn to bid"):
        enter(record, (), Entry("bid", 2, 1))


def test_it_refuses_a_bid_above_the_hand_size() -> None:
    record = new_record("oh-hell", PLAYERS, 0)
    with pytest.raises(RulesError, match="Ben may bid 0 to 10, not 11"):
        enter(record, (), Entry("bid", 1, 11))


def test_it_fills_in_the_last_players_tricks() -> None:
    record = new_record("oh-hell", PLAYERS, 0, {"style": "short-up"})
    pending: tuple[Entry, ...] = ()
    for seat, bid in [(1, 1), (2, 0), (3, 1), (0, 1)]:
        record, pending = enter(record, pending, Entry("bid", seat, bid))
    for seat, tricks in [(1, 0), (2, 0)]:
        record, pending = enter(record, pending, Entry("tricks", seat, tricks))
    step = table(record, pending).step
    assert [c.value for c in step.choices if c.allowed] == ["0", "1"]
    record, pending = enter(record, pending, Entry("tricks", 3, 1))
    assert pending == ()
    assert record.rounds[-1] == {"bids": [1, 1, 0, 1], "tricks": [0, 0, 0, 1]}


def test_it_refuses_tricks_that_do_not_add_up_to_the_hand() -> None:
    record = new_record("oh-hell", PLAYERS, 0).with_rounds(
        [{"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 5]}]
    )
    with pytest.raises(RulesError, match="round 1: the tricks add up to 9, but 10 tricks"):
        score(record)


def test_a_game_ends_after_the_styles_last_round_with_the_winners_sharing_ties() -> None:
    record = new_record("oh-hell", ["Ann", "Ben", "Cleo"], 0, {"style": "short-down"})
    # Everyone bids 0 (never the hook's number, which is the whole hand); Cleo takes
    # every trick, so Ann and Ben make 10 a round and Cleo only her tricks.
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 0, size]} for size in range(10, 0, -1)]
    sheet = score(record.with_rounds(rounds))
    assert sheet.finished
    assert sheet.totals == (100, 100, 55)
    assert sheet.winners == (0, 1)
    assert not score(record.with_rounds(rounds[:-1])).finished


def test_rounds_after_the_end_are_refused() -> None:
    record = new_record("oh-hell", ["Ann", "Ben", "Cleo"], 0, {"style": "short-up"})
    rounds = [{"bids": [0] * 3, "tricks": [0, 0, size]} for size in hand_sizes("short-up", 3)]
    rounds = [{"bids": [1, 1, 1], "tricks": [1, 0, 0]}] + rounds[1:]
    # Whatever the bids, an eleventh round is one too many.
    with pytest.raises(RulesError, match="round 11: the game was already over"):
        score(record.with_rounds(rounds + [rounds[-1]]))


@st.composite
def oh_hell_games(draw: st.DrawFn) -> tuple[list[str], int, str, str, list[int]]:
    count = draw(st.integers(3, 7))
    style = draw(
        st.sampled_from(["long", "long-inverted", "short-up-down", "short-up", "short-down"])
    )
    scoring = draw(st.sampled_from(["positive", "neutral", "negative"]))
    picks = draw(st.lists(st.integers(0, 1000), min_size=400, max_size=400))
    return [f"P{i}" for i in range(count)], draw(st.integers(0, count - 1)), style, scoring, picks


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(oh_hell_games())
def test_random_legal_games_keep_every_rule(
    game: tuple[list[str], int, str, str, list[int]],
) -> None:
    players, dealer, style, scoring, picks = game
    record = new_record("oh-hell", players, dealer, {"style": style, "scoring": scoring})
    pending: tuple[Entry, ...] = ()
    moves = iter(picks * 10)
    while True:
        current = table(record, pending)
        if current.step.kind is StepKind.OVER:
            break
        allowed = [c for c in current.step.choices if c.allowed]
        choice = allowed[next(moves) % len(allowed)]
        kind = "bid" if current.step.kind is StepKind.BID else "tricks"
        record, pending = enter(record, pending, Entry(kind, current.step.seat, int(choice.value)))
    sheet = score(record)
    assert sheet.finished
    assert len(sheet.rounds) == len(hand_sizes(style, len(players)))
    running = [0] * len(players)
    for scored, rnd in zip(sheet.rounds, record.rounds, strict=True):
        # The hook never lets the bids add up to the hand size.
        assert sum(rnd["bids"]) != scored.hand_size
        assert sum(rnd["tricks"]) == scored.hand_size
        running = [t + s for t, s in zip(running, scored.points, strict=True)]
        assert list(scored.totals) == running
    assert sheet.winners == tuple(s for s, t in enumerate(sheet.totals) if t == max(sheet.totals))
