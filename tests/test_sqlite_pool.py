"""scorepad/sqlite: SQLite's connections kept in the process and handed out again
(DATABASE_POOL, as scripts/home and scripts/prod run), so that a request under ASGI
costs no connection's opening, PRAGMAs and WAL checkpoint."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from scorepad.sqlite.base import DatabaseWrapper


@pytest.fixture
def settings_dict(tmp_path: Path, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """A database file of its own, outside the tests' database, two connections kept."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    name = str(tmp_path / "pooled.sqlite3")
    options = {**connection.settings_dict["OPTIONS"], "kept": 2}
    with django_db_blocker.unblock():
        yield {**connection.settings_dict, "NAME": name, "OPTIONS": options}
    for kept in DatabaseWrapper.idle.pop(name, []):
        kept.close()


def opened(settings_dict: dict[str, Any]) -> DatabaseWrapper:
    wrapper = DatabaseWrapper(settings_dict)
    wrapper.ensure_connection()
    return wrapper


def test_a_closed_connection_is_handed_out_again_without_its_pragmas(
    settings_dict: dict[str, Any],
) -> None:
    first = opened(settings_dict)
    raw = first.connection
    first.close()

    second = opened(settings_dict)

    assert second.connection is raw
    # Still in WAL mode and with its busy timeout: the PRAGMAs of its opening hold.
    with second.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone() == ("wal",)
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone() == (5000,)
    second.close()


def test_a_connection_closed_in_a_transaction_is_not_kept(settings_dict: dict[str, Any]) -> None:
    wrapper = opened(settings_dict)
    raw = wrapper.connection
    raw.execute("BEGIN")
    raw.execute("CREATE TABLE half (x)")

    wrapper.close()

    assert DatabaseWrapper.idle.get(settings_dict["NAME"], []) == []
    assert opened(settings_dict).connection is not raw


def test_no_more_are_kept_than_asked(settings_dict: dict[str, Any]) -> None:
    wrappers = [opened(settings_dict) for _ in range(3)]
    for wrapper in wrappers:
        wrapper.close()

    assert len(DatabaseWrapper.idle[settings_dict["NAME"]]) == 2


def test_a_connection_closed_by_one_thread_serves_the_next_in_another(
    settings_dict: dict[str, Any],
) -> None:
    raws: list[Any] = []
    counts: list[int] = []

    def request(number: int) -> None:
        wrapper = opened(settings_dict)
        raws.append(wrapper.connection)
        with wrapper.cursor() as cursor:
            if number == 0:
                cursor.execute("CREATE TABLE taps (n)")
            cursor.execute("INSERT INTO taps VALUES (%s)", [number])
            cursor.execute("SELECT count(*) FROM taps")
            counts.append(cursor.fetchone()[0])
        wrapper.close()

    for number in range(3):
        thread = threading.Thread(target=request, args=(number,))
        thread.start()
        thread.join()

    assert counts == [1, 2, 3]
    assert raws[0] is raws[1] is raws[2]
