"""A round's view carries its numbers typed: what each player bid and took, and the
declarer's seat, so nothing reads them back from the sheet's words ("3*")."""

from __future__ import annotations

from rules_engine import parse_record, score
from tests.five_games import ABRACADABRA, ABRACADABRA_ROUND, BOERENBRIDGE, OH_HELL, SKULL_KING


def test_a_bidding_games_view_counts_each_players_bid_and_tricks() -> None:
    for scored, rnd in zip(score(parse_record(OH_HELL)).rounds, OH_HELL["rounds"], strict=True):
        assert scored.view.counts == tuple(zip(rnd["bids"], rnd["tricks"], strict=True))
        assert scored.view.declarer is None


def test_a_player_sitting_out_in_boerenbridge_has_no_count() -> None:
    last = score(parse_record(BOERENBRIDGE)).rounds[-1]
    assert last.view.counts == (None, None, None, (0, 0))
    assert last.view.bids == ("-", "-", "-", "0")


def test_skull_kings_view_counts_bids_and_tricks() -> None:
    for scored, rnd in zip(
        score(parse_record(SKULL_KING)).rounds, SKULL_KING["rounds"], strict=True
    ):
        assert scored.view.counts == tuple(zip(rnd["bids"], rnd["tricks"], strict=True))


def test_abracadabras_view_names_the_declarer_the_bids_row_marks() -> None:
    view = score(parse_record(ABRACADABRA)).rounds[0].view
    marked = [seat for seat, bid in enumerate(view.bids) if bid.endswith("*")]
    assert marked == [view.declarer]
    winners = ABRACADABRA_ROUND["trick_winners"]
    assert view.counts == tuple(
        (len(named), winners.count(seat)) for seat, named in enumerate(ABRACADABRA_ROUND["named"])
    )
