"""The correction made last, for Undo to take back: ``Game.corrected``."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0014_seat_next"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="corrected",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
