"""House rules (RULINGS.md, "House rules"), option by option, and the ruling's
"Length" and the record's ``played_at``."""

from __future__ import annotations

import io
import json
import random
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import (
    GAMES,
    MOST_ROUNDS,
    Entry,
    Record,
    RulesError,
    StepKind,
    hand_pattern,
    load_record,
    new_record,
    parse_record,
    play,
    presets,
    rules_in_play,
    schedule,
    score,
    table,
)
from rules_engine.cli import main
from tests.five_games import ABRACADABRA_ROUND

from .entering import enter as play_entry
from .randomgames import random_house_game

FOUR = ["Ann", "Ben", "Cleo", "Dev"]
PLAYERS = {"oh-hell": FOUR, "boerenbridge": FOUR, "brink-bid": FOUR}


def record(game: str, options: dict[str, Any], players: list[str] | None = None) -> Record:
    return new_record(game, players or PLAYERS[game], 0, options)


def refusal(game: str, options: dict[str, Any], players: list[str] | None = None) -> str:
    with pytest.raises(RulesError) as error:
        record(game, options, players)
    return str(error.value)


def scored(game: str, options: dict[str, Any], rounds: list[dict[str, Any]]) -> Any:
    return score(record(game, options).with_rounds(rounds))


def enter(rec: Record, entries: list[Entry]) -> tuple[Record, tuple[Entry, ...]]:
    pending: tuple[Entry, ...] = ()
    for entry in entries:
        rec, pending = play_entry(rec, pending, entry)
    return rec, pending


def refused_bids(rec: Record, pending: tuple[Entry, ...]) -> dict[str, str]:
    step = table(rec, pending).step
    assert step.kind is StepKind.BID
    return {c.value: c.refused for c in step.choices if c.refused is not None}


# --- hands ---------------------------------------------------------------------------


def test_oh_hell_plays_the_hands_listed_and_ends_after_the_last() -> None:
    rec = record("oh-hell", {"hands": [1, 2, 3]})
    assert [r.hand_size for r in schedule("oh-hell", {"hands": [1, 2, 3]}, 4)] == [1, 2, 3]
    assert table(rec).round_label == "Round 1 of 3"
    rounds = [
        {"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]},
        {"bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0]},
        {"bids": [0, 0, 0, 0], "tricks": [0, 0, 3, 0]},
    ]
    sheet = score(rec.with_rounds(rounds))
    assert [r.hand_size for r in sheet.rounds] == [1, 2, 3]
    assert sheet.finished
    with pytest.raises(RulesError, match="round 4: the game was already over"):
        score(rec.with_rounds([*rounds, rounds[0]]))


def test_brink_bid_plays_the_hands_listed_instead_of_4_up() -> None:
    rec = record("brink-bid", {"hands": [5, 5]})
    assert rec.rules.round_count(rec.setup) == 2
    assert [rec.rules.hand_size(rec.setup, i) for i in (0, 1)] == [5, 5]


def test_boerenbridge_repeats_the_hands_listed_until_the_game_ends() -> None:
    rec = record("boerenbridge", {"hands": [1, 2, 3]})
    assert [rec.rules.hand_size(rec.setup, i) for i in range(7)] == [1, 2, 3, 1, 2, 3, 1]
    assert rec.rules.round_count(rec.setup) is None
    rows = schedule("boerenbridge", {"hands": [1, 2]}, 4, open_rows=5)
    assert [r.hand_size for r in rows] == [1, 2, 1, 2, 1]


@pytest.mark.parametrize(
    ("game", "players", "most"),
    [
        # Oh Hell deals up to floor(52 / n) too: 13 to 4 is the whole pack, without trump.
        ("oh-hell", 3, 17),
        ("oh-hell", 4, 13),
        ("oh-hell", 5, 10),
        ("oh-hell", 6, 8),
        ("oh-hell", 7, 7),
        # The others deal from all 52: floor(52 / n).
        ("boerenbridge", 4, 13),
        ("brink-bid", 2, 26),
        ("brink-bid", 3, 17),
        ("brink-bid", 5, 10),
        ("brink-bid", 6, 8),
    ],
)
def test_a_hand_holds_at_most_what_the_pack_allows(game: str, players: int, most: int) -> None:
    names = [f"P{seat}" for seat in range(players)]
    assert record(game, {"hands": [1, most]}, names).setup.options["hands"] == (1, most)
    message = refusal(game, {"hands": [1, most + 1]}, names)
    assert message.startswith(f"option hands: a hand of {most + 1} cards is too big for {players}")
    assert f"at most {most}" in message


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([], "option hands lists 1 to 60 hands, not 0"),
        ([1] * 61, "option hands lists 1 to 60 hands, not 61"),
        ([3, 0], "option hands: a hand has at least 1 card, not 0"),
        ([3, -1], "option hands: a hand has at least 1 card, not -1"),
        ([3, "4"], "option hands: a hand size is a whole number, not '4'"),
        ([True], "option hands: a hand size is a whole number, not true"),
        ([2.0], "option hands: a hand size is a whole number, not 2.0"),
        ("1,2,3", "option hands is a list of hand sizes, not '1,2,3'"),
        (None, "option hands is a list of hand sizes, not null"),
    ],
)
def test_it_refuses_a_hands_list_it_cannot_deal(hands: object, message: str) -> None:
    assert refusal("oh-hell", {"hands": hands}) == message


def test_sixty_hands_may_be_listed() -> None:
    assert (
        record("oh-hell", {"hands": [1] * 60}).rules.round_count(
            record("oh-hell", {"hands": [1] * 60}).setup
        )
        == 60
    )


def test_oh_hell_takes_the_style_or_the_hands_never_both() -> None:
    assert refusal("oh-hell", {"style": "long", "hands": [1, 2]}) == (
        "options style and hands cannot both be given: hands replaces style"
    )
    assert (
        record("oh-hell", {"style": "short-up"}).rules.round_count(
            record("oh-hell", {"style": "short-up"}).setup
        )
        == 10
    )


@pytest.mark.parametrize("game", ["boerenbridge", "brink-bid"])
def test_only_oh_hell_has_a_style(game: str) -> None:
    assert refusal(game, {"style": "long"}).startswith("unknown option 'style'")


# --- hook and hook_from --------------------------------------------------------------

# Four players, Ann dealing: Ben, Cleo and Dev bid before her.
OTHERS_BID_0_1_0 = [Entry("bid", 1, 0), Entry("bid", 2, 1), Entry("bid", 3, 0)]


@pytest.mark.parametrize(
    ("game", "options", "hooked"),
    [
        ("oh-hell", {}, True),
        ("oh-hell", {"hook": "on"}, True),
        ("oh-hell", {"hook": "off"}, False),
        ("oh-hell", {"hook_from": 3}, True),
        ("oh-hell", {"hook_from": 4}, False),
        ("oh-hell", {"hook": "off", "hook_from": 2}, False),
        ("brink-bid", {}, False),
        ("brink-bid", {"hook": "off"}, False),
        ("brink-bid", {"hook": "on"}, True),
        ("brink-bid", {"hook": "on", "hook_from": 4}, False),
    ],
)
def test_the_dealer_is_hooked_as_the_house_rules_say(
    game: str, options: dict[str, Any], hooked: bool
) -> None:
    rec = record(game, {**options, "hands": [3]})
    _, pending = enter(rec, OTHERS_BID_0_1_0)
    refused = refused_bids(rec, pending)
    if hooked:
        assert refused == {
            "2": "Ann deals and may not bid 2: the bids would add up to the 3 tricks"
        }
        with pytest.raises(RulesError, match="Ann deals and may not bid 2"):
            play_entry(rec, pending, Entry("bid", 0, 2))
    else:
        assert refused == {}
        play_entry(rec, pending, Entry("bid", 0, 2))


@pytest.mark.parametrize(
    ("options", "hooked"),
    [
        ({}, True),
        ({"hook": "off"}, False),
        ({"hook_from": 4}, False),
        ({"hook_from": 3}, True),
    ],
)
def test_boerenbridge_hooks_the_dealer_as_the_house_rules_say(
    options: dict[str, Any], hooked: bool
) -> None:
    rec = record("boerenbridge", {**options, "hands": [3]})
    rnd = {"bids": [2, 0, 1, 0], "tricks": [2, 0, 1, 0]}  # Ann deals; the bids add up to 3
    if hooked:
        with pytest.raises(RulesError, match="round 1: Ann deals and may not bid 2"):
            score(rec.with_rounds([rnd]))
    else:
        assert score(rec.with_rounds([rnd])).totals == (12, 20, 11, 20)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "option hook_from is at least 1, not 0"),
        (61, "option hook_from is at most 60, not 61"),
        ("4", "option hook_from is a whole number, not '4'"),
    ],
)
def test_hook_from_is_a_hand_size(value: object, message: str) -> None:
    assert refusal("oh-hell", {"hook_from": value}) == message


def test_hook_is_on_or_off() -> None:
    assert refusal("oh-hell", {"hook": True}) == "option hook is one of on, off, leader, not true"


# --- scoring: custom -----------------------------------------------------------------

TEN_PLUS_TWO = {"scoring": "custom", "made": "10 + 2 * t", "missed": "-2 * abs(t - b)"}


@pytest.mark.parametrize("game", ["oh-hell", "brink-bid"])
def test_custom_scoring_scores_by_the_made_and_missed_expressions(game: str) -> None:
    rnd = {"bids": [2, 0, 1, 3], "tricks": [2, 1, 1, 1]}
    sheet = scored(game, {**TEN_PLUS_TWO, "hands": [5]}, [rnd])
    assert sheet.totals == (14, -2, 12, -4)


def test_an_expression_sees_the_hand_size_and_the_players() -> None:
    options = {"scoring": "custom", "made": "h * 10 + n", "missed": "-h", "hands": [5, 3]}
    rounds = [
        {"bids": [2, 0, 1, 3], "tricks": [2, 1, 1, 1]},
        {"bids": [1, 1, 0, 0], "tricks": [1, 1, 1, 0]},
    ]
    sheet = scored("oh-hell", options, rounds)
    assert [r.scores for r in sheet.rounds] == [(54, -5, 54, -5), (34, 34, -3, 34)]


@pytest.mark.parametrize("game", ["oh-hell", "boerenbridge", "brink-bid"])
@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"scoring": "custom", "made": "10"},
            "option missed is needed with scoring: custom "
            "(the score of a bidder who missed their bid)",
        ),
        (
            {"scoring": "custom", "missed": "0"},
            "option made is needed with scoring: custom "
            "(the score of a bidder who took exactly their bid)",
        ),
        ({"made": "10", "missed": "0"}, "option made is given only with scoring: custom"),
        ({"missed": "0"}, "option missed is given only with scoring: custom"),
    ],
)
def test_made_and_missed_come_with_custom_scoring_and_only_with_it(
    game: str, options: dict[str, Any], message: str
) -> None:
    assert refusal(game, options) == message


def test_scoring_standard_is_boerenbridge_and_brink_bids_default_and_not_oh_hells() -> None:
    assert record("boerenbridge", {"scoring": "standard"}).setup.options["scoring"] == "standard"
    assert record("brink-bid", {"scoring": "standard"}).setup.options["scoring"] == "standard"
    assert refusal("oh-hell", {"scoring": "standard"}).startswith("option scoring is one of")


def test_a_boerenbridge_player_sitting_out_scores_the_tricks_whatever_the_scoring() -> None:
    options = {"scoring": "custom", "made": "50", "missed": "-50", "sit_out": 40}
    rounds: list[dict[str, Any]] = [
        {"bids": [0, 0, 13, 1], "tricks": [0, 0, 13, 0]},  # 50, 50, 50, -50
        {"bids": [None, None, None, 2], "tricks": [5, 4, 3, 1]},  # three sit out
    ]
    sheet = scored("boerenbridge", options, rounds)
    assert sheet.rounds[1].scores == (5, 4, 3, -50)


# --- Boerenbridge: target, sit_out, bounce -------------------------------------------

# A made 0 scores 20 as ruled; Ann makes 0 each round while the others miss.
ANN_MAKES_0 = {"bids": [0, 1, 1, 1], "tricks": [0, 13, 0, 0]}


def test_boerenbridge_plays_to_the_target_and_bounces_off_it() -> None:
    options = {"target": 50, "sit_out": None}
    sheet = scored("boerenbridge", options, [ANN_MAKES_0] * 3)
    assert [r.totals[0] for r in sheet.rounds] == [20, 40, 40]  # 60 is 10 over: 40
    assert not sheet.finished
    assert record("boerenbridge", options).rules.goal(record("boerenbridge", options).setup) == (
        "to 50"
    )
    assert table(record("boerenbridge", options)).round_label == "Round 1, to 50"
    last = {"bids": [1, 1, 1, 0], "tricks": [10, 0, 0, 3]}  # Ann takes 10 tricks: 50
    done = scored("boerenbridge", options, [ANN_MAKES_0, ANN_MAKES_0, ANN_MAKES_0, last])
    assert done.totals[0] == 50 and done.finished and done.winners == (0,)


def test_without_bounce_the_first_round_to_reach_the_target_ends_it_and_the_highest_wins() -> None:
    options = {"target": 30, "bounce": False, "sit_out": None}
    first = {"bids": [0, 0, 1, 1], "tricks": [0, 0, 13, 0]}  # 20, 20, 13, 0
    second = {"bids": [0, 1, 1, 2], "tricks": [0, 5, 8, 0]}  # 20, 5, 8, 0
    assert table(record("boerenbridge", options)).round_label == "Round 1, to 30 or more"
    sheet = scored("boerenbridge", options, [first, second])
    assert sheet.totals == (40, 25, 21, 0)  # no bounce: 40 stands
    assert sheet.finished and sheet.winners == (0,)
    tie = {"bids": [0, 0, 1, 2], "tricks": [0, 0, 13, 0]}  # 20 each for Ann and Ben
    sheet = scored("boerenbridge", options, [first, tie])
    assert sheet.totals == (40, 40, 26, 0) and sheet.winners == (0, 1)


def test_a_player_on_sit_out_or_more_does_not_bid() -> None:
    options = {"sit_out": 20}
    rec = record("boerenbridge", options).with_rounds([ANN_MAKES_0])
    with pytest.raises(RulesError, match="round 2: Ann has 20 points and does not bid"):
        score(rec.with_rounds([ANN_MAKES_0, ANN_MAKES_0]))
    sitting = {"bids": [None, 1, 1, 1], "tricks": [2, 11, 0, 0]}
    assert score(rec.with_rounds([ANN_MAKES_0, sitting])).totals[0] == 22
    assert "Ann sits out: 20 points" in table(rec).notes


def test_with_sit_out_null_everyone_bids() -> None:
    rec = record("boerenbridge", {"sit_out": None, "target": 1000})
    rounds = [ANN_MAKES_0] * 6  # Ann on 120: as ruled she would sit out from 80
    assert score(rec.with_rounds(rounds)).totals[0] == 120
    with pytest.raises(RulesError, match="round 1: Ann has no bid: every player bids"):
        score(rec.with_rounds([{"bids": [None, 1, 1, 1], "tricks": [2, 11, 0, 0]}]))


def test_sit_out_stays_at_80_whatever_the_target() -> None:
    rec = record("boerenbridge", {"target": 500})
    rounds = [ANN_MAKES_0] * 4 + [{"bids": [None, 1, 1, 1], "tricks": [3, 10, 0, 0]}]
    assert score(rec.with_rounds(rounds)).totals[0] == 83


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 9}, "option target is at least 10, not 9"),
        ({"target": 1001}, "option target is at most 1000, not 1001"),
        ({"sit_out": 0}, "option sit_out is at least 1, not 0"),
        ({"sit_out": 1001}, "option sit_out is at most 1000, not 1001"),
        ({"sit_out": "80"}, "option sit_out is a whole number, not '80'"),
        ({"bounce": "yes"}, "option bounce is true or false, not 'yes'"),
    ],
)
def test_boerenbridges_own_options_are_bounded(options: dict[str, Any], message: str) -> None:
    assert refusal("boerenbridge", options) == message


@pytest.mark.parametrize("name", ["target", "sit_out", "bounce"])
@pytest.mark.parametrize("game", ["oh-hell", "brink-bid"])
def test_only_boerenbridge_has_a_target_sit_out_and_bounce(game: str, name: str) -> None:
    assert refusal(game, {name: 100}).startswith(f"unknown option '{name}'")


# --- Abracadabra: success exact-count ------------------------------------------------

SPEC_ROUND = ABRACADABRA_ROUND  # the record spec's worked example


def abracadabra(success: str, rnd: dict[str, Any]) -> tuple[int, ...]:
    rec = new_record("abracadabra", FOUR, 0, {"success": success}).with_rounds([rnd])
    return score(rec).totals


def test_exact_count_succeeds_on_the_number_of_tricks_whichever_they_were() -> None:
    # Ann named 2 and took 5, Ben named 3 and took 4, Cleo named none and took 3:
    # only Dev (named 1, took 1) succeeds, alone: 40.
    assert abracadabra("exact", SPEC_ROUND) == (63, 42, 3, 36)
    assert abracadabra("exact-count", SPEC_ROUND) == (5 + 11 + 5 + 12, 42, 3, 40 + 1 + 1 + 4)


def test_exact_count_lets_a_player_who_named_none_and_took_none_succeed() -> None:
    winners = [3, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0]  # Cleo's three tricks go to Ann
    rnd = {**SPEC_ROUND, "trick_winners": winners}
    totals = abracadabra("exact-count", rnd)
    assert totals[2] == 30  # Cleo and Dev succeed: 30 each, and Cleo has nothing else
    assert totals[3] == 30 + 1 + 1 + 4
    assert abracadabra("exact", rnd)[2] == 0


# --- Length: at most 200 rounds ------------------------------------------------------

# Nobody ever scores: a Boerenbridge that never ends.
ENDLESS = {"hands": [1], "hook": "off", "scoring": "custom", "made": "0", "missed": "0",
           "sit_out": None}  # fmt: skip
NOTHING = {"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}


def endless(rounds: int) -> dict[str, Any]:
    data = record("boerenbridge", ENDLESS).to_json()
    data["rounds"] = [NOTHING] * rounds
    return data


def test_a_record_holds_200_rounds_and_no_more() -> None:
    assert MOST_ROUNDS == 200
    assert len(score(parse_record(endless(200))).rounds) == 200
    with pytest.raises(RulesError) as error:
        parse_record(endless(201))
    assert str(error.value) == "round 201: a game holds at most 200 rounds"


def test_the_table_refuses_a_201st_round() -> None:
    rec = parse_record(endless(200))
    with pytest.raises(RulesError, match="^a game holds at most 200 rounds$"):
        play(table(rec), Entry("bid", 1, 0))
    # Round 200 (Dev deals, Ann bids and plays first) may still be played.
    entries = [Entry("bid", seat, 0) for seat in range(4)]
    # Ann takes the one trick: Ben's and Cleo's 0 go in with it, Dev's is worked out.
    entries += [Entry("tricks", 0, 1)]
    rec, pending = enter(parse_record(endless(199)), entries)
    assert len(rec.rounds) == 200 and pending == ()


def test_a_round_past_200_built_by_hand_is_refused_when_scored() -> None:
    rec = parse_record(endless(200))
    with pytest.raises(RulesError, match="^round 201: a game holds at most 200 rounds$"):
        score(rec.with_rounds([*rec.rounds, NOTHING]))


# --- played_at -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "moment",
    [
        "2026-11-21T19:30:00+01:00",
        "2026-11-21T18:30:00Z",
        "2026-11-21T19:30+05:30",
        "2026-11-21T19:30:00.250-08:00",
    ],  # fmt: skip
)
def test_a_record_keeps_when_it_was_played(moment: str) -> None:
    data = record("oh-hell", {}).to_json()
    data["played_at"] = moment
    rec = load_record(json.dumps(data))
    assert rec.played_at == moment
    assert rec.to_json()["played_at"] == moment
    assert rec.with_rounds([]).played_at == moment
    assert score(rec) == score(record("oh-hell", {}))  # scoring ignores it


@pytest.mark.parametrize(
    "moment",
    ["2026-11-21T19:30:00", "2026-11-21", "21/11/2026 19:30", "", "yesterday", 1763749800, None],
)
def test_played_at_needs_a_date_a_time_and_a_utc_offset(moment: object) -> None:
    data = record("oh-hell", {}).to_json()
    data["played_at"] = moment
    with pytest.raises(RulesError, match="^played_at must be an ISO 8601 date and time with a UTC"):
        parse_record(data)


def test_a_record_without_played_at_writes_none_and_other_fields_stay_refused() -> None:
    data = record("oh-hell", {}).to_json()
    assert "played_at" not in data
    data["started"] = "2026-11-21T19:30:00+01:00"
    with pytest.raises(RulesError, match="the record has an unknown field 'started'"):
        parse_record(data)


def test_new_record_takes_played_at() -> None:
    rec = new_record("oh-hell", FOUR, 0, {}, played_at="2026-11-21T19:30:00+01:00")
    assert rec.to_json()["played_at"] == "2026-11-21T19:30:00+01:00"


# --- The command line ----------------------------------------------------------------


def run(data: dict[str, Any]) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(["score", "-"], io.StringIO(json.dumps(data)), stdout, stderr)
    return status, stdout.getvalue(), stderr.getvalue()


def test_the_command_line_scores_a_record_with_the_specs_house_rules() -> None:
    data = record("oh-hell", {}).to_json()
    data["options"] = {"hands": [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1], "hook": "on",
                       "hook_from": 4, "scoring": "custom", "made": "10 + 2 * t",
                       "missed": "-2 * abs(t - b)"}  # fmt: skip
    data["rounds"] = [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]  # the hook waits for 4
    status, out, err = run(data)
    assert (status, err) == (0, "")
    assert json.loads(out)["rounds"] == [
        {"dealer": 0, "hand_size": 1, "scores": [12, 10, 10, 10], "totals": [12, 10, 10, 10]}
    ]


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({"scoring": "custom", "made": "10 // t", "missed": "t"},
         "option made: division by zero when t is 0"),
        ({"scoring": "custom", "made": "t", "missed": "(t\n** 2)"},
         "option missed: `(t ** 2)` uses `**`, which house rules don't allow"),
        ({"hands": [14]}, "option hands: a hand of 14 cards is too big for 4 players"),
    ],
)  # fmt: skip
def test_the_command_line_refuses_bad_house_rules_in_one_line(
    options: dict[str, Any], line: str
) -> None:
    data = record("oh-hell", {}).to_json()
    data["options"] = options
    status, out, err = run(data)
    assert status == 1 and out == ""
    assert err.startswith(line) and err.count("\n") == 1


# --- Presets -------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["oh-hell", "boerenbridge", "brink-bid"])
def test_every_preset_is_a_valid_set_of_house_rules_for_every_player_count(game: str) -> None:
    rules = GAMES[game]
    offered = presets(game)
    assert offered[0].key == "as-ruled" and offered[0].options == {}
    assert len(offered) >= 4  # the game as ruled and at least three variants
    assert len({p.key for p in offered}) == len(offered)
    for found in offered:
        assert found.name and found.description
        assert found.key == "as-ruled" or found.source
    for count in range(rules.min_players, rules.max_players + 1):
        names = [f"P{seat}" for seat in range(count)]
        for found in presets(game, count):
            least, most = rules.player_range(found.options)
            if least <= count <= most:
                new_record(game, names, 0, dict(found.options))


def test_other_games_have_no_presets() -> None:
    assert presets("sinker") == () and presets("abracadabra") == ()


@pytest.mark.parametrize(
    ("start", "peak", "end", "hands"),
    [
        (1, 7, 1, (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)),
        (4, 8, 4, (4, 5, 6, 7, 8, 7, 6, 5, 4)),
        (1, 3, 3, (1, 2, 3)),
        (10, 10, 1, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        (5, 5, 5, (5,)),
        (3, 1, 4, (3, 2, 1, 2, 3, 4)),
    ],
)
def test_a_hand_pattern_runs_from_start_to_peak_to_end(
    start: int, peak: int, end: int, hands: tuple[int, ...]
) -> None:
    assert hand_pattern(start, peak, end) == hands


# --- Properties over random house rules ----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", ["oh-hell", "boerenbridge", "brink-bid"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_house_rules_keep_the_hook_the_totals_and_the_end(game: str, seed: int) -> None:
    rec = random_house_game(game, random.Random(seed), max_rounds=25)
    sheet = score(rec)
    options = rec.setup.options
    target = options.get("target", 100)
    assert isinstance(target, int)  # each option's values are the option's own type
    # The Dutch game of fixed length (``end: hands``) has no target: no bounce either.
    fixed = options.get("end") == "hands"
    bounce = options.get("bounce", True) and not fixed
    running = [0] * len(rec.players)
    for index, (rnd, scored_round) in enumerate(zip(rec.rounds, sheet.rounds, strict=True)):
        h = scored_round.hand_size
        bids = [b for b in rnd["bids"] if b is not None]
        dealer_bids = rnd["bids"][scored_round.dealer] is not None
        if options["hook"] == "on" and h >= cast(int, options["hook_from"]) and dealer_bids:
            assert sum(bids) != h  # the hook is never broken
        for seat, points in enumerate(scored_round.points):
            total = running[seat] + points
            if game == "boerenbridge" and bounce and total > target:
                total = 2 * target - total  # the bounce
            running[seat] = total
        assert list(scored_round.totals) == running
        over_here = index + 1 == len(rec.rounds) and sheet.finished
        if game == "boerenbridge" and not fixed:
            reached = target in running if bounce else max(running) >= target
            assert reached == over_here  # the first round to reach it ends the game
        else:
            assert over_here == (index + 1 == rec.rules.round_count(rec.setup))
    if sheet.finished:
        wins = target if game == "boerenbridge" and bounce else max(sheet.totals)
        expected = [seat for seat, total in enumerate(sheet.totals) if total == wins]
        assert list(sheet.winners) == expected


# --- Bidding: open or sealed (RULINGS, "House rules") ---------------------------------


@pytest.mark.parametrize("game", ["oh-hell", "boerenbridge", "brink-bid"])
def test_bidding_open_or_sealed_is_stored_and_scored_as_open_bids(game: str) -> None:
    players = ["Ann", "Bob", "Cat", "Dev"]
    open_bids = new_record(game, players, 0, {"hands": [3], "bidding": "open"})
    sealed = new_record(game, players, 0, {"hands": [3], "bidding": "sealed"})
    assert sealed.setup.options["bidding"] == "sealed"
    assert new_record(game, players, 0).setup.options["bidding"] == "open"
    assert sealed.to_json()["options"] == {"hands": [3], "bidding": "sealed"}
    rnd = {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 2]}
    assert score(sealed.with_rounds([rnd])).totals == score(open_bids.with_rounds([rnd])).totals
    assert rules_in_play(game, {"bidding": "sealed"}) == "House rules: sealed bids"
    assert rules_in_play(game, {"bidding": "open"}) == "As ruled"


@pytest.mark.parametrize(
    ("value", "said"),
    [("blind", "'blind'"), ("Sealed", "'Sealed'"), (True, "true"), (None, "null"), (1, "1")],
)
def test_bidding_refuses_any_other_value_naming_the_option(value: object, said: str) -> None:
    with pytest.raises(RulesError) as error:
        new_record("boerenbridge", ["Ann", "Bob", "Cat", "Dev"], 0, {"bidding": value})
    assert str(error.value) == f"option bidding is one of open, sealed, not {said}"


@pytest.mark.parametrize("game", ["sinker", "abracadabra"])
def test_games_without_bids_in_turn_have_no_bidding_option(game: str) -> None:
    with pytest.raises(RulesError, match="unknown option 'bidding'"):
        new_record(game, ["Ann", "Bob"], 0, {"bidding": "open"})


# --- Boerenbridge's patterns of hands follow the players at the table ---------------


@pytest.mark.parametrize(("count", "most"), [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_boerenbridges_presets_go_up_to_the_most_and_back_and_down_from_it(
    count: int, most: int
) -> None:
    offered = {found.key: found for found in presets("boerenbridge", count)}
    up = offered["up-and-down-to-100"]
    assert up.name == f"1 to {most} and back, to 100"
    assert up.options == {"hands": [*range(1, most + 1), *range(most - 1, 0, -1)]}
    down = offered["down-to-one"]
    assert down.name == f"{most} down to 1, to 100"
    assert down.options == {"hands": list(range(most, 0, -1))}
    assert offered["dutch-hook"].options == {**up.options, "hook_from": 4}
    players = [f"P{seat}" for seat in range(count)]
    for found in (up, down, offered["dutch-hook"]):
        new_record("boerenbridge", players, 0, dict(found.options))
        assert rules_in_play("boerenbridge", found.options, count) == f"Rules: {found.name}"
        assert rules_in_play("boerenbridge", found.options) == f"Rules: {found.name}"


# --- A refusal of an option says which, and what it reads beside the option ---------

CUSTOM = {"scoring": "custom", "made": "10 + t", "missed": "0"}


@pytest.mark.parametrize(
    ("game", "options", "option", "whole", "beside"),
    [
        (
            "oh-hell",
            {"hands": [14]},
            "hands",
            "option hands: a hand of 14 cards is too big for 4 players: the pack allows at most 13",
            "a hand of 14 cards is too big for 4 players: the pack allows at most 13",
        ),
        (
            "wizard",
            {"hands": [1] * 61},
            "hands",
            "option hands lists 1 to 60 hands, not 61",
            "Give 1 to 60 hand sizes, not 61.",
        ),
        (
            "brink-bid",
            {"hands": [0]},
            "hands",
            "option hands: a hand has at least 1 card, not 0",
            "a hand has at least 1 card, not 0",
        ),
        (
            "boerenbridge",
            {**CUSTOM, "made": "10 + x"},
            "made",
            "option made: `10 + x` uses the name `x`: house rules know only b (bid), t "
            "(tricks), h (cards dealt) and n (players)",
            "`10 + x` uses the name `x`: house rules know only b (bid), t (tricks), h "
            "(cards dealt) and n (players)",
        ),
        ("oh-hell", {"hook_from": 0}, "hook_from", "option hook_from is at least 1, not 0", None),
        ("oh-hell", {"hook": "maybe"}, "hook", None, None),
        ("boerenbridge", {"made": "10"}, "made", None, None),
        ("skull-king", {"bidding": "loud"}, "bidding", None, None),
        ("boerenbridge", {}, "hands", None, None),  # 5 players: hand sizes of their own
    ],
)
def test_a_refused_option_is_named_with_the_reason_to_say_beside_it(
    game: str, options: dict[str, Any], option: str, whole: str | None, beside: str | None
) -> None:
    players = [*FOUR, "Eve"] if game == "boerenbridge" and not options else FOUR

    with pytest.raises(RulesError) as refused:
        new_record(game, players, 0, options)

    error = refused.value
    assert error.option == option
    if whole is not None:
        assert str(error) == whole
    # Beside the field the option's name is left out; a refusal with nothing shorter
    # to say is said whole.
    assert str(error.reason) == (beside if beside is not None else str(error.message))


def test_a_refusal_of_no_option_names_none() -> None:
    with pytest.raises(RulesError) as refused:
        new_record("oh-hell", ["Ann", "Ann", "Ben"], 0)

    assert refused.value.option is None
    assert refused.value.reason == refused.value.message


def test_a_refusal_placed_in_a_round_keeps_its_option() -> None:
    error = RulesError.of_option("made", "10 + x cannot be read").in_round(3)

    assert (error.option, error.reason, error.round_number) == ("made", "10 + x cannot be read", 3)
