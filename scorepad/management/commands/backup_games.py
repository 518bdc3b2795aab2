"""``python manage.py backup_games DIR``: a backup of every game, as scorepad/1 records.

Writes ``DIR/scorepad-backup-<date>T<time>/``: one record a game (``games/<number>.json``)
and ``index.json`` with each game's links, owner, dates and round in progress, and
its owners' accounts (password hashes), so that ``restore_games DIR`` gives every
game back as it was (scorepad/history/backups.py). ``--keep N`` then removes all but the
newest N backups in DIR. Run it nightly (deploy/scorepad-backup.timer).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorepad.history.backups import BackupError, backup, prune


class Command(BaseCommand):
    help = (
        "Write a backup of every game into DIR: a folder of scorepad/1 records, one a game, "
        "with an index of their links, owners and accounts, for restore_games."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", metavar="DIR", help="the folder to keep backups in")
        parser.add_argument(
            "--keep",
            type=int,
            default=0,
            metavar="N",
            help="then remove all but the newest N backups in DIR (0, the default, keeps all)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        keep: int = options["keep"]
        if keep < 0:
            raise CommandError("--keep is 0 (keep every backup) or more")
        folder = Path(options["folder"])
        try:
            made, games = backup(folder)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Backed up {games} games to {made}")
        for old in prune(folder, keep):
            self.stdout.write(f"Removed the older backup {old}")
