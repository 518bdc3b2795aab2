"""Cross-Origin-Opener-Policy only where a browser holds it: HTTPS or this machine, never
the home server's LAN address over plain HTTP (Chromium logs it ignored on every page)."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from scorepad.models import Game

HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver", "192.168.1.20", "scorepad.guards.lan"]


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:8000", "127.5.0.1", "[::1]:8000"]
)
@override_settings(ALLOWED_HOSTS=[*HOSTS, "127.5.0.1"])
def test_this_machine_over_plain_http_gets_the_opener_policy(client: Client, host: str) -> None:
    response = client.get("/", HTTP_HOST=host)
    assert response.status_code == 200
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "scorepad.guards.lan", "testserver"])
@override_settings(ALLOWED_HOSTS=HOSTS)
def test_a_lan_address_over_plain_http_gets_none(client: Client, host: str, new_game: Game) -> None:
    for url in ("/", f"/g/{new_game.key}/", f"/g/{new_game.key}/sheet/", "/new/oh-hell/"):
        response = client.get(url, HTTP_HOST=host)
        assert response.status_code == 200, url
        assert "Cross-Origin-Opener-Policy" not in response, url


@pytest.mark.parametrize("host", ["192.168.1.20", "scorepad.guards.lan"])
@override_settings(ALLOWED_HOSTS=HOSTS)
def test_https_gets_the_opener_policy_whatever_the_host(client: Client, host: str) -> None:
    response = client.get("/", HTTP_HOST=host, secure=True)
    assert response.status_code == 200
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@override_settings(
    ALLOWED_HOSTS=HOSTS,
    SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
)
def test_https_ended_by_a_proxy_gets_it_too(client: Client) -> None:
    response = client.get("/", HTTP_HOST="scorepad.guards.lan", HTTP_X_FORWARDED_PROTO="https")
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    plain = client.get("/", HTTP_HOST="scorepad.guards.lan", HTTP_X_FORWARDED_PROTO="http")
    assert "Cross-Origin-Opener-Policy" not in plain


@override_settings(ALLOWED_HOSTS=HOSTS)
def test_an_htmx_answer_on_this_machine_carries_it(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/", HTTP_HOST="localhost", HTTP_HX_REQUEST="true")
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
