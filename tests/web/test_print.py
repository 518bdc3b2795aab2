"""blank_sheet: a blank score sheet for any game, options, player count and names."""

from __future__ import annotations

import pytest
from django.test import Client

from rules_engine import GAMES, OPEN_ROWS, RulesError, Setup, new_record, schedule
from scorepad.forms.printing import MOST_ROUNDS
from scorepad.printing.paper import team_boxes
from tests.web.test_paper_pdf import drawn
from tests.web.test_sheet import rows_to_play as sheet_rows

PYRAMID_HANDS = [*range(1, 14), *range(12, 0, -1)]
PYRAMID = ",".join(str(size) for size in PYRAMID_HANDS)
EVERY_COUNT = [
    (key, players)
    for key, rules in GAMES.items()
    for players in range(rules.player_range({})[0], rules.player_range({})[1] + 1)
]


def blank(client: Client, game: str, query: str = "", status: int = 200) -> str:
    response = client.get(f"/print/{game}/?{query}")
    assert response.status_code == status, response.text
    return response.text


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_it_has_a_row_a_round_with_the_cards_and_dealer_for_every_game_and_count(
    client: Client, game: str, players: int
) -> None:
    rows = sheet_rows(blank(client, game, f"players={players}"))

    rules = GAMES[game]
    rounds = schedule(game, {}, players)
    # The cards only where they change; no names given, so the dealer is a seat number.
    cards = len({r.hand_size for r in rounds}) > 1
    # A round's boxes, then one a round number (Skull King's lost tricks), then the players'.
    round_boxes = len(rules.round_boxes) + len(rules.round_numbers)
    boxes = round_boxes + (len(rules.seat_boxes) + 2) * players
    teams = rules.partnerships(Setup(game, {}, ("",) * players, 0))
    if teams is not None:  # a column group a team: the partners' boxes, its bags (Spades)
        boxes = round_boxes + (len(team_boxes(rules, teams)) + 2) * len(teams.teams)
    expected = [
        [str(r.number), *([str(r.hand_size)] if cards else []), str(r.dealer + 1)] + [""] * boxes
        for r in rounds
    ]
    assert rows == expected


def test_long_oh_hell_for_four_goes_10_down_to_1_and_back_with_the_deal_passing_left(
    client: Client,
) -> None:
    rows = sheet_rows(
        blank(client, "oh-hell", "players=4&player=Ann&player=Bob&player=Cat&player=Dev")
    )

    assert len(rows) == 19
    assert [row[1] for row in rows] == [str(n) for n in [*range(10, 0, -1), *range(2, 11)]]
    assert [row[2] for row in rows[:5]] == ["Ann", "Bob", "Cat", "Dev", "Ann"]
    assert rows[-1][2] == "Cat"


def test_the_first_dealer_deals_round_one(client: Client) -> None:
    rows = sheet_rows(blank(client, "oh-hell", "players=3&first_dealer=3&player=Ann&player=Bob"))

    assert [row[2] for row in rows[:4]] == ["3", "Ann", "Bob", "3"]


def test_the_names_head_the_players_columns(client: Client) -> None:
    html = blank(client, "sinker", "players=2&player=Ann&player=Bob")

    assert '<th scope="colgroup" colspan="3" class="player">Ann</th>' in html
    assert '<th scope="colgroup" colspan="3" class="player">Bob</th>' in html
    assert "Sinker score sheet: 8 rounds" in html


def test_names_left_out_are_empty_boxes_to_write_in(client: Client) -> None:
    html = blank(client, "oh-hell", "players=3&player=Ann")

    assert '<th scope="colgroup" colspan="4" class="player">Ann</th>' in html
    for seat in (2, 3):
        assert (
            '<th scope="colgroup" colspan="4" class="player name-box">'
            f'<span class="seat-no">{seat}</span></th>'
        ) in html
    assert "Player 2" not in html.split("</form>")[-1]  # after the settings form


def test_a_blank_sheet_ends_with_a_line_for_the_winner(client: Client) -> None:
    html = blank(client, "sinker", "players=2")

    assert '<p class="winner-line">Winner: <span class="write-in"></span></p>' in html


@pytest.mark.parametrize(
    ("style", "cards"),
    [
        ("short-up", list(range(1, 11))),
        ("short-down", list(range(10, 0, -1))),
        ("short-up-down", [6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6]),
        ("long-inverted", [*range(1, 11), *range(9, 0, -1)]),
    ],
)
def test_the_oh_hell_style_sets_the_cards(client: Client, style: str, cards: list[int]) -> None:
    rows = sheet_rows(blank(client, "oh-hell", f"players=5&option_style={style}"))

    assert [row[1] for row in rows] == [str(n) for n in cards]


def test_brink_bid_has_boxes_for_the_three_dice_every_round(client: Client) -> None:
    html = blank(client, "brink-bid", "players=4")

    assert 'class="round-boxes">Dice</th>' in html
    for die in ("Trump", "Pass", "Direction"):
        assert f'<th scope="col" class="round-box">{die}</th>' in html
    rows = sheet_rows(html)
    assert [row[1] for row in rows] == [str(n) for n in range(4, 14)]
    assert all(row.count("") == 3 + 16 for row in rows)
    # The dice's three boxes, and a player's bid and took, every round.
    assert html.count('<td class="box"></td>') == (3 + 2 * 4) * 10


@pytest.mark.parametrize(
    ("game", "query", "heads"),
    [
        ("oh-hell", "players=4", ["Trump", "Bid", "Took", "Points", "Total"]),
        ("sinker", "players=2", ["Calls", "Contract", "Tricks", "Points", "Total"]),
        (
            "abracadabra",
            "players=3",
            ["Trump", "Declarer", "Bid", "Named", "Took", "Suit cards", "Points", "Total"],
        ),
    ],
)
def test_each_game_has_the_boxes_its_players_would_draw(
    client: Client, game: str, query: str, heads: list[str]
) -> None:
    html = blank(client, game, query)

    for head in heads:
        assert f">{head}</th>" in html


def test_other_games_have_no_dice(client: Client) -> None:
    assert "Dice" not in blank(client, "oh-hell", "players=4")


def test_games_to_a_score_say_so_and_get_blank_rows(client: Client) -> None:
    boerenbridge = blank(client, "boerenbridge", "players=4")
    abracadabra = blank(client, "abracadabra", "players=3")

    assert "Boerenbridge score sheet: to 100" in boerenbridge
    assert len(sheet_rows(boerenbridge)) == OPEN_ROWS
    assert "Abracadabra score sheet: to 300" in abracadabra
    assert "Abracadabra score sheet: to 500" in blank(
        client, "abracadabra", "players=3&option_target=500"
    )
    deals = blank(client, "abracadabra", "players=4&option_deals=6")
    assert "Abracadabra score sheet: 6 deals" in deals
    assert len(sheet_rows(deals)) == 6


def test_with_no_choices_it_shows_the_default_sheet_for_four(client: Client) -> None:
    rows = sheet_rows(blank(client, "oh-hell"))

    assert len(rows) == 19
    assert [row[2] for row in rows[:4]] == ["1", "2", "3", "4"]


def test_it_links_the_pdf_on_a4_and_letter_with_the_same_choices(client: Client) -> None:
    html = blank(client, "oh-hell", "players=3&option_style=short-up&player=Ann")

    assert (
        'href="/print/oh-hell/pdf?players=3&amp;option_style=short-up&amp;player=Ann&amp;paper=a4"'
        in html
    )
    assert "paper=letter" in html
    assert 'formaction="/print/oh-hell/pdf"' in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=9", "Select a valid choice. 9 is not one of the available choices."),
        ("players=four", "Select a valid choice. four is not one of the available choices."),
        ("players=4&option_style=sideways", "Select a valid choice. sideways is not one of"),
        ("players=4&option_scoring=", ""),
        ("players=4&first_dealer=5", "Player 5 is not at a table of 4."),
        ("players=3&player=A&player=B&player=C&player=D", "D: there are names for more than the 3"),
        ("players=3&player=Ann&player=ann", "two players are called ann: give one another name"),
        ("players=3&paper=a5", "Select a valid choice. a5 is not one of the available choices."),
    ],
)
def test_it_refuses_bad_choices_with_a_message(client: Client, query: str, message: str) -> None:
    if not message:  # a blank option is its default, as in a record
        assert sheet_rows(blank(client, "oh-hell", query))
        return
    html = blank(client, "oh-hell", query, status=400)

    assert message in html.replace("&#x27;", "'")
    assert "<tbody>" not in html


@pytest.mark.parametrize("deals", [26, 100, 200])
def test_it_refuses_more_rounds_than_a_sheet_can_hold(client: Client, deals: int) -> None:
    html = blank(client, "abracadabra", f"players=3&option_deals={deals}", status=400)

    assert "A printed sheet has at most 25 rounds: choose fewer deals, or print two sheets." in html
    assert "<tbody" not in html


def test_more_deals_than_a_game_holds_are_refused_by_the_engines_bound(client: Client) -> None:
    html = blank(client, "abracadabra", "players=3&option_deals=500", status=400)

    assert "Ensure this value is less than or equal to 200." in html
    assert "<tbody" not in html


def test_the_most_rounds_a_sheet_holds_print_and_the_form_says_so(client: Client) -> None:
    html = blank(client, "abracadabra", "players=4&option_deals=25")

    assert len(sheet_rows(html)) == 25
    assert "A printed sheet has at most 25." in html
    response = client.get("/print/abracadabra/pdf?players=4&option_deals=26")
    assert response.status_code == 400
    assert "at most 25 rounds" in response.text


def test_the_longest_presets_game_just_fits_on_a_printed_sheet() -> None:
    # The cap is the longest preset's (Boerenbridge's Dutch pyramid, 25 hands for four).
    counts = []
    for key, rules in GAMES.items():
        for players in range(rules.min_players, rules.max_players + 1):
            for preset in rules.presets(players):
                try:
                    record = new_record(key, [str(n) for n in range(players)], 0, preset.options)
                except RulesError:  # a preset for other counts of players
                    continue
                counts.append(rules.round_count(record.setup) or 0)

    assert max(counts) == MOST_ROUNDS == 25


def test_the_pdf_refuses_bad_choices_too(client: Client) -> None:
    response = client.get("/print/oh-hell/pdf?players=2")

    assert response.status_code == 400
    assert "2 is not one of the available choices" in response.text


def test_an_unknown_game_is_not_found(client: Client) -> None:
    assert client.get("/print/whist/").status_code == 404
    assert client.get("/print/whist/pdf").status_code == 404


def test_it_only_answers_get(client: Client) -> None:
    assert client.post("/print/oh-hell/").status_code == 405


def test_the_home_page_links_a_blank_sheet_for_every_game(client: Client) -> None:
    html = client.get("/").text

    for key, rules in GAMES.items():
        assert f'<a href="/print/{key}/">Print a blank {rules.title} sheet</a>' in html


@pytest.mark.slow
def test_a_boerenbridge_sheet_for_five_takes_their_hand_sizes(client: Client) -> None:
    # RULINGS: 4 as ruled; 3 to 7 with hand sizes of one's own, at most 52 / n each.
    html = blank(client, "boerenbridge", "players=5&option_hands=1,+10,+5")

    assert 'name="option_hands"' in html
    assert [row[1] for row in sheet_rows(html)][:4] == ["1", "10", "5", "1"]
    refused = blank(client, "boerenbridge", "players=5", status=400)
    assert "Boerenbridge as ruled is played by 4 players, not 5" in refused
    too_big = blank(client, "boerenbridge", "players=7&option_hands=8", status=400)
    assert "a hand of 8 cards is too big for 7 players" in too_big
    pdf = client.get("/print/boerenbridge/pdf?players=7&option_hands=7,1")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF-")


def test_a_boerenbridge_sheet_of_fixed_length_has_a_row_for_every_hand(client: Client) -> None:
    # Issue 47: with End "after the last hand" the hands are dealt once, not over and over.
    html = blank(client, "boerenbridge", "players=4&option_hands=1,+2,+3,+2,+1&option_end=hands")

    assert 'name="option_end"' in html
    assert "Boerenbridge score sheet: 5 rounds, the highest total wins" in html
    assert [row[1] for row in sheet_rows(html)] == ["1", "2", "3", "2", "1"]
    # The facts under the form say no target nor bounce: a game of fixed length has none.
    assert "End: After the last hand" in html and "Target:" not in html
    over_and_over = blank(client, "boerenbridge", "players=4&option_hands=1,+2,+3,+2,+1")
    assert len(sheet_rows(over_and_over)) == OPEN_ROWS
    needs_hands = blank(client, "boerenbridge", "players=4&option_end=hands", status=400)
    assert "option hands is needed with end: hands" in needs_hands
    # The Dutch pyramid, 1..13..1 for four: all its 25 hands print, the longest sheet.
    pyramid = blank(client, "boerenbridge", f"players=4&option_hands={PYRAMID}&option_end=hands")
    assert [row[1] for row in sheet_rows(pyramid)] == [str(size) for size in PYRAMID_HANDS]
    assert "Boerenbridge score sheet: 25 rounds, the highest total wins" in pyramid


@pytest.mark.slow
def test_the_dutch_pyramids_pdf_prints_all_25_hands_on_two_pages_at_most(client: Client) -> None:
    for paper in ("a4", "letter"):
        response = client.get(
            f"/print/boerenbridge/pdf?players=4&option_hands={PYRAMID}&option_end=hands"
            f"&paper={paper}"
        )

        assert response.status_code == 200
        pages = drawn(response.content, f"boerenbridge-dutch-pyramid-{paper}")
        assert 1 <= len(pages) <= 2
        text = "".join(page["text"] for page in pages)
        assert "25 rounds" in text and "Winner:" in text


def test_a_blank_spades_sheet_has_a_column_group_a_team(client: Client) -> None:
    html = blank(client, "spades")
    assert "1 &amp; 3" in html and "2 &amp; 4" in html
    assert html.count(">Bags<") == 2 and html.count(">Bid<") == 4
    named = blank(client, "spades", "players=4&player=Ann&player=Bob&player=Cat&player=Dev")
    assert "Ann &amp; Cat" in named and "Bob &amp; Dev" in named
