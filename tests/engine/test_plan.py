"""schedule: the rounds of a game before it is played, for a printed sheet."""

from __future__ import annotations

import pytest

from rules_engine import GAMES, OPEN_ROWS, RulesError, ScheduledRound, new_record, schedule

EVERY_COUNT = [
    (key, players)
    for key, rules in GAMES.items()
    for players in range(rules.player_range({})[0], rules.player_range({})[1] + 1)
]


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_it_has_the_rules_rounds_hands_and_dealers_for_every_game_and_count(
    game: str, players: int
) -> None:
    rules = GAMES[game]
    for first_dealer in range(players):
        record = new_record(game, [f"P{seat}" for seat in range(players)], first_dealer)
        setup = record.setup

        rounds = schedule(game, {}, players, first_dealer)

        count = rules.round_count(setup)
        assert len(rounds) == (OPEN_ROWS if count is None else count)
        assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
        assert [r.hand_size for r in rounds] == [
            rules.hand_size(setup, i) for i in range(len(rounds))
        ]
        assert [r.dealer for r in rounds] == [
            (first_dealer + i) % players for i in range(len(rounds))
        ]


def test_it_goes_10_down_to_1_and_back_for_long_oh_hell_with_four_players() -> None:
    rounds = schedule("oh-hell", {}, 4, first_dealer=2)

    assert [r.hand_size for r in rounds] == [*range(10, 0, -1), *range(2, 11)]
    assert rounds[0] == ScheduledRound(1, 10, 2)
    assert rounds[1] == ScheduledRound(2, 9, 3)
    assert rounds[2] == ScheduledRound(3, 8, 0)


def test_it_follows_the_oh_hell_style() -> None:
    rounds = schedule("oh-hell", {"style": "short-up"}, 6)

    assert [r.hand_size for r in rounds] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_brink_bid_grows_from_4_cards_to_the_final_hand() -> None:
    assert [r.hand_size for r in schedule("brink-bid", {}, 5)] == [4, 5, 6, 7, 8, 9, 10]
    assert [r.hand_size for r in schedule("brink-bid", {}, 6)] == [4, 5, 6, 7, 8]


def test_games_to_a_score_get_blank_rows() -> None:
    assert len(schedule("boerenbridge", {}, 4)) == OPEN_ROWS
    assert {r.hand_size for r in schedule("boerenbridge", {}, 4)} == {13}
    assert len(schedule("abracadabra", {"target": 500}, 3, open_rows=12)) == 12
    assert {r.hand_size for r in schedule("abracadabra", {}, 3)} == {12}


def test_a_number_of_deals_sets_the_rounds() -> None:
    assert len(schedule("abracadabra", {"deals": 6}, 4)) == 6
    assert len(schedule("sinker", {"deals": 10}, 2)) == 10
    assert len(schedule("sinker", {}, 2)) == 8


def test_it_refuses_a_player_count_the_game_does_not_take() -> None:
    with pytest.raises(RulesError, match="Oh Hell is for 3 to 7 players, not 8"):
        schedule("oh-hell", {}, 8)


def test_it_refuses_a_first_dealer_who_is_not_at_the_table() -> None:
    with pytest.raises(RulesError, match="the first dealer is seat 1 to 4, not seat 5"):
        schedule("oh-hell", {}, 4, first_dealer=4)


def test_it_refuses_an_unknown_option_value() -> None:
    with pytest.raises(RulesError, match="option style is one of"):
        schedule("oh-hell", {"style": "sideways"}, 4)


def test_it_refuses_an_unknown_game() -> None:
    with pytest.raises(RulesError, match="unknown game"):
        schedule("whist", {}, 4)
