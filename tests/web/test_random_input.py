"""Random text in every form field and URL parameter: a 4xx with a message, never a 500.

Each endpoint gets text of every kind (any script, control characters, other
digits such as "²", NUL, very long numbers) in each of its fields, its query
parameters and its path. Whatever comes back is below 500, and a refusal says
something. On SQLite here, and on PostgreSQL in scripts/check's second run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.guards import throttle
from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, oh_hell

pytestmark = pytest.mark.slow

CRAFTED = [
    "²",
    "--1",
    "٣",
    "\x00",
    "-1",
    "0",
    "1",
    "99999999999999999999",
    "9" * 5000,
    "ß" * 40,
    "draw",
    "start",
    "up-²",
    "pick-Ann",
    " ",
    "<script>x</script>",
    "%00",
    "../",
    "\ufeff",
    '{"format": "scorepad/1"}',
    "[]",
]
TEXT = st.one_of(st.text(max_size=50), st.sampled_from(CRAFTED))


@dataclass(frozen=True)
class Endpoint:
    method: str
    url: str  # "{key}", "{viewer}", "{path}" are filled in
    fields: tuple[str, ...]
    # Fields sent as they are, so that the random ones get past them (the version).
    fixed: tuple[tuple[str, str], ...] = ()


ENDPOINTS = {
    "setup": Endpoint(
        "post", "/new/oh-hell/", ("player", "first_dealer", "action", "option_style")
    ),
    "setup with numbers": Endpoint(
        "post", "/new/abracadabra/", ("player", "first_dealer", "option_target", "option_deals")
    ),
    "table": Endpoint("get", "/g/{key}/", ("seat",)),
    "table entry": Endpoint(
        "post", "/g/{key}/enter/", ("kind", "seat", "value"), (("version", "7"),)
    ),
    "table entry, lists": Endpoint(
        "post", "/g/{key}/enter/", ("kind", "values", "pile"), (("version", "7"),)
    ),
    "table entry, a bid": Endpoint(
        "post", "/g/{key}/enter/", ("value",), (("kind", "bid"), ("seat", ""), ("version", "7"))
    ),
    "table entry, version": Endpoint("post", "/g/{key}/enter/", ("version",), (("kind", "bid"),)),
    "undo": Endpoint("post", "/g/{key}/undo/", ("version",)),
    "correct": Endpoint("post", "/g/{key}/correct/", ("version", "number")),
    "sheet pdf": Endpoint("get", "/g/{key}/sheet.pdf", ("paper", "part")),
    "blank sheet": Endpoint(
        "get", "/print/sinker/", ("players", "player", "first_dealer", "option_deals", "paper")
    ),
    "blank sheet pdf": Endpoint("get", "/print/oh-hell/pdf", ("players", "first_dealer")),
    "history": Endpoint("get", "/games/", ("game", "player")),
    "import": Endpoint("post", "/games/import/", ("text",)),
    "sign-up": Endpoint("post", "/accounts/signup/", ("username", "password1", "next")),
    "sign-in": Endpoint("post", "/accounts/login/", ("username", "password", "next")),
    "a game's path": Endpoint("get", "/g/{path}/", ()),
    "a game's sheet path": Endpoint("get", "/g/{path}/sheet/", ()),
    "a setup path": Endpoint("get", "/new/{path}/", ()),
    "a blank sheet path": Endpoint("get", "/print/{path}/", ()),
    "a player path": Endpoint("get", "/players/{path}/", ()),
    "a viewer path": Endpoint("get", "/v/{path}/", ()),
}


def check(response: Any) -> None:
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.content.strip(), "a refusal without a message"


@pytest.fixture(autouse=True)
def no_request_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    # The limits would answer 429 long before the random input reaches the forms.
    monkeypatch.setattr(throttle, "retry_after", lambda limit, request: 0)


@pytest.fixture
def game() -> Game:
    return Game.objects.create(
        kind="oh-hell", record=oh_hell([ROUND_1, ROUND_2]), pending=[], version=7
    )


def fill(url: str, game: Game, path: str) -> str:
    return url.format(key=game.key, viewer=game.viewer_key, path=quote(path, safe=""))


@pytest.mark.parametrize("name", list(ENDPOINTS))
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_text_anywhere_gets_an_answer_below_500(
    client: Client, game: Game, name: str, data: st.DataObject
) -> None:
    endpoint = ENDPOINTS[name]
    values = dict(endpoint.fixed)
    values |= {field: data.draw(TEXT, label=field) for field in endpoint.fields}
    path = data.draw(TEXT, label="path") if "{path}" in endpoint.url else ""
    url = fill(endpoint.url, game, path)
    send: Callable[..., Any] = getattr(client, endpoint.method)

    check(send(url, values))
