"""Records as exported: each says when its game started (played_at), the rest as stored."""

from __future__ import annotations

from typing import Any


def without_played_at(data: Any) -> Any:
    """A record (or a list of them) without its ``played_at``, to compare with the one stored."""
    if isinstance(data, list):
        return [without_played_at(item) for item in data]
    return {name: value for name, value in data.items() if name != "played_at"}
