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


@pytest.mark.parametrize(
    ("name", "character"),
    [
        ("Ann\u202e", "U+202E"),  # right-to-left override: the rest of the line turned round
        ("\u2067Bob", "U+2067"),  # right-to-left isolate
        ("An\u200bn", "U+200B"),  # zero-width space: another "Ann"
        ("Ann\u200d", "U+200D"),  # a joiner joining nothing
        ("An\u200dn", "U+200D"),  # a joiner between Latin letters hides a difference
        ("\ufeffAnn", "U+FEFF"),  # byte-order mark
        ("Ann\u2028Bob", "U+2028"),  # line separator
    ],
)
def test_a_name_with_an_invisible_character_that_changes_the_text_is_refused(
    name: str, character: str
) -> None:
    with pytest.raises(RulesError) as refused:
        names(name, "Cat", "Dev")

    assert refused.value.code == "record_name_hidden"
    assert f"holds an invisible character ({character})" in str(refused.value)
    # The name is quoted without it, so the refusal itself is not turned round.
    assert not any(char in str(refused.value) for char in "\u202e\u2067\u200b\u200d\ufeff\u2028")


def test_an_imported_record_with_an_override_in_a_name_is_refused() -> None:
    record = {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": {},
        "players": ["Ann", "\u202eBob", "Cat"],
        "first_dealer": 0,
        "rounds": [],
    }

    with pytest.raises(RulesError, match=r"name 'Bob' holds an invisible character \(U\+202E\)"):
        parse_record(record)


def test_joiners_inside_emoji_and_scripts_that_join_are_names() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # joined as written
    assert names(family, persian, "Cat") == [family, persian, "Cat"]
