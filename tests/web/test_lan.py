"""LAN mode (scripts/serve --lan): the address phones open, and the settings that let them in.

No test sends anything to an address other than loopback: the system's answers
(the routed address, ``hostname -I``) are replaced by made-up ones.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable

import pytest
from django.conf import settings

from scorepad.guards import lan


def route_from(table: dict[str, str]) -> Callable[[str], str | None]:
    """A made-up routing table: the local address used to reach each probe."""
    return table.get


def test_the_address_the_system_routes_through_comes_first() -> None:
    found = lan.lan_addresses(
        route=route_from({"192.168.254.254": "192.168.1.20", "10.254.254.254": "192.168.1.20"}),
        listed=lambda: ["172.17.0.1", "192.168.1.20"],
    )

    assert found == ["192.168.1.20", "172.17.0.1"]


def test_loopback_link_local_and_ipv6_addresses_are_left_out() -> None:
    found = lan.lan_addresses(
        route=route_from({"10.254.254.254": "127.0.0.1"}),
        listed=lambda: ["169.254.3.4", "fd00::2", "0.0.0.0", "not-an-address", "10.0.0.7"],
    )

    assert found == ["10.0.0.7"]


def test_a_machine_on_no_network_has_no_lan_address() -> None:
    assert lan.lan_addresses(route=route_from({}), listed=lambda: []) == []


def test_the_routed_address_is_found_on_loopback_without_sending_anything() -> None:
    assert lan.routed_address("127.0.0.1") == "127.0.0.1"


def test_no_route_means_no_address(monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(self: object, address: object) -> None:
        raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(socket.socket, "connect", unreachable)

    assert lan.routed_address("10.254.254.254") is None


def test_the_hosts_allowed_are_the_addresses_and_the_machines_name() -> None:
    hosts = lan.allowed_hosts(["192.168.1.20", "10.0.0.7"], "kitchen-laptop")

    assert hosts == ["192.168.1.20", "10.0.0.7", "kitchen-laptop", "kitchen-laptop.local"]


def test_hosts_prints_the_list_for_the_settings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setattr(socket, "gethostname", lambda: "den")

    assert lan.main(["--hosts"]) == 0

    assert capsys.readouterr().out == "192.168.1.20,den,den.local\n"


def test_it_prints_the_address_phones_open_and_its_qr_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.7"])

    assert lan.main(["--port", "8001"]) == 0

    out = capsys.readouterr().out
    assert "open http://192.168.1.20:8001/" in out
    assert "try http://10.0.0.7:8001/" in out
    assert "▀" in out or "▄" in out  # the QR code, in half blocks


def test_with_no_network_it_says_what_to_do_and_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: [])

    assert lan.main([]) == 1

    assert "join the Wi-Fi the phones are on" in capsys.readouterr().err


def statuses_for_hosts(hosts: list[str], **env: str) -> list[str]:
    """The status a request for each Host in ``hosts`` gets, in one fresh process with
    ``env`` (the settings are read once, at its start)."""
    clean = {k: v for k, v in os.environ.items() if k not in {"ALLOWED_HOSTS", "DATABASE_URL"}}
    clean.pop("SCOREPAD_LAN_HOSTS", None)
    code = (
        "from django.test import Client; client = Client(raise_request_exception=False); "
        f"[print(client.get('/no-such-page/', HTTP_HOST=host).status_code) for host in {hosts!r}]"
    )
    with tempfile.TemporaryDirectory(prefix="scorepad-lan-") as scratch:
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=settings.BASE_DIR,
            env={**clean, "DEBUG": "true", "SQLITE_PATH": f"{scratch}/db.sqlite3", **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[-len(hosts) :]  # after the shell's note on its imports


@pytest.mark.slow
def test_a_phone_at_the_lan_address_is_refused_without_lan_mode() -> None:
    assert statuses_for_hosts(["192.168.1.20:8000", "127.0.0.1:8000"]) == ["400", "404"]


@pytest.mark.slow
def test_lan_mode_lets_the_phone_in_and_keeps_the_local_hosts() -> None:
    lan_hosts = "192.168.1.20,den,den.local"
    hosts = ["192.168.1.20:8000", "den.local:8000", "127.0.0.1:8000", "evil.example.com"]

    assert statuses_for_hosts(hosts, SCOREPAD_LAN_HOSTS=lan_hosts) == ["404", "404", "404", "400"]
