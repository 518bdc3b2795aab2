"""House rules' scoring expressions: read safely, checked once, worked out fast.

RULINGS.md, "House rules", `made` and `missed`: expressions use whole numbers,
the names b (bid), t (tricks taken), h (the round's H) and n (players), ``+ - *``,
``//`` and ``%``, unary ``-``, parentheses, comparisons, ``and``, ``or``, ``not``,
``X if C else Y``, ``abs()`` (one argument), ``min()`` and ``max()`` (two or
more). Nothing else; at most 120 characters. Each construct means what it means
in Python, true counting as 1 and false as 0. An expression is refused when it
is given if it cannot be read, or if for any h in 1..60, b and t in 0..h and n in
2..7 it divides by zero or gives a result outside -10000..10000.

The text is read with ``ast.parse`` and every node is checked against that list;
only then is the checked tree (never the text) compiled, with no builtins but
abs, min and max. Python itself then gives every construct its Python meaning,
short-circuits included.

The check over every round costs little: bounds worked out from the tree
(interval arithmetic) prove most expressions safe at once (about 2 ms); the rest
are tried in every round, in one compiled loop (about 1 ms for one that uses only
b and t, 0.3 s for the half a million rounds of one using all four names). What
was read is kept (``lru_cache``), refusals too, so a record scored again reads
its expressions for nothing.
"""

from __future__ import annotations

import ast
import copy
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError
from .messages import Message, Param, each_and, say

NAMES = ("b", "t", "h", "n")
NAME_MEANINGS = {"b": "the bid", "t": "the tricks taken", "h": "the cards dealt", "n": "players"}
MAX_LENGTH = 120
LOWEST = -10_000
HIGHEST = 10_000
# The rounds every expression is checked over: h in 1..60, b and t in 0..h, n in 2..7.
LARGEST_HAND = 60
PLAYER_COUNTS = (2, 3, 4, 5, 6, 7)


@dataclass(frozen=True)
class Domain:
    """The rounds an expression is checked over: for each count of players, the
    largest hand (h runs 1..it, b and t 0..h). A game whose pack deals other hands
    than the usual (Wizard's 60 cards, to 3..6 players) checks over its own."""

    largest: tuple[tuple[int, int], ...]  # (players, largest hand), by players

    @classmethod
    def of_pack(cls, cards: int, players: range) -> Domain:
        """The hands a pack of ``cards`` deals each count of ``players``: floor(cards / n)."""
        return cls(tuple((n, cards // n) for n in players))

    def rounds(self, names: frozenset[str]) -> tuple[tuple[int, int], ...]:
        """Every (h, n) to try, once each value a name the expression does not use
        cannot matter is left out: an unused h is the largest hand (whose b and t
        cover every smaller one), an unused n one count of players."""
        pairs = {
            (h if "h" in names else most, n if "n" in names else 0)
            for n, most in self.largest
            for h in range(1, most + 1)
        }
        if "h" not in names:  # the largest hand of those left covers the rest
            tops: dict[int, int] = {}
            for h, n in pairs:
                tops[n] = max(tops.get(n, 0), h)
            pairs = {(h, n) for n, h in tops.items()}
        first = self.largest[0][0]
        return tuple(sorted((h, n or first) for h, n in pairs))

    def ranges(self) -> dict[str, tuple[int, int]]:
        """Every value a name takes over these rounds (b and t up to the largest hand
        whatever h is: a wider box than the rounds, so what holds on it holds on them)."""
        most = max(hand for _, hand in self.largest)
        counts = [n for n, _ in self.largest]
        return {"b": (0, most), "t": (0, most), "h": (1, most), "n": (min(counts), max(counts))}


USUAL = Domain(tuple((n, LARGEST_HAND) for n in PLAYER_COUNTS))
"""The rounds of every game but those with a pack of their own (RULINGS, "House rules")."""

FUNCTIONS: dict[str, tuple[int, int | None]] = {"abs": (1, 1), "min": (2, None), "max": (2, None)}

ARITHMETIC: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
    ast.Mod: "%",
}
COMPARISONS: dict[type[ast.cmpop], str] = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
}
# What players may type by mistake, shown as they would write it.
REFUSED_SYMBOLS: dict[type[ast.AST], str] = {
    ast.Pow: "**",
    ast.Div: "/",
    ast.MatMult: "@",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.BitAnd: "&",
    ast.Invert: "~",
    ast.UAdd: "unary +",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}
DIGITS = re.compile(r"[0-9]+")

Scorer = Callable[[int, int, int, int], Any]


def _shown(text: str) -> str:
    """Text as one line, for a message: a refusal is always one line."""
    return " ".join(text.split())


def _quoted(text: str) -> str:
    """Text as a message quotes the expression: "`b * 2`"."""
    return f"`{_shown(text)}`"


class _Refused(Exception):
    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


class _Checker:
    """Walks a parsed expression and refuses the first construct not on the list."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.names: set[str] = set()

    def segment(self, node: ast.AST) -> str:
        return _shown(ast.get_source_segment(self.text, node) or "")

    def refuse(self, what: str) -> _Refused:
        return _Refused(say("expr_uses", expr=_quoted(self.text), what=what))

    def check(self, node: ast.AST) -> None:
        if isinstance(node, ast.Expression):
            self.check(node.body)
        elif isinstance(node, ast.BinOp):
            if type(node.op) not in ARITHMETIC:
                raise self.refuse(f"`{REFUSED_SYMBOLS.get(type(node.op), '?')}`")
            self.check(node.left)
            self.check(node.right)
        elif isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, ast.USub | ast.Not):
                raise self.refuse(f"`{REFUSED_SYMBOLS.get(type(node.op), '?')}`")
            self.check(node.operand)
        elif isinstance(node, ast.Compare):
            for op in node.ops:
                if type(op) not in COMPARISONS:
                    raise self.refuse(f"`{REFUSED_SYMBOLS.get(type(op), '?')}`")
            self.check(node.left)
            for comparator in node.comparators:
                self.check(comparator)
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                self.check(value)
        elif isinstance(node, ast.IfExp):
            self.check(node.test)
            self.check(node.body)
            self.check(node.orelse)
        elif isinstance(node, ast.Call):
            self.check_call(node)
        elif isinstance(node, ast.Name):
            self.check_name(node)
        elif isinstance(node, ast.Constant):
            self.check_number(node)
        else:
            raise self.refuse(f"`{self.segment(node)}`")

    def check_call(self, node: ast.Call) -> None:
        func = node.func
        if not isinstance(func, ast.Name) or func.id not in FUNCTIONS:
            called = func.id if isinstance(func, ast.Name) else self.segment(func)
            raise _Refused(say("expr_calls", expr=_quoted(self.text), called=f"`{called}`"))
        if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            raise self.refuse(f"`{self.segment(node)}`")
        least, most = FUNCTIONS[func.id]
        count = len(node.args)
        if count < least or (most is not None and count > most):
            code = "expr_takes_one" if most == 1 else "expr_takes_more"
            raise _Refused(say(code, expr=_quoted(self.text), function=func.id, count=count))
        for arg in node.args:
            self.check(arg)

    def check_name(self, node: ast.Name) -> None:
        if node.id in FUNCTIONS:
            raise _Refused(say("expr_no_brackets", expr=_quoted(self.text), function=node.id))
        if node.id not in NAMES:
            raise _Refused(say("expr_unknown_name", expr=_quoted(self.text), name=f"`{node.id}`"))
        self.names.add(node.id)

    def check_number(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(f"`{self.segment(node)}`")
        written = self.segment(node)
        if not DIGITS.fullmatch(written):
            raise _Refused(say("expr_digits", expr=_quoted(self.text), written=f"`{written}`"))


class _Placeholder(ast.NodeTransformer):
    """Puts the checked expression where the template says EXPR."""

    def __init__(self, body: ast.expr) -> None:
        self.body = body

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.body) if node.id == "EXPR" else node


# Our own code, with the checked expression put in place of EXPR: the function that
# works a score out, and the check over every round the ruling names, one loop in
# compiled code so that half a million rounds take a few hundredths of a second.
# A name the expression does not use is looped over once (its value cannot matter):
# see ``Domain.rounds``.
_TEMPLATE = """
def score(b, t, h, n):
    return EXPR

def check(rounds, abs=abs, min=min, max=max, low=LOWEST, high=HIGHEST):
    for h, n in rounds:
        for b in range(h + 1):
            for t in range(h + 1):
                try:
                    value = EXPR
                except ZeroDivisionError:
                    return (b, t, h, n, None)
                if not low <= value <= high:
                    return (b, t, h, n, value)
    return None
"""


def _compile(body: ast.expr) -> dict[str, Any]:
    module = ast.parse(_TEMPLATE)
    module = _Placeholder(body).visit(module)
    ast.fix_missing_locations(module)
    code = compile(module, "<house rule>", "exec")
    namespace: dict[str, Any] = {
        "__builtins__": {},
        "range": range,
        "ZeroDivisionError": ZeroDivisionError,
        "abs": abs,
        "min": min,
        "max": max,
        "LOWEST": LOWEST,
        "HIGHEST": HIGHEST,
    }
    exec(code, namespace)  # noqa: S102 -- our template, holding only the checked tree
    return namespace


@dataclass(frozen=True)
class Expression:
    """A checked expression: ``expression(b, t, h, n)`` is its whole-number value."""

    text: str
    names: frozenset[str]
    scorer: Scorer = field(compare=False, repr=False)

    def __call__(self, b: int, t: int, h: int, n: int) -> int:
        return int(self.scorer(b, t, h, n))


Interval = tuple[int, int]


def _hull(*intervals: Interval) -> Interval:
    return min(i[0] for i in intervals), max(i[1] for i in intervals)


def _corners(op: Callable[[int, int], int], x: Interval, y: Interval) -> Interval:
    values = [op(a, c) for a in x for c in y]
    return min(values), max(values)


def _bounds(node: ast.AST, ranges: dict[str, Interval]) -> Interval | None:
    """Bounds of a checked expression's value over every round, or None where they
    cannot be shown this way (a divisor that may be 0, say).

    Interval arithmetic: each construct's value lies within bounds worked out from
    its parts' bounds. Bounds that show no divisor can be 0 and the value within
    -10000..10000 prove the expression safe at once; otherwise every round is tried.
    """
    if isinstance(node, ast.Expression):
        return _bounds(node.body, ranges)
    if isinstance(node, ast.Constant):
        value = node.value
        return (value, value) if isinstance(value, int) else None
    if isinstance(node, ast.Name):
        return ranges[node.id]
    if isinstance(node, ast.UnaryOp):
        inner = _bounds(node.operand, ranges)
        if inner is None:
            return None
        return (0, 1) if isinstance(node.op, ast.Not) else (-inner[1], -inner[0])
    if isinstance(node, ast.BinOp):
        left, right = _bounds(node.left, ranges), _bounds(node.right, ranges)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Add):
            return left[0] + right[0], left[1] + right[1]
        if isinstance(node.op, ast.Sub):
            return left[0] - right[1], left[1] - right[0]
        if isinstance(node.op, ast.Mult):
            return _corners(lambda a, c: a * c, left, right)
        if right[0] <= 0 <= right[1]:
            return None  # the divisor may be 0
        if isinstance(node.op, ast.FloorDiv):
            # With the divisor's sign fixed, a // c is monotone in a and in c.
            return _corners(lambda a, c: a // c, left, right)
        # A remainder takes the divisor's sign and is smaller than it.
        return (0, right[1] - 1) if right[0] > 0 else (right[0] + 1, 0)
    if isinstance(node, ast.Compare):
        parts = [_bounds(part, ranges) for part in (node.left, *node.comparators)]
        return None if any(part is None for part in parts) else (0, 1)
    if isinstance(node, ast.BoolOp):
        values = [_bounds(value, ranges) for value in node.values]
        if any(value is None for value in values):
            return None
        known = [value for value in values if value is not None]
        # and: the first false value (0) or the last; or: the first true value or the last.
        if isinstance(node.op, ast.And):
            falsy = any(low <= 0 <= high for low, high in known[:-1])
            return _hull(known[-1], (0, 0)) if falsy else known[-1]
        return _hull(*known)
    if isinstance(node, ast.IfExp):
        test, body, orelse = (
            _bounds(node.test, ranges),
            _bounds(node.body, ranges),
            _bounds(node.orelse, ranges),
        )
        if test is None or body is None or orelse is None:
            return None
        return _hull(body, orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [_bounds(arg, ranges) for arg in node.args]
        if any(arg is None for arg in args):
            return None
        known = [arg for arg in args if arg is not None]
        if node.func.id == "abs":
            low, high = known[0]
            if low <= 0 <= high:
                return 0, max(-low, high)
            return min(abs(low), abs(high)), max(abs(low), abs(high))
        if node.func.id == "min":
            return min(a[0] for a in known), min(a[1] for a in known)
        return max(a[0] for a in known), max(a[1] for a in known)
    return None


def _when(names: frozenset[str], point: dict[str, int]) -> Param | None:
    """The values of the names used, where an expression goes wrong: "b is 0 and t is 1"."""
    used: list[str] = [
        say("expr_name_is", name=name, value=point[name]) for name in NAMES if name in names
    ]
    return each_and(used) if used else None


@functools.lru_cache(maxsize=512)
def _read(text: str, domain: Domain) -> Expression | Message:
    """The checked expression, or the reason it is refused (cached both ways)."""
    if len(text) > MAX_LENGTH:
        shown = f"`{_shown(text)[:30]}...`"
        return say("expr_too_long", expr=shown, length=len(text), most=MAX_LENGTH)
    source = text.strip()
    if not source:
        return say("expr_empty")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as error:
        # Python's own reason ("invalid syntax") comes in its words.
        return say("expr_unreadable_because", expr=_quoted(source), error=str(error.msg))
    except (ValueError, RecursionError, MemoryError):
        return say("expr_unreadable", expr=_quoted(source))
    checker = _Checker(source)
    try:
        checker.check(tree)
    except _Refused as refused:
        return refused.message
    names = frozenset(checker.names)
    compiled = _compile(tree.body)
    bounds = _bounds(tree, domain.ranges())
    if bounds is not None and LOWEST <= bounds[0] and bounds[1] <= HIGHEST:
        return Expression(text, names, compiled["score"])  # safe in every round
    broken = compiled["check"](domain.rounds(names))
    if broken is not None:
        b, t, h, n, value = broken
        when = _when(names, {"b": b, "t": t, "h": h, "n": n})
        if value is None:
            return say("expr_division") if when is None else say("expr_division_when", when=when)
        given: dict[str, Param] = {
            "expr": _quoted(source),
            "value": int(value),
            "low": LOWEST,
            "high": HIGHEST,
        }
        if when is None:
            return say("expr_range", **given)
        return say("expr_range_when", when=when, **given)
    return Expression(text, names, compiled["score"])


def read_expression(text: object, option: str, domain: Domain = USUAL) -> Expression:
    """The expression of option ``option`` (``made``, ``missed``), checked over the
    rounds of ``domain``, or a RulesError."""
    if not isinstance(text, str):
        raise RulesError(say("expr_not_text", option=option, value=repr(text)))
    read = _read(text, domain)
    if isinstance(read, Message):
        raise RulesError(say("option_reason", option=option, reason=read))
    return read
