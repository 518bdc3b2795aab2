"""Backups of every game, as scorepad/1 records, and their restore (docs/home-server.md).

A backup is a folder, ``scorepad-backup-<date>T<time>``, in the folder given:

- ``games/<number>.json``: each game's scorepad/1 record, as stored (the rounds
  played to the end), one file a game; ``manage.py import_game`` takes any of them.
- ``index.json``: what a record does not hold, so that a restore gives every game
  back as it was: its links (the keeper's, the viewer's and the Join link's keys, and
  each player's phone's seat, released ones too: every link and printed Join code
  answers as before), its owner and the browser that keeps it,
  when it was started and deleted, the round being entered, undo's redo list and
  a correction in progress; and each owner's account (name and password hash,
  never the password), so that people sign in as before.

It is written under a hidden name and renamed when whole, so a backup cut short
(a full disk, a power cut) is never taken for one. ``restore_games`` reads it back
into a database: games already there (by key) are left as they are, and the
figures, ratings and head-to-head tallies are worked out again from the records.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from rules_engine import RulesError, parse_record
from scorepad.models import Browser, Game, Seat, rebuild_figures, record_fingerprint

FORMAT = "scorepad-backup/1"
PREFIX = "scorepad-backup-"


class BackupError(Exception):
    """A backup that cannot be written or read, said in a line."""


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _write_json(path: Path, data: Any) -> None:
    # Private: the index holds password hashes and every game's secret links.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=2, ensure_ascii=False)
        file.write("\n")


def backup(folder: Path, now: datetime | None = None) -> tuple[Path, int]:
    """Write a backup of every game (deleted ones too, for their undo) into ``folder``;
    its path and the number of games."""
    now = now or timezone.now()
    name = PREFIX + now.strftime("%Y-%m-%dT%H%M%S")
    final = folder / name
    if final.exists():
        raise BackupError(f"{final} exists already")
    partial = folder / f".{name}.partial"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        shutil.rmtree(partial, ignore_errors=True)
        (partial / "games").mkdir(mode=0o700, parents=True)
        games, owners = [], set()
        seats = _seats()
        for game in Game.objects.select_related("owner", "browser").order_by("pk").iterator():
            file = f"games/{game.pk}.json"
            _write_json(partial / file, game.record)
            if game.owner is not None:
                owners.add(game.owner)
            games.append(
                {
                    "file": file,
                    "key": game.key,
                    "viewer_key": game.viewer_key,
                    "join_key": game.join_key,
                    "seats": seats.get(game.pk, []),
                    "owner": game.owner.get_username() if game.owner else None,
                    "browser": game.browser.key if game.browser else None,
                    "created": _iso(game.created),
                    "deleted": _iso(game.deleted),
                    "pending": game.pending,
                    "redo": game.redo,
                    "correcting": game.correcting,
                    "corrected": game.corrected,
                    "dealer_draw": game.dealer_draw,
                }
            )
        accounts = [
            {
                "username": user.get_username(),
                "password": user.password,
                "date_joined": _iso(user.date_joined),
            }
            for user in sorted(owners, key=lambda user: user.pk)
        ]
        index = {"format": FORMAT, "made": _iso(now), "games": games, "accounts": accounts}
        _write_json(partial / "index.json", index)
        partial.rename(final)
    except OSError as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise BackupError(
            f"cannot write the backup in {folder}: {error.strerror or error}"
        ) from None
    return final, len(games)


def _seats() -> dict[int, list[dict[str, Any]]]:
    """Every game's seats (players' phones), by game: read in one query."""
    found: dict[int, list[dict[str, Any]]] = {}
    rows = Seat.objects.order_by("pk").values_list(
        "game_id", "number", "key", "created", "released", "next__key"
    )
    for game_id, number, key, created, released, following in rows.iterator():
        found.setdefault(game_id, []).append(
            {
                "number": number,
                "key": key,
                "created": _iso(created),
                "released": _iso(released),
                "next": following,
            }
        )
    return found


def backups_in(folder: Path) -> list[Path]:
    """The whole backups in ``folder``, oldest first (their names sort by date)."""
    if not folder.is_dir():
        return []
    return sorted(
        path for path in folder.iterdir() if path.name.startswith(PREFIX) and path.is_dir()
    )


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups; the ones removed."""
    old = backups_in(folder)[:-keep] if keep > 0 else []
    for path in old:
        shutil.rmtree(path)
    return old


def newest(path: Path) -> Path:
    """``path`` if it is a backup, else the newest backup in it."""
    if (path / "index.json").is_file():
        return path
    found = backups_in(path)
    if not found:
        raise BackupError(f"no backup in {path} (a folder named {PREFIX}...)")
    return found[-1]


@dataclass(frozen=True)
class Restored:
    backup: Path
    games: int  # made
    already: int  # left as they were: a game with that key is there
    accounts: list[str]  # made, by name


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BackupError(f"cannot read {path}: {error}") from None


def _moment(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def restore(path: Path) -> Restored:
    """Every game of the backup at ``path`` (or the newest in it) back in the database,
    all or none: each record is checked by the engine first, as an import is."""
    found = newest(path)
    index = _read(found / "index.json")
    if not isinstance(index, dict) or index.get("format") != FORMAT:
        raise BackupError(f"{found / 'index.json'} is not a {FORMAT} index")
    users = get_user_model()._default_manager
    made_accounts: list[str] = []
    made = already = 0
    followed: list[tuple[Seat, str]] = []  # each seat and the key of the one it leads to
    with transaction.atomic():
        for account in index["accounts"]:
            name = account["username"]
            if not users.filter(**{get_user_model().USERNAME_FIELD: name}).exists():
                user = users.model(**{get_user_model().USERNAME_FIELD: name})
                user.password = account["password"]
                joined = _moment(account.get("date_joined"))
                if joined is not None:
                    user.date_joined = joined
                user.save()
                made_accounts.append(name)
        for entry in index["games"]:
            if Game.objects.filter(key=entry["key"]).exists():
                already += 1
                continue
            data = _read(found / entry["file"])
            try:
                record = parse_record(data)
            except RulesError as error:
                raise BackupError(f"{entry['file']}: {error}") from None
            owner = users.get_by_natural_key(entry["owner"]) if entry["owner"] else None
            browser = None
            if entry["browser"]:
                browser, _ = Browser.objects.get_or_create(key=entry["browser"])
            stored = record.to_json()
            game = Game.objects.create(
                key=entry["key"],
                viewer_key=entry["viewer_key"],
                kind=record.game,
                record=stored,
                fingerprint=record_fingerprint(stored),
                owner=owner,
                browser=browser,
                pending=entry["pending"],
                redo=entry["redo"],
                correcting=entry["correcting"],
                # A backup made before Undo took back corrections holds none.
                corrected=entry.get("corrected"),
                dealer_draw=entry["dealer_draw"],
                deleted=_moment(entry["deleted"]),
            )
            # auto_now_add sets the start on create: the backup's is written after.
            Game.objects.filter(pk=game.pk).update(created=_moment(entry["created"]))
            # A backup made before the Join link was kept gets a new one (the old is gone).
            if entry.get("join_key"):
                Game.objects.filter(pk=game.pk).update(join_key=entry["join_key"])
            followed += _restore_seats(game, entry.get("seats") or [])
            made += 1
        for seat, key in followed:
            seat.next = Seat.objects.filter(key=key).first()
            seat.save(update_fields=["next"])
        # Figures, ratings in order of play, head to head: all derived from the records.
        rebuild_figures()
    return Restored(found, made, already, made_accounts)


def _restore_seats(game: Game, seats: list[dict[str, Any]]) -> list[tuple[Seat, str]]:
    """A game's seats back, with their keys: each player's phone's link answers as
    before. The seats that lead to another (Play again), with the key of that one."""
    followed = []
    for entry in seats:
        seat = Seat.objects.create(
            game=game, number=entry["number"], key=entry["key"], released=_moment(entry["released"])
        )
        # auto_now_add sets the start on create: the backup's is written after.
        Seat.objects.filter(pk=seat.pk).update(created=_moment(entry["created"]))
        if entry["next"]:
            followed.append((seat, entry["next"]))
    if seats:
        Game.objects.filter(pk=game.pk).update(seated=True)
    return followed
