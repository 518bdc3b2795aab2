"""What the table leaves to chance: the draw for first dealer.

Randomness always comes in as a ``random.Random`` so that tests can fix it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .core import SUITS, GameRules
from .errors import RulesError
from .messages import Message, Term


@dataclass(frozen=True)
class Card:
    rank: str
    suit: str

    @property
    def label(self) -> str:
        """ "A of spades", "10 of hearts": a face's letter and the suit are words of
        the catalogue (a Dutch table says "schoppen A", its queen is a "V")."""
        rank = self.rank if self.rank.isdigit() else Term(self.rank)
        return Message("drawn_card", rank=rank, suit=Term(self.suit))


@dataclass(frozen=True)
class DealerDraw:
    """Each draw for high card: who drew which card, until one player is highest.

    ``draws[0]`` is everyone's first card; each later draw is only the tied players'.
    """

    draws: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


def draw_for_dealer(rules: GameRules, players: int, rng: random.Random) -> DealerDraw:
    """Every player draws a card, A high and 2 low, suits not ranking; ties draw again.

    Each draw is from a freshly shuffled pack of the game's own ranks.
    """
    if players < 1:
        raise RulesError(Message("draw_nobody"))
    ranks = rules.draw_ranks
    pack = [Card(rank, suit) for suit in SUITS for rank in ranks]
    drawing = list(range(players))
    draws: list[tuple[tuple[int, Card], ...]] = []
    while True:
        cards = rng.sample(pack, len(drawing))
        draw = tuple(zip(drawing, cards, strict=True))
        draws.append(draw)
        best = max(ranks.index(card.rank) for card in cards)
        drawing = [seat for seat, card in draw if ranks.index(card.rank) == best]
        if len(drawing) == 1:
            return DealerDraw(tuple(draws), drawing[0])
