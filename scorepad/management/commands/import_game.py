"""``python manage.py import_game FILE``: import games from a scorepad/1 file.

FILE holds one record or a JSON array of them (``-`` reads standard input). The
whole file is checked first, as the import page does: if any round of any game
breaks a rule, nothing is imported and the command fails with one line naming
the game and round. Otherwise it prints the sheet of each new game, one a line.
"""

from __future__ import annotations

import sys
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from rules_engine import RulesError
from scorepad.records import import_records, read_records


def _read(path: str, stdin: IO[Any]) -> bytes | str:
    if path == "-":
        return stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None


class Command(BaseCommand):
    help = (
        "Import games from a scorepad/1 file (one record, or a JSON array of records) "
        "and print the path of each new game's score sheet."
    )
    # Tests may pass their own standard input, as Django's createsuperuser allows.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar="FILE", help="the file to import, or - for standard input"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: str = options["file"]
        text = _read(path, options.get("stdin") or sys.stdin)
        try:
            records = read_records(text)
        except RulesError as error:
            raise CommandError(f"nothing was imported: {error}") from None
        for game in import_records(records):
            self.stdout.write(reverse("sheet", args=[game.key]))
