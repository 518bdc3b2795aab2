"""Export, import and backups of games whose players came and went: the record carries
``seated``, ``plan``, ``start`` and ``stopped`` (game-record.md, "Players who come and
go"), and a game comes back as it was, its sheet and figures with it."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command
from django.test import Client

from rules_engine import parse_record, score
from scorepad.models import Figures, Game
from tests.web.changes import post, spec_example
from tests.web.records import without_played_at
from tests.web.seats import take
from tests.web.test_import import refusal, upload


def played_here(client: Client) -> Game:
    """Oh Hell, started here: Eva joins after round 1 at the lowest total, Dev leaves,
    a new plan of 2 and 1, round 2 played, and the table stops."""
    response = client.post(
        "/new/oh-hell/",
        {
            "player": ["Ann", "Bob", "Cat", "Dev"],
            "option_style": "long",
            "option_scoring": "positive",
            "first_dealer": "0",
            "action": "start",
        },
    )
    game = Game.objects.get(key=response["Location"].split("/")[2])
    # Round 1, 10 cards, Ann deals: Bob, Cat, Dev, Ann bid 2, 2, 2, 3; tricks 2 3 2 3.
    for kind, seat, value in [
        *(("bid", seat, bid) for seat, bid in ((1, 2), (2, 2), (3, 2), (0, 3))),
        *(("tricks", seat, took) for seat, took in ((1, 2), (2, 3), (3, 2))),
    ]:
        assert post(client, game, "enter", kind=kind, seat=seat, value=value).status_code == 303
    post(client, game, "change", name="Eva", place="4", start="lowest")
    post(client, game, "leaves", seat="3")
    post(client, game, "plan", plan="2 1")
    # Round 2, 2 cards, Bob deals: Cat, Eva, Ann, Bob bid 0, 1, 0, 0; tricks 0 1 1 0.
    for kind, seat, value in [
        *(("bid", seat, bid) for seat, bid in ((2, 0), (4, 1), (0, 0), (1, 0))),
        *(("tricks", seat, took) for seat, took in ((2, 0), (4, 1), (0, 1))),
    ]:
        assert post(client, game, "enter", kind=kind, seat=seat, value=value).status_code == 303
    post(client, game, "stop")
    return game


def test_a_game_played_here_exports_its_seats_plan_start_and_stop(client: Client) -> None:
    played_here(client)

    exported = json.loads(client.get("/games/export.json").content)

    assert len(exported) == 1
    record = exported[0]
    assert record["players"] == ["Ann", "Bob", "Cat", "Dev", "Eva"]
    assert record["stopped"] is True
    second = record["rounds"][1]
    assert second["seated"] == [0, 1, 2, 4]
    assert second["plan"] == [2, 1]
    # Round 1: Ann 3 of 3, 13; Bob 2 of 2, 12; Cat 3 of 2, 3; Dev 2 of 2, 12: Cat's 3 is
    # the lowest, Eva's start.
    assert second["start"] == [None, None, None, None, 3]
    assert second["bids"] == [0, 0, 0, None, 1]
    assert record["rounds"][0]["bids"] == [3, 2, 2, 2, None]
    assert score(parse_record(record)).finished


def test_it_imports_again_as_the_same_game_with_its_figures(client: Client) -> None:
    game = played_here(client)
    exported = client.get("/games/export.json").content
    figures = sorted(
        Figures.objects.filter(game=game).values_list("name", "total", "ranked", "won")
    )
    game.delete()

    response = Client().post("/games/import/", upload(json.loads(exported)))

    assert response.status_code == 303
    again = Game.objects.get()
    assert without_played_at(again.record) == without_played_at(json.loads(exported)[0])
    assert (
        sorted(Figures.objects.filter(game=again).values_list("name", "total", "ranked", "won"))
        == figures
    )


def test_the_spec_example_imports_and_its_sheet_reads_as_ruled(client: Client) -> None:
    response = client.post("/games/import/", upload(spec_example()))

    assert response.status_code == 303
    game = Game.objects.get()
    sheet = client.get(f"/g/{game.key}/sheet/").text
    assert "Won by Ann" in sheet and "Left before the end, not ranked: Dev" in sheet


def test_a_record_that_seats_apart_wrongly_is_refused_naming_the_round(client: Client) -> None:
    broken = spec_example()
    broken["rounds"][1]["bids"][3] = 1  # Dev is not at the table in round 2

    said = refusal(client.post("/games/import/", upload(broken)))

    assert "round 2" in said.lower() and "Dev is not at the table this round" in said
    assert not Game.objects.exists()


def test_a_backup_restores_a_game_mid_change_with_its_phones_released(
    client: Client, tmp_path: Path
) -> None:
    game = Game.start(parse_record(spec_example(stopped=False)))
    take(game, 4)
    post(client, game, "leaves", seat="4")
    before = (game.record, game.pending)

    call_command("backup_games", str(tmp_path), stdout=StringIO())
    Game.objects.all().delete()
    call_command("restore_games", str(tmp_path), stdout=StringIO())

    restored = Game.objects.get()
    assert (restored.record, restored.pending) == before
    assert client.get(f"/g/{restored.key}/").status_code == 200
