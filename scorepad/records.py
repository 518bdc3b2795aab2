"""Export and import of scorepad/1 records (see ../shared/spec/game-record.md).

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
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import transaction

from rules_engine import Record, RulesError, parse_record, score
from scorepad.models import Game

# The largest file the import page takes: some hundreds of games.
MAX_IMPORT_BYTES = 2 * 1024 * 1024


def dump(data: Any) -> str:
    """The JSON text of a record or an array of them, as exported."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def export_records(games: Iterable[Game]) -> list[dict[str, Any]]:
    """The scorepad/1 record of each game, in the order given."""
    return [game.load()[0].to_json() for game in games]


def _checked(data: object) -> Record:
    """A record whose every round keeps every rule, or a RulesError naming the round."""
    record = parse_record(data)
    try:
        score(record)
    except RulesError:
        raise
    except (LookupError, TypeError, ValueError):
        # The rules could not even read a round's shape: find which one it is.
        raise RulesError("this round cannot be read", _first_unreadable(record)) from None
    return record


def _first_unreadable(record: Record) -> int | None:
    for number in range(1, len(record.rounds) + 1):
        try:
            score(record.with_rounds(record.rounds[:number]))
        except (LookupError, TypeError, ValueError):
            return number
    return None


def read_records(text: str | bytes) -> list[Record]:
    """The games in the text of a file: one scorepad/1 record, or an array of them.

    Every game is parsed and scored strictly; any problem raises one RulesError
    whose message says where: "round 3: ..." for a single record, "game 2,
    round 3: ..." (or "game 2: ...") for the second record of an array.
    """
    if not text.strip():
        raise RulesError("the file is empty")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        detail = error if isinstance(error, ValueError) else "nested too deeply"
        raise RulesError(f"the file is not readable JSON ({detail})") from None
    if not isinstance(data, list):
        return [_checked(data)]
    if not data:
        raise RulesError("the file holds no games (an empty list)")
    records = []
    for index, item in enumerate(data, start=1):
        try:
            records.append(_checked(item))
        except RulesError as error:
            where = f"game {index}"
            if error.round_number is not None:
                where += f", round {error.round_number}"
            raise RulesError(f"{where}: {error.message}") from None
    return records


def import_records(records: Iterable[Record], owner: Any = None) -> list[Game]:
    """A new game for each record, all or none; the records must come from read_records."""
    with transaction.atomic():
        return [Game.start(record, owner=owner) for record in records]
