"""Each game's Join link is its own (every game has one since 0008)."""

from django.db import migrations, models

import scorepad.models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0008_join_keys"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="join_key",
            field=models.CharField(
                default=scorepad.models.new_key, editable=False, max_length=32, unique=True
            ),
        ),
    ]
