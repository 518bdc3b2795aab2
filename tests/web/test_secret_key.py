"""The secret key of a local install: made once and kept in a file, so every documented
command runs with nothing set; production still refuses to start without its own."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

SHOW_KEY = "from django.conf import settings; print(settings.SECRET_KEY)"
# Variables that would make the run something other than a local install's.
SET_BY_THE_TESTS = {
    "DEBUG",
    "SECRET_KEY",
    "SECRET_KEY_FILE",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    # The tests run on tests.settings; a local install on manage.py's own, scorepad.settings.
    "DJANGO_SETTINGS_MODULE",
}

# Each test starts manage.py in a process of its own: a second or so each.
pytestmark = pytest.mark.slow


def manage(scratch: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """manage.py in a fresh process as a local install runs it: nothing set but ``env``."""
    clean = {k: v for k, v in os.environ.items() if k not in SET_BY_THE_TESTS}
    clean["SQLITE_PATH"] = str(scratch / "db.sqlite3")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_local_install_makes_its_key_once_and_keeps_it(tmp_path: Path) -> None:
    kept = tmp_path / "keys" / "secret_key"

    first = manage(tmp_path, "shell", "--no-imports", "-c", SHOW_KEY, SECRET_KEY_FILE=str(kept))
    second = manage(tmp_path, "shell", "--no-imports", "-c", SHOW_KEY, SECRET_KEY_FILE=str(kept))

    assert first.returncode == 0, first.stderr
    key = first.stdout.strip()
    assert len(key) >= 50 and "insecure" not in key
    assert second.stdout.strip() == key
    assert kept.read_text().strip() == key
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert stat.S_IMODE(kept.parent.stat().st_mode) == 0o700


def test_the_documented_commands_run_with_nothing_set(tmp_path: Path) -> None:
    kept = str(tmp_path / "secret_key")

    migrated = manage(tmp_path, "migrate", "--no-input", SECRET_KEY_FILE=kept)
    purged = manage(tmp_path, "purge_deleted", SECRET_KEY_FILE=kept)
    rebuilt = manage(tmp_path, "rebuild_figures", SECRET_KEY_FILE=kept)

    assert migrated.returncode == 0, migrated.stderr
    assert purged.returncode == 0, purged.stderr
    assert "Purged 0 games" in purged.stdout
    assert rebuilt.stdout == "0 figures worked out again, for 0 games.\n"


def test_a_server_that_names_its_hosts_must_set_its_own_key(tmp_path: Path) -> None:
    kept = tmp_path / "secret_key"

    refused = manage(
        tmp_path, "check", ALLOWED_HOSTS="scores.example.com", SECRET_KEY_FILE=str(kept)
    )

    assert refused.returncode != 0
    assert "The environment variable SECRET_KEY must be set." in refused.stderr
    assert not kept.exists()


def test_a_key_set_in_the_environment_wins_and_no_file_is_made(tmp_path: Path) -> None:
    kept = tmp_path / "secret_key"
    key = "k" * 60

    shown = manage(
        tmp_path, "shell", "--no-imports", "-c", SHOW_KEY, SECRET_KEY=key, SECRET_KEY_FILE=str(kept)
    )

    assert shown.stdout.strip() == key
    assert not kept.exists()


def test_a_key_file_that_cannot_be_written_says_what_to_set(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")

    refused = manage(tmp_path, "check", SECRET_KEY_FILE=str(blocked / "secret_key"))

    assert refused.returncode != 0
    assert "cannot be made or read" in refused.stderr
    assert "set SECRET_KEY or SECRET_KEY_FILE" in refused.stderr


def test_a_short_key_in_the_file_is_refused(tmp_path: Path) -> None:
    kept = tmp_path / "secret_key"
    kept.write_text("short\n")

    refused = manage(tmp_path, "check", SECRET_KEY_FILE=str(kept))

    assert refused.returncode != 0
    assert "holds no key of 50 or more characters" in refused.stderr
