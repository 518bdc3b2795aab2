"""A second scorer for Oh Hell, Boerenbridge, Brink Bid, Wizard and Skull King, house
rules included.

Written from RULINGS.md alone ("Words used below", the five games, "House rules",
"Players come and go, the plan changes, the table stops") and the record spec (their
rounds; "Players who come and go, a new plan, a stop"; what the score command prints)
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
# The cards a pack deals out: 52 (in Oh Hell one is turned up for trump, but in a
# round that deals them all); Wizard's 60, Skull King's 70.
PACK = {"wizard": 60, "skull-king": 70}
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
    if game == "skull-king":  # RULINGS: Skull King's own, n in 2..8 and h in 1..70 // n
        rounds = [(h, n) for n in range(2, 9) for h in range(1, 70 // n + 1)]
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
                         "target", "sit_out", "bounce", "bidding", "end"},
        "brink-bid": {"scoring", "hands", "hook", "hook_from", "made", "missed", "bidding"},
        "wizard": {"scoring", "hands", "hook", "hook_from", "made", "missed", "bidding"},
        "skull-king": {"hands", "bidding", "scoring", "made", "missed", "bonus_on_miss"},
    }[game]  # fmt: skip
    for name in given:
        if name not in known:
            raise Refused(f"unknown option {name}")
    if "style" in given and "hands" in given:
        raise Refused("style and hands")
    scorings = ["positive", "neutral", "negative"] if game == "oh-hell" else ["standard"]
    # Boerenbridge's `end: hands`: no target (nor bounce) given, the hands required,
    # nobody sitting out unless set.
    end = given.get("end", "target")
    if end not in ("target", "hands"):
        raise Refused("end")
    if end == "hands" and ("target" in given or "bounce" in given or "hands" not in given):
        raise Refused("target or bounce with end: hands, or no hands")
    opts: dict[str, Any] = {
        "style": given.get("style", "long"),
        "scoring": given.get("scoring", scorings[0]),
        "hook": given.get("hook", "off" if game in ("brink-bid", "wizard", "skull-king") else "on"),
        "bidding": given.get("bidding", "sealed" if game == "skull-king" else "open"),
        "hook_from": _whole(given.get("hook_from", 1), 1, 60),
        "target": _whole(given.get("target", 100), 10, 1000),
        "bounce": given.get("bounce", end == "target"),
        "sit_out": given.get("sit_out", 80 if end == "target" else None),
        "end": end,
        "bonus_on_miss": given.get("bonus_on_miss", False),
    }
    if type(opts["bonus_on_miss"]) is not bool:
        raise Refused("bonus_on_miss")
    if opts["style"] not in ("long", "long-inverted", "short-up-down", "short-up", "short-down"):
        raise Refused("style")
    if opts["scoring"] not in [*scorings, "custom"]:
        raise Refused("scoring")
    # `leader` (the Canadian rule) for `oh-hell`, `brink-bid` and `wizard`.
    hooks = ("on", "off", "leader") if game in ("oh-hell", "brink-bid", "wizard") else ("on", "off")
    if opts["hook"] not in hooks:
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


def skull_king_score(opts: dict[str, Any], b: int, t: int, h: int, n: int, x: int) -> int:
    """Bid 1+: made 20 x b + x, missed -10 x |t - b|; bid 0: made 10 x H + x, missed -10 x H.
    House rules: `made` and `missed` in place of those, x added the same way; with
    `bonus_on_miss`, x added to a missed bid's score too."""
    x_missed = x if opts["bonus_on_miss"] else 0
    if opts["scoring"] == "custom":
        tree = opts["made"] if b == t else opts["missed"]
        return int(_value(tree, b, t, h, n)) + (x if b == t else x_missed)
    if b == 0:
        return 10 * h + x if t == 0 else -10 * h + x_missed
    return 20 * b + x if t == b else -10 * abs(t - b) + x_missed


# --- Players come and go, the plan changes, the table stops ----------------------------
# RULINGS, the section of that name; the record spec, "Players who come and go, a new
# plan, a stop".


def most_cards(game: str, n: int) -> int:
    """The largest hand the pack deals n players: `oh-hell`, `boerenbridge` and `brink-bid`
    floor(52 / n), `wizard` floor(60 / n), `skull-king` floor(70 / n)."""
    return PACK.get(game, 52) // n


def seats_of(rnd: dict[str, Any], count: int) -> list[int]:
    """The seats taking part in a round: "ascending; left out, every seat"."""
    if "seated" not in rnd:
        return list(range(count))
    seated = rnd["seated"]
    if not isinstance(seated, list):
        raise Refused("seated")
    for seat in seated:
        _whole(seat, 0, count - 1)
    if seated != sorted(set(seated)):
        raise Refused("seated, not ascending")
    return seated


def next_dealer(last: int, seated: list[int], count: int) -> int:
    """The dealer of a later round: "the first seated player clockwise after the seat of
    the last round's dealer (whether or not that player is still seated)"."""
    for step in range(1, count + 1):
        if (last + step) % count in seated:
            return (last + step) % count
    raise AssertionError("nobody seated")  # pragma: no cover


def read_plan(plan: object, game: str, n: int) -> list[int]:
    """A new plan: "a list of 1..60 hand sizes, one for that round and each after it",
    each "at most what the pack deals the players seated in that round": every entry is
    read for the table of the round that gives the plan, since a round that seats others
    must carry a plan of its own."""
    if not isinstance(plan, list) or not 1 <= len(plan) <= 60:
        raise Refused("plan")
    return [_whole(size, 1, most_cards(game, n)) for size in plan]


def highest_of(seats: list[int], totals: list[int]) -> list[int]:
    """The winners among ``seats``: the highest total, ties shared."""
    top = max(totals[seat] for seat in seats)
    return [seat for seat in seats if totals[seat] == top]


def score(record: dict[str, Any]) -> dict[str, Any]:
    """What ``python -m rules_engine score`` prints for the record, or Refused."""
    if "options" not in record or "rounds" not in record:
        raise Refused("a record has options and rounds, if empty")
    game = record["game"]
    players = record["players"]
    count = len(players)  # everyone who played at any time
    rounds = record["rounds"]
    if len(rounds) > 200:
        raise Refused("a game holds at most 200 rounds")
    if len(set(players)) != count:
        raise Refused("a name is never used by two players")
    # `"stopped": true`, optional; false reads as a game not stopped.
    stopped = record.get("stopped", False)
    if type(stopped) is not bool or (stopped and not rounds):
        raise Refused("stopped, or stopped with no rounds")
    # "A record that seats anyone apart (`seated` on any round) may name more players
    # than the game seats at once, 20 at most"; without it every round seats everyone.
    apart = any("seated" in rnd for rnd in rounds)
    if apart and count > 20:
        raise Refused("20 players at most")
    table = [seats_of(rnd, count) for rnd in rounds]
    low, high = PLAYERS[game]
    for seated in table or [list(range(count))]:  # a game not begun seats everyone
        if not low <= len(seated) <= high:
            raise Refused("players")
    # The options that depend on the number of players are read for the first round's.
    n = len(table[0]) if table else count
    if game == "boerenbridge" and "hands" not in record.get("options", {}) and n != 4:
        raise Refused("players")  # 3 to 7 only with hands of the family's own
    opts = options_of(game, record.get("options", {}), n)
    sizes = hand_sizes(game, opts, n)
    sizes_from = 0  # the round the hand sizes in force began at (a plan's)
    dealer = record["first_dealer"]
    _whole(dealer, 0, count - 1)
    if table and dealer not in table[0]:
        raise Refused("the first dealer must be seated")
    totals = [0] * count
    took_part: set[int] = set()
    finished = False
    out = []
    for index, rnd in enumerate(rounds):
        if finished:
            raise Refused("after the end")
        seated = table[index]
        n = len(seated)
        if index > 0:
            dealer = next_dealer(dealer, seated, count)
        if "plan" in rnd:
            sizes, sizes_from = read_plan(rnd["plan"], game, n), index
        elif index > 0 and seated != table[index - 1]:
            raise Refused("a round whose seated players differ must carry a plan")
        position = index - sizes_from
        # Boerenbridge's list repeats (but with `end: hands`); every other game ends
        # after its last entry.
        repeats = game == "boerenbridge" and opts["end"] == "target"
        h = sizes[position % len(sizes)] if repeats else sizes[position]
        # "A joiner's starting total counts from the round they join."
        start = rnd.get("start", [None] * count)
        if not isinstance(start, list) or len(start) != count:
            raise Refused("start")
        for seat, value in enumerate(start):
            if value is not None:
                if seat not in seated or seat in took_part:
                    raise Refused("a starting total only for a player seated the first time")
                totals[seat] = _whole(value, -10000, 10000)
        took_part.update(seated)
        bids, tricks = rnd["bids"], rnd["tricks"]
        if len(bids) != count or len(tricks) != count:
            raise Refused("lengths")
        apart_seats = [seat for seat in range(count) if seat not in seated]
        if any(bids[seat] is not None or tricks[seat] is not None for seat in apart_seats):
            raise Refused("null for a seat not seated")
        lost, bonus = 0, [0] * count
        if game == "skull-king":
            fields = {"bids", "tricks", "bonus", "lost", "seated", "start", "plan"}
            if not set(rnd) <= fields:
                raise Refused("a field Skull King's rounds do not have")
            lost = _whole(rnd.get("lost", 0), 0, h)
            bonus = rnd.get("bonus", [None if seat in apart_seats else 0 for seat in range(count)])
            if not isinstance(bonus, list) or len(bonus) != count:
                raise Refused("bonus")
            for seat, points in enumerate(bonus):
                if seat in apart_seats:
                    if points is not None:
                        raise Refused("a bonus for a seat not seated")
                else:
                    _whole(points, -500, 500)
        if game == "wizard":
            if not set(rnd) <= {"bids", "tricks", "trump", "seated", "start", "plan"}:
                raise Refused("a field Wizard's rounds do not have")
            if "trump" in rnd and rnd["trump"] not in (*SUITS, "none"):
                raise Refused("trump")
        # Oh Hell: a round that deals all 52 cards has no trump; one recorded is refused.
        if game == "oh-hell" and n * h == 52 and rnd.get("trump", "none") != "none":
            raise Refused("a trump in a round of the whole pack")
        taken = [tricks[seat] for seat in seated]
        if any(type(t) is not int or t < 0 for t in taken) or sum(taken) + lost != h:
            raise Refused("tricks")
        # Boerenbridge's sit_out, from the totals at the start of the round.
        sitting = [
            game == "boerenbridge"
            and seat in seated
            and opts["sit_out"] is not None
            and totals[seat] >= opts["sit_out"]
            for seat in range(count)
        ]
        for seat in seated:
            if sitting[seat]:
                if bids[seat] is not None:
                    raise Refused("a bid from a player sitting out")
            elif type(bids[seat]) is not int or not 0 <= bids[seat] <= h:
                raise Refused("bid")
        if game != "skull-king" and h >= opts["hook_from"] and not sitting[dealer]:
            said = sum(bids[seat] for seat in seated if bids[seat] is not None)
            # `leader`: only when the dealer's total before the round is higher than
            # every other seated player's, and a bid of 0 is always allowed.
            leads = all(totals[dealer] > totals[seat] for seat in seated if seat != dealer)
            if said == h and opts["hook"] == "on":
                raise Refused("the hook")
            if said == h and opts["hook"] == "leader" and leads and bids[dealer] != 0:
                raise Refused("the hook, the dealer leading")
        scores: list[int | None] = [None] * count
        for seat in seated:
            b, t = bids[seat], tricks[seat]
            if game == "skull-king":
                points = skull_king_score(opts, b, t, h, n, bonus[seat])
            else:
                points = t if b is None else bidder_score(game, opts, b, t, h, n)
            scores[seat] = points
            total = totals[seat] + points
            if game == "boerenbridge" and opts["bounce"] and total > opts["target"]:
                total = opts["target"] - (total - opts["target"])
            totals[seat] = total
        line = {"dealer": dealer, "hand_size": h, "scores": scores, "totals": list(totals)}
        if apart:
            line["seated"] = list(seated)  # "every seat where it was left out"
        out.append(line)
        if game == "boerenbridge" and opts["end"] == "hands":
            finished = position + 1 == len(sizes)
        elif game == "boerenbridge":
            if opts["bounce"]:
                finished = any(totals[seat] == opts["target"] for seat in seated)
            else:
                finished = max(totals[seat] for seat in seated) >= opts["target"]
        else:
            finished = position + 1 == len(sizes)
    # "Stopping: ... the game is then over, whatever its rules would have asked next."
    finished = finished or stopped
    winners: list[int] = []
    if finished:
        last = table[-1]  # winners are among the players seated in the last round
        winners = highest_of(last, totals)
        if game == "boerenbridge" and opts["bounce"]:
            # Those exactly on the target; stopped with nobody there, the highest total.
            winners = [seat for seat in last if totals[seat] == opts["target"]] or winners
    return {
        "game": game,
        "players": players,
        "rounds": out,
        "totals": totals,
        "finished": finished,
        "winners": winners,
    }
