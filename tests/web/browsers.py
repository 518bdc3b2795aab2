"""Games kept by a browser without an account, as the tests set them up."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.test import Client

from scorepad.guards.browsers import COOKIE, SALT
from scorepad.models import Browser, Game, new_key


def browser_cookie(key: str) -> str:
    """The signed cookie value that names browser ``key`` (as the middleware sends it)."""
    response = HttpResponse()
    response.set_signed_cookie(COOKIE, key, salt=SALT)
    return response.cookies[COOKIE].value


def client_browser(client: Client) -> Browser:
    """The browser ``client`` is, by its cookie (given one if it has none yet)."""
    morsel = client.cookies.get(COOKIE)
    key = None
    if morsel is not None:
        request = HttpRequest()
        request.COOKIES[COOKIE] = morsel.value
        key = request.get_signed_cookie(COOKIE, salt=SALT)
    if not key:
        key = new_key()
        client.cookies[COOKIE] = browser_cookie(key)
    return Browser.objects.get_or_create(key=key)[0]


def started_here(client: Client, *games: Game) -> None:
    """``games``, and no others, were started in ``client``'s browser, without an account."""
    browser = client_browser(client)
    browser.games.update(browser=None)
    Game.objects.filter(pk__in=[game.pk for game in games]).update(browser=browser)


def kept_here(client: Client) -> list[str]:
    """The keys of the games ``client``'s browser keeps, newest first."""
    browser = client_browser(client)
    return list(browser.games.order_by("-created", "-pk").values_list("key", flat=True))
