"""A player's figures across games, every one worked out by the engine's sheets.

Plain functions over records (no database): the views pass in the games a person
may list. A player is a name as typed, compared casefolded ("ann" is "Ann"), as
``Seat.name_key`` stores it. Rounds flagged as needing attention after a
correction (``problem``) are left out of the bid and round figures: they are not
settled yet. Boerenbridge players on 80 or more still play and score their
tricks, so their rounds count for the average; having no bid to make, they do
not count for bids made (the engine says ``made`` is None).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from rules_engine import Record, Sheet, review


@dataclass(frozen=True)
class Played:
    """One stored game, as the statistics need it."""

    key: str
    when: datetime | None
    record: Record


@dataclass(frozen=True)
class GameLine:
    """One game from one player's chair."""

    key: str
    title: str
    when: datetime | None
    seat: int
    name: str
    finished: bool
    won: bool
    total: int
    running: tuple[int, ...]  # the player's total after each round


@dataclass(frozen=True)
class TitleTally:
    title: str
    played: int
    finished: int
    won: int


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: tuple[GameLine, ...]  # in the order given (newest first from the views)
    by_title: tuple[TitleTally, ...]
    bids_made: int
    bids_counted: int  # rounds where the player had a bid or contract to make
    rounds: int
    points: int  # the sum of those rounds' scores
    best: GameLine | None  # of the finished games, by final total
    worst: GameLine | None

    @property
    def made_percent(self) -> int | None:
        if not self.bids_counted:
            return None
        return round(100 * self.bids_made / self.bids_counted)

    @property
    def average_round(self) -> float | None:
        if not self.rounds:
            return None
        return round(self.points / self.rounds, 1)

    @property
    def won(self) -> int:
        return sum(line.won for line in self.games)


def seat_of(record: Record, name_key: str) -> int | None:
    """The player's seat in a game, or None when they did not play it."""
    for seat, name in enumerate(record.players):
        if name.casefold() == name_key:
            return seat
    return None


def _line(played: Played, sheet: Sheet, seat: int) -> GameLine:
    return GameLine(
        key=played.key,
        title=played.record.rules.title,
        when=played.when,
        seat=seat,
        name=played.record.players[seat],
        finished=sheet.finished,
        won=seat in sheet.winners,
        total=sheet.totals[seat],
        running=tuple(scored.totals[seat] for scored in sheet.rounds),
    )


def player_stats(name_key: str, games: Sequence[Played]) -> PlayerStats | None:
    """The figures for ``name_key`` (casefolded) over ``games``; None if they played none."""
    lines: list[GameLine] = []
    bids_made = bids_counted = rounds = points = 0
    for played in games:
        seat = seat_of(played.record, name_key)
        if seat is None:
            continue
        sheet = review(played.record)
        lines.append(_line(played, sheet, seat))
        for scored in sheet.rounds:
            if scored.problem is not None:
                continue
            rounds += 1
            points += scored.scores[seat]
            made = scored.view.made[seat] if seat < len(scored.view.made) else None
            if made is not None:
                bids_counted += 1
                bids_made += made
    if not lines:
        return None
    titles: dict[str, TitleTally] = {}
    for line in lines:
        tally = titles.get(line.title, TitleTally(line.title, 0, 0, 0))
        titles[line.title] = TitleTally(
            line.title,
            tally.played + 1,
            tally.finished + line.finished,
            tally.won + line.won,
        )
    finished = [line for line in lines if line.finished]
    return PlayerStats(
        name=lines[0].name,
        games=tuple(lines),
        by_title=tuple(sorted(titles.values(), key=lambda t: t.title)),
        bids_made=bids_made,
        bids_counted=bids_counted,
        rounds=rounds,
        points=points,
        # max and min keep the first of equal totals: the newest game.
        best=max(finished, key=lambda line: line.total, default=None),
        worst=min(finished, key=lambda line: line.total, default=None),
    )
