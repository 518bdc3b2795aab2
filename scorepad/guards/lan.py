"""The address the phones at the table open when Scorepad runs on a laptop.

``scripts/serve --lan`` and ``scripts/home`` run ``python -m scorepad.guards.lan --hosts``
to learn which host names to allow (they hand them to the settings as
``SCOREPAD_LAN_HOSTS``), then ``python -m scorepad.guards.lan --port 8000`` to print the
address and its QR code, last: the servers they start print no start-up lines of
their own (which would name ``http://0.0.0.0:8000``, every address, which no phone
can open).

Nothing here sends anything over the network: a card table often has no internet,
and the address is this machine's own. It comes from asking the system which
local address it would send from (a UDP socket's ``connect`` picks a route and
sends no packet), and from ``hostname -I`` where there is one.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import subprocess
import sys
from collections.abc import Callable, Iterable

# Addresses in the private ranges, one a range: the route to one of them gives the
# local address the phones on the same network can reach. Never contacted.
PROBES = ("192.168.254.254", "10.254.254.254", "172.31.254.254")


def routed_address(probe: str) -> str | None:
    """The local address the system would send from to reach ``probe``, or None when
    there is no route. A UDP ``connect`` only chooses the route: no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect((probe, 9))  # 9: the discard port, were anything ever sent
        except OSError:
            return None
        return str(udp.getsockname()[0])


def listed_addresses() -> list[str]:
    """The addresses ``hostname -I`` lists (Linux), or none where it does not work."""
    try:
        done = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return done.stdout.split() if done.returncode == 0 else []


def reachable(address: str) -> bool:
    """An IPv4 address another machine on the network could open (not loopback,
    not a link-local or unspecified one)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return (
        ip.version == 4
        and not ip.is_loopback
        and not ip.is_link_local
        and not ip.is_unspecified
        and not ip.is_multicast
    )


def lan_addresses(
    route: Callable[[str], str | None] = routed_address,
    listed: Callable[[], Iterable[str]] = listed_addresses,
) -> list[str]:
    """This machine's addresses on the local network, the one the system routes
    through first; empty when it is on no network."""
    found = [route(probe) for probe in PROBES]
    found += list(listed())
    addresses: list[str] = []
    for address in found:
        if address is not None and reachable(address) and address not in addresses:
            addresses.append(address)
    return addresses


def allowed_hosts(addresses: Iterable[str], hostname: str) -> list[str]:
    """The host names a phone may use: each address, and the machine's name (with
    ``.local`` too, which phones resolve by multicast DNS on the same network)."""
    hosts = list(addresses)
    if hostname and "," not in hostname:
        name = hostname.removesuffix(".local")
        hosts += [name, f"{name}.local"]
    return hosts


def url(address: str, port: int) -> str:
    return f"http://{address}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scorepad.guards.lan",
        description="Print the address phones on this network open, with its QR code.",
    )
    parser.add_argument("--port", type=int, default=8000, help="the app's port (8000)")
    parser.add_argument(
        "--hosts",
        action="store_true",
        help="print only the host names to allow, comma-separated (for SCOREPAD_LAN_HOSTS)",
    )
    args = parser.parse_args(argv)
    addresses = lan_addresses()
    if args.hosts:
        print(",".join(allowed_hosts(addresses, socket.gethostname())))
        return 0
    if not addresses:
        print(
            "scorepad: this machine has no address on a local network: join the Wi-Fi the "
            "phones are on (or start the laptop's hotspot), then start Scorepad again.",
            file=sys.stderr,
        )
        return 1
    import segno

    first = url(addresses[0], args.port)
    print(f"\nPhones on the same Wi-Fi: open {first} (or scan this code)\n")
    segno.make(first).terminal(compact=True)
    for other in addresses[1:]:
        print(f"If it does not open, try {url(other, args.port)}")
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
