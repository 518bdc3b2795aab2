"""Seats: a player's own phone at a game, and the game's Join link.

``join_key`` is unique, but the games already stored need one each first: this
migration adds it without the constraint, 0008 gives every game its own, 0009 makes
it unique (Django's "migrations that add unique fields").
"""

import django.db.models.deletion
from django.db import migrations, models

import scorepad.models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0006_game_rules_name"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="join_key",
            # Empty for the games stored so far, filled in by 0008.
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="seated",
            field=models.BooleanField(default=False),
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                (
                    "key",
                    models.CharField(
                        default=scorepad.models.new_key, editable=False, max_length=32, unique=True
                    ),
                ),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("seen", models.DateTimeField(blank=True, null=True)),
                ("released", models.DateTimeField(blank=True, null=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="scorepad.game",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("released__isnull", True)),
                        fields=("game", "number"),
                        name="one_phone_a_seat",
                    )
                ],
            },
        ),
    ]
