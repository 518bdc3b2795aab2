"""Spades: two partnerships, team contracts, nil and blind nil, bags and the bag penalty."""

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
    corrected,
    describe,
    new_record,
    parse_record,
    presets,
    score,
    table,
    undo,
)
from rules_engine.cli import main
from rules_engine.spades import team_rounds
from rules_engine.teams import across
from tests.engine.entering import enter

NAMES = ["Ann", "Bob", "Cat", "Dev"]


def record(rounds: list[dict[str, Any]] | None = None, /, **options: Any) -> dict[str, Any]:
    # Dev deals first, so Ann bids first.
    return {
        "format": "scorepad/1",
        "game": "spades",
        "options": options,
        "players": NAMES,
        "first_dealer": 3,
        "rounds": rounds or [],
    }


def totals(rounds: list[dict[str, Any]], **options: Any) -> tuple[int, ...]:
    return score(parse_record(record(rounds, **options))).totals


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as caught:
        score(parse_record(data))
    return str(caught.value)


def cli(data: dict[str, Any]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["score", "-"], io.StringIO(json.dumps(data)), out, err)
    return status, out.getvalue(), err.getvalue()


# The rulings' worked example: Ann 3, Bob nil, Cat 2, Dev 4; tricks 4, 0, 2, 7.
EXAMPLE = {"bids": [3, 0, 2, 4], "tricks": [4, 0, 2, 7]}


# --- The rulings, one by one ------------------------------------------------------------


def test_partners_sit_opposite() -> None:
    assert across(4).teams == ((0, 2), (1, 3))
    assert across(4).partners(1) == (3,)
    assert across(4).against(NAMES) == "Ann & Cat against Bob & Dev"
    assert GAMES["spades"].partnerships(parse_record(record()).setup) == across(4)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_it_is_for_exactly_four_players(players: int) -> None:
    data = {**record(), "players": ["Ann", "Bob", "Cat", "Dev", "Eve"][:players], "first_dealer": 0}
    assert refusal(data) == f"Spades is for 4 players, not {players}"


def test_the_rulings_worked_example() -> None:
    """Ann & Cat: contract 5, counted 6: 50 + 1 bag = 51. Bob & Dev: contract 4,
    counted 7 (Dev's): 40 + 3 bags = 43, and Bob's nil made +100: 143."""
    sheet = score(parse_record(record([EXAMPLE])))
    assert sheet.totals == (51, 143, 51, 143)
    assert sheet.rounds[0].carried == (1, 3)
    assert sheet.rounds[0].hand_size == 13
    assert (
        sheet.rounds[0].view.breakdown
        == (
            "51: 5 bid, 6 taken, 1 bag",
            "43: 4 bid, 7 taken, 3 bags; Bob's nil: +100 = 143",
        )
        * 2
    )


def test_the_command_line_prints_the_teams_their_scores_and_bags() -> None:
    status, out, err = cli(record([EXAMPLE, {"bids": [4, 3, 3, 3], "tricks": [3, 4, 1, 5]}]))
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert printed["teams"] == [[0, 2], [1, 3]]
    # Round 2: Ann & Cat bid 7 and took 4: set, -70. Bob & Dev bid 6, took 9: 60 + 3 bags.
    assert [r["team_scores"] for r in printed["rounds"]] == [[51, 143], [-70, 63]]
    assert [r["bags"] for r in printed["rounds"]] == [[1, 3], [1, 6]]
    assert [r["scores"] for r in printed["rounds"]] == [[51, 143, 51, 143], [-70, 63, -70, 63]]
    assert printed["totals"] == [-19, 206, -19, 206]
    assert (printed["finished"], printed["winners"]) == (False, [])


def test_a_set_contract_loses_ten_a_trick_bid_and_takes_no_bags() -> None:
    sheet = score(parse_record(record([{"bids": [4, 3, 3, 3], "tricks": [3, 4, 1, 5]}])))
    assert sheet.rounds[0].scores == (-70, 63, -70, 63)
    assert sheet.rounds[0].carried == (0, 3)
    assert sheet.rounds[0].view.breakdown[0] == "-70: 7 bid, 4 taken, set"
    assert sheet.rounds[0].view.made == (False, True, False, True)


def test_a_nil_bidders_tricks_count_neither_toward_the_contract_nor_as_bags() -> None:
    # Bob's nil fails with 2 tricks; Dev bid 4 and took 4: made exactly, no bag.
    (ann_cat, bob_dev) = team_rounds([3, 0, 3, 4], [4, 2, 3, 4], [], (0, 0), 10)
    assert (bob_dev.contract, bob_dev.taken, bob_dev.bags, bob_dev.points) == (4, 4, 0, -60)
    assert (ann_cat.contract, ann_cat.taken, ann_cat.bags, ann_cat.points) == (6, 7, 1, 61)
    assert totals([{"bids": [3, 0, 3, 4], "tricks": [4, 2, 3, 4]}]) == (61, -60, 61, -60)


def test_a_blind_nil_is_worth_200_made_or_lost() -> None:
    made = {"bids": [0, 3, 4, 4], "tricks": [0, 4, 5, 4], "blind": [0]}
    lost = {"bids": [0, 3, 4, 4], "tricks": [1, 4, 4, 4], "blind": [0]}
    # Cat bid 4 and took 5: 40 + 1 bag, and Ann's blind nil +200. Bob & Dev: 7 bid, 8: 71.
    assert totals([made]) == (241, 71, 241, 71)
    # Cat bid 4 and took 4: 40, and Ann's blind nil -200.
    assert totals([lost]) == (-160, 71, -160, 71)
    sheet = score(parse_record(record([lost])))
    assert sheet.rounds[0].view.bids == ("blind nil", "3", "4", "4")
    assert (
        sheet.rounds[0].view.breakdown[0]
        == "40: 4 bid, 4 taken, 0 bags; Ann's blind nil: -200 = -160"
    )


def test_both_partners_nil_score_nothing_for_the_contract() -> None:
    rnd = {"bids": [0, 5, 0, 5], "tricks": [0, 6, 1, 6]}
    # Ann's nil +100, Cat's -100; Bob & Dev bid 10 and took 12: 100 + 2 bags.
    assert totals([rnd]) == (0, 102, 0, 102)
    sheet = score(parse_record(record([rnd])))
    assert sheet.rounds[0].view.breakdown[0] == "Ann's nil: +100; Cat's nil: -100 = 0"


def test_ten_bags_cost_100_and_the_rest_carry_on() -> None:
    # Ann & Cat bid 2 and take 9: 7 bags a round. Round 2 reaches 14: -100, 4 carry on.
    rnd = {"bids": [1, 5, 1, 6], "tricks": [5, 2, 4, 2]}
    sheet = score(parse_record(record([rnd, rnd])))
    assert [r.carried[0] for r in sheet.rounds] == [7, 4]
    assert [r.scores[0] for r in sheet.rounds] == [27, 27 - 100]
    assert sheet.rounds[1].view.breakdown[0] == "27: 2 bid, 9 taken, 7 bags; 14 bags: -100 = -73"
    # Bob & Dev bid 11 and took 4: set both times.
    assert sheet.totals == (-46, -220, -46, -220)


def test_the_bag_limit_is_an_option_and_may_be_reached_twice_in_a_round() -> None:
    rnd = {"bids": [1, 5, 1, 6], "tricks": [6, 2, 5, 0]}  # 9 bags
    sheet = score(parse_record(record([rnd, rnd], bag_limit=5)))
    assert [r.carried[0] for r in sheet.rounds] == [4, 3]  # 9: -100, 4; 13: -200, 3
    assert [r.scores[0] for r in sheet.rounds] == [29 - 100, 29 - 200]


def test_no_bag_penalty_lets_the_bags_add_up() -> None:
    rnd = {"bids": [1, 5, 1, 6], "tricks": [6, 2, 5, 0]}
    sheet = score(parse_record(record([rnd, rnd], bag_limit=None)))
    assert [r.carried[0] for r in sheet.rounds] == [9, 18]
    assert sheet.totals[0] == 58


def test_the_game_ends_after_the_first_round_a_team_reaches_the_target() -> None:
    rnd = {"bids": [6, 1, 6, 0], "tricks": [6, 1, 6, 0]}  # Ann & Cat 120, Bob & Dev 10 + 100
    sheet = score(parse_record(record([rnd] * 4)))
    assert sheet.totals == (480, 440, 480, 440) and not sheet.finished
    sheet = score(parse_record(record([rnd] * 5)))
    assert sheet.totals == (600, 550, 600, 550) and sheet.finished
    # The game won counts for both partners.
    assert sheet.winners == (0, 2)
    assert "round 6: " in refusal(record([rnd] * 6))


def test_a_team_at_lose_at_or_lower_ends_the_game_and_the_higher_total_wins() -> None:
    rnd = {"bids": [5, 1, 5, 1], "tricks": [3, 2, 3, 5]}  # Ann & Cat set: -100
    sheet = score(parse_record(record([rnd, rnd])))
    assert sheet.totals[0] == -200 and sheet.finished
    assert sheet.winners == (1, 3)
    sheet = score(parse_record(record([rnd, rnd], lose_at=None)))
    assert not sheet.finished


def test_equal_totals_share_the_win() -> None:
    rnd = {"bids": [5, 5, 5, 5], "tricks": [3, 3, 4, 3]}  # both set: -100 each
    sheet = score(parse_record(record([rnd, rnd])))
    assert sheet.finished and sheet.winners == (0, 1, 2, 3)


def test_the_table_may_stop_and_the_higher_total_wins() -> None:
    sheet = score(parse_record({**record([EXAMPLE]), "stopped": True}))
    assert sheet.finished and sheet.winners == (1, 3)


def test_the_options_and_their_ranges() -> None:
    setup = parse_record(record()).setup
    assert dict(setup.options) == {
        "target": 500,
        "lose_at": -200,
        "bag_limit": 10,
        "blind_nil": True,
        "bidding": "open",
    }
    assert "option target" in refusal(record(target=50))
    assert "option lose_at" in refusal(record(lose_at=-50))
    assert "option bag_limit" in refusal(record(bag_limit=3))
    assert "option blind_nil" in refusal(record(blind_nil="yes"))
    assert "unknown option" in refusal(record(hook="on"))


def test_the_presets() -> None:
    offered = {p.name: dict(p.options) for p in presets("spades", 4)}
    assert offered == {
        "Standard, to 500": {},
        "Short, to 300": {"target": 300},
        "No bag penalty": {"bag_limit": None},
    }


# --- Refusals, each naming the round --------------------------------------------------


@pytest.mark.parametrize(
    ("rnd", "options", "message"),
    [
        (
            {**EXAMPLE, "trump": "hearts"},
            {},
            "round 2: spades are always trumps in Spades: no trump is recorded",
        ),
        (
            {**EXAMPLE, "blind": [1]},
            {"blind_nil": False},
            "round 2: blind nil is not played at this table (option blind_nil), "
            "so Bob may not bid it",
        ),
        ({**EXAMPLE, "blind": [0]}, {}, "round 2: Ann bid 3: only a nil may be blind"),
        (
            {**EXAMPLE, "blind": [1, 1]},
            {},
            "round 2: blind lists the seats that bid blind nil, each once, low to high",
        ),
        (
            {"bids": [14, 0, 2, 4], "tricks": [4, 0, 2, 7]},
            {},
            "round 2: Ann may bid 0 to 13, not 14",
        ),
        (
            {"bids": [3, 0, 2, 4], "tricks": [4, 0, 2, 6]},
            {},
            "round 2: the tricks add up to 12, but 13 tricks were played",
        ),
        # Refused as in Sinker, naming the round that carries them (RULINGS, "Players
        # come and go": every refusal of these fields names its round).
        (
            {**EXAMPLE, "seated": [0, 1, 2]},
            {},
            "round 2: Spades keeps its players for the whole game",
        ),
        ({**EXAMPLE, "plan": [13]}, {}, "round 2: Spades keeps its players for the whole game"),
    ],
)
def test_a_round_that_breaks_a_rule_is_refused_with_the_reason(
    rnd: dict[str, Any], options: dict[str, Any], message: str
) -> None:
    found = refusal(record([EXAMPLE, rnd], **options))
    assert found.startswith(message), found
    status, out, err = cli(record([EXAMPLE, rnd], **options))
    assert (status, out) == (1, "") and err.startswith(message)


# --- At the table ------------------------------------------------------------------------


def play_round(entries: list[Entry], **options: Any) -> tuple[Any, tuple[Entry, ...]]:
    rec = new_record("spades", NAMES, 3, options)
    pending: tuple[Entry, ...] = ()
    for entry in entries:
        rec, pending = enter(rec, pending, entry)
    return rec, pending


def test_the_bid_pad_offers_blind_nil_first_then_nil() -> None:
    current = table(new_record("spades", NAMES, 3))
    assert current.step.kind is StepKind.BID and current.step.player == 0
    assert [c.value for c in current.step.choices][:4] == ["blind", "0", "1", "2"]
    assert [c.label for c in current.step.choices][:2] == ["Blind nil", "Nil"]
    assert len(current.step.choices) == 15
    without = table(new_record("spades", NAMES, 3, {"blind_nil": False}))
    assert [c.value for c in without.step.choices][:2] == ["0", "1"]
    with pytest.raises(RulesError, match="Bob may not bid it"):
        play_round([Entry("bid", 0, 3), Entry("bid", 1, "blind")], blind_nil=False)


def test_each_teams_contract_shows_as_the_bids_come_in() -> None:
    rec, pending = play_round([Entry("bid", 0, 3)])
    assert table(rec, pending).notes == ("Ann & Cat: 3",)
    rec, pending = play_round([Entry("bid", 0, 3), Entry("bid", 1, "blind"), Entry("bid", 2, 2)])
    assert table(rec, pending).notes == ("Ann & Cat: 5", "Bob & Dev: 0 (Bob nil)")


def test_sealed_the_contracts_wait_for_the_last_bid() -> None:
    rec, pending = play_round([Entry("bid", 2, 2), Entry("bid", 0, 3)], bidding="sealed")
    assert table(rec, pending).notes == ()


def test_a_round_at_the_table_gives_the_record_its_blind_nil_and_undo_takes_it_back() -> None:
    bids = [Entry("bid", 0, 3), Entry("bid", 1, "blind"), Entry("bid", 2, 2), Entry("bid", 3, 4)]
    rec, pending = play_round(bids)
    current = table(rec, pending)
    assert current.step.kind is StepKind.TRICKS and current.optional_steps == ()
    assert [c.allowed for c in current.step.choices] == [True] * 14
    for entry in [Entry("tricks", 0, 4), Entry("tricks", 1, 0), Entry("tricks", 2, 2)]:
        rec, pending = enter(rec, pending, entry)
    assert rec.rounds == ({"bids": [3, 0, 2, 4], "tricks": [4, 0, 2, 7], "blind": [1]},)
    assert score(rec).totals == (51, 243, 51, 243)
    assert describe(Entry("bid", 1, "blind"), NAMES, rules=rec.rules) == "Bob's bid of blind nil"
    assert describe(Entry("bid", 1, 0), NAMES, rules=rec.rules) == "Bob's bid of nil"
    before, pending = undo(rec, ())
    assert before.rounds == ()
    assert pending[1] == Entry("bid", 1, "blind")


def test_a_trump_is_refused_at_the_table() -> None:
    with pytest.raises(RulesError, match="spades are always trumps"):
        play_round([Entry("trump", None, "hearts")])


def test_a_sealed_blind_nil_changed_is_no_longer_blind() -> None:
    rec, pending = play_round(
        [Entry("bid", 1, "blind"), Entry("bid", 1, 2), Entry("bid", 0, 3)], bidding="sealed"
    )
    assert table(rec, pending).draft["blind"] == []  # type: ignore[index]


def test_sealed_a_players_own_phone_shows_their_teams_contract_alone() -> None:
    rec, pending = play_round([Entry("bid", 2, 2), Entry("bid", 1, "blind")], bidding="sealed")
    current = table(rec, pending)
    assert current.notes == ()
    assert current.notes_for(0) == current.notes_for(2) == ("Ann & Cat: 2",)
    assert current.notes_for(3) == ("Bob & Dev: 0 (Bob nil)",)
    # The bids show as ticks until the last is in, then as said: a nil in words.
    assert current.round_view is not None and current.round_view.bids == ("", "✓", "✓", "")
    rec, pending = enter(rec, pending, Entry("bid", 0, 1))
    rec, pending = enter(rec, pending, Entry("bid", 3, 4))
    shown = table(rec, pending).round_view
    assert shown is not None and shown.bids == ("1", "blind nil", "2", "4")


def test_a_blind_nil_corrected_to_a_bid_is_no_longer_blind() -> None:
    rec = parse_record(record([{**EXAMPLE, "blind": [1]}]))
    fixed = corrected(rec, 1, {"bids": {"1": "2"}})
    assert fixed.rounds[0] == {"bids": [3, 2, 2, 4], "tricks": [4, 0, 2, 7]}
    assert score(fixed).totals == (51, 61, 51, 61)  # Bob & Dev bid 6, take 7: 61
    kept = corrected(rec, 1, {"tricks": {"1": "0"}})
    assert kept.rounds[0]["blind"] == [1]
