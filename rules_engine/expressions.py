"""House rules' scoring expressions: read safely, checked once, worked out fast.

RULINGS.md, "House rules", `made` and `missed`: expressions use whole numbers,
the names b (bid), t (tricks taken), h (the round's H) and n (players), ``+ - *``,
``//`` and ``%``, unary ``-``, parentheses, comparisons, ``and``, ``or``, ``not``,
``X if C else Y``, ``abs()`` (one argument), ``min()`` and ``max()`` (two or
more). Nothing else; at most 120 characters. Each construct means what it means
in Python, true counting as 1 and false as 0. An expression is refused when it
is given if it cannot be read, or if for any round a pack can deal (the
``Domain``: n in 2..7, h in 1..floor(52 / n), b and t in 0..h, about 11,000
rounds; Wizard's pack of 60 has a domain of its own) it divides by zero or gives
a result outside -10000..10000.

The text is read with ``ast.parse`` and every node is checked against that list;
only then is the checked tree (never the text) compiled, with no builtins but
abs, min and max. Python itself then gives every construct its Python meaning,
short-circuits included.

The check costs little, whatever the expression: bounds worked out from the tree
(interval arithmetic), for each number of players, prove most expressions safe
at once; the rest are tried in every round, in one compiled loop that skips a
name the expression does not use, with ``abs``, ``min`` and ``max`` written as
comparisons: the costliest of 120 characters found takes 11,000 rounds' worth of one
expression, some 15 ms of CPU on a quiet machine and 25 ms on a busy one, against a
budget of 20 (``python -m bench --only engine`` measures it on a quiet machine;
tests/engine/test_expressions.py holds it under 200 ms anywhere). What was read is kept
(``lru_cache``), refusals too, so a record scored again, or an import of many
games with the same rules, reads and checks each expression once.
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
from .messages import Message, Param, each_and, written

NAMES = ("b", "t", "h", "n")
MAX_LENGTH = 120
LOWEST = -10_000
HIGHEST = 10_000


@dataclass(frozen=True)
class Domain:
    """The rounds an expression is checked over: for each number of players n listed,
    every hand h of 1 to ``pack // n`` cards, and every bid and tricks taken 0..h.

    A game supplies its own where its pack differs (RULINGS: Wizard's 60 cards, 3 to
    6 players); every other game uses ``PACK_OF_52``.
    """

    players: tuple[int, ...]
    pack: int

    def most(self, players: int) -> int:
        """The largest hand the pack deals ``players`` players."""
        return self.pack // players

    def rounds(self, names: frozenset[str]) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Each number of players with its hands, as the check goes over them.

        A name the expression does not use is taken once, at the value that lets
        the others range widest: without n, the fewest players (the largest
        hands); without h, each count's largest hand, whose bids and tricks 0..h
        cover every smaller hand's.
        """
        counts = self.players if "n" in names else (min(self.players),)
        return tuple(
            (n, tuple(range(1, self.most(n) + 1)) if "h" in names else (self.most(n),))
            for n in counts
        )


# RULINGS, "House rules": n in 2..7, h in 1..floor(52 / n), b and t in 0..h.
PACK_OF_52 = Domain((2, 3, 4, 5, 6, 7), 52)

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
    """Text as one line, for a message: a refusal is always one line (and half a
    character, a lone surrogate, which no terminal can write, becomes "?")."""
    return " ".join(text.split()).encode("utf-8", "replace").decode()


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
        return _Refused(Message("expr_uses", expr=_quoted(self.text), what=what))

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
            raise _Refused(Message("expr_calls", expr=_quoted(self.text), called=f"`{called}`"))
        if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            raise self.refuse(f"`{self.segment(node)}`")
        least, most = FUNCTIONS[func.id]
        count = len(node.args)
        if count < least or (most is not None and count > most):
            code = "expr_takes_one" if most == 1 else "expr_takes_more"
            raise _Refused(Message(code, expr=_quoted(self.text), function=func.id, count=count))
        for arg in node.args:
            self.check(arg)

    def check_name(self, node: ast.Name) -> None:
        if node.id in FUNCTIONS:
            raise _Refused(Message("expr_no_brackets", expr=_quoted(self.text), function=node.id))
        if node.id not in NAMES:
            raise _Refused(
                Message("expr_unknown_name", expr=_quoted(self.text), name=f"`{node.id}`")
            )
        self.names.add(node.id)

    def check_number(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(f"`{self.segment(node)}`")
        written = self.segment(node)
        if not DIGITS.fullmatch(written):
            raise _Refused(Message("expr_digits", expr=_quoted(self.text), written=f"`{written}`"))


class _Placeholder(ast.NodeTransformer):
    """Puts the checked expression where the template says EXPR."""

    def __init__(self, body: ast.expr) -> None:
        self.body = body

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.body) if node.id == "EXPR" else node


# Our own code, with the checked expression put in place of EXPR: the function that
# works a score out, and the check over every round of a domain, one loop in
# compiled code. A bid or tricks the expression does not use is taken once (as 0).
_TEMPLATE = """
def score(b, t, h, n):
    return EXPR

def check(rounds, use_b, use_t, abs=abs, min=min, max=max, low=LOWEST, high=HIGHEST):
    once = (0,)
    for n, hands in rounds:
        for h in hands:
            span = range(h + 1)
            for b in span if use_b else once:
                for t in span if use_t else once:
                    try:
                        value = EXPR
                    except ZeroDivisionError:
                        return (b, t, h, n, None)
                    if not low <= value <= high:
                        return (b, t, h, n, value)
    return None
"""


INLINED_ARGS = 4


class _Inline(ast.NodeTransformer):
    """Writes ``abs``, ``min`` and ``max`` as comparisons, which Python works out
    several times faster than a call (the check tries thousands of rounds).

    ``min`` and ``max`` of more than ``INLINED_ARGS`` stay calls. Each argument is
    still worked out once, in order, kept in a name of its own
    (``_0``, ``_1``...; no name a player may write starts with ``_``): ``min(x, y)``
    becomes ``_0 if (_0 := x) <= (_1 := y) else _1``, which for whole numbers is
    the same value, as ``abs(x)`` is ``_0 if (_0 := x) >= 0 else -_0``.
    """

    def __init__(self) -> None:
        self.count = 0

    def name(self, store: bool = False) -> ast.Name:
        if store:
            self.count += 1
        return ast.Name(f"_{self.count - 1}", ast.Store() if store else ast.Load())

    def walrus_and_name(self, value: ast.expr) -> tuple[ast.NamedExpr, ast.Name]:
        """``(_k := value)``, and ``_k`` to read it again."""
        target = self.name(store=True)
        return ast.NamedExpr(target, value), ast.Name(target.id, ast.Load())

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        assert isinstance(node.func, ast.Name)
        if node.func.id == "abs":
            keep, value = self.walrus_and_name(node.args[0])
            test = ast.Compare(keep, [ast.GtE()], [ast.Constant(0)])
            negated = ast.UnaryOp(ast.USub(), ast.Name(value.id, ast.Load()))
            return ast.IfExp(test, value, negated)
        if len(node.args) > INLINED_ARGS:
            return node  # one call beats a chain of comparisons (and compiles faster)
        # min(a, b, c) is min(min(a, b), c): the first of equal values, as Python's.
        keeps = ast.LtE() if node.func.id == "min" else ast.GtE()
        result = node.args[0]
        for arg in node.args[1:]:
            keep_left, left = self.walrus_and_name(result)
            keep_right, right = self.walrus_and_name(arg)
            test = ast.Compare(keep_left, [type(keeps)()], [keep_right])
            result = ast.IfExp(test, left, right)
        return result


def _compile(body: ast.expr) -> dict[str, Any]:
    module = ast.parse(_TEMPLATE)
    module = _Placeholder(_Inline().visit(copy.deepcopy(body))).visit(module)
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


def _name_ranges(domain: Domain, n: int) -> dict[str, Interval]:
    """Every value a name takes in the rounds of ``n`` players (b and t up to the
    largest hand, whatever h is: a wider box than the rounds themselves, so what
    holds on it holds on them)."""
    most = domain.most(n)
    return {"b": (0, most), "t": (0, most), "h": (1, most), "n": (n, n)}


def _hull(*intervals: Interval) -> Interval:
    return min(i[0] for i in intervals), max(i[1] for i in intervals)


def _corners(op: Callable[[int, int], int], x: Interval, y: Interval) -> Interval:
    values = [op(a, c) for a in x for c in y]
    return min(values), max(values)


def _bounds(node: ast.AST, names: dict[str, Interval]) -> Interval | None:
    """Bounds of a checked expression's value over every round, or None where they
    cannot be shown this way (a divisor that may be 0, say).

    Interval arithmetic: each construct's value lies within bounds worked out from
    its parts' bounds. Bounds that show no divisor can be 0 and the value within
    -10000..10000 prove the expression safe at once; otherwise every round is tried.
    """
    if isinstance(node, ast.Expression):
        return _bounds(node.body, names)
    if isinstance(node, ast.Constant):
        value = node.value
        return (value, value) if isinstance(value, int) else None
    if isinstance(node, ast.Name):
        return names[node.id]
    if isinstance(node, ast.UnaryOp):
        inner = _bounds(node.operand, names)
        if inner is None:
            return None
        return (0, 1) if isinstance(node.op, ast.Not) else (-inner[1], -inner[0])
    if isinstance(node, ast.BinOp):
        left, right = _bounds(node.left, names), _bounds(node.right, names)
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
        parts = [_bounds(part, names) for part in (node.left, *node.comparators)]
        return None if any(part is None for part in parts) else (0, 1)
    if isinstance(node, ast.BoolOp):
        values = [_bounds(value, names) for value in node.values]
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
            _bounds(node.test, names),
            _bounds(node.body, names),
            _bounds(node.orelse, names),
        )
        if test is None or body is None or orelse is None:
            return None
        return _hull(body, orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [_bounds(arg, names) for arg in node.args]
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
        Message("expr_name_is", name=name, value=point[name]) for name in NAMES if name in names
    ]
    return each_and(used) if used else None


@dataclass(frozen=True)
class _Parsed:
    """A checked expression with what its check over a domain needs."""

    expression: Expression
    tree: ast.Expression
    check: Callable[..., tuple[int, int, int, int, Any] | None]


# Bounded: a crafted import of many games, each with rules of its own, keeps at most
# this many expressions (a few kilobytes each) between requests.
KEPT = 512


# Python's reasons an expression cannot be read that a player can put right, by a
# piece of its words, and the message that says them.
_SAID_AGAIN = (
    ("was never closed", "expr_unclosed"),
    ("unmatched", "expr_unmatched"),
    ("does not match opening", "expr_unmatched"),
    ("expected 'else'", "expr_no_else"),
)


@functools.lru_cache(maxsize=KEPT)
def _parse(text: str) -> _Parsed | Message:
    """The expression read and compiled, or the reason it cannot be (cached both ways)."""
    if len(text) > MAX_LENGTH:
        shown = f"`{_shown(text)[:30]}...`"
        return Message("expr_too_long", expr=shown, length=len(text), most=MAX_LENGTH)
    source = text.strip()
    if not source:
        return Message("expr_empty")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as error:
        # Python's reasons are its own words ("invalid decimal literal"): only the
        # brackets and the if without else are said again, in the players' words.
        reason = next((code for words, code in _SAID_AGAIN if words in error.msg), None)
        return Message(reason or "expr_unreadable", expr=_quoted(source))
    except (ValueError, RecursionError, MemoryError):
        return Message("expr_unreadable", expr=_quoted(source))
    checker = _Checker(source)
    try:
        checker.check(tree)
    except _Refused as refused:
        return refused.message
    compiled = _compile(tree.body)
    expression = Expression(text, frozenset(checker.names), compiled["score"])
    return _Parsed(expression, tree, compiled["check"])


@functools.lru_cache(maxsize=KEPT)
def _read(text: str, domain: Domain) -> Expression | Message:
    """The expression checked over every round of ``domain``, or the reason it is
    refused (cached both ways)."""
    parsed = _parse(text)
    if isinstance(parsed, Message):
        return parsed
    names = parsed.expression.names
    # For each number of players, bounds that show the expression safe spare its rounds.
    rounds = tuple(
        (n, hands)
        for n, hands in domain.rounds(names)
        if not _safe(_bounds(parsed.tree, _name_ranges(domain, n)))
    )
    broken = parsed.check(rounds, "b" in names, "t" in names) if rounds else None
    if broken is None:
        return parsed.expression
    b, t, h, n, value = broken
    when = _when(names, {"b": b, "t": t, "h": h, "n": n})
    if value is None:
        return (
            Message("expr_division") if when is None else Message("expr_division_when", when=when)
        )
    given: dict[str, Param] = {
        "expr": _quoted(text.strip()),
        "value": int(value),
        "low": LOWEST,
        "high": HIGHEST,
    }
    if when is None:
        return Message("expr_range", **given)
    return Message("expr_range_when", when=when, **given)


def _safe(bounds: Interval | None) -> bool:
    return bounds is not None and LOWEST <= bounds[0] and bounds[1] <= HIGHEST


def read_expression(text: object, option: str, domain: Domain = PACK_OF_52) -> Expression:
    """The expression of option ``option`` (``made``, ``missed``) checked over every
    round of ``domain``, or a RulesError saying why it is refused."""
    if not isinstance(text, str):
        raise RulesError(
            Message("expr_not_text", option=option, value=written(text)), option=option
        )
    read = _read(text, domain)
    if isinstance(read, Message):
        raise RulesError.of_option(option, read)
    return read


def scorer(text: object, option: str) -> Expression:
    """The expression of an option already checked (``Option.check``), to work out
    scores with: read once, and not checked over a domain again."""
    if not isinstance(text, str):
        raise RulesError(
            Message("expr_not_text", option=option, value=written(text)), option=option
        )
    parsed = _parse(text)
    if isinstance(parsed, Message):
        raise RulesError.of_option(option, parsed)
    return parsed.expression
