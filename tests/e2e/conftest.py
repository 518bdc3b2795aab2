"""Browser tests: real games played by taps in Debian's headless Chromium, phone-sized.

Playwright's Python package drives /usr/bin/chromium (``scripts/browser`` installs
it); nothing is downloaded. Without the browser the tests skip with one line, except
in CI as root, where ``scripts/browser`` must have installed it and they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest
from django.db import connections

from tests.e2e.screens import PHONE_WIDTH, SHOTS, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

# Playwright's sync API runs an event loop in the test's thread, and Django's ORM
# refuses to run in a thread with a running loop unless told it is safe: the
# tests' own database reads and the live server's teardown both need this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _must_run() -> bool:
    """In CI as root, scripts/browser installs Chromium: a missing one is a failure."""
    ci = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}
    return ci and hasattr(os, "geteuid") and os.geteuid() == 0


def _unavailable(reason: str) -> NoReturn:
    if _must_run():
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"no {CHROMIUM} (as root: apt-get install chromium, or bash scripts/browser)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is missing (bash scripts/setup installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        # While Playwright's event loop runs in this thread, Django's connections
        # (asgiref Locals: per context when a loop runs, not per thread) give the
        # tests' own reads and the flushes after them a connection of their own,
        # which nothing else closes: on PostgreSQL it outlived the test database,
        # which then could not be dropped ("test_test is being accessed by other
        # users"). Closed here, with the loop still running, before the database goes.
        connections.close_all()
        launched.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """A fresh folder for this run's screenshots (kept as CI artifacts)."""
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    return SHOTS


@pytest.fixture
def page(browser: Browser, transactional_db: None) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def screens(page: Page, live_server: LiveServer, screenshots: Path) -> Screens:
    return Screens(page, live_server.url, screenshots)
