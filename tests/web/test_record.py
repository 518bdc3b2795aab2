"""record_json: the game's scorepad/1 record, as the engine reads and scores it."""

from __future__ import annotations

import json

from django.test import Client

from rules_engine import FORMAT, load_record, score
from scorepad.models import Game
from tests.conftest import FINISHED_TOTALS, ROUND_1, ROUND_2, TOTALS_AFTER_2


def test_it_is_the_games_record_as_json(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/record.json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    assert data["format"] == FORMAT
    assert data["game"] == "oh-hell"
    assert data["players"] == ["Ann", "Bob", "Cat", "Dev"]
    assert data["first_dealer"] == 0
    assert data["rounds"] == [ROUND_1, ROUND_2]


def test_the_engine_reads_it_and_scores_it_as_the_sheet_does(
    client: Client, played_game: Game
) -> None:
    response = client.get(f"/g/{played_game.key}/record.json")

    sheet = score(load_record(response.content))
    assert list(sheet.totals) == TOTALS_AFTER_2
    assert not sheet.finished
    sheet_page = client.get(f"/g/{played_game.key}/sheet/").text
    for total in sheet.rounds[-1].totals:
        assert f'<td class="total">{total}</td>' in sheet_page


def test_a_finished_games_record_names_the_same_winner(client: Client, finished_game: Game) -> None:
    response = client.get(f"/g/{finished_game.key}/record.json")

    sheet = score(load_record(response.content))
    assert list(sheet.totals) == FINISHED_TOTALS
    assert sheet.finished
    assert sheet.winners == (2,)


def test_it_keeps_the_options_chosen(client: Client, finished_game: Game) -> None:
    response = client.get(f"/g/{finished_game.key}/record.json")

    assert json.loads(response.content)["options"] == {"style": "short-up"}


def test_it_leaves_out_the_round_still_being_entered(client: Client, bidding_game: Game) -> None:
    response = client.get(f"/g/{bidding_game.key}/record.json")

    record = load_record(response.content)
    assert len(record.rounds) == 2
    assert list(score(record).totals) == TOTALS_AFTER_2


def test_it_is_offered_as_a_download_when_asked(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/record.json?download=1")

    filename = f"scorepad-{played_game.key[:8]}.json"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


def test_it_is_shown_in_the_browser_otherwise(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/record.json")

    assert "Content-Disposition" not in response


def test_it_is_404_for_an_unknown_game(client: Client) -> None:
    response = client.get("/g/no-such-game/record.json")

    assert response.status_code == 404
