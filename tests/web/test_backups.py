"""backup_games and restore_games (scorepad/history/backups.py): a family's nightly backup,
restored into an empty database, gives every game back with the same scores."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from datetime import UTC, datetime
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.http import HttpResponse
from django.test import Client

from rules_engine import parse_record, score
from scorepad.guards import browsers
from scorepad.models import Browser, Figures, Game, Rivalry, Seat
from tests.conftest import ROUND_1, ROUND_2, _short_game_rounds, bid, oh_hell
from tests.five_games import ABRACADABRA, BOERENBRIDGE, BRINK_BID, SINKER
from tests.web.seats import phone, take, tap

pytestmark = pytest.mark.django_db


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def a_familys_games() -> list[Game]:
    """Games of every kind: owned, kept by a browser, by nobody, deleted, mid-round."""
    ann = User.objects.create_user("ann", password="cards at the kitchen table")
    browser = Browser.objects.create()
    games = [
        Game.start(parse_record(oh_hell([ROUND_1, ROUND_2])), owner=ann),
        Game.start(parse_record(BOERENBRIDGE), owner=ann),
        Game.start(parse_record(BRINK_BID), browser=browser),
        Game.start(parse_record(SINKER)),
        Game.start(parse_record(ABRACADABRA), owner=ann),
    ]
    Game.objects.filter(pk=games[0].pk).update(pending=[bid(3, 1)])
    games[3].set_deleted(datetime(2026, 11, 1, 20, 0, tzinfo=UTC))
    return list(Game.objects.order_by("pk"))


def what_each_game_is(games: Any) -> dict[str, Any]:
    """Everything a player sees of each game, by its link: scores and who keeps it."""
    return {
        game.key: {
            "viewer": game.viewer_key,
            "join": game.join_key,
            "totals": score(parse_record(game.record)).totals,
            "record": game.record,
            "pending": game.pending,
            "owner": game.owner.username if game.owner else None,
            "browser": game.browser.key if game.browser else None,
            "created": game.created,
            "deleted": game.deleted,
            "figures": sorted(
                Figures.objects.filter(game=game).values_list("name", "total", "rating")
            ),
        }
        for game in games
    }


def empty_the_database() -> None:
    Game.objects.all().delete()
    Browser.objects.all().delete()
    User.objects.all().delete()
    assert not Figures.objects.exists() and not Rivalry.objects.exists()


def test_a_restore_into_an_empty_database_gives_every_game_back(tmp_path: Path) -> None:
    before = what_each_game_is(a_familys_games())

    said = run("backup_games", str(tmp_path))
    empty_the_database()
    restored = run("restore_games", str(tmp_path))

    assert said.startswith("Backed up 5 games to ")
    assert "Restored 5 games from " in restored
    assert "Made the account 'ann'" in restored
    assert what_each_game_is(Game.objects.order_by("pk")) == before


def test_ann_signs_in_as_before_and_finds_her_games(tmp_path: Path) -> None:
    a_familys_games()
    run("backup_games", str(tmp_path))
    empty_the_database()
    run("restore_games", str(tmp_path))
    client = Client()

    signed_in = client.post(
        "/accounts/login/", {"username": "ann", "password": "cards at the kitchen table"}
    )

    assert signed_in.status_code == 303
    page = client.get("/games/").content.decode()
    assert "Boerenbridge" in page and "Abracadabra" in page


def test_a_browser_that_kept_games_without_an_account_finds_them_again(tmp_path: Path) -> None:
    games = a_familys_games()
    kept = next(game for game in games if game.browser is not None)
    assert kept.browser is not None
    # The browser's cookie, signed as the middleware signs it.
    signed = HttpResponse()
    signed.set_signed_cookie(browsers.COOKIE, kept.browser.key, salt=browsers.SALT)
    cookie = signed.cookies[browsers.COOKIE].value
    run("backup_games", str(tmp_path))
    empty_the_database()
    run("restore_games", str(tmp_path))
    client = Client()
    client.cookies[browsers.COOKIE] = cookie

    page = client.get("/games/").content.decode()

    assert f"/g/{kept.key}/" in page


def test_each_game_is_a_scorepad_record_of_its_own(tmp_path: Path) -> None:
    games = a_familys_games()

    run("backup_games", str(tmp_path))

    (made,) = tmp_path.iterdir()
    records = sorted((made / "games").iterdir())
    assert len(records) == len(games)
    for game in games:
        data = json.loads((made / "games" / f"{game.pk}.json").read_text())
        assert data["format"] == "scorepad/1"
        assert score(parse_record(data)).totals == score(parse_record(game.record)).totals


def test_the_backup_is_private_to_its_owner(tmp_path: Path) -> None:
    a_familys_games()

    run("backup_games", str(tmp_path / "backups"))

    (made,) = (tmp_path / "backups").iterdir()
    assert stat.S_IMODE(os.stat(made / "index.json").st_mode) == 0o600
    assert all(stat.S_IMODE(path.stat().st_mode) == 0o600 for path in (made / "games").iterdir())
    assert stat.S_IMODE(os.stat(tmp_path / "backups").st_mode) == 0o700


def test_restoring_twice_makes_nothing_twice(tmp_path: Path) -> None:
    a_familys_games()
    run("backup_games", str(tmp_path))

    again = run("restore_games", str(tmp_path))

    assert "Restored 0 games" in again
    assert "5 games were here already" in again
    assert Game.objects.count() == 5


def test_keep_removes_all_but_the_newest_backups(tmp_path: Path) -> None:
    a_familys_games()
    for name in ("scorepad-backup-2026-01-01T030000", "scorepad-backup-2026-01-02T030000"):
        (tmp_path / name).mkdir()

    said = run("backup_games", str(tmp_path), "--keep", "2")

    kept = sorted(path.name for path in tmp_path.iterdir())
    assert kept[0] == "scorepad-backup-2026-01-02T030000"
    assert len(kept) == 2
    assert "Removed the older backup" in said and "2026-01-01" in said


def test_the_newest_backup_is_the_one_restored(tmp_path: Path) -> None:
    a_familys_games()
    run("backup_games", str(tmp_path))
    Game.start(parse_record(SINKER))
    later = datetime(2099, 1, 1, tzinfo=UTC)
    from scorepad.history.backups import backup

    backup(tmp_path, now=later)
    empty_the_database()

    restored = run("restore_games", str(tmp_path))

    assert "Restored 6 games from " in restored and "2099-01-01" in restored


def test_a_damaged_backup_restores_nothing(tmp_path: Path) -> None:
    a_familys_games()
    run("backup_games", str(tmp_path))
    (made,) = tmp_path.iterdir()
    # A game's file by its id: PostgreSQL's ids go on from earlier tests, so not 2.
    damaged = sorted((made / "games").iterdir())[1]
    damaged.write_text('{"format": "scorepad/1", "game": "whist"}')
    empty_the_database()

    with pytest.raises(CommandError, match=f"nothing was restored: games/{damaged.name}: "):
        run("restore_games", str(tmp_path))

    assert not Game.objects.exists() and not User.objects.exists()


def test_a_folder_with_no_backup_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no backup in"):
        run("restore_games", str(tmp_path))


def test_after_a_restore_the_join_link_and_every_phones_seat_link_answer_as_before(
    tmp_path: Path,
) -> None:
    game = a_familys_games()[0]  # Oh Hell, round 3 under way: Dev bid, Ann bids next
    bob, cat = take(game, 1), take(game, 2)
    game.release_seat(2)
    ann = take(game, 0)
    game.refresh_from_db()
    join_key = game.join_key
    run("backup_games", str(tmp_path))
    empty_the_database()
    assert Client().get(f"/j/{join_key}/").status_code == 404

    run("restore_games", str(tmp_path))

    # The printed Join code still opens the game's Join page, the seats still held.
    page = Client().get(f"/j/{join_key}/")
    assert page.status_code == 200
    assert '<button type="button" disabled>Bob</button>' in page.text
    assert 'name="seat" value="2">Cat</button>' in page.text  # released: free again
    # Each phone's own link: Bob's and Ann's pages, Cat's saying it was released.
    assert "Bob's phone" in Client().get(phone(bob)).text
    assert Client().get(phone(ann)).status_code == 200
    assert Client().get(phone(cat)).status_code == 410
    # And Ann's phone still enters her bid.
    assert tap(Seat.objects.get(key=ann.key), "bid", 2).status_code == 303
    restored = Game.objects.get(key=game.key)
    assert restored.seated and restored.pending[-1] == bid(0, 2)


def test_a_seat_followed_to_the_next_game_is_followed_after_a_restore(tmp_path: Path) -> None:
    short = {"style": "short-up"}
    finished = Game.start(parse_record(oh_hell(_short_game_rounds(), ("Ann", "Bob", "Cat"), short)))
    bob = take(finished, 1)
    assert Client().post(f"/g/{finished.key}/again/").status_code == 303
    run("backup_games", str(tmp_path))
    empty_the_database()

    run("restore_games", str(tmp_path))

    went = Client().get(f"{phone(bob)}next/")
    following = Seat.objects.get(game__key=Game.objects.order_by("-pk")[0].key, number=1)
    assert went.status_code == 303 and went["Location"] == phone(following)


def test_a_backup_made_before_join_links_were_kept_gets_a_new_one(tmp_path: Path) -> None:
    game = a_familys_games()[0]
    run("backup_games", str(tmp_path))
    (made,) = tmp_path.iterdir()
    index = json.loads((made / "index.json").read_text())
    for entry in index["games"]:
        del entry["join_key"], entry["seats"]
    (made / "index.json").write_text(json.dumps(index))
    empty_the_database()

    run("restore_games", str(tmp_path))

    restored = Game.objects.get(key=game.key)
    assert restored.join_key and restored.join_key != game.join_key
    assert Client().get(f"/j/{restored.join_key}/").status_code == 200


# Slow: a fresh process sets Django up and migrates a new database (a few seconds).
@pytest.mark.slow
def test_a_restore_into_a_database_never_set_up_sets_it_up_first(tmp_path: Path) -> None:
    before = what_each_game_is(a_familys_games())
    run("backup_games", str(tmp_path / "backups"))
    root = Path(__file__).resolve().parent.parent.parent
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env |= {"SQLITE_PATH": str(tmp_path / "new.sqlite3"), "DEBUG": "true"}

    done = subprocess.run(
        [sys.executable, "manage.py", "restore_games", str(tmp_path / "backups")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("The database is not set up for this version: migrating it")
    assert "Restored 5 games from " in done.stdout
    with sqlite3.connect(tmp_path / "new.sqlite3") as database:
        keys = {key for (key,) in database.execute("select key from scorepad_game")}
    assert keys == set(before)
