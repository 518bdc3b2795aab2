"""The load generator of ``bench.load``: 100 tables playing at once, in a process of its own.

Standard library only, so the process that makes the load shares nothing with the
server it measures. Each table is a thread that plays its own game by htmx taps,
as fast as a hurried table would (a tap every 0.5-1.5 s, about ten times a real
table's pace), with a viewer on the table's shared screen polling every 3 s. The
load is bounded: a fixed number of taps a table, and a time cap.

Run by ``bench.load``: ``python -m bench.loadgen`` reads the tables as JSON on
standard input and prints every request's time (ms) and every error as JSON.
"""

from __future__ import annotations

import http.client
import json
import random
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

TAPS = 40  # a table's taps
THINK = (0.5, 1.5)
POLL = 3.0

VERSION = re.compile(r'name="version" value="(\d+)"')
KIND = re.compile(r'name="kind" value="([a-z_]+)"')
SEAT = re.compile(r'name="seat" value="(\d+)"')
BUTTON = re.compile(r'<button name="value" value="([^"]+)"( disabled)?')


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    taps: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, kind: str, spent: float) -> None:
        with self.lock:
            (self.taps if kind == "tap" else self.polls).append(spent)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def request(
    host: str, port: int, method: str, path: str, headers: dict[str, str], body: str = ""
) -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request(method, path, body=body or None, headers=headers)
        answer = connection.getresponse()
        text = answer.read().decode()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text
    finally:
        connection.close()


def next_tap(fragment: str, rng: random.Random) -> dict[str, Any] | None:
    """The form data of a tap on the screen's step (an allowed button), or None when over."""
    end = fragment.find("</form>")
    step = fragment[fragment.find('id="step"') : end]
    if "winners" in step or end < 0:
        return None
    data: dict[str, Any] = {
        "version": VERSION.search(step).group(1),  # type: ignore[union-attr]
        "kind": KIND.search(step).group(1),  # type: ignore[union-attr]
    }
    seat = SEAT.search(step)
    if seat:
        data["seat"] = seat.group(1)
    if data["kind"] != "roll":
        allowed = [value for value, disabled in BUTTON.findall(step) if not disabled]
        data["value"] = rng.choice(allowed)
    return data


def table(
    url: str, key: str, viewer: str, cookies: str, token: str, seed: int, tally: Tally, stop: float
) -> None:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    rng = random.Random(seed)
    base = {"Cookie": cookies, "HX-Request": "true"}
    post = {**base, "X-CSRFToken": token, "Content-Type": "application/x-www-form-urlencoded"}

    def timed(kind: str, method: str, path: str, headers: dict[str, str], body: str = "") -> Any:
        start = time.perf_counter()
        try:
            answer = request(host, port, method, path, headers, body)
        except OSError as error:
            tally.error(f"{kind} {path}: {error}")
            return None
        tally.add(kind, (time.perf_counter() - start) * 1000)
        return answer

    fragment = request(host, port, "GET", f"/g/{key}/", base)[2]
    etag = ""
    next_poll = time.monotonic() + rng.uniform(0, POLL)
    taps = 0
    while taps < TAPS and time.monotonic() < stop:
        time.sleep(rng.uniform(*THINK))
        if time.monotonic() >= next_poll:
            answer = timed("poll", "GET", viewer, {**base, "If-None-Match": etag})
            if answer is not None:
                if answer[0] not in (200, 304):
                    tally.error(f"poll {answer[0]}")
                etag = answer[1].get("etag", etag)
            next_poll += POLL
        data = next_tap(fragment, rng)
        if data is None:
            break
        answer = timed("tap", "POST", f"/g/{key}/enter/", post, urlencode(data))
        taps += 1
        if answer is None:
            continue
        if answer[0] != 200:
            tally.error(f"tap {answer[0]}: {answer[2][:200]}")
            fragment = request(host, port, "GET", f"/g/{key}/", base)[2]
            continue
        fragment = answer[2]


def main() -> int:
    """Tables from stdin: {"url", "cookies", "token", "cap", "tables": [[key, viewer], ...]}."""
    job = json.load(sys.stdin)
    tally = Tally()
    stop = time.monotonic() + job["cap"]
    threads = [
        threading.Thread(
            target=table,
            args=(job["url"], key, viewer, job["cookies"], job["token"], seed, tally, stop),
        )
        for seed, (key, viewer) in enumerate(job["tables"])
    ]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    spent = time.perf_counter() - started
    json.dump({"seconds": spent, "taps": tally.taps, "polls": tally.polls, "errors": tally.errors},
              sys.stdout)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
