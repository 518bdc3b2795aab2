"""`bash scripts/serve`, the README's first command, as a family runs it: live streams.

The script itself is started (set up, migrated, served by uvicorn with its reloader)
on a free port of loopback, with a database of its own, and a game played in
Chromium: the viewer's screen follows each tap on its stream, with no poll.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.e2e.screens import PHONE_WIDTH, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent.parent
ON = "[data-live-mode=on]"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


@contextmanager
def started(args: list[str], folder: Path, **env: str) -> Iterator[tuple[str, Path]]:
    """``bash scripts/serve ARGS`` (or ``scripts/home`` for ARGS ``["home"]``) on a free
    port, until it answers: its URL and log. Stopped afterwards (its whole process group:
    the reloader or gunicorn, and their servers)."""
    port = free_port()
    log = folder / "serve.log"
    settings = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "DATABASE_URL", "ALLOWED_HOSTS", "DJANGO_SETTINGS_MODULE"}
    }
    settings.update(PORT=str(port), SQLITE_PATH=str(folder / "db.sqlite3"), **env)
    with log.open("w") as out:
        server = subprocess.Popen(
            ["/bin/bash", str(ROOT / "scripts" / "home")]
            if args == ["home"]
            else ["/bin/bash", str(ROOT / "scripts" / "serve"), *args],
            cwd=ROOT,
            env=settings,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # setup and migrate first
        while not answers(f"{url}/"):
            assert server.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.5)
        yield url, log
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(5)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    with started([], tmp_path) as server:
        yield server


def phone(browser: Browser) -> Page:
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    return context.new_page()


def test_the_first_command_pushes_each_tap_to_the_viewer_on_a_stream_without_polling(
    served: tuple[str, Path], browser: Browser, screenshots: Path
) -> None:
    url, log = served
    keeper, viewer = phone(browser), phone(browser)
    try:
        screens = Screens(keeper, url, screenshots)
        screens.set_up(
            "oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, shot_as="serve-live"
        )
        keeper.wait_for_selector(ON)
        requests: list[str] = []
        # Static files (a script the round's end brings) are no poll.
        viewer.on(
            "request",
            lambda request: None if "/static/" in request.url else requests.append(request.url),
        )
        viewer.goto(keeper.locator("#viewer-link").input_value())
        viewer.wait_for_selector(ON)
        requests.clear()

        for _ in range(3):
            started_at = time.monotonic()
            after = screens.choose(screens.read().allowed()[0])
            viewer.wait_for_function(
                "(text) => document.querySelector('#live .now').textContent.includes(text)",
                arg=after.prompt,
                timeout=2_500,  # a poll comes every 3 s: this is the stream
            )
            assert time.monotonic() - started_at < 2.5

        assert requests == [], "the viewer asked the server while its stream was up"
        assert viewer.locator("[data-live]").get_attribute("data-live-mode") == "on"
        viewer.screenshot(path=str(screenshots / "serve-live-viewer.png"))
    finally:
        keeper.context.close()
        viewer.context.close()
    served_log = log.read_text()
    assert "Uvicorn running on http://127.0.0.1:" in served_log
    assert "using WatchFiles" in served_log  # templates and translations reload too


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def test_on_the_lan_it_runs_with_debug_off_and_streams_too(
    tmp_path: Path, browser: Browser, screenshots: Path
) -> None:
    from scorepad.guards import lan

    addresses = lan.lan_addresses()
    if not addresses:
        pytest.skip("this machine has no LAN address: scripts/serve --lan stops, saying so")
    # Asked for DEBUG: the Wi-Fi still gets none.
    with started(["--lan"], tmp_path, DEBUG="true", SECRET_KEY_FILE=str(tmp_path / "key")) as (
        url,
        log,
    ):
        at_start = log.read_text()
        missing, page = get(f"{url}/nonexistent/")
        lan_status, home = get(f"{url}/", host=f"{addresses[0]}:{url.rsplit(':', 1)[1]}")
        other_host, _ = get(f"{url}/", host="evil.example.com")
        stylesheet = home.split('href="/static/css/scorepad.', 1)[1].split('"', 1)[0]
        css, _ = get(f"{url}/static/css/scorepad.{stylesheet}")

        keeper = phone(browser)
        try:
            screens = Screens(keeper, url, screenshots)
            screens.set_up(
                "oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, shot_as="serve-lan"
            )
            keeper.wait_for_selector(ON)
        finally:
            keeper.context.close()

    assert "--lan runs with DEBUG off" in at_start
    assert f"Phones on the same Wi-Fi: open http://{addresses[0]}:" in at_start
    assert at_start.rstrip().endswith("Ctrl+C stops Scorepad.")  # the server says nothing more
    # A database never set up, in one line: none for each migration, no "no issues".
    assert "scripts/serve: bringing the database up to date (manage.py migrate)" in at_start
    assert "Applying " not in at_start and "System check" not in at_start
    assert "0.0.0.0" not in at_start
    assert missing == 404
    assert "URLconf" not in page and "scorepad.urls" not in page  # no debug page
    assert (lan_status, other_host) == (200, 400)
    assert len(stylesheet.split(".")) == 2 and css == 200  # scorepad.<hash>.css, collected
    assert (tmp_path / "key").exists()  # DEBUG off: a key of its own, kept


def test_home_prints_the_address_last_and_logs_each_request(tmp_path: Path) -> None:
    from scorepad.guards import lan

    if not lan.lan_addresses():
        pytest.skip("this machine has no LAN address: scripts/home stops, saying so")
    with started(
        ["home"], tmp_path, WEB_CONCURRENCY="1", SECRET_KEY_FILE=str(tmp_path / "key")
    ) as (url, log):
        time.sleep(1)  # the worker's own start, were it to say anything
        at_start = log.read_text()
        missing, page = get(f"{url}/nonexistent/")
        time.sleep(0.5)

    after_address = at_start.split("Phones on the same Wi-Fi: open http://", 1)[1]
    assert "serving on port" in at_start.split("Phones on the same Wi-Fi")[0]
    # Before it, one line a step, on a database never set up: no line for each
    # migration, no "System check identified no issues", no setuptools warning.
    steps = [line for line in at_start.split("Phones on the same Wi-Fi")[0].splitlines() if line]
    assert "scorepad: bringing the database up to date (manage.py migrate)" in steps
    assert all(line.startswith(("scripts/setup: ", "scorepad: ")) for line in steps), steps
    # Only the QR code, the other addresses and this test's own request (which asked
    # whether it answered) follow: no "Listening at: http://0.0.0.0".
    assert all(
        line.startswith("If it does not open, try")
        or set(line) <= set("█▀▄ ")
        or re.fullmatch(r'127\.0\.0\.1:\d+ - "GET / HTTP/1\.1" 200', line)
        for line in after_address.splitlines()[1:]
    ), after_address
    assert "0.0.0.0" not in at_start
    assert missing == 404 and "URLconf" not in page
    assert '"GET /nonexistent/ HTTP/1.1" 404' in log.read_text()  # gunicorn's access log
