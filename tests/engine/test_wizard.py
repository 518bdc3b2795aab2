"""Wizard: 60 / n rounds of 1, 2, 3... cards, no hook as ruled, 20 and 10 a trick."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules_engine import (
    GAMES,
    Entry,
    RulesError,
    StepKind,
    new_record,
    parse_record,
    score,
    table,
)
from rules_engine.cli import main
from rules_engine.wizard import hand_sizes, round_score
from tests.engine.entering import enter

NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus"]


def record(players: int = 3, rounds: list[dict[str, Any]] | None = None, /, **options: Any) -> Any:
    return {
        "format": "scorepad/1",
        "game": "wizard",
        "options": options,
        "players": NAMES[:players],
        "first_dealer": 0,
        "rounds": rounds or [],
    }


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as caught:
        score(parse_record(data))
    return str(caught.value)


def cli(data: dict[str, Any]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["score", "-"], io.StringIO(json.dumps(data)), out, err)
    return status, out.getvalue(), err.getvalue()


def deal(hand_size: int, players: int, seat: int = 0) -> list[int]:
    """Tricks adding up to the hand: all to ``seat``."""
    return [hand_size if s == seat else 0 for s in range(players)]


def whole_game(players: int) -> list[dict[str, Any]]:
    """Every round: seat 0 bids and takes every trick, the others bid and take 0."""
    return [
        {"bids": deal(h, players), "tricks": deal(h, players)} for h in range(1, 60 // players + 1)
    ]


# --- The shape of the game ------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_it_deals_one_card_more_each_round_until_the_pack_is_dealt(
    players: int, rounds: int
) -> None:
    assert hand_sizes(players) == tuple(range(1, rounds + 1))
    setup = new_record("wizard", NAMES[:players]).setup
    assert GAMES["wizard"].round_count(setup) == rounds
    assert [GAMES["wizard"].hand_size(setup, i) for i in range(rounds)] == list(
        range(1, rounds + 1)
    )


@pytest.mark.parametrize("players", [2, 7])
def test_it_is_for_3_to_6_players(players: int) -> None:
    assert refusal(record(players)) == f"Wizard is for 3 to 6 players, not {players}"


def test_it_comes_after_the_five_games() -> None:
    assert list(GAMES)[5:7] == ["wizard", "skull-king"]


# --- Scores ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(2, 2, 40), (0, 0, 20), (3, 1, -20), (0, 3, -30), (1, 0, -10), (20, 20, 220)],
)
def test_a_made_bid_scores_20_and_10_a_trick_a_missed_one_10_off_a_trick(
    bid: int, tricks: int, points: int
) -> None:
    assert round_score(bid, tricks) == points


def test_three_players_play_to_the_last_round_of_20_cards() -> None:
    sheet = score(parse_record(record(3, whole_game(3))))
    assert len(sheet.rounds) == 20 and sheet.finished
    assert [r.hand_size for r in sheet.rounds] == list(range(1, 21))
    # Seat 0 makes every round: 20 + 10 x H; the others make their 0: 20 each round.
    assert sheet.totals == (sum(20 + 10 * h for h in range(1, 21)), 400, 400)
    assert sheet.winners == (0,)
    assert [r.dealer for r in sheet.rounds[:4]] == [0, 1, 2, 0]


def test_six_players_play_to_the_last_round_of_10_cards() -> None:
    rounds = whole_game(6)
    rounds[-1] = {"bids": [5, 5, 0, 0, 0, 0], "tricks": [4, 6, 0, 0, 0, 0]}
    sheet = score(parse_record(record(6, rounds)))
    assert len(sheet.rounds) == 10 and sheet.finished
    assert sheet.rounds[-1].scores == (-10, -10, 20, 20, 20, 20)
    assert sheet.totals == (sum(20 + 10 * h for h in range(1, 10)) - 10, 170, 200, 200, 200, 200)
    assert sheet.winners == (0,)


def test_a_round_after_the_last_is_refused() -> None:
    rounds = [*whole_game(6), {"bids": [0] * 6, "tricks": [1, 0, 0, 0, 0, 0]}]
    assert refusal(record(6, rounds)) == "round 11: the game was already over before this round"


def test_tied_totals_share_the_win() -> None:
    rounds = [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}] + [
        {"bids": [0, 0, 0], "tricks": deal(h, 3, seat=2)} for h in range(2, 21)
    ]
    sheet = score(parse_record(record(3, rounds)))
    assert sheet.finished and sheet.totals[0] == sheet.totals[1] and sheet.winners == (0, 1)


# --- Bids, tricks and the trump --------------------------------------------------


def test_as_ruled_the_bids_may_add_up_to_the_tricks() -> None:
    rounds = [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [1, 0, 1], "tricks": [1, 0, 1]}]
    assert score(parse_record(record(3, rounds))).totals == (60, 40, 50)


def test_with_the_canadian_rule_the_dealer_may_not_make_the_bids_add_up() -> None:
    rounds = [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]
    assert refusal(record(3, rounds, hook="on")) == (
        "round 1: Ann deals and may not bid 1: the bids would add up to the 1 trick"
    )


def test_the_hook_from_a_number_of_cards_spares_the_smaller_hands() -> None:
    rounds = [
        {"bids": [1, 0, 0], "tricks": [1, 0, 0]},
        {"bids": [1, 1, 0], "tricks": [1, 1, 0]},
        {"bids": [1, 1, 1], "tricks": [1, 1, 1]},
    ]
    assert refusal(record(3, rounds, hook="on", hook_from=3)) == (
        "round 3: Cleo deals and may not bid 1: the bids would add up to the 3 tricks"
    )
    assert len(score(parse_record(record(3, rounds[:2], hook="on", hook_from=3))).rounds) == 2


@pytest.mark.parametrize(
    ("rnd", "message"),
    [
        ({"bids": [2, 0, 0], "tricks": [1, 0, 0]}, "round 1: Ann may bid 0 to 1, not 2"),
        ({"bids": [0, 0, 0], "tricks": [1, 1, 0]}, "the tricks add up to 2, but 1 trick"),
        ({"bids": [0, 0, 0], "tricks": [-1, 1, 1]}, "round 1: Ann cannot take -1 tricks"),
        ({"bids": [0, 0], "tricks": [1, 0, 0]}, "bids must list one value for each of the 3"),
        ({"bids": [0, 0, 0], "tricks": [1, 0, 0], "trump": "stars"}, "trump must be one of"),
        ({"bids": [0, 0, 0], "tricks": [1, 0, 0], "bonus": [0, 0, 0]}, "unknown field 'bonus'"),
        ({"bids": [0, "1", 0], "tricks": [1, 0, 0]}, "a bid must be a whole number, not '1'"),
        ({"bids": [0, 0, 0]}, "round 1: the round has no 'tricks'"),
    ],
)
def test_a_round_that_breaks_a_rule_is_refused_naming_it(rnd: dict[str, Any], message: str) -> None:
    assert message in refusal(record(3, [rnd]))


@pytest.mark.parametrize("trump", ["spades", "hearts", "diamonds", "clubs", "none"])
def test_the_trump_is_optional_and_kept_as_given(trump: str) -> None:
    # The last round has no card left to turn: a suit noted is still kept as given.
    rounds = [*whole_game(6)[:-1], {**whole_game(6)[-1], "trump": trump}]
    data = record(6, rounds)
    assert score(parse_record(data)).finished
    assert parse_record(data).to_json()["rounds"][-1]["trump"] == trump


def test_the_table_asks_the_bids_in_turn_and_offers_the_trump_a_wizard_names() -> None:
    current = table(new_record("wizard", NAMES[:4], 1))
    assert current.step.kind is StepKind.BID and current.step.player == 2
    (trump,) = current.optional_steps
    assert trump.kind is StepKind.TRUMP
    assert trump.prompt == "Trump turned up (a Wizard turned: Ben deals and names a suit)"
    assert [c.value for c in trump.choices] == ["spades", "hearts", "diamonds", "clubs", "none"]


def test_a_round_entered_at_the_table_is_the_records_round() -> None:
    rec = new_record("wizard", NAMES[:3])
    pending: tuple[Entry, ...] = ()
    for entry in [
        Entry("trump", None, "clubs"),
        Entry("bid", 1, 0),
        Entry("bid", 2, 0),
        Entry("bid", 0, 1),  # the dealer: no hook, so the bids may add up to 1
        Entry("tricks", 1, 0),
        Entry("tricks", 2, 0),
    ]:
        rec, pending = enter(rec, pending, entry)
    assert rec.rounds == ({"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "clubs"},)
    assert score(rec).totals == (30, 20, 20)


# --- House rules ------------------------------------------------------------------


def test_the_hands_replace_the_rounds_and_end_the_game() -> None:
    rounds = [{"bids": [0, 0, 0], "tricks": deal(h, 3)} for h in (20, 1)]
    sheet = score(parse_record(record(3, rounds, hands=[20, 1])))
    assert sheet.finished and [r.hand_size for r in sheet.rounds] == [20, 1]
    assert sheet.totals == (-210, 40, 40)


@pytest.mark.parametrize(("players", "cards"), [(3, 21), (4, 16), (5, 13), (6, 11)])
def test_a_hand_over_what_the_60_cards_deal_is_refused(players: int, cards: int) -> None:
    most = 60 // players
    assert score(parse_record(record(players, hands=[1, most]))).rounds == ()
    assert refusal(record(players, hands=[1, cards])) == (
        f"option hands: a hand of {cards} cards is too big for {players} players: "
        f"the pack allows at most {most}"
    )


def test_hands_list_1_to_60_rounds() -> None:
    assert score(parse_record(record(3, hands=[1] * 60))).finished is False
    assert "lists 1 to 60 hands, not 61" in refusal(record(3, hands=[1] * 61))
    assert "lists 1 to 60 hands, not 0" in refusal(record(3, hands=[]))


def test_custom_scoring_scores_by_the_expressions() -> None:
    rounds = [{"bids": [1, 0, 0], "tricks": [0, 1, 0]}]
    options = {"scoring": "custom", "made": "10 + 2 * t", "missed": "-2 * abs(t - b)"}
    assert score(parse_record(record(3, rounds, **options))).totals == (-2, -2, 10)


def test_an_expression_is_checked_over_wizards_own_hands() -> None:
    """n in 3..6 and h up to floor(60 / n): at most 20 cards, so b * 500 stays in range,
    and a division by h - 25 never divides by zero. Over the 52 cards' hands (26 for
    two players) both are refused."""
    for made in ("b * 500", "100 // (h - 25)", "1000 // (n - 2)"):
        options = {"scoring": "custom", "made": made, "missed": "0"}
        assert score(parse_record(record(3, **options))).totals == (0, 0, 0)
        with pytest.raises(RulesError):
            parse_record({**record(4, **options), "game": "oh-hell"})
    refused = refusal(record(3, scoring="custom", made="b * 501", missed="0"))
    assert refused.startswith("option made: `b * 501` gives 10020 when b is 20")
    refused = refusal(record(3, scoring="custom", made="100 // (h - 20)", missed="0"))
    assert refused == "option made: division by zero when h is 20"


def test_custom_scoring_needs_both_expressions_and_they_need_it() -> None:
    assert "option missed is needed with scoring: custom" in refusal(
        record(3, scoring="custom", made="10")
    )
    assert "option made is given only with scoring: custom" in refusal(record(3, made="10"))


@pytest.mark.parametrize("bidding", ["open", "sealed"])
def test_the_bidding_is_open_or_sealed_and_scores_alike(bidding: str) -> None:
    rounds = [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]
    assert score(parse_record(record(3, rounds, bidding=bidding))).totals == (30, 20, 20)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bidding": "secret"}, "option bidding is one of open, sealed, not 'secret'"),
        ({"hook": "yes"}, "option hook is one of on, off, leader, not 'yes'"),
        ({"scoring": "positive"}, "option scoring is one of standard, custom, not 'positive'"),
        ({"style": "long"}, "unknown option 'style'"),
        ({"hook_from": 61}, "option hook_from is at most 60, not 61"),
    ],
)
def test_an_option_wizard_does_not_know_is_refused(options: dict[str, Any], message: str) -> None:
    assert message in refusal(record(3, **options))


# --- The command line ---------------------------------------------------------------


def test_the_command_line_prints_a_whole_game() -> None:
    status, out, err = cli(record(6, whole_game(6)))
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert printed["game"] == "wizard" and printed["finished"] is True
    assert printed["winners"] == [0]
    assert printed["rounds"][0] == {
        "dealer": 0,
        "hand_size": 1,
        "scores": [30, 20, 20, 20, 20, 20],
        "totals": [30, 20, 20, 20, 20, 20],
    }
    assert printed["totals"] == [sum(20 + 10 * h for h in range(1, 11)), 200, 200, 200, 200, 200]


def test_the_command_line_refuses_a_bad_round_in_one_line() -> None:
    status, out, err = cli(record(3, [{"bids": [0, 0, 0], "tricks": [0, 0, 0]}]))
    assert (status, out) == (1, "")
    assert err == "round 1: the tricks add up to 0, but 1 trick was played\n"
