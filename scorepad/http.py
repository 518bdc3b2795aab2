"""What the views share about requests and addresses: the request type (see
django-htmx's docs on type checking), and a game's addresses."""

from collections.abc import Callable
from functools import lru_cache

from django.http import HttpRequest
from django.urls import get_script_prefix, reverse
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that has been through django-htmx's middleware."""

    htmx: HtmxDetails


def game_address(name: str) -> Callable[[str], str]:
    """``reverse(name, args=[key])`` for any game's key, reversed once (for the site's
    prefix, which reverse() reads): a key is a slug, written into the path as it is.
    Reversing cost as much as the rest of a history row, and a tenth of a tap's table."""
    head, tail = _around_key(get_script_prefix(), name)
    return lambda key: f"{head}{key}{tail}"


@lru_cache(maxsize=64)
def _around_key(prefix: str, name: str) -> tuple[str, str]:
    head, _, tail = reverse(name, args=["key"]).rpartition("key")
    return head, tail
