"""viewer: the read-only link, polled live; an unchanged game answers 304."""

from __future__ import annotations

from typing import Any

from django.test import Client

from scorepad.models import Game


def viewer(game: Game) -> str:
    return f"/v/{game.viewer_key}/"


def bid_now(keeper: Client, game: Game, seat: int, value: int) -> None:
    """The keeper enters a bid through the table, as a tap would."""
    game.refresh_from_db()
    data: dict[str, Any] = {"version": game.version, "kind": "bid", "seat": seat, "value": value}
    response = keeper.post(f"/g/{game.key}/enter/", data)
    assert response.status_code == 303


def test_it_shows_the_round_whose_turn_and_the_bids_so_far(
    client: Client, hooked_game: Game
) -> None:
    response = client.get(viewer(hooked_game))

    assert response.status_code == 200
    assert "<html" in response.text
    assert "Oh Hell: Round 1 of 19" in response.text
    assert "<dt>Cards</dt><dd>10</dd>" in response.text
    assert "<dt>Deals</dt><dd>Ann</dd>" in response.text
    assert "<dt>First</dt><dd>Bob</dd>" in response.text
    assert '<h2 class="prompt now">Now: Ann bids</h2>' in response.text
    assert "bids 8 of 10 tricks: under by 2" in response.text
    # Bob, Cat and Dev have bid 3, 2 and 3.
    assert '<th scope="row">Bob</th><td>3</td>' in response.text


def test_it_shows_the_totals(client: Client, played_game: Game) -> None:
    response = client.get(viewer(played_game))

    assert "Totals after round 2" in response.text
    for total in ("25", "15", "4"):
        assert f'<td class="num">{total} ' in response.text


def test_it_shows_the_winner_of_a_finished_game(client: Client, finished_game: Game) -> None:
    response = client.get(viewer(finished_game))

    assert response.status_code == 200
    assert '<h2 class="winners">' in response.text
    assert "Cat" in response.text


def test_it_has_no_forms_and_never_shows_the_keepers_link(
    client: Client, hooked_game: Game
) -> None:
    response = client.get(viewer(hooked_game))

    assert hooked_game.key not in response.text
    # The header's sign-out form is the only form, and only when signed in.
    assert "<form" not in response.text
    assert "<button" not in response.text


def test_it_polls_itself_on_a_real_link(client: Client, new_game: Game) -> None:
    response = client.get(viewer(new_game))

    url = viewer(new_game)
    assert (
        f'<a href="{url}" hx-get="{url}"\n       hx-trigger="every 3s" hx-target="#live" '
        'hx-swap="outerHTML">'
    ) in response.text


def test_with_htmx_it_answers_the_live_fragment_only(htmx_client: Client, new_game: Game) -> None:
    response = htmx_client.get(viewer(new_game))

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="live"')
    assert "<html" not in response.text
    assert "Now: Bob bids" in response.text


def test_it_answers_an_etag_to_revalidate_every_time(client: Client, new_game: Game) -> None:
    response = client.get(viewer(new_game))

    assert response["ETag"].startswith('"')
    assert "no-cache" in response["Cache-Control"]
    assert "HX-Request" in response["Vary"]


def test_an_unchanged_game_answers_304_to_the_page(client: Client, new_game: Game) -> None:
    etag = client.get(viewer(new_game))["ETag"]

    response = client.get(viewer(new_game), headers={"If-None-Match": etag})

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert "no-cache" in response["Cache-Control"]


def test_an_unchanged_game_answers_304_to_the_fragment(htmx_client: Client, new_game: Game) -> None:
    etag = htmx_client.get(viewer(new_game))["ETag"]

    response = htmx_client.get(viewer(new_game), headers={"If-None-Match": etag})

    assert response.status_code == 304
    assert response.content == b""
    assert "HX-Request" in response["Vary"]


def test_the_page_and_the_fragment_have_different_etags(
    client: Client, htmx_client: Client, new_game: Game
) -> None:
    page = client.get(viewer(new_game))["ETag"]
    fragment = htmx_client.get(viewer(new_game))["ETag"]

    assert page != fragment
    # The fragment's tag does not revalidate the page, nor the other way round.
    assert client.get(viewer(new_game), headers={"If-None-Match": fragment}).status_code == 200
    assert htmx_client.get(viewer(new_game), headers={"If-None-Match": page}).status_code == 200


def test_the_etag_changes_with_each_step_and_the_viewer_sees_it(
    client: Client, htmx_client: Client, new_game: Game
) -> None:
    keeper = Client()
    seen = set()
    page_tag = client.get(viewer(new_game))["ETag"]
    live_tag = htmx_client.get(viewer(new_game))["ETag"]
    for seat, value, next_up in ((1, 3, "Cat bids"), (2, 2, "Dev bids"), (3, 3, "Ann bids")):
        bid_now(keeper, new_game, seat, value)

        page = client.get(viewer(new_game), headers={"If-None-Match": page_tag})
        live = htmx_client.get(viewer(new_game), headers={"If-None-Match": live_tag})

        assert page.status_code == 200
        assert live.status_code == 200
        assert f"Now: {next_up}" in page.text
        assert f"Now: {next_up}" in live.text
        assert page["ETag"] != page_tag
        assert live["ETag"] != live_tag
        page_tag, live_tag = page["ETag"], live["ETag"]
        seen |= {page_tag, live_tag}
    assert len(seen) == 6


def test_an_undo_changes_the_etag_too(client: Client, hooked_game: Game) -> None:
    etag = client.get(viewer(hooked_game))["ETag"]

    Client().post(f"/g/{hooked_game.key}/undo/", {"version": hooked_game.version})

    response = client.get(viewer(hooked_game), headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert "Now: Dev bids" in response.text


def test_signing_in_changes_the_pages_etag_but_not_the_fragments(
    client: Client, new_game: Game, django_user_model: Any
) -> None:
    page = client.get(viewer(new_game))["ETag"]
    live = client.get(viewer(new_game), headers={"HX-Request": "true"})["ETag"]

    client.force_login(django_user_model.objects.create_user("ann", password="x"))

    # The page's header now says who is signed in; the fragment has no header.
    assert client.get(viewer(new_game), headers={"If-None-Match": page}).status_code == 200
    fragment = client.get(viewer(new_game), headers={"HX-Request": "true", "If-None-Match": live})
    assert fragment.status_code == 304


def test_a_made_up_viewer_key_is_not_found(client: Client, new_game: Game) -> None:
    response = client.get("/v/AAAAAAAAAAAAAAAAAAAAAA/")

    assert response.status_code == 404
    assert "ETag" not in response


def test_the_keepers_key_is_not_a_viewer_link(client: Client, new_game: Game) -> None:
    assert client.get(f"/v/{new_game.key}/").status_code == 404


def test_it_refuses_a_post(client: Client, new_game: Game) -> None:
    response = client.post(viewer(new_game), {"version": new_game.version})

    assert response.status_code == 405
