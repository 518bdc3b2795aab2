"""Whether each player made their bid, per game: what statistics count."""

from __future__ import annotations

from rules_engine import new_record, score
from tests.five_games import ABRACADABRA_ROUND


def test_oh_hell_counts_a_bid_made_when_the_tricks_equal_it() -> None:
    record = new_record("oh-hell", ["Ann", "Ben", "Cleo", "Dev"], 0).with_rounds(
        [{"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 6]}]
    )
    assert score(record).rounds[0].view.made == (True, False, True, False)


def test_boerenbridge_has_nothing_to_make_for_a_player_sitting_out() -> None:
    players = ["Ann", "Ben", "Cleo", "Dev"]
    # Ann bids 12 and takes 12 (22 a round) four times: 88, so she sits out.
    rounds: list[dict[str, object]] = [
        {"bids": [12, 1, 1, 1], "tricks": [12, 1, 0, 0]} for _ in range(4)
    ]
    rounds.append({"bids": [None, 0, 0, 1], "tricks": [10, 2, 1, 0]})
    sheet = score(new_record("boerenbridge", players, 0).with_rounds(rounds))
    assert sheet.rounds[3].totals[0] >= 80
    assert sheet.rounds[4].view.made == (None, False, False, False)


def test_sinker_counts_only_the_bidders_contract() -> None:
    record = new_record("sinker", ["Ann", "Ben"], 0).with_rounds(
        [
            {"calls": ["2", "pass"], "tricks": [5, 3]},
            {"calls": ["pass", "pass"], "tricks": [4, 4]},
        ]
    )
    sheet = score(record)
    # Ann deals round 1, so Ben calls first: Ben's 2, and he took 3 tricks.
    assert sheet.rounds[0].view.made == (None, False)
    assert sheet.rounds[1].view.made == (None, None)


def test_abracadabra_counts_success_for_players_who_named_tricks() -> None:
    record = new_record("abracadabra", ["Ann", "Ben", "Cleo", "Dev"], 0).with_rounds(
        [ABRACADABRA_ROUND]
    )
    sheet = score(record)
    assert sheet.rounds[0].scores == (63, 42, 3, 36)
    assert sheet.rounds[0].view.made == (True, False, None, True)
