"""Where the engine and the reference scorer disagreed on tables whose players come and
go, and the rule texts sided with the reference: the smallest records found, each with
the sentence that decides it, kept so the engine goes on following the rule."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import RulesError, parse_record, score

from . import reference_scorer as reference


def record(rounds: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": fields.pop("options", {}),
        "players": fields.pop("players", ["Ann", "Ben", "Cleo"]),
        "first_dealer": 0,
        "rounds": rounds,
        **fields,
    }


# Oh Hell of one round of 1 card (option hands): Ann bids 0 and takes the trick.
ONE_CARD = {"bids": [0, 0, 0], "tricks": [1, 0, 0]}


@pytest.mark.parametrize(
    "data",
    [
        # Every seat seated, said so.
        record([{"seated": [0, 1, 2], **ONE_CARD}], options={"hands": [1]}),
        # A starting total in the first round (spec: "the starting total of a player
        # who takes part for the first time in this round").
        record([{"start": [5, None, None], **ONE_CARD}], options={"hands": [1]}),
        # Dev, named, never seated.
        record(
            [{"seated": [0, 1, 2], "bids": [0, 0, 0, None], "tricks": [1, 0, 0, None]}],
            options={"hands": [1]},
            players=["Ann", "Ben", "Cleo", "Dev"],
        ),
    ],
)
def test_a_game_played_to_the_end_of_its_hands_with_seated_or_start_is_scored(
    data: dict[str, Any],
) -> None:
    # RULINGS, House rules, `hands`: "the game ends after the last entry"; the spec:
    # "`finished` is true once the rules end the game; `winners` then lists the
    # winning seats". The engine's parse_record raises IndexError instead (working
    # out the hand size of a round after the last).
    sheet = score(parse_record(data)).to_json()
    assert sheet == reference.score(data)
    assert sheet["finished"] is True
    assert sheet["winners"] == [1, 2]


def test_a_round_after_the_end_of_a_seated_game_is_refused() -> None:
    # The spec: "Rounds after the game has finished are an error" (a RulesError, not
    # an IndexError).
    data = record([{"seated": [0, 1, 2], **ONE_CARD}] * 2, options={"hands": [1]})
    with pytest.raises(reference.Refused):
        reference.score(data)
    with pytest.raises(RulesError):
        parse_record(data)


def test_a_record_without_seated_prints_no_seated() -> None:
    # The spec, "What python -m rules_engine score FILE prints": "A round of a record
    # with `seated` anywhere also prints "seated""; and "A record that seats anyone
    # apart (`seated` on any round)". A plan or a starting total alone seats no one
    # apart: the engine prints "seated" on every round of such a record.
    for data in (
        record([{"plan": [1], **ONE_CARD}]),
        record([{"start": [5, None, None], **ONE_CARD}], options={"hands": [1, 1]}),
    ):
        sheet = score(parse_record(data)).to_json()
        assert sheet == reference.score(data)
        assert all("seated" not in line for line in sheet["rounds"])
