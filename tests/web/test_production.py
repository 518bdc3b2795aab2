"""Production settings: DATABASE_URL, SQLite's WAL mode, and a clean `check --deploy`."""

from __future__ import annotations

import gzip
import importlib
import logging.config
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.utils import ConnectionHandler
from django.test import Client

from scorepad.models import Game
from scorepad.settings import postgres_database, sqlite_database

# The documented production set (docs/deployment.md), nothing else.
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k3Jx-9vQ2mZ_tR7wLp4sHc8yNe1uBa6dGf0oXi5jVq2Kz7WnTr3Ys9Ub",
    "ALLOWED_HOSTS": "scores.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.com",
}
# Variables of ours that the environment running the tests must not slip in.
OURS = {
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER",
    "DATABASE_URL",
    "SQLITE_PATH",
    "GZIP_RESPONSES",
    # Set by the browser tests' conftest for their own process, never in production.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """manage.py in a fresh process, with the production set and ``env`` on top."""
    clean = {k: v for k, v in os.environ.items() if k not in OURS and k not in PRODUCTION}
    # `check` opens the database (Django's JSONField check asks SQLite what it
    # supports): a scratch file, never an empty db.sqlite3 in the project folder.
    with tempfile.TemporaryDirectory(prefix="scorepad-check-") as scratch:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=settings.BASE_DIR,
            env={**clean, **PRODUCTION, "SQLITE_PATH": f"{scratch}/db.sqlite3", **env},
            capture_output=True,
            text=True,
            timeout=60,
        )


@pytest.mark.slow
def test_check_deploy_finds_no_issues_with_the_documented_production_settings() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = manage("check", SECRET_KEY="")

    assert result.returncode != 0
    assert "The environment variable SECRET_KEY must be set." in result.stderr


def test_a_bad_database_url_stops_the_start() -> None:
    result = manage("check", DATABASE_URL="mysql://scores@db/scores")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DATABASE_URL is postgres://user:password@host:port/name" in result.stderr


@pytest.mark.slow
def test_a_proxy_header_is_trusted_only_when_named() -> None:
    show = "from django.conf import settings; print(settings.SECURE_PROXY_SSL_HEADER)"

    assert manage("shell", "--no-imports", "-c", show).stdout.strip() == "None"
    named = manage("shell", "--no-imports", "-c", show, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert named.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')"


@pytest.mark.slow
def test_pages_are_gzipped_unless_a_proxy_in_front_does_it() -> None:
    show = (
        "from django.conf import settings; "
        "print('django.middleware.gzip.GZipMiddleware' in settings.MIDDLEWARE)"
    )

    assert manage("shell", "--no-imports", "-c", show).stdout.strip() == "True"
    off = manage("shell", "--no-imports", "-c", show, GZIP_RESPONSES="off")
    assert off.stdout.strip() == "False"
    bad = manage("shell", "--no-imports", "-c", show, GZIP_RESPONSES="maybe")
    assert bad.returncode != 0 and "GZIP_RESPONSES is true or false" in bad.stderr


def test_a_page_asked_for_gzipped_comes_gzipped_and_reads_the_same(client: Client) -> None:
    plain = client.get("/")
    zipped = client.get("/", headers={"Accept-Encoding": "gzip"})

    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert len(zipped.content) < len(plain.content)
    # The CSRF token and a fresh random padding differ; the page itself does not.
    assert "<h1" in gzip.decompress(zipped.content).decode()


def test_an_unchanged_viewer_polled_gzipped_is_still_a_304(client: Client, new_game: Game) -> None:
    url = f"/v/{new_game.viewer_key}/"
    first = client.get(url, headers={"Accept-Encoding": "gzip", "HX-Request": "true"})
    assert first.headers["Content-Encoding"] == "gzip"

    again = client.get(
        url,
        headers={
            "Accept-Encoding": "gzip",
            "HX-Request": "true",
            "If-None-Match": first.headers["ETag"],
        },
    )

    assert again.status_code == 304


def test_a_database_url_becomes_a_postgresql_database() -> None:
    database = postgres_database("postgres://ann:p%40ss@db.example.com:6432/scores?sslmode=require")

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "scores"
    assert database["USER"] == "ann"
    assert database["PASSWORD"] == "p@ss"
    assert database["HOST"] == "db.example.com"
    assert database["PORT"] == "6432"
    # connect_timeout: a database out of reach is told in seconds (DATABASE_WAIT_SECONDS).
    assert database["OPTIONS"] == {"sslmode": "require", "connect_timeout": "5"}
    assert database["CONN_HEALTH_CHECKS"] is True
    assert database["CONN_MAX_AGE"] == 60


def test_a_database_url_may_leave_out_the_password_and_port() -> None:
    database = postgres_database("postgresql://postgres@127.0.0.1/test")

    assert (database["USER"], database["PASSWORD"], database["PORT"]) == ("postgres", "", "")
    assert database["OPTIONS"] == {"connect_timeout": "5"}


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///db.sqlite3",
        "postgres://db.example.com",
        "postgres://db.example.com/",
        "postgres://ann@/scores",
        "postgres://db.example.com:port/scores",
        "postgres://db.example.com/scores/extra",
        "postgres://db.example.com/scores?sslmode",
        "db.example.com/scores",
    ],
)
def test_a_database_url_that_is_not_postgresql_is_refused(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL is postgres://"):
        postgres_database(url)


def test_sqlite_runs_in_wal_mode_with_immediate_transactions_each_synced_to_disk(
    tmp_path: Path,
) -> None:
    # A file database of its own: the tests' in-memory one has no journal to speak of.
    handler = ConnectionHandler({"default": sqlite_database(tmp_path / "db.sqlite3")})
    connection = handler["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone() == ("wal",)
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone() == (5000,)
            cursor.execute("PRAGMA synchronous")
            assert cursor.fetchone() == (2,)  # FULL: a power cut loses no tap answered
        # django-stubs know SQLite's transaction_modes but not the mode the connection uses.
        assert connection.transaction_mode == "IMMEDIATE"  # type: ignore[attr-defined]
    finally:
        connection.close()


def test_the_cache_is_shared_through_the_database() -> None:
    # Every process and server sees the same counts (the login rate limit).
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


@pytest.mark.slow
def test_debug_is_off_when_unset() -> None:
    show = "from django.conf import settings; print(settings.DEBUG)"

    unset = manage("shell", "--no-imports", "-c", show, DEBUG="")
    on = manage("shell", "--no-imports", "-c", show, DEBUG="true", SECRET_KEY="")

    assert unset.stdout.strip() == "False", unset.stderr
    assert on.stdout.strip() == "True", on.stderr


def test_an_error_goes_to_standard_error_with_the_request_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Configured as at start-up, now that capsys holds standard error.
    logging.config.dictConfig(settings.LOGGING)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in a view")

    monkeypatch.setattr(importlib.import_module("scorepad.views.home"), "render", broken)
    response = Client(raise_request_exception=False).get("/")

    assert response.status_code == 500
    err = capsys.readouterr().err
    assert "ERROR django.request: Internal Server Error: /\n" in err
    assert "RuntimeError: a bug in a view" in err


def locked(lock: str) -> dict[str, str]:
    """name -> version of every package in a lock file, each required to carry hashes."""
    text = (settings.BASE_DIR / lock).read_text()
    pins = dict(re.findall(r"^([a-z0-9._-]+)==(\S+) \\$", text, flags=re.MULTILINE))
    blocks = re.split(r"^(?=[a-z0-9._-]+==)", text, flags=re.MULTILINE)[1:]
    assert all("--hash=sha256:" in block for block in blocks), f"{lock}: a package without hashes"
    return {re.sub(r"[-_.]+", "-", name).lower(): version for name, version in pins.items()}


def names(requirements: list[str]) -> set[str]:
    return {re.sub(r"[-_.]+", "-", re.split(r"[\[<>=~! ;]", r)[0]).lower() for r in requirements}


def test_the_lock_files_pin_every_dependency_of_pyproject_with_hashes() -> None:
    project = tomllib.loads((settings.BASE_DIR / "pyproject.toml").read_text())["project"]
    runtime, dev = locked("requirements.lock"), locked("requirements-dev.lock")

    # Run `bash scripts/lock` after changing pyproject.toml's dependencies.
    assert names(project["dependencies"]) <= set(runtime)
    assert names(project["dependencies"] + project["optional-dependencies"]["dev"]) <= set(dev)
    assert all(dev[name] == version for name, version in runtime.items())


def test_production_installs_only_the_runtime_packages() -> None:
    runtime = locked("requirements.lock")
    prod = (settings.BASE_DIR / "scripts/prod").read_text()

    assert not {"pytest", "playwright", "mypy", "hypothesis", "ruff", "pip-tools"} & set(runtime)
    assert "bash scripts/setup prod\n" in prod
    assert "--require-hashes --requirement" in (settings.BASE_DIR / "scripts/setup").read_text()


@pytest.mark.slow
def test_the_pool_hands_out_checked_connections_and_gives_up_within_seconds() -> None:
    show = (
        "from django.conf import settings; pool = settings.DATABASES['default']['OPTIONS']"
        "['pool']; print(pool['timeout'], pool['check'].__qualname__)"
    )
    pooled = {"DATABASE_URL": "postgres://ann@db.example.com/scores", "DATABASE_POOL": "true"}

    default = manage("shell", "--no-imports", "-c", show, **pooled)
    longer = manage("shell", "--no-imports", "-c", show, DATABASE_WAIT_SECONDS="8", **pooled)

    assert default.stdout.strip() == "5.0 ConnectionPool.check_connection", default.stderr
    assert longer.stdout.strip() == "8.0 ConnectionPool.check_connection", longer.stderr
