"""Export and import of scorepad/1 records (see docs/dev/record-format.md).

One game is one scorepad/1 record, a JSON object. Several games (``/games/export.json``,
a backup) are a JSON array of such records, each element exactly the record of one
game, oldest game first. An import takes either: one record or an array of them.

A record holds the rounds played to the end; a round still being entered at the
table (``Game.pending``) is not part of it, so an export leaves it out and an
imported game starts at the next round.

An import is checked whole by the engine before anything is stored: every round
of every game must keep every rule (``score``, not the lenient ``review``). The
first problem refuses the whole file with the engine's message, placed in the
file ("game 2, round 3: Dev deals and may not bid 2: ..."), and no game is made.

A game already held (the same players, options, dealer and rounds: the same
``Game.fingerprint``) is skipped, so importing a backup twice doubles nothing;
unless both say when they were played and the moments differ (``played_apart``):
the same short game played on two evenings is two games.

``played_at`` (optional in scorepad/1: when the game started, with its UTC offset)
is written by an export (a game started here: its start) and kept by an import,
which dates the game by it, so the history sorts it where it was played.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from rules_engine import (
    MOST_ROUNDS,
    Record,
    RulesError,
    parse_record,
    played_apart,
    read_json,
    score,
)
from scorepad.engine_words import translated
from scorepad.models import Game, record_fingerprint

# The largest file the import page takes: some hundreds of games.
MAX_IMPORT_BYTES = 2 * 1024 * 1024
# What one import may hold, counted before any round is scored: scoring and
# storing this much takes well under a second (python -m bench --only slowest).
MAX_IMPORT_GAMES = 200
MAX_IMPORT_ROUNDS = 4_000
# Different scoring formulas (house rules' made and missed) in one import: each is
# checked once however many games use it, in 20 ms of CPU at most (RULINGS), so an
# import spends under a second on them. A family's games use a handful.
MAX_IMPORT_FORMULAS = 40
# A game holds at most MOST_ROUNDS rounds (RULINGS.md, "Length"): counted here before
# any scoring, which would refuse them too, but only after the work.


def dump(data: Any) -> str:
    """The JSON text of a record or an array of them, as exported."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def played_at(record: Record) -> datetime | None:
    """When the record says the game started, if it says."""
    return datetime.fromisoformat(record.played_at) if record.played_at else None


def export_record(game: Game) -> dict[str, Any]:
    """A game's scorepad/1 record, with ``played_at``: the record's own or the game's start."""
    record = game.load()[0]
    if record.played_at is None:
        started = game.created.isoformat(timespec="seconds")
        record = dataclasses.replace(record, played_at=started)
    return record.to_json()


def export_records(games: Iterable[Game]) -> list[dict[str, Any]]:
    """The scorepad/1 record of each game, in the order given."""
    return [export_record(game) for game in games]


def _checked(data: object) -> Record:
    """A record whose every round keeps every rule, or a RulesError naming the round."""
    record = parse_record(data)
    score(record)
    return record


def _check_size(games: list[Any], single: bool) -> None:
    """Refuse a file with too many games or rounds before any of them is scored."""
    if len(games) > MAX_IMPORT_GAMES:
        raise RulesError(
            _(
                "the file holds %(count)s games; an import takes %(most)s at most. "
                "Split it into smaller files"
            )
            % {"count": len(games), "most": MAX_IMPORT_GAMES}
        )
    total = 0
    for index, game in enumerate(games, start=1):
        rounds = game.get("rounds") if isinstance(game, dict) else None
        count = len(rounds) if isinstance(rounds, list) else 0
        if count > MOST_ROUNDS:
            too_long = (
                _("the game has %(count)s rounds; a game has %(most)s at most")
                if single
                else _("game %(game)s has %(count)s rounds; a game has %(most)s at most")
            )
            raise RulesError(too_long % {"game": index, "count": count, "most": MOST_ROUNDS})
        total += count
    formulas = {
        value
        for game in games
        if isinstance(game, dict) and isinstance(game.get("options"), dict)
        for name in ("made", "missed")
        if isinstance(value := game["options"].get(name), str)
    }
    if len(formulas) > MAX_IMPORT_FORMULAS:
        raise RulesError(
            _(
                "the file's games score by %(count)s different formulas; an import takes "
                "%(most)s at most. Split it into smaller files"
            )
            % {"count": len(formulas), "most": MAX_IMPORT_FORMULAS}
        )
    if total > MAX_IMPORT_ROUNDS:
        raise RulesError(
            _(
                "the file holds %(count)s rounds in all; an import takes %(most)s at most. "
                "Split it into smaller files"
            )
            % {"count": total, "most": MAX_IMPORT_ROUNDS}
        )


def read_records(text: str | bytes) -> list[Record]:
    """The games in the text of a file: one scorepad/1 record, or an array of them.

    First the file's size in games, rounds and formulas is checked (MAX_IMPORT_GAMES,
    MAX_IMPORT_ROUNDS, MOST_ROUNDS a game, MAX_IMPORT_FORMULAS), then every game is
    parsed and scored strictly; any problem raises one RulesError whose message says
    where: "round 3: ..." for a single record, "game 2, round 3: ..." (or "game 2:
    ...") for the second record of an array.
    """
    if not text.strip():
        raise RulesError(_("the file is empty"))
    try:
        data = read_json(text)  # refuses a key given twice, naming it
    except RulesError:
        raise
    except (ValueError, RecursionError) as error:
        detail = error if isinstance(error, ValueError) else "nested too deeply"
        raise RulesError(
            _("the file is not readable JSON (%(detail)s)") % {"detail": detail}
        ) from None
    games = data if isinstance(data, list) else [data]
    _check_size(games, single=not isinstance(data, list))
    if not isinstance(data, list):
        return [_checked(data)]
    if not data:
        raise RulesError(_("the file holds no games (an empty list)"))
    records = []
    for index, item in enumerate(data, start=1):
        try:
            records.append(_checked(item))
        except RulesError as error:
            reason = translated(error.message)
            if error.round_number is None:
                where = _("game %(game)s: %(reason)s")
            else:
                where = _("game %(game)s, round %(round)s: %(reason)s")
            raise RulesError(
                where % {"game": index, "round": error.round_number, "reason": reason}
            ) from None
    return records


@dataclass(frozen=True)
class Imported:
    games: list[Game]  # made, in the file's order
    already: int  # games skipped: held already, or twice in the file


def import_records(
    records: Iterable[Record], owner: Any = None, held: QuerySet[Game] | None = None
) -> Imported:
    """A new game for each record not held already, all or none.

    ``held`` are the games to compare with (those the importer may list); the
    records must come from read_records.
    """
    wanted = [(record, record_fingerprint(record.to_json())) for record in records]
    # When each game held with a fingerprint wanted was played, as its export says
    # (the record's played_at, else the game's start).
    seen: dict[str, list[str | None]] = {}
    if held is not None:
        prints = {fingerprint for _, fingerprint in wanted}
        found = held.filter(fingerprint__in=prints)
        for fingerprint, at, created in found.values_list(
            "fingerprint", "record__played_at", "created"
        ):
            when = at if isinstance(at, str) else created.isoformat(timespec="seconds")
            seen.setdefault(fingerprint, []).append(when)
    games = []
    with transaction.atomic():
        for record, fingerprint in wanted:
            others = seen.setdefault(fingerprint, [])
            if any(not played_apart(record.played_at, other) for other in others):
                continue
            others.append(record.played_at)
            games.append(Game.start(record, owner=owner, created=played_at(record)))
    return Imported(games, len(wanted) - len(games))
