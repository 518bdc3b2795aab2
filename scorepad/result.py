"""A game's result in plain text, to paste into a chat: who won, and everyone's total."""

from __future__ import annotations

from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine import Record, Sheet
from rules_engine.seating import next_dealer
from scorepad.engine_words import translated


def standings(record: Record, sheet: Sheet) -> list[tuple[int, str, int]]:
    """(place, name, total) best first; the winners first, ties sharing a place.

    The engine says who won (Boerenbridge's winners are on exactly 100, not the
    highest); everyone else at the table in the last round is placed by total, highest
    first. A player who left before is not placed (``left``).
    """
    order = sorted(
        sheet.ranked,
        key=lambda seat: (seat not in sheet.winners, -sheet.totals[seat], seat),
    )
    placed: list[tuple[int, str, int]] = []
    for index, seat in enumerate(order):
        place = index + 1
        if placed and sheet.totals[seat] == placed[-1][2]:
            previous = order[index - 1]
            if (seat in sheet.winners) == (previous in sheet.winners):
                place = placed[-1][0]
        placed.append((place, record.players[seat], sheet.totals[seat]))
    return placed


def left(record: Record, sheet: Sheet) -> list[tuple[str, int]]:
    """(name, total) of each player not at the table in the last round: not placed."""
    ranked = set(sheet.ranked)
    return [
        (name, sheet.totals[seat]) for seat, name in enumerate(record.players) if seat not in ranked
    ]


def result_text(record: Record, sheet: Sheet, played: date, link: str) -> str:
    """Ready for a chat app: a headline, one line a player, and the viewer link."""
    names = [record.players[seat] for seat in sheet.winners]
    if sheet.teams is not None:
        # Partners win as a team: "Bob & Dev won", not two players sharing it.
        names = [
            translated(sheet.teams.name(index, record.players))
            for index, team in enumerate(sheet.teams.teams)
            if team[0] in sheet.winners
        ]
    rounds = len(sheet.rounds)
    when = date_format(played, "j F Y")
    game = record.rules.title
    if sheet.finished and names:
        who = _(" and ").join(names)
        headline = (
            _("%(game)s, %(when)s: %(names)s shared the win")
            if len(names) > 1
            else _("%(game)s, %(when)s: %(names)s won")
        ) % {"game": game, "when": when, "names": who}
    else:
        headline = ngettext(
            "%(game)s, %(when)s: still going after %(count)s round",
            "%(game)s, %(when)s: still going after %(count)s rounds",
            rounds,
        ) % {"game": game, "when": when, "count": rounds}
    lines = [f"{place}. {name} {total}" for place, name, total in standings(record, sheet)]
    lines += [
        _("%(name)s %(total)s (left before the end)") % {"name": name, "total": total}
        for name, total in left(record, sheet)
    ]
    return "\n".join([headline, *lines, _("Score sheet: %(link)s") % {"link": link}])


def again_seats(record: Record, sheet: Sheet) -> tuple[tuple[str, ...], int]:
    """Who plays again, and who deals first: the players at the table in the last round,
    in their seats, the first of them clockwise after this game's first dealer."""
    seats = sheet.ranked
    dealer = next_dealer(record.first_dealer, seats, len(record.players))
    return tuple(record.players[seat] for seat in seats), seats.index(dealer)
