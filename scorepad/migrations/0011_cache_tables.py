from typing import Any

from django.core.management import call_command
from django.db import migrations


def make_cache_tables(apps: Any, schema_editor: Any) -> None:
    # Django's own command, which leaves a table that is there already as it is.
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    """The cache's tables (settings.CACHES: the request limits, the PDFs) made with the
    rest, so that ``manage.py migrate`` alone gives a working app: without them the
    first Start was a 500 (issue 26). ``createcachetable`` still works, and does nothing
    more."""

    dependencies = [("scorepad", "0010_game_kind")]

    operations = [migrations.RunPython(make_cache_tables, migrations.RunPython.noop)]
