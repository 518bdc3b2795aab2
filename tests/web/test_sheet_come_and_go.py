"""sheet: a column that starts late or ends early, shown as paper shows it (RULINGS,
"Players come and go"): empty boxes before a joiner's first round and their starting
total above it, a line under a leaver's last total, the rounds to play as the plan
deals them to the players at the table, and a stop."""

from __future__ import annotations

import re

from django.test import Client

from rules_engine import parse_record
from scorepad.models import Game
from scorepad.screens.sheet import sheet_context
from scorepad.views.printing import _part
from tests.web.changes import after_two_rounds, post, spec_example
from tests.web.test_sheet import cells, rows_to_play, sheet_rows


def stored(stopped: bool = True) -> Game:
    return Game.start(parse_record(spec_example(stopped)))


def total_cells(html: str) -> list[str]:
    """The classes of every total box of the rounds played, row by row."""
    body = html.split('<tbody class="rounds-played">', 1)[1].split("</tbody>", 1)[0]
    return [
        " ".join(re.findall(r'<td class="(total[^"]*)"', row)) for row in body.split("</tr>")[:-1]
    ]


def test_the_joiners_column_starts_with_their_total_and_the_leavers_ends_with_a_line(
    client: Client,
) -> None:
    game = stored()

    page = client.get(f"/g/{game.key}/sheet/").text

    # Round, cards, dealer, trump; then for each player: bid, took, points, total.
    assert sheet_rows(page) == [
        cells("1 10 Ann _ | 2 2 12 12 | 3 3 13 13 | 2 3 3 3 | 2 2 12 12 | _ _ _ starts_on_5"),
        cells("2  9 Ben _ | 2 2 12 24 | 2 3 3 16 | 2 2 12 15 | _ _ _ _ | 2 2 12 17"),
    ]
    classes = total_cells(page)
    assert classes[0].split(" total") == ["total", "", "", " leaves", " apart start"]
    assert classes[1].endswith("total apart total")


def test_a_stopped_game_says_so_names_who_left_and_has_no_rounds_to_play(
    client: Client,
) -> None:
    page = client.get(f"/g/{stored().key}/sheet/").text

    assert "The table stopped after round 2." in page
    assert '<p class="winners">Won by Ann</p>' in page
    assert "Left before the end, not ranked: Dev" in page
    assert rows_to_play(page) == []


def test_the_rounds_to_play_follow_the_plan_with_the_players_at_the_table(
    client: Client,
) -> None:
    page = client.get(f"/g/{stored(stopped=False).key}/sheet/").text

    # The plan 9 8 7 from round 2: rounds 3 and 4 deal 8 and 7; Cleo deals round 3
    # (the first at the table after Ben), Eva round 4 (after Cleo: Dev is away).
    assert [row[:3] for row in rows_to_play(page)] == [["3", "8", "Cleo"], ["4", "7", "Eva"]]
    to_play = page.split('<tbody class="to-play">', 1)[1].split("</tbody>", 1)[0]
    first_row = to_play.split("</tr>")[0]
    # Dev's four boxes marked as not played; everyone else's left to write in.
    assert first_row.count(" apart") == 4


def test_a_new_plan_made_for_the_round_to_come_shows_on_the_sheet_at_once(
    client: Client,
) -> None:
    game = after_two_rounds()
    before = rows_to_play(client.get(f"/g/{game.key}/sheet/").text)

    post(client, game, "plan", plan="3 2 1")

    after = rows_to_play(client.get(f"/g/{game.key}/sheet/").text)
    assert len(before) == 17
    assert [row[:2] for row in after] == [["3", "3"], ["4", "2"], ["5", "1"]]


def test_a_joiner_waiting_for_the_round_to_come_has_their_start_on_the_last_row(
    client: Client,
) -> None:
    game = after_two_rounds()
    post(client, game, "change", name="Eva", place="4", start="lowest")

    page = client.get(f"/g/{game.key}/sheet/").text

    rows = sheet_rows(page)
    assert rows[0][-4:] == ["", "", "", ""]
    assert rows[1][-4:] == ["", "", "", "starts on 4"]
    assert '<th scope="colgroup" colspan="4" class="player">Eva</th>' in page


def test_the_chart_draws_a_line_only_for_the_rounds_a_player_played(client: Client) -> None:
    page = client.get(f"/g/{stored().key}/sheet/").text

    described = re.search(r"<desc[^>]*>(.*?)</desc>", page, re.S)
    assert described is not None
    text = described.group(1)
    assert "Dev: 12 (ends on 12)" in text
    assert "Eva: 17 (ends on 17)" in text
    assert "Ann: 12, 24 (ends on 24)" in text


def test_the_pdf_carries_a_standing_total_and_a_start_into_its_next_part() -> None:
    context = sheet_context(stored())
    parts = [{"number": 1, "first": 1, "last": 1}, {"number": 2, "first": 2, "last": 2}]

    part = _part(context, parts, 2)

    assert part["carried"] == ["12", "13", "3", "12", "5"]
