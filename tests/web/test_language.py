"""The language: the browser's Accept-Language, and the header's switch that overrides it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_speaks_english_by_default(client: Client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<html lang="en">' in page.text
    assert "Games played" in page.text


def test_it_speaks_dutch_to_a_browser_that_asks_for_it(client: Client) -> None:
    page = client.get("/", headers={"accept-language": "nl-NL,nl;q=0.9,en;q=0.5"})
    assert '<html lang="nl">' in page.text
    assert "Gespeelde spellen" in page.text
    assert "Games played" not in page.text


def test_it_falls_back_to_english_for_a_language_it_does_not_have(client: Client) -> None:
    page = client.get("/", headers={"accept-language": "fr-FR,fr;q=0.9"})
    assert '<html lang="en">' in page.text


def test_the_header_offers_a_plain_form_to_switch(client: Client) -> None:
    page = client.get("/games/")
    assert 'action="/i18n/setlang/"' in page.text
    assert 'name="language" value="nl"' in page.text
    assert 'name="next" value="/games/"' in page.text


def test_the_switch_overrides_the_browser_and_is_remembered(client: Client) -> None:
    switched = client.post("/i18n/setlang/", {"language": "nl", "next": "/games/"})
    assert switched.status_code == 302
    assert switched["Location"] == "/games/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nl"
    page = client.get("/", headers={"accept-language": "en-GB,en;q=0.9"})
    assert '<html lang="nl">' in page.text
    assert 'name="language" value="en"' in page.text


def test_switching_back_to_english_sticks_too(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = client.get("/", headers={"accept-language": "nl"})
    assert '<html lang="en">' in page.text


def test_the_switch_refuses_a_language_it_does_not_have(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies
    assert '<html lang="en">' in client.get("/").text


def test_the_switch_does_not_send_anyone_to_another_site(client: Client) -> None:
    switched = client.post("/i18n/setlang/", {"language": "nl", "next": "https://evil.example/"})
    assert switched["Location"] == "/"
