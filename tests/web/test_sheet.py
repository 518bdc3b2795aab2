"""sheet: the score sheet as the paper one looks."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from rules_engine import new_record
from scorepad.models import Game
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.five_games import ABRACADABRA, BRINK_BID, HOOKED, SINKER, record


class SheetRows(HTMLParser):
    """The text of every cell of the sheet's body (of its ``part``), a list a row."""

    def __init__(self, part: str) -> None:
        super().__init__()
        self.part = part
        self.rows: list[list[str]] = []
        self.in_body = False
        self.cell: list[str] | None = None
        # Open elements inside one hidden from screen readers (a narrow screen's
        # folded copy of other boxes): their text is not the cell's.
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.hidden or dict(attrs).get("aria-hidden") == "true":
            self.hidden += 1
        elif tag == "tbody":
            self.in_body = dict(attrs).get("class") == self.part
        elif self.in_body and tag == "tr":
            self.rows.append([])
        elif self.in_body and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if self.hidden:
            self.hidden -= 1
        elif tag == "tbody":
            self.in_body = False
        elif self.cell is not None and tag in ("td", "th"):
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None and not self.hidden:
            self.cell.append(data)


def sheet_rows(html: str) -> list[list[str]]:
    """The rows of the rounds played."""
    parser = SheetRows("rounds-played")
    parser.feed(html)
    return parser.rows


def rows_to_play(html: str) -> list[list[str]]:
    """The empty rows for the rounds still to play (all of a blank sheet's)."""
    parser = SheetRows("to-play")
    parser.feed(html)
    return parser.rows


def cells(row: str) -> list[str]:
    """A row as written in a test, its boxes apart by "|"; "_" is an empty box, and
    within a box a space ("♥_6")."""
    return ["" if cell == "_" else cell.replace("_", " ") for cell in row.replace("|", " ").split()]


def test_it_has_a_row_a_round_with_bid_tricks_score_and_total_per_player(
    client: Client, played_game: Game
) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    assert response.status_code == 200
    assert sheet_rows(response.text) == [
        cells("1 10 Ann _ | 3 3 13 13 | 3 4 4 4 | 2 2 12 12 | 3 1 1 1"),
        cells("2  9 Bob _ | 2 2 12 25 | 1 1 11 15 | 3 3 13 25 | 2 3 3 4"),
    ]


def test_it_heads_the_columns_with_the_players_in_seat_order(
    client: Client, played_game: Game
) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    heads = [
        f'<th scope="colgroup" colspan="4" class="player">{name}</th>'
        for name in ("Ann", "Bob", "Cat", "Dev")
    ]
    assert "".join(heads) in response.text


def test_it_names_the_winner_at_the_end(client: Client, finished_game: Game) -> None:
    response = client.get(f"/g/{finished_game.key}/sheet/")

    rows = sheet_rows(response.text)
    assert '<p class="winners">Won by Cat</p>' in response.text
    assert len(rows) == 10
    assert [rows[-1][i] for i in (7, 11, 15)] == ["64", "91", "100"]


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


def stored_game(record: dict[str, Any]) -> Game:
    return Game.objects.create(kind=record["game"], record=record, version=1)


def test_oh_hell_has_a_trump_box_with_the_trump_noted(client: Client) -> None:
    game = stored_game(oh_hell([{**ROUND_1, "trump": "hearts"}, ROUND_2]))

    rows = sheet_rows(client.get(f"/g/{game.key}/sheet/").text)

    assert [row[:4] for row in rows] == [["1", "10", "Ann", "♥"], ["2", "9", "Bob", ""]]


def test_sinker_has_the_calls_the_contract_and_its_bidder_and_each_players_tricks(
    client: Client,
) -> None:
    # Ann deals deal 1: Ben calls first, both pass: Diving, and Ann's 5 tricks cost her 10.
    # Ben deals deal 2: Ann calls all, and loses it at trick 4: Ben scores its 15.
    game = stored_game(
        record(
            "sinker",
            ["Ann", "Ben"],
            0,
            {"deals": 4},
            [
                {"calls": ["pass", "pass"], "tricks": [5, 3]},
                {"calls": ["all", "pass"], "tricks": [3, 1]},
            ],
        )
    )

    html = client.get(f"/g/{game.key}/sheet/").text

    assert sheet_rows(html) == [
        ["1", "Ann", "pass, pass", "Diving", "5", "-10", "-10", "3", "0", "0"],
        ["2", "Ben", "all, pass", "Ann all, failed", "3", "0", "-10", "1", "15", "15"],
    ]
    # No cards column: every deal is of 8. Deals 3 and 4 are left to fill in.
    assert rows_to_play(html) == [["3", "Ann"] + [""] * 8, ["4", "Ben"] + [""] * 8]
    # A line to write the winner in, on paper only: the screen says who won once over.
    assert '<p class="winner-line paper-only">' in html


def test_sinker_made_contracts_name_their_bidders(client: Client) -> None:
    html = client.get(f"/g/{stored_game(SINKER).key}/sheet/").text

    assert sheet_rows(html) == [
        ["1", "Ben", "zero, pass", "Ann zero, made", "0", "10", "10", "8", "0", "0"],
        ["2", "Ann", "zero, pass", "Ben zero, made", "8", "0", "10", "0", "10", "10"],
    ]
    # Finished: nothing left to play, and the winners named at the top.
    assert rows_to_play(html) == []
    assert '<p class="winners">Won by Ann and Ben</p>' in html


def test_abracadabra_has_trump_declarer_bid_and_each_players_named_tricks(
    client: Client,
) -> None:
    # The record spec's worked example; then a deal everyone passes (thrown in).
    thrown_in = {"calls": ["pass", "pass", "pass", "pass"]}
    game = stored_game({**ABRACADABRA, "rounds": [*ABRACADABRA["rounds"], thrown_in]})

    html = client.get(f"/g/{game.key}/sheet/").text

    assert sheet_rows(html) == [
        cells(
            "1 Ann ♥ Ben 3 | 5_11 5 ♥_6 63 63 | 4_8_[12] 4 ♠_5 42 42 | - 3 ♣_0 3 3 "
            "| 1 1 ♦_1_open 36 36"
        ),
        cells("2 Ben _ thrown_in _ | _ _ _ 0 63 | _ _ _ 0 42 | _ _ _ 0 3 | _ _ _ 0 36"),
    ]
    for head in ("Declarer", "Bid", "Took", "Suit cards", "Points"):
        assert f">{head}</th>" in html
    # On a narrow screen the round's declarer and bid fold into its trump box.
    assert '>Trump<span class="folded" aria-hidden="true"> · Declarer · Bid</span></th>' in html
    assert (
        '<td class="box">♥<span class="folded" aria-hidden="true"><span>Ben</span>'
        "<span>3</span></span></td>"
    ) in html
    # On a narrow screen a player's took and suit cards fold into the named box.
    folded_head = '<span class="folded" aria-hidden="true"> · Took · Suit cards</span></th>'
    assert f">Named{folded_head}" in html
    assert (
        '<td class="box">4 8 [12]<span class="folded" aria-hidden="true">'
        '<span class="missed">4</span><span>♠ 5</span></span></td>'
    ) in html
    # Played to 300: a handful of empty deals to carry on, the deal passing on.
    assert [row[:2] for row in rows_to_play(html)] == [
        ["3", "Cleo"], ["4", "Dev"], ["5", "Ann"], ["6", "Ben"], ["7", "Cleo"], ["8", "Dev"],
    ]  # fmt: skip


def test_brink_bid_keeps_its_three_dice_boxes_filled_in(client: Client) -> None:
    html = client.get(f"/g/{stored_game(BRINK_BID).key}/sheet/").text

    assert 'class="round-boxes">Dice</th>' in html
    assert sheet_rows(html) == [
        cells("1 4 Ann ♥ 2 across-left | 1 1 5 5 | 2 1 2 2 | 0 2 0 0 | 1 0 2 2"),
    ]
    # The rest of the game, 5 cards up to 13, the deal passing on.
    to_play = rows_to_play(html)
    assert [row[:3] for row in to_play[:2]] == [["2", "5", "Ben"], ["3", "6", "Cleo"]]
    assert [row[1] for row in to_play] == [str(n) for n in range(5, 14)]


def test_a_round_that_needs_attention_shows_what_was_bid_and_taken(client: Client) -> None:
    html = client.get(f"/g/{stored_game(HOOKED).key}/sheet/").text

    [row] = sheet_rows(html)
    # Ann bid 2 and took 3: 3 points (the hook broken, it still scores as entered).
    assert row[:8] == ["1 ⚠", "10", "Ann", "", "2", "3", "3", "3"]


def test_each_rounds_number_opens_its_correction(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    fix = f"/g/{played_game.key}/sheet/2/"
    assert f'<a class="fix" href="{fix}" aria-label="Correct round 2">2</a>' in response.text


def test_the_rounds_number_is_its_only_tap_target_and_boxes_say_made_or_missed(
    client: Client, played_game: Game
) -> None:
    response = client.get(f"/g/{played_game.key}/sheet/")

    # One finger-sized target a row (the round's number), none a few pixels wide
    # in each box beside it.
    assert response.text.count('class="fix"') == 2
    assert "?focus=" not in response.text
    # Round 1: Ann bid 3 and took 3 (made); Bob bid 3 and took 4 (missed). Four
    # players' tricks fold under their bids on a narrow screen.
    folded = '<span class="folded" aria-hidden="true"><span class="{}">{}</span></span>'
    assert (
        f'<td class="box">3{folded.format("made", 3)}</td><td class="box fold made">3</td>'
        in response.text
    )
    assert (
        f'<td class="box">3{folded.format("missed", 4)}</td><td class="box fold missed">4</td>'
        in response.text
    )


def drew_rows(response: Any) -> bool:
    """Whether the answer drew the sheet's rows rather than using the ones kept."""
    return "_sheet_drawn.html" in [template.name for template in response.templates]


def test_its_rows_are_drawn_once_a_record_and_again_when_it_changes(
    client: Client, played_game: Game
) -> None:
    url = f"/g/{played_game.key}/sheet/"
    first, again = client.get(url), client.get(url)

    assert drew_rows(first) and not drew_rows(again)
    assert sheet_rows(again.text) == sheet_rows(first.text)

    client.post(f"/g/{played_game.key}/undo/", {"version": played_game.version})
    changed = client.get(url)

    assert drew_rows(changed)
    assert len(sheet_rows(changed.text)) == len(sheet_rows(first.text)) - 1


def test_its_rows_are_kept_apart_for_each_language(client: Client, played_game: Game) -> None:
    url = f"/g/{played_game.key}/sheet/"
    english = client.get(url, headers={"accept-language": "en"})
    dutch = client.get(url, headers={"accept-language": "nl"})

    assert drew_rows(english) and drew_rows(dutch)
    assert "Running totals" in english.text and "Running totals" not in dutch.text


def test_sealed_bids_of_the_round_in_play_are_not_on_the_sheet(client: Client, db: None) -> None:
    record = {
        "format": "scorepad/1",
        "game": "skull-king",
        "options": {"hands": [1, 9]},  # sealed, as ruled
        "players": ["Ann", "Bob", "Cat"],
        "first_dealer": 0,
        "rounds": [{"bids": [0, 0, 1], "tricks": [0, 0, 1], "bonus": [0, 0, 0]}],
    }
    game = Game.objects.create(kind="skull-king", record=record)
    for seat, bid in ((0, 7), (1, 8)):
        game.refresh_from_db()
        data = {"version": game.version, "kind": "bid", "seat": seat, "value": bid}
        assert client.post(f"/g/{game.key}/enter/", data).status_code == 303
    # The page holds the phone's sheet and the paper one (_paper_sheet.html) alike.
    page = client.get(f"/g/{game.key}/sheet/").text
    assert len(sheet_rows(page)) == 1  # the round played, not the one in play
    assert "✓" not in page and "bid of" not in page and "add up to" not in page


def spades_game() -> Game:
    """The rulings' worked example, then 7 bags for Ann & Cat, then 3 more: 11, -100."""
    rounds = [
        {"bids": [3, 0, 2, 4], "tricks": [4, 0, 2, 7]},
        {"bids": [2, 4, 1, 3], "tricks": [6, 3, 4, 0]},
        {"bids": [4, 2, 2, 1], "tricks": [7, 2, 2, 2]},
    ]
    players = ["Ann", "Bob", "Cat", "Dev"]
    return Game.start(new_record("spades", players, 3).with_rounds(rounds))


def test_a_spades_sheet_has_a_column_group_a_team_with_its_bags(client: Client) -> None:
    game = spades_game()

    response = client.get(f"/g/{game.key}/sheet/")

    assert response.status_code == 200
    heads = [
        f'<th scope="colgroup" colspan="7" class="player">{name}</th>'
        for name in ("Ann &amp; Cat", "Bob &amp; Dev")
    ]
    assert "".join(heads) in response.text
    # Each team: Ann's (Bob's) bid and tricks, Cat's (Dev's), the bags, points and total.
    assert sheet_rows(response.text) == [
        cells("1 Dev | 3 4 2 2 1 51 51 | nil 0 4 7 3 143 143"),
        cells("2 Ann | 2 6 1 4 8 37 88 | 4 3 3 0 3 -70 73"),
        cells("3 Bob | 4 7 2 2 1 -37 51 | 2 2 1 2 4 31 104"),
    ]


def test_how_a_spades_round_scored_is_said_once_a_team(client: Client) -> None:
    # Issue 48: both partners carry the team's line; it is said once, under the team's name.
    game = spades_game()

    for page in (client.get(f"/g/{game.key}/").text, client.get(f"/v/{game.viewer_key}/").text):
        [told] = re.findall(r'<details class="breakdown">.*?</details>', page, re.S)
        assert "<summary>How round 3 scored</summary>" in told
        assert re.findall(r"<li>(.*?)</li>", told) == [
            "Ann &amp; Cat: 63: 6 bid, 9 taken, 3 bags; 11 bags: -100 = -37",
            "Bob &amp; Dev: 31: 3 bid, 4 taken, 1 bag",
        ]
