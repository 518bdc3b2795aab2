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

from rules_engine import (
    Entry,
    GameRules,
    Record,
    RulesError,
    ScheduledRound,
    Seating,
    Setup,
    Sheet,
    paper,
    schedule,
    standing,
)
from rules_engine.seating import next_dealer, sizes_ahead
from rules_engine.teams import Partnerships

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


def blank_row(
    rules: GameRules,
    names: Sequence[str],
    scheduled: ScheduledRound,
    seated: Sequence[int] | None = None,
) -> dict[str, Any]:
    """A round to write in; ``seated``: the seats at the table in it, where only some
    are (the others' boxes are marked as not played)."""
    return {
        "number": str(scheduled.number),
        "cards": str(scheduled.hand_size),
        "dealer": dealer_label(names, scheduled.dealer),
        "boxes": ["" for _ in round_boxes(rules)],
        "seats": [
            {
                "boxes": ["" for _ in rules.seat_boxes],
                "score": "",
                "total": "",
                "apart": seated is not None and seat not in seated,
            }
            for seat in range(len(names))
        ],
    }


def played_rows(
    record: Record, sheet: Sheet, upcoming: Seating | None = None
) -> list[dict[str, Any]]:
    """A row a round of ``sheet`` (the engine's review of ``record``), filled in.

    Players who come and go (RULINGS, "Players come and go") are written as paper
    writes them: a seat not at the table in a round has empty boxes (``apart``); a
    joiner's column starts with their starting total in the row before their first
    round (``start``); a player who leaves has a line under their last total
    (``leaves``). ``upcoming``: the round to come, with the changes made for it.
    """
    rows = []
    count = len(record.players)
    rounds = sheet.rounds
    # Each seat's starting total, in the row before the round they first play (the
    # round to come's joiners: in the last row played).
    starts: dict[tuple[int, int], int] = {}
    for index in range(1, len(rounds) + (upcoming is not None)):
        seating = record.seating(index) if index < len(rounds) else upcoming
        for seat, total in seating.newcomers if seating is not None else ():
            starts[(index - 1, seat)] = total
    played: set[int] = set()
    for index, (scored, row, rnd) in enumerate(
        zip(rounds, paper(record), record.rounds, strict=True)
    ):
        after = rounds[index + 1] if index + 1 < len(rounds) else None
        if after is not None:
            seated_next = {seat for seat in range(count) if after.at_table(seat)}
        else:
            seated_next = set(upcoming.seated if upcoming is not None else range(count))
        seats = []
        for seat, (boxes, score, total, breakdown) in enumerate(
            zip(
                row.seats,
                scored.scores,
                scored.totals,
                # How each score adds up, where the rules say: shown on screen only.
                scored.view.breakdown or [""] * count,
                strict=True,
            )
        ):
            at_table = scored.at_table(seat)
            if at_table:
                played.add(seat)
            start = starts.get((index, seat))
            cell: dict[str, Any] = {
                "boxes": boxes,
                "score": "" if score is None else str(score),
                "total": str(total) if at_table else "",
                "breakdown": breakdown,
                "apart": not at_table,
                "leaves": at_table and seat not in seated_next,
                "start": start is not None,
                # What a page that starts after this row carries over: a total that
                # stands, a starting total, nothing for a player yet to join.
                "carry": str(total) if seat in played else "",
            }
            if start is not None:
                cell["total"] = cell["carry"] = str(start)
            seats.append(cell)
        rows.append(
            {
                "number": str(scored.number),
                "cards": str(scored.hand_size),
                "dealer": record.players[scored.dealer],
                "boxes": [*row.boxes, *round_numbers(record.rules, rnd)],
                "seats": seats,
                "problem": scored.problem,
            }
        )
    return rows


def upcoming_round(record: Record, pending: Sequence[Entry] = ()) -> Seating | None:
    """The round to come as the table has it, with the changes made for it (who joins
    or leaves, a new plan); None once the game is over."""
    try:
        return standing(record, pending).seating
    except RulesError:  # a record the engine cannot read: its sheet says why
        return None


def rounds_to_play(
    record: Record, sheet: Sheet, upcoming: Seating | None = None
) -> tuple[tuple[ScheduledRound, tuple[int, ...] | None], ...]:
    """The rounds an unfinished game has still to play, as the engine schedules them
    (a handful, for a game that plays to a score), each with the seats at the table
    where only some are; none once it is over.

    Where players came and went or a plan was given (``upcoming``, the round to come),
    the rounds follow that plan (the game's own hand sizes otherwise) with the players
    at the table then, the deal passing round them (RULINGS, "Players come and go").
    """
    if sheet.finished:
        return ()
    played = len(record.rounds)
    everyone = tuple(range(len(record.players)))
    if upcoming is not None and (upcoming.plan is not None or upcoming.seated != everyone):
        return _planned(record, upcoming)
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
    return tuple((scheduled, None) for scheduled in every[played:])


def _planned(
    record: Record, upcoming: Seating
) -> tuple[tuple[ScheduledRound, tuple[int, ...] | None], ...]:
    rules = record.rules
    sizes = sizes_ahead(rules, record.base, upcoming.plan, upcoming.index)
    if rules.repeats(record.setup.options) and sizes:
        # A game that plays to a score deals its list over and over: a handful of rows.
        sizes = tuple(sizes[k % len(sizes)] for k in range(TO_PLAY_OPEN))
    rounds = []
    dealer = upcoming.dealer
    everyone = len(record.players)
    for offset, size in enumerate(sizes):
        if offset:
            dealer = next_dealer(dealer, upcoming.seated, everyone)
        scheduled = ScheduledRound(upcoming.index + offset + 1, size, dealer)
        rounds.append((scheduled, upcoming.seated))
    return tuple(rounds)


def folds(rules: GameRules, players: int) -> bool:
    """Whether a player's boxes fold into their first on a narrow screen: three boxes
    (Abracadabra's), or a bid and tricks once four players' columns would not fit."""
    boxes = len(rules.seat_boxes)
    return boxes > 2 or (boxes == 2 and players >= 4)


def filled_sheet(record: Record, sheet: Sheet, pending: Sequence[Entry] = ()) -> dict[str, Any]:
    """The context of a game's sheet: its columns, its rounds, and the rounds to play
    (``pending``: the round being entered, whose changes to the table they follow)."""
    upcoming = upcoming_round(record, pending) if record.rules.seats_apart else None
    to_play = rounds_to_play(record, sheet, upcoming)
    hands = [r.hand_size for r in sheet.rounds] + [r.hand_size for r, _ in to_play]
    shape = layout(record.rules, len(record.players), hands)
    rows = played_rows(record, sheet, upcoming)
    context = {
        # A game's sheet, played or not, folds a player's boxes (and a round's three)
        # into one on a narrow screen (a blank sheet is for writing in: it keeps every box).
        "paper": {
            **shape.context(),
            "folds": folds(record.rules, len(record.players)),
            "round_folds": len(round_boxes(record.rules)) > 2,
        },
        "names": record.players,
        "rows": rows,
        "to_play": [blank_row(record.rules, record.players, r, seated) for r, seated in to_play],
        "columns": shape.columns,
        # The foot's "Total" spans the round's columns, before the players'.
        "lead_span": shape.columns - shape.seat_span * shape.players,
    }
    if sheet.teams is not None:
        return by_team(context, record.rules, sheet.teams, [r.carried for r in sheet.rounds])
    return context


def blank_sheet(
    rules: GameRules, names: Sequence[str], rounds: Sequence[ScheduledRound], spare: int = 0
) -> dict[str, Any]:
    """The context of a blank sheet; a name left out is an empty box to write in.

    ``spare``: columns after the players' for those who join late, their names and
    starting totals written in when they do (RULINGS, "Players come and go").
    """
    every = [*names, *("" for _ in range(spare))]
    shape = layout(rules, len(every), [r.hand_size for r in rounds])
    context = {
        "paper": shape.context(),
        "blank": True,
        "names": every,
        "spare_from": len(names) if spare else None,
        "to_play": [blank_row(rules, every, r) for r in rounds],
        "columns": shape.columns,
    }
    teams = rules.partnerships(Setup(rules.key, {}, tuple(every), 0))
    return context if teams is None else by_team(context, rules, teams, [])


def team_boxes(rules: GameRules, teams: Partnerships) -> tuple[str, ...]:
    """A team's boxes on paper: each partner's boxes in turn (their bid, their tricks),
    then what the team carries over (its bags)."""
    partners = max(len(team) for team in teams.teams)
    carried = (rules.carried_as.capitalize(),) if rules.carried_as else ()
    return (*rules.seat_boxes * partners, *carried)


def by_team(
    context: dict[str, Any],
    rules: GameRules,
    teams: Partnerships,
    carried: Sequence[tuple[int, ...]],
) -> dict[str, Any]:
    """A sheet of a game played by partners, one column group a team (RULINGS: the
    scores and totals are the team's): both partners' boxes, the team's points, total
    and what it carries over (Spades' bags), from the sheet a seat a column."""
    boxes = team_boxes(rules, teams)
    names = list(context["names"])
    span = len(boxes) + 2
    lead = context["columns"] - context["paper"]["seat_span"] * len(names)

    def merged(seats: list[dict[str, Any]], row: int | None) -> list[dict[str, Any]]:
        columns = []
        for index, team in enumerate(teams.teams):
            first = seats[team[0]]
            kept = [box for seat in team for box in seats[seat]["boxes"]]
            # Whose each box is (a partner's seat; None for the team's bags).
            owners: list[int | None] = [seat for seat in team for _ in seats[seat]["boxes"]]
            if rules.carried_as:
                after = carried[row] if row is not None and row < len(carried) else ()
                kept.append(str(after[index]) if index < len(after) else "")
                owners.append(None)
            columns.append({**first, "boxes": kept, "owners": owners})
        return columns

    # A blank sheet's partners by their seats' numbers, as its columns had them: "1 & 3".
    team_names = teams.names([name or str(seat + 1) for seat, name in enumerate(names)])
    return {
        **context,
        "paper": {**context["paper"], "seat_boxes": boxes, "seat_span": span, "folds": True},
        "names": team_names,
        "rows": [
            {**row, "seats": merged(row["seats"], index)}
            for index, row in enumerate(context.get("rows", []))
        ],
        "to_play": [{**row, "seats": merged(row["seats"], None)} for row in context["to_play"]],
        "columns": lead + span * len(teams.teams),
        **({"lead_span": lead} if "lead_span" in context else {}),
    }
