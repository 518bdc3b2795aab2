"""The scoring CLI's words where they reach a phone: a record Notepad saved (a byte order
mark, UTF-16) imports as it is, and a broken one is refused in one sentence a player
reads, never in Python's words (True, None, nan, "decode using utf-8-sig")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from scorepad.models import Game
from tests.five_games import OH_HELL

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.e2e


def upload(page: Page, live_server: LiveServer, path: Path) -> None:
    page.goto(f"{live_server.url}/games/import/")
    page.locator("input[type=file]").set_input_files(str(path))
    page.get_by_role("button", name="Import").tap()
    page.wait_for_load_state()


def test_a_record_notepad_saved_imports_and_a_broken_one_is_refused_in_words(
    page: Page, live_server: LiveServer, tmp_path: Path, screenshots: Path
) -> None:
    notepad = tmp_path / "notepad.json"
    notepad.write_bytes(b"\xff\xfe" + json.dumps(OH_HELL, indent=2).encode("utf-16-le"))
    upload(page, live_server, notepad)
    page.wait_for_url("**/g/*/**")
    assert Game.objects.count() == 1

    broken: dict[str, Any] = {**OH_HELL, "options": {"hook": True}}
    path = tmp_path / "broken.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(broken).encode())
    upload(page, live_server, path)
    error = page.locator(".error").first
    assert error.inner_text().split("\n")[-1] == "option hook is one of on, off, leader, not true"
    page.screenshot(path=str(screenshots / "import-refused-in-words.png"), full_page=True)

    digits = tmp_path / "digits.json"
    digits.write_text(
        json.dumps(OH_HELL).replace('"first_dealer": 0', '"first_dealer": 1' + "0" * 5000)
    )
    upload(page, live_server, digits)
    assert page.locator(".error").first.inner_text().split("\n")[-1] == (
        "the file holds a number of 5001 digits: no number in a game record is that long"
    )
    assert Game.objects.count() == 1
