"""House rules' made/missed expressions: what they may say, what they mean, refusals."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import Domain, RulesError, new_record, parse_record, read_expression, score
from rules_engine.expressions import _parse, _read
from rules_engine.house_rules import MADE

from .randomgames import random_game

# (expression, b, t, h, n, value): every ruled construct, as Python means it.
MEANINGS = [
    ("10 + t", 2, 3, 5, 4, 13),
    ("t - b", 2, 3, 5, 4, 1),
    ("3 * t", 2, 3, 5, 4, 9),
    ("7 // 2", 0, 0, 1, 3, 3),
    ("-7 // 2", 0, 0, 1, 3, -4),  # floor division, as Python
    ("-7 % 3", 0, 0, 1, 3, 2),  # remainder with the divisor's sign
    ("h % n", 0, 0, 10, 4, 2),
    ("-t", 0, 4, 5, 4, -4),
    ("-(b - t) * 2", 1, 4, 5, 4, 6),
    ("(t == b) * 10", 2, 2, 5, 4, 10),  # true counts as 1
    ("t > b", 1, 2, 5, 4, 1),
    ("t > b", 2, 1, 5, 4, 0),  # false counts as 0
    ("t != b", 2, 1, 5, 4, 1),
    ("b <= t < h", 1, 2, 5, 4, 1),  # chained comparisons
    ("b <= t < h", 1, 5, 5, 4, 0),
    ("t >= 3", 0, 3, 5, 4, 1),
    ("t and 5", 0, 2, 5, 4, 5),  # and/or give an operand, as Python
    ("t and 5", 0, 0, 5, 4, 0),
    ("t or 7", 0, 0, 5, 4, 7),
    ("t or 7", 0, 3, 5, 4, 3),
    ("not t", 0, 0, 5, 4, 1),
    ("not t", 0, 2, 5, 4, 0),
    ("20 if b == 0 else 10 + t", 0, 0, 13, 4, 20),
    ("20 if b == 0 else 10 + t", 3, 3, 13, 4, 13),
    ("abs(t - b)", 5, 2, 7, 4, 3),
    ("min(b, t)", 5, 2, 7, 4, 2),
    ("max(b, t, h, n)", 5, 2, 7, 4, 7),
    ("min(b, t, 1)", 5, 2, 7, 4, 1),
    ("abs(t > b)", 1, 2, 7, 4, 1),
    ("00 + 7", 0, 0, 1, 2, 7),
    ("  t  ", 0, 3, 5, 4, 3),
    ("t == 0 or 10 // t", 0, 0, 5, 4, 1),  # short-circuit: no division by zero
    ("t == 0 or 10 // t", 0, 4, 5, 4, 2),
    ("(10 // t) if t else 0", 0, 0, 5, 4, 0),
]


@pytest.mark.parametrize(("text", "b", "t", "h", "n", "value"), MEANINGS)
def test_it_means_what_python_means(text: str, b: int, t: int, h: int, n: int, value: int) -> None:
    result = read_expression(text, "made")(b, t, h, n)
    assert result == value
    assert type(result) is int


# (expression, what the refusal says)
REFUSALS = [
    ("2 ** t", "option made: `2 ** t` uses `**`, which house rules don't allow"),
    ("t / 2", "uses `/`, which house rules don't allow"),
    ("t << 1", "uses `<<`"),
    ("t | b", "uses `|`"),
    ("t & b", "uses `&`"),
    ("t ^ b", "uses `^`"),
    ("~t", "uses `~`"),
    ("+t", "uses `unary +`"),
    ("t is b", "uses `is`"),
    ("t in b", "uses `in`"),
    ("t @ b", "uses `@`"),
    ("x + 1", "uses the name `x`: house rules know only b (bid), t (tricks)"),
    ("T", "uses the name `T`"),
    ("pow(2, t)", "calls `pow`: house rules know only abs, min and max"),
    ("__import__('os')", "calls `__import__`"),
    ("().__class__", "which house rules don't allow"),
    ("t.real", "uses `t.real`"),
    ("[t][0]", "uses `[t][0]`"),
    ("(t, b)", "uses `(t, b)`"),
    ("(t := 1)", "uses `t := 1`"),
    ("lambda: 1", "uses `lambda: 1`"),
    ("'ten'", "uses `'ten'`"),
    ("1.5", "uses `1.5`"),
    ("1e3", "uses `1e3`"),
    ("True", "uses `True`"),
    ("None", "uses `None`"),
    ("0x10", "writes `0x10`: write numbers in plain decimal digits"),
    ("1_000", "writes `1_000`: write numbers in plain decimal digits"),
    ("abs", "uses abs without brackets"),
    ("abs(t, b)", "abs() takes one value, not 2"),
    ("abs()", "abs() takes one value, not 0"),
    ("min(t)", "min() takes two or more values, not 1"),
    ("max(t)", "max() takes two or more values, not 1"),
    ("max(*[t, b])", "which house rules don't allow"),
    ("abs(x=t)", "which house rules don't allow"),
    ("t +", "option made: `t +` cannot be read"),
    ("", "option made: the expression is empty"),
    ("   ", "option made: the expression is empty"),
    ("10 // t", "option made: division by zero when t is 0"),
    ("10 % (t - b)", "option made: division by zero when b is 0 and t is 0"),
    ("10 // (n - 2)", "option made: division by zero when n is 2"),
    ("1 // 0", "option made: division by zero"),
    ("t * 1000", "gives 11000 when t is 11: a score lies in -10000..10000"),
    ("-h * h * h", "gives -10648 when h is 22"),
    ("10001", "gives 10001: a score lies in -10000..10000"),
]


@pytest.mark.parametrize(("text", "message"), REFUSALS)
def test_it_refuses_what_house_rules_do_not_allow(text: str, message: str) -> None:
    with pytest.raises(RulesError) as error:
        read_expression(text, "made")
    assert message in str(error.value)
    assert str(error.value).startswith("option made: ")
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    "text",
    [
        "t * 1000 if b > 1000 else 0",  # its bounds reach 60000; no round does
        "t == 0 or 100 // t",  # the divisor's bounds hold 0; no round divides by it
        "10 // (t - b) if t != b else 0",
        "h * h * 2 if h < 70 else 0",
    ],
)
def test_what_no_round_breaks_is_allowed_even_when_its_bounds_say_otherwise(text: str) -> None:
    read_expression(text, "made")


def test_it_names_the_option_refused() -> None:
    with pytest.raises(RulesError, match=r"^option missed: division by zero when t is 0$"):
        read_expression("10 // t", "missed")


def test_an_expression_is_text() -> None:
    with pytest.raises(RulesError, match="option made is an expression written as text, not 10"):
        read_expression(10, "made")


def test_it_takes_120_characters_and_no_more() -> None:
    longest = "t + " * 29 + "1000"  # 120 characters
    assert len(longest) == 120
    assert read_expression(longest, "made")(0, 2, 2, 2) == 1058
    with pytest.raises(RulesError, match="is 121 characters long: at most 120"):
        read_expression(longest + " ", "made")


def test_its_bounds_are_inclusive() -> None:
    assert read_expression("10000", "made")(0, 0, 1, 2) == 10000
    assert read_expression("-10000", "made")(0, 0, 1, 2) == -10000
    # The cards dealt in all (h * n) are 52 at most: 2 players with 26, 4 with 13.
    assert read_expression("h * n * 192 + 16", "made")(0, 0, 13, 4) == 10000
    with pytest.raises(RulesError, match="gives 10001 when h is 26 and n is 2"):
        read_expression("h * n * 192 + 17", "made")


def test_it_checks_every_hand_a_pack_of_52_deals_and_none_larger() -> None:
    # RULINGS: n in 2..7, h in 1..floor(52 / n), b and t in 0..h.
    assert read_expression("1000 // (h - 30)", "made")(0, 0, 26, 2) == -250
    assert read_expression("b * t * 14 + 536", "made")(26, 26, 26, 2) == 10000
    with pytest.raises(RulesError) as error:
        read_expression("b * t * 14 + 537", "made")
    assert str(error.value) == (
        "option made: `b * t * 14 + 537` gives 10001 when b is 26 and t is 26: "
        "a score lies in -10000..10000"
    )
    # 26 cards is the most 2 players hold, 17 the most 3 hold.
    assert read_expression("1000 // (h - 27)", "made")(0, 0, 26, 2) == -1000
    with pytest.raises(RulesError, match="division by zero when h is 26"):
        read_expression("1000 // (h - 26)", "made")
    with pytest.raises(RulesError, match="division by zero when h is 17 and n is 3"):
        read_expression("1000 // (h - 17) if n == 3 else 0", "made")
    assert read_expression("1000 // (h - 18) if n == 3 else 0", "made")(0, 0, 17, 3) == -1000


def test_a_game_with_another_pack_supplies_its_own_domain() -> None:
    # Wizard's (RULINGS): 60 cards, 3 to 6 players, so 20 cards for 3 and no 2 players.
    wizard = Domain((3, 4, 5, 6), 60)
    assert read_expression("1000 // (n - 2)", "made", wizard)(0, 0, 1, 3) == 1000
    with pytest.raises(RulesError, match="division by zero when n is 2"):
        read_expression("1000 // (n - 2)", "made")
    three = "1000 // (h - 20) if n == 3 else 0"
    with pytest.raises(RulesError, match="division by zero when h is 20 and n is 3"):
        read_expression(three, "made", wizard)
    assert read_expression(three, "made")(0, 0, 17, 3) == -334


def test_an_option_checks_its_expression_over_its_own_domain() -> None:
    wizard = dataclasses.replace(MADE, domain=Domain((3, 4, 5, 6), 60))
    assert wizard.check("1000 // (n - 2)") == "1000 // (n - 2)"
    with pytest.raises(RulesError, match="option made: division by zero when n is 2"):
        MADE.check("1000 // (n - 2)")


def test_a_multi_line_expression_is_refused_on_one_line() -> None:
    with pytest.raises(RulesError) as error:
        read_expression("(t\n ** 2)", "made")
    assert str(error.value) == "option made: `(t ** 2)` uses `**`, which house rules don't allow"


def test_the_same_text_is_read_once() -> None:
    first = read_expression("max(b, t) * 3 - h % n", "made")
    assert read_expression("max(b, t) * 3 - h % n", "missed") is first


# RULINGS (and issue 21): whatever the formula, checking it stays under 20 ms of CPU.
# These are the costliest found: every round tried (bounds cannot show them safe,
# ``(b - b) * 99999`` sees to that), each with many calls or operations.
COSTLIEST = [
    "(max(b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h,b,n,t,h)-max(b,t,h,n))*h*n",
    "(b-b)*99999+max(b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t,h,n,b,t)",
    "(b-b)*99999+min(b,t)+min(t,h)+min(h,n)+min(n,b)+min(b,h)+min(t,n)+max(b,t)+max(t,h)+max(h,n)+max(n,b)+max(t,n)",
    "(b-b)*99999+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+min(b,t,h,n)+h",
    "(b-b)*99999+b%(h+1)+t%(h+1)+n%(h+1)+h%(n+1)+b//(t+1)+t//(b+1)+h//(n+1)+n//(h+1)+b%(n+1)+t%(n+1)+h%(b+1)",
    "(b-b)*99999+(1 if b<t else 2 if t<h else 3 if h<n else 4 if n<b else 5 if b<h "
    "else 6 if t<n else 7 if b==t else 8)",
    "(b-b)*99999+(b<t)+(t<h)+(h<n)+(n<b)+(b<h)+(t<n)+(b<t)+(t<h)+(h<n)+(n<b)+(b<h)+(t<n)+(b<t)+(t<h)+(h<n)",
    "0 if t == 0 else (h * n) // t - min(b, t, h, n) + max(b, n) * abs(h - t - n)",
]
BUDGET = 0.020  # seconds of CPU to check one formula


def _forget() -> None:
    _read.cache_clear()
    _parse.cache_clear()


@pytest.mark.parametrize("text", COSTLIEST)
def test_checking_the_costliest_formulas_takes_well_under_ten_times_the_budget(
    text: str,
) -> None:
    assert len(text) <= 120
    _forget()
    start = time.process_time()  # the machine may be busy: the time this test takes
    read_expression(text, "made")
    took = time.process_time() - start
    assert took < 10 * BUDGET, f"{took * 1000:.1f} ms"


@pytest.mark.parametrize(
    "text",
    [
        "min(b, t) + max(t, h, n) * 3 - abs(b - h)",
        "min(b, t, 2) - min(t, b) + max(h, n, b, t) + abs(t - b - n) - abs(0) + max(b, 1)",
        "(b - b) * 99999 + (min(t, h) if b < t else max(b, 3 - t, n)) + abs(min(b, t) - h)",
    ],
)
def test_min_max_and_abs_written_as_comparisons_mean_what_the_calls_mean(text: str) -> None:
    expression = read_expression(text, "made")
    python = eval(f"lambda b, t, h, n: {text}")  # noqa: S307 -- the test's own text
    for b, t, h, n in [(0, 0, 1, 2), (3, 1, 5, 4), (2, 2, 2, 7), (0, 9, 13, 4), (5, 0, 7, 7)]:
        assert expression(b, t, h, n) == python(b, t, h, n)


def test_a_formula_is_checked_once_however_many_games_use_it() -> None:
    _forget()
    records = [
        {
            "format": "scorepad/1",
            "game": "oh-hell",
            "options": {"scoring": "custom", "made": COSTLIEST[1], "missed": COSTLIEST[2]},
            "players": ["Ann", "Bob", "Cat"],
            "first_dealer": 0,
            "rounds": [],
        }
    ] * 200
    start = time.process_time()
    for record in records:
        parse_record(record)
    took = time.process_time() - start
    # Two checks and 200 small records: far less than 200 checks would cost.
    assert took < 2 * 10 * BUDGET + 0.5, f"{took:.2f}s"
    assert _read.cache_info().misses == 2


# --- The ruling's examples give the built-in scorings --------------------------------

EXAMPLES = [
    ("oh-hell", {"scoring": "positive"}, "10 + t", "t"),
    ("oh-hell", {"scoring": "negative"}, "10", "-10 * abs(t - b)"),
    ("boerenbridge", {}, "20 if b == 0 else 10 + t", "t"),
    ("brink-bid", {}, "5", "2 if abs(t - b) == 1 else 0"),
]


@pytest.mark.parametrize(("game", "built_in", "made", "missed"), EXAMPLES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_rulings_examples_score_as_the_built_in_scorings(
    game: str, built_in: dict[str, str], made: str, missed: str, seed: int
) -> None:
    options = {**built_in, "style": "short-down"} if game == "oh-hell" else built_in
    record = random_game(game, random.Random(seed), max_rounds=30, options=options)
    data = record.to_json()
    data["options"] = {**options, "scoring": "custom", "made": made, "missed": missed}
    custom = score(parse_record(data))
    assert custom.rounds and custom == score(record)


@settings(max_examples=200, deadline=None)
@given(b=st.integers(0, 13), t=st.integers(0, 13), h=st.integers(1, 13), n=st.integers(3, 7))
def test_ten_plus_two_a_trick_minus_two_a_trick_off(b: int, t: int, h: int, n: int) -> None:
    """RULINGS: '"10 plus 2 a trick, minus 2 a trick off" is made `10 + 2 * t`,
    missed `-2 * abs(t - b)`'."""
    made = read_expression("10 + 2 * t", "made")
    missed = read_expression("-2 * abs(t - b)", "missed")
    assert made(b, t, h, n) == 10 + 2 * t
    assert missed(b, t, h, n) == -2 * abs(t - b)


def test_a_record_with_a_bad_expression_is_refused_naming_the_option() -> None:
    options = {"scoring": "custom", "made": "10 + t", "missed": "t ** 2"}
    with pytest.raises(RulesError, match=r"^option missed: `t \*\* 2` uses `\*\*`"):
        new_record("oh-hell", ["Ann", "Ben", "Cleo"], 0, options)
