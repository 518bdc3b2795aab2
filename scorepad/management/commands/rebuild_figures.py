"""``python manage.py rebuild_figures``: work every game's stored figures out again.

The figures (scorepad.models.Figures) are derived from the records by the engine
and written at every save; this rebuilds them all, e.g. after a change to the
rules' scoring, and is what the data migration that made them runs.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorepad.models import Game, rebuild_figures


class Command(BaseCommand):
    help = "Work out every game's stored figures (what lists and statistics read) again."

    def handle(self, *args: Any, **options: Any) -> None:
        rows = rebuild_figures()
        games = Game.objects.count()
        self.stdout.write(f"{rows} figures worked out again, for {games} games.")
