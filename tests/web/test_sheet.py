"""sheet: the score sheet as the paper one looks."""

from __future__ import annotations

from html.parser import HTMLParser

from django.test import Client

from scorepad.models import Game


class SheetRows(HTMLParser):
    """The text of every cell of the sheet's body, a list a row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.in_body = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tbody":
            self.in_body = True
        elif self.in_body and tag == "tr":
            self.rows.append([])
        elif self.in_body and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self.in_body = False
        elif self.cell is not None and tag in ("td", "th"):
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def sheet_rows(html: str) -> list[list[str]]:
    parser = SheetRows()
    parser.feed(html)
    return parser.rows


def cells(row: str) -> list[str]:
    """A row as written in a test: round, cards | then bid, took, score, total a player."""
    return row.replace("|", " ").split()


def test_it_has_a_row_a_round_with_bid_tricks_score_and_total_per_player(
    client: Client, played_game: Game
) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    assert response.status_code == 200
    assert sheet_rows(response.text) == [
        cells("1 10 | 3 3 13 13 | 3 4 4 4 | 2 2 12 12 | 3 1 1 1"),
        cells("2  9 | 2 2 12 25 | 1 1 11 15 | 3 3 13 25 | 2 3 3 4"),
    ]


def test_it_heads_the_columns_with_the_players_in_seat_order(
    client: Client, played_game: Game
) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    heads = [
        f'<th scope="colgroup" colspan="4">{name}</th>' for name in ("Ann", "Bob", "Cat", "Dev")
    ]
    assert "".join(heads) in response.text


def test_it_names_the_winner_at_the_end(client: Client, finished_game: Game) -> None:
    response = client.get(f"/g/{finished_game.key}/sheet/")

    rows = sheet_rows(response.text)
    assert '<p class="winners">Won by Cat</p>' in response.text
    assert len(rows) == 10
    assert [rows[-1][i] for i in (5, 9, 13)] == ["64", "91", "100"]


def test_it_names_no_winner_while_the_game_goes_on(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    assert "Won by" not in response.text


def test_it_names_every_player_sharing_the_win(client: Client, finished_game: Game) -> None:
    # Round 1 corrected to Ann taking its one trick: Bob and Cat end on 100 each.
    record = finished_game.record
    record["rounds"][0] = {"bids": [0, 0, 0], "tricks": [1, 0, 0]}
    Game.objects.filter(pk=finished_game.pk).update(record=record)

    response = client.get(f"/g/{finished_game.key}/sheet/")

    assert '<p class="winners">Won by Bob and Cat</p>' in response.text


def test_it_leaves_out_the_round_still_being_entered(client: Client, bidding_game: Game) -> None:
    response = client.get(f"/g/{bidding_game.key}/sheet/")

    assert len(sheet_rows(response.text)) == 2


def test_a_new_game_has_an_empty_sheet_and_nothing_to_correct(
    client: Client, new_game: Game
) -> None:
    response = client.get(f"/g/{new_game.key}/sheet/")

    assert response.status_code == 200
    assert sheet_rows(response.text) == []
    assert "Correct it" not in response.text


def test_it_offers_to_correct_each_round_played(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    assert f'action="/g/{played_game.key}/correct/"' in response.text
    assert '<option value="1">1</option><option value="2">2</option>' in response.text
    assert '<input type="hidden" name="version" value="7">' in response.text


def test_it_links_back_to_the_table_and_to_the_record(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    assert f'href="/g/{played_game.key}/"' in response.text
    assert f'href="/g/{played_game.key}/record.json"' in response.text


def test_it_is_404_for_an_unknown_game(client: Client) -> None:
    response = client.get("/g/no-such-game/sheet/")

    assert response.status_code == 404


def test_it_refuses_a_post(client: Client, played_game: Game) -> None:
    response = client.post(f"/g/{played_game.key}/sheet/")

    assert response.status_code == 405
