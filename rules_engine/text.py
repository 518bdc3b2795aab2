"""How the engine words the bids against the tricks in its messages."""

from __future__ import annotations

from collections.abc import Sequence

from .messages import Message


def bid_balance(hand_size: int, bids: Sequence[int | None]) -> Message:
    """The bids so far against the tricks in play ("The bids add up to 8 of 10 tricks:
    under by 2")."""
    total = sum(b for b in bids if b is not None)
    if total == hand_size:
        return Message("bids_exact", total=total, hand_size=hand_size)
    if total > hand_size:
        return Message("bids_over", total=total, hand_size=hand_size, by=total - hand_size)
    return Message("bids_under", total=total, hand_size=hand_size, by=hand_size - total)
