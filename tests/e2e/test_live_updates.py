"""Live updates in the browser: taps pushed to the other phones, with no polling.

The app is served as in production, by an ASGI server (uvicorn, in a thread of
this process), since only that holds a stream open: the live_server fixture is
WSGI, where the pages fall back to polling (tests/e2e/test_live_viewer.py).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from scorepad.live import bus
from tests.e2e.screens import PHONE_WIDTH, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

ON = "[data-live-mode=on]"


@pytest.fixture
def asgi_url(transactional_db: None) -> Iterator[str]:
    """The app served by uvicorn on a free port of loopback, for this test (asked for
    before the pages, so that it stops after them: no stream is left open)."""
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from scorepad.asgi import application

    # Any ASGI application will do (Django only awaits it); django-stubs ask for an ASGIHandler.
    app = ASGIStaticFilesHandler(application)  # type: ignore[arg-type]
    # As scripts/prod runs it: no persistent connections under ASGI, where each request
    # has a thread of its own (one left open would keep the test database from going).
    database = connections["default"].settings_dict
    kept_for, database["CONN_MAX_AGE"] = database["CONN_MAX_AGE"], 0
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, lifespan="off", log_level="warning",
        timeout_graceful_shutdown=1,
    )  # fmt: skip
    server = uvicorn.Server(config)
    loop: dict[str, asyncio.AbstractEventLoop] = {}

    async def serve() -> None:
        loop["it"] = asyncio.get_running_loop()
        await server.serve()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        # The server's own database connections, closed where they were opened (its
        # thread for sync code), so that the test database can be dropped.
        closing = sync_to_async(connections.close_all)()
        asyncio.run_coroutine_threadsafe(closing, loop["it"]).result(10)
        server.should_exit = True
        thread.join(10)
        database["CONN_MAX_AGE"] = kept_for


def phone(browser: Browser) -> Page:
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    return context.new_page()


def short_up(page: Any) -> None:
    page.get_by_label("Game style").select_option("short-up")


def now_text(page: Page) -> str:
    return str(page.locator("#live .now").inner_text())


def test_a_tap_reaches_the_viewer_and_another_keeper_phone_at_once_without_polling(
    asgi_url: str, page: Page, browser: Browser, screenshots: Path
) -> None:
    screens = Screens(page, asgi_url, screenshots)
    screens.game = "live-push"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, options=short_up)
    page.wait_for_selector(ON)
    viewer_link = page.locator("#viewer-link").input_value()

    viewer = phone(browser)
    second_keeper = phone(browser)
    try:
        polls: list[str] = []
        viewer.on("request", lambda r: polls.append(r.url) if r.url.endswith("/") else None)
        viewer.goto(viewer_link)
        second_keeper.goto(f"{asgi_url}/g/{screens.key}/")
        viewer.wait_for_selector(ON)
        second_keeper.wait_for_selector(ON)
        viewer.evaluate("() => { window.notReloaded = true; }")
        polls.clear()
        assert now_text(viewer) == "Now: Bob bids"

        # Longer than a poll's 3 s would take: a tap must come well within it.
        for _ in range(5):
            screen = screens.read()
            if screen.rounds:
                break
            prompt = screen.prompt
            started = time.monotonic()
            screens.choose(screen.allowed()[0])
            after = screens.read()
            if after.rounds:
                break
            viewer.wait_for_function(
                "(text) => document.querySelector('#live .now').textContent.includes(text)",
                arg=after.prompt,
                timeout=2_000,
            )
            second_keeper.wait_for_function(
                "(text) => document.querySelector('#step .prompt').textContent.includes(text)",
                arg=after.prompt,
                timeout=2_000,
            )
            assert time.monotonic() - started < 2.5, prompt

        # The round's end reaches the viewer's totals and its sheet, which polling never
        # updated.
        viewer.wait_for_function(
            "() => document.querySelector('#live .totals caption').textContent"
            ".includes('after round 1')"
        )
        viewer.wait_for_function(
            "() => document.querySelectorAll('#viewer-sheet tbody tr').length > 0"
            " && document.querySelector('#viewer-sheet').textContent.includes('1')"
        )
        keeper_totals = [row.total for row in screens.read().rows]
        shown = viewer.locator("#live .totals tbody td.num").all_inner_texts()
        assert [int(text.split()[0]) for text in shown] == keeper_totals
        assert viewer.evaluate("() => window.notReloaded") is True
        assert polls == [], "the viewer polled while its stream was up"
        viewer.screenshot(path=str(screenshots / "live-push-viewer.png"), full_page=True)
        second_keeper.screenshot(path=str(screenshots / "live-push-second-keeper.png"))
    finally:
        viewer.context.close()
        second_keeper.context.close()


def test_a_viewer_whose_stream_was_cut_says_so_and_resumes_with_what_it_missed(
    asgi_url: str, page: Page, browser: Browser, screenshots: Path, settings: Any
) -> None:
    screens = Screens(page, asgi_url, screenshots)
    screens.game = "live-resume"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0, options=short_up)
    viewer_link = page.locator("#viewer-link").input_value()

    viewer = phone(browser)
    try:
        viewer.goto(viewer_link)
        viewer.wait_for_selector(ON)
        # The network cut: the stream ends (the server ends it at once, as after its
        # time), reconnecting fails, and no poll gets through either.
        viewer.route("**/*", lambda route: route.abort())
        settings.LIVE_STREAM_SECONDS = 0.01
        bus.wake_all()
        viewer.wait_for_selector("[data-live-mode=lost]")
        note = viewer.locator(".live-status")
        note.wait_for(state="visible")
        assert "Reconnecting" in note.inner_text()
        settings.LIVE_STREAM_SECONDS = 30 * 60

        # Meanwhile the keeper enters two bids.
        screens.choose(screens.read().allowed()[0])
        screens.choose(screens.read().allowed()[0])
        missed = screens.read().prompt
        viewer.screenshot(path=str(screenshots / "live-resume-cut.png"))
        assert missed not in now_text(viewer)

        # Back: only the stream may get through, and it brings the state at once.
        viewer.unroute("**/*")
        viewer.route("**/v/*/", lambda route: route.abort())
        viewer.wait_for_selector(ON, timeout=8_000)
        viewer.wait_for_function(
            "(text) => document.querySelector('#live .now').textContent.includes(text)",
            arg=missed,
            timeout=3_000,
        )
        assert note.is_hidden()
        viewer.screenshot(path=str(screenshots / "live-resume-back.png"))
    finally:
        viewer.context.close()
