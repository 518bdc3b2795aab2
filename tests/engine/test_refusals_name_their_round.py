"""The engine's words (issue 45, point 8): every refusal of a record names its round;
a seated player's tricks that are not a number name the player, and "tricks" is a
word of the catalogue (``Term``), so that Dutch says it in Dutch."""

from __future__ import annotations

import copy

import pytest

from rules_engine import Message, RulesError, parse_record, score
from rules_engine.messages import Term
from tests.engine.test_players_come_and_go import record
from tests.five_games import SINKER


def _refusal(data: dict[str, object]) -> RulesError:
    with pytest.raises(RulesError) as refused:
        score(parse_record(data))
    return refused.value


def test_seats_in_a_game_that_keeps_its_players_are_refused_in_their_round() -> None:
    data = copy.deepcopy(SINKER)
    rounds = data["rounds"]
    assert isinstance(rounds, list) and len(rounds) >= 2
    rounds[1]["seated"] = [0, 1, 2, 3]
    assert str(_refusal(data)) == (
        "round 2: Sinker keeps its players for the whole game: no seated, plan, start in its rounds"
    )


def test_a_seated_players_null_tricks_names_the_player() -> None:
    rounds = [
        {"seated": [0, 1, 2], "plan": [5], "bids": [1, 1, 1, None], "tricks": [2, None, 3, None]}
    ]
    refused = _refusal(record("oh-hell", 4, rounds))
    assert str(refused) == "round 1: Ben's tricks must be a whole number, not null"
    # "tricks" is a word of the catalogue: translated where the message is.
    message = refused.message
    assert isinstance(message, Message) and message.code == "whole_number_of"
    assert isinstance(message.params["what"], Term)


def test_a_players_tricks_given_as_text_name_the_player() -> None:
    rounds = [{"bids": [1, 1, 1], "tricks": [2, "2", 3]}]
    assert str(_refusal(record("oh-hell", 3, rounds))) == (
        "round 1: Ben's tricks must be a whole number, not '2'"
    )
