"""played_at: export writes when each game started, import keeps it and dates the game by it,
the history sorts by it and shows it (the viewer's local time with JavaScript, else UTC)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules_engine import parse_record
from scorepad.models import Game
from tests.five_games import OH_HELL, SINKER
from tests.web.browsers import started_here


def imported(client: Client, records: Any) -> None:
    upload = SimpleUploadedFile("games.json", json.dumps(records).encode())
    assert client.post("/games/import/", {"file": upload}).status_code == 303


def test_the_export_says_when_a_game_started_here_began(client: Client) -> None:
    game = Game.start(parse_record(OH_HELL))
    started = datetime(2025, 5, 2, 19, 30, 5, 123456, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(created=started)
    started_here(client, game)

    [data] = json.loads(client.get("/games/export.json").content)

    assert data["played_at"] == "2025-05-02T19:30:05+00:00"
    assert json.loads(client.get(f"/g/{game.key}/record.json").content) == data


def test_an_imported_game_keeps_its_played_at_and_is_dated_by_it(client: Client) -> None:
    record = {**OH_HELL, "played_at": "2025-05-02T21:30:00+02:00"}

    imported(client, record)

    game = Game.objects.get()
    assert game.created == datetime(2025, 5, 2, 19, 30, tzinfo=UTC)
    assert game.figures.first().played == game.created  # type: ignore[union-attr]
    [data] = json.loads(client.get("/games/export.json").content)
    assert data["played_at"] == "2025-05-02T21:30:00+02:00"  # as written, offset and all
    assert data == record


def test_the_history_sorts_by_when_games_were_played_and_shows_it(client: Client) -> None:
    older = {**SINKER, "played_at": "2024-12-31T23:00:00-05:00"}  # 1 January 04:00 UTC
    newer = {**OH_HELL, "played_at": "2025-01-01T05:00:00+00:00"}

    imported(client, [newer, older])

    page = client.get("/games/").text
    shown = re.findall(r'<time datetime="([^"]+)"[^>]*>([^<]+)</time>', page)
    assert shown == [
        ("2025-01-01T05:00:00+00:00", "1 January 2025, 05:00 UTC"),
        ("2025-01-01T04:00:00+00:00", "1 January 2025, 04:00 UTC"),
    ]
    assert '<script src="/static/js/' in page  # the script that shows them in local time


def test_a_game_exported_and_imported_again_is_the_same_game(client: Client) -> None:
    client.post(
        "/games/import/", {"file": SimpleUploadedFile("a.json", json.dumps(OH_HELL).encode())}
    )
    exported = client.get("/games/export.json").content

    response = client.post("/games/import/", {"file": SimpleUploadedFile("b.json", exported)})

    assert response["Location"] == "/games/?imported=0&already=1"
