"""Scorepad's settings, read from environment variables.

Every variable has a safe default for production (DEBUG is off unless set: a
local run sets DEBUG=true, as scripts/serve does); a bad value fails loudly at
start-up rather than quietly meaning something else. docs/deployment.md lists them.
With nothing set, a local install still runs every command: its secret key is made
once and kept in .scorepad/secret_key (see ``secret_key``).
"""

import logging
import os
import secrets
import warnings
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str | None = None) -> str:
    """The variable's value, or the default; with no default it must be set."""
    value = os.environ.get(name)
    if value is None or value == "":
        if default is None:
            raise ImproperlyConfigured(f"The environment variable {name} must be set.")
        return default
    return value


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"The environment variable {name} is true or false (1/0, yes/no, on/off), not {value!r}."
    )


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; empty items are an error (a typo like "a,,b")."""
    value = os.environ.get(name, "").strip()
    if value == "":
        return default
    items = [item.strip() for item in value.split(",")]
    if any(item == "" for item in items):
        raise ImproperlyConfigured(
            f"The environment variable {name} is a comma-separated list with no empty items, "
            f"not {value!r}."
        )
    return items


def env_int(name: str, default: int) -> int:
    """A whole number of zero or more."""
    value = os.environ.get(name, "").strip()
    if value == "":
        return default
    if not (value.isascii() and value.isdigit()):
        raise ImproperlyConfigured(
            f"The environment variable {name} is a whole number (0 or more), not {value!r}."
        )
    return int(value)


def postgres_database(url: str) -> dict[str, Any]:
    """Django's DATABASES entry for postgres://user:password@host:port/name?sslmode=require.

    Query parameters go to the driver as they are (libpq's connection parameters).
    """
    bad = f"DATABASE_URL is postgres://user:password@host:port/name, not {url!r}."
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise ImproperlyConfigured(bad + " Only PostgreSQL is read from a URL; see SQLITE_PATH.")
    name = unquote(parts.path.removeprefix("/"))
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured(bad + " The port is not a number.") from None
    if not parts.hostname or not name or "/" in name:
        raise ImproperlyConfigured(bad + " It needs a host and a database name.")
    try:
        options = dict(parse_qsl(parts.query, keep_blank_values=True, strict_parsing=True))
    except ValueError:
        raise ImproperlyConfigured(bad + " The part after ? is not name=value&...") from None
    # A database out of reach is said within seconds (libpq waits for ever by default).
    options.setdefault("connect_timeout", str(env_int("DATABASE_WAIT_SECONDS", 5)))
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": unquote(parts.hostname),
        "PORT": str(port or ""),
        "OPTIONS": options,
        # Keep connections open between requests, and check one before reusing it.
        "CONN_MAX_AGE": env_int("CONN_MAX_AGE", 60),
        "CONN_HEALTH_CHECKS": True,
    }


def sqlite_database(path: Path) -> dict[str, Any]:
    """SQLite tuned for several processes at once: readers never wait for the writer (WAL),
    and a write transaction takes the lock when it starts (IMMEDIATE), waiting up to 5 s
    for another writer instead of failing half-way with "database is locked".

    ``synchronous=FULL``: each commit is on the disk before its answer is sent, so a
    power cut loses no tap a phone was told was saved (with NORMAL, WAL mode may lose
    the last commits). It costs a tap some 3.5 ms here (10.6 ms against 14.1 ms, the
    same run: docs/dev/performance.md, "SQLite and a power cut")."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=5000;"
            ),
        },
        # Keep the connection between requests too: opening one runs the PRAGMAs,
        # and closing the last one checkpoints the WAL, ~3 ms a request (python -m bench).
        "CONN_MAX_AGE": env_int("CONN_MAX_AGE", 60),
        "CONN_HEALTH_CHECKS": True,
        # Tests use a file too, not Django's shared in-memory database: its table
        # locks fail at once instead of waiting, so two phones racing (tests/web/
        # test_concurrency.py) would not meet the WAL and busy timeout they meet live.
        "TEST": {"NAME": str(path.with_name(f"test-{path.name}"))},
    }


# Off unless asked for: a server started with no settings at all must not show
# tracebacks and settings to the world. scripts/serve turns it on for a local run.
DEBUG = env_bool("DEBUG", False)


def local_secret_key(path: Path) -> str:
    """The key kept in ``path`` (mode 0600), made the first time it is asked for.

    Made in a file of its own and then linked into place, so that two processes
    starting at once (gunicorn's workers) cannot both make one: the second to link
    finds the first's file and reads it.
    """
    try:
        if not path.exists():
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            made = path.with_name(f".{path.name}.{os.getpid()}")
            descriptor = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w") as file:
                file.write(secrets.token_urlsafe(50) + "\n")
            try:
                os.link(made, path)
            except FileExistsError:
                pass
            finally:
                made.unlink()
        key = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ImproperlyConfigured(
            f"SECRET_KEY is not set, and the local key file {path} cannot be made or read "
            f"({error.strerror or error}): set SECRET_KEY or SECRET_KEY_FILE."
        ) from None
    if len(key) < 50:
        raise ImproperlyConfigured(
            f"The local key file {path} holds no key of 50 or more characters: "
            "delete it to have one made, or set SECRET_KEY."
        )
    return key


def secret_key() -> str:
    """SECRET_KEY when set. Otherwise a local run's: with DEBUG a fixed, insecure one;
    without, for a local install or a home server (scripts/home), a random key made
    once and kept in SECRET_KEY_FILE (.scorepad/secret_key). A server that names its
    hosts (ALLOWED_HOSTS, as production does) must set SECRET_KEY itself: several
    servers share one, and a key made on one disk would differ from the others'."""
    key = os.environ.get("SECRET_KEY", "")
    if key:
        return key
    if DEBUG:
        return "django-insecure-scorepad-local-only"
    if os.environ.get("ALLOWED_HOSTS", "").strip():
        raise ImproperlyConfigured(
            "The environment variable SECRET_KEY must be set. (A server that sets "
            "ALLOWED_HOSTS is a production one: it gets no key made for it.)"
        )
    return local_secret_key(
        Path(env_str("SECRET_KEY_FILE", str(BASE_DIR / ".scorepad/secret_key")))
    )


SECRET_KEY = secret_key()

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"] if DEBUG else []
)
# `scripts/serve --lan` sets this to the laptop's LAN address and name (scorepad/guards/lan.py),
# so the phones at the table are not refused with a 400 DisallowedHost.
ALLOWED_HOSTS += env_list("SCOREPAD_LAN_HOSTS", [])

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
    "django_htmx",
    # The sign-in limit (see AXES_* below).
    "axes",
    "scorepad",
]

# HTML (and JSON) answers gzipped for browsers that accept it; static files are
# whitenoise's, compressed ahead (and answered before this middleware is reached).
# Django's GZipMiddleware pads each answer at random against BREACH. Off where a
# proxy in front compresses answers itself.
GZIP_RESPONSES = env_bool("GZIP_RESPONSES", True)

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "scorepad.guards.middleware.opener_policy",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The CPU one address may ask for (each process's count): static files go before it.
    "scorepad.guards.middleware.cpu_budget",
    # After it: a page over its budget is refused before it waits for a place.
    "scorepad.guards.middleware.TableFirst",
    *(["django.middleware.gzip.GZipMiddleware"] if GZIP_RESPONSES else []),
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the sessions and before CommonMiddleware, as Django's docs place it.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Before the session's own (listed above, so run after it on the way out):
    # a browser's id and its session slide with use (scorepad/guards/browsers.py).
    "scorepad.guards.browsers.browser_middleware",
    "scorepad.guards.middleware.private_pages",
    # A view that lost its database answers 503, try again (not 500).
    "scorepad.guards.middleware.DatabaseOutOfReach",
    # Last: it turns a sign-in refused for too many failures into the 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorepad.urls"
WSGI_APPLICATION = "scorepad.wsgi.application"
ASGI_APPLICATION = "scorepad.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
            ],
        },
    },
]

# PostgreSQL when DATABASE_URL is set (several app servers can share it), else SQLite.
_database_url = os.environ.get("DATABASE_URL", "").strip()
DATABASES = {
    "default": (
        postgres_database(_database_url)
        if _database_url
        else sqlite_database(Path(env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))))
    )
}
# Under ASGI (scripts/prod: uvicorn's workers) each request's sync code runs in a thread
# of its own, which Django's persistent connections do not suit (its docs say so):
# scripts/prod and scripts/home set CONN_MAX_AGE=0, and each process keeps a pool of
# connections instead, DATABASE_POOL_SIZE at most: psycopg's on PostgreSQL, ours on
# SQLite (scorepad/sqlite). The bench runs the same (bench/env.py).
DATABASE_POOL = env_bool("DATABASE_POOL", False)
if DATABASE_POOL and _database_url:
    from psycopg_pool import ConnectionPool

    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 1,
        "max_size": env_int("DATABASE_POOL_SIZE", 10),
        # A request waits this long for a connection, not psycopg's 30 s: with the
        # database dropping connections, a tap hung 30 s before its 503 (issue 50).
        "timeout": float(env_int("DATABASE_WAIT_SECONDS", 5)),
        # Each connection checked as it is handed out (one round trip), so that one the
        # database dropped meanwhile is replaced, not failed with.
        "check": ConnectionPool.check_connection,
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif DATABASE_POOL:
    # SQLite: each process keeps its connections to hand out again (scorepad/sqlite),
    # DATABASE_POOL_SIZE at most, so that a request costs no connection's opening.
    DATABASES["default"]["ENGINE"] = "scorepad.sqlite"
    DATABASES["default"]["OPTIONS"]["kept"] = env_int("DATABASE_POOL_SIZE", 10)
    DATABASES["default"]["CONN_MAX_AGE"] = 0
# A test run's own database, so that two runs against one server do not meet
# (DATABASE_URL=... TEST_DATABASE_NAME=test_ann pytest).
_test_database = env_str("TEST_DATABASE_NAME", "")
if _test_database:
    DATABASES["default"]["TEST"] = {"NAME": _test_database}

# One cache for every process and server, kept in the database itself (no extra
# service): the request limits (scorepad/guards/throttle.py) and the PDFs are shared by
# all of them. `migrate` makes its tables (migration 0011 runs `createcachetable`).
CACHES: dict[str, dict[str, Any]] = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "scorepad_cache",
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    },
    # The PDFs drawn (scorepad/printing/pdf.py), apart: the oldest make room for new ones
    # without ever pushing out a request limit's count.
    "pdfs": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "scorepad_pdf_cache",
        "TIMEOUT": 7 * 24 * 60 * 60,
        "OPTIONS": {"MAX_ENTRIES": env_int("PDF_CACHE_ENTRIES", 500)},
    },
    # Parts of pages drawn once a game's version (the score sheet's rows), in each
    # worker's memory: a key names the version, so a kept part is never out of date.
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "scorepad-fragments",
        "TIMEOUT": 24 * 60 * 60,
        "OPTIONS": {"MAX_ENTRIES": env_int("FRAGMENT_CACHE_ENTRIES", 300)},
    },
}
# Games one address may start in an hour (setup's Start, Play again): far more than
# any table plays, and a bound on a script that would fill the database. 0: no limit.
GAMES_STARTED_PER_HOUR = env_int("GAMES_STARTED_PER_HOUR", 60)
# How many PDFs the server draws at once (each takes one worker for up to seconds);
# more wait their turn, PDF_WAIT_SECONDS at most (a table asking for the finished
# game's PDF together gets the one drawn first), PDF_WAITING of them in each process,
# then are refused with a 503 for a moment. Keep it below gunicorn's workers.
PDF_DRAWS_AT_ONCE = env_int("PDF_DRAWS_AT_ONCE", 1)
PDF_WAIT_SECONDS = env_int("PDF_WAIT_SECONDS", 10)
PDF_WAITING = env_int("PDF_WAITING", 16)

# Live updates (scorepad/live/, scorepad/views/live.py): each screen watching a game
# keeps one stream open (server-sent events). Bounded per server process, per address
# (429 past it), so that nobody can hold all of a server's connections; and per link:
# the keeper's link and each seat's have LIVE_STREAMS_PER_PHONE places of their own
# (its table and sheet, on a second phone or tab, a stream opened again before the old
# one was seen closed; six, a browser's connections to one server), which no other
# link can take; a link that opens more loses its oldest.
LIVE_STREAMS_PER_ADDRESS = env_int("LIVE_STREAMS_PER_ADDRESS", 20)
LIVE_STREAMS_PER_PHONE = env_int("LIVE_STREAMS_PER_PHONE", 6)
# The viewer link's streams of one game, apart from those (the link may be passed on).
LIVE_VIEWER_STREAMS_PER_GAME = env_int("LIVE_VIEWER_STREAMS_PER_GAME", 30)
# A comment line this often keeps proxies from closing a quiet stream.
LIVE_HEARTBEAT_SECONDS = env_int("LIVE_HEARTBEAT_SECONDS", 20)
# A stream ends after this long and the browser opens a new one at once (0: never):
# after a deploy or a new server, streams spread over the servers again.
LIVE_STREAM_SECONDS = env_int("LIVE_STREAM_SECONDS", 30 * 60)

# The CPU one address may ask of each server process (scorepad/guards/throttle.py, CpuBudget):
# ADDRESS_CPU_SECONDS at once (0: no budget), then ADDRESS_CPU_SECONDS_A_MINUTE; and
# ADDRESS_REQUESTS_AT_ONCE requests being answered at once (0: no bound). A family's
# play costs a second or two a minute; importing 200 games, some 8 seconds.
ADDRESS_CPU_SECONDS = env_int("ADDRESS_CPU_SECONDS", 15)
ADDRESS_CPU_SECONDS_A_MINUTE = env_int("ADDRESS_CPU_SECONDS_A_MINUTE", 5)
ADDRESS_REQUESTS_AT_ONCE = env_int("ADDRESS_REQUESTS_AT_ONCE", 4)

# The table first (scorepad/guards/middleware.py, ``table_first``): of the pages that cost the
# most (history, statistics, exports, imports, PDFs, the home page, signing in), each
# process answers COSTLY_AT_ONCE at once, whoever asks; the others wait their turn up to
# COSTLY_WAIT_SECONDS, then a 503 says to try again. Taps, tables, seats and streams
# never wait for them. 0: no bound.
COSTLY_AT_ONCE = env_int("COSTLY_AT_ONCE", 1)
COSTLY_WAIT_SECONDS = env_int("COSTLY_WAIT_SECONDS", 15)

# The production server's worker (scorepad/guards/worker.py) guards its connections: a
# request's headers must all come within REQUEST_HEADERS_SECONDS of the connection's
# opening (or its last answer), and its body may pause no longer; one address holds
# at most CONNECTIONS_PER_ADDRESS connections in each worker (0: no bound), above the
# streams it may hold (LIVE_STREAMS_PER_ADDRESS) and a browser's six connections.
REQUEST_HEADERS_SECONDS = env_int("REQUEST_HEADERS_SECONDS", 5)
CONNECTIONS_PER_ADDRESS = env_int("CONNECTIONS_PER_ADDRESS", 50)
# Requests a second one address may send each worker (five seconds' worth at once:
# a page and its files); past it a 503 before Django. 0: no bound.
ADDRESS_REQUESTS_PER_SECOND = env_int("ADDRESS_REQUESTS_PER_SECOND", 20)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Eight spaces are eight characters, but not a password.
    {"NAME": "scorepad.guards.passwords.NotBlankValidator"},
]

AUTHENTICATION_BACKENDS = [
    # First: it refuses a sign-in while the name is locked out, before any password check.
    "axes.backends.AxesStandaloneBackend",
    # A name signs in however it is written: "Ann", "ANN", "ａｎｎ" are the same account.
    "scorepad.guards.signin.AnyCaseBackend",
]

# The sign-in limit (django-axes): 5 failed sign-ins for one name from one address
# lock that pair out for 15 minutes; each try while locked starts the 15 again.
# The name is counted as Django signs it in: NFKC-normalised and case-folded.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "scorepad.guards.signin.username_key"
AXES_RESET_ON_SUCCESS = True
# Counts a try before its password is checked, so simultaneous tries meet the limit.
AXES_HANDLER = "scorepad.guards.signin.CountingFirstHandler"
AXES_LOCKOUT_CALLABLE = "scorepad.views.accounts.locked_out"
# The client as every limit counts it (REMOTE_ADDR, an IPv6 /64 as one): a
# forwarded-for header is whatever the client says.
AXES_CLIENT_IP_CALLABLE = "scorepad.guards.clients.client"
# Failed sign-ins are kept (the lockouts), successful ones are not logged.
AXES_DISABLE_ACCESS_LOG = True
AXES_ENABLE_ADMIN = False

# English by default; Dutch for browsers that ask for it (Accept-Language) or for
# whoever picks it in the header's switch (remembered in Django's language cookie).
# A third language: add it here and see docs/dev/translating.md.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# whitenoise answers a static file with a file, which Django's ASGI handler (uvicorn:
# scripts/serve, scripts/home) reads in a thread, warning once a process that it would
# rather have an asynchronous iterator: nothing to act on, so not shown.
warnings.filterwarnings(
    "ignore",
    message="StreamingHttpResponse must consume synchronous iterators",
    module="django.core.handlers.asgi",
)

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# Hashed, compressed names need `collectstatic`; a DEBUG run and the tests go without.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Security. Production (DEBUG off) is secure by default; each setting can be
# turned off from the environment, e.g. when a proxy already redirects to HTTPS.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
# Browsers remember to use HTTPS only for a year (set 0 while trying HTTPS out).
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
# Behind a proxy that ends TLS, name the header it sets (X-Forwarded-Proto): a
# request is then HTTPS when that header says "https". Only trust a proxy that
# always sets or strips it, so opt in.
_proxy_ssl_header = env_str("SECURE_PROXY_SSL_HEADER", "")
if _proxy_ssl_header:
    _header = _proxy_ssl_header.upper().replace("-", "_").removeprefix("HTTP_")
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _header, "https")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
if not all(origin.startswith(("https://", "http://")) for origin in CSRF_TRUSTED_ORIGINS):
    raise ImproperlyConfigured(
        "CSRF_TRUSTED_ORIGINS lists origins with their scheme, like https://scores.example.com."
    )
# A game's link is its key: never send it to another site in a Referer header.
SECURE_REFERRER_POLICY = "same-origin"
# Cross-Origin-Opener-Policy holds only on a potentially trustworthy origin (HTTPS, or
# this machine); the home server's LAN address over plain HTTP would have Chromium log
# that it ignored it on every page. scorepad.guards.middleware.opener_policy sends it where
# it holds, instead of Django's SecurityMiddleware sending it everywhere.
SECURE_CROSS_ORIGIN_OPENER_POLICY = None
OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# A session lasts a year after its last use: scorepad/guards/browsers.py saves it once a
# day, which moves its expiry (saving it at every request would write at every poll).
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60
# htmx sends the token from <body hx-headers>, not from the cookie, but the cookie
# stays readable to scripts as Django's default (HttpOnly would add nothing here).
CSRF_COOKIE_HTTPONLY = False

# Content Security Policy: our own files only, no inline script or style anywhere
# (htmx's indicator <style> is turned off in base.html's htmx-config).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "object-src": [CSP.NONE],
}

# Features no page uses, refused to any script that would ask (the QR code is drawn,
# not scanned: no camera).
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), "
    "magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()"
)

# A form posted with a stale token (say, after signing in or out in another tab)
# gets templates/403_csrf.html, which says so (Django's csrf_failure view finds it).


def _one_line_warning(record: logging.LogRecord) -> bool:
    """A request for a host not in ALLOWED_HOSTS: the visitor's mistake (or a scan),
    answered 400, and no fault of ours: a warning in one line, without the traceback
    Django logs it with as an error."""
    record.exc_info = record.exc_text = None
    record.levelno, record.levelname = logging.WARNING, "WARNING"
    return True


# Errors go to standard error with the request's path (Django's django.request
# logger writes "Internal Server Error: /g/.../enter/" and the traceback); the
# server's log collects it. LOG_LEVEL=INFO shows more.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "filters": {
        "one_line_warning": {
            "()": "django.utils.log.CallbackFilter",
            "callback": _one_line_warning,
        },
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": env_str("LOG_LEVEL", "WARNING")},
    "loggers": {
        # Django's own handlers mail admins (none here) or print only when DEBUG.
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.security.DisallowedHost": {
            "handlers": ["stderr"],
            "filters": ["one_line_warning"],
            "level": "INFO",
            "propagate": False,
        },
    },
}
