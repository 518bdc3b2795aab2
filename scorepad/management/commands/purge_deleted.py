"""Remove for good the games deleted more than some days ago (a deletion is undoable until then)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from scorepad.models import Game

DAYS = 30


class Command(BaseCommand):
    help = "Remove the games deleted more than --days days ago (30 by default), with their figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=DAYS, help="keep deletions this recent")

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"]
        if days < 0:
            raise CommandError("--days must be 0 or more")
        before = timezone.now() - timedelta(days=days)
        old = Game.objects.filter(deleted__lt=before)
        purged = old.count()
        old.delete()  # their figures with them
        kept = Game.objects.filter(deleted__isnull=False).count()
        self.stdout.write(f"Purged {purged} games deleted before {before:%Y-%m-%d %H:%M} UTC; ")
        self.stdout.write(f"{kept} deleted games can still be undone.")
