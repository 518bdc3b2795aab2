"""viewer: the read-only link, polled live; an unchanged game answers 304."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import AsyncClient, Client
from django.utils.timezone import localdate

from rules_engine import parse_record
from scorepad.models import Game
from tests.five_games import BOERENBRIDGE, SINKER, SPADES
from tests.web.test_live import run
from tests.web.test_sheet import cells, rows_to_play, sheet_rows


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
    assert "The bids add up to 8 of 10 tricks: under by 2" in response.text
    # Bob, Cat and Dev have bid 3, 2 and 3.
    assert '<th scope="row">Bob</th><td>3</td>' in response.text


def test_it_shows_the_totals(client: Client, played_game: Game) -> None:
    response = client.get(viewer(played_game))

    assert "Totals after round 2" in response.text
    for total in ("25", "15", "4"):
        # The class may add whether the last round's bid was made ("num made").
        assert re.search(rf'<td class="num[a-z ]*">{total} ', response.text)


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
    # The one button shares the result (share.js); it changes nothing.
    assert response.text.count("<button") == 1
    assert '<button type="button" class="secondary" data-share="result-text" hidden' in (
        response.text
    )


def test_it_polls_itself_on_a_real_link_where_no_stream_can_be_had(
    client: Client, new_game: Game
) -> None:
    response = client.get(viewer(new_game))

    url = viewer(new_game)
    # data-poll: static/js/live.js holds these polls back while the stream is up.
    assert (
        f'<a href="{url}" hx-get="{url}"\n       hx-trigger="every 3s" hx-target="#live" '
        'hx-swap="outerHTML" data-poll>'
    ) in response.text


@pytest.mark.django_db(transaction=True)
def test_under_an_asgi_server_it_opens_a_stream_of_the_game_for_its_live_parts(
    new_game: Game,
) -> None:
    pages: list[str] = []

    async def scenario() -> None:
        response = await AsyncClient().get(viewer(new_game))
        # django-stubs give the async client's response no .text (Django's response has it).
        pages.append(response.text)  # type: ignore[attr-defined]

    run(scenario)

    url = f"/v/{new_game.viewer_key}/live/?v={new_game.version}"
    assert f'hx-ext="sse" sse-connect="{url}"' in pages[0]


def test_under_a_wsgi_server_it_opens_no_stream_and_polls(client: Client, new_game: Game) -> None:
    # A WSGI server would only refuse the stream, which the browser logs as an error.
    response = client.get(viewer(new_game))

    assert "sse-connect" not in response.text
    assert '<div class="live-stream" data-live ' in response.text
    assert 'hx-trigger="every 3s"' in response.text
    shown = f'hx-swap="outerHTML" data-version="{new_game.version}"'
    assert f'<section id="live" class="table viewer" sse-swap="live" {shown}>' in response.text
    assert (
        '<section id="viewer-sheet" class="viewer-sheet" sse-swap="sheet" hx-swap="outerHTML">'
        in (response.text)
    )


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


def test_it_shows_the_score_sheet_and_the_chart_read_only(
    client: Client, played_game: Game
) -> None:
    html = client.get(viewer(played_game)).text

    assert sheet_rows(html) == [
        cells("1 10 Ann _ | 3 3 13 13 | 3 4 4 4 | 2 2 12 12 | 3 1 1 1"),
        cells("2  9 Bob _ | 2 2 12 25 | 1 1 11 15 | 3 3 13 25 | 2 3 3 4"),
    ]
    assert len(rows_to_play(html)) == 17
    assert '<svg class="chart-svg"' in html
    assert "Correct it" not in html


def test_the_live_fragment_leaves_the_sheet_out_to_stay_small(
    htmx_client: Client, played_game: Game
) -> None:
    html = htmx_client.get(viewer(played_game)).text

    assert "Totals after round 2" in html
    assert sheet_rows(html) == []
    assert "chart-svg" not in html


def shared_text(html: str) -> str:
    start = html.index('<textarea id="result-text"')
    return unescape(html[html.index(">", start) + 1 : html.index("</textarea>", start)])


def test_it_has_the_result_in_plain_text_to_share(client: Client, finished_game: Game) -> None:
    html = client.get(viewer(finished_game)).text

    played = localdate(finished_game.created)
    assert shared_text(html) == (
        f"Oh Hell, {played.day} {played:%B %Y}: Cat won\n"
        "1. Cat 100\n"
        "2. Bob 91\n"
        "3. Ann 64\n"
        f"Score sheet: http://testserver/v/{finished_game.viewer_key}/"
    )
    assert '<script src="/static/js/share.js" defer></script>' in html


def test_a_game_going_on_shares_the_standings_so_far_ties_sharing_a_place(
    client: Client, played_game: Game
) -> None:
    text = shared_text(client.get(viewer(played_game)).text)

    assert text.splitlines()[0].endswith(": still going after 2 rounds")
    assert text.splitlines()[1:5] == ["1. Ann 25", "1. Cat 25", "3. Bob 15", "4. Dev 4"]


def test_a_shared_win_names_both_winners(client: Client) -> None:
    game = Game.objects.create(kind="sinker", record=SINKER)

    text = shared_text(client.get(viewer(game)).text)

    assert text.splitlines()[0].endswith(": Ann and Ben shared the win")
    assert text.splitlines()[1:3] == ["1. Ann 10", "1. Ben 10"]


def test_boerenbridge_is_won_on_exactly_100_whatever_else(client: Client) -> None:
    game = Game.objects.create(kind="boerenbridge", record=BOERENBRIDGE)

    text = shared_text(client.get(viewer(game)).text)

    assert text.splitlines()[0].endswith(": Ann won")
    assert text.splitlines()[1:5] == ["1. Ann 100", "2. Ben 85", "3. Cleo 80", "4. Dev 20"]


def test_the_finished_table_and_sheet_share_the_result_too(
    client: Client, finished_game: Game
) -> None:
    for page in (f"/g/{finished_game.key}/", f"/g/{finished_game.key}/sheet/"):
        assert shared_text(client.get(page).text).splitlines()[0].endswith(": Cat won")


def test_the_viewers_sheet_never_shows_the_keeper_link(client: Client, played_game: Game) -> None:
    response = client.get(viewer(played_game))

    assert played_game.key not in response.text
    assert "Correct round" not in response.text


def test_sealed_bids_show_on_the_viewer_only_once_the_last_is_in(client: Client, db: None) -> None:
    record = {
        "format": "scorepad/1",
        "game": "skull-king",
        "options": {"hands": [9]},  # sealed, as ruled
        "players": ["Ann", "Bob", "Cat"],
        "first_dealer": 0,
        "rounds": [],
    }
    game = Game.objects.create(kind="skull-king", record=record)
    keeper = Client()
    bid_now(keeper, game, 0, 7)
    bid_now(keeper, game, 1, 8)
    page = unescape(client.get(viewer(game)).text)
    assert re.search(r'<th scope="row">Ann.*?</th><td>✓</td>', page)
    assert re.search(r'<th scope="row">Bob.*?</th><td>✓</td>', page)
    assert "bid of" not in page and "add up to" not in page
    bid_now(keeper, game, 2, 5)
    page = unescape(client.get(viewer(game)).text)
    assert re.search(r'<th scope="row">Ann.*?</th><td>7</td>', page)
    assert "The bids add up to 20 of 9 tricks" in page


def test_partners_who_win_are_named_as_their_team(client: Client) -> None:
    # To 100: Ann & Cleo bid 12 and take 13 (121); Ben & Dev bid 2 and take 0 (-20).
    rounds = [{"bids": [6, 1, 6, 1], "tricks": [7, 0, 6, 0]}]
    data = {**SPADES, "options": {"target": 100}, "rounds": rounds}
    game = Game.start(parse_record(data))

    text = shared_text(client.get(viewer(game)).text)

    assert text.splitlines()[0].endswith(": Ann & Cleo won")
    assert text.splitlines()[1:5] == ["1. Ann 121", "1. Cleo 121", "3. Ben -20", "3. Dev -20"]
