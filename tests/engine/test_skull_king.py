"""Skull King: 10 rounds of min(r, 70 / n) cards, bonuses for a bid made, lost tricks."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from rules_engine import (
    GAMES,
    Answer,
    Entry,
    RulesError,
    StepKind,
    describe,
    last_entry,
    new_record,
    paper,
    parse_record,
    play,
    preset,
    presets,
    rules_in_play,
    score,
    table,
    undo,
)
from rules_engine.cli import main
from rules_engine.sheet import context
from rules_engine.skull_king import BONUSES, SkullKingStep, hand_sizes, round_score
from tests.engine.entering import enter

NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def record(players: int = 3, rounds: list[dict[str, Any]] | None = None, /, **options: Any) -> Any:
    return {
        "format": "scorepad/1",
        "game": "skull-king",
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


def quiet(hand_size: int, players: int) -> dict[str, Any]:
    """A round in which seat 0 bids and takes every trick and the others bid 0."""
    tricks = [hand_size] + [0] * (players - 1)
    return {"bids": list(tricks), "tricks": tricks}


def whole_game(players: int) -> list[dict[str, Any]]:
    return [quiet(h, players) for h in hand_sizes(players)]


# --- The shape of the game ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_round_r_deals_r_cards_for_ten_rounds(players: int) -> None:
    assert hand_sizes(players) == tuple(range(1, 11))


def test_eight_players_get_8_cards_in_rounds_8_9_and_10() -> None:
    assert hand_sizes(8) == (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)


@pytest.mark.parametrize("players", [1, 9])
def test_it_is_for_2_to_8_players(players: int) -> None:
    assert refusal(record(players)) == f"Skull King is for 2 to 8 players, not {players}"


# --- Scores ---------------------------------------------------------------------


def test_the_rulings_worked_examples() -> None:
    # Round 5, bid 2, took 2, one Mermaid captured by a Pirate (20): 60.
    assert round_score(2, 2, 5, 20) == 60
    # Round 5, bid 0, took 1: -50.
    assert round_score(0, 1, 5, 0) == -50


@pytest.mark.parametrize(
    ("bid", "tricks", "hand_size", "bonus", "points"),
    [
        (3, 3, 7, 0, 60),
        (3, 1, 7, 40, -20),  # missed: the bonus counts nothing
        (3, 5, 7, 0, -20),
        (0, 0, 7, 0, 70),
        (0, 0, 7, 30, 100),  # a zero made, with a bonus
        (0, 2, 7, 30, -70),  # a zero missed, with a bonus: nothing of it counts
        (1, 1, 1, 500, 520),
    ],
)
def test_a_round_scores_as_ruled(
    bid: int, tricks: int, hand_size: int, bonus: int, points: int
) -> None:
    assert round_score(bid, tricks, hand_size, bonus) == points


def test_the_worked_examples_in_a_record_of_five_rounds() -> None:
    rounds = [*whole_game(3)[:4], {"bids": [2, 0, 3], "tricks": [2, 1, 2], "bonus": [20, 0, 0]}]
    sheet = score(parse_record(record(3, rounds)))
    assert sheet.rounds[-1].hand_size == 5
    assert sheet.rounds[-1].scores == (60, -50, -10)


def test_a_bonus_beside_a_missed_bid_is_accepted_and_counts_nothing() -> None:
    rounds = [{"bids": [1, 0, 0], "tricks": [0, 1, 0], "bonus": [40, 30, 20]}]
    assert score(parse_record(record(3, rounds))).totals == (-10, -10, 30)


def test_a_zero_bid_made_and_missed_with_bonuses() -> None:
    rounds = [quiet(1, 4), {"bids": [0, 0, 1, 1], "tricks": [0, 1, 1, 0], "bonus": [20] * 4}]
    sheet = score(parse_record(record(4, rounds)))
    assert sheet.rounds[1].scores == (40, -20, 40, -10)


# --- Lost tricks: the Kraken, the ghost hand ----------------------------------------


def test_a_kraken_round_loses_a_trick_nobody_takes() -> None:
    rounds = [*whole_game(4)[:2], {"bids": [1, 1, 0, 0], "tricks": [1, 1, 0, 0], "lost": 1}]
    sheet = score(parse_record(record(4, rounds)))
    assert sheet.rounds[-1].scores == (20, 20, 30, 30)


def test_two_players_lose_the_ghost_hands_tricks() -> None:
    rounds = [
        {"bids": [0, 0], "tricks": [0, 0], "lost": 1},
        {"bids": [1, 0], "tricks": [1, 0], "lost": 1},
        {"bids": [1, 1], "tricks": [1, 1], "lost": 1, "bonus": [10, 0]},
    ]
    rounds += [quiet(h, 2) for h in range(4, 11)]
    sheet = score(parse_record(record(2, rounds)))
    assert sheet.finished and len(sheet.rounds) == 10
    assert [r.scores for r in sheet.rounds[:3]] == [(10, 10), (20, 20), (30, 20)]
    assert sheet.winners == (0,)


@pytest.mark.parametrize(
    ("rnd", "message"),
    [
        (
            {"bids": [1, 1, 0], "tricks": [1, 1, 0], "lost": 2},
            "round 3: the tricks add up to 2 and 2 lost, but 3 tricks were played",
        ),
        (
            {"bids": [1, 1, 0], "tricks": [1, 1, 0]},
            "round 3: the tricks add up to 2 and 0 lost, but 3 tricks were played",
        ),
        ({"bids": [0, 0, 0], "tricks": [0, 0, 0], "lost": 4}, "0 to 3 tricks may be lost, not 4"),
        ({"bids": [0, 0, 0], "tricks": [1, 1, 2], "lost": -1}, "not -1"),
        ({"bids": [0, 0, 0], "tricks": [1, 1, 0], "lost": "1"}, "lost must be a whole number"),
    ],
)
def test_tricks_and_lost_must_add_up_to_the_hand(rnd: dict[str, Any], message: str) -> None:
    assert message in refusal(record(3, [quiet(1, 3), quiet(2, 3), rnd]))


# --- Bad input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rnd", "message"),
    [
        (
            {"bids": [1, 0, 0], "tricks": [1, 0, 0], "bonus": [501, 0, 0]},
            "round 1: Ann's bonus is -500 to 500, not 501",
        ),
        (
            {"bids": [1, 0, 0], "tricks": [1, 0, 0], "bonus": [0, -510, 0]},
            "round 1: Ben's bonus is -500 to 500, not -510",
        ),
        (
            {"bids": [1, 0, 0], "tricks": [0, 1, 0], "bonus": [0, 0, 600]},
            "round 1: Cleo's bonus is -500 to 500, not 600",  # beside a missed bid too
        ),
        ({"bids": [1, 0, 0], "tricks": [1, 0, 0], "bonus": [0, 0]}, "bonus must list one value"),
        ({"bids": [1, 0, 0], "tricks": [1, 0, 0], "bonus": [0, 0, 2.5]}, "whole number, not 2.5"),
        ({"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "none"}, "unknown field 'trump'"),
        ({"bids": [1, 0, 0], "tricks": [1, 0, 0], "kraken": 1}, "unknown field 'kraken'"),
        ({"bids": [2, 0, 0], "tricks": [1, 0, 0]}, "round 1: Ann may bid 0 to 1, not 2"),
        ({"bids": [1, 0, None], "tricks": [1, 0, 0]}, "a bid must be a whole number, not null"),
        ({"bids": [1, 0, 0], "tricks": [2, -1, 0]}, "round 1: Ben cannot take -1 tricks"),
    ],
)
def test_a_round_that_breaks_a_rule_is_refused_with_the_reason(
    rnd: dict[str, Any], message: str
) -> None:
    assert message in refusal(record(3, [rnd]))


def test_a_round_after_the_tenth_is_refused() -> None:
    rounds = [*whole_game(3), quiet(10, 3)]
    assert refusal(record(3, rounds)) == "round 11: the game was already over before this round"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"hook": "on"},
            "unknown option 'hook' (this game's options: scoring, hands, bonus_on_miss, "
            "made, missed, bidding)",
        ),
        ({"scoring": "custom"}, "option made is needed with scoring: custom"),
        ({"made": "10 * h"}, "option made is given only with scoring: custom"),
        ({"bonus_on_miss": 1}, "option bonus_on_miss is true or false, not 1"),
        ({"bidding": "secret"}, "option bidding is one of open, sealed, not 'secret'"),
        ({"hands": [61]}, "a hand of 61 cards is too big for 3 players"),
    ],
)
def test_skull_king_has_no_hook_and_refuses_its_own_options_given_wrong(
    options: dict[str, Any], message: str
) -> None:
    assert message in refusal(record(3, **options))


def test_a_hand_over_what_70_cards_deal_is_refused() -> None:
    assert refusal(record(8, hands=[8, 9])) == (
        "option hands: a hand of 9 cards is too big for 8 players: the pack allows at most 8"
    )
    assert refusal(record(7, hands=[11])).endswith("the pack allows at most 10")
    assert score(parse_record(record(7, hands=[10, 1]))).rounds == ()


# --- Whole games --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 7, 8])
def test_a_whole_game_ends_after_round_10(players: int) -> None:
    sheet = score(parse_record(record(players, whole_game(players))))
    assert sheet.finished and len(sheet.rounds) == 10
    sizes = hand_sizes(players)
    assert [r.hand_size for r in sheet.rounds] == list(sizes)
    assert sheet.totals == (20 * sum(sizes), *(10 * sum(sizes),) * (players - 1))
    assert sheet.winners == (0,)
    assert [r.dealer for r in sheet.rounds] == [i % players for i in range(10)]


def test_eight_players_score_their_zero_bids_by_the_8_cards() -> None:
    rounds = whole_game(8)
    rounds[-1] = {"bids": [0, 0, 0, 0, 0, 0, 1, 7], "tricks": [1, 0, 0, 0, 0, 0, 0, 7]}
    sheet = score(parse_record(record(8, rounds)))
    assert sheet.rounds[-1].hand_size == 8
    assert sheet.rounds[-1].scores == (-80, 80, 80, 80, 80, 80, -10, 140)


def test_the_hands_end_the_game_after_their_last_entry() -> None:
    rounds = [quiet(h, 4) for h in (5, 5, 5, 5, 5)]
    sheet = score(parse_record(record(4, rounds, **preset("skull-king", "swift-n-salty").options)))
    assert sheet.finished and sheet.totals == (500, 250, 250, 250)


def test_the_command_line_prints_a_game_with_bonuses_and_a_kraken() -> None:
    rounds: list[dict[str, Any]] = [
        {"bids": [1, 0, 0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0, 0, 0], "bonus": [30] + [0] * 6},
        {"bids": [1, 1, 0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0, 0, 0], "lost": 1},
    ]
    status, out, err = cli(record(7, rounds))
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "game": "skull-king",
        "players": NAMES[:7],
        "rounds": [
            {
                "dealer": 0,
                "hand_size": 1,
                "scores": [50, 10, 10, 10, 10, 10, 10],
                "totals": [50, 10, 10, 10, 10, 10, 10],
            },
            {
                "dealer": 1,
                "hand_size": 2,
                "scores": [20, -10, 20, 20, 20, 20, 20],
                "totals": [70, 0, 30, 30, 30, 30, 30],
            },
        ],
        "totals": [70, 0, 30, 30, 30, 30, 30],
        "finished": False,
        "winners": [],
    }


def test_the_command_line_refuses_nine_players_and_a_bad_bonus_in_one_line() -> None:
    status, out, err = cli(record(9))
    assert (status, out, err) == (1, "", "Skull King is for 2 to 8 players, not 9\n")
    bad = {"bids": [0, 0], "tricks": [0, 0], "lost": 1, "bonus": [0, 1000]}
    status, out, err = cli(record(2, [bad]))
    assert (status, out, err) == (1, "", "round 1: Ben's bonus is -500 to 500, not 1000\n")


# --- Presets --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "hands"),
    [
        ("even-keeled", [2, 2, 4, 4, 6, 6, 8, 8, 10, 10]),
        ("skip-to-the-brawl", [6, 7, 8, 9, 10]),
        ("swift-n-salty", [5, 5, 5, 5, 5]),
        ("broadside", [10] * 10),
        ("whirlpool", [9, 9, 7, 7, 5, 5, 3, 3, 1, 1]),
        ("bedtime", [1]),
    ],
)
def test_the_published_schedules_are_presets_capped_for_eight(key: str, hands: list[int]) -> None:
    found = preset("skull-king", key)
    assert found.options == {"hands": hands}
    assert found.options_for(7) == {"hands": hands}
    capped = [min(size, 8) for size in hands]
    assert found.options_for(8) == {"hands": capped}
    parse_record(record(8, **found.options_for(8)))
    assert rules_in_play("skull-king", found.options_for(8)) == f"Rules: {found.name}"


def test_the_first_preset_is_the_game_as_ruled() -> None:
    assert presets("skull-king")[0].options == {}
    assert rules_in_play("skull-king", {}) == "As ruled"


# --- At the table -----------------------------------------------------------------------


def test_the_bids_are_asked_of_everyone_at_once_and_sealed_by_default() -> None:
    current = table(new_record("skull-king", NAMES[:3], 0))
    assert current.step.kind is StepKind.BID
    assert current.step.seats == (1, 2, 0)
    assert current.step.prompt == "Still to bid: Ben, Cleo and Ann"
    assert current.record.setup.options["bidding"] == "sealed"


def play_round(
    entries: list[Entry], players: int = 3, **options: Any
) -> tuple[Any, tuple[Entry, ...]]:
    rec = new_record("skull-king", NAMES[:players], 0, options)
    pending: tuple[Entry, ...] = ()
    for entry in entries:
        rec, pending = enter(rec, pending, entry)
    return rec, pending


def test_sealed_a_bid_may_change_until_the_last_is_in() -> None:
    rec, pending = play_round([Entry("bid", 2, 1), Entry("bid", 2, 0)])
    assert table(rec, pending).draft["bids"] == [None, None, 0]  # type: ignore[index]
    with pytest.raises(RulesError, match="Ben has bid already"):
        play_round([Entry("bid", 1, 1), Entry("bid", 1, 0)], bidding="open")


def test_a_round_at_the_table_asks_tricks_then_the_bonus_of_those_who_made_it() -> None:
    rec, pending = play_round(
        [
            Entry("bid", 0, 1),
            Entry("bid", 2, 0),
            Entry("bid", 1, 1),
            Entry("tricks", 1, 1),
        ],
        hands=[2],
    )
    current = table(rec, pending)
    assert current.step.kind is StepKind.TRICKS and current.step.player == 2
    (lost,) = current.optional_steps
    assert lost.kind is SkullKingStep.LOST
    assert [c.allowed for c in lost.choices] == [True, True, False]
    # With the lost trick no trick is left for Cleo: her 0 is entered with it, not
    # asked; Ann's worked out as what is left, 0.
    rec, pending = enter(rec, pending, Entry("lost", None, 1))
    assert pending[-2:] == (Entry("lost", None, 1), Entry("tricks", 2, 0))
    current = table(rec, pending)
    assert "1 trick lost" in current.notes
    assert current.step.kind is SkullKingStep.BONUS
    assert current.step.seats == (1, 2)  # Ann bid 1 and took 0: no bonus asked
    assert current.step.prompt == "Ben and Cleo made their bids: any bonuses?"
    assert [c.value for c in current.step.choices] == [
        "none",
        "0",
        *(str(b.points) for b in BONUSES),
    ]
    assert current.step.choices[0].label == "No bonuses"
    # On Cleo's own phone: her share of the step, without the table's "No bonuses".
    cleo = current.alone(2)
    assert cleo is not None and (cleo.seat, cleo.seats) == (2, (2,))
    assert cleo.prompt == "Cleo made the bid: any bonus?"
    assert [c.value for c in cleo.choices] == ["0", *(str(b.points) for b in BONUSES)]
    assert current.alone(0) is None  # Ann owes no bonus
    with pytest.raises(RulesError, match="Ann missed their bid"):
        enter(rec, pending, Entry("bonus", 0, 20))
    with pytest.raises(RulesError, match="Ben's bonus is -500 to 500, not 501"):
        enter(rec, pending, Entry("bonus", 1, 501))
    rec, pending = enter(rec, pending, Entry("bonus", 1, 70))
    current = table(rec, pending)
    assert current.step.prompt == "Cleo made the bid: any bonus?"
    assert current.step.choices[0].label == "No more bonuses"
    rec, pending = enter(rec, pending, Entry("bonus", 2, 0))
    assert rec.rounds == ({"bids": [1, 1, 0], "tricks": [0, 1, 0], "bonus": [0, 70, 0], "lost": 1},)
    assert score(rec).totals == (-10, 90, 20)


def test_a_round_with_no_bonus_ends_with_one_tap_for_everyone_who_made_their_bid() -> None:
    rec, pending = play_round(
        [Entry("bid", 1, 0), Entry("bid", 2, 0), Entry("bid", 0, 1), Entry("tricks", 1, 0)]
    )
    rec, pending = enter(rec, pending, Entry("tricks", 2, 0))
    current = table(rec, pending)
    assert current.step.kind is SkullKingStep.BONUS and current.step.seats == (1, 2, 0)
    tap = current.entry(Answer("bonus", "1", "none"), random.Random(0))
    assert tap == Entry("bonus", 1, "none")
    after = play(current, tap)
    assert after.record.rounds == ({"bids": [1, 0, 0], "tricks": [1, 0, 0]},)
    # The record's round gives back the one tap, so Undo takes it back as one.
    assert last_entry(after) == Entry("bonus", None, "none")
    assert describe(Entry("bonus", None, "none"), rec.players, rules=rec.rules) == "no more bonuses"
    before, pending = undo(after.record, ())
    assert table(before, pending).step.seats == (1, 2, 0)


def test_the_bonuses_won_come_back_from_a_record_each_then_one_entry_for_the_rest() -> None:
    rec, pending = play_round(
        [Entry("bid", 1, 0), Entry("bid", 2, 0), Entry("bid", 0, 1), Entry("tricks", 1, 0)]
        + [Entry("tricks", 2, 0), Entry("bonus", 2, 30), Entry("bonus", None, "none")]
    )
    assert rec.rounds[0]["bonus"] == [0, 0, 30]
    ctx = context(rec, 0, (0, 0, 0))
    assert rec.rules.entries(ctx, rec.rounds[0])[-2:] == [
        Entry("bonus", 2, 30),
        Entry("bonus", None, "none"),
    ]


def test_the_bonus_step_reads_a_number_the_buttons_added_up() -> None:
    rec, pending = play_round([Entry("bid", 1, 0), Entry("bid", 2, 0), Entry("bid", 0, 1)])
    rec, pending = enter(rec, pending, Entry("tricks", 1, 0))
    rec, pending = enter(rec, pending, Entry("tricks", 2, 0))
    current = table(rec, pending)
    entry = current.entry(Answer("bonus", "0", "90"), random.Random(0))
    assert entry == Entry("bonus", 0, 90)


def test_undo_takes_back_a_bonus_and_names_it() -> None:
    rec, pending = play_round(
        [Entry("bid", 1, 0), Entry("bid", 2, 0), Entry("bid", 0, 1)]
        + [Entry("tricks", 1, 0), Entry("tricks", 2, 0)]
        + [Entry("bonus", 1, 0), Entry("bonus", 2, 0), Entry("bonus", 0, 20)]
    )
    assert len(rec.rounds) == 1 and rec.rounds[0]["bonus"] == [20, 0, 0]
    before, pending = undo(rec, ())
    assert before.rounds == ()
    # Given back as the table now enters it: the bonus won, then none for the rest.
    assert pending[-1] == Entry("bonus", 0, 20)
    assert describe(Entry("bonus", 0, 20), rec.players, rules=rec.rules) == "Ann's bonus of 20"
    assert describe(Entry("lost", None, 2), rec.players, rules=rec.rules) == "2 lost tricks"


def test_the_paper_sheet_has_a_bonus_box_and_notes_the_lost_tricks() -> None:
    rounds = [{"bids": [1, 0, 0], "tricks": [0, 0, 0], "lost": 1, "bonus": [20, 30, 0]}]
    rec = parse_record(record(3, rounds))
    assert GAMES["skull-king"].seat_boxes == ("Bid", "Took", "Bonus")
    (row,) = paper(rec)
    assert row.boxes == ()
    assert row.seats == (("1", "0", ""), ("0", "0", "30"), ("0", "0", ""))
    view = score(rec).rounds[0].view
    assert view.breakdown == ("", "10 + 30 bonus = 40", "")
    assert view.notes == ("1 trick lost",)


def test_sealed_the_round_shows_who_has_bid_and_open_what() -> None:
    rec, pending = play_round([Entry("bid", 2, 3)], hands=[5])
    current = table(rec, pending)
    assert current.round_view is not None and current.round_view.bids == ("", "", "✓")
    assert current.notes == ()  # the balance would tell the bids: shown once all are in
    rec, pending = play_round([Entry("bid", 2, 3)], hands=[5], bidding="open")
    current = table(rec, pending)
    assert current.round_view is not None and current.round_view.bids == ("", "", "3")
    assert current.notes == ("The bids add up to 3 of 5 tricks: under by 2",)


def test_the_rules_line_says_the_bids_are_open() -> None:
    assert rules_in_play("skull-king", {"bidding": "open"}) == "House rules: open bids"
    assert rules_in_play("wizard", {"hook": "on", "bidding": "sealed"}) == (
        "House rules: hook; sealed bids"
    )
