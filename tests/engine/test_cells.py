"""Correcting one cell of the sheet: the round checked whole, the change told in words."""

from __future__ import annotations

import pytest

from rules_engine import RulesError, cell, corrected, differences, fields, parse_record, score
from tests.conftest import ROUND_1, ROUND_2, _short_game_rounds, oh_hell
from tests.five_games import BRINK_BID


def test_a_bid_is_changed_and_the_other_entries_kept() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    after = corrected(record, 1, {"bids": {"0": "4"}})

    assert after.rounds == ({"bids": [4, 3, 2, 3], "tricks": [3, 4, 2, 1]}, ROUND_2)
    # Ann bid 4 and took 3: 3 points instead of 13 (TOTALS_AFTER_2 is 25, 15, 25, 4).
    assert score(after).totals == (15, 15, 25, 4)


def test_the_change_is_told_as_totals_and_who_leads() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    lines = differences(record, corrected(record, 1, {"bids": {"0": "4"}}))

    assert lines == (
        "round 1: Ann's bid 3 \u2192 4",
        "Ann's total 25 \u2192 15",
        "the lead goes to Cat instead of Ann and Cat",
    )


def test_a_changed_winner_is_told() -> None:
    record = parse_record(
        oh_hell(_short_game_rounds(), ("Ann", "Bob", "Cat"), {"style": "short-up"})
    )

    # Cat bids 1 in the last round and takes nothing: 0 instead of 10, 90 against Bob's 91.
    lines = differences(record, corrected(record, 10, {"bids": {"2": "1"}}))

    assert lines == (
        "round 10: Cat's bid 0 \u2192 1",
        "Cat's total 100 \u2192 90",
        "the winner becomes Bob instead of Cat",
    )


def test_tricks_that_no_longer_add_up_are_refused_with_the_rules_message() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    with pytest.raises(RulesError, match="round 1: .*tricks"):
        corrected(record, 1, {"tricks": {"0": "4"}})


def test_two_players_tricks_changed_together_make_a_round() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    after = corrected(record, 1, {"tricks": {"0": "4", "1": "3"}})

    assert after.rounds[0]["tricks"] == [4, 3, 2, 1]


def test_a_value_the_cell_does_not_offer_is_refused() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    with pytest.raises(RulesError, match="'11' is not one of the values Ann may have here"):
        corrected(record, 1, {"bids": {"0": "11"}})
    with pytest.raises(RulesError, match="there is no round 3 to correct"):
        cell(record, 3, "bids")
    with pytest.raises(RulesError, match="round 1 has no dice to correct"):
        cell(record, 1, "dice")


def test_brink_bids_dice_are_a_cell_of_three_dice_and_the_bids_are_kept() -> None:
    record = parse_record(BRINK_BID)
    assert fields(record, 1) == ("bids", "tricks", "dice")
    dice = cell(record, 1, "dice")
    assert [(p.key, p.value) for p in dice.parts] == [
        ("trump", "hearts"), ("number", "2"), ("direction", "across-left"),
    ]  # fmt: skip

    after = corrected(record, 1, {"dice": {"number": "none", "direction": "right"}})

    assert after.rounds[0] == {
        **BRINK_BID["rounds"][0],
        "dice": {"trump": "hearts", "number": "none", "direction": "right"},
    }
    assert differences(record, after) == (
        "round 1: dice number 2 \u2192 none",
        "round 1: dice direction across-left \u2192 right",
    )
