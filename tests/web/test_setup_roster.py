"""new_game's roster: the players of this person's games, to seat with a tap."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

from rules_engine import parse_record
from scorepad.models import Game
from tests.conftest import oh_hell
from tests.web.browsers import started_here as kept_in

URL = "/new/oh-hell/"


def started_here(client: Client, *players: tuple[str, ...]) -> None:
    """Games for these players started in the client's browser (newest last)."""
    keys = [Game.start(parse_record(oh_hell(players=names))).key for names in players]
    kept_in(client, *Game.objects.filter(key__in=keys))


def edit(*players: str, action: str) -> dict[str, Any]:
    return {"player": list(players), "option_style": "long", "action": action}


def names_shown(html: str) -> list[str]:
    return re.findall(r'<input type="text" name="player" value="([^"]*)"', html)


def picks_offered(html: str) -> list[str]:
    return re.findall(r'<button type="submit" name="action" value="pick-([^"]*)"', html)


def test_it_offers_every_player_of_this_browsers_games(client: Client) -> None:
    started_here(client, ("Ann", "Bob", "Cat"), ("ann", "Dev", "Eve"))

    response = client.get(URL)

    # One entry a player: "ann" in the newer game is how Ann is shown.
    assert picks_offered(response.text) == ["ann", "Bob", "Cat", "Dev", "Eve"]
    assert '<datalist id="roster"><option value="ann"></option>' in response.text
    assert 'autocomplete="off" list="roster"' in response.text


def test_it_offers_no_one_from_other_peoples_games(client: Client) -> None:
    Game.start(parse_record(oh_hell(players=("Zoe", "Yan", "Xia"))))

    response = client.get(URL)

    assert picks_offered(response.text) == []
    assert "datalist" not in response.text
    # As a value or a shown word: a bare "Zoe" may turn up inside a random token.
    assert '"Zoe"' not in response.text
    assert ">Zoe<" not in response.text


def test_a_pick_fills_the_first_empty_row(client: Client) -> None:
    started_here(client, ("Ann", "Bob", "Cat"))

    response = client.post(URL, edit("Dev", "", "", action="pick-Bob"))

    assert response.status_code == 200
    assert names_shown(response.text) == ["Dev", "Bob", ""]
    assert picks_offered(response.text) == ["Ann", "Cat"]
    assert Game.objects.count() == 1  # nothing saved


def test_a_pick_with_htmx_redraws_only_the_form(htmx_client: Client) -> None:
    started_here(htmx_client, ("Ann", "Bob", "Cat"))

    response = htmx_client.post(URL, edit("", "", action="pick-Cat"))

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<form id="setup"')
    assert names_shown(response.text) == ["Cat", ""]


def test_a_pick_adds_a_row_when_none_is_empty(client: Client) -> None:
    started_here(client, ("Ann", "Bob", "Cat"))

    response = client.post(URL, edit("Dev", "Eve", action="pick-Ann"))

    assert names_shown(response.text) == ["Dev", "Eve", "Ann"]


def test_a_player_already_seated_is_not_seated_twice(client: Client) -> None:
    started_here(client, ("Ann", "Bob", "Cat"))

    response = client.post(URL, edit("ANN", "", action="pick-Ann"))

    assert names_shown(response.text) == ["ANN", ""]
    assert picks_offered(response.text) == ["Bob", "Cat"]


def test_no_pick_is_offered_when_the_table_is_full(client: Client) -> None:
    started_here(client, ("Ann", "Bob", "Cat"))
    seven = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]  # Oh Hell seats at most 7

    response = client.post(URL, edit(*seven, action="pick-Ann"))

    assert names_shown(response.text) == seven
    assert picks_offered(response.text) == []


def test_a_crafted_pick_is_cut_to_a_names_length_and_escaped(client: Client) -> None:
    response = client.post(URL, edit("", "", action="pick-<b>" + "x" * 60))

    shown = names_shown(response.text)
    assert shown[0] == "&lt;b&gt;" + "x" * 37
    assert shown[1] == ""


def test_a_picked_player_starts_the_game_like_a_typed_one(client: Client) -> None:
    started_here(client, ("Ann", "Bob", "Cat"))

    client.post(URL, edit("", "Dev", "Eve", action="pick-Ann"))
    response = client.post(
        URL, {**edit("Ann", "Dev", "Eve", action="start"), "option_scoring": "positive"}
    )

    assert response.status_code == 303
    newest = Game.objects.order_by("-pk").first()
    assert newest is not None
    assert newest.record["players"] == ["Ann", "Dev", "Eve"]


def test_a_signed_in_owner_is_offered_the_players_of_their_games_from_any_browser(
    client: Client, django_user_model: Any
) -> None:
    ann = django_user_model.objects.create_user("ann", password="a long password 1")
    for names in (("Ann", "Bob", "Cat"), ("ANN", "Dev", "Eve")):
        Game.start(parse_record(oh_hell(players=names)), owner=ann)
    Game.start(parse_record(oh_hell(players=("Zoe", "Yan", "Xia"))))  # not hers
    client.force_login(ann)

    response = client.get(URL)

    # One entry a player, as typed in their newest game ("ANN").
    assert picks_offered(response.text) == ["ANN", "Bob", "Cat", "Dev", "Eve"]
