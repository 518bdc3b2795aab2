"""Player names: what the engine takes (check_players, via new_record and parse_record)."""

from __future__ import annotations

import pytest

from rules_engine import RulesError, new_record, parse_record


def names(*players: str) -> list[str]:
    return list(new_record("oh-hell", list(players), 0, {}).players)


def test_a_name_of_forty_characters_is_taken() -> None:
    assert names("A" * 40, "Bob", "Cat") == ["A" * 40, "Bob", "Cat"]


def test_a_name_whose_small_letters_pass_forty_characters_is_refused() -> None:
    # "ß" is "ss" in small letters: 40 characters become 80, too long to be looked up.
    with pytest.raises(RulesError, match="in small letters it has 80 characters"):
        names("ß" * 40, "Bob", "Cat")


@pytest.mark.parametrize("name", ["Ann\x00", "A\x00nn", "Ann\ud800", "\udfffBob", "An\x1bn"])
def test_a_name_with_a_control_or_broken_character_is_refused(name: str) -> None:
    with pytest.raises(RulesError, match="holds a control character or a broken one"):
        names(name, "Bob", "Cat")


def test_an_imported_record_is_checked_the_same_way() -> None:
    record = {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": {},
        "players": ["Ann\ud800", "Bob", "Cat"],
        "first_dealer": 0,
        "rounds": [],
    }

    with pytest.raises(RulesError, match="holds a control character"):
        parse_record(record)


def test_letters_marks_and_spaces_of_any_script_are_names() -> None:
    assert names("Zoë", "Ōkubo Tōru", "Дмитрий") == ["Zoë", "Ōkubo Tōru", "Дмитрий"]
