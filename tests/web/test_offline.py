"""Installable and usable with bad reception: the manifest, the service worker (served at
the root with the headers its scope needs), the offline page, and the script that keeps
taps made offline (tested in a browser: tests/e2e/test_offline.py)."""

from __future__ import annotations

import json
import re

from django.contrib.staticfiles import finders
from django.test import Client


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
