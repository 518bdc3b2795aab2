"""Random records of tables whose players come and go (RULINGS.md, "Players come and
go, the plan changes, the table stops"), built without the engine.

Players leave, come back, join between two seats with a starting total; rounds carry
new plans; a table stops. Each round is kept once the reference scorer accepts the
record with it (random bids break the hook now and then, and are drawn again); now and
then a broken round is kept instead, and some records are then broken in one more way
on purpose (``BREAKS``), so that both scorers must refuse them alike.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from . import reference_scorer as reference
from .randomgames import random_house_rules

GAMES = ("oh-hell", "boerenbridge", "brink-bid", "wizard", "skull-king")


def random_seating_record(game: str, rng: random.Random) -> dict[str, Any]:
    """A record of ``game`` whose table changes between rounds: mostly one the rules
    allow, now and then one broken in one way."""
    low, high = reference.PLAYERS[game]
    # One record in five seats everyone throughout (no `seated`: plans, starting
    # totals in the first round and stops still apply).
    apart = rng.random() < 0.8
    count = rng.randint(low, min(high + 3, 20) if apart else high)  # everyone, ever
    first = rng.randint(low, min(high, count)) if apart else count
    options: dict[str, Any] = {}
    for _ in range(20 if rng.random() < 0.9 else 1):  # (once: maybe an option refused)
        options = random_house_rules(game, first, rng) if rng.random() < 0.6 else {}
        try:
            reference.options_of(game, options, first)
            break
        except reference.Refused:
            continue
    if game == "boerenbridge" and "hands" not in options and first != 4:
        # Boerenbridge's 4 players without hands, read for the first round's table
        # (now and then left as it is, and refused).
        if apart and count >= 4 and rng.random() < 0.95:
            first = 4
        elif rng.random() < 0.95:
            options["hands"] = [rng.randint(1, 52 // first) for _ in range(rng.randint(1, 4))]
    seated = sorted(rng.sample(range(count), first))
    data: dict[str, Any] = {
        "format": "scorepad/1",
        "game": game,
        "options": options,
        "players": [f"P{seat}" for seat in range(count)],
        "first_dealer": rng.choice(seated),
        "rounds": [],
    }
    try:
        sizes = reference.hand_sizes(game, reference.options_of(game, options, first), first)
    except reference.Refused:
        return data  # house rules the engine refuses too (an expression out of range)
    # (Not scored yet: with no rounds, the table would be everyone, too many for some.)
    sheet: dict[str, Any] = {"totals": [0] * count, "finished": False}
    sizes_from = 0
    took_part: set[int] = set()
    for _ in range(rng.randint(0, 25)):
        if sheet["finished"] and rng.random() < 0.95:
            break  # (else a round after the end, refused)
        index = len(data["rounds"])
        table = seated
        if apart and index > 0 and rng.random() < 0.5:
            table = _changed(seated, count, took_part, (low, high), rng)
        plan = None
        if (table != seated and rng.random() < 0.97) or rng.random() < 0.08:
            most = reference.most_cards(game, len(table))
            plan = [rng.choice([rng.randint(1, min(most, 7)), most])
                    for _ in range(rng.randint(1, 6))]  # fmt: skip
        start = _starts(table, took_part, sheet["totals"], count, index, rng)
        current, current_from = (plan, index) if plan else (sizes, sizes_from)
        position = index - current_from
        h = current[position % len(current)]
        kept = False
        for _attempt in range(30):
            rnd = _round(game, data["options"], table, count, h, sheet["totals"], start, rng)
            if plan is not None:
                rnd["plan"] = plan
            if apart and (table != list(range(count)) or rng.random() < 0.7):
                rnd = {"seated": list(table), **rnd}  # left out, every seat
            data["rounds"].append(rnd)
            try:
                sheet = reference.score(data)
                kept = True
                break
            except reference.Refused:
                if rng.random() < 0.03:
                    return data  # keep a broken round: both must refuse it
                data["rounds"].pop()
        if not kept:
            break
        seated, took_part = table, took_part | set(table)
        if plan is not None:
            sizes, sizes_from = plan, index
    if data["rounds"] and rng.random() < 0.35:
        data["stopped"] = True
    if rng.random() < 0.12:
        rng.choice(BREAKS)(data, rng)
    return data


def _changed(
    seated: list[int],
    count: int,
    took_part: set[int],
    limits: tuple[int, int],
    rng: random.Random,
) -> list[int]:
    """The next round's table: one or two players leave, come back or join (most
    often within the game's numbers, now and then one too few or too many)."""
    low, high = limits
    table = set(seated)
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(["leave", "come back", "join"])
        if kind == "leave" and (len(table) > low or rng.random() < 0.02):
            table.remove(rng.choice(sorted(table)))
            continue
        candidates = took_part if kind == "come back" else set(range(count)) - took_part
        candidates = candidates - table
        if candidates and (len(table) < high or rng.random() < 0.02):
            table.add(rng.choice(sorted(candidates)))
    return sorted(table)


def _starts(
    table: list[int],
    took_part: set[int],
    totals: list[int],
    count: int,
    index: int,
    rng: random.Random,
) -> list[int | None] | None:
    """Starting totals for the players seated for the first time: 0, the lowest total at
    the table, or another whole number (left out now and then: 0 each)."""
    joiners = [seat for seat in table if seat not in took_part]
    if not joiners or rng.random() < (0.3 if index else 0.9):
        return None
    at_table = [totals[seat] for seat in table if seat in took_part]
    lowest = min(at_table, default=0)
    start: list[int | None] = [None] * count
    for seat in joiners:
        start[seat] = rng.choice([0, lowest, rng.randint(-30, 120), rng.randint(-10000, 10000)])
    return start


def _round(
    game: str,
    options: dict[str, Any],
    table: list[int],
    count: int,
    h: int,
    totals: list[int],
    start: list[int | None] | None,
    rng: random.Random,
) -> dict[str, Any]:
    """Random bids and tricks for the seated players, null for the others."""
    before = list(totals)
    for seat, value in enumerate(start or []):
        if value is not None:
            before[seat] = value
    sit_out = options.get("sit_out", 80)
    bids: list[int | None] = [None] * count
    tricks: list[int | None] = [None] * count
    for seat in table:
        bids[seat] = rng.randint(0, min(h, 3))
        tricks[seat] = 0
        sitting = game == "boerenbridge" and sit_out is not None and before[seat] >= sit_out
        if sitting and rng.random() < 0.95:
            bids[seat] = None
    rnd: dict[str, Any] = {"bids": bids, "tricks": tricks}
    lost = 0
    if game == "skull-king" and rng.random() < 0.3:
        lost = rng.randint(0, h) if len(table) == 2 else 1  # a ghost hand's tricks, or a Kraken
        rnd["lost"] = lost
    for _ in range(h - lost):
        seat = rng.choice(table)
        tricks[seat] = (tricks[seat] or 0) + 1
    if start is not None:
        rnd["start"] = start
    if game == "skull-king":
        if rng.random() < 0.5:
            rnd["bonus"] = [rng.choice([0, 0, 10, 20, 30, 500]) if seat in table else None
                            for seat in range(count)]  # fmt: skip
        for seat in table:
            if rng.random() < 0.4:
                bids[seat] = tricks[seat]  # made bids, so that bonuses count
    return rnd


# --- Records broken in one way -------------------------------------------------------


def _rounds_with(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    return [rnd for rnd in data["rounds"] if key in rnd]


def _drop_a_plan(data: dict[str, Any], rng: random.Random) -> None:
    """A plan left out (required where the table changed)."""
    if rounds := _rounds_with(data, "plan"):
        del rng.choice(rounds)["plan"]


def _plan_too_large(data: dict[str, Any], rng: random.Random) -> None:
    """A plan entry one more than the pack deals the table."""
    if rounds := _rounds_with(data, "plan"):
        rnd = rng.choice(rounds)
        seated = len(rnd.get("seated", data["players"]))
        most = reference.most_cards(data["game"], seated)
        rnd["plan"][rng.randrange(len(rnd["plan"]))] = most + 1


def _plan_of_no_or_too_many_entries(data: dict[str, Any], rng: random.Random) -> None:
    if data["rounds"]:
        rng.choice(data["rounds"])["plan"] = rng.choice([[], [1] * 61, [0], [True], None])


def _start_for_the_wrong_player(data: dict[str, Any], rng: random.Random) -> None:
    """A starting total for a player who took part before, or who is not seated."""
    if len(data["rounds"]) >= 2:
        rnd = rng.choice(data["rounds"][1:])
        start = rnd.setdefault("start", [None] * len(data["players"]))
        start[rng.randrange(len(start))] = rng.randint(-5, 5)


def _start_out_of_range(data: dict[str, Any], rng: random.Random) -> None:
    if rounds := _rounds_with(data, "start"):
        start = rng.choice(rounds)["start"]
        seat = rng.choice([seat for seat, value in enumerate(start) if value is not None])
        start[seat] = rng.choice([10001, -10001, 1.5, "5"])


def _a_number_for_a_seat_not_seated(data: dict[str, Any], rng: random.Random) -> None:
    for rnd in data["rounds"]:
        away = [seat for seat, bid in enumerate(rnd["bids"]) if rnd["tricks"][seat] is None]
        if away:
            key = rng.choice(["bids", "tricks", "bonus"] if "bonus" in rnd else ["bids", "tricks"])
            rnd[key][rng.choice(away)] = 0
            return


def _first_dealer_not_seated(data: dict[str, Any], rng: random.Random) -> None:
    if data["rounds"] and "seated" in data["rounds"][0]:
        away = set(range(len(data["players"]))) - set(data["rounds"][0]["seated"])
        if away:
            data["first_dealer"] = rng.choice(sorted(away))


def _seated_out_of_order(data: dict[str, Any], rng: random.Random) -> None:
    """Seats not ascending, given twice, or past the last seat."""
    if rounds := _rounds_with(data, "seated"):
        seated = rng.choice(rounds)["seated"]
        choice = rng.randrange(3)
        if choice == 0:
            seated.reverse()
        elif choice == 1:
            seated.append(seated[-1])
        else:
            seated[-1] = len(data["players"])


def _too_few_or_too_many_seated(data: dict[str, Any], rng: random.Random) -> None:
    """A table below the game's least or above its most (lists kept to match)."""
    if rounds := _rounds_with(data, "seated"):
        rnd = rng.choice(rounds)
        low, high = reference.PLAYERS[data["game"]]
        want = rng.choice([low - 1, high + 1])
        while len(rnd["seated"]) > want:
            seat = rnd["seated"].pop(rng.randrange(len(rnd["seated"])))
            rnd["bids"][seat] = rnd["tricks"][seat] = None
        while len(rnd["seated"]) < want and len(rnd["seated"]) < len(data["players"]):
            seat = rng.choice(sorted(set(range(len(data["players"]))) - set(rnd["seated"])))
            rnd["seated"] = sorted([*rnd["seated"], seat])
            rnd["bids"][seat], rnd["tricks"][seat] = 0, 0


def _stopped_oddly(data: dict[str, Any], rng: random.Random) -> None:
    """Stopped before any round, or a stop that is not true or false."""
    if rng.random() < 0.5:
        data["rounds"] = []
        data["stopped"] = True
    else:
        data["stopped"] = rng.choice([1, "yes", None, False])  # (false: not stopped)


def _seated_left_out(data: dict[str, Any], rng: random.Random) -> None:
    """A round without `seated`: every seat, then (too many, or lists with nulls)."""
    if rounds := _rounds_with(data, "seated"):
        del rng.choice(rounds)["seated"]


def _a_name_used_twice(data: dict[str, Any], rng: random.Random) -> None:
    data["players"][-1] = data["players"][0]


def _more_than_twenty_players(data: dict[str, Any], rng: random.Random) -> None:
    """21 names: only the records that seat anyone apart name more than the game seats."""
    count = len(data["players"])
    data["players"] += [f"Q{seat}" for seat in range(count, 21)]
    for rnd in data["rounds"]:
        for key in ("bids", "tricks", "bonus", "start"):
            if key in rnd:
                rnd[key] += [None] * (21 - count)


def _a_round_after_the_end(data: dict[str, Any], rng: random.Random) -> None:
    """The last round once more (refused when the game was over, or after a stop)."""
    if data["rounds"]:
        again = copy.deepcopy(data["rounds"][-1])
        again.pop("start", None)
        data["rounds"].append(again)


BREAKS: tuple[Callable[[dict[str, Any], random.Random], None], ...] = (
    _drop_a_plan,
    _plan_too_large,
    _plan_of_no_or_too_many_entries,
    _start_for_the_wrong_player,
    _start_out_of_range,
    _a_number_for_a_seat_not_seated,
    _first_dealer_not_seated,
    _seated_out_of_order,
    _too_few_or_too_many_seated,
    _seated_left_out,
    _stopped_oddly,
    _a_name_used_twice,
    _more_than_twenty_players,
    _a_round_after_the_end,
)
