"""Load: 100 tables playing at once against gunicorn on loopback.

The tables are started here (through the setup form, so they share one browser's
session); the load itself comes from ``bench.loadgen`` in a process of its own, so
that the generator's threads do not share a CPU budget, or a GIL, with anything
measured. Besides each request's time as the generator sees it (p50, p99), the
server's own CPU time a request is read from /proc: what gunicorn's master and
workers spent during the run, over the requests answered.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.core.handlers.wsgi import WSGIHandler

from bench.env import ROOT
from bench.games import players
from bench.server import start_game
from bench.wsgi import Browser
from rules_engine import new_record

TABLES = 100
CAP = 75.0  # seconds, whatever is left undone
GAMES = [("oh-hell", 4), ("brink-bid", 5), ("boerenbridge", 4), ("oh-hell", 6)]
PROC = Path("/proc")


def percentile(times: list[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def _stat(pid: str) -> list[str]:
    """The fields of /proc/<pid>/stat after the command name (which may hold spaces)."""
    text = (PROC / pid / "stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def server_cpu_seconds(url: str) -> float | None:
    """CPU seconds (user and system) spent so far by the gunicorn serving ``url``: its
    master, found by the address it was told to bind, and the master's workers.
    None where there is no /proc to read (not Linux)."""
    bind = urlsplit(url).netloc
    try:
        pids = [entry.name for entry in PROC.iterdir() if entry.name.isdigit()]
    except OSError:
        return None
    masters, parents = set(), {}
    for pid in pids:
        try:
            command = (PROC / pid / "cmdline").read_bytes().split(b"\0")
            parents[pid] = _stat(pid)[1]
        except (OSError, IndexError):
            continue  # ended meanwhile
        if b"gunicorn" in b" ".join(command) and bind.encode() in command:
            masters.add(pid)
    ticks = 0
    for pid, parent in parents.items():
        if pid in masters or parent in masters:
            try:
                fields = _stat(pid)
            except OSError:
                continue
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK") if masters else None


def measure(app: WSGIHandler, url: str, workers: int) -> dict[str, Any]:
    browser = Browser(app)
    browser.get("/")
    games = []
    for index in range(TABLES):
        game, count = GAMES[index % len(GAMES)]
        games.append(start_game(browser, new_record(game, players(count), 0)))
    job = {
        "url": url,
        "cookies": "; ".join(f"{k}={v}" for k, v in browser.cookies.items()),
        "token": browser.cookies["csrftoken"],
        "cap": CAP,
        "tables": [[game.key, f"/v/{game.viewer_key}/"] for game in games],
    }
    cpu_before = server_cpu_seconds(url)
    generator = subprocess.run(
        [sys.executable, "-m", "bench.loadgen"],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=CAP + 60,
    )
    cpu_after = server_cpu_seconds(url)
    ran = json.loads(generator.stdout)
    taps, polls, errors = ran["taps"], ran["polls"], ran["errors"]
    every = taps + polls
    spent = ran["seconds"]
    cpu = (
        cpu_after - cpu_before
        if cpu_before is not None and cpu_after is not None and every
        else None
    )
    return {
        "tables": TABLES,
        "gunicorn_workers": workers,
        "generator": "bench.loadgen, in a process of its own",
        "seconds": round(spent, 1),
        "requests": len(every),
        "requests_per_second": round(len(every) / spent, 1),
        "p50_ms": round(statistics.median(every), 1) if every else None,
        "p99_ms": round(percentile(every, 0.99), 1),
        "taps_p99_ms": round(percentile(taps, 0.99), 1),
        "polls_p99_ms": round(percentile(polls, 0.99), 1),
        "server_cpu_seconds": round(cpu, 2) if cpu is not None else None,
        "server_cpu_ms_a_request": round(1000 * cpu / len(every), 2) if cpu is not None else None,
        "taps": len(taps),
        "polls": len(polls),
        "errors": len(errors),
        "first_errors": errors[:5],
    }
