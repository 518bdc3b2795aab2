"""A tap on a full disk: 507 in words the phone shows, nothing half-saved, logged once,
and taken when sent again once there is room (scorepad/guards/middleware.DatabaseOutOfReach,
issue 49)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import psycopg.errors
import pytest
from django.db import OperationalError
from django.test import Client

from scorepad.models import Game
from tests.conftest import bid
from tests.web.test_enter import entry

FULL = "Not saved: the server's disk is full, and nothing can be saved until room is made on it."


def full_disk(*args: Any, **kwargs: Any) -> bool:
    """A save as SQLite fails on a full disk: SQLITE_FULL from SQLite itself (a database
    allowed no more pages than it has), raised as Django raises it."""
    database = sqlite3.connect(":memory:")
    try:
        database.execute("CREATE TABLE taps (tap BLOB)")
        database.execute("PRAGMA max_page_count = 2")
        database.execute("INSERT INTO taps VALUES (randomblob(100000))")
    except sqlite3.OperationalError as error:
        assert str(error) == "database or disk is full"
        raise OperationalError(*error.args) from error
    finally:
        database.close()
    raise AssertionError("SQLite found room")


def test_a_tap_on_a_full_disk_is_said_in_words_and_taken_when_sent_again(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = entry(new_game, "bid", 1, 3)
    real = Game.save_table
    monkeypatch.setattr(Game, "save_table", full_disk)

    refused = client.post(f"/g/{new_game.key}/enter/", tap, headers={"HX-Request": "true"})

    assert refused.status_code == 507  # Insufficient Storage: the phone keeps the tap
    assert refused["Content-Type"] == "text/plain; charset=utf-8"
    assert refused.text.startswith(FULL)
    assert "Tell whoever keeps the server." in refused.text
    assert refused["Retry-After"] == "30"
    new_game.refresh_from_db()
    assert new_game.pending == []
    monkeypatch.setattr(Game, "save_table", real)
    again = client.post(f"/g/{new_game.key}/enter/", tap, headers={"Scorepad-Replay": "1"})
    assert again.status_code == 303
    new_game.refresh_from_db()
    assert new_game.pending == [bid(1, 3)]


def test_a_phone_in_dutch_is_told_in_dutch(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Game, "save_table", full_disk)

    refused = client.post(
        f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3), headers={"Accept-Language": "nl"}
    )

    assert refused.status_code == 507
    assert refused.text.startswith("Niet bewaard: de schijf van de server is vol")


def test_the_full_disk_is_logged_once_however_many_taps_meet_it(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    real = Game.save_table
    monkeypatch.setattr(Game, "save_table", full_disk)
    url = f"/g/{new_game.key}/enter/"

    for value in (1, 2, 3):
        assert client.post(url, entry(new_game, "bid", 1, value)).status_code == 507
    said = [(record.levelname, record.getMessage()) for record in caplog.records]
    monkeypatch.setattr(Game, "save_table", real)
    assert client.post(url, entry(new_game, "bid", 1, 3)).status_code == 303
    monkeypatch.setattr(Game, "save_table", full_disk)
    client.post(url, entry(Game.objects.get(pk=new_game.pk), "bid", 2, 3))

    assert said == [
        (
            "ERROR",
            "The disk is full: nothing can be saved until room is made on it"
            f" (docs/home-server.md, 'A full disk'). First met at {url}",
        )
    ]
    assert caplog.records[0].exc_info is not None  # with its traceback
    # Room again (a tap went in), and full again: said again.
    assert [record.getMessage()[:29] for record in caplog.records[1:]] == [
        "The disk has room again",
        "The disk is full: nothing can",
    ]


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("could not extend file"),  # PostgreSQL's, its cause below
        OSError(errno.ENOSPC, "No space left on device"),  # a file written, say a PDF kept
    ],
    ids=["postgresql", "a-file"],
)
def test_postgresqls_full_disk_and_a_file_written_on_one_are_said_alike(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def full(*args: Any, **kwargs: Any) -> bool:
        if isinstance(error, OperationalError):
            raise error from psycopg.errors.DiskFull("could not extend file")
        raise error

    monkeypatch.setattr(Game, "save_table", full)

    refused = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3))

    assert refused.status_code == 507
    assert refused.text.startswith(FULL)


def test_a_database_out_of_reach_is_not_taken_for_a_full_disk(
    client: Client, new_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(*args: Any, **kwargs: Any) -> bool:
        raise OperationalError("database is locked") from sqlite3.OperationalError(
            "database is locked"
        )

    monkeypatch.setattr(Game, "save_table", locked)

    refused = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3))

    assert refused.status_code == 503
    assert refused.text.startswith("The server could not reach its database")


# Run in a process of its own, on a real full disk: a tiny tmpfs of a mount namespace
# of its own (`unshare`), which a user may make where user namespaces are allowed.
ON_A_FULL_DISK = """
import json, os, sys
import django
django.setup()
from django.core.management import call_command
from django.db import connection
from django.test import Client
from rules_engine import new_record
from scorepad.models import Game

disk = sys.argv[1]
call_command("migrate", verbosity=0)
game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))
with connection.cursor() as cursor:
    cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # no room kept in the -wal file
if os.environ["CONN_MAX_AGE"] == "0":
    connection.close()
filler = os.open(os.path.join(disk, "filler"), os.O_WRONLY | os.O_CREAT)
try:
    while True:
        os.write(filler, b"x" * 4096)
except OSError as error:
    filled = error.errno
os.close(filler)
client = Client()
url = f"/g/{game.key}/enter/"
tap = {"version": game.version, "kind": "bid", "seat": 1, "value": 3}
refused = [client.post(url, tap, headers={"HX-Request": "true"}) for _ in range(3)]
os.remove(os.path.join(disk, "filler"))  # room made
again = client.post(url, tap, headers={"Scorepad-Replay": "1"})
game.refresh_from_db()
print(json.dumps({
    "filled": filled,
    "refused": [(answer.status_code, answer.text) for answer in refused],
    "again": again.status_code,
    "pending": game.pending,
}))
"""


def unshare_can_mount() -> bool:
    if shutil.which("unshare") is None:
        return False
    tried = subprocess.run(
        ["unshare", "-rm", "mount", "-t", "tmpfs", "tmpfs", "/mnt"], capture_output=True
    )
    return tried.returncode == 0


# Slow: a process of its own migrates a new database (some 5 s each).
@pytest.mark.slow
@pytest.mark.parametrize(
    "conn_max_age",
    ["0", "60"],
    ids=["a-connection-opened-on-the-full-disk", "a-connection-kept-open"],
)
def test_on_a_real_full_disk_every_tap_is_said_full_and_taken_once_there_is_room(
    tmp_path: Path, conn_max_age: str
) -> None:
    if not unshare_can_mount():
        pytest.skip("no mount namespace of our own here (unshare -rm) for a tiny tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    script = tmp_path / "on_a_full_disk.py"
    script.write_text(textwrap.dedent(ON_A_FULL_DISK))
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env |= {
        "DEBUG": "true",
        "SQLITE_PATH": str(disk / "db.sqlite3"),
        "CONN_MAX_AGE": conn_max_age,
        "DJANGO_SETTINGS_MODULE": "scorepad.settings",
    }
    root = Path(__file__).resolve().parent.parent.parent

    done = subprocess.run(
        [
            "unshare",
            "-rm",
            "sh",
            "-c",
            'mount -t tmpfs -o size=4m tmpfs "$0" && exec "$1" "$2" "$0"',
            str(disk),
            sys.executable,
            str(script),
        ],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert done.returncode == 0, done.stderr[-2000:]
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["filled"] == errno.ENOSPC
    assert [status for status, _ in said["refused"]] == [507, 507, 507]
    assert all(text.startswith(FULL) for _, text in said["refused"])
    assert said["again"] == 303
    assert said["pending"] == [bid(1, 3)]
    assert done.stderr.count("The disk is full") == 1  # however many taps met it
    assert "The disk has room again" in done.stderr
