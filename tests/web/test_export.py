"""export_all: every game one may list, as a JSON array of scorepad/1 records."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules_engine import load_record, parse_record, score
from scorepad.models import Game
from tests.conftest import TOTALS_AFTER_2
from tests.five_games import EVERY_GAME, OH_HELL, SINKER
from tests.web.browsers import started_here
from tests.web.records import without_played_at

URL = "/games/export.json"


def start(data: dict[str, Any], owner: User | None = None) -> Game:
    return Game.start(parse_record(data), owner=owner)


def exported(client: Client) -> list[dict[str, Any]]:
    response = client.get(URL)
    assert response.status_code == 200
    data = json.loads(response.content)
    assert isinstance(data, list)
    # What was stored; when each game started is test_played_at.py's.
    stored: list[dict[str, Any]] = without_played_at(data)
    return stored


def test_it_is_a_download_of_json(client: Client) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="scorepad-games-')


def test_with_no_games_it_is_an_empty_array(client: Client) -> None:
    start(OH_HELL)  # another browser's

    assert exported(client) == []


def test_each_element_is_exactly_the_games_own_record(client: Client) -> None:
    games = [start(original) for original, _ in EVERY_GAME.values()]
    started_here(client, *games)

    data = exported(client)

    records = [json.loads(client.get(f"/g/{g.key}/record.json").content) for g in games]
    assert data == without_played_at(records)
    assert data == [original for original, _ in EVERY_GAME.values()]


def test_the_engine_scores_every_game_exported(client: Client) -> None:
    started_here(client, *(start(original) for original, _ in EVERY_GAME.values()))

    data = exported(client)

    totals = [list(score(load_record(json.dumps(record))).totals) for record in data]
    assert totals == [expected for _, expected in EVERY_GAME.values()]


def test_it_lists_the_oldest_game_first(client: Client) -> None:
    older, newer = start(OH_HELL), start(SINKER)
    started_here(client, newer, older)

    assert exported(client) == [OH_HELL, SINKER]


def test_it_leaves_out_other_browsers_and_other_players_games(client: Client) -> None:
    mine = start(SINKER)
    start(OH_HELL)
    start(OH_HELL, owner=User.objects.create_user("bob", password="another long phrase"))
    started_here(client, mine)

    assert exported(client) == [SINKER]


def test_a_signed_in_player_gets_their_games_in_any_browser(client: Client) -> None:
    ann = User.objects.create_user("ann", password="a long pass phrase")
    start(SINKER, owner=ann)
    client.force_login(ann)

    assert exported(client) == [SINKER]


def test_it_leaves_out_the_round_still_being_entered(client: Client, bidding_game: Game) -> None:
    started_here(client, bidding_game)

    [record] = exported(client)

    assert record == bidding_game.record
    assert len(record["rounds"]) == 2
    assert list(score(load_record(json.dumps(record))).totals) == TOTALS_AFTER_2


def test_the_file_imports_again_as_the_same_games(client: Client) -> None:
    started_here(client, *(start(original) for original, _ in EVERY_GAME.values()))
    first = client.get(URL).content
    other_browser = Client()

    response = other_browser.post(
        "/games/import/", {"file": SimpleUploadedFile("games.json", first)}
    )

    assert response.status_code == 303
    assert Game.objects.count() == 2 * len(EVERY_GAME)
    assert other_browser.get(URL).content == first


def test_it_refuses_a_post(client: Client) -> None:
    assert client.post(URL).status_code == 405
