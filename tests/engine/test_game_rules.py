"""The game base class says what a game must give (a short abstract list) and what it
may (everything else, with a default)."""

from __future__ import annotations

import pytest

from rules_engine import GAMES, GameRules, RoundContext, Setup
from rules_engine.bidding import BiddingInTurn

MUST = {
    "hand_size",
    "round_count",
    "start",
    "next_step",
    "enter",
    "to_round",
    "entries",
    "score_round",
    "view",
}


def test_a_game_must_give_nine_methods_and_may_give_the_rest() -> None:
    assert GameRules.__abstractmethods__ == MUST


def test_a_game_of_the_bidding_family_must_give_its_hands_and_its_scores() -> None:
    assert BiddingInTurn.__abstractmethods__ == {"hand_size", "round_count", "round_score"}


def test_a_game_that_leaves_one_out_cannot_be_made() -> None:
    class NoScores(BiddingInTurn):
        key = "no-scores"
        title = "No Scores"
        summary = "Bids and tricks, scored by nobody."
        min_players = 3
        max_players = 5

        def hand_size(self, setup: Setup, index: int) -> int:
            return 1

        def round_count(self, setup: Setup) -> int:
            return 1

    with pytest.raises(TypeError, match="round_score"):
        NoScores()  # type: ignore[abstract]

    class Scored(NoScores):
        def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
            return tricks

    assert Scored().round_count(Setup("scored", {}, ("Ann", "Bob", "Cat"), 0)) == 1


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_registered_game_gives_its_class_data(key: str) -> None:
    rules = GAMES[key]

    assert rules.key == key
    assert rules.title and rules.summary
    assert 1 <= rules.min_players <= rules.max_players
