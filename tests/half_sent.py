"""A hostile guest's requests, sent halfway and never finished (issue 36), for
tests/test_server_guard.py: ``python -m tests.half_sent PORT CONNECTIONS SECONDS``.

From one address (127.0.0.2, another of loopback's), it keeps up to CONNECTIONS
connections open to the server for SECONDS, each having sent ``GET / HTTP/1.1`` and a
header but never the blank line that ends the request; a connection the server
closes (or answers) is opened again at once. Prints one JSON object: the most held at
once, how many were opened in all, how many the server answered at once (its 503),
and the longest a connection stayed open with nothing said to it.
"""

from __future__ import annotations

import asyncio
import json
import resource
import socket
import sys
import time

FROM = "127.0.0.2"
HALF = b"GET / HTTP/1.1\r\nHost: x\r\n"


class Tally:
    def __init__(self) -> None:
        self.held = 0
        self.most_held = 0
        self.opened = 0
        self.answered = 0
        self.failed = 0
        self.longest = 0.0


async def one(port: int, tally: Tally, until: float) -> None:
    """Connections one after another, each held as long as the server lets it."""
    while time.monotonic() < until:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((FROM, 0))
        try:
            await asyncio.wait_for(
                asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port)), 5
            )
            reader, writer = await asyncio.open_connection(sock=sock)
        except (OSError, TimeoutError):
            sock.close()
            tally.failed += 1
            await asyncio.sleep(0.05)
            continue
        writer.write(HALF)
        tally.opened += 1
        tally.held += 1
        tally.most_held = max(tally.most_held, tally.held)
        opened = time.monotonic()
        try:
            # Its first byte, or the end: closed by the server, or this attack's end.
            first = await asyncio.wait_for(reader.read(1), max(0.0, until - time.monotonic()))
        except (OSError, TimeoutError):
            first = b""
        finally:
            tally.held -= 1
        if first:
            tally.answered += 1
        else:
            tally.longest = max(tally.longest, time.monotonic() - opened)
        writer.close()


async def attack(port: int, connections: int, seconds: float) -> Tally:
    tally = Tally()
    until = time.monotonic() + seconds
    await asyncio.gather(*(one(port, tally, until) for _ in range(connections)))
    return tally


def main() -> None:
    # This side needs a file a connection (the server is the one held to 1024).
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    port, connections, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    tally = asyncio.run(attack(port, connections, seconds))
    print(json.dumps(vars(tally)))


if __name__ == "__main__":
    main()
