"""`python -m rules_engine score`: every refusal one line in a player's words, never
Python's (``True``, ``None``, ``nan``, ``sys.set_int_max_str_digits()``, a BOM's
"decode using utf-8-sig"), whatever a broken file holds."""

from __future__ import annotations

import copy
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.cli import main
from tests.five_games import (
    ABRACADABRA,
    BOERENBRIDGE,
    BRINK_BID,
    OH_HELL,
    SINKER,
    SKULL_KING,
    WIZARD,
)

RECORDS = (OH_HELL, BOERENBRIDGE, BRINK_BID, SINKER, ABRACADABRA, WIZARD, SKULL_KING)

# What Python says that a player does not: its constants, its exceptions' words.
PYTHON = re.compile(
    r"\b(True|False|None|nan|inf)\b|Traceback|sys\.|utf-8-sig|Expecting|codec|NoneType|"
    r"object of type|Error\b|\(char \d+\)|decode|unhashable|invalid syntax|literal"
)


def run(text: str, argv: list[str] | None = None) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(argv or ["score", "-"], io.StringIO(text), stdout, stderr)
    return status, stdout.getvalue(), stderr.getvalue()


def refusal(text: str) -> str:
    """The one line a broken record is refused with (checked to be that)."""
    status, out, err = run(text)
    assert (status, out) == (1, "")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert not PYTHON.search(err), err
    return err.removesuffix("\n")


def with_options(**options: Any) -> str:
    return json.dumps({**OH_HELL, "options": options}, allow_nan=True)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"hook": True}, "option hook is one of on, off, leader, not true"),
        ({"hook": None}, "option hook is one of on, off, leader, not null"),
        ({"hook_from": float("nan")}, "option hook_from is a whole number, not NaN"),
        ({"hook_from": float("inf")}, "option hook_from is a whole number, not Infinity"),
        ({"hook_from": 2.5}, "option hook_from is a whole number, not 2.5"),
        ({"hands": [True, 2]}, "option hands: a hand size is a whole number, not true"),
        ({"hands": False}, "option hands is a list of hand sizes, not false"),
    ],
)
def test_a_value_is_quoted_as_the_file_writes_it(options: dict[str, Any], said: str) -> None:
    assert refusal(with_options(**options)) == said


def test_a_record_without_a_format_says_so_like_any_other_missing_field() -> None:
    data = {k: v for k, v in OH_HELL.items() if k != "format"}
    assert refusal(json.dumps(data)) == "the record has no field format"


def test_a_custom_scoring_without_missed_says_what_missed_is_in_a_whole_phrase() -> None:
    assert refusal(with_options(scoring="custom", made="10 + t")) == (
        "option missed is needed with scoring: custom (the score of a bidder who missed their bid)"
    )


def test_a_number_of_five_thousand_digits_is_refused_in_words() -> None:
    text = with_options(hook_from=4).replace('"hook_from": 4', '"hook_from": 1' + "0" * 5000)
    assert refusal(text) == (
        "the file holds a number of 5001 digits: no number in a game record is that long"
    )


def test_unreadable_json_is_refused_with_where_not_with_pythons_words() -> None:
    assert refusal('{"format": "scorepad/1",\n  "game" "oh-hell"}') == (
        "the file is not a readable JSON text: something is wrong at line 2, column 10"
    )
    assert refusal("") == "the file is empty"


@pytest.mark.parametrize(
    ("made", "said"),
    [
        ("10 + t)", "`10 + t)` cannot be read: a bracket is closed that was not opened"),
        ("min(t, (b)", "`min(t, (b)` cannot be read: a bracket is opened and never closed"),
        ("5 if t == b", "`5 if t == b` cannot be read: an if needs its else (X if C else Y)"),
        ("1t", "`1t` cannot be read"),
    ],
)
def test_an_unreadable_expression_is_refused_in_a_players_words(made: str, said: str) -> None:
    text = with_options(scoring="custom", made=made, missed="t")
    assert refusal(text) == f"option made: {said}"


def test_a_step_that_opens_with_a_name_keeps_its_capital_inside_a_refusal() -> None:
    unfinished = {**ABRACADABRA, "rounds": [{"calls": ["pass"]}]}
    assert refusal(json.dumps(unfinished)) == "round 1: the round is not finished: Cleo calls"


# --- Notepad's files ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")],
)
def test_a_file_notepad_saved_is_read_past_its_byte_order_mark(
    tmp_path: Path, encoding: str, bom: bytes
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(
        bom + json.dumps({**OH_HELL, "players": ["Zoë", "Ben", "Cleo", "Dev"]}).encode(encoding)
    )
    status, out, err = run("", ["score", str(path)])
    assert (status, err) == (0, "")
    assert json.loads(out)["players"][0] == "Zoë"


def test_a_record_with_a_bom_given_on_standard_input_is_read() -> None:
    status, out, err = run("\ufeff" + json.dumps(OH_HELL))
    assert (status, err) == (0, "")
    assert json.loads(out)["game"] == "oh-hell"


def test_a_file_that_is_not_text_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"format": "scorepad/1", "game": "\xff\xfe\xfd"}')
    status, out, err = run("", ["score", str(path)])
    assert (status, out) == (1, "")
    assert err == "the file is not text: a game record is a JSON text file\n"


# --- Anything in any place -------------------------------------------------------------------

ODD: list[object] = [None, True, False, 0, -1, 1.5, float("nan"), float("inf"), 10**50, "", "x",
                     "3", [], [None], {}, {"a": 1}, "\ud800", "a\nb", 2**63]  # fmt: skip


def places(data: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place of a record: each field, each item of its lists (the first few)."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:5]):
            yield from places(value, (*path, index))


PLACES = [(record, path) for record in RECORDS for path in places(record) if path]


def put(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    inside: Any = changed
    for step in path[:-1]:
        inside = inside[step]
    inside[path[-1]] = value
    return changed


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PLACES), st.sampled_from(ODD))
def test_any_value_in_any_place_is_scored_or_refused_in_one_line_of_words(
    place: tuple[dict[str, Any], tuple[Any, ...]], value: object
) -> None:
    record, path = place
    text = json.dumps(put(record, path, value), allow_nan=True)
    status, out, err = run(text)
    if status == 0:
        assert err == "" and json.loads(out)["game"] == record["game"]
    else:
        refusal(text)


@pytest.mark.parametrize("name", ["style", "scoring", "hands", "hook", "hook_from", "made",
                                  "missed", "bidding", "target", "sit_out", "bounce"])  # fmt: skip
@pytest.mark.parametrize("value", ODD)
def test_any_value_of_any_option_is_refused_in_one_line_of_words(name: str, value: object) -> None:
    text = json.dumps({**BOERENBRIDGE, "options": {name: value}}, allow_nan=True)
    status, _, _ = run(text)
    if status != 0:
        refusal(text)
