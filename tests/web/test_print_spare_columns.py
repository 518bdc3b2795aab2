"""blank_sheet: spare columns for players who join late, as paper adds them (RULINGS,
"Players come and go"), with the key saying how a late column and a leaver are written."""

from __future__ import annotations

from django.test import Client

from tests.web.test_print import blank
from tests.web.test_sheet import rows_to_play

KEY = "Someone joins late: their name and starting total at the top of a spare column"


def test_spare_columns_follow_the_players_with_room_for_a_name(client: Client) -> None:
    page = blank(client, "oh-hell", "players=4&player=Ann&player=Bob&spare=2")

    heads = page.count('class="player name-box"><span class="seat-no">joins late</span>')
    assert heads == 2
    assert '<th scope="colgroup" colspan="4" class="player">Ann</th>' in page
    # Every round has room for six: its number, cards, dealer and trump, then a bid,
    # tricks, points and total a player.
    first = rows_to_play(page)[0]
    assert len(first) == 4 + 6 * 4
    # The deal passes round the four who start: round 5 is Ann's again.
    assert [row[2] for row in rows_to_play(page)[:5]] == ["Ann", "Bob", "3", "4", "Ann"]
    assert KEY in page


def test_without_spare_columns_the_sheet_is_as_before(client: Client) -> None:
    page = blank(client, "oh-hell", "players=4")

    assert "joins late" not in page and KEY not in page


def test_a_game_whose_players_stay_has_no_spare_columns(client: Client) -> None:
    page = blank(client, "sinker", "players=2&spare=2")

    assert "joins late" not in page
    assert 'name="spare"' not in page


def test_a_spare_count_that_is_no_choice_is_refused(client: Client) -> None:
    page = blank(client, "oh-hell", "players=4&spare=9", status=400)

    assert "Select a valid choice" in page


def test_the_pdf_link_keeps_the_spare_columns(client: Client) -> None:
    page = blank(client, "oh-hell", "players=4&spare=1")

    assert "spare=1&amp;paper=a4" in page
