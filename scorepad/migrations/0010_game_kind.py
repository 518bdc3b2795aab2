from django.db import migrations


class Migration(migrations.Migration):
    """A game's game is its kind ("oh-hell"), as the figures already call it."""

    dependencies = [("scorepad", "0009_join_key_unique")]

    operations = [migrations.RenameField("game", "game", "kind")]
