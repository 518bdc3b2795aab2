"""Correcting one cell of the sheet: the round checked whole, the change told in words."""

from __future__ import annotations

import pytest

from rules_engine import (
    Record,
    RulesError,
    cell,
    corrected,
    differences,
    fields,
    parse_record,
    score,
)
from tests.conftest import ROUND_1, ROUND_2, _short_game_rounds, oh_hell
from tests.five_games import BRINK_BID


def test_a_bid_is_changed_and_the_other_entries_kept() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    after = corrected(record, 1, {"bids": {"0": "4"}})

    assert after.rounds == ({"bids": [4, 3, 2, 3], "tricks": [3, 4, 2, 1]}, ROUND_2)
    # Ann bid 4 and took 3: 3 points instead of 13 (TOTALS_AFTER_2 is 25, 15, 25, 4).
    assert score(after).totals == (15, 15, 25, 4)


def test_the_change_is_told_as_totals_and_who_leads() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    lines = differences(record, corrected(record, 1, {"bids": {"0": "4"}}))

    assert lines == (
        "round 1: Ann's bid 3 \u2192 4",
        "Ann's total 25 \u2192 15",
        "the lead goes to Cat instead of Ann and Cat",
    )


def test_a_changed_winner_is_told() -> None:
    record = parse_record(
        oh_hell(_short_game_rounds(), ("Ann", "Bob", "Cat"), {"style": "short-up"})
    )

    # Cat bids 1 in the last round and takes nothing: 0 instead of 10, 90 against Bob's 91.
    lines = differences(record, corrected(record, 10, {"bids": {"2": "1"}}))

    assert lines == (
        "round 10: Cat's bid 0 \u2192 1",
        "Cat's total 100 \u2192 90",
        "the winner becomes Bob instead of Cat",
    )


def test_tricks_that_no_longer_add_up_are_refused_with_the_rules_message() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    with pytest.raises(RulesError, match="round 1: .*tricks"):
        corrected(record, 1, {"tricks": {"0": "4"}})


def test_two_players_tricks_changed_together_make_a_round() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    after = corrected(record, 1, {"tricks": {"0": "4", "1": "3"}})

    assert after.rounds[0]["tricks"] == [4, 3, 2, 1]


def test_a_value_the_cell_does_not_offer_is_refused() -> None:
    record = parse_record(oh_hell([ROUND_1, ROUND_2]))

    with pytest.raises(RulesError, match="'11' is not one of the values Ann may have here"):
        corrected(record, 1, {"bids": {"0": "11"}})
    with pytest.raises(RulesError, match="there is no round 3 to correct"):
        cell(record, 3, "bids")
    with pytest.raises(RulesError, match="round 1 has no dice to correct"):
        cell(record, 1, "dice")


def test_brink_bids_dice_are_a_cell_of_three_dice_and_the_bids_are_kept() -> None:
    record = parse_record(BRINK_BID)
    assert fields(record, 1) == ("bids", "tricks", "dice")
    dice = cell(record, 1, "dice")
    assert [(p.key, p.value) for p in dice.parts] == [
        ("trump", "hearts"), ("number", "2"), ("direction", "across-left"),
    ]  # fmt: skip

    after = corrected(record, 1, {"dice": {"number": "none", "direction": "right"}})

    assert after.rounds[0] == {
        **BRINK_BID["rounds"][0],
        "dice": {"trump": "hearts", "number": "none", "direction": "right"},
    }
    assert differences(record, after) == (
        "round 1: dice number 2 \u2192 none",
        "round 1: dice direction across-left \u2192 right",
    )


def skull_king(rnd: dict[str, object]) -> Record:
    return parse_record(
        {
            "format": "scorepad/1",
            "game": "skull-king",
            "options": {"hands": [2]},
            "players": ["Ann", "Bob", "Cat"],
            "first_dealer": 0,
            "rounds": [rnd],
        }
    )


def test_skull_kings_bonus_and_lost_are_cells_even_where_the_round_left_them_out() -> None:
    record = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1]})

    assert fields(record, 1) == ("bids", "tricks", "bonus", "lost")
    bonus = cell(record, 1, "bonus")
    assert [(p.key, p.value, p.least, p.most) for p in bonus.parts] == [
        ("0", "0", -500, 500),
        ("1", "0", -500, 500),
        ("2", "0", -500, 500),
    ]
    (lost,) = cell(record, 1, "lost").parts
    assert (lost.value, [c.value for c in lost.choices]) == ("0", ["0", "1", "2"])


def test_a_bonus_is_corrected_and_told_and_all_zero_is_left_out() -> None:
    record = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})

    after = corrected(record, 1, {"bonus": {"0": "30", "2": "20"}})

    assert after.rounds == ({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [30, 0, 20]},)
    assert differences(record, after)[:2] == (
        "round 1: Ann's bonus 10 \u2192 30",
        "round 1: Cat's bonus 0 \u2192 20",
    )
    cleared = corrected(record, 1, {"bonus": {"0": "0"}})
    assert cleared.rounds == ({"bids": [1, 0, 1], "tricks": [1, 0, 1]},)


def test_lost_tricks_are_corrected_only_with_tricks_that_add_up() -> None:
    record = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1]})

    with pytest.raises(RulesError):
        corrected(record, 1, {"lost": {"lost": "1"}})
    after = corrected(record, 1, {"lost": {"lost": "1"}, "tricks": {"0": "0"}})

    assert after.rounds == ({"bids": [1, 0, 1], "tricks": [0, 0, 1], "lost": 1},)
    assert "round 1: the lost tricks 0 \u2192 1" in differences(record, after)


def test_a_bonus_is_corrected_to_less_than_0() -> None:
    # RULINGS, "Skull King": a bonus is -500..500 (cards that cost points).
    record = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [10, 0, 0]})

    after = corrected(record, 1, {"bonus": {"0": "-500", "1": "-20"}})

    assert after.rounds == ({"bids": [1, 0, 1], "tricks": [1, 0, 1], "bonus": [-500, -20, 0]},)


@pytest.mark.parametrize("value", ["501", "-501", "x", "1e2", ""])
def test_a_bonus_out_of_range_is_refused(value: str) -> None:
    record = skull_king({"bids": [1, 0, 1], "tricks": [1, 0, 1]})

    with pytest.raises(RulesError) as error:
        corrected(record, 1, {"bonus": {"1": value}})

    assert str(error.value) == f"{value!r} is not one of the values Bob may have here"


# --- A whole deal in place: Abracadabra (and Sinker's calls) -------------------------


def abracadabra() -> Record:
    from tests.five_games import ABRACADABRA

    return parse_record(ABRACADABRA)


def test_every_value_of_a_played_deal_is_a_cell_as_entered() -> None:
    record = abracadabra()
    assert fields(record, 1) == (
        "trump",
        "calls",
        "bid_suits",
        "named",
        "exposed",
        "pile_exposed",
        "trick_winners",
        "suit_cards",
    )
    calls = cell(record, 1, "calls")
    assert [(p.label, p.value) for p in calls.parts] == [
        ("Ben", "3"),
        ("Cleo", "pass"),
        ("Dev", "pass"),
        ("Ann", "pass"),
    ]
    named = cell(record, 1, "named")
    assert named.heading == "Named tricks" and all(p.many for p in named.parts)
    assert [p.ticked for p in named.parts] == [("5", "11"), ("4", "8", "12"), (), ("1",)]
    assert [c.label for c in named.parts[0].choices][:3] == ["A", "2", "3"]
    # Only the declarer exposes tricks; the piles laid open are one part of flags.
    assert [p.label for p in cell(record, 1, "exposed").parts] == ["Ben"]
    (piles,) = cell(record, 1, "pile_exposed").parts
    assert piles.ticked == ("3",) and [c.label for c in piles.choices] == list(record.players)
    winners = cell(record, 1, "trick_winners").parts
    assert (winners[6].label, winners[6].value) == ("trick 7", "2")
    trump = cell(record, 1, "trump").parts[0]
    assert trump.value == "hearts" and trump.choices[0].label == "not noted"


def test_a_deals_values_are_changed_in_place_the_rest_kept_and_told() -> None:
    record = abracadabra()
    before = record.rounds[0]

    after = corrected(
        record,
        1,
        {
            "trick_winners": {"6": "3"},  # trick 7 to Dev, not Cleo
            "named": {"2": ["", "7"]},  # Cleo named trick 7 after all
            "pile_exposed": {"piles": ["", "0", "3"]},  # Ann's pile too
            "trump": {"trump": ""},  # the trump was not noted
        },
    )

    rnd = after.rounds[0]
    assert rnd["trick_winners"][6] == 3 and rnd["named"][2] == [7]
    assert rnd["pile_exposed"] == [True, False, False, True]
    assert "trump" not in rnd
    assert {
        k: v for k, v in rnd.items() if k not in ("trick_winners", "named", "pile_exposed")
    } == {
        k: v
        for k, v in before.items()
        if k not in ("trick_winners", "named", "pile_exposed", "trump")
    }
    changes = differences(record, after)
    assert changes[:4] == (
        "round 1: the trump hearts → not noted",
        "round 1: Cleo's named tricks none → 7",
        "round 1: the piles laid open Dev → Ann, Dev",
        "round 1: trick 7's winner Cleo → Dev",
    )


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        # Ben declared 3: two named is refused, by the rules the table uses.
        ({"named": {"1": ["4", "8"]}}, "Ben bid 3 and must name exactly 3 tricks, not 2"),
        ({"calls": {"0": "pass"}}, "every player passed, so the deal was thrown in"),
        ({"named": {"1": ["4", "8", "14"]}}, "'14' is not one of the values Ben may have here"),
        ({"bid_suits": {"0": "spades"}}, "Ben has spades already"),
        ({"suit_cards": {"3": "5"}}, "Dev cannot have taken 5 diamonds"),
    ],
)
def test_a_deal_changed_so_that_it_breaks_a_rule_is_refused_with_the_rules_words(
    posted: dict[str, dict[str, str | list[str]]], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        corrected(abracadabra(), 1, posted)


def test_a_thrown_in_deal_has_its_trump_only_to_correct_in_place() -> None:
    from tests.engine.test_abracadabra import spec_record

    record = spec_record().with_rounds([{"calls": ["pass"] * 4}])
    assert fields(record, 1) == ("trump",)


def test_sinkers_calls_are_a_cell_beside_the_tricks() -> None:
    from tests.five_games import SINKER

    record = parse_record(SINKER)
    assert fields(record, 1) == ("tricks", "calls")
    assert [(p.label, p.value) for p in cell(record, 1, "calls").parts] == [
        ("Ann", "zero"),
        ("Ben", "pass"),
    ]
    after = corrected(record, 1, {"calls": {"0": "1"}})
    assert after.rounds[0]["calls"] == ["1", "pass"]
    assert differences(record, after)[0] == "round 1: Ann's call Zero → 1"
    with pytest.raises(RulesError, match="double-zero can be called only over a standing zero"):
        corrected(record, 1, {"calls": {"0": "double-zero"}})
