"""A second scorer for Oh Hell, Boerenbridge, Brink Bid, Wizard and Skull King, house
rules included.

Written from RULINGS.md alone ("Words used below", the five games, "House rules")
and the record spec (their rounds)
and imports nothing from the engine: the engine's scores are checked against it
on random records. It works a record straight through, the way a scorer with
pencil and paper would, and either returns what ``python -m rules_engine score``
prints or raises ``Refused``. Speed does not matter here; plainness does.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable
from typing import Any


class Refused(Exception):
    """The record breaks a rule."""


SUITS = ("spades", "hearts", "diamonds", "clubs")
PLAYERS = {
    "oh-hell": (3, 7),
    "boerenbridge": (3, 7),
    "brink-bid": (2, 6),
    "wizard": (3, 6),
    "skull-king": (2, 8),
}
# The cards a pack deals out: one is turned up in Oh Hell; Wizard's 60, Skull King's 70.
PACK = {"oh-hell": 51, "wizard": 60, "skull-king": 70}
OH_HELL_M = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}
BRINK_F = {2: 13, 3: 13, 4: 13, 5: 10, 6: 8}


# --- Expressions ---------------------------------------------------------------------


def _allowed(node: ast.AST, text: str) -> bool:
    """Whether every node is one of the ruled constructs."""
    if isinstance(node, ast.Expression):
        return _allowed(node.body, text)
    if isinstance(node, ast.Constant):
        written = ast.get_source_segment(text, node) or ""
        return type(node.value) is int and re.fullmatch(r"[0-9]+", written) is not None
    if isinstance(node, ast.Name):
        return node.id in ("b", "t", "h", "n")
    if isinstance(node, ast.BinOp):
        ok_op = isinstance(node.op, ast.Add | ast.Sub | ast.Mult | ast.FloorDiv | ast.Mod)
        return ok_op and _allowed(node.left, text) and _allowed(node.right, text)
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, ast.USub | ast.Not) and _allowed(node.operand, text)
    if isinstance(node, ast.Compare):
        ops_ok = all(isinstance(op, ast.Eq | ast.NotEq | ast.Lt | ast.LtE | ast.Gt | ast.GtE)
                     for op in node.ops)  # fmt: skip
        parts = [node.left, *node.comparators]
        return ops_ok and all(_allowed(part, text) for part in parts)
    if isinstance(node, ast.BoolOp):
        return all(_allowed(value, text) for value in node.values)
    if isinstance(node, ast.IfExp):
        return all(_allowed(part, text) for part in (node.test, node.body, node.orelse))
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.keywords:
            return False
        count = len(node.args)
        if node.func.id == "abs":
            ok_count = count == 1
        elif node.func.id in ("min", "max"):
            ok_count = count >= 2
        else:
            return False
        return ok_count and all(
            not isinstance(arg, ast.Starred) and _allowed(arg, text) for arg in node.args
        )
    return False


def _value(node: ast.AST, b: int, t: int, h: int, n: int) -> Any:
    """Python's meaning of each construct, spelled out (and/or return an operand)."""
    if isinstance(node, ast.Expression):
        return _value(node.body, b, t, h, n)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return {"b": b, "t": t, "h": h, "n": n}[node.id]
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left, b, t, h, n), _value(node.right, b, t, h, n)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.FloorDiv):
            return left // right
        return left % right
    if isinstance(node, ast.UnaryOp):
        operand = _value(node.operand, b, t, h, n)
        return -operand if isinstance(node.op, ast.USub) else not operand
    if isinstance(node, ast.Compare):
        left = _value(node.left, b, t, h, n)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _value(comparator, b, t, h, n)
            holds = {
                ast.Eq: left == right,
                ast.NotEq: left != right,
                ast.Lt: left < right,
                ast.LtE: left <= right,
                ast.Gt: left > right,
                ast.GtE: left >= right,
            }[type(op)]
            if not holds:
                return False
            left = right
        return True
    if isinstance(node, ast.BoolOp):
        result: Any = None
        for value in node.values:
            result = _value(value, b, t, h, n)
            if isinstance(node.op, ast.And) and not result:
                return result
            if isinstance(node.op, ast.Or) and result:
                return result
        return result
    if isinstance(node, ast.IfExp):
        if _value(node.test, b, t, h, n):
            return _value(node.body, b, t, h, n)
        return _value(node.orelse, b, t, h, n)
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    args = [_value(arg, b, t, h, n) for arg in node.args]
    functions: dict[str, Callable[..., Any]] = {"abs": abs, "min": min, "max": max}
    return functions[node.func.id](*args)


@functools.cache
def expression(text: str, game: str = "oh-hell") -> ast.Expression:
    """The parsed expression, refused if it breaks the ruling anywhere in its domain
    (Wizard's: n in 3..6, h in 1..floor(60 / n))."""
    if len(text) > 120:
        raise Refused("too long")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise Refused("unreadable") from None
    if not _allowed(tree, text.strip()):
        raise Refused("not allowed")
    # RULINGS: every round a pack of 52 deals, n in 2..7, h in 1..52 // n, b and t 0..h.
    # The text, once its every construct is allowed, as a Python function (the
    # rounds themselves are scored by ``_value`` above).
    worked_out = eval(  # noqa: S307 -- test code, the text checked just above
        f"lambda b, t, h, n: ({text.strip()}\n)",
        {"__builtins__": {}, "abs": abs, "min": min, "max": max},
    )
    rounds = [(h, n) for n in range(2, 8) for h in range(1, 52 // n + 1)]
    if game == "wizard":  # RULINGS: Wizard's own, n in 3..6 and h in 1..60 // n
        rounds = [(h, n) for n in range(3, 7) for h in range(1, 60 // n + 1)]
    for h, n in rounds:
        for b in range(h + 1):
            for t in range(h + 1):
                try:
                    value = worked_out(b, t, h, n)
                except ZeroDivisionError:
                    raise Refused("division by zero") from None
                if not -10000 <= value <= 10000:
                    raise Refused("out of range")
    return tree


# --- Options -------------------------------------------------------------------------


def _whole(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise Refused(f"bad whole number {value!r}")
    return value


def options_of(game: str, given: dict[str, Any], n: int) -> dict[str, Any]:
    known = {
        "oh-hell": {"style", "scoring", "hands", "hook", "hook_from", "made", "missed",
                    "bidding"},
        "boerenbridge": {"scoring", "hands", "hook", "hook_from", "made", "missed",
                         "target", "sit_out", "bounce", "bidding"},
        "brink-bid": {"scoring", "hands", "hook", "hook_from", "made", "missed", "bidding"},
        "wizard": {"scoring", "hands", "hook", "hook_from", "made", "missed", "bidding"},
        "skull-king": {"hands", "bidding"},
    }[game]  # fmt: skip
    for name in given:
        if name not in known:
            raise Refused(f"unknown option {name}")
    if "style" in given and "hands" in given:
        raise Refused("style and hands")
    scorings = ["positive", "neutral", "negative"] if game == "oh-hell" else ["standard"]
    opts: dict[str, Any] = {
        "style": given.get("style", "long"),
        "scoring": given.get("scoring", scorings[0]),
        "hook": given.get("hook", "off" if game in ("brink-bid", "wizard", "skull-king") else "on"),
        "bidding": given.get("bidding", "sealed" if game == "skull-king" else "open"),
        "hook_from": _whole(given.get("hook_from", 1), 1, 60),
        "target": _whole(given.get("target", 100), 10, 1000),
        "bounce": given.get("bounce", True),
        "sit_out": given.get("sit_out", 80),
    }
    if opts["style"] not in ("long", "long-inverted", "short-up-down", "short-up", "short-down"):
        raise Refused("style")
    if opts["scoring"] not in [*scorings, "custom"]:
        raise Refused("scoring")
    # The Canadian rule is a hook of the games that bid in turn, not Boerenbridge's.
    if opts["hook"] not in ("on", "off", *(("leader",) if game != "boerenbridge" else ())):
        raise Refused("hook")
    # Sealed bids are stored as shown, and scored as open ones.
    if opts["bidding"] not in ("open", "sealed"):
        raise Refused("bidding")
    if type(opts["bounce"]) is not bool:
        raise Refused("bounce")
    if opts["sit_out"] is not None:
        _whole(opts["sit_out"], 1, 1000)
    custom = opts["scoring"] == "custom"
    for name in ("made", "missed"):
        if (name in given) != custom:
            raise Refused(f"{name} without custom, or custom without {name}")
        if custom:
            if not isinstance(given[name], str):
                raise Refused(name)
            opts[name] = expression(given[name], game)
    if "hands" in given:
        hands = given["hands"]
        most = PACK.get(game, 52) // n
        if not isinstance(hands, list) or not 1 <= len(hands) <= 60:
            raise Refused("hands")
        for size in hands:
            _whole(size, 1, most)
        opts["hands"] = hands
    return opts


def hand_sizes(game: str, opts: dict[str, Any], n: int) -> list[int]:
    if "hands" in opts:
        return list(opts["hands"])
    if game == "brink-bid":
        return list(range(4, BRINK_F[n] + 1))
    if game == "boerenbridge":
        return [13]
    if game == "wizard":
        return list(range(1, 60 // n + 1))
    if game == "skull-king":
        return [min(r, 70 // n) for r in range(1, 11)]
    top = OH_HELL_M[n]
    down, up = list(range(top, 0, -1)), list(range(1, top + 1))
    short_top = min(10, top)
    return {
        "long": down + up[1:],
        "long-inverted": up + down[1:],
        "short-up-down": [6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6],
        "short-up": list(range(1, short_top + 1)),
        "short-down": list(range(short_top, 0, -1)),
    }[opts["style"]]


# --- Scores --------------------------------------------------------------------------


def bidder_score(game: str, opts: dict[str, Any], b: int, t: int, h: int, n: int) -> int:
    if opts["scoring"] == "custom":
        tree = opts["made"] if b == t else opts["missed"]
        return int(_value(tree, b, t, h, n))
    if game == "boerenbridge":
        return (20 if b == 0 else t + 10) if b == t else t
    if game == "brink-bid":
        return 5 if b == t else (2 if abs(t - b) == 1 else 0)
    if game == "wizard":
        return 20 + 10 * t if b == t else -10 * abs(t - b)
    if opts["scoring"] == "neutral":
        return 10 + t if b == t else 0
    if opts["scoring"] == "negative":
        return 10 if b == t else -10 * abs(t - b)
    return t + (10 if b == t else 0)


def skull_king_score(b: int, t: int, h: int, x: int) -> int:
    """Bid 1+: made 20 x b + x, missed -10 x |t - b|; bid 0: made 10 x H + x, missed -10 x H."""
    if b == 0:
        return 10 * h + x if t == 0 else -10 * h
    return 20 * b + x if t == b else -10 * abs(t - b)


def score(record: dict[str, Any]) -> dict[str, Any]:
    """What ``python -m rules_engine score`` prints for the record, or Refused."""
    if "options" not in record or "rounds" not in record:
        raise Refused("a record has options and rounds, if empty")
    game = record["game"]
    players = record["players"]
    n = len(players)
    low, high = PLAYERS[game]
    if game == "boerenbridge" and "hands" not in record.get("options", {}):
        low = high = 4  # 3 to 7 only with hands of the family's own
    if not low <= n <= high:
        raise Refused("players")
    opts = options_of(game, record.get("options", {}), n)
    sizes = hand_sizes(game, opts, n)
    first = record["first_dealer"]
    rounds = record["rounds"]
    if len(rounds) > 200:
        raise Refused("a game holds at most 200 rounds")
    totals = [0] * n
    finished = False
    out = []
    for index, rnd in enumerate(rounds):
        if finished:
            raise Refused("after the end")
        h = sizes[index % len(sizes)] if game == "boerenbridge" else sizes[index]
        dealer = (first + index) % n
        bids, tricks = rnd["bids"], rnd["tricks"]
        if len(bids) != n or len(tricks) != n:
            raise Refused("lengths")
        lost, bonus = 0, [0] * n
        if game == "skull-king":
            if not set(rnd) <= {"bids", "tricks", "bonus", "lost"}:
                raise Refused("a field Skull King's rounds do not have")
            lost = _whole(rnd.get("lost", 0), 0, h)
            bonus = rnd.get("bonus", [0] * n)
            if not isinstance(bonus, list) or len(bonus) != n:
                raise Refused("bonus")
            for points in bonus:
                _whole(points, 0, 500)
        if game == "wizard":
            if not set(rnd) <= {"bids", "tricks", "trump"}:
                raise Refused("a field Wizard's rounds do not have")
            if "trump" in rnd and rnd["trump"] not in (*SUITS, "none"):
                raise Refused("trump")
        if any(type(t) is not int or t < 0 for t in tricks) or sum(tricks) + lost != h:
            raise Refused("tricks")
        sitting = [
            game == "boerenbridge" and opts["sit_out"] is not None and totals[s] >= opts["sit_out"]
            for s in range(n)
        ]
        for seat, bid in enumerate(bids):
            if sitting[seat]:
                if bid is not None:
                    raise Refused("a bid from a player sitting out")
            elif type(bid) is not int or not 0 <= bid <= h:
                raise Refused("bid")
        if game == "skull-king":
            pass  # no hook, ever
        elif opts["hook"] in ("on", "leader") and h >= opts["hook_from"] and not sitting[dealer]:
            # The Canadian rule: only a dealer ahead of every other total, and never a 0.
            leads = all(totals[dealer] > totals[s] for s in range(n) if s != dealer)
            spared = opts["hook"] == "leader" and (not leads or bids[dealer] == 0)
            if sum(b for b in bids if b is not None) == h and not spared:
                raise Refused("the hook")
        scores = [
            t if bids[s] is None else bidder_score(game, opts, bids[s], t, h, n)
            for s, t in enumerate(tricks)
        ]
        if game == "skull-king":
            scores = [
                skull_king_score(b, t, h, x) for b, t, x in zip(bids, tricks, bonus, strict=True)
            ]
        for seat in range(n):
            total = totals[seat] + scores[seat]
            if game == "boerenbridge" and opts["bounce"] and total > opts["target"]:
                total = opts["target"] - (total - opts["target"])
            totals[seat] = total
        out.append({"dealer": dealer, "hand_size": h, "scores": scores, "totals": list(totals)})
        if game == "boerenbridge":
            if opts["bounce"]:
                finished = opts["target"] in totals
            else:
                finished = max(totals) >= opts["target"]
        else:
            finished = index + 1 == len(sizes)
    winners: list[int] = []
    if finished:
        if game == "boerenbridge" and opts["bounce"]:
            winners = [s for s in range(n) if totals[s] == opts["target"]]
        else:
            winners = [s for s in range(n) if totals[s] == max(totals)]
    return {
        "game": game,
        "players": players,
        "rounds": out,
        "totals": totals,
        "finished": finished,
        "winners": winners,
    }
