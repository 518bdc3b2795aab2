"""Correcting one box of the score sheet: a bid, tricks, the trump, the dice, a bonus.

A cell is changed in the record's round as it stands, every other entry kept;
the round is then checked whole by the same rules as at the table
(``replace_round``), and what the change does is worked out by scoring the
record before and after and comparing the two sheets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .core import TRUMPS, Cell, Part, RoundContext
from .entering import replace_round
from .errors import RulesError
from .messages import Message, Param, Term, comma_list, each_and
from .record import Record
from .sheet import Sheet, context, review
from .steps import Choice, read_number

# The fields a player's column holds, a number a player (RULINGS: 0 to the hand size).
PLAYER_FIELDS = {"bids": "bid", "tricks": "tricks"}
# A round's field as a change names it, where its name alone says too little
# ("the lost tricks 0 → 1", not "the lost 0 → 1").
FIELD_WORDS = {"lost": "lost tricks"}


def _round(record: Record, number: int) -> Mapping[str, Any]:
    if not 1 <= number <= len(record.rounds):
        raise RulesError(Message("no_round_to_correct", number=number))
    return record.rounds[number - 1]


def _numbers(high: int) -> tuple[Choice, ...]:
    return tuple(Choice(str(n), str(n)) for n in range(high + 1))


def fields(record: Record, number: int) -> tuple[str, ...]:
    """The fields of round ``number`` that may be corrected a cell at a time; the
    game's whole numbers (a bonus, lost tricks) even where the round left them out."""
    rnd = _round(record, number)
    rules = record.rules
    faces = rules.round_faces
    own = _own(record, number)
    found = tuple(
        name
        for name, value in rnd.items()
        if name not in own
        and (
            (name in PLAYER_FIELDS and isinstance(value, list))
            or (name == "trump" and isinstance(value, str))
            or (name in faces and isinstance(value, Mapping))
        )
    )
    return found + tuple(_numbered(record, number)) + tuple(own)


def _context(record: Record, number: int) -> RoundContext:
    """Round ``number`` as the rules see it, its totals before as the sheet has them."""
    sheet = review(record)  # kept: the sheet drawn has worked this record out already
    index = number - 1
    before = sheet.rounds[index - 1].totals if index else tuple(0 for _ in record.players)
    return context(record, index, before)


def _own(record: Record, number: int) -> dict[str, Cell]:
    """The cells the game has of its own for round ``number``, by field (none for a
    round whose shape the rules refuse: it is corrected by entering it again)."""
    ctx = _context(record, number)
    try:
        own = record.rules.round_cells(ctx, _round(record, number))
    except RulesError:
        return {}
    return {the_cell.field: the_cell for the_cell in own}


def _numbered(record: Record, number: int) -> dict[str, Any]:
    """The game's whole-number fields of round ``number``, each as it counts (0 where
    the round leaves it out): a list a player, or one number."""
    rnd = _round(record, number)
    rules, n = record.rules, len(record.players)
    found: dict[str, Any] = {}
    for name in rules.seat_numbers:
        value = rnd.get(name, _zeros(record, number))
        if isinstance(value, list) and len(value) == n:
            found[name] = value
    for name in rules.round_numbers:
        value = rnd.get(name, 0)
        if isinstance(value, int) and not isinstance(value, bool):
            found[name] = value
    return found


def _zeros(record: Record, number: int) -> list[int | None]:
    """A player's whole number left out of round ``number``: 0 for each seated player
    (``null`` for a seat not at the table)."""
    seated = record.seating(number - 1).seated
    return [0 if seat in seated else None for seat in range(len(record.players))]


def _hand_size(record: Record, number: int) -> int:
    return record.seating(number - 1).hand_size or 0


def _most(record: Record, number: int, most: int | None) -> int:
    return most if most is not None else _hand_size(record, number)


def cell(record: Record, number: int, field: str) -> Cell:
    """The cell ``field`` of round ``number``, with what each of its values may be."""
    rnd = _round(record, number)
    if field not in fields(record, number):
        raise RulesError(Message("cell_no_field", number=number, field=field))
    own = _own(record, number)
    if field in own:
        return own[field]
    value: Any = rnd.get(field)  # a whole number left out is read below, as it counts
    label = Message("cell_label", field=Term(field.capitalize()), number=number)
    if field in PLAYER_FIELDS:
        high = _hand_size(record, number)
        parts = tuple(
            Part(str(seat), name, str(value[seat]), _numbers(high))
            for seat, name in enumerate(record.players)
            # A player who did not bid (Boerenbridge) has no bid to correct.
            if seat < len(value) and value[seat] is not None
        )
        return Cell(number, field, label, parts)
    rules = record.rules
    if field in rules.seat_numbers:
        value = _numbered(record, number)[field]
        most = _most(record, number, rules.seat_numbers[field])
        least = rules.seat_least.get(field, 0)
        parts = tuple(
            Part(str(seat), name, str(value[seat]), (), most, least=least)
            for seat, name in enumerate(record.players)
            if value[seat] is not None  # not at the table in this round
        )
        return Cell(number, field, label, parts)
    if field in rules.round_numbers:
        value = _numbered(record, number)[field]
        most = _most(record, number, rules.round_numbers[field])
        part = Part(field, Term(field.capitalize()), str(value), _numbers(most))
        return Cell(number, field, label, (part,))
    if field == "trump":
        choices = tuple(Choice(t, "No trump" if t == "none" else t) for t in TRUMPS)
        return Cell(number, field, label, (Part("trump", Term("Trump"), str(value), choices),))
    faces = record.rules.round_faces[field]
    parts = tuple(
        Part(
            key,
            Term(key.capitalize()),
            str(value.get(key, "")),
            tuple(Choice(str(f), str(f)) for f in shown),
        )
        for key, shown in faces.items()
    )
    return Cell(number, field, label, parts)


def _read(part: Part, text: str | Sequence[str]) -> Any:
    """A part's value as posted: a number typed, one of its choices, or (``many``) the
    choices ticked, sorted, as the record writes them (numbers as numbers)."""
    if part.many:
        ticked = text.split() if isinstance(text, str) else [t for t in text if t.strip()]
        values = [_choice(part, item) for item in ticked]
        if len(set(map(str, values))) < len(values):
            raise RulesError(Message("cell_value", value=repr(" ".join(ticked)), label=part.label))
        return sorted(values)
    if not isinstance(text, str):
        raise RulesError(Message("cell_value", value=repr(" ".join(text)), label=part.label))
    if part.most is not None:
        typed = read_number(text.strip())
        if typed is not None and part.least <= typed <= part.most:
            return typed
        raise RulesError(Message("cell_value", value=repr(text), label=part.label))
    return _choice(part, text)


def _choice(part: Part, text: str) -> Any:
    for choice in part.choices:
        if choice.value == text.strip().lower():
            number = read_number(choice.value)
            return number if number is not None else choice.value
    raise RulesError(Message("cell_value", value=repr(text), label=part.label))


def corrected(
    record: Record, number: int, posted: Mapping[str, Mapping[str, str | Sequence[str]]]
) -> Record:
    """The record with round ``number``'s cells as ``posted`` (field, then part key; a
    part of ``many``, the choices ticked); every value not posted is kept as entered.
    The round is then checked whole, by the rules the table uses, or a RulesError says
    why it cannot be so."""
    rnd = dict(_round(record, number))
    rules = record.rules
    own = _own(record, number)
    for field, values in posted.items():
        the_cell = cell(record, number, field)
        if field in own:
            _write(rnd, the_cell, values)
        elif field in rules.seat_numbers:
            column = list(_numbered(record, number)[field])
            for part in the_cell.parts:
                if part.key in values:
                    column[int(part.key)] = _read(part, values[part.key])
            rnd[field] = column
            if not any(column):  # all 0, the default: left out, as the table leaves it
                del rnd[field]
        elif field in rules.round_numbers:
            rnd[field] = _read(the_cell.parts[0], values.get(field, the_cell.parts[0].value))
            if not rnd[field]:
                del rnd[field]
        elif field in PLAYER_FIELDS:
            column = list(rnd[field])
            for part in the_cell.parts:
                if part.key in values:
                    column[int(part.key)] = _read(part, values[part.key])
            rnd[field] = column
        elif field == "trump":
            rnd[field] = _read(the_cell.parts[0], values.get("trump", rnd[field]))
        else:
            rnd[field] = {
                part.key: _read(part, values.get(part.key, part.value)) for part in the_cell.parts
            }
    return replace_round(record, number, rules.corrected_round(rnd))


def _write(rnd: dict[str, Any], the_cell: Cell, values: Mapping[str, str | Sequence[str]]) -> None:
    """A game's own cell into the round, by its shape (``Cell``)."""
    field = the_cell.field
    if the_cell.shape == "value":
        part = the_cell.parts[0]
        value = _read(part, values.get(part.key, part.value))
        if value == "":
            rnd.pop(field, None)  # not noted
        else:
            rnd[field] = value
        return
    if the_cell.shape == "flags":
        part = the_cell.parts[0]
        ticked = _read(part, values.get(part.key, part.ticked))
        rnd[field] = [index in ticked for index in range(len(rnd[field]))]
        return
    column = list(rnd[field])
    for part in the_cell.parts:
        if part.key in values:
            value = _read(part, values[part.key])
            column[int(part.key)] = value if the_cell.numbers else str(value)
    rnd[field] = column


def _names(players: Sequence[str], seats: Sequence[int]) -> Param:
    if not seats:
        return Message("nobody")
    return each_and([players[seat] for seat in seats])


def differences(before: Record, after: Record) -> tuple[str, ...]:
    """What a correction changes, in words: totals, the winner or leader, rounds
    that now need attention ("Ann's total 87 -> 97"; "the winner becomes Ann instead of Ben")."""
    old, new = review(before), review(after)
    players = after.players
    lines = _entered(before, after)
    lines += [
        Message("change_total", player=name, was=was, now=now)
        for name, was, now in zip(players, old.totals, new.totals, strict=True)
        if was != now
    ]
    lines += _outcome(players, old, new)
    known = {(r.number, r.problem) for r in old.problems}
    lines += [
        Message("change_attention", number=r.number, problem=r.problem)
        for r in new.problems
        if r.problem is not None and (r.number, r.problem) not in known
    ]
    return tuple(lines) or (Message("change_nothing"),)


def _entered(before: Record, after: Record) -> list[str]:
    """What was entered differently: "round 1: Ann's bid 3 → 4"."""
    lines: list[str] = []
    rules = after.rules
    # A whole number left out of a round is 0 (a bonus, lost tricks).
    absent: dict[str, Any] = {name: 0 for name in rules.round_numbers}
    named = PLAYER_FIELDS | {name: name for name in rules.seat_numbers}
    for number, (was, now) in enumerate(zip(before.rounds, after.rounds, strict=True), 1):
        if was == now:
            continue
        own_was, own_now = _own(before, number), _own(after, number)
        for name in rules.seat_numbers:
            absent[name] = _zeros(after, number)
        for field in [*now, *(f for f in was if f not in now)]:
            if field in own_was or field in own_now:
                continue  # a cell of the game's own: said by its parts, below
            old, new = was.get(field, absent.get(field)), now.get(field, absent.get(field))
            if old == new:
                continue
            if field in named and isinstance(old, list) and isinstance(new, list):
                lines += [
                    Message(
                        "change_player",
                        number=number,
                        player=name,
                        what=Term(named[field]),
                        was=str(a),
                        now=str(b),
                    )
                    for name, a, b in zip(after.players, old, new, strict=True)
                    if a != b
                ]
            elif isinstance(old, Mapping) and isinstance(new, Mapping):
                lines += [
                    Message(
                        "change_part",
                        number=number,
                        field=Term(field),
                        part=Term(str(key)),
                        was=Term(str(old.get(key))),
                        now=Term(str(new.get(key))),
                    )
                    for key in new
                    if old.get(key) != new.get(key)
                ]
            else:
                lines.append(
                    Message(
                        "change_field",
                        number=number,
                        field=Term(FIELD_WORDS.get(field, field)),
                        was=Term(str(old)),
                        now=Term(str(new)),
                    )
                )
        lines += _own_changed(number, own_was, own_now)
    return lines


def _own_changed(number: int, was: Mapping[str, Cell], now: Mapping[str, Cell]) -> list[str]:
    """A game's own cells changed, part by part, in words: "round 2: Ann's call pass →
    3", "round 2: trick 7's winner Ann → Bob", "round 2: the trump hearts → spades"."""
    lines: list[str] = []
    for field in [*now, *(f for f in was if f not in now)]:
        old_parts = {part.key: part for part in was[field].parts} if field in was else {}
        new_parts = {part.key: part for part in now[field].parts} if field in now else {}
        the_cell = now.get(field) or was[field]
        for key in [*new_parts, *(k for k in old_parts if k not in new_parts)]:
            old, new = _shown(old_parts.get(key)), _shown(new_parts.get(key))
            if old == new:
                continue
            part = new_parts.get(key) or old_parts[key]
            if the_cell.shape == "list":
                message = Message(
                    "change_player",
                    number=number,
                    player=part.label,
                    what=Term(the_cell.what),
                    was=old,
                    now=new,
                )
            else:
                message = Message(
                    "change_field", number=number, field=Term(the_cell.what), was=old, now=new
                )
            lines.append(message)
    return lines


def _shown(part: Part | None) -> Param:
    """A part's value as the sheet's players read it: its choice's words, several of
    them listed, "none" for none."""
    if part is None:
        return Term("none")
    labels = {choice.value: choice.label for choice in part.choices}
    values = part.ticked if part.many else (part.value,)
    words: list[str] = [
        Term(labels.get(value, value)) for value in values if value or value in labels
    ]
    return comma_list(words) if words else Term("none")


def _outcome(players: Sequence[str], old: Sheet, new: Sheet) -> list[str]:
    if old.finished and new.finished:
        if old.winners != new.winners:
            code = "change_winners" if len(new.winners) > 1 else "change_winner"
            was, now = _names(players, old.winners), _names(players, new.winners)
            return [Message(code, now=now, was=was)]
        return []
    if old.finished != new.finished:
        return [Message("change_not_over" if old.finished else "change_over")]
    if old.leaders != new.leaders and new.leaders:
        was, now = _names(players, old.leaders), _names(players, new.leaders)
        return [Message("change_lead", now=now, was=was)]
    return []
