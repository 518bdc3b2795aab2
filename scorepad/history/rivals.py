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

from rules_engine import GAMES, Setup

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
WHERE other.name_key <> mine.name_key{ranked}{partners}
GROUP BY mine.name_key, other.name_key
"""
COUNTS = ("games", "wins", "losses", "ties")

Pair = tuple[str, str, int, int, int, int, str]


def has_ranked(figures_model: Any) -> bool:
    """Whether ``figures_model`` says who is ranked (an earlier migration's does not)."""
    return any(field.name == "ranked" for field in figures_model._meta.get_fields())


def partner_seats(kinds: Iterable[str] | None = None) -> list[tuple[str, int, int]]:
    """(kind, seat, a partner's seat) for each game played by partners (Spades) among
    ``kinds`` (or all), from the engine's teams (``GameRules.partnerships``). Partners are
    not rivals: they win and lose together, so they are left out of each other's head to
    head; a player's page shows their partnerships apart (scorepad/history/partners.py)."""
    pairs = []
    for kind in GAMES if kinds is None else kinds:
        rules = GAMES.get(kind)
        teams = rules.partnerships(Setup(kind, {}, (), 0)) if rules is not None else None
        for team in teams.teams if teams is not None else ():
            pairs += [(kind, seat, other) for seat in team for other in team if other != seat]
    return pairs


def tallies(
    figures: QuerySet[Any],
    tail: str = "",
    params: Iterable[Any] = (),
    kinds: Iterable[str] | None = None,
) -> list[Pair]:
    """(player, opponent, games, wins, losses, ties, the opponent's name) for each player
    with finished games in ``figures``, against everyone met there but their partners;
    ``tail`` (with its ``params``) follows the query's GROUP BY. The name is the greatest
    spelling typed. ``kinds``: the only kinds in ``figures``, where known."""
    # Only the players ranked in a game are set against each other: one who left
    # before its end is not (RULINGS, "Players come and go"). An earlier migration's
    # model has no ``ranked``: everyone was ranked then.
    ranked = has_ranked(figures.model)
    mine = figures.filter(finished=True, **({"ranked": True} if ranked else {}))
    # Partners' seats are read only where a game has partners: the other games' figures
    # come from the indexes alone, which hold no seat.
    pairs = partner_seats(kinds)
    seat = ("kind", "seat") if pairs else ()
    mine = mine.order_by().values("name_key", "game_id", "placing", *seat)
    connection = connections[mine.db]
    try:
        sql, mine_params = mine.query.get_compiler(connection=connection).as_sql()
    except EmptyResultSet:  # figures of no game at all
        return []
    table = connection.ops.quote_name(figures.model._meta.db_table)
    partners = "".join(
        " AND NOT (mine.kind = %s AND mine.seat = %s AND other.seat = %s)" for _ in pairs
    )
    with connection.cursor() as cursor:
        query = PAIRS.format(
            mine=sql,
            table=table,
            ranked=" AND other.ranked" if ranked else "",
            partners=partners,
        )
        seats = [value for pair in pairs for value in pair]
        cursor.execute(query + tail, (*mine_params, *seats, *params))
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
        for player, other, *counts, name in tallies(mine, kinds=[kind])
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
