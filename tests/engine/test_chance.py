"""The draw for first dealer and the plain dice roller, with the randomness fixed."""

from __future__ import annotations

import random

import pytest

from rules_engine import GAMES, draw_for_dealer


@pytest.mark.parametrize("seed", range(30))
def test_the_draw_names_the_one_player_with_the_highest_card(seed: int) -> None:
    rules = GAMES["oh-hell"]
    draw = draw_for_dealer(rules, 5, random.Random(seed))
    ranks = rules.draw_ranks
    last = draw.draws[-1]
    best = max(ranks.index(card.rank) for _, card in last)
    assert [seat for seat, card in last if ranks.index(card.rank) == best] == [draw.dealer]
    assert [seat for seat, _ in draw.draws[0]] == [0, 1, 2, 3, 4]


def test_tied_players_and_only_they_draw_again() -> None:
    rules = GAMES["oh-hell"]
    ranks = rules.draw_ranks
    for seed in range(500):
        draw = draw_for_dealer(rules, 7, random.Random(seed))
        if len(draw.draws) > 1:
            first = draw.draws[0]
            best = max(ranks.index(card.rank) for _, card in first)
            tied = [seat for seat, card in first if ranks.index(card.rank) == best]
            assert [seat for seat, _ in draw.draws[1]] == tied
            return
    pytest.fail("no seed in 500 gave a tie to redraw")


def test_the_same_seed_gives_the_same_draw() -> None:
    rules = GAMES["oh-hell"]
    assert draw_for_dealer(rules, 4, random.Random(7)) == draw_for_dealer(
        rules, 4, random.Random(7)
    )
