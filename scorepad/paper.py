"""The paper score sheet of a game: its columns, and its rows filled in or left blank.

Each game's sheet has the boxes its players would draw (``GameRules.round_boxes``
once a round, then a box for each whole number a round may hold besides the bids
and tricks, ``round_numbers``: Skull King's lost tricks; ``seat_boxes`` a player),
then each player's points and running total. What goes in a box comes from the
engine (``rules_engine.paper``) and the record (a round number as entered, blank
for 0); this module only lays the rows out, for the game's sheet, its PDF and
blank sheets.

Numbers are written as text here, once: a long game's sheet has hundreds, and the
template language formats each number it is given for the page's language, which
costs more than drawing the box (they are whole numbers, written alike in every
language Scorepad speaks, with no thousands separator).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine import GameRules, Record, ScheduledRound, Sheet, paper, schedule

# Empty rows after the last deal of an unfinished game that plays to a score:
# enough to carry on by pencil for an evening, without a second page.
TO_PLAY_OPEN = 6


@dataclass(frozen=True)
class Layout:
    """The columns of a game's paper sheet, for a number of players."""

    rules: GameRules
    players: int
    # Only where the hand size changes from round to round is it worth a column.
    cards: bool

    @property
    def seat_span(self) -> int:
        return len(self.rules.seat_boxes) + 2  # then points and total

    @property
    def columns(self) -> int:
        return 2 + self.cards + len(round_boxes(self.rules)) + self.seat_span * self.players

    def context(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "cards": self.cards,
            "round_boxes": round_boxes(rules),
            "round_heading": rules.round_boxes_heading,
            "seat_boxes": rules.seat_boxes,
            "seat_span": self.seat_span,
            "key": rules.paper_key,
        }


def round_boxes(rules: GameRules) -> tuple[str, ...]:
    """A round's boxes: the game's own, then one a round number ("Lost"), as the
    correction of a round offers them."""
    return (*rules.round_boxes, *(name.capitalize() for name in rules.round_numbers))


def round_numbers(rules: GameRules, rnd: Mapping[str, Any]) -> list[str]:
    """A played round's numbers as entered (Skull King's lost tricks), blank for 0."""
    values = [rnd.get(name) for name in rules.round_numbers]
    # A round needing attention may hold anything: only a number is written.
    return [str(v) if isinstance(v, int) and not isinstance(v, bool) and v else "" for v in values]


def layout(rules: GameRules, players: int, hand_sizes: Sequence[int]) -> Layout:
    return Layout(rules, players, len(set(hand_sizes)) > 1)


def dealer_label(names: Sequence[str], seat: int) -> str:
    """The dealer as the sheet writes them: their name, or their seat's number."""
    return names[seat] or str(seat + 1)


def blank_row(rules: GameRules, names: Sequence[str], scheduled: ScheduledRound) -> dict[str, Any]:
    return {
        "number": str(scheduled.number),
        "cards": str(scheduled.hand_size),
        "dealer": dealer_label(names, scheduled.dealer),
        "boxes": ["" for _ in round_boxes(rules)],
        "seats": [
            {"boxes": ["" for _ in rules.seat_boxes], "score": "", "total": ""} for _ in names
        ],
    }


def played_rows(record: Record, sheet: Sheet) -> list[dict[str, Any]]:
    """A row a round of ``sheet`` (the engine's review of ``record``), filled in."""
    return [
        {
            "number": str(scored.number),
            "cards": str(scored.hand_size),
            "dealer": record.players[scored.dealer],
            "boxes": [*row.boxes, *round_numbers(record.rules, rnd)],
            "seats": [
                {"boxes": boxes, "score": str(score), "total": str(total), "breakdown": breakdown}
                for boxes, score, total, breakdown in zip(
                    row.seats,
                    scored.scores,
                    scored.totals,
                    # How each score adds up, where the rules say: shown on screen only.
                    scored.view.breakdown or [""] * len(scored.scores),
                    strict=True,
                )
            ],
            "problem": scored.problem,
        }
        for scored, row, rnd in zip(sheet.rounds, paper(record), record.rounds, strict=True)
    ]


def rounds_to_play(record: Record, sheet: Sheet) -> tuple[ScheduledRound, ...]:
    """The rounds an unfinished game has still to play, as the engine schedules them
    (a handful, for a game that plays to a score); none once it is over."""
    if sheet.finished:
        return ()
    played = len(record.rounds)
    setup = record.setup
    every = schedule(
        # The options as given: resolved ones carry every default, which house rules
        # may not be given beside (``hands`` replaces ``style``).
        record.game,
        dict(record.options),
        setup.n,
        setup.first_dealer,
        played + TO_PLAY_OPEN,
    )
    return every[played:]


def folds(rules: GameRules, players: int) -> bool:
    """Whether a player's boxes fold into their first on a narrow screen: three boxes
    (Abracadabra's), or a bid and tricks once four players' columns would not fit."""
    boxes = len(rules.seat_boxes)
    return boxes > 2 or (boxes == 2 and players >= 4)


def filled_sheet(record: Record, sheet: Sheet) -> dict[str, Any]:
    """The context of a game's sheet: its columns, its rounds, and the rounds to play."""
    to_play = rounds_to_play(record, sheet)
    hands = [r.hand_size for r in sheet.rounds] + [r.hand_size for r in to_play]
    shape = layout(record.rules, len(record.players), hands)
    rows = played_rows(record, sheet)
    return {
        # A game's sheet, played or not, folds a player's boxes (and a round's three)
        # into one on a narrow screen (a blank sheet is for writing in: it keeps every box).
        "paper": {
            **shape.context(),
            "folds": folds(record.rules, len(record.players)),
            "round_folds": len(round_boxes(record.rules)) > 2,
        },
        "names": record.players,
        "rows": rows,
        "to_play": [blank_row(record.rules, record.players, r) for r in to_play],
        "columns": shape.columns,
        # The foot's "Total" spans the round's columns, before the players'.
        "lead_span": shape.columns - shape.seat_span * shape.players,
    }


def blank_sheet(
    rules: GameRules, names: Sequence[str], rounds: Sequence[ScheduledRound]
) -> dict[str, Any]:
    """The context of a blank sheet; a name left out is an empty box to write in."""
    shape = layout(rules, len(names), [r.hand_size for r in rounds])
    return {
        "paper": shape.context(),
        "blank": True,
        "names": list(names),
        "to_play": [blank_row(rules, names, r) for r in rounds],
        "columns": shape.columns,
    }
