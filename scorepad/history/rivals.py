"""Head to head: how each player fared against each other one in the finished games
both played, kept for an owner's games by kind, so that a player's page adds up a few
rows instead of joining their whole history.

The tallies are derived, like the ratings, from the stored figures: a player is ahead
of another in a game when their placing is lower (better), behind when higher, level
when the same (``Figures.placing``). ``ratings.rerate`` works them out again wherever
it works ratings out (a game finished, corrected, undone out of its last round,
deleted, restored, claimed, a player renamed, ``rebuild_figures``), for the players of
the games it rates: only an owner's games are rated, and the same holds here. A page
listing a browser's games works the figures out with ``tallies`` as it reads them.

The functions take the model classes as arguments, so that a data migration can use
its historical models (an earlier migration's have no ``Rivalry``, and skip this).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections, transaction
from django.db.models import QuerySet

# Each of the players' finished games (``{mine}``: the ORM's query, written in) joined
# straight to the others' figures there, and counted a pair of players. The ORM would
# join through the game, a lookup a row; this way both sides are read from an index
# alone (``figures_added_up``, then ``figures_by_game``). SQLite and PostgreSQL run it.
PAIRS = """
SELECT mine.name_key, other.name_key, COUNT(*) AS games,
    SUM(CASE WHEN mine.placing < other.placing THEN 1 ELSE 0 END),
    SUM(CASE WHEN mine.placing > other.placing THEN 1 ELSE 0 END),
    SUM(CASE WHEN mine.placing = other.placing THEN 1 ELSE 0 END),
    MAX(other.name)
FROM ({mine}) mine JOIN {table} other ON other.game_id = mine.game_id
WHERE other.name_key <> mine.name_key{ranked}
GROUP BY mine.name_key, other.name_key
"""
COUNTS = ("games", "wins", "losses", "ties")

Pair = tuple[str, str, int, int, int, int, str]


def has_ranked(figures_model: Any) -> bool:
    """Whether ``figures_model`` says who is ranked (an earlier migration's does not)."""
    return any(field.name == "ranked" for field in figures_model._meta.get_fields())


def tallies(figures: QuerySet[Any], tail: str = "", params: Iterable[Any] = ()) -> list[Pair]:
    """(player, opponent, games, wins, losses, ties, the opponent's name) for each player
    with finished games in ``figures``, against everyone met there; ``tail`` (with its
    ``params``) follows the query's GROUP BY. The name is the greatest spelling typed."""
    # Only the players ranked in a game are set against each other: one who left
    # before its end is not (RULINGS, "Players come and go"). An earlier migration's
    # model has no ``ranked``: everyone was ranked then.
    ranked = has_ranked(figures.model)
    mine = figures.filter(finished=True, **({"ranked": True} if ranked else {}))
    mine = mine.order_by().values("name_key", "game_id", "placing")
    connection = connections[mine.db]
    try:
        sql, mine_params = mine.query.get_compiler(connection=connection).as_sql()
    except EmptyResultSet:  # figures of no game at all
        return []
    table = connection.ops.quote_name(figures.model._meta.db_table)
    with connection.cursor() as cursor:
        query = PAIRS.format(mine=sql, table=table, ranked=" AND other.ranked" if ranked else "")
        cursor.execute(query + tail, (*mine_params, *params))
        return list(cursor.fetchall())


def refresh(
    figures_model: Any, owner_id: int, kind: str, names: Iterable[str] | None = None
) -> None:
    """The tallies of an owner's players at ``kind`` (those of ``names``, or all)
    worked out again from the figures: three queries, however many players."""
    try:
        rivalry = figures_model._meta.apps.get_model("scorepad", "Rivalry")
    except LookupError:
        return
    mine = figures_model.objects.filter(owner_id=owner_id, kind=kind, deleted=False)
    kept = rivalry.objects.filter(owner_id=owner_id, kind=kind)
    if names is not None:
        names = list(names)
        mine, kept = mine.filter(name_key__in=names), kept.filter(name_key__in=names)
    rows = [
        rivalry(
            owner_id=owner_id,
            kind=kind,
            name_key=player,
            other_key=other,
            other_name=name,
            **dict(zip(COUNTS, counts, strict=True)),
        )
        for player, other, *counts, name in tallies(mine)
    ]
    with transaction.atomic():
        kept.delete()
        # Another request may have written the same pairs since: the later one stands.
        rivalry.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["owner", "name_key", "kind", "other_key"],
            update_fields=["other_name", *COUNTS],
        )


def clear(figures_model: Any) -> None:
    """Every tally gone, to be worked out again from nothing."""
    try:
        figures_model._meta.apps.get_model("scorepad", "Rivalry").objects.all().delete()
    except LookupError:
        return
