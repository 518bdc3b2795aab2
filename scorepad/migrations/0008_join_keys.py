"""Every game stored before seats gets a Join link of its own (see 0007)."""

from typing import Any

from django.db import migrations


def give_join_keys(apps: Any, schema_editor: Any) -> None:
    from scorepad.models import new_key

    Game = apps.get_model("scorepad", "Game")
    games = Game.objects.filter(join_key__isnull=True).only("pk")
    for game in games.iterator(chunk_size=1000):
        Game.objects.filter(pk=game.pk).update(join_key=new_key())


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0007_seats"),
    ]

    operations = [
        migrations.RunPython(give_join_keys, migrations.RunPython.noop, elidable=True),
    ]
