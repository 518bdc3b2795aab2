"""Players come and go, the plan changes, the table stops (RULINGS, "Players come
and go", "Stopping"): the changes made between two rounds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .at_table import STOP, Table, _split, _upcoming, table
from .errors import RulesError
from .messages import Message, Term, written
from .record import Record, check_name
from .seating import MOST_PLAYERS, check_plan, check_start
from .steps import Entry


def change(current: Table, entry: Entry) -> Table:
    """The table after a change made between two rounds: a player leaves (``leave``),
    comes back (``back``), joins (``join``: the value holds the name and the starting
    total, the seat the place they take), a new plan (``plan``), or the table stops
    (``stop``). Refused in the players' words where the rules do not allow it."""
    record = current.record
    if entry.kind == STOP:
        if not current.may_stop:
            raise RulesError(_why_not_now(current, "change_stop_when"))
        return table(record.with_stop(True))
    if not current.may_change_seats:
        if not record.rules.seats_apart:
            raise RulesError(Message("change_not_in_game", game=Term(record.rules.title)))
        raise RulesError(_why_not_now(current, "change_when"))
    seating = current.seating
    assert seating is not None  # a round to come: may_change_seats
    if entry.kind == "join":
        return join(current, entry)
    seat = entry.seat
    if entry.kind == "plan":
        check_plan(record.rules, entry.value, len(seating.seated))
        return table(record, (*current.pending, Entry("plan", None, list(entry.value))))
    if seat is None or not 0 <= seat < len(record.players):
        raise RulesError(Message("not_a_seat", seat=written(seat)))
    name = record.players[seat]
    if entry.kind == "leave" and seat not in seating.seated:
        raise RulesError(Message("change_not_seated", player=name))
    if entry.kind == "back":
        if seat in seating.seated:
            raise RulesError(Message("change_seated_already", player=name))
        if seat not in record.lineup.played:
            raise RulesError(Message("change_never_played", player=name))
    after = (*current.pending, Entry(entry.kind, seat))
    _check_table(record, after)
    return table(record, after)


def _why_not_now(current: Table, code: str) -> Message:
    if current.round is None:
        return Message("game_over")
    if current.correcting is not None:
        return Message("change_correcting", number=current.correcting)
    if not current.record.rounds:
        return Message("change_first_round")
    return Message(code)


def _check_table(record: Record, pending: Sequence[Entry]) -> None:
    """Refuse changes that leave the table with too few or too many players, or a
    plan that deals them more cards than the pack holds."""
    rules = record.rules
    seats = _upcoming_seats(record, pending)
    if len(seats) < rules.min_players:
        raise RulesError(
            Message(
                "change_too_few", count=len(seats), game=Term(rules.title), least=rules.min_players
            )
        )
    if len(seats) > rules.max_players:
        raise RulesError(
            Message(
                "change_too_many", count=len(seats), game=Term(rules.title), most=rules.max_players
            )
        )
    _upcoming(record, pending)


def _upcoming_seats(record: Record, pending: Sequence[Entry]) -> tuple[int, ...]:
    seated = set(record.seating(len(record.rounds)).seated)
    for change in _split(pending)[0]:
        if change.kind == "leave":
            seated.discard(change.seat if change.seat is not None else -1)
        elif change.kind in ("back", "join") and change.seat is not None:
            seated.add(change.seat)
    return tuple(sorted(seated))


def join(current: Table, entry: Entry) -> Table:
    """A new player joins at the table: ``entry.seat`` is the place they take (the
    players from that seat on move one seat along), ``entry.value`` their name and
    starting total ({"name": "Eva", "start": 0})."""
    record = current.record
    value = entry.value if isinstance(entry.value, dict) else {}
    name = check_name(value.get("name"))
    start = check_start(value.get("start", 0))
    place = entry.seat
    count = len(record.players)
    if place is None or not 0 <= place <= count:
        raise RulesError(Message("join_place", last=count))
    if count >= MOST_PLAYERS:
        raise RulesError(Message("join_most_players", most=MOST_PLAYERS))
    if name.casefold() in {p.casefold() for p in record.players}:
        raise RulesError(Message("record_same_name", name=name))
    joined, pending = insert_seat(record, current.pending, place, name)
    after = (*pending, Entry("join", place, {"name": name, "start": start}))
    _check_table(joined, after)
    return table(joined, after)


def insert_seat(
    record: Record, pending: Sequence[Entry], place: int, name: str
) -> tuple[Record, tuple[Entry, ...]]:
    """The record with ``name`` at seat ``place`` (seats from ``place`` on move one
    along, in every round), not seated in any round yet; ``pending``'s seats moved too."""
    count = len(record.players)

    def moved(seat: int) -> int:
        return seat + 1 if seat >= place else seat

    rounds = []
    for index, rnd in enumerate(record.rounds):
        seated = record.seating(index).seated
        out: dict[str, Any] = {"seated": [moved(s) for s in seated]}
        for key, value in rnd.items():
            if key == "seated":
                continue
            if isinstance(value, list) and len(value) == count and key != "plan":
                value = [*value[:place], None, *value[place:]]
            out[key] = value
        rounds.append(out)
    players = (*record.players[:place], name, *record.players[place:])
    joined = _rebuilt(record, players, moved(record.first_dealer), rounds)
    return joined, tuple(_moved_entry(e, moved) for e in pending)


def remove_seat(
    record: Record, pending: Sequence[Entry], seat: int
) -> tuple[Record, tuple[Entry, ...]]:
    """The record without the player at ``seat``, who never took part in a round (Undo
    of a join); seats after it move one back, in every round and in ``pending``."""

    def moved(other: int) -> int:
        return other - 1 if other > seat else other

    count = len(record.players)
    rounds = []
    for index, rnd in enumerate(record.rounds):
        seated = [moved(s) for s in record.seating(index).seated if s != seat]
        out: dict[str, Any] = {"seated": seated}
        for key, value in rnd.items():
            if key == "seated":
                continue
            if isinstance(value, list) and len(value) == count and key != "plan":
                value = [*value[:seat], *value[seat + 1 :]]
            out[key] = value
        rounds.append(out)
    players = (*record.players[:seat], *record.players[seat + 1 :])
    everyone = list(range(len(players)))
    if all(rnd["seated"] == everyone for rnd in rounds):
        rounds = [{k: v for k, v in rnd.items() if k != "seated"} for rnd in rounds]
    removed = _rebuilt(record, players, moved(record.first_dealer), rounds)
    return removed, tuple(_moved_entry(e, moved) for e in pending)


def _moved_entry(entry: Entry, moved: Any) -> Entry:
    return entry if entry.seat is None else replace(entry, seat=moved(entry.seat))


def _rebuilt(
    record: Record, players: tuple[str, ...], first_dealer: int, rounds: list[dict[str, Any]]
) -> Record:
    return Record(
        record.game,
        players,
        first_dealer,
        record.options,
        tuple(rounds),
        record.played_at,
        stopped=record.stopped,
    )
