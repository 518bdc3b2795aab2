"""Which phone took a seat, for the keeper to see (``Seat.phone``, ``Seat.client``),
and a seat taken by a phone released before, waiting for the keeper (``Seat.asking``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorepad", "0015_game_corrected"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="phone",
            field=models.CharField(blank=True, default="", max_length=60),
        ),
        migrations.AddField(
            model_name="seat",
            name="client",
            field=models.CharField(blank=True, default="", max_length=45),
        ),
        migrations.AddField(
            model_name="seat",
            name="asking",
            field=models.BooleanField(default=False),
        ),
    ]
