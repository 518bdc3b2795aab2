"""manage.py export_game and import_game: the same records and checks as the web pages."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command, load_command_class
from django.test import Client

from rules_engine import load_record, parse_record, score
from scorepad.models import Figures, Game
from tests.conftest import ROUND_1, ROUND_2
from tests.five_games import EVERY_GAME, HOOKED, HOOKED_MESSAGE, OH_HELL, SINKER
from tests.web.records import without_played_at


def export(*args: str) -> str:
    out = io.StringIO()
    call_command("export_game", *args, stdout=out)
    return out.getvalue()


def import_(*args: str, stdin: str | None = None) -> list[str]:
    """The lines the command prints: one sheet path a game."""
    out = io.StringIO()
    extra = {"stdin": io.StringIO(stdin)} if stdin is not None else {}
    call_command("import_game", *args, stdout=out, **extra)
    return out.getvalue().splitlines()


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "games.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def help_of(command: str) -> str:
    """What ``manage.py COMMAND --help`` prints, with its lines joined."""
    parser = load_command_class("scorepad", command).create_parser("manage.py", command)
    return " ".join(parser.format_help().split())


def nothing_was_made() -> None:
    assert Game.objects.count() == 0
    assert Figures.objects.count() == 0


# --- export_game ----------------------------------------------------------------


def test_export_prints_the_games_record_as_the_web_does(client: Client, played_game: Game) -> None:
    printed = export("--", played_game.key)

    assert printed == client.get(f"/g/{played_game.key}/record.json").text
    assert json.loads(printed)["rounds"] == [ROUND_1, ROUND_2]


def test_export_finds_a_game_by_its_number_too(played_game: Game) -> None:
    assert export(str(played_game.pk)) == export("--", played_game.key)


def test_export_takes_the_games_link_or_the_path_import_prints(played_game: Game) -> None:
    by_key = export("--", played_game.key)

    assert export(f"https://scores.example.com/g/{played_game.key}/") == by_key
    assert export(f"/g/{played_game.key}/sheet/") == by_key


def test_export_takes_a_key_that_starts_with_a_dash_after_a_double_dash() -> None:
    game = Game.objects.create(key="-starts-with-a-dash", kind="sinker", record=SINKER)

    assert without_played_at(json.loads(export("--", game.key))) == SINKER
    assert without_played_at(json.loads(export(f"/g/{game.key}/"))) == SINKER


def test_export_leaves_out_the_round_still_being_entered(bidding_game: Game) -> None:
    assert len(json.loads(export("--", bidding_game.key))["rounds"]) == 2


@pytest.mark.parametrize("wanted", ["no-such-game", "999999", "9" * 40])
def test_export_refuses_an_unknown_game(played_game: Game, wanted: str) -> None:
    with pytest.raises(CommandError, match="no game has the key or number"):
        export(wanted)


def test_export_needs_a_game(played_game: Game) -> None:
    with pytest.raises(CommandError, match="the following arguments are required: ID"):
        export()


# --- import_game ----------------------------------------------------------------


@pytest.mark.parametrize("game", list(EVERY_GAME))
def test_each_game_goes_through_import_and_export_unchanged(tmp_path: Path, game: str) -> None:
    original, totals = EVERY_GAME[game]

    [sheet] = import_(write(tmp_path, original))

    imported = Game.objects.get()
    assert sheet == f"/g/{imported.key}/sheet/"
    printed = export(sheet)
    assert without_played_at(json.loads(printed)) == original
    assert list(score(load_record(printed)).totals) == totals
    assert [seat.name for seat in imported.figures.all()] == original["players"]


def test_import_of_an_array_prints_each_new_games_sheet_in_order(tmp_path: Path) -> None:
    records = [original for original, _ in EVERY_GAME.values()]

    printed = import_(write(tmp_path, records))

    games = list(Game.objects.order_by("pk"))
    assert printed == [f"/g/{game.key}/sheet/" for game in games]
    assert [game.record for game in games] == records
    assert all(game.owner is None for game in games)


def test_import_reads_standard_input_for_a_dash() -> None:
    [sheet] = import_("-", stdin=json.dumps(SINKER))

    assert Game.objects.get().record == SINKER
    assert sheet.startswith("/g/")


def test_what_import_makes_export_prints_back(tmp_path: Path) -> None:
    [sheet] = import_(write(tmp_path, OH_HELL))

    again = import_("-", stdin=export(sheet))

    assert len(again) == 1
    assert [without_played_at(g.record) for g in Game.objects.order_by("pk")] == [OH_HELL, OH_HELL]


def test_import_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match=r"cannot read .*nowhere\.json: No such file"):
        import_(str(tmp_path / "nowhere.json"))
    nothing_was_made()


def test_import_refuses_a_folder(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read"):
        import_(str(tmp_path))
    nothing_was_made()


def test_import_needs_a_file() -> None:
    with pytest.raises(CommandError, match="the following arguments are required: FILE"):
        import_()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "the file is not a readable JSON text"),
        ("", "the file is empty"),
        ("[]", "the file holds no games"),
        (json.dumps({**OH_HELL, "format": "scorepad/0"}), "this is not a scorepad/1 game record"),
        (json.dumps({**OH_HELL, "game": "poker"}), "unknown game 'poker'"),
        (json.dumps(HOOKED), f"round 1: {HOOKED_MESSAGE}"),
        (json.dumps([OH_HELL, HOOKED]), f"game 2, round 1: {HOOKED_MESSAGE}"),
    ],
)
def test_import_refuses_a_broken_file_whole(tmp_path: Path, content: str, message: str) -> None:
    with pytest.raises(CommandError) as refused:
        import_(write(tmp_path, content))

    assert str(refused.value).startswith("nothing was imported: ")
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    nothing_was_made()


@pytest.mark.slow
def test_import_through_manage_py_fails_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    # A separate process with a database of its own: nothing here may touch the real one.
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["SQLITE_PATH"] = str(tmp_path / "db.sqlite3")
    env["DEBUG"] = "true"

    done = subprocess.run(
        [sys.executable, "manage.py", "import_game", "-"],
        input=json.dumps([SINKER, HOOKED]),
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env=env,
        timeout=60,
    )

    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"CommandError: nothing was imported: game 2, round 1: {HOOKED_MESSAGE}\n"


def test_a_record_the_command_refuses_the_engine_refuses_too() -> None:
    with pytest.raises(CommandError):
        import_("-", stdin=json.dumps(HOOKED))

    with pytest.raises(ValueError, match=HOOKED_MESSAGE):
        score(parse_record(HOOKED))


# --- import_game --owner ------------------------------------------------------


def test_import_with_an_owner_makes_the_games_theirs_and_lists_them_in_their_history(
    tmp_path: Path, django_user_model: Any
) -> None:
    ann = django_user_model.objects.create_user("ann", password="x")
    [sheet] = import_(write(tmp_path, OH_HELL), "--owner", "ann")

    game = Game.objects.get()
    assert game.owner == ann
    browser = Client()
    browser.force_login(ann)
    assert sheet in browser.get("/games/").text


def test_import_without_an_owner_makes_games_that_nobodys_history_lists(
    tmp_path: Path, django_user_model: Any
) -> None:
    ann = django_user_model.objects.create_user("ann", password="x")
    [sheet] = import_(write(tmp_path, OH_HELL))

    assert Game.objects.get().owner is None
    browser = Client()
    browser.force_login(ann)
    assert sheet not in browser.get("/games/").text


def test_import_refuses_an_unknown_owner_and_makes_nothing(
    tmp_path: Path, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("ann", password="x")

    with pytest.raises(CommandError, match="no user is named 'Anne'.*nothing was imported"):
        import_(write(tmp_path, OH_HELL), "--owner", "Anne")
    nothing_was_made()


def test_import_help_says_what_happens_without_an_owner() -> None:
    text = help_of("import_game")

    assert "Without --owner the new games belong to nobody" in text


def test_export_help_says_what_a_games_number_is() -> None:
    text = help_of("export_game")

    assert "its number: the id the database gave it" in text
