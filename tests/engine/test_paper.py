"""paper: each game's rounds as its paper score sheet writes them."""

from __future__ import annotations

from rules_engine import GAMES, PaperRow, paper, parse_record
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.five_games import ABRACADABRA, BOERENBRIDGE, BRINK_BID, HOOKED, SINKER


def test_every_game_fills_one_box_a_column() -> None:
    for data in (ABRACADABRA, BOERENBRIDGE, BRINK_BID, SINKER, oh_hell([ROUND_1])):
        record = parse_record(data)
        rules = GAMES[record.game]
        for row in paper(record):
            assert len(row.boxes) == len(rules.round_boxes)
            assert [len(seat) for seat in row.seats] == [len(rules.seat_boxes)] * len(
                record.players
            )


def test_oh_hell_writes_the_trump_where_it_was_noted() -> None:
    rows = paper(parse_record(oh_hell([{**ROUND_1, "trump": "none"}, ROUND_2])))

    assert rows[0] == PaperRow(("NT",), (("3", "3"), ("3", "4"), ("2", "2"), ("3", "1")))
    assert rows[1].boxes == ("",)


def test_brink_bid_writes_the_three_dice() -> None:
    [row] = paper(parse_record(BRINK_BID))

    assert row.boxes == ("♥", "2", "across-left")


def test_sinker_writes_the_calls_and_who_made_which_contract() -> None:
    rows = paper(parse_record(SINKER))

    assert rows[0] == PaperRow(("zero, pass", "Ann zero, made"), (("0",), ("8",)))
    assert rows[1] == PaperRow(("zero, pass", "Ben zero, made"), (("8",), ("0",)))


def test_abracadabra_marks_the_exposed_tricks_and_the_open_pile() -> None:
    [row] = paper(parse_record(ABRACADABRA))

    assert row.boxes == ("♥", "Ben", "3")
    assert row.seats == (
        ("5 11", "5", "♥ 6"),
        ("4 8 [12]", "4", "♠ 5"),
        ("-", "3", "♣ 0"),
        ("1", "1", "♦ 1 open"),
    )


def test_a_round_that_needs_attention_shows_only_what_was_bid_and_taken() -> None:
    [row] = paper(parse_record(HOOKED))

    assert row == PaperRow(("",), (("2", "3"), ("3", "4"), ("2", "2"), ("3", "1")))
