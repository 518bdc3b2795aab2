"""Judgement (tests/judgement.py), the tests' own game of the Oh Hell family: its rules
come from its module alone, and every loop over the registered games meets it."""

from __future__ import annotations

import random

import pytest

from rules_engine import GAMES, Entry, RulesError, new_record, play, schedule, score, table
from tests.engine.randomgames import random_game

PLAYERS = ["Ann", "Ben", "Cleo", "Dev"]


def test_it_is_registered_before_the_tests_that_loop_over_every_game() -> None:
    # After the built-in games, in whichever order (a test may take Lucky Trick out and
    # register it again).
    assert sorted(list(GAMES)[-2:]) == ["judgement", "lucky-trick"]


def test_its_hands_go_from_7_down_to_1_and_back_up() -> None:
    hands = [rnd.hand_size for rnd in schedule("judgement", {}, 4)]

    assert hands == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


def test_a_bid_made_is_worth_10_plus_the_bid_and_a_bid_missed_nothing() -> None:
    # 7 cards, Ann deals: Ben bids 2, Cleo 0, Dev 3, Ann 1 (2 would make 7: hooked).
    current = table(new_record("judgement", PLAYERS, 0))
    for seat, bid in ((1, 2), (2, 0), (3, 3), (0, 1)):
        current = play(current, Entry("bid", seat, bid))
    for seat, tricks in ((1, 2), (2, 1), (3, 3)):
        current = play(current, Entry("tricks", seat, tricks))

    (scored,) = score(current.record).rounds

    assert current.record.rounds[0]["tricks"] == [1, 2, 1, 3]
    assert scored.scores == (11, 12, 0, 13)


def test_the_dealer_is_hooked() -> None:
    current = table(new_record("judgement", PLAYERS, 0))
    for seat, bid in ((1, 2), (2, 0), (3, 3)):
        current = play(current, Entry("bid", seat, bid))

    with pytest.raises(RulesError, match="Ann deals and may not bid 2"):
        play(current, Entry("bid", 0, 2))


def test_a_whole_game_is_thirteen_rounds() -> None:
    record = random_game("judgement", random.Random(46), max_rounds=20, count=5)
    sheet = score(record)

    assert len(record.rounds) == 13
    assert sheet.finished
