"""The home server's stack for the tests that need it whole: gunicorn with uvicorn's
workers (deploy/gunicorn.conf.py, scorepad/guards/worker.py), DEBUG off, as scripts/home runs
it, on a SQLite file or on a PostgreSQL database of its own (``DATABASE_URL`` of the
tests' run, another database name). Its games are made by ``make``, in a process of
the server's own settings, so the tests' process keeps its own database.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class HomeServer:
    port: int
    env: dict[str, str]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def make(self, code: str) -> Any:
        """Run ``code`` (which sets ``result``) in a process on the server's database;
        ``result`` as JSON."""
        script = f"import json\n{code}\nprint('RESULT', json.dumps(result))"
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", script],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        )
        line = next(each for each in done.stdout.splitlines() if each.startswith("RESULT "))
        return json.loads(line.removeprefix("RESULT "))


def postgres_url(name: str) -> str | None:
    """A fresh database ``name`` on the tests' PostgreSQL (``DATABASE_URL``), or None
    where the tests run on SQLite."""
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        return None
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, dbname="postgres", autocommit=True) as server:
        server.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return urlsplit(url)._replace(path=f"/{name}").geturl()


def drop_postgres(name: str) -> None:
    import psycopg
    from psycopg import sql

    url = os.environ.get("DATABASE_URL", "")
    with psycopg.connect(url, dbname="postgres", autocommit=True) as server:
        server.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def home_server(
    folder: Path, database_url: str | None = None, workers: int = 2, **settings: str
) -> Iterator[HomeServer]:
    """gunicorn as scripts/home runs it, on ``database_url`` (else a SQLite file in
    ``folder``), with these settings besides (environment variables)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "TEST_DATABASE"))
    } | {
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "BENCH_STATIC_ROOT": str(folder / "static"),
        "DEBUG": "false",
        "SECRET_KEY": "a-test-key-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SQLITE_PATH": str(folder / "db.sqlite3"),
        # As scripts/home sets them.
        "CONN_MAX_AGE": "0",
        "DATABASE_POOL": "true",
        "GAMES_STARTED_PER_HOUR": "0",
    }
    if database_url:
        env["DATABASE_URL"] = database_url
    env |= settings
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "collectstatic", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    log = folder / "gunicorn.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "gunicorn", "scorepad.asgi"),
                *("--config", "deploy/gunicorn.conf.py"),
                *("--bind", f"127.0.0.1:{port}", "--workers", str(workers)),
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    break
            except OSError:
                assert process.poll() is None, log.read_text()[-2000:]
                time.sleep(0.1)
        yield HomeServer(port, env, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def on_database(kind: str, folder: Path) -> Iterator[HomeServer]:
    """The home server on SQLite (``kind`` "sqlite") or on a PostgreSQL database of its
    own ("postgresql": skipped where the run has none), dropped after."""
    import pytest

    url, name = None, f"{os.environ.get('TEST_DATABASE_NAME', 'test')}_home"
    if kind == "postgresql":
        url = postgres_url(name)
        if url is None:
            pytest.skip("PostgreSQL only (DATABASE_URL=postgres://...)")
    try:
        with home_server(folder, url) as running:
            yield running
    finally:
        if url is not None:
            drop_postgres(name)
