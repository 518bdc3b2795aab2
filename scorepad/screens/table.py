"""The table screen: what the keeper's table, the viewer and a seat's phone draw of a
table state the engine worked out, built once, with no rule in it (``TableScreen``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.utils import translation
from django.utils.translation import gettext

from rules_engine import (
    CORRECT,
    Card,
    Entry,
    GameRules,
    Message,
    Place,
    Step,
    StepKind,
    Table,
    describe,
    last_entry,
    left_early,
    places,
    what_returns,
)
from scorepad.engine_words import translated
from scorepad.forms import small_number
from scorepad.http import game_address
from scorepad.models import Game, Seat
from scorepad.screens.kept import Context, once


def current_table(game: Game) -> tuple[Table, str | None]:
    """The game at the table as stored, and what needs attention in it, if anything
    (a correction made an entry of the round in progress impossible: ``standing``)."""
    current = game.table()
    return current, attention(current)


def attention(current: Table) -> str | None:
    """What needs attention in the table as stored, in the page's language, if anything."""
    return translated(current.attention) if current.attention is not None else None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One player's line of the totals, as the table and the viewer draw it."""

    seat: int
    name: str
    total: int
    # Signed, "+3" or "-2"; blank before the first round is scored.
    last_score: str
    # The last round's bid made or missed, where the player had one.
    made: bool | None
    # How the last round's score adds up, where the rules say (Abracadabra).
    breakdown: str
    # How the last round's score made the total, where the rules do more than add it
    # up (Boerenbridge's bounce off 100).
    total_note: str | None
    leader: bool
    winner: bool
    dealer: bool
    marks: str  # the row's classes: "turn", "leader"
    bid: str
    tricks: str
    # The player's own phone (scorepad/views/seats.py): "here", "away" or none.
    phone: str
    # The seat its phone holds: which phone, since when, asking the keeper (keeper's table).
    held_by: Seat | None = None
    # At the table in the round being entered (or the last, once the game is over); a
    # player who left keeps their total, standing still (RULINGS, "Players come and go").
    seated: bool = True
    # A player joining in the round being entered: their starting total, shown as their
    # total until they have played.
    start: int | None = None


def _seats(current: Table, step_seat: int | None, phones: dict[int, Seat]) -> list[SeatRow]:
    """One row a player for the screen, from the engine's answers (no rules here).

    ``step_seat`` is the player asked on screen: for simultaneous bids, whoever was tapped.
    ``phones``: the seats a phone holds.
    """
    record, sheet = current.record, current.sheet
    view = current.round_view
    last = sheet.rounds[-1] if sheet.rounds else None
    made = last.view.made if last else ()
    breakdown = last.view.breakdown if last else ()
    before = _totals_before_last(current)
    seated = set(current.seated)
    starts = starting_totals(current)
    rows = []
    for seat, name in enumerate(record.players):
        leader = seat in sheet.leaders
        at_table = seat in seated
        marks = [
            mark
            for mark, on in (
                ("turn", step_seat == seat),
                ("leader", leader),
                ("apart", not at_table),
            )
            if on
        ]
        score = last.scores[seat] if last else None
        rows.append(
            SeatRow(
                seat=seat,
                name=name,
                total=starts.get(seat, sheet.totals[seat]),
                last_score=f"{score:+d}" if score is not None else "",
                made=made[seat] if seat < len(made) else None,
                breakdown=breakdown[seat] if seat < len(breakdown) else "",
                total_note=record.rules.total_note(before[seat], score, record.setup)
                if score is not None
                else None,
                leader=leader,
                winner=seat in sheet.winners,
                dealer=current.dealer == seat,
                marks=" ".join(marks),
                bid=view.bids[seat] if view else "",
                tricks=view.tricks[seat] if view else "",
                phone=("here" if phones[seat].here() else "away") if seat in phones else "",
                held_by=phones.get(seat),
                seated=at_table,
                start=starts.get(seat),
            )
        )
    return rows


def _totals_before_last(current: Table) -> tuple[int, ...]:
    """Each player's total before the last round: what its scores were added to (a
    player's starting total, the round they joined)."""
    rounds, record = current.sheet.rounds, current.record
    before = rounds[-2].totals if len(rounds) > 1 else tuple(0 for _ in record.players)
    if not record.apart or not rounds:
        return before
    starts = record.seating(len(rounds) - 1).starts()
    return tuple(starts.get(seat, total) for seat, total in enumerate(before))


@dataclass(frozen=True, slots=True)
class Button:
    """One of the step's buttons: the value it posts, its words, and the id of the
    reason it is disabled ("" where it is not)."""

    value: str
    label: str
    why: str


@dataclass(frozen=True, slots=True)
class Reason:
    """Why some buttons are disabled, said once; the buttons point to it by ``id``."""

    id: str
    text: str


def buttons(step: Step) -> tuple[list[Button], list[Reason]]:
    """The step's buttons, and each reason a button is disabled, said once: the
    buttons it disables point to it (``aria-describedby``). The table draws its own
    step's; a player's phone, the step the engine asks of that player alone."""
    reasons: dict[str, str] = {}
    buttons = []
    for choice in step.choices:
        why = ""
        if choice.refused is not None:
            why = reasons.setdefault(choice.refused, f"why-{len(reasons) + 1}")
        buttons.append(Button(choice.value, _button_words(choice.label), why))
    return buttons, [Reason(why, translated(text)) for text, why in reasons.items()]


def _button_words(text: str) -> str:
    """A button's words in the page's language: an engine message ("Made: Ann took all 8
    tricks") or a word of the catalogue ("Pass", "hearts"); a number stays as it is."""
    if isinstance(text, Message):
        return translated(text)
    return gettext(text) if text else text


def _card(drawn: dict[str, Any]) -> str:
    """A card drawn for first dealer, in the page's language where its rank and suit
    were kept (games started before that keep its English words)."""
    if "rank" in drawn and "suit" in drawn:
        return translated(Card(str(drawn["rank"]), str(drawn["suit"])).label)
    return str(drawn["card"])


class Links(NamedTuple):
    """Where the table's forms and links go, for one game."""

    enter: str
    undo: str
    redo: str
    sheet: str
    # Between two rounds: the page of the changes, or in a game whose players stay,
    # the stop's own (``TableChanges.link``).
    someone_joins: str
    stop_here: str


def links(key: str) -> Links:
    return Links(*(game_address(name)(key) for name in Links._fields))


def _name(players: tuple[str, ...], seat: int | None) -> str:
    return players[seat] if seat is not None else ""


@dataclass(frozen=True, slots=True)
class TableScreen:
    """Everything the table (and the viewer) draws, worked out once, no rules in it."""

    game: Game
    links: Links
    table: Table
    rules: GameRules
    step: Step
    # The player asked on screen: for bids in any order, whoever was tapped.
    step_seat: int | None
    asked_name: str
    # The players who may be picked to enter for ("Whose bid?"): those still to bid,
    # and those who may change theirs (sealed, until the last bid is in).
    whose: tuple[int, ...]
    # What the player picked is asked, where several may be: the engine's words for
    # their bid alone ("Ben bids", "Ben has bid and may change it ...").
    asked_prompt: str
    dealer_name: str
    first_name: str
    seats: list[SeatRow]
    # The totals' badges shown, so their key says what each means.
    badges: dict[str, bool | str]
    # Abracadabra marks the declarer's bid with a star: said once what it means.
    declarer_marked: bool
    choices: list[Button]
    reasons: list[Reason]
    error: str | None
    # The cards drawn for first dealer, shown until the first entry.
    draw: list[list[dict[str, str]]] | None
    can_undo: bool
    # What the last round came to, while nothing of the next is entered yet.
    last_notes: str
    podium: list[dict[str, Any]]
    # The optional steps below the step, each with whether it waits behind a button
    # (templates/table.html says why); a shortcut the step shows itself is not here.
    optionals: list[tuple[Step, bool]]
    # Drawn first, big, on a form of its own (``_first``): a step and its buttons.
    first: Step | None
    first_choices: list[Button]
    dice: dict[str, Any] | None
    # The game's grid of the next steps, answered on one screen (``_grid``).
    grid: dict[str, Any] | None
    # Sealed, Undo and Redo name a bid without its value until the last bid is in.
    undo_label: str
    redo_label: str
    # Players come and go, the plan changes, the table stops (``TableChanges``, below).
    changes: TableChanges | None = None
    # What Undo of the correction made last brings back ("round 2: Bob's tricks 2 → 1").
    undo_returns: tuple[str, ...] = ()
    # Below the podium: who left before the end, when, on what total (not ranked).
    left_early: tuple[dict[str, Any], ...] = ()
    # "How round N scored": (who, how) a player, or a team where partners score as one.
    how_scored: tuple[tuple[str, str], ...] = ()


def table_context(
    game: Game, current: Table, error: str | None = None, seat: str | None = None
) -> dict[str, Any]:
    """What the table and the viewer draw, from a table state already worked out, as the
    templates read it."""
    screen = table_screen(game, current, error, seat)
    return {name: getattr(screen, name) for name in TableScreen.__dataclass_fields__}


def shared_context(
    game: Game, current: Table, error: str | None = None, kept_only: bool = False
) -> dict[str, Any]:
    """``table_context`` of a version, worked out once in this process for every
    screen drawn of it in this language (``kept.once``): each live view of a change
    (scorepad/screens/streams.py) and the answer to the tap that saved it here. Read
    only. ``kept_only``: only where this process kept the version (``kept.once``)."""
    key = Context(translation.get_language(), error)
    return once(game, key, lambda: table_context(game, current, error), kept_only)


def saved_context(game: Game, after: Table) -> dict[str, Any] | None:
    """The context of the answer to a tap that just saved ``after`` here, as the live
    views of that change draw it too (``shared_context``); None where the answer says
    less than they do (a table that needs attention: they say so, the answer not)."""
    return shared_context(game, after, kept_only=True) if after.attention is None else None


def table_screen(
    game: Game, current: Table, error: str | None = None, seat: str | None = None
) -> TableScreen:
    """The table screen for a table state already worked out."""
    # What the game holds beside its table: the seats its phones hold, what Redo puts back.
    phones, undone = game.phones(), game.undone()
    step = current.step
    asked = small_number(seat or "", digits=2)
    # Boerenbridge, sealed bids: bids may be entered in any order, and changed.
    whose = (*step.seats, *step.may_change)
    step_seat = asked if asked is not None and asked in whose else step.seat
    record = current.record
    players = record.players
    # Several may bid: the buttons are those the engine offers the player picked.
    picked = None
    if step.kind is StepKind.BID and len(whose) > 1 and step_seat is not None:
        picked = current.bid_step(step_seat)
    choices, reasons = buttons(picked or step)
    draw = None
    if game.dealer_draw and not record.rounds and not current.pending:
        draw = [
            [{"name": _name(players, d["seat"]), "card": _card(d)} for d in cards]
            for cards in game.dealer_draw
        ]
    # Names looked up here once, rather than by a loop over the seats in the template
    # at every mention: rendering is most of what a tap costs.
    return TableScreen(
        game=game,
        links=(screen_links := links(game.key)),
        table=current,
        rules=record.rules,
        step=step,
        step_seat=step_seat,
        asked_name=_name(players, step_seat),
        whose=whose,
        asked_prompt=translated(picked.prompt) if picked is not None else "",
        # The record's seats (``table.round`` numbers its seated players alone).
        dealer_name=_name(players, current.dealer),
        first_name=_name(players, current.first_bidder),
        seats=(rows := _seats(current, step_seat, phones)),
        badges={
            "dealer": any(row.dealer for row in rows),
            "leader": any(row.leader and not row.winner for row in rows),
            # Players on their own phones: "away" when one of them was not seen lately.
            "phone": max((row.phone for row in rows), key=("", "here", "away").index),
        },
        declarer_marked=current.round_view is not None and current.round_view.declarer is not None,
        choices=choices,
        reasons=reasons,
        error=error,
        draw=draw,
        can_undo=bool(current.pending or record.rounds),
        # What the last round came to, said while nothing of the next is entered
        # yet ("thrown in", "Ben declared 3"): the engine's notes on its sheet row.
        last_notes="; ".join(translated(note) for note in current.sheet.rounds[-1].view.notes)
        if current.round is not None and not current.pending and current.sheet.rounds
        else "",
        podium=[
            {
                "place": place,
                "names": gettext(" and ").join(players[s] for s in seats),
                "total": current.sheet.totals[seats[0]],
            }
            for place, seats in places(current.sheet)
        ],  # fmt: skip
        optionals=_optionals(current),
        first=(first := _first(current, picked or step, choices))[0],
        first_choices=first[1],
        dice=_dice(current),
        grid=_grid(current),
        undo_label=_undo_label(current),
        redo_label=_label(
            undone[-1] if undone else None,
            players,
            current.bids_sealed,
            record.rules,
        ),
        changes=table_changes(screen_links, current),
        undo_returns=tuple(translated(words) for words in what_returns(current)),
        left_early=tuple(
            {"name": players[seat], "number": number, "total": current.sheet.totals[seat]}
            for seat, number in left_early(current.sheet)
        ),
        how_scored=how_scored(current, rows),
    )


def how_scored(current: Table, rows: Sequence[SeatRow]) -> tuple[tuple[str, str], ...]:
    """How the last round's scores add up, where the rules say: a line a player, or a
    line a team where partners score as one (Spades: each partner carries the team's
    line, said once, under the team's name, "Ann & Cat")."""
    if not rows or not rows[0].breakdown:
        return ()
    record = current.record
    teams = record.rules.partnerships(record.setup)
    if teams is None:
        return tuple((row.name, translated(row.breakdown)) for row in rows)
    return tuple(
        (translated(teams.name(team, record.players)), translated(rows[seats[0]].breakdown))
        for team, seats in enumerate(teams.teams)
    )


def _optionals(current: Table) -> list[tuple[Step, bool]]:
    """The optional steps drawn below the step, and whether each is folded behind a
    button, as the game places them (``Step.place``); one drawn first is ``_first``'s."""
    return [
        (optional, optional.place is Place.FOLDED)
        for optional in current.optional_steps
        if optional.place is not Place.FIRST
    ]


def _first(current: Table, step: Step, choices: list[Button]) -> tuple[Step | None, list[Button]]:
    """What is drawn first, big, on a form of its own, above the step: the step's choice
    that answers for everyone at once ("No bonuses"), or an optional step the game
    places first ("Same bid suits as last deal"), with its buttons."""
    if step.lead:
        return step, [button for button in choices if button.value == step.lead]
    first = next((o for o in current.optional_steps if o.place is Place.FIRST), None)
    return first, (buttons(first)[0] if first is not None else [])


def _dice(current: Table) -> dict[str, Any] | None:
    """The dice of the round, as rolled (each die with its face), once they are; and
    whether they were rolled by the last tap, to show them tumbling in."""
    rolled = current.rolled
    if rolled is None:
        return None
    last = current.pending[-1] if current.pending else None
    return {"faces": rolled, "rolled": last is not None and last.kind == "dice"}


def _grid(current: Table) -> dict[str, Any] | None:
    """The game's grid of the next steps, answered on one screen and sent whole
    (``Table.grid``), with the players' names: a row a thing, a box a player."""
    grid = current.grid
    if grid is None:
        return None
    players = current.record.players
    return {
        "kind": grid.kind,
        "prompt": grid.prompt,  # said in the page's language as every prompt is (``|words``)
        "one_a_row": grid.one_a_row,
        "value": grid.value,
        "then": grid.then[0] if grid.then else "",
        "rest": grid.rest,
        "columns": [
            {
                "seat": column.seat,
                "name": players[column.seat],
                "least": column.least,
                "most": column.most,
                "exact": column.least == column.most,
            }
            for column in grid.columns
        ],
        "rows": [
            {
                "label": row.label,
                "boxes": [
                    {
                        "seat": box.seat,
                        "name": players[box.seat],
                        "field": box.name,
                        "value": box.value,
                        "marked": box.marked,
                        "proposed": box.proposed,
                        "key": box.key,
                    }
                    for box in row.boxes
                ],
            }
            for row in grid.rows
        ],
    }


def _undo_label(current: Table) -> str:
    """What Undo takes back, said with its round once it reaches into a finished one
    ("Undo Dev's 3 tricks (round 5)"); right after a correction, the correction ("Undo
    the correction of round 2")."""
    entry = last_entry(current)
    label = _label(entry, current.record.players, current.bids_sealed, current.record.rules)
    # A stop is taken back whole, not the round before it, and a correction names its
    # round: their words say so alone.
    named = entry is None or entry.kind == CORRECT
    if (
        label
        and not current.pending
        and current.record.rounds
        and not current.record.stopped
        and not named
    ):
        return gettext("%(entry)s (round %(number)s)") % {
            "entry": translated(label),
            "number": len(current.record.rounds),
        }
    return label


def _label(
    entry: Entry | None, players: tuple[str, ...], sealed: bool, rules: GameRules | None = None
) -> str:
    return describe(entry, players, sealed, rules) if entry is not None else ""


# -- Players come and go, the plan changes, the table stops (RULINGS). ---------------


@dataclass(frozen=True, slots=True)
class TableChanges:
    """What the table shows of the changes made between two rounds."""

    # Players may come and go, and the plan change, now (``Table.may_change_seats``).
    seats: bool
    # The table may stop here (``Table.may_stop``).
    stop: bool
    # Where the changes are made: the page between rounds (scorepad/views/changes.py),
    # or, in a game whose players stay (Sinker, Abracadabra), the stop's own.
    link: str
    # The changes made for the round to come, in words ("Eva joins, starting on 6").
    made: tuple[str, ...]
    # Someone sits apart, or is about to: the table's rows say so (static/css/changes.css).
    apart: bool


def plan_text(sizes: Sequence[int]) -> str:
    """A plan as the form shows it and takes it back: "8 7 6 5"."""
    return " ".join(str(size) for size in sizes)


def change_words(entry: Entry, current: Table) -> str:
    """One change made for the round to come, in the page's language."""
    players = current.record.players
    name = players[entry.seat] if entry.seat is not None and entry.seat < len(players) else ""
    if entry.kind == "join":
        start = entry.value.get("start", 0) if isinstance(entry.value, dict) else 0
        return gettext("%(player)s joins, starting on %(total)s") % {
            "player": name,
            "total": start,
        }
    if entry.kind == "leave":
        return gettext("%(player)s leaves, on %(total)s") % {
            "player": name,
            "total": current.totals[entry.seat or 0],
        }
    if entry.kind == "back":
        return gettext("%(player)s comes back, on %(total)s") % {
            "player": name,
            "total": current.sheet.totals[entry.seat or 0],
        }
    sizes = entry.value if isinstance(entry.value, list) else []
    return gettext("A new plan of hand sizes: %(plan)s") % {"plan": plan_text(sizes)}


def table_changes(links: Links, current: Table) -> TableChanges | None:
    """The changes at the table as the keeper's table shows them; None once the game is
    over."""
    if current.round is None:
        return None
    seats = current.may_change_seats
    return TableChanges(
        seats=seats,
        stop=current.may_stop,
        link=links.someone_joins if seats else links.stop_here,
        made=tuple(change_words(entry, current) for entry in current.changes),
        apart=current.record.apart or bool(current.changes),
    )


def starting_totals(current: Table) -> dict[int, int]:
    """The joiners of the round to come, each with their starting total: shown as their
    total until they have played."""
    seating = current.seating if current.correcting is None else None
    return seating.starts() if seating is not None else {}
