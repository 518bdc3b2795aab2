"""Security on every page: the Content-Security-Policy, no inline script or style, CSRF."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from scorepad.models import Game

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
    "object-src 'none'"
)

# A <script> with no src is inline; so is any <style> element or style="" attribute.
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)


def pages(game: Game, finished: Game) -> list[str]:
    return [
        "/",
        "/new/oh-hell/",
        f"/g/{game.key}/",
        f"/g/{game.key}/sheet/",
        f"/g/{finished.key}/",
        f"/g/{finished.key}/sheet/",
    ]


def test_every_page_carries_the_strict_content_security_policy(
    client: Client, bidding_game: Game, finished_game: Game
) -> None:
    for url in pages(bidding_game, finished_game):
        response = client.get(url)

        assert response.status_code == 200, url
        assert response["Content-Security-Policy"] == CSP, url


def test_an_htmx_answer_and_a_refusal_carry_it_too(htmx_client: Client, new_game: Game) -> None:
    stale = {"version": new_game.version - 1, "kind": "bid", "seat": 1, "value": 3}

    response = htmx_client.post(f"/g/{new_game.key}/enter/", stale)

    assert response.status_code == 409
    assert response["Content-Security-Policy"] == CSP


def test_no_page_has_inline_script_or_style(
    client: Client, htmx_client: Client, bidding_game: Game, finished_game: Game
) -> None:
    for url in pages(bidding_game, finished_game):
        for answer in (client.get(url), htmx_client.get(url)):
            assert answer.status_code == 200, url
            assert INLINE_SCRIPT.findall(answer.text) == [], url
            assert INLINE_STYLE.findall(answer.text) == [], url


def test_no_template_has_inline_script_or_style() -> None:
    """Pages no test renders yet are covered too: the templates themselves hold none."""
    templates = sorted(Path(settings.BASE_DIR, "templates").rglob("*.html"))

    assert templates
    for template in templates:
        text = template.read_text()
        assert INLINE_SCRIPT.findall(text) == [], template.name
        assert INLINE_STYLE.findall(text) == [], template.name


def test_htmx_is_told_not_to_add_its_indicator_style(client: Client) -> None:
    response = client.get("/")

    assert '"includeIndicatorStyles":false' in response.text


def test_pages_refuse_framing_and_keep_links_from_other_sites(client: Client) -> None:
    response = client.get("/")

    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(new_game: Game) -> None:
    client = Client(enforce_csrf_checks=True)
    client.get(f"/g/{new_game.key}/")

    response = client.post(
        f"/g/{new_game.key}/enter/",
        {"version": new_game.version, "kind": "bid", "seat": 1, "value": 3},
    )

    assert response.status_code == 403
    new_game.refresh_from_db()
    assert new_game.pending == []
    assert new_game.version == 3


@pytest.mark.parametrize("htmx", [False, True])
def test_a_post_with_the_token_from_the_page_is_taken(new_game: Game, htmx: bool) -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(f"/g/{new_game.key}/")
    # htmx sends the token from <body hx-headers>; a plain form from its hidden input.
    match = re.search(r'hx-headers=\'\{"x-csrftoken": "([^"]+)"\}\'', page.text)
    assert match is not None
    token = match.group(1)
    data = {"version": new_game.version, "kind": "bid", "seat": 1, "value": 3}
    if htmx:
        response = client.post(
            f"/g/{new_game.key}/enter/", data, headers={"HX-Request": "true", "X-CSRFToken": token}
        )
    else:
        response = client.post(f"/g/{new_game.key}/enter/", {**data, "csrfmiddlewaretoken": token})

    assert response.status_code == (200 if htmx else 303)
    new_game.refresh_from_db()
    assert new_game.pending == [{"kind": "bid", "seat": 1, "value": 3}]


def test_the_csrf_cookie_is_not_http_only_and_the_session_cookie_is() -> None:
    # htmx reads nothing from the cookie (the token rides in the page), so either
    # would do; the session cookie must never be readable by scripts.
    assert settings.CSRF_COOKIE_HTTPONLY is False
    assert settings.SESSION_COOKIE_HTTPONLY is True


def test_every_page_is_private_to_its_browser_and_varies_with_the_cookie(
    client: Client, bidding_game: Game, finished_game: Game
) -> None:
    for url in [*pages(bidding_game, finished_game), "/accounts/login/", "/missing/"]:
        response = client.get(url)

        cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= cache_control, url
        assert "Cookie" in response["Vary"], url


def test_every_page_refuses_the_features_no_page_uses(client: Client, new_game: Game) -> None:
    for url in ("/", f"/g/{new_game.key}/", "/missing/"):
        policy = client.get(url)["Permissions-Policy"]

        assert "camera=()" in policy
        assert "geolocation=()" in policy
        assert "microphone=()" in policy


def page_token(client: Client, url: str) -> str:
    match = re.search(r'hx-headers=\'\{"x-csrftoken": "([^"]+)"\}\'', client.get(url).text)
    assert match is not None
    return match.group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_tap_after_signing_in_in_another_tab_says_to_reload(
    new_game: Game, htmx: bool, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("ann", password="a-long-card-table-password")
    client = Client(enforce_csrf_checks=True)
    stale = page_token(client, f"/g/{new_game.key}/")
    # The other tab: signing in gives the browser a new token.
    login_token = page_token(client, "/accounts/login/")
    client.post(
        "/accounts/login/",
        {"username": "ann", "password": "a-long-card-table-password"},
        headers={"X-CSRFToken": login_token},
    )
    data = {"version": new_game.version, "kind": "bid", "seat": 1, "value": 3}
    headers = {"HX-Request": "true", "X-CSRFToken": stale} if htmx else {}

    response = client.post(
        f"/g/{new_game.key}/enter/",
        data if htmx else {**data, "csrfmiddlewaretoken": stale},
        headers=headers,
    )

    assert response.status_code == 403
    assert "You signed in or out in another tab: reload the page" in response.text
    new_game.refresh_from_db()
    assert new_game.version == 3


def test_every_page_loads_the_script_that_explains_a_refused_tap(client: Client) -> None:
    page = client.get("/").text
    script = (settings.BASE_DIR / "static/js/stale-page.js").read_text()

    assert '<script src="/static/js/stale-page.js" defer></script>' in page
    assert 'addEventListener("htmx:responseError"' in script
    assert "document.body.dataset.wordsSignedElsewhere" in script
    assert 'data-words-signed-elsewhere="You signed in or out in another tab:"' in page


def test_a_view_that_chose_its_own_caching_keeps_it_made_private(
    client: Client, new_game: Game
) -> None:
    # The viewer's poll is stored and revalidated by its ETag (a 304 costs nothing).
    viewer = client.get(f"/v/{new_game.viewer_key}/")
    viewer_control = {part.strip() for part in viewer["Cache-Control"].split(",")}
    qr = client.get(f"/g/{new_game.key}/qr.svg")
    qr_control = {part.strip() for part in qr["Cache-Control"].split(",")}

    assert viewer_control == {"no-cache", "private"}
    assert qr_control == {"max-age=3600", "private"}
    assert "Cookie" in viewer["Vary"] and "Cookie" in qr["Vary"]


def test_the_viewers_etag_does_not_give_away_the_games_number(
    client: Client, new_game: Game, settings: Any
) -> None:
    import hashlib

    etag = client.get(f"/v/{new_game.viewer_key}/", headers={"HX-Request": "true"})["ETag"]
    tag = etag.removeprefix("W/").strip('"')

    # The unsigned tag it once was fell to trying every number and version in a second.
    tried = {
        hashlib.sha256(f"{pk}-{version}-live".encode()).hexdigest()[:24]
        for pk in range(5000)
        for version in range(8)
    }
    assert tag not in tried
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    other = client.get(f"/v/{new_game.viewer_key}/", headers={"HX-Request": "true"})["ETag"]
    assert other != etag
