"""Oh Hell with the full pack (RULINGS, "House rules", ``hands``): a hand may reach
floor(52 / n), and a round that deals all 52 cards is played without trump."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import Entry, RulesError, StepKind, new_record, paper, parse_record, score, table
from tests.engine.entering import enter

FOUR = ["Ann", "Ben", "Cleo", "Dev"]
FULL = {"hands": [12, 13]}


def record(rounds: list[dict[str, Any]], options: dict[str, Any] | None = None) -> Any:
    return {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": FULL if options is None else options,
        "players": FOUR,
        "first_dealer": 0,
        "rounds": rounds,
    }


ROUND_12 = {"bids": [3, 3, 3, 2], "tricks": [3, 3, 3, 3], "trump": "hearts"}


def test_13_cards_to_4_players_is_allowed_and_14_is_not() -> None:
    rec = new_record("oh-hell", FOUR, 0, FULL)
    assert rec.rules.most_cards(4) == 13
    with pytest.raises(RulesError, match="a hand of 14 cards is too big for 4 players"):
        new_record("oh-hell", FOUR, 0, {"hands": [14]})


def test_a_trump_recorded_for_the_full_pack_round_is_refused() -> None:
    rnd = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "trump": "spades"}
    with pytest.raises(RulesError) as caught:
        score(parse_record(record([ROUND_12, rnd])))
    assert str(caught.value) == (
        "round 2: there is no trump in a round of 13 cards to 4 players: the whole pack is "
        "dealt and no card is turned up"
    )


def test_the_full_pack_round_scores_without_a_trump_or_with_none() -> None:
    rnd = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert score(parse_record(record([ROUND_12, rnd]))).totals == (17, 26, 26, 16)
    none = {**rnd, "trump": "none"}
    sheet = score(parse_record(record([ROUND_12, none])))
    assert sheet.totals == (17, 26, 26, 16) and sheet.finished


def test_a_trump_is_still_turned_up_when_fewer_cards_are_dealt() -> None:
    # 12 cards to 4 players leave 4: one is turned up.
    current = table(new_record("oh-hell", FOUR, 0, FULL))
    assert [step.kind for step in current.optional_steps] == [StepKind.TRUMP]
    assert "No trump this round: the whole pack is dealt" not in current.notes


def test_the_table_says_no_trump_and_offers_none_to_record() -> None:
    rec = parse_record(record([ROUND_12]))
    current = table(rec)
    assert current.round_label == "Round 2 of 2"
    assert current.notes[0] == "No trump this round: the whole pack is dealt"
    assert current.optional_steps == ()
    with pytest.raises(RulesError, match="there is no trump in a round of 13 cards"):
        enter(rec, (), Entry("trump", None, "clubs"))
    rec, pending = enter(rec, (), Entry("bid", 2, 3))
    assert table(rec, pending).notes[0] == "No trump this round: the whole pack is dealt"


def test_the_paper_sheet_writes_no_trump_for_the_full_pack_round() -> None:
    rnd = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    first, second = paper(parse_record(record([ROUND_12, rnd])))
    assert first.boxes == ("♥",)
    assert second.boxes == ("NT",)
