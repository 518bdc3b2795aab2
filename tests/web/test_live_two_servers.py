"""Two servers on one PostgreSQL: a tap on one reaches a phone watching on the other.

Each server is a uvicorn process of its own (as each of several machines would run
scripts/prod), on the tests' PostgreSQL database; the phones are HTTP connections of
this test. Nothing joins the two servers but the database: a tap's NOTIFY, heard by
the other's LISTEN. PostgreSQL only, like tests/web/test_live_postgres.py (the
tests' PostgreSQL run: ``DATABASE_URL=postgres://...``); skipped on SQLite.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.db import connection

from rules_engine import new_record
from scorepad.models import Game
from tests.web.test_live import events, run
from tests.web.test_live_postgres import database_url

pytestmark = pytest.mark.usefixtures("transactional_db")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def on_postgres() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (DATABASE_URL=postgres://...): two servers, one database")


@pytest.fixture
def game() -> Game:
    return Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def servers(game: Game) -> Iterator[tuple[int, int]]:
    """Two uvicorn servers on the test database: their ports. Stopped after the test
    (before the database goes: they hold connections to it)."""
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": database_url(),
        # As scripts/prod runs them: no connection kept by a request's thread.
        "CONN_MAX_AGE": "0",
    }
    env.pop("TEST_DATABASE_NAME", None)
    ports = free_port(), free_port()
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "scorepad.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--lifespan",
                "off",
                "--log-level",
                "warning",
                "--timeout-graceful-shutdown",
                "1",
            ],
            cwd=ROOT,
            env=env,
        )  # fmt: skip
        for port in ports
    ]
    try:
        for port, process in zip(ports, processes, strict=True):
            answered = False
            for _ in range(300):
                try:
                    with urllib.request.urlopen(
                        f"http://127.0.0.1:{port}/g/{game.key}/", timeout=2
                    ):
                        answered = True
                        break
                except OSError:
                    assert process.poll() is None, "a server stopped"
                    time.sleep(0.1)
            assert answered, f"the server on port {port} did not answer within 30 s"
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class Stream:
    """A phone's stream (server-sent events) on one server, read as it comes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.text = ""
        self.heard: list[tuple[str, str, str]] = []

    @classmethod
    async def open(cls, port: int, path: str) -> Stream:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        assert head.startswith(b"HTTP/1.1 200"), head
        assert b"text/event-stream" in head
        return cls(reader, writer)

    async def event(self, timeout: float = 10.0) -> tuple[str, str, str]:
        """The next event (id, name, data); comments and the retry line are skipped."""
        deadline = time.monotonic() + timeout
        while not self.heard:
            size = await asyncio.wait_for(self.reader.readline(), deadline - time.monotonic())
            if not size.strip():
                continue
            chunk = await self.reader.readexactly(int(size, 16) + 2)  # chunked, with its CRLF
            *blocks, self.text = (self.text + chunk[:-2].decode()).split("\n\n")
            for block in blocks:
                self.heard += events(block + "\n\n")
        return self.heard.pop(0)

    def close(self) -> None:
        self.writer.close()


async def fetch(port: int, method: str, path: str, headers: dict[str, str], body: str = "") -> str:
    """One request on one server; the answer's head and body as text."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines.append(f"Content-Length: {len(body.encode())}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n" + body).encode())
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 30)
    writer.close()
    return answer.decode()


async def tap(port: int, game: Game, version: int, seat: int, value: int) -> None:
    """The keeper's phone, on the server at ``port``: the table, then a bid."""
    page = await fetch(port, "GET", f"/g/{game.key}/", {})
    cookies = "; ".join(re.findall(r"(?im)^set-cookie: ([^;]+)", page))
    token = re.search(r'"x-csrftoken": "([^"]+)"', page)
    assert token is not None
    data = urlencode({"version": version, "kind": "bid", "seat": seat, "value": value})
    headers = {
        "Cookie": cookies,
        "X-CSRFToken": token.group(1),
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    answer = await fetch(port, "POST", f"/g/{game.key}/enter/", headers, data)
    assert answer.startswith("HTTP/1.1 200"), answer[:300]


def test_a_tap_on_one_server_reaches_the_phones_watching_on_the_other(
    game: Game, servers: tuple[int, int]
) -> None:
    one, other = servers

    async def scenario() -> None:
        viewer = await Stream.open(other, f"/v/{game.viewer_key}/live/?v=0")
        keeper = await Stream.open(one, f"/g/{game.key}/live/?v=0")
        try:
            await tap(one, game, version=0, seat=1, value=3)
            version, name, html = await viewer.event()
            assert (version, name) == ("1", "live") and "Now: Cat bids" in html
            assert (await viewer.event())[:2] == ("1", "sheet")
            assert (await keeper.event())[:2] == ("1", "table")

            # And the other way round.
            await tap(other, game, version=1, seat=2, value=2)
            assert (await keeper.event())[:2] == ("2", "table")
            version, name, html = await viewer.event()
            assert (version, name) == ("2", "live") and "Now: Dev bids" in html
        finally:
            viewer.close()
            keeper.close()

    run(scenario)
