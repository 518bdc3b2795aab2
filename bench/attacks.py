"""``python -m bench.attacks``: the keeper's tap alone and under each attack of issue 50's
table, in alternating runs, served as scripts/prod serves it (gunicorn, uvicorn's
workers, the per-address limits on), with the ratio of the p90s.

The keeper taps from 127.0.0.100 (a bid, then Undo, one after another); each attack
comes from a process of its own (``--attack NAME``), from 127.0.0.2 on (loopback
answers every 127.x address), so that its Python does not slow the keeper's. Each row
runs ``--rounds`` pairs of runs, alone then attacked, of ``--seconds`` each, and pools
the taps of each side: alternating, a box that grows busier or quieter meanwhile
weighs on both sides alike. The goal (issue 50): every ratio under 2x.

    .venv/bin/python -m bench.attacks [--seconds 10] [--rounds 3] [--only idle,costly-10]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

KEEPER = "127.0.0.100"
GOAL = 2.0

# Each row of the table: its name and the attack's arguments (kind, addresses, amount).
ROWS: dict[str, tuple[str, int, int]] = {
    "idle": ("idle", 20, 2_000),  # 2,000 idle connections from 20 addresses
    "slowloris": ("slowloris", 20, 1_000),  # a header byte a second on each
    "home-1": ("home", 1, 16),  # the home page as fast as 16 threads ask
    "home-10": ("home", 10, 16),
    "costly-1": ("costly", 1, 8),  # history, statistics, export, PDF
    "costly-10": ("costly", 10, 8),
}
TITLES = {
    "idle": "2,000 idle connections, 20 addresses",
    "slowloris": "slowloris, 20 addresses",
    "home-1": "home page flood, 1 address",
    "home-10": "home page flood, 10 addresses",
    "costly-1": "costly pages (history, statistics, export, PDFs), 1 address",
    "costly-10": "costly pages, 10 addresses",
}


def address(number: int) -> str:
    return f"127.0.0.{2 + number}"


def get(port: int, path: str, source: str, headers: dict[str, str] | None = None) -> int:
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=30, source_address=(source, 0)
    )
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


# --- The attacks, each in a process of its own -------------------------------------------


def flood(port: int, addresses: int, threads: int, paths: list[str], until: float) -> None:
    """``threads`` threads an address, each asking for ``paths`` in turn as fast as answered."""

    def one(source: str, offset: int) -> None:
        turn = offset
        while time.monotonic() < until:
            try:
                get(port, paths[turn % len(paths)], source)
            except OSError:
                time.sleep(0.05)
            turn += 1

    workers = [
        threading.Thread(target=one, args=(address(n), t), daemon=True)
        for n in range(addresses)
        for t in range(threads)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


async def held(port: int, addresses: int, connections: int, until: float, drip: bool) -> None:
    """``connections`` connections spread over ``addresses``, each a request sent halfway
    (``drip``: then one more header byte a second, slowloris), opened again when closed."""

    async def one(source: str) -> None:
        while time.monotonic() < until:
            try:
                sock = socket.socket()
                sock.setblocking(False)
                sock.bind((source, 0))
                await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
                reader, writer = await asyncio.open_connection(sock=sock)
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
                while time.monotonic() < until:
                    if drip:
                        writer.write(b"X")
                        await writer.drain()
                    try:
                        if await asyncio.wait_for(reader.read(1024), 1.0) == b"":
                            break  # closed by the server
                        break  # answered (refused): open another
                    except TimeoutError:
                        continue
                writer.close()
            except OSError:
                await asyncio.sleep(0.1)

    await asyncio.gather(*(one(address(n % addresses)) for n in range(connections)))


def attack(kind: str, port: int, addresses: int, amount: int, seconds: float, key: str) -> None:
    until = time.monotonic() + seconds
    if kind in ("idle", "slowloris"):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, amount + 200)), hard))
        asyncio.run(held(port, addresses, amount, until, drip=kind == "slowloris"))
    elif kind == "home":
        flood(port, addresses, amount, ["/"], until)
    else:
        costly = ["/games/", "/players/ann/", "/games/export.json", f"/g/{key}/sheet.pdf"]
        costly += [f"/print/oh-hell/pdf?players={n}" for n in range(3, 8)]
        flood(port, addresses, amount, costly, until)


# --- The keeper ---------------------------------------------------------------------------


class Keeper:
    """The keeper's phone, at 127.0.0.100: a bid, then Undo, each timed."""

    def __init__(self, port: int, key: str) -> None:
        self.port, self.key = port, key
        connection = self.connection()
        connection.request("GET", f"/g/{key}/")
        response = connection.getresponse()
        page = response.read().decode()
        cookies = [value for name, value in response.getheaders() if name.lower() == "set-cookie"]
        self.cookie = "; ".join(cookie.split(";")[0] for cookie in cookies)
        token = re.search(r"csrftoken=([^;]+)", self.cookie)
        assert token is not None, self.cookie
        self.token = token.group(1)
        version = re.search(r'name="version" value="(\d+)"', page)
        assert version is not None
        self.version = int(version.group(1))
        self.bid = True

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=60, source_address=(KEEPER, 0)
        )

    def tap(self) -> tuple[float, int]:
        """One tap: its time in ms and its status."""
        path = f"/g/{self.key}/{'enter' if self.bid else 'undo'}/"
        data: dict[str, str | int] = {"version": self.version}
        if self.bid:
            data |= {"kind": "bid", "seat": 1, "value": 1}
        headers = {
            "Cookie": self.cookie,
            "X-CSRFToken": self.token,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        connection = self.connection()
        started = time.perf_counter()
        try:
            connection.request("POST", path, urlencode(data), headers)
            response = connection.getresponse()
            page = response.read().decode()
            status = response.status
        except OSError:
            return 1000 * (time.perf_counter() - started), 0
        finally:
            connection.close()
        took = 1000 * (time.perf_counter() - started)
        version = re.search(r'name="version" value="(\d+)"', page)
        if status == 200 and version is not None:
            self.version, self.bid = int(version.group(1)), not self.bid
        return took, status

    def taps(self, seconds: float) -> list[tuple[float, int]]:
        """Taps one after another, a tenth of a second apart, for ``seconds``."""
        until = time.monotonic() + seconds
        done = []
        while time.monotonic() < until:
            done.append(self.tap())
            time.sleep(0.1)
        return done


def p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else float("nan")


def row(
    name: str, port: int, key: str, keeper: Keeper, seconds: float, rounds: int
) -> dict[str, object]:
    kind, addresses, amount = ROWS[name]
    alone: list[tuple[float, int]] = []
    attacked: list[tuple[float, int]] = []
    for _ in range(rounds):
        alone += keeper.taps(seconds)
        child = subprocess.Popen(
            [sys.executable, "-m", "bench.attacks", "--attack", name, "--port", str(port)]
            + ["--key", key, "--seconds", str(seconds + 2)],
            cwd=Path(__file__).resolve().parents[1],
        )
        time.sleep(1.5)  # the attack under way
        attacked += keeper.taps(seconds)
        child.wait(timeout=seconds + 120)
        time.sleep(2)  # its connections closed, the server quiet again
    quiet = p90([took for took, _ in alone])
    busy = p90([took for took, _ in attacked])
    return {
        "attack": TITLES[name],
        "p90 alone ms": round(quiet, 1),
        "p90 under attack ms": round(busy, 1),
        "ratio": round(busy / quiet, 2),
        "taps": [len(alone), len(attacked)],
        "refused under attack": sum(1 for _, status in attacked if status != 200),
        "addresses": addresses,
        "kind": kind,
    }


def serve(
    seconds: float, rounds: int, only: list[str], say: Callable[[str], None]
) -> list[dict[str, object]]:
    from bench import env

    with tempfile.TemporaryDirectory(prefix="scorepad-attacks-") as folder:
        env.prepare(Path(folder))
        # The limits on, as scripts/prod runs (bench/env.py turns them off for its load).
        for name in (
            "ADDRESS_CPU_SECONDS",
            "CONNECTIONS_PER_ADDRESS",
            "ADDRESS_REQUESTS_PER_SECOND",
        ):
            os.environ.pop(name, None)
        from bench.serve import gunicorn
        from rules_engine import new_record
        from scorepad.models import Game

        game = Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))
        # Some history for the costly pages to read.
        for _ in range(30):
            Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0))
        with gunicorn(Path(folder), workers=2, asgi=True) as url:
            port = int(url.rsplit(":", 1)[1])
            keeper = Keeper(port, game.key)
            keeper.taps(3)  # both workers warm
            found = []
            for name in only:
                say(f"attacks: {name}")
                found.append(row(name, port, game.key, keeper, seconds, rounds))
                say(json.dumps(found[-1]))
            return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(ROWS))
    parser.add_argument("--attack", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--key", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        kind, addresses, amount = ROWS[args.attack]
        attack(kind, args.port, addresses, amount, args.seconds, args.key)
        return 0
    only = [name for name in args.only.split(",") if name]
    unknown = [name for name in only if name not in ROWS]
    if unknown:
        parser.error(f"no attack {', '.join(unknown)} (there are {', '.join(ROWS)})")
    found = serve(args.seconds, args.rounds, only, lambda line: print(line, file=sys.stderr))
    print(json.dumps(found, indent=2))
    print("\n| attack | p90 alone | under attack | ratio |\n|---|---|---|---|")
    for each in found:
        print(
            f"| {each['attack']} | {each['p90 alone ms']} ms | {each['p90 under attack ms']} ms"
            f" | {each['ratio']}x |"
        )
    return 0 if all(float(str(each["ratio"])) < GOAL for each in found) else 1


if __name__ == "__main__":
    sys.exit(main())
