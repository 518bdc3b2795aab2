"""A small limit on failed attempts, counted in Django's cache.

Each limit counts failures for one key (say a user name and an address) in a
window that starts with the first failure. Once ``attempts`` failures are in,
further tries are refused until the window ends; a success clears the count.
The cache is shared by every process (settings.CACHES), so the count is too.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class Limit:
    name: str
    attempts: int
    window: int  # seconds


# At most 5 failed sign-ins for one user name from one address in 15 minutes.
LOGIN = Limit("login", attempts=5, window=15 * 60)


def _cache_key(limit: Limit, ident: str) -> str:
    # Hashed: a user name may hold characters a cache key must not.
    digest = hashlib.sha256(ident.encode()).hexdigest()
    return f"ratelimit:{limit.name}:{digest}"


def retry_after(limit: Limit, ident: str) -> int:
    """Seconds until ``ident`` may try again; 0 if it may try now."""
    count, until = cache.get(_cache_key(limit, ident), (0, 0.0))
    wait = until - time.time()
    if count < limit.attempts or wait <= 0:
        return 0
    return max(1, math.ceil(wait))


def failed(limit: Limit, ident: str) -> None:
    """Count one failure; the window starts with the first."""
    key = _cache_key(limit, ident)
    now = time.time()
    count, until = cache.get(key, (0, 0.0))
    if until <= now:
        count, until = 0, now + limit.window
    cache.set(key, (count + 1, until), timeout=math.ceil(until - now))


def reset(limit: Limit, ident: str) -> None:
    cache.delete(_cache_key(limit, ident))


def in_words(seconds: int) -> str:
    """When to try again, in words: "14 minutes", "1 minute", "40 seconds"."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
