"""Players come and go, the plan changes, the table stops (RULINGS.md, the section of
that name; the record's ``seated``, ``start``, ``plan`` and ``stopped``): scoring a record."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules_engine import RulesError, parse_record, places, score
from rules_engine.cli import main

NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eva", "Fay", "Gus", "Hal", "Ida"]


def record(game: str, players: int, rounds: list[Any], **fields: Any) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": game,
        "options": fields.pop("options", {}),
        "players": NAMES[:players],
        "first_dealer": fields.pop("first_dealer", 0),
        "rounds": rounds,
        **fields,
    }


def scored(data: dict[str, Any]) -> Any:
    return score(parse_record(data))


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as refused:
        scored(data)
    return str(refused.value)


def cli(data: dict[str, Any]) -> tuple[int, dict[str, Any] | None, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["score", "-"], stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err)
    return status, (json.loads(out.getvalue()) if out.getvalue() else None), err.getvalue()


# The record-format spec's own example: Dev leaves after round 1 and Eva joins on 5.
SPEC = record(
    "oh-hell",
    5,
    [
        {"seated": [0, 1, 2, 3], "bids": [2, 3, 2, 2, None], "tricks": [2, 3, 3, 2, None]},
        {
            "seated": [0, 1, 2, 4],
            "plan": [9, 8, 7],
            "start": [None, None, None, None, 5],
            "bids": [2, 2, 2, None, 2],
            "tricks": [2, 3, 2, None, 2],
        },
    ],
    stopped=True,
)


def test_the_record_formats_example_scores_as_the_spec_works_it_out() -> None:
    sheet = scored(SPEC)
    first, second = sheet.rounds
    assert (first.hand_size, first.dealer) == (10, 0)
    assert first.totals == (12, 13, 3, 12, 0)
    assert (second.hand_size, second.dealer) == (9, 1)  # Ben: the first seated after Ann
    assert second.scores == (12, 3, 12, None, 12)
    assert sheet.totals == (24, 16, 15, 12, 17)
    assert sheet.finished and sheet.winners == (0,)


def test_the_cli_prints_who_was_seated_each_round_and_null_for_the_others() -> None:
    status, printed, _ = cli(SPEC)
    assert status == 0 and printed is not None
    assert [r["seated"] for r in printed["rounds"]] == [[0, 1, 2, 3], [0, 1, 2, 4]]
    assert printed["rounds"][0]["scores"] == [12, 13, 3, 12, None]
    assert printed["rounds"][1]["totals"] == [24, 16, 15, 12, 17]
    assert (printed["finished"], printed["winners"]) == (True, [0])


def test_a_record_that_seats_nobody_apart_prints_no_seated() -> None:
    data = record("oh-hell", 4, [{"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]}])
    _, printed, _ = cli(data)
    assert printed is not None and "seated" not in printed["rounds"][0]


def test_seated_left_out_of_a_round_of_a_record_that_seats_apart_means_everyone() -> None:
    data = record(
        "oh-hell",
        4,
        [
            {"seated": [0, 1, 2], "bids": [2, 3, 2, None], "tricks": [2, 3, 5, None]},
            {"plan": [9], "bids": [1, 2, 3, 2], "tricks": [1, 2, 3, 3]},
        ],
    )
    _, printed, _ = cli(data)
    assert printed is not None
    assert [r["seated"] for r in printed["rounds"]] == [[0, 1, 2], [0, 1, 2, 3]]
    assert printed["finished"]  # the plan's one round is played


def test_a_player_who_leaves_keeps_their_total_and_it_stands_still() -> None:
    data = record(
        "oh-hell",
        4,
        [
            {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
            {
                "seated": [0, 1, 2],
                "plan": [9, 8],
                "bids": [3, 3, 2, None],
                "tricks": [3, 3, 3, None],
            },
        ],
    )
    sheet = scored(data)
    assert sheet.rounds[1].scores == (13, 13, 3, None)
    assert sheet.totals == (25, 26, 6, 12)
    assert sheet.rounds[1].dealer == 1


def test_a_player_who_comes_back_goes_on_from_their_total() -> None:
    rounds = [
        {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},  # 12 13 3 12
        {"seated": [0, 1, 2], "plan": [9, 8], "bids": [3, 3, 2, None], "tricks": [3, 3, 3, None]},
        {"seated": [0, 1, 2, 3], "plan": [7], "bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 4]},
    ]
    sheet = scored(record("oh-hell", 4, rounds))
    assert sheet.rounds[2].scores == (11, 11, 11, 4)
    assert sheet.totals == (36, 37, 17, 16)
    # Round 2 was dealt by Ben; Cleo deals round 3 whoever came back.
    assert sheet.rounds[2].dealer == 2


def test_the_deal_passes_to_the_first_seated_player_after_the_last_dealer() -> None:
    # Ben deals round 2; Cleo leaves, so Dev deals round 3, though Cleo sits after Ben.
    rounds = [
        {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
        {"bids": [2, 2, 2, 2], "tricks": [2, 2, 3, 2]},
        {"seated": [0, 1, 3], "plan": [8], "bids": [2, 2, None, 2], "tricks": [2, 2, None, 4]},
    ]
    sheet = scored(record("oh-hell", 4, rounds))
    assert [r.dealer for r in sheet.rounds] == [0, 1, 3]


def test_the_deal_passes_from_a_dealer_who_has_left() -> None:
    # Ben deals round 2, then leaves: round 3 goes to the first seated after Ben (Cleo).
    rounds = [
        {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
        {"bids": [2, 2, 2, 2], "tricks": [2, 2, 3, 2]},
        {"seated": [0, 2, 3], "plan": [8], "bids": [2, None, 2, 2], "tricks": [2, None, 2, 4]},
    ]
    assert [r.dealer for r in scored(record("oh-hell", 4, rounds)).rounds] == [0, 1, 2]


def test_the_first_dealer_must_be_at_the_table() -> None:
    data = record(
        "oh-hell",
        5,
        [{"seated": [0, 1, 2, 3], "bids": [2, 3, 2, 2, None], "tricks": [2, 3, 3, 2, None]}],
        first_dealer=4,
    )
    assert refusal(data) == "round 1: Eva deals first, so Eva must be at the table"


def test_the_options_that_depend_on_the_players_are_read_for_the_first_rounds() -> None:
    # Seven named, five seated at first: Oh Hell deals 10 cards to five, not 7.
    data = record(
        "oh-hell",
        7,
        [
            {
                "seated": [0, 1, 2, 3, 4],
                "bids": [2, 2, 2, 2, 1, None, None],
                "tricks": [2, 2, 2, 2, 2, None, None],
            }
        ],
    )
    sheet = scored(data)
    assert sheet.rounds[0].hand_size == 10
    # ...and Boerenbridge as ruled is for the 4 seated, however many are named.
    four = record(
        "boerenbridge",
        5,
        [{"seated": [0, 1, 2, 3], "bids": [3, 3, 3, 3, None], "tricks": [3, 3, 3, 4, None]}],
    )
    assert scored(four).rounds[0].hand_size == 13


@pytest.mark.parametrize(
    ("game", "least", "most"),
    [
        ("oh-hell", 3, 7),
        ("boerenbridge", 3, 7),
        ("brink-bid", 2, 6),
        ("wizard", 3, 6),
        ("skull-king", 2, 8),
    ],
)
def test_every_round_seats_the_games_number_of_players(game: str, least: int, most: int) -> None:
    options = {"hands": [1]} if game == "boerenbridge" else {}
    few = [{"seated": list(range(least - 1)), "bids": [0] * (least - 1) + [None] * 2}]
    data = record(game, least + 1, few, options=options)
    message = refusal(data)
    assert message.startswith("round 1: ") and f"not {least - 1}" in message
    many = [{"seated": list(range(most + 1)), "bids": [0] * (most + 1)}]
    assert f"not {most + 1}" in refusal(record(game, most + 1, many, options=options))


def test_a_record_that_seats_players_apart_may_name_up_to_twenty() -> None:
    names = [f"P{k}" for k in range(21)]
    data = record("oh-hell", 4, [{"seated": [0, 1, 2], "bids": [0] * 3, "tricks": [0] * 3}])
    data["players"] = names
    assert "3 to 20 players, not 21" in refusal(data)
    # Without anyone seated apart, a record names only as many as the game seats.
    plain = record("oh-hell", 8, [])
    assert refusal(plain) == "Oh Hell is for 3 to 7 players, not 8"


def test_a_round_whose_seats_change_needs_a_plan() -> None:
    rounds = [
        {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
        {"seated": [0, 1, 2], "bids": [3, 3, 2, None], "tricks": [3, 3, 4, None]},
    ]
    message = refusal(record("oh-hell", 4, rounds))
    assert message == (
        "round 2: the players at the table changed, so the round needs a plan of its hand sizes"
    )


def test_a_plan_with_the_same_players_changes_the_sizes_and_the_end() -> None:
    rounds = [
        {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
        {"plan": [3, 5], "bids": [1, 1, 0, 0], "tricks": [1, 1, 0, 1]},
        {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 2]},
    ]
    sheet = scored(record("oh-hell", 4, rounds))
    assert [r.hand_size for r in sheet.rounds] == [10, 3, 5]
    assert sheet.totals == (34, 35, 24, 15)
    assert sheet.finished and sheet.winners == (1,)
    more = record("oh-hell", 4, [*rounds, {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 2]}])
    assert refusal(more) == "round 4: the game was already over before this round"


def test_a_plan_may_make_the_game_longer() -> None:
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 0, 1], "plan": [1] * 25}]
    data = record("oh-hell", 3, rounds, options={"style": "short-up"})
    sheet = scored(data)
    assert not sheet.finished  # short-up for 3 is 10 rounds; the plan makes it 25


@pytest.mark.parametrize(
    ("game", "players", "most"),
    [
        ("oh-hell", 5, 10),
        ("brink-bid", 5, 10),
        ("boerenbridge", 5, 10),
        ("wizard", 5, 12),
        ("skull-king", 7, 10),
    ],
)
def test_a_plans_hands_are_at_most_what_the_pack_deals_the_seated(
    game: str, players: int, most: int
) -> None:
    # Boerenbridge for 5 (the first round's players) takes hand sizes of its own.
    options = {"hands": [10]} if game == "boerenbridge" else {}
    ok = record(game, players, [{**_first_round(players, most), "plan": [most]}], options=options)
    assert scored(ok).rounds[0].hand_size == most
    too_big = [{**_first_round(players, most + 1), "plan": [most + 1]}]
    assert refusal(record(game, players, too_big, options=options)).startswith(
        f"round 1: a plan of {most + 1} cards is too many"
    )


def _first_round(players: int, size: int) -> dict[str, Any]:
    """A round of ``size`` cards: everyone bids 0, the last player takes every trick."""
    return {"bids": [0] * players, "tricks": [0] * (players - 1) + [size]}


@pytest.mark.parametrize(
    ("plan", "said"),
    [
        ([], "a plan lists 1 to 60 hand sizes, not 0"),
        ([1] * 61, "a plan lists 1 to 60 hand sizes, not 61"),
        ([0], "hand size 1 of the plan is 0: every round deals at least 1 card"),
        ([2, -1], "hand size 2 of the plan is -1: every round deals at least 1 card"),
        ([1.5], "hand size 1 of the plan must be a whole number, not 1.5"),
        ([1, True], "hand size 2 of the plan must be a whole number, not true"),
        ("7", "a plan lists 1 to 60 hand sizes, each a whole number"),
    ],
)
def test_a_plan_is_one_to_sixty_whole_numbers_and_a_refusal_says_which_is_wrong(
    plan: Any, said: str
) -> None:
    data = record("oh-hell", 3, [{"plan": plan, "bids": [0, 0, 0], "tricks": [0, 0, 1]}])
    assert refusal(data) == f"round 1: {said}"


def test_a_later_round_seating_more_than_the_plan_deals_is_refused_until_a_new_plan() -> None:
    # Three seated take a plan of 17; a fourth coming back needs a new plan (at most 13).
    rounds: list[dict[str, Any]] = [
        {"seated": [0, 1, 2], "plan": [17, 17], "bids": [5, 5, 5, None], "tricks": [5, 5, 7, None]},
        {"seated": [0, 1, 2, 3], "bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 17]},
    ]
    assert refusal(record("oh-hell", 4, rounds)).startswith("round 2: the players at the table")
    rounds[1]["plan"] = [17]
    assert "a plan of 17 cards is too many" in refusal(record("oh-hell", 4, rounds))
    rounds[1] = {
        "seated": [0, 1, 2, 3],
        "plan": [12],
        "bids": [0, 0, 0, 0],
        "tricks": [0, 0, 0, 12],
    }
    assert scored(record("oh-hell", 4, rounds)).finished


def test_boerenbridge_deals_its_plan_over_and_over() -> None:
    rounds = [{"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0], "plan": [1, 2]}]
    for size in (2, 1, 2):
        rounds.append({"bids": [0, 0, 0, 0], "tricks": [size, 0, 0, 0]})
    sheet = scored(record("boerenbridge", 4, rounds))
    assert [r.hand_size for r in sheet.rounds] == [1, 2, 1, 2]
    assert not sheet.finished


def test_boerenbridge_a_joiner_on_eighty_sits_out_at_once() -> None:
    rounds = [
        {"bids": [3, 3, 3, 3, None], "tricks": [3, 3, 3, 4, None], "seated": [0, 1, 2, 3]},
        {
            "seated": [0, 1, 2, 3, 4],
            "plan": [10],
            "start": [None, None, None, None, 80],
            "bids": [2, 2, 2, 2, None],
            "tricks": [2, 2, 2, 2, 2],
        },
    ]
    sheet = scored(record("boerenbridge", 5, rounds))
    assert sheet.rounds[1].scores == (12, 12, 12, 12, 2)
    assert sheet.totals[4] == 82
    # A bid from the joiner on 80 is refused, as from any player at sit_out.
    rounds[1]["bids"] = [2, 2, 2, 2, 0]
    assert "Eva has 80 points and does not bid this round" in refusal(
        record("boerenbridge", 5, rounds)
    )


def test_the_hook_and_the_bid_order_count_only_the_seated_players() -> None:
    # Dev left; Ben deals 9 cards to Ann, Ben and Cleo: Cleo bids first, Ben last and
    # may not make the three bids add up to 9 (Dev's empty place counts for nothing).
    base = {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]}
    hooked = {"seated": [0, 1, 2], "plan": [9], "bids": [3, 3, 3, None], "tricks": [3, 3, 3, None]}
    message = refusal(record("oh-hell", 4, [base, hooked]))
    assert message == "round 2: Ben deals and may not bid 3: the bids would add up to the 9 tricks"


def test_a_formulas_n_is_the_number_seated() -> None:
    options = {"scoring": "custom", "made": "n", "missed": "0"}
    rounds = [
        {"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
        {"seated": [0, 1, 2], "plan": [9], "bids": [3, 3, 2, None], "tricks": [3, 3, 3, None]},
    ]
    sheet = scored(record("oh-hell", 4, rounds, options=options))
    assert sheet.rounds[0].scores == (4, 4, 0, 4)
    assert sheet.rounds[1].scores == (3, 3, 0, None)


def test_a_value_for_a_seat_not_seated_is_refused() -> None:
    rounds = [{"seated": [0, 1, 2], "bids": [2, 3, 2, 0], "tricks": [2, 3, 5, None]}]
    assert refusal(record("oh-hell", 4, rounds)) == (
        "round 1: Dev is not at the table this round: their bids must be null"
    )


def test_a_list_a_player_holds_a_null_for_every_seat_not_seated() -> None:
    rounds = [{"seated": [0, 1, 2], "bids": [2, 3, 2], "tricks": [2, 3, 5]}]
    assert refusal(record("oh-hell", 4, rounds)) == (
        "round 1: bids must list one value for each of the 4 players"
    )


@pytest.mark.parametrize(
    ("start", "said"),
    [
        ([None, None, None, 5], "Dev played before, so has no starting total"),
        (
            [None, None, None, None, 5],
            "start lists a starting total or null for each of the 4 players",
        ),
        ([None, None, 3, None], "Cleo is not at the table this round, so has no starting total"),
        (
            [None, None, None, 10001],
            "a starting total is a whole number from -10000 to 10000, not 10001",
        ),
        (
            [None, None, None, True],
            "a starting total is a whole number from -10000 to 10000, not true",
        ),
    ],
)
def test_a_starting_total_is_for_a_player_who_takes_part_for_the_first_time(
    start: list[Any], said: str
) -> None:
    rounds: list[dict[str, Any]] = [
        {"seated": [0, 1, 2, 3], "bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]},
        {
            "seated": [0, 1, 3],
            "plan": [9],
            "start": start,
            "bids": [3, 3, None, 2],
            "tricks": [3, 3, None, 3],
        },
    ]
    if said.endswith("10001") or said.endswith("true"):
        # A newcomer: Dev sits out round 1 and joins in round 2.
        rounds[0] = {"seated": [0, 1, 2], "bids": [2, 3, 2, None], "tricks": [2, 3, 5, None]}
    assert refusal(record("oh-hell", 4, rounds)) == f"round 2: {said}"


def test_a_joiner_starts_from_zero_unless_the_table_chose_another_total() -> None:
    first = {"seated": [0, 1, 2], "bids": [2, 3, 2, None], "tricks": [2, 3, 5, None]}
    joins: dict[str, Any] = {
        "seated": [0, 1, 2, 3],
        "plan": [9],
        "bids": [3, 3, 2, 0],
        "tricks": [3, 3, 3, 0],
    }
    assert scored(record("oh-hell", 4, [first, joins])).totals[3] == 10
    joins["start"] = [None, None, None, -7]
    assert scored(record("oh-hell", 4, [first, joins])).totals[3] == 3


@pytest.mark.parametrize("game", ["sinker", "abracadabra"])
def test_sinker_and_abracadabra_keep_their_players(game: str) -> None:
    players = 2 if game == "sinker" else 3
    rnd = {"seated": list(range(players)), "calls": ["pass"] * players}
    message = refusal(record(game, players, [rnd]))
    assert message.endswith(
        "keeps its players for the whole game: no seated, plan, start in its rounds"
    )


def test_sinker_may_stop_early_and_the_highest_total_wins() -> None:
    # Ben calls 3 and takes 5: he failed, so Ann scores the 7.
    rounds = [{"calls": ["3", "pass"], "tricks": [3, 5]}]
    sheet = scored(record("sinker", 2, rounds, stopped=True))
    assert sheet.totals == (7, 0)
    assert sheet.finished and sheet.winners == (0,)


def test_abracadabra_may_stop_early() -> None:
    thrown_in = {"calls": ["pass", "pass", "pass"]}
    sheet = scored(record("abracadabra", 3, [thrown_in], stopped=True))
    assert sheet.finished and sheet.winners == (0, 1, 2)


def test_a_stopped_game_with_no_rounds_is_refused() -> None:
    assert refusal(record("oh-hell", 3, [], stopped=True)) == (
        "a game cannot stop before its first round (stopped with no rounds)"
    )


@pytest.mark.parametrize(("value", "written"), [(1, "1"), ("true", "'true'"), (None, "null")])
def test_stopped_is_true_or_false(value: Any, written: str) -> None:
    data = record("oh-hell", 3, [{"bids": [0, 0, 0], "tricks": [0, 0, 10]}], stopped=value)
    assert refusal(data) == f"stopped is true or false, not {written}"


def test_a_stopped_game_takes_no_more_rounds_and_its_winner_is_the_highest() -> None:
    rounds = [{"bids": [2, 3, 2, 2], "tricks": [2, 3, 3, 2]}]
    sheet = scored(record("oh-hell", 4, rounds, stopped=True))
    assert sheet.finished and sheet.winners == (1,)
    assert not scored(record("oh-hell", 4, rounds)).finished


def test_a_stopped_boerenbridge_with_nobody_on_the_target_goes_to_the_highest() -> None:
    rounds = [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}]
    sheet = scored(record("boerenbridge", 4, rounds, stopped=True))
    assert sheet.winners == (0, 1, 2)  # 13 each; Dev missed: 4


def test_the_winners_are_among_those_seated_in_the_last_round_and_who_left_is_not_placed() -> None:
    # Ben leads, then leaves; Ann wins among those still at the table.
    rounds = [
        {"bids": [0, 10, 0, 1], "tricks": [0, 10, 0, 0]},  # 10, 20, 10, 0
        # Cleo deals (the first seated after Ann); Dev bids first.
        {"seated": [0, 2, 3], "plan": [9], "bids": [9, None, 1, 0], "tricks": [9, None, 0, 0]},
    ]
    sheet = scored(record("oh-hell", 4, rounds, stopped=True))
    assert sheet.rounds[1].dealer == 2
    assert sheet.totals == (29, 20, 10, 10)
    assert sheet.winners == (0,)
    assert sheet.ranked == (0, 2, 3)
    assert places(sheet) == ((1, (0,)), (2, (2, 3)))


def test_skull_king_goes_from_eight_players_to_seven() -> None:
    eight = [{"bids": [0] * 8, "tricks": [0] * 7 + [r]} for r in range(1, 9)]
    seven = {
        "seated": [0, 1, 2, 3, 4, 5, 6],
        "plan": [8, 8],
        "bids": [0, 0, 0, 0, 0, 0, 0, None],
        "tricks": [0, 0, 0, 0, 0, 0, 8, None],
    }
    last = {
        "bids": [0, 0, 0, 0, 0, 0, 0, None],
        "tricks": [0, 0, 0, 0, 0, 0, 8, None],
        "seated": [0, 1, 2, 3, 4, 5, 6],
    }
    sheet = scored(record("skull-king", 8, [*eight, seven, last]))
    assert [r.hand_size for r in sheet.rounds] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert sheet.finished
    # Hal's eight zero bids all failed but round 1... none made: -10 x H each round.
    assert sheet.totals[7] == -10 * sum(range(1, 9))
    # Seven players may be dealt up to 10 (70 // 7), eight only 8.
    seven["plan"] = [11]
    assert "the pack deals 7 players at most 10 cards" in refusal(
        record("skull-king", 8, [*eight, seven])
    )


def test_skull_king_with_two_seated_keeps_its_ghost_hands_lost_tricks() -> None:
    rounds = [
        {"bids": [1, 0, 0], "tricks": [1, 0, 0]},
        {"seated": [0, 1], "plan": [3], "bids": [1, 1, None], "tricks": [1, 1, None], "lost": 1},
    ]
    sheet = scored(record("skull-king", 3, rounds))
    assert sheet.rounds[1].scores == (20, 20, None)
