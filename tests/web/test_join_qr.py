"""join_qr: the Join link as a QR code, for the keeper's screen."""

from __future__ import annotations

from django.test import Client

from scorepad.models import Game


def test_it_draws_the_join_link_as_an_svg(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/join.svg")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")


def test_only_the_keepers_link_draws_it(client: Client, new_game: Game) -> None:
    for key in (new_game.viewer_key, new_game.join_key, "nothing"):
        assert client.get(f"/g/{key}/join.svg").status_code == 404
