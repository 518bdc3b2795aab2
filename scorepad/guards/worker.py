"""The production server's worker (deploy/gunicorn.conf.py, scripts/prod, scripts/home):
uvicorn's, with a guard on the connections it holds.

uvicorn alone keeps a connection whose request never finishes for ever (its
keep-alive timeout starts only after an answer), counts no connection against its
address, and accepts connections until the process runs out of files. Then asyncio's
accept loop fails without end (each failure logged, up to the listening backlog's
length each turn of the loop), both workers spin at 100% CPU and nothing is answered:
one client on the Wi-Fi took a home server down with 2,100 half-sent requests (issue
36). uvicorn has no setting against it: ``--limit-concurrency`` answers 503 to
everyone once half-sent requests fill it, and ``h11_max_incomplete_event_size``
bounds a request's bytes, not its time. So each worker here:

- closes a connection that has not sent a whole request's headers within
  ``REQUEST_HEADERS_SECONDS`` (5) of opening or of its previous answer, and one whose
  request body stops coming for as long (a slow phone's upload keeps going: only a
  pause counts);
- holds at most ``CONNECTIONS_PER_ADDRESS`` (50) connections from one address (an
  IPv6 /64 is one address: a device has as many of those as it likes): one more is
  answered 503 and closed at once, without reading it;
- holds at most as many connections in all as its open-files limit leaves room for
  (``most_connections``), answering 503 past it, so that accepting never fails. At
  start it raises its own limit to the hard limit the system allows;
- answers at most ``ADDRESS_REQUESTS_PER_SECOND`` (20) requests a second from one
  address, five seconds' worth at once, and refuses the others before Django
  (``RequestRate``): what a refusal costs Django (a sign-in's 429, the CPU budget's
  503) is then bounded too.

A front server could do the first two (HAProxy's ``timeout http-request`` and a
stick table of ``src_conn_cur``), but a home server would need it installed,
configured and started beside Scorepad: this runs wherever gunicorn runs
(docs/deployment.md, "What a server withstands").
"""

from __future__ import annotations

import asyncio
import resource
import socket
import sys
from collections import Counter
from typing import Any

import h11
from django.conf import settings
from gunicorn.arbiter import Arbiter
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker

from scorepad.guards.clients import client_key

# The most connections one turn of a worker's event loop accepts (QueueKeepingServer).
ACCEPTED_A_TURN = 128
# Files a worker keeps open besides its connections (the database's, logs, static
# files being sent, the event loop's own), with room to spare.
FILES_OF_ITS_OWN = 100
# How long a thread holds the GIL while another waits for it (Python's default: 5 ms).
SWITCH_SECONDS = 0.0005
# Connections kept, once the others fill a worker, for clients holding few (Guard).
RESERVED = 64
# The most files the worker asks for when the system lets it (deploy/scorepad.service
# sets this much too): some 34 KB of memory a quiet stream, 2 GB at most.
MOST_FILES = 65_536

REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"retry-after: 10\r\n"
    b"connection: close\r\n"
    b"content-length: %d\r\n\r\n%s"
)


def most_connections(backlog: int) -> int:
    """The connections a worker may hold: its open-files limit, less its own files, the
    room kept for clients holding few (``Guard``, RESERVED) and what one turn of the
    event loop may accept before the guard sees them (three backlogs' worth: accepted,
    then made a transport, then handed to the protocol)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, soft - FILES_OF_ITS_OWN - RESERVED - 3 * backlog)


def raise_files_limit() -> None:
    """The soft open-files limit up to the hard one (at most MOST_FILES): systemd gives a
    service 1024 unless told (LimitNOFILE), which a home server's phones' streams could
    use up; the hard limit is usually far higher."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


class Guard:
    """One worker's connections, counted by client address.

    Past ``in_all``, ``reserve`` more are kept for clients holding fewer than ``FEW``:
    idle connections from other addresses (one guest's, or twenty's) then do not keep
    a phone out (issue 50: a phone at another address was answered 503 while 2,200
    half-sent requests were held)."""

    FEW = 4

    def __init__(
        self, per_address: int, in_all: int, header_seconds: float, reserve: int = RESERVED
    ) -> None:
        self.per_address = per_address  # 0: no bound
        self.in_all = in_all
        self.reserve = reserve
        self.header_seconds = header_seconds
        self.open: Counter[str] = Counter()
        self.total = 0

    def admit(self, client: str) -> bytes | None:
        """Count a new connection; None if it may stay, else why not (the 503's text).
        A client of "" (a proxy's connections) is counted in all only."""
        held = self.open.get(client, 0) if client else 0
        if self.per_address and client and held >= self.per_address:
            return b"Too many connections from your address. Try again in a moment.\n"
        if self.total >= self.in_all and (
            not client or held >= self.FEW or self.total >= self.in_all + self.reserve
        ):
            return b"The server is busy. Try again in a moment.\n"
        self.open[client] += 1
        self.total += 1
        return None

    def release(self, client: str) -> None:
        self.total -= 1
        self.open[client] -= 1
        if not self.open[client]:
            del self.open[client]


_guard: Guard | None = None


def guard(backlog: int) -> Guard:
    """This process's guard, made at its first connection (once Django's settings are read)."""
    global _guard
    if _guard is None:
        _guard = Guard(
            per_address=int(settings.CONNECTIONS_PER_ADDRESS),
            in_all=most_connections(backlog),
            header_seconds=max(1.0, float(settings.REQUEST_HEADERS_SECONDS)),
        )
    return _guard


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, admitted by the guard and given a deadline while
    its request is being sent."""

    _client_key: str | None = None
    _refused = False
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._guard = guard(self.config.backlog)
        host = self.client[0] if self.client else ""
        # A proxy in front (gunicorn's --forwarded-allow-ips, which uvicorn trusts for the
        # client's address) carries many clients: it is counted in all, not as one.
        proxies = getattr(self.config.loaded_app, "trusted_hosts", ())
        client = "" if host in proxies else client_key(host)
        why_not = self._guard.admit(client)
        if why_not is not None:
            # Answered before it is read: the client may be sending nothing at all.
            self._refused = True
            transport.write(REFUSED % (len(why_not), why_not))
            transport.close()
            return
        self._client_key = client
        self._wait()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        if self._client_key is not None:
            self._guard.release(self._client_key)
            self._client_key = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def _follow(self) -> None:
        """The deadline for the request being sent: from the connection's opening (or
        the last answer) for its headers, and from its last piece for its body."""
        state = self.conn.their_state
        if state is h11.IDLE:
            if self._deadline is None:
                self._wait()
        elif state is h11.SEND_BODY:
            self._wait()
        else:
            self._stop_waiting()

    def _wait(self) -> None:
        self._stop_waiting()
        self._deadline = self.loop.call_later(self._guard.header_seconds, self._too_slow)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.SEND_BODY and self.flow.read_paused:
            # We stopped reading its body (the app has not taken the last piece yet):
            # not the client's pause.
            self._wait()
            return
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.transport.close()


class RequestRate:
    """Requests one address may send this worker: ``per_second`` on average, ``burst`` at
    once (a page and its static files), in a bucket of tokens. Past it the request is
    answered 503 here, before Django: refusing costs next to nothing, so a client
    sending as fast as it can (its sign-ins refused, its budget spent) costs the
    worker a bounded share of a core however it asks."""

    def __init__(self, per_second: float, burst: float) -> None:
        self.per_second = per_second
        self.burst = burst
        self.tokens: dict[str, tuple[float, float]] = {}  # address: (tokens, when)

    def allow(self, client: str, now: float) -> bool:
        tokens, when = self.tokens.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.per_second)
        if tokens < 1:
            self.tokens[client] = (tokens, now)
            return False
        if len(self.tokens) >= 10_000 and client not in self.tokens:
            full = now - self.burst / self.per_second
            self.tokens = {key: value for key, value in self.tokens.items() if value[1] > full}
        self.tokens[client] = (tokens - 1, now)
        return True


TOO_FAST = (
    b"Too many requests from your address. Try again in a moment.\n",
    [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"retry-after", b"1"),
        (b"connection", b"close"),
    ],
)


def rate_limited(app: Any, rate: RequestRate) -> Any:
    """The ASGI app, behind ``rate``. Inside uvicorn's proxy headers middleware, so the
    client is the one Django sees (REMOTE_ADDR)."""

    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("client"):
            now = asyncio.get_running_loop().time()
            if not rate.allow(client_key(scope["client"][0]), now):
                body, headers = TOO_FAST
                await send({"type": "http.response.start", "status": 503, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


class QueueKeepingServer(Server):
    """uvicorn's server, giving the listening socket its whole queue back once serving.

    asyncio takes one number for the kernel's queue of connections waiting to be
    accepted and for the most it accepts in one turn of the loop. The turn must stay
    short (ACCEPTED_A_TURN), so that the guard sees each connection before the next
    turn's fill the worker's files; the queue must stay long (gunicorn's ``backlog``,
    2048), or a burst of connections overflows it and a phone's waits a second for
    its connection to be tried again (measured: 1.2 s with 128)."""

    def __init__(self, config: Config, queue: int) -> None:
        super().__init__(config)
        self.queue = queue

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        for sock in sockets or []:
            sock.listen(self.queue)


class Worker(UvicornWorker):  # type: ignore[misc]
    """gunicorn's worker class (deploy/gunicorn.conf.py): uvicorn on asyncio, speaking
    HTTP/1.1 through the guarded protocol, its files limit raised."""

    CONFIG_KWARGS: dict[str, Any] = {
        "loop": "asyncio",
        "http": GuardedH11Protocol,
        "backlog": ACCEPTED_A_TURN,
    }

    def init_process(self) -> None:
        raise_files_limit()
        # A tap's thread gives up the GIL at each query and waits to take it back; with a
        # costly page's thread running beside it (TableFirst lets one), each wait lasted
        # up to Python's switch interval, 5 ms: some 20 queries' worth a tap.
        sys.setswitchinterval(SWITCH_SECONDS)
        super().init_process()

    async def _serve(self) -> None:
        # As UvicornWorker._serve, with the server above and the app behind the rate.
        per_second = float(settings.ADDRESS_REQUESTS_PER_SECOND)
        self.config.app = (
            rate_limited(self.wsgi, RequestRate(per_second, burst=5 * per_second))
            if per_second
            else self.wsgi
        )
        server = QueueKeepingServer(self.config, queue=int(self.cfg.backlog))
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
