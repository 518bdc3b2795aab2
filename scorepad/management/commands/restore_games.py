"""``python manage.py restore_games PATH``: every game of a backup back in the database.

PATH is a backup folder that ``backup_games`` wrote, or the folder holding them (the
newest is restored). Each game comes back with its own links, owner, dates and
round in progress; the owners' accounts with their passwords as they were. A game
whose key is in the database already is left as it is, so restoring twice makes
nothing twice. All or none: a record the engine cannot read stops the restore with
one line, and nothing is restored. The figures, ratings and head-to-head tallies
are then worked out again from the records (scorepad/history/backups.py). A database never
set up (a new machine, before Scorepad first started) is migrated first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

from scorepad.history.backups import BackupError, restore


class Command(BaseCommand):
    help = (
        "Restore every game of a backup made by backup_games (PATH: the backup, or the "
        "folder of backups, whose newest is restored). Games already here are kept as they are."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", metavar="PATH", help="a backup, or the folder of backups")

    def handle(self, *args: Any, **options: Any) -> None:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            self.stdout.write("The database is not set up for this version: migrating it first")
            call_command("migrate", interactive=False, verbosity=0)
        try:
            restored = restore(Path(options["path"]))
        except BackupError as error:
            raise CommandError(f"nothing was restored: {error}") from None
        self.stdout.write(f"Restored {restored.games} games from {restored.backup}")
        if restored.already:
            self.stdout.write(
                f"{restored.already} games were here already and were kept as they are"
            )
        for name in restored.accounts:
            self.stdout.write(f"Made the account {name!r}, with its password as it was")
