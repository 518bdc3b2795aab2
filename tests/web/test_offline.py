"""Installable and usable with bad reception: the manifest, the service worker (served at
the root with the headers its scope needs), the offline page, and the script that keeps
taps made offline (tested in a browser: tests/e2e/test_offline.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from django.contrib.staticfiles import finders
from django.test import Client

from scorepad.models import Game
from tests.conftest import ROUND_1, bid

Stored = Callable[[Game], dict[str, Any]]


def test_every_page_links_the_manifest_and_the_script_from_static_files(client: Client) -> None:
    text = client.get("/").text

    assert '<link rel="manifest" href="/manifest.webmanifest">' in text
    assert re.search(r'<script src="/static/js/keep[^"]*\.js" defer></script>', text)


def test_the_manifest_makes_scorepad_installable(client: Client) -> None:
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_the_service_worker_is_served_for_the_whole_site_and_checked_every_visit(
    client: Client,
) -> None:
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", response.text).group(1))  # type: ignore[union-attr]
    assert "/static/js/keep.js" in files and "/static/css/scorepad.css" in files
    for url in files:
        assert finders.find(url.removeprefix("/static/")), url
    assert 'const OFFLINE = "/offline/";' in response.text


def test_the_offline_page_says_nothing_entered_is_lost(client: Client) -> None:
    response = client.get("/offline/")

    assert response.status_code == 200
    assert "No connection" in response.text
    assert "waits on this phone" in response.text


def test_the_script_is_all_in_static_files_no_inline_script(client: Client) -> None:
    for url in ("/", "/games/", "/offline/"):
        text = client.get(url).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), url
        assert "style=" not in text


# A tap sent again by keep.js after its request failed: the server says whether it was
# in fact entered the first time (its answer lost on the way), and refuses it plainly if not.

REPLAY = {"HX-Request": "true", "Scorepad-Replay": "1"}
CHANGED = "A tap made without a connection was not entered: the game had changed meanwhile"


def tap(game: Game, kind: str, seat: int, value: int, version: int | None = None) -> dict[str, Any]:
    return {"version": game.version if version is None else version, "kind": kind,
            "seat": seat, "value": value}  # fmt: skip


def test_a_tap_sent_again_after_its_answer_was_lost_is_answered_as_entered_once(
    client: Client, new_game: Game
) -> None:
    url = f"/g/{new_game.key}/enter/"
    bob = tap(new_game, "bid", 1, 3)
    assert client.post(url, bob, headers={"HX-Request": "true"}).status_code == 200  # answer lost

    again = client.post(url, bob, headers=REPLAY)

    assert again.status_code == 200
    assert again["Scorepad-Tap"] == "entered-before"
    assert '<h2 class="prompt">Cat bids</h2>' in again.text
    assert "already entered" not in again.text and CHANGED not in again.text
    new_game.refresh_from_db()
    assert new_game.pending == [bid(1, 3)]
    assert new_game.version == 4


def test_a_tap_that_ended_the_round_sent_again_is_answered_as_entered_once(
    client: Client, hooked_game: Game
) -> None:
    url = f"/g/{hooked_game.key}/enter/"
    client.post(url, tap(hooked_game, "bid", 0, 3))
    for seat, tricks in [(1, 4), (2, 2)]:
        hooked_game.refresh_from_db()
        client.post(url, tap(hooked_game, "tricks", seat, tricks))
    hooked_game.refresh_from_db()
    last = tap(hooked_game, "tricks", 3, 1)
    client.post(url, last)  # the round ends; its answer lost

    again = client.post(url, last, headers=REPLAY)

    assert again["Scorepad-Tap"] == "entered-before"
    hooked_game.refresh_from_db()
    assert hooked_game.record["rounds"] == [ROUND_1]
    assert hooked_game.pending == []
    assert hooked_game.version == 9


def test_a_tap_sent_again_after_another_phone_entered_something_else_is_refused_plainly(
    client: Client, new_game: Game, stored: Stored
) -> None:
    url = f"/g/{new_game.key}/enter/"
    client.post(url, tap(new_game, "bid", 1, 2))  # the other phone: Bob bids 2
    before = stored(new_game)

    again = client.post(url, tap(new_game, "bid", 1, 3, version=3), headers=REPLAY)

    assert again.status_code == 409
    assert "Scorepad-Tap" not in again
    assert CHANGED in again.text
    assert "already entered" not in again.text  # one message, not two
    assert stored(new_game) == before


def test_a_tap_sent_again_after_an_undo_is_refused(
    client: Client, new_game: Game, stored: Stored
) -> None:
    url = f"/g/{new_game.key}/enter/"
    bob = tap(new_game, "bid", 1, 3)
    client.post(url, bob)
    client.post(f"/g/{new_game.key}/undo/", {"version": 4})  # taken back: version 5
    client.post(url, tap(new_game, "bid", 1, 3, version=5))  # and entered again: 6
    before = stored(new_game)

    again = client.post(url, bob, headers=REPLAY)  # made at 3: two changes ago

    assert again.status_code == 409
    assert CHANGED in again.text
    assert stored(new_game) == before


def test_a_tap_sent_again_right_after_an_undo_of_it_is_refused_not_entered(
    client: Client, new_game: Game, stored: Stored
) -> None:
    url = f"/g/{new_game.key}/enter/"
    client.post(url, tap(new_game, "bid", 1, 3))
    client.post(f"/g/{new_game.key}/undo/", {"version": 4})
    before = stored(new_game)

    again = client.post(url, tap(new_game, "bid", 1, 3, version=4), headers=REPLAY)

    assert again.status_code == 409
    assert stored(new_game) == before


def test_a_double_tap_not_sent_again_by_the_phone_is_still_refused_as_before(
    client: Client, new_game: Game
) -> None:
    url = f"/g/{new_game.key}/enter/"
    bob = tap(new_game, "bid", 1, 3)
    client.post(url, bob)

    second = client.post(url, bob, headers={"HX-Request": "true"})

    assert second.status_code == 409
    assert "Scorepad-Tap" not in second
    assert "That was already entered (a double tap" in second.text


def test_an_undo_sent_again_from_an_older_screen_is_refused_in_a_replays_words(
    client: Client, hooked_game: Game
) -> None:
    response = client.post(f"/g/{hooked_game.key}/undo/", {"version": 4}, headers=REPLAY)

    assert response.status_code == 409
    assert CHANGED in response.text


def test_the_worker_and_the_script_keep_the_tables_in_the_same_cache_across_versions(
    client: Client,
) -> None:
    worker = client.get("/sw.js").text
    path = finders.find("js/keep.js")
    assert isinstance(path, str)
    with open(path, encoding="utf-8") as script:
        kept = script.read()

    assert 'const TABLES = "scorepad-tables";' in worker
    assert 'const TABLES = "scorepad-tables";' in kept
    # A new version of the worker deletes the old static files, not the tables.
    assert "const kept = [CACHE, TABLES];" in worker


def test_the_offline_page_knows_its_own_address_to_try_again_the_page_asked_for(
    client: Client,
) -> None:
    text = client.get("/offline/").text

    assert 'id="offline" data-path="/offline/"' in text
    assert 'id="try-again"' in text
