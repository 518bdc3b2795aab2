"""The house rules' scoring in words, written as the made and missed expressions and
read back from them (rules_engine/scoring_words.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import (
    MadeInWords,
    MissedHow,
    MissedInWords,
    made_in_words,
    missed_in_words,
    new_record,
    score,
)

NUMBERS = st.integers(0, 1000)


@pytest.mark.parametrize(
    ("points", "each", "expression"),
    [(10, 2, "10 + 2 * t"), (10, 1, "10 + t"), (10, 0, "10"), (0, 3, "3 * t"), (0, 1, "t")],
)
def test_a_made_bid_in_words_is_the_expression_a_record_keeps(
    points: int, each: int, expression: str
) -> None:
    assert MadeInWords(points, each).expression == expression
    assert made_in_words(expression) == MadeInWords(points, each)


@pytest.mark.parametrize(
    ("how", "number", "expression"),
    [
        (MissedHow.NOTHING, 0, "0"),
        (MissedHow.OFF, 1, "-abs(t - b)"),
        (MissedHow.OFF, 2, "-2 * abs(t - b)"),
        (MissedHow.EACH, 1, "t"),
        (MissedHow.EACH, 3, "3 * t"),
    ],
)
def test_a_missed_bid_in_words_is_the_expression_a_record_keeps(
    how: MissedHow, number: int, expression: str
) -> None:
    words = MissedInWords(how, number)
    assert words.expression == expression
    assert missed_in_words(expression) == words


def test_nothing_for_a_missed_bid_is_0_whatever_its_number() -> None:
    assert MissedInWords(MissedHow.NOTHING, 7).expression == "0"


@pytest.mark.parametrize(
    "expression",
    [
        "20 if b == 0 else 10 + t",
        "t + 10",
        "10 + 0 * t",  # the words would write it "10"
        "0 + t",
        "-1 * abs(t - b)",
        "007",
        "-10",
        "10 + 2*t",
        "²",
        "1" * 40,
    ],
)
def test_a_made_expression_the_words_do_not_write_exactly_stays_a_formula(
    expression: str,
) -> None:
    assert made_in_words(expression) is None


@pytest.mark.parametrize(
    "expression",
    ["-10 * abs(t - b) - 5", "-abs(b - t)", "abs(t - b)", "-x * abs(t - b)", "00", "t - b", ""],
)
def test_a_missed_expression_the_words_do_not_write_exactly_stays_a_formula(
    expression: str,
) -> None:
    assert missed_in_words(expression) is None


@given(points=NUMBERS, each=NUMBERS, missed=st.sampled_from(MissedHow), n=NUMBERS)
def test_every_scoring_in_words_reads_back_as_itself(
    points: int, each: int, missed: MissedHow, n: int
) -> None:
    made = MadeInWords(points, each)
    assert made_in_words(made.expression) == made
    words = MissedInWords(missed, 0 if missed is MissedHow.NOTHING else n)
    assert missed_in_words(words.expression) == words


def test_the_words_score_as_they_say_once_in_a_record() -> None:
    made, missed = MadeInWords(10, 2), MissedInWords(MissedHow.OFF, 3)
    options = {"scoring": "custom", "made": made.expression, "missed": missed.expression}
    record = new_record("oh-hell", ["Ann", "Ben", "Cleo"], 0, {**options, "hands": [5]})
    rounds = [{"bids": [2, 1, 1], "tricks": [2, 3, 0]}]
    sheet = score(record.with_rounds(rounds))
    # Ann made 2 of 2: 10 + 2 * 2; Ben took 3 of 1: 2 over; Cleo took 0 of 1: 1 under.
    assert sheet.totals == (14, -6, -3)
