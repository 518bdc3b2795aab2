"""new_game builds its SetupForm once a request, whichever button was pressed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from scorepad.forms import SetupForm
from scorepad.models import Game, HouseRules

URL = "/new/oh-hell/"
OURS = {"option_hands": "1, 2, 3", "option_made": "10 + 2 * t", "option_missed": "-t"}


def form(*players: str, **fields: Any) -> dict[str, Any]:
    """The setup form as the browser posts it, our own rules typed but not chosen."""
    return {
        "player": list(players or ("Ann", "Bob", "Cat", "Dev")),
        "option_style": "long",
        "option_scoring": "positive",
        "first_dealer": "0",
        "rules": "as-ruled",
        "option_hook": "on",
        "option_hook_from": "1",
        "start": "1",
        "peak": "3",
        "end": "1",
        "rules_name": "Grandma's",
        **OURS,
        **fields,
    }


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[SetupForm]]:
    """Every SetupForm built while the test runs."""
    forms: list[SetupForm] = []
    original = SetupForm.__init__

    def counted(self: SetupForm, *args: Any, **kwargs: Any) -> None:
        forms.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(SetupForm, "__init__", counted)
    yield forms


@pytest.fixture
def saved(client: Client) -> HouseRules:
    """A set of our own rules this browser saved."""
    client.post(URL, form(rules="own", action="save-rules"))
    return HouseRules.objects.get()


# Every button the page posts but start, rename and delete (and a value no button sends).
BUTTONS = [
    "add",
    "remove-1",
    "up-2",
    "down-0",
    "pick-Eve",
    "dealers",
    "preview",
    "preview-own",
    "pattern",
    "save-rules",
    "edit-rules",
    "no-such-button",
]


@pytest.mark.parametrize("action", BUTTONS)
def test_each_button_builds_the_form_once(
    client: Client, built: list[SetupForm], action: str
) -> None:
    response = client.post(URL, form("Ann", "Bob", "Cat", "", action=action))

    assert response.status_code == 200
    assert len(built) == 1


@pytest.mark.parametrize("action", BUTTONS)
def test_each_button_builds_the_form_once_for_htmx(
    htmx_client: Client, built: list[SetupForm], action: str
) -> None:
    headers = {"HX-Target": "rules-preview"} if action.startswith("preview") else {}
    response = htmx_client.post(URL, form("Ann", "Bob", "Cat", "", action=action), headers=headers)

    assert response.status_code == 200
    assert len(built) == 1


@pytest.mark.parametrize("verb", ["rename", "delete"])
def test_renaming_or_deleting_a_saved_set_builds_the_form_once(
    client: Client, saved: HouseRules, built: list[SetupForm], verb: str
) -> None:
    data = form(action=f"{verb}-{saved.pk}", **{f"name-{saved.pk}": "Grandpa's"})

    response = client.post(URL, data)

    assert response.status_code == 200
    assert len(built) == 1
    assert not HouseRules.objects.filter(name="Grandma's").exists()


def test_a_refused_button_of_the_rules_builds_the_form_once(
    client: Client, built: list[SetupForm]
) -> None:
    response = client.post(URL, form(action="pattern", peak=""))

    assert response.status_code == 400
    assert "Give the first hand, the largest and the last" in response.text
    assert len(built) == 1


def test_start_builds_the_form_once(client: Client, built: list[SetupForm]) -> None:
    response = client.post(URL, form(action="start"))

    assert response.status_code == 303
    assert Game.objects.count() == 1
    assert len(built) == 1


def test_a_refused_start_builds_the_form_once(client: Client, built: list[SetupForm]) -> None:
    response = client.post(URL, form("Ann", action="start"))

    assert response.status_code == 400
    assert Game.objects.count() == 0
    assert len(built) == 1


def test_the_page_builds_the_form_once(client: Client, built: list[SetupForm]) -> None:
    assert client.get(URL).status_code == 200
    assert len(built) == 1


def test_a_game_without_house_rules_builds_the_form_once_for_a_rules_button(
    client: Client, built: list[SetupForm]
) -> None:
    response = client.post("/new/sinker/", form(action="preview"))

    assert response.status_code == 400
    assert len(built) == 1


def test_the_form_drawn_again_shows_none_of_its_errors(client: Client) -> None:
    data = form(first_dealer="x", option_style="zzz")

    refused = client.post(URL, {**data, "action": "start"})
    edited = client.post(URL, {**data, "action": "add"})

    assert "Pick who deals first" in refused.text
    assert 'aria-invalid="true"' in refused.text
    assert edited.status_code == 200
    assert "Pick who deals first" not in edited.text
    assert 'aria-invalid="true"' not in edited.text
