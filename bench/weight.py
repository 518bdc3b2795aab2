"""Bytes: a game screen's first load, everything included (the service worker's
install too: the manifest, the worker and the files it keeps), and each htmx swap.

Static files come as whitenoise serves them with DEBUG off after collectstatic
(brotli for a browser that accepts it). The HTML is counted as Django sends it
(gzipped by GZipMiddleware, unless GZIP_RESPONSES is off) and, for reference, unzipped.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.handlers.wsgi import WSGIHandler

from bench.games import first_tap, game_in_progress, tap_form
from bench.server import start_game
from bench.wsgi import Browser, Reply
from rules_engine import Answer
from scorepad.models import Game

# The games and numbers of players the taps are counted for, and a long game.
SCREENS = [
    ("oh-hell", 3, 1),
    ("oh-hell", 4, 1),
    ("oh-hell", 6, 1),
    ("brink-bid", 3, 1),
    ("brink-bid", 4, 1),
    ("brink-bid", 6, 1),
    ("boerenbridge", 4, 1),
    ("boerenbridge", 4, 30),
]
# What a browser fetches at once: style sheets (print ones too, at low priority),
# the icon, scripts, and images that are not lazy.
ASSETS = re.compile(r'<(?:link[^>]+rel="(?:stylesheet|icon)"[^>]*href|script[^>]+src)="([^"]+)"')
IMAGES = re.compile(r"<img\b[^>]*>")


def assets(html: str) -> list[str]:
    found = ASSETS.findall(html)
    for img in IMAGES.findall(html):
        src = re.search(r'src="([^"]+)"', img)
        if src and 'loading="lazy"' not in img:
            found.append(src.group(1))
    return found


def first_load(browser: Browser, url: str) -> dict[str, Any]:
    page = browser.get(url)
    assert page.status == 200, (url, page.status)
    files: dict[str, dict[str, Any]] = {}
    for asset in assets(page.text):
        answer = browser.get(asset)
        assert answer.status == 200, (asset, answer.status)
        files[asset] = {
            "bytes": len(answer.body),
            "encoding": answer.headers.get("content-encoding", "identity"),
        }
    html = len(page.body)
    total = html + sum(f["bytes"] for f in files.values())
    return {
        "html": html,
        "html_unzipped": len(page.content),
        "files": files,
        "total": total,
        "service_worker": service_worker(browser, files),
    }


def service_worker(browser: Browser, loaded: dict[str, Any]) -> int:
    """What a first visit also fetches for the installable app: the manifest, the service
    worker, and what it keeps at install (its static files not loaded already, and the
    offline page), as sent."""
    sent = 0
    for url in ("/manifest.webmanifest", "/sw.js"):
        answer = browser.get(url)
        assert answer.status == 200, (url, answer.status)
        sent += len(answer.body)
    worker = browser.get("/sw.js").content.decode()
    kept = set(re.findall(r'"(/static/[^"]+)"', worker)) - set(loaded)
    kept |= set(re.findall(r'OFFLINE = "([^"]+)"', worker))
    for url in sorted(kept):
        answer = browser.get(url)
        assert answer.status == 200, (url, answer.status)
        sent += len(answer.body)
    return sent


def _post(browser: Browser, game: Game, answer: Answer) -> Reply:
    game.refresh_from_db()
    reply = browser.post(f"/g/{game.key}/enter/", tap_form(answer, game.version), htmx=True)
    assert reply.status == 200, reply.text[:500]
    return reply


def round_swaps(browser: Browser, game: Game) -> dict[str, dict[str, int]]:
    """The largest swap of each kind while one round is entered, by htmx, then undone:
    as sent (gzipped) and unzipped (what the budget holds, gzip or not)."""
    sent: dict[str, int] = {}
    unzipped: dict[str, int] = {}

    def keep(kind: str, reply: Reply) -> None:
        sent[kind] = max(sent.get(kind, 0), len(reply.body))
        unzipped[kind] = max(unzipped.get(kind, 0), len(reply.content))

    rounds = len(game.load()[0].rounds)
    while True:
        game.refresh_from_db()
        record, pending = game.load()
        if len(record.rounds) > rounds:
            break
        answer = first_tap(record, pending)
        keep(answer.kind, _post(browser, game, answer))
    game.refresh_from_db()
    keep("undo", browser.post(f"/g/{game.key}/undo/", {"version": game.version}, htmx=True))
    keep("viewer poll", browser.get(f"/v/{game.viewer_key}/", htmx=True))
    if game.kind == "boerenbridge":
        keep("whose bid", browser.get(f"/g/{game.key}/?seat=1", htmx=True))
    return {"sent": sent, "unzipped": unzipped}


def measure(app: WSGIHandler) -> dict[str, Any]:
    browser = Browser(app)
    screens = {}
    for game, count, rounds in SCREENS:
        record = game_in_progress(game, count, rounds)
        started = start_game(browser, record)
        name = f"{game}, {count} players, {rounds} round{'s' if rounds > 1 else ''} in"
        load = first_load(browser, f"/g/{started.key}/")
        sheet = first_load(browser, f"/g/{started.key}/sheet/")
        screens[name] = {
            # The page and what it loads, then with the service worker's install too.
            "first_load_page": load["total"],
            "first_load": load["total"] + load["service_worker"],
            "html": load["html"],
            "html_unzipped": load["html_unzipped"],
            "sheet_first_load": sheet["total"],
            "swaps": round_swaps(browser, started),
        }
    home = first_load(browser, "/")
    files = first_load(browser, f"/g/{started.key}/")["files"]
    return {
        "screens": screens,
        "files": files,
        "home_first_load": home["total"],
        "largest_first_load_page": max(s["first_load_page"] for s in screens.values()),
        "largest_first_load": max(s["first_load"] for s in screens.values()),
        "largest_swap": max(max(s["swaps"]["sent"].values()) for s in screens.values()),
        "largest_swap_unzipped": max(
            max(s["swaps"]["unzipped"].values()) for s in screens.values()
        ),
    }
