"""Judgement: a throwaway game of the Oh Hell family, registered by the tests alone.

It repeats the experiment of issue 46: a game of an existing family costs its module
(this one) and a line in the registry (``register``, in tests/conftest.py, before the
tests that loop over every game are collected), and nothing else. Hands of 7 down to 1
and back up to 7 (13 rounds); a bid made is worth 10 plus the bid, a bid missed nothing;
the dealer is hooked.
"""

from __future__ import annotations

from rules_engine import RoundContext, Setup
from rules_engine.bidding import BiddingInTurn

HANDS: tuple[int, ...] = (*range(7, 0, -1), *range(2, 8))
MADE_POINTS = 10


class Judgement(BiddingInTurn):
    """Oh Hell's bids and tricks, 7 cards down to 1 and back: 10 plus the bid when made."""

    key = "judgement"
    title = "Judgement"
    summary = "Bid your tricks exactly: 10 plus the bid when made; 7 cards down to 1 and back."
    min_players = 3
    max_players = 7
    hooked = True

    def hand_size(self, setup: Setup, index: int) -> int:
        return HANDS[index]

    def round_count(self, setup: Setup) -> int:
        return len(HANDS)

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        return MADE_POINTS + bid if bid == tricks else 0
