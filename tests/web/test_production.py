"""Production settings: DATABASE_URL, SQLite's WAL mode, and a clean `check --deploy`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.utils import ConnectionHandler

from scorepad.settings import postgres_database, sqlite_database

# The documented production set (README, "Production"), nothing else.
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
    # Set by the browser tests' conftest for their own process, never in production.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """manage.py in a fresh process, with the production set and ``env`` on top."""
    clean = {k: v for k, v in os.environ.items() if k not in OURS and k not in PRODUCTION}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**clean, **PRODUCTION, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


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


def test_a_proxy_header_is_trusted_only_when_named() -> None:
    show = "from django.conf import settings; print(settings.SECURE_PROXY_SSL_HEADER)"

    assert manage("shell", "--no-imports", "-c", show).stdout.strip() == "None"
    named = manage("shell", "--no-imports", "-c", show, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert named.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')"


def test_a_database_url_becomes_a_postgresql_database() -> None:
    database = postgres_database("postgres://ann:p%40ss@db.example.com:6432/scores?sslmode=require")

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "scores"
    assert database["USER"] == "ann"
    assert database["PASSWORD"] == "p@ss"
    assert database["HOST"] == "db.example.com"
    assert database["PORT"] == "6432"
    assert database["OPTIONS"] == {"sslmode": "require"}
    assert database["CONN_HEALTH_CHECKS"] is True
    assert database["CONN_MAX_AGE"] == 60


def test_a_database_url_may_leave_out_the_password_and_port() -> None:
    database = postgres_database("postgresql://postgres@127.0.0.1/test")

    assert (database["USER"], database["PASSWORD"], database["PORT"]) == ("postgres", "", "")
    assert database["OPTIONS"] == {}


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


def test_sqlite_runs_in_wal_mode_with_immediate_transactions(tmp_path: Path) -> None:
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
            assert cursor.fetchone() == (1,)  # NORMAL
        assert connection.transaction_mode == "IMMEDIATE"
    finally:
        connection.close()


def test_the_cache_is_shared_through_the_database() -> None:
    # Every process and server sees the same counts (the login rate limit).
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
