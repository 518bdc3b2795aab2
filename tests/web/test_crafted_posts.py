"""Crafted posts that no page of ours sends get a 400 that says why and changes nothing
(issue 21's second review: each of these was a 500)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from rules_engine import parse_record
from scorepad.models import Figures, Game, HouseRules
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.five_games import OH_HELL
from tests.web.browsers import started_here

THREE = ["Ann", "Bob", "Cat"]


def snapshot() -> list[Any]:
    """Every game, figure and saved set: what a refusal keeps as it was."""
    return [
        list(Game.objects.order_by("pk").values_list("record", "version", "pending")),
        list(Figures.objects.order_by("pk").values_list("name", "total")),
        list(HouseRules.objects.order_by("pk").values_list("name", "options")),
    ]


# --- Renaming a player ---------------------------------------------------------------


def test_a_rename_posted_without_a_player_is_refused_with_a_message(client: Client) -> None:
    started_here(client, Game.start(parse_record(oh_hell([ROUND_1, ROUND_2]))))
    before = snapshot()

    response = client.post("/rename-player/", {"name": "Zed", "confirm": "on"})

    assert response.status_code == 400
    assert "Pick the player to rename." in response.text
    assert snapshot() == before


# --- Setup: the Rules buttons of a game without house rules ---------------------------


@pytest.mark.parametrize("game", ["sinker", "abracadabra"])
@pytest.mark.parametrize("action", ["save-rules", "pattern", "edit-rules", "rename-1"])
def test_a_rules_button_for_a_game_without_house_rules_is_refused(
    client: Client, game: str, action: str
) -> None:
    data = {"player": THREE, "action": action, "rules_name": "Ours", "option_hands": "1, 2"}

    response = client.post(f"/new/{game}/", data)

    assert response.status_code == 400
    assert "has no house rules." in response.text
    assert snapshot() == [[], [], []]


# --- Numbers in other digits -----------------------------------------------------------


def saved_set(client: Client) -> HouseRules:
    data = {
        "player": THREE,
        "option_style": "long",
        "option_scoring": "positive",
        "first_dealer": "0",
        "rules": "own",
        "option_hands": "1, 2, 3",
        "option_hook": "on",
        "option_hook_from": "1",
        "action": "save-rules",
        "rules_name": "Grandma's",
    }
    assert client.post("/new/oh-hell/", data).status_code == 200
    return HouseRules.objects.get()


SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
MATHEMATICAL = str.maketrans("0123456789", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗")


@pytest.mark.parametrize("verb", ["rename", "delete"])
@pytest.mark.parametrize("script", [SUPERSCRIPTS, ARABIC_INDIC, MATHEMATICAL])
def test_a_saved_set_named_in_other_digits_is_refused_and_kept(
    client: Client, verb: str, script: dict[int, str]
) -> None:
    saved = saved_set(client)
    # The saved set's own number in other digits ("١" and "𝟏" are 1 to int()).
    digit = str(saved.pk).translate(script)
    before = snapshot()
    data = {"player": THREE, "action": f"{verb}-{digit}", f"name-{digit}": "Renamed"}

    response = client.post("/new/oh-hell/", data)

    assert response.status_code == 400
    assert "Those saved rules are gone." in response.text
    assert snapshot() == before


@pytest.mark.parametrize("hands", ["1, 2, ²", "1 ٣", "1, 𝟐"])
def test_hand_sizes_in_other_digits_are_refused_with_a_message(client: Client, hands: str) -> None:
    data = {
        "player": THREE,
        "option_style": "long",
        "option_scoring": "positive",
        "first_dealer": "0",
        "rules": "own",
        "option_hands": hands,
        "action": "start",
    }

    response = client.post("/new/oh-hell/", data)

    assert response.status_code == 400
    assert "Hand sizes are whole numbers separated by commas" in response.text
    assert snapshot() == [[], [], []]


@pytest.mark.parametrize("hands", ["1, 2, ²", "1 ٣"])
def test_a_preview_of_hand_sizes_in_other_digits_says_why(client: Client, hands: str) -> None:
    data = {"player": THREE, "rules": "own", "option_hands": hands, "action": "preview"}

    response = client.post("/new/oh-hell/", data)

    assert response.status_code == 200
    assert "Hand sizes are whole numbers separated by commas" in response.text


@pytest.mark.parametrize("action", ["save-rules", "pattern"])
def test_saving_or_filling_in_hands_in_other_digits_is_refused(client: Client, action: str) -> None:
    data = {
        "player": THREE,
        "rules": "own",
        "option_hands": "1, ²",
        "start": "١",
        "peak": "3",
        "end": "1",
        "action": action,
        "rules_name": "Ours",
    }

    response = client.post("/new/oh-hell/", data)

    assert response.status_code == 400
    assert snapshot() == [[], [], []]


@pytest.mark.parametrize("seat", ["١", "𝟏", "-1", "01"])
def test_the_table_reads_a_seat_only_in_ascii_digits(client: Client, seat: str) -> None:
    game = Game.start(parse_record(oh_hell()))

    response = client.get(f"/g/{game.key}/", {"seat": seat})

    assert response.status_code == 200


# --- When a game was played ------------------------------------------------------------


@pytest.mark.parametrize(
    "moment",
    [
        "9999-12-31T23:59:59-14:00",
        "0001-01-01T00:00:00+14:00",
        "9999-12-31T12:00:00+00:00",
        "0001-01-01T12:00:00+00:00",
    ],
)
def test_a_played_at_off_the_calendar_in_some_time_zone_is_refused(
    client: Client, moment: str
) -> None:
    response = client.post("/games/import/", {"text": json.dumps({**OH_HELL, "played_at": moment})})

    assert response.status_code == 400
    assert "played_at must be within the years 1 to 9999 in every time zone" in response.text
    assert snapshot() == [[], [], []]


@pytest.mark.parametrize("moment", ["9999-12-30T23:59:59+00:00", "0001-01-02T00:00:00+00:00"])
def test_a_played_at_a_day_from_the_calendars_ends_is_kept(client: Client, moment: str) -> None:
    response = client.post("/games/import/", {"text": json.dumps({**OH_HELL, "played_at": moment})})

    assert response.status_code == 303
    game = Game.objects.get()
    assert game.created.isoformat() == moment
    assert client.get(f"/g/{game.key}/sheet/").status_code == 200
    assert client.get("/games/").status_code == 200


def test_a_played_at_off_the_calendar_is_refused_in_the_pages_language(client: Client) -> None:
    record = {**OH_HELL, "played_at": "9999-12-31T23:59:59-14:00"}

    response = client.post(
        "/games/import/", {"text": json.dumps(record)}, headers={"accept-language": "nl"}
    )

    assert response.status_code == 400
    assert "in elke tijdzone binnen de jaren 1 tot en met 9999" in response.text


@pytest.mark.parametrize("page", ["١", "𝟐", "２"])
def test_a_history_page_in_other_digits_is_refused_with_a_reason(client: Client, page: str) -> None:
    response = client.get("/games/", {"page": page})

    assert response.status_code == 400
    assert "A page is a number: 1 for the newest games." in response.text


@pytest.mark.parametrize("wanted", ["²", "１"])
def test_export_game_refuses_a_number_in_other_digits(wanted: str) -> None:
    Game.start(parse_record(oh_hell()))

    with pytest.raises(CommandError, match="no game has the key or number"):
        call_command("export_game", wanted, stdout=io.StringIO())


@pytest.mark.parametrize("hands", ["²", "one, two"])
def test_editing_our_own_rules_with_hands_unreadable_says_why(client: Client, hands: str) -> None:
    # Found by tests/web/test_fuzz_forms.py: a 500 before.
    data = {"player": THREE, "rules": "own", "option_hands": hands, "action": "edit-rules"}

    response = client.post("/new/brink-bid/", data)

    assert response.status_code == 400
    assert "Hand sizes are whole numbers separated by commas" in response.text
    assert snapshot() == [[], [], []]
