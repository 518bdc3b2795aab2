"""viewer: the read-only screen of a game whose players come and go shows who is not at
the table, a joiner's starting total and the sheet as paper shows it, and no change."""

from __future__ import annotations

from django.test import Client

from tests.web.changes import after_two_rounds, post


def test_the_viewer_shows_who_is_apart_and_who_joins_but_offers_no_change(
    client: Client,
) -> None:
    game = after_two_rounds()
    post(client, game, "leaves", seat="0")
    post(client, game, "change", name="Eva", place="4", start="lowest")

    page = Client().get(f"/v/{game.viewer_key}/").text

    # Ann shares the lead (a tie: no star), and is shown apart.
    assert 'Ann <small class="apart-note">not at the table' in page
    assert 'Eva <small class="apart-note">joins</small>' in page
    assert "css/changes.css" in page
    assert "Players, plan, stop" not in page and game.key not in page
    assert "starts on" in page  # Eva's column on the sheet, above her first round
