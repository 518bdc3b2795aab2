"""Which client a request is: the one answer every limit counts by.

The connection guard and the request rate (scorepad/guards/worker.py), the CPU budget
(scorepad/guards/middleware.py), the request limits (scorepad/guards/throttle.py: sign-up, sign-in,
imports, exports, PDFs, new games), the live streams' bounds (scorepad/views/live.py)
and the sign-in lockout (django-axes, AXES_CLIENT_IP_CALLABLE) all ask ``client``, so
that a client counts the same way for each: by its address, or for IPv6 by its /64
(one device may take any number of addresses in its network's /64: without this,
12 exports from new addresses of one /64 were all answered, limit 10).

The address is REMOTE_ADDR only: a forwarded-for header is whatever the client says
it is. Behind a proxy (scripts/prod) uvicorn sets it from the proxy's header, which
it trusts only from the proxy (--forwarded-allow-ips).
"""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest


def client_key(host: str) -> str:
    """What counts as one client: its address, an IPv4-mapped IPv6 address as the IPv4
    one, or for IPv6 its /64, written as the /64's first address (still an address, so
    django-axes can store it)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def client(request: HttpRequest) -> str:
    """The client this request counts as (``client_key`` of its address)."""
    return client_key(str(request.META.get("REMOTE_ADDR", "")))


# Browsers and systems by a word of their User-Agent, the first found naming it (Edge
# and Opera say "Chrome" too, Chrome says "Safari", every iPhone browser "Safari").
BROWSERS = (
    ("SamsungBrowser", "Samsung Internet"),
    ("EdgA/", "Edge"),
    ("EdgiOS", "Edge"),
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("FxiOS", "Firefox"),
    ("Firefox/", "Firefox"),
    ("CriOS", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Macintosh", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def phone_kind(user_agent: str) -> str:
    """The kind of phone a User-Agent says it is, as a keeper tells phones apart at the
    table: "Chrome, Android", "Safari, iPhone"; what it does not say is left out.
    (A User-Agent is whatever the browser says: this names a phone, it proves nothing.)"""
    browser = next((name for word, name in BROWSERS if word in user_agent), "")
    system = next((name for word, name in SYSTEMS if word in user_agent), "")
    return ", ".join(part for part in (browser, system) if part)


def phone(request: HttpRequest) -> str:
    """The kind of phone this request comes from (``phone_kind``)."""
    return phone_kind(str(request.META.get("HTTP_USER_AGENT", ""))[:1000])
