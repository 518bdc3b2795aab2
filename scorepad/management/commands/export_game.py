"""``python manage.py export_game ID``: print one game's scorepad/1 record.

ID is the game's key, its link (``https://.../g/<key>/``) or path, or its number:
the id the database gave it when it was stored (1 for the first game, counting up;
the app shows it nowhere, but it is the ``id`` column of ``scorepad_game``, handy
in a database shell or a backup script). The key is the part after ``/g/`` in the
keeper's link, and what import_game prints.
A key may start with ``-``: give it after ``--`` (``export_game -- -Xy...``), or as a path.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorepad.forms import ID_DIGITS, small_number
from scorepad.history.records import dump, export_records
from scorepad.models import Game


class Command(BaseCommand):
    help = (
        "Print a game's scorepad/1 record to standard output: the rounds played to "
        "the end (a round still being entered is left out). Name the game by its key "
        "(the part after /g/ in its link), the link itself, or its number: the id the "
        "database gave it (the id column of scorepad_game; the app does not show it)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "game",
            metavar="ID",
            help=(
                "the game's key, its link or path (/g/<key>/...), or its number "
                "(its database id); a key that starts with - goes after --"
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        wanted: str = options["game"].strip()
        if "/g/" in wanted:
            # A link or a path, as import_game prints: /g/<key>/sheet/
            wanted = wanted.split("/g/", 1)[1].split("/", 1)[0]
        game = Game.objects.filter(key=wanted).first()
        # A number too long for the database is no game's number either.
        number = small_number(wanted, digits=ID_DIGITS)
        if game is None and number is not None:
            game = Game.objects.filter(pk=number).first()
        if game is None:
            raise CommandError(f"no game has the key or number {wanted!r}")
        self.stdout.write(dump(export_records([game])[0]), ending="")
