"""A stopped game's rounds are corrected like any other's, and the stop stays after the
last round (RULINGS, "Corrections"; issue 45, point 1)."""

from __future__ import annotations

from rules_engine import Entry, correction, parse_record, play, replace_round, table
from tests.conftest import ROUND_1, ROUND_2, oh_hell

# Round 3, 8 cards, Cat deals (and bids 3: 2 would add up to the 8 tricks).
ROUND_3 = {"bids": [2, 2, 3, 2], "tricks": [2, 2, 2, 2]}
STOPPED = parse_record({**oh_hell([ROUND_1, ROUND_2, ROUND_3]), "stopped": True})


def test_a_stopped_games_later_round_is_replaced_and_the_game_stays_stopped() -> None:
    corrected = replace_round(STOPPED, 2, {"bids": [2, 1, 3, 2], "tricks": [2, 2, 3, 2]})
    assert corrected.stopped
    assert corrected.rounds[1]["tricks"] == [2, 2, 3, 2]
    assert len(corrected.rounds) == 3
    assert table(corrected).finished


def test_a_stopped_games_last_round_opens_for_correction_at_the_table() -> None:
    current = correction(STOPPED, 3)
    assert current.correcting == 3
    assert current.round is not None and current.round.number == 3
    assert current.round_label == "Correcting round 3"


def test_a_stopped_games_round_entered_again_keeps_the_stop_after_the_last_round() -> None:
    current = correction(STOPPED, 2)
    for seat, bid in ((2, 3), (3, 2), (0, 2), (1, 1)):
        current = play(current, Entry("bid", seat, bid))
    for seat, tricks in ((2, 3), (3, 2), (0, 2)):  # Bob's 2 follow
        current = play(current, Entry("tricks", seat, tricks))
    assert current.correcting is None
    assert current.record.stopped
    assert current.record.rounds[1]["tricks"] == [2, 2, 3, 2]
    assert current.finished
    assert current.round_label == "Stopped after round 3"
    # Ann 13+12+12, Bob 4+2+12, Cat 12+13+2, Dev 1+12+12: the stop decides on these.
    assert current.sheet.totals == (37, 18, 27, 25)
    assert current.sheet.winners == (0,)


def test_a_correction_that_ends_the_game_earlier_by_its_rules_moves_the_end() -> None:
    # Boerenbridge to exactly 100: Ann has 92 after four rounds and sits out the bidding.
    rounds: list[dict[str, list[int | None]]] = [{"bids": [13, 0, 0, 1], "tricks": [13, 0, 0, 0]}]
    rounds *= 4
    rounds += [
        {"bids": [None, None, None, 0], "tricks": [7, 6, 0, 0]},  # Ann 99
        {"bids": [None, None, None, 0], "tricks": [0, 6, 7, 0]},
    ]
    data = {
        "format": "scorepad/1",
        "game": "boerenbridge",
        "options": {},
        "players": ["Ann", "Ben", "Cleo", "Dev"],
        "first_dealer": 3,
        "rounds": rounds,
        "stopped": True,
    }
    stopped = parse_record(data)
    # Ann took 8 in round 5, not 7: 100, and the rules end the game there.
    fixed = replace_round(stopped, 5, {"bids": [None, None, None, 0], "tricks": [8, 5, 0, 0]})
    sheet = table(fixed).sheet
    assert fixed.stopped and sheet.finished and sheet.winners == (0,)
    assert sheet.totals == (100, 85, 80, 20)
    assert sheet.rounds[5].problem == "the game was already over before this round"
