"""The bench's world: production settings on a temporary SQLite file, plain http on loopback."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def scratch_folder(keep: bool = False) -> Iterator[Path]:
    """A temporary folder for the bench's database, static files, gunicorn log and
    screenshots, removed on leaving (even after an error) unless ``keep``."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    try:
        yield folder
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


def prepare(folder: Path, database_url: str = "") -> None:
    """Set the environment, set Django up, migrate and collect the static files into
    ``folder``; every process the bench starts inherits the environment, so gunicorn
    runs on the same database and settings. ``database_url``: PostgreSQL instead
    (bench/live.py), a database of its own that the bench may fill.
    """
    os.environ.pop("DATABASE_URL", None)  # SQLite first, as the issue asks
    if database_url:
        os.environ["DATABASE_URL"] = database_url
        made_for(database_url)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "x" * 50,
            "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
            # Loopback speaks plain http: no redirect to https, cookies sent over http.
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "SECURE_HSTS_SECONDS": "0",
            "SQLITE_PATH": str(folder / "bench.sqlite3"),
            "BENCH_STATIC_ROOT": str(folder / "static"),
            # The load starts hundreds of games from loopback: past the limit per address.
            "GAMES_STARTED_PER_HOUR": "0",
            # Every table's phones share loopback's one address: no CPU budget for it,
            # nor a bound on its connections or requests (guards/throttle.py, guards/worker.py).
            "ADDRESS_CPU_SECONDS": "0",
            "CONNECTIONS_PER_ADDRESS": "0",
            "ADDRESS_REQUESTS_PER_SECOND": "0",
            # As scripts/home and scripts/prod run: no persistent connection (ASGI's
            # threads), a pool of them in each process (SQLite's too: scorepad/sqlite).
            "CONN_MAX_AGE": "0",
            "DATABASE_POOL": "true",
            # Playwright's sync API keeps an event loop in the main thread.
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
        }
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)


def made_for(database_url: str) -> None:
    """Create ``database_url``'s database where it is not there yet (on a fresh machine
    the bench's own database is not), through the server's ``postgres`` database."""
    import psycopg
    from psycopg import sql
    from psycopg.conninfo import conninfo_to_dict

    name = str(conninfo_to_dict(database_url).get("dbname") or "")
    if not name:
        return
    with psycopg.connect(database_url, dbname="postgres", autocommit=True) as server:
        there = server.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if there is None:
            server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cpu_share(seconds: float = 0.3) -> float:
    """The share of one core this process got while it spun for ``seconds``: about 1 on
    a quiet machine, less while other processes want the cores too."""
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        pass
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


def load_average() -> float:
    """The system's load over the last minute (0 where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0
