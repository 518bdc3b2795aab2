"""``python manage.py import_game FILE``: import games from a scorepad/1 file.

FILE holds one record or a JSON array of them (``-`` reads standard input). The
whole file is checked first, as the import page does: if any round of any game
breaks a rule, nothing is imported and the command fails with one line naming
the game and round. Otherwise it prints the sheet of each new game, one a line.

``--owner USERNAME`` makes the new games that user's: they are listed in the
user's history and statistics, as if imported on the page while signed in.
Without it they belong to nobody: they open only by the links printed, appear
in no one's history, and signing in does not claim them (only a browser's own
games are claimed).
"""

from __future__ import annotations

import sys
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from rules_engine import RulesError
from scorepad.history.records import MAX_IMPORT_BYTES, import_records, read_records
from scorepad.models import Game


def _read(path: str, stdin: IO[Any]) -> bytes | str:
    """The file, or an error if it is larger than the import page takes (MAX_IMPORT_BYTES):
    only one byte more than that is ever read."""
    if path == "-":
        source = stdin.buffer if hasattr(stdin, "buffer") else stdin
        text: bytes | str = source.read(MAX_IMPORT_BYTES + 1)
    else:
        try:
            with open(path, "rb") as file:
                text = file.read(MAX_IMPORT_BYTES + 1)
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    if len(text) > MAX_IMPORT_BYTES:
        raise CommandError(
            f"nothing was imported: the file is larger than {MAX_IMPORT_BYTES // 1024 // 1024} MB;"
            " split it into smaller ones"
        )
    return text


def _user(username: str) -> Any:
    users = get_user_model()._default_manager
    try:
        return users.get_by_natural_key(username)
    except ObjectDoesNotExist:
        raise CommandError(
            f"no user is named {username!r} (the name they sign in with): nothing was imported"
        ) from None


class Command(BaseCommand):
    help = (
        "Import games from a scorepad/1 file (one record, or a JSON array of records) "
        "and print the path of each new game's score sheet. Without --owner the new "
        "games belong to nobody: they open only by the printed links and appear in "
        "no one's history."
    )
    # Tests may pass their own standard input, as Django's createsuperuser allows.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar="FILE", help="the file to import, or - for standard input"
        )
        parser.add_argument(
            "--owner",
            metavar="USERNAME",
            help=(
                "the user (their sign-in name) whose games they become, listed in their "
                "history; without it the games belong to nobody"
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: str = options["file"]
        owner = _user(options["owner"]) if options["owner"] is not None else None
        text = _read(path, options.get("stdin") or sys.stdin)
        try:
            records = read_records(text)
        except RulesError as error:
            raise CommandError(f"nothing was imported: {error}") from None
        # An owner's games already held are skipped, as the import page does.
        held = Game.objects.filter(owner=owner, deleted__isnull=True) if owner else None
        imported = import_records(records, owner=owner, held=held)
        if imported.already:
            self.stderr.write(f"skipped {imported.already} games held already")
        for game in imported.games:
            self.stdout.write(reverse("sheet", args=[game.key]))
