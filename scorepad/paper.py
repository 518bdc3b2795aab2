"""The paper score sheet of a game: its columns, and its rows filled in or left blank.

Each game's sheet has the boxes its players would draw (``GameRules.round_boxes``
once a round, ``seat_boxes`` a player), then each player's points and running
total. What goes in a box comes from the engine (``rules_engine.paper``); this
module only lays the rows out, for the game's sheet, its PDF and blank sheets.

Numbers are written as text here, once: a long game's sheet has hundreds, and the
template language formats each number it is given for the page's language, which
costs more than drawing the box (they are whole numbers, written alike in every
language Scorepad speaks, with no thousands separator).
"""

from __future__ import annotations

from collections.abc import Sequence
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
        return 2 + self.cards + len(self.rules.round_boxes) + self.seat_span * self.players

    def context(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "cards": self.cards,
            "round_boxes": rules.round_boxes,
            "round_heading": rules.round_boxes_heading,
            "seat_boxes": rules.seat_boxes,
            "seat_span": self.seat_span,
            "key": rules.paper_key,
        }


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
        "boxes": ["" for _ in rules.round_boxes],
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
            "boxes": row.boxes,
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
        for scored, row in zip(sheet.rounds, paper(record), strict=True)
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
            "round_folds": len(record.rules.round_boxes) > 2,
        },
        "names": record.players,
        "rows": rows,
        "to_play": [blank_row(record.rules, record.players, r) for r in to_play],
        "columns": shape.columns,
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
