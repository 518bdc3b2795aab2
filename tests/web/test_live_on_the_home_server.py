"""Live updates on the home server's stack (gunicorn with uvicorn's workers, issue 44):
a saved tap reaches the other phones whatever becomes of the phone that tapped, and
one link's streams never take the family's places. On SQLite, and on PostgreSQL
where the run has one (``DATABASE_URL``)."""

from __future__ import annotations

import random
import re
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.home_server import HomeServer, on_database

pytestmark = pytest.mark.slow

PER_PHONE = 6  # LIVE_STREAMS_PER_PHONE, as scorepad/settings.py has it
EVENT_ID = re.compile(r"^id: (\d+)$", re.M)
BEHIND = re.compile(r"^event: behind\ndata: (\d+)$", re.M)


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[HomeServer]:
    """The home server, on SQLite, then on PostgreSQL where the run has one."""
    with on_database(request.param, tmp_path) as running:
        yield running


def connect(server: HomeServer, address: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=30, source_address=(address, 0)
    )
    return sock


def ask_bytes(
    server: HomeServer, path: str, address: str = "127.0.0.1", cookies: str = ""
) -> tuple[int, bytes, str]:
    """A GET: its status, its body as sent (with a length, not in chunks), its head."""
    with connect(server, address) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookies}\r\n"
            "HX-Request: true\r\nConnection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body, head.decode(errors="replace")


def ask(
    server: HomeServer, path: str, cookies: str = "", address: str = "127.0.0.1"
) -> tuple[int, str, str]:
    """A GET: its status, body and the cookies it set."""
    status, body, head = ask_bytes(server, path, address, cookies)
    set_cookies = re.findall(r"^set-cookie: ([^;]+)", head, re.M | re.I)
    return status, body.decode(errors="replace"), "; ".join(set_cookies)


class Stream:
    """A phone's stream, read in a thread of its own: the newest version it was told of
    (an event's id, or "behind": the phone reads the game itself)."""

    def __init__(self, server: HomeServer, path: str, address: str = "127.0.0.1") -> None:
        self.sock = connect(server, address)
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        self.text = ""
        self.status = int(self.sock.recv(12).split()[1])
        self.newest = 0
        self.ended = False
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self) -> None:
        try:
            while chunk := self.sock.recv(65536):
                self.text += chunk.decode(errors="replace")
                told = [*EVENT_ID.findall(self.text), *BEHIND.findall(self.text)]
                self.newest = max([self.newest, *map(int, told)])
        except OSError:
            pass
        self.ended = True

    def told(self, version: int, within: float) -> bool:
        until = time.monotonic() + within
        while time.monotonic() < until:
            if self.newest >= version:
                return True
            time.sleep(0.02)
        return self.newest >= version

    def close(self) -> None:
        self.sock.close()


def new_game(server: HomeServer) -> dict[str, Any]:
    return server.make(  # type: ignore[no-any-return]
        "from rules_engine import new_record\n"
        "from scorepad.models import Game\n"
        "game = Game.start(new_record('oh-hell', ['Ann', 'Bob', 'Cat', 'Dev']))\n"
        "seats = [game.take_seat(n).key for n in range(4)]\n"
        "game.refresh_from_db()\n"
        "result = {'key': game.key, 'viewer_key': game.viewer_key, 'seats': seats}"
    )


STEP = re.compile(
    r'name="version" value="(\d+)">\s*<input type="hidden" name="kind" value="(\w+)">\s*'
    r'(?:<input type="hidden" name="seat" value="(\d+)">)?'
)
CHOICE = re.compile(r'<button name="value" value="([^"]+)">')


def next_tap(html: str) -> dict[str, str]:
    step = STEP.search(html)
    assert step is not None, html[-500:]
    choice = CHOICE.search(html, step.end())
    assert choice is not None
    version, kind, seat = step.groups()
    return {"version": version, "kind": kind, "value": choice.group(1)} | (
        {"seat": seat} if seat else {}
    )


def version_of(server: HomeServer, key: str) -> tuple[int, str]:
    """The game's version as its table shows it, and the table."""
    status, html, _ = ask(server, f"/g/{key}/")
    assert status == 200
    found = re.search(r'name="version" value="(\d+)"', html)
    assert found is not None
    return int(found.group(1)), html


def test_a_tap_whose_phone_drops_its_connection_still_reaches_the_other_phones(
    server: HomeServer,
) -> None:
    game = new_game(server)
    _, _, cookies = ask(server, f"/g/{game['key']}/")
    token = re.search(r"csrftoken=([^;]+)", cookies)
    assert token is not None
    # The other phones: the viewer, a player's, each on a stream (on either worker).
    phones = [Stream(server, f"/v/{game['viewer_key']}/live/?v=0")]
    phones += [Stream(server, f"/s/{game['seats'][2]}/live/?v=0", "127.0.0.3")]
    assert [each.status for each in phones] == [200, 200]
    pick = random.Random(44)
    saved = 0
    try:
        for _ in range(32):
            before, html = version_of(server, game["key"])
            body = urlencode(next_tap(html)).encode()
            with connect(server, "127.0.0.2") as sock:
                sock.sendall(
                    (
                        f"POST /g/{game['key']}/enter/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        f"Cookie: {cookies}\r\nX-CSRFToken: {token.group(1)}\r\n"
                        "HX-Request: true\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                        f"Content-Length: {len(body)}\r\n\r\n"
                    ).encode()
                    + body
                )
                time.sleep(pick.uniform(0, 0.1))
                # Dropped at once (a reset), as a phone losing its network does.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            after = before
            for _ in range(10):  # the tap decided, if it is to be
                time.sleep(0.1)
                if (after := version_of(server, game["key"])[0]) != before:
                    break
            if after == before:
                continue  # dropped before it was read: nothing saved, nothing to tell
            saved += 1
            for each in phones:
                assert each.told(after, within=5), (after, each.newest, each.text[-400:])
    finally:
        for each in phones:
            each.close()
    assert saved >= 8  # many taps are saved before their phone goes away


def test_a_link_opening_80_streams_from_four_addresses_leaves_the_family_their_places(
    server: HomeServer,
) -> None:
    game = new_game(server)
    guest = f"/s/{game['seats'][1]}/live/?v=0"
    held = [Stream(server, guest, f"127.0.0.{20 + n % 4}") for n in range(80)]
    family = [
        Stream(server, f"/g/{game['key']}/live/?v=0"),
        Stream(server, f"/g/{game['key']}/sheet/live/?v=0"),
        *(
            Stream(server, f"/s/{game['seats'][n]}/live/?v=0", f"127.0.0.{n + 2}")
            for n in (0, 2, 3)
        ),
    ]
    try:
        assert [each.status for each in family] == [200] * len(family)
        # The guest's link keeps a phone's places in each worker: its oldest streams end.
        until = time.monotonic() + 10
        while sum(not each.ended for each in held) > 2 * PER_PHONE and time.monotonic() < until:
            time.sleep(0.1)
        assert sum(not each.ended for each in held) <= 2 * PER_PHONE  # two workers
        assert not any(each.ended for each in held[-PER_PHONE:])  # its newest stay
        assert not any(each.ended for each in family)
    finally:
        for each in [*held, *family]:
            each.close()
