"""The production server's guard on connections (scorepad/guards/worker.py, issue 36).

The slow test starts gunicorn as scripts/prod does (deploy/gunicorn.conf.py, two
workers, DEBUG off) under the open-files limit systemd gives a service, 1024, and a
hostile guest (tests/half_sent.py) holds 2,200 requests sent halfway from one address
for 20 seconds, opening another as soon as one is closed. Meanwhile another phone asks
for the home page five times a second: every answer must come within a second.
"""

from __future__ import annotations

import http.client
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.guards.clients import client_key
from scorepad.guards.worker import Guard, RequestRate, most_connections, rate_limited

ROOT = Path(__file__).resolve().parents[1]


def test_a_client_is_its_address_or_its_ipv6_network() -> None:
    assert client_key("192.168.1.20") == "192.168.1.20"
    assert client_key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::"
    assert client_key("2001:db8:1:2:bbbb::7") == "2001:db8:1:2::"
    assert client_key("2001:db8:1:3::7") == "2001:db8:1:3::"
    assert client_key("::ffff:192.168.1.20") == "192.168.1.20"
    assert client_key("not an address") == "not an address"


def test_the_guard_refuses_an_address_past_its_bound_and_lets_others_in() -> None:
    guard = Guard(per_address=2, in_all=10, header_seconds=5)
    assert guard.admit("10.0.0.9") is None
    assert guard.admit("10.0.0.9") is None
    assert guard.admit("10.0.0.9") == (
        b"Too many connections from your address. Try again in a moment.\n"
    )
    assert guard.admit("10.0.0.2") is None
    guard.release("10.0.0.9")
    assert guard.admit("10.0.0.9") is None
    assert guard.total == 3


def test_a_proxys_connections_are_counted_in_all_only() -> None:
    guard = Guard(per_address=2, in_all=10, header_seconds=5)

    assert [guard.admit("") for _ in range(5)] == [None] * 5
    assert guard.total == 5


def test_the_guard_refuses_everyone_past_what_its_files_allow() -> None:
    guard = Guard(per_address=0, in_all=3, header_seconds=5, reserve=2)
    assert [guard.admit(f"10.0.0.{n}") for n in range(5)] == [None] * 5
    assert guard.admit("10.0.0.7") == b"The server is busy. Try again in a moment.\n"


def test_idle_connections_of_other_addresses_leave_a_phone_room() -> None:
    guard = Guard(per_address=50, in_all=40, header_seconds=5, reserve=8)
    # Ten addresses' idle connections fill the worker, four each.
    for _ in range(4):
        assert [guard.admit(f"10.0.1.{n}") for n in range(10)] == [None] * 10
    busy = b"The server is busy. Try again in a moment.\n"
    assert guard.admit("10.0.1.7") == busy  # one of theirs past the bound
    assert guard.admit("") == busy  # a proxy's too

    # A phone at another address holding none gets in, a page and its files at once.
    assert [guard.admit("192.168.1.20") for _ in range(4)] == [None] * 4
    assert guard.admit("192.168.1.20") == busy  # it holds FEW now
    assert guard.admit("192.168.1.21") is None
    assert guard.total == 45


def test_a_worker_leaves_room_for_its_own_files_the_reserve_and_a_turn_of_accepts() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert most_connections(128) == max(16, soft - 100 - 64 - 3 * 128)


def test_an_address_may_send_its_burst_then_so_many_a_second() -> None:
    rate = RequestRate(per_second=20, burst=100)

    assert all(rate.allow("10.0.0.9", now=0.0) for _ in range(100))
    assert not rate.allow("10.0.0.9", now=0.0)
    assert rate.allow("10.0.0.2", now=0.0)
    assert [rate.allow("10.0.0.9", now=0.5) for _ in range(11)] == [True] * 10 + [False]


def test_requests_past_the_rate_are_answered_503_before_the_app() -> None:
    import asyncio

    called: list[str] = []

    async def app(scope: dict[str, object], receive: object, send: object) -> None:
        called.append(str(scope["path"]))

    guarded = rate_limited(app, RequestRate(per_second=1, burst=2))
    sent: list[dict[str, object]] = []

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    async def three() -> None:
        for path in ("/a", "/b", "/c"):
            scope = {"type": "http", "path": path, "client": ("10.0.0.9", 5000)}
            await guarded(scope, None, send)

    # A thread and loop of its own: in a full run the browser tests' Playwright keeps a
    # running loop in this thread, where asyncio.run refuses to start another.
    thread = threading.Thread(target=asyncio.run, args=(three(),))
    thread.start()
    thread.join(10)

    assert called == ["/a", "/b"]
    assert sent[0]["status"] == 503
    assert (b"retry-after", b"1") in sent[0]["headers"]  # type: ignore[operator]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def at_1024_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """gunicorn as scripts/prod runs it, at ``ulimit -n 1024``: its port and its log."""
    tmp_path = tmp_path_factory.mktemp("server")
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "TEST_DATABASE"))
    } | {
        # The production settings, with the static files collected into tmp_path.
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "BENCH_STATIC_ROOT": str(tmp_path / "static"),
        "DEBUG": "false",
        "SECRET_KEY": "a-test-key-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        "CONN_MAX_AGE": "0",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "collectstatic", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    log = tmp_path / "gunicorn.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "gunicorn", "scorepad.asgi"),
                *("--config", "deploy/gunicorn.conf.py"),
                *("--bind", f"127.0.0.1:{port}", "--workers", "2"),
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=at_1024_files,
        )
    try:
        answered = 0
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    answered += 1
                # Both workers have drawn the page once (their first costs the most).
                if answered == 6:
                    break
            except OSError:
                assert process.poll() is None, log.read_text()[-2000:]
                time.sleep(0.1)
        yield port, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def ask_home_page(port: int, until: float, answers: list[tuple[float, int | str]]) -> None:
    """GET / five times a second from 127.0.0.1: each answer's time and status."""
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                answer.read()
                status: int | str = answer.status
        except OSError as error:
            status = type(error).__name__
        answers.append((time.monotonic() - start, status))
        time.sleep(0.2)


@pytest.mark.slow
def test_2200_half_sent_requests_from_one_address_leave_the_home_page_answered(
    server: tuple[int, Path],
) -> None:
    port, log = server
    seconds = 20.0
    answers: list[tuple[float, int | str]] = []
    phone = threading.Thread(
        target=ask_home_page, args=(port, time.monotonic() + seconds + 2, answers)
    )
    phone.start()
    attack = subprocess.run(
        [sys.executable, "-m", "tests.half_sent", str(port), "2200", str(seconds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=True,
    )
    phone.join()
    tally = json.loads(attack.stdout)
    worst = max(took for took, _ in answers)
    print(f"half-sent: {tally}; home page asked {len(answers)} times, slowest {worst:.3f} s")

    assert tally["opened"] > 2200  # closed ones were opened again
    # 50 held by each worker, the others answered 503 at once; none past 5 seconds.
    assert tally["answered"] > 2000
    assert tally["longest"] < 5 + 2
    assert len(answers) > 50
    assert all(status == 200 for _, status in answers), answers
    assert worst < 1.0, sorted(answers)[-5:]
    text = log.read_text()
    assert "out of system resource" not in text
    assert "Too many open files" not in text


def closed_after(sock: socket.socket, most: float) -> float | None:
    """Seconds until the server closed ``sock`` without a word, or None if it said something
    or kept it open past ``most``."""
    start = time.monotonic()
    sock.settimeout(most)
    try:
        said = sock.recv(1024)
    except TimeoutError:
        return None
    return None if said else time.monotonic() - start


@pytest.mark.slow
def test_a_request_whose_headers_never_end_is_closed_within_seconds(
    server: tuple[int, Path],
) -> None:
    port, _ = server
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        took = closed_after(sock, 10)
    assert took is not None and 4 < took < 7


@pytest.mark.slow
def test_a_second_request_on_a_kept_connection_is_held_to_the_same_seconds(
    server: tuple[int, Path],
) -> None:
    port, _ = server
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    kept.request("GET", "/")
    assert kept.getresponse().read()
    assert kept.sock is not None  # kept open for the next request
    kept.sock.sendall(b"GET / HTTP/1.1\r\n")
    for _ in range(3):
        time.sleep(1)
        kept.sock.sendall(b"X-Slow: 1\r\n")  # a header a second: never the end
    took = closed_after(kept.sock, 10)
    kept.close()
    assert took is not None and took < 4  # 5 s from the first answer


@pytest.mark.slow
def test_a_body_that_stops_coming_is_closed_but_a_slow_steady_one_is_read(
    server: tuple[int, Path],
) -> None:
    port, _ = server
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 8\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port)) as stopped:
        stopped.sendall(head + b"user")
        took = closed_after(stopped, 10)
    assert took is not None and 4 < took < 7
    with socket.create_connection(("127.0.0.1", port)) as steady:
        steady.sendall(head)
        for byte in b"username":  # a byte every 1.5 s: 12 s in all, never a 5 s pause
            time.sleep(1.5)
            steady.sendall(bytes([byte]))
        steady.settimeout(5)
        assert steady.recv(12) == b"HTTP/1.1 403"  # read whole, then refused: no CSRF token
