"""Live updates against polling, side by side in one run: from a tap on the keeper's
phone to the same change on another phone, p50 and p95 (issue 25).

    .venv/bin/python -m bench.live [--tables 100] [--seconds 40] [--workers 2]

The app runs as scripts/prod runs it (gunicorn with uvicorn workers) on the bench's
temporary SQLite database (``bench.env``), or on PostgreSQL (``--database-url``,
a database of its own: its games are left there). Each table has a keeper who taps every
1-3 s, one viewer on the stream (server-sent events) and one viewer polling every
3 s as before (htmx's request, with If-None-Match). A tap's time is taken just
before it is sent; the stream's latency is when an event of that version (or a
later one) arrives, the poll's when a poll first shows it. The phones are asyncio
connections of this process, which has one core of its own at most: on a busy
machine its own delay is in the figures too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from bench.env import prepare, scratch_folder
from bench.serve import gunicorn

PLAYERS = ["Ann", "Bob", "Cat", "Dev"]
POLL_SECONDS = 3.0
STEP = re.compile(
    r'name="version" value="(\d+)">\s*<input type="hidden" name="kind" value="(\w+)">\s*'
    r'(?:<input type="hidden" name="seat" value="(\d+)">)?'
)
CHOICE = re.compile(r'<button name="value" value="([^"]+)">')
SHOWN = re.compile(r'data-version="(\d+)"')


@dataclass
class Table:
    key: str
    viewer_key: str
    tapped: dict[int, float] = field(default_factory=dict)  # version -> when tapped
    streamed: int = 0  # the newest version the stream brought
    polled: int = 0  # the newest version a poll brought


@dataclass
class Figures:
    stream: list[float] = field(default_factory=list)
    poll: list[float] = field(default_factory=list)
    taps: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)


async def fetch(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, dict[str, list[str]], bytes]:
    """One HTTP/1.1 request on a connection of its own; the status, headers and body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
        status, answer_headers = await read_head(reader)
        return status, answer_headers, await reader.read()
    finally:
        writer.close()


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, list[str]]]:
    status = int((await reader.readline()).split()[1])
    headers: dict[str, list[str]] = {}
    while (line := (await reader.readline()).decode().strip()) != "":
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return status, headers


def next_tap(html: str) -> dict[str, str] | None:
    step = STEP.search(html)
    choice = CHOICE.search(html, step.end()) if step else None
    if step is None or choice is None:
        return None
    version, kind, seat = step.groups()
    data = {"version": version, "kind": kind, "value": choice.group(1)}
    if seat is not None:
        data["seat"] = seat
    return data


def seen(table: Table, shown: int, newest: int, into: list[float], now: float) -> int:
    """Note the latency of every tap that ``shown`` is the first to show."""
    for version in range(newest + 1, shown + 1):
        if version in table.tapped:
            into.append(now - table.tapped[version])
    return max(newest, shown)


async def keeper(port: int, table: Table, figures: Figures, until: float) -> None:
    status, headers, body = await fetch(port, "GET", f"/g/{table.key}/", {})
    cookies = "; ".join(cookie.split(";")[0] for cookie in headers.get("set-cookie", []))
    token = re.search(r"csrftoken=([^;]+)", cookies)
    html = body.decode()
    await asyncio.sleep(random.uniform(0, 2))
    while time.monotonic() < until:
        data = next_tap(html)
        if data is None or token is None:
            return
        table.tapped[int(data["version"]) + 1] = time.monotonic()
        status, _, body = await fetch(
            port,
            "POST",
            f"/g/{table.key}/enter/",
            {
                "Cookie": cookies,
                "X-CSRFToken": token.group(1),
                "HX-Request": "true",
                "Content-Type": "application/x-www-form-urlencoded",
            },
            urlencode(data).encode(),
        )
        figures.taps += 1
        if status != 200:
            figures.refused += 1
        html = body.decode()
        await asyncio.sleep(random.uniform(1, 3))


async def stream_viewer(port: int, table: Table, figures: Figures, until: float) -> None:
    """A viewer on the stream: reads its events (chunked) as they come."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    path = f"/v/{table.viewer_key}/live/?v=0"
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    writer.write(head.encode())
    await writer.drain()
    try:
        status, _ = await read_head(reader)
        if status != 200:
            figures.errors.append(f"stream {status}")
            return
        text = ""
        while time.monotonic() < until:
            size = await asyncio.wait_for(reader.readline(), until - time.monotonic() + 1)
            if not size.strip():
                continue
            chunk = await reader.readexactly(int(size, 16) + 2)
            text += chunk[:-2].decode()
            now = time.monotonic()
            *events, text = text.split("\n\n")
            for event in events:
                found = re.search(r"^id: (\d+)$", event, re.M)
                if found:
                    shown = int(found.group(1))
                    table.streamed = seen(table, shown, table.streamed, figures.stream, now)
    except TimeoutError:
        pass
    finally:
        writer.close()


async def poll_viewer(port: int, table: Table, figures: Figures, until: float) -> None:
    """A viewer polling every 3 s, as the page did before, with If-None-Match."""
    etag = ""
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    while time.monotonic() < until:
        headers = {"HX-Request": "true"} | ({"If-None-Match": etag} if etag else {})
        status, answer, body = await fetch(port, "GET", f"/v/{table.viewer_key}/", headers)
        now = time.monotonic()
        if status == 200:
            etag = answer.get("etag", [""])[0]
            shown = SHOWN.search(body.decode())
            if shown:
                table.polled = seen(table, int(shown.group(1)), table.polled, figures.poll, now)
        elif status != 304:
            figures.errors.append(f"poll {status}")
        await asyncio.sleep(POLL_SECONDS)


async def play(port: int, tables: list[Table], seconds: float) -> Figures:
    figures = Figures()
    until = time.monotonic() + seconds
    jobs = []
    for table in tables:
        jobs.append(stream_viewer(port, table, figures, until + 3))
        jobs.append(poll_viewer(port, table, figures, until + 3))
    await asyncio.sleep(0)
    jobs += [keeper(port, table, figures, until) for table in tables]
    await asyncio.gather(*jobs)
    return figures


def worker_memory_kb(url: str) -> int:
    """The resident memory of the gunicorn serving ``url``: its workers' VmRSS, in KB."""
    from bench.load import PROC, _stat

    port = url.rsplit(":", 1)[1]
    masters = set()
    total = 0
    pids = [entry.name for entry in PROC.iterdir() if entry.name.isdigit()]
    for pid in pids:
        try:
            command = (PROC / pid / "cmdline").read_bytes()
        except OSError:
            continue
        if b"gunicorn" in command and f":{port}".encode() in command:
            masters.add(pid)
    for pid in pids:
        try:
            if _stat(pid)[1] in masters:
                status = (PROC / pid / "status").read_text()
                total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        except (OSError, IndexError):
            continue
    return total


async def hold(port: int, viewer_key: str, opened: list[int], until: float) -> None:
    """One quiet stream held open until ``until``, reading what comes (heartbeats)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    path = f"/v/{viewer_key}/live/?v=0"
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    writer.write(head.encode())
    await writer.drain()
    try:
        status, _ = await read_head(reader)
        if status == 200:
            opened.append(1)
            while (left := until - time.monotonic()) > 0:
                try:
                    await asyncio.wait_for(reader.read(65536), left)
                except TimeoutError:
                    break
    finally:
        writer.close()


async def idle(url: str, viewer_keys: list[str], streams: int, seconds: float) -> dict[str, Any]:
    """Open ``streams`` quiet streams; the memory they take and the CPU while nothing
    changes."""
    from bench.load import server_cpu_seconds

    port = int(url.rsplit(":", 1)[1])
    before = worker_memory_kb(url)
    opened: list[int] = []
    until = time.monotonic() + seconds + 30
    jobs = [
        asyncio.create_task(hold(port, viewer_keys[n % len(viewer_keys)], opened, until))
        for n in range(streams)
    ]
    await asyncio.sleep(10)  # all open, their first answers sent
    after = worker_memory_kb(url)
    cpu_before = server_cpu_seconds(url) or 0.0
    await asyncio.sleep(seconds)
    cpu = (server_cpu_seconds(url) or 0.0) - cpu_before
    for job in jobs:
        job.cancel()
    await asyncio.gather(*jobs, return_exceptions=True)
    return {
        "streams_open": len(opened),
        "memory_kb_before": before,
        "memory_kb_after": after,
        "memory_kb_a_stream": round((after - before) / max(1, len(opened)), 1),
        "idle_seconds": seconds,
        "server_cpu_seconds": round(cpu, 3),
    }


def percentile(times: list[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def summary(times: list[float]) -> dict[str, Any]:
    return {
        "count": len(times),
        "p50_ms": round(percentile(times, 0.5) * 1000, 1),
        "p95_ms": round(percentile(times, 0.95) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--database-url", default="", help="PostgreSQL (a database of its own), else SQLite"
    )
    parser.add_argument("--keep", action="store_true", help="keep the folder (gunicorn's log)")
    parser.add_argument(
        "--idle", type=int, default=0, help="instead: hold this many quiet streams, one worker"
    )
    args = parser.parse_args()
    # Every phone here is at one address: the per-address bound would refuse most.
    os.environ["LIVE_STREAMS_PER_ADDRESS"] = str(10 * args.tables + args.idle)
    os.environ["LIVE_STREAMS_PER_GAME"] = str(10 + args.idle)
    # As scripts/prod sets them for its ASGI workers.
    os.environ.update({"CONN_MAX_AGE": "0", "DATABASE_POOL": "true"})
    with scratch_folder(args.keep) as folder:
        prepare(folder, args.database_url)
        from rules_engine import new_record
        from scorepad.models import Game

        tables = []
        for _ in range(args.tables):
            game = Game.start(new_record("oh-hell", PLAYERS, first_dealer=0))
            tables.append(Table(game.key, game.viewer_key))
        if args.idle:
            with gunicorn(folder, 1, asgi=True) as url:
                keys = [table.viewer_key for table in tables]
                result = asyncio.run(idle(url, keys, args.idle, args.seconds))
            print(json.dumps(result, indent=2))
            return
        with gunicorn(folder, args.workers, asgi=True) as url:
            port = int(url.rsplit(":", 1)[1])
            figures = asyncio.run(play(port, tables, args.seconds))
    result = {
        "tables": args.tables,
        "workers": args.workers,
        "database": "postgresql" if args.database_url else "sqlite",
        "seconds": args.seconds,
        "taps": figures.taps,
        "refused": figures.refused,
        "stream": summary(figures.stream),
        "poll": summary(figures.poll),
        "errors": figures.errors[:10],
    }
    print(json.dumps(result, indent=2))
    if args.keep:
        print(f"kept: {folder}")


if __name__ == "__main__":
    main()
