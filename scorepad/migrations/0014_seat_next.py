"""A seat followed to the game played next (Play again): ``Seat.next``."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0013_figures_ranked"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="next",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="previous",
                to="scorepad.seat",
            ),
        ),
    ]
