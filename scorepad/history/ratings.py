"""Ratings: each player's skill at each game, moved by every finished game, by openskill.

The rating is openskill's Plackett-Luce model (a Bayesian rating for games of any
number of players, ties allowed), not a formula of our own. A finished game ranks
its players by their placing (``Figures.placing``: the winners 1, ties shared), and
openskill moves every player's estimate (``mu``) and its uncertainty (``sigma``).
The rating shown is openskill's ordinal, ``mu - 3 * sigma``: 0 for a new player,
growing as they win and as the estimate firms up.

Ratings are derived figures: each finished game's ``Figures`` row keeps its
player's rating after that game, so a chart of it is one query. They are worked
out in order of play (``played``, then the game's id) within one owner's games of
one kind: the same name means the same person only within one owner's games, so
a game without an owner (kept by a browser only) has no rating until it is claimed.

The functions take the ``Figures`` model as an argument, so that the data
migration can use its historical model.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby
from typing import Any

from django.db import connection
from django.db.models import F, Window
from django.db.models.functions import RowNumber
from openskill.models import PlackettLuce, PlackettLuceRating

from rules_engine import GAMES, Setup
from rules_engine.teams import Partnerships
from scorepad.history import rivals

MODEL = PlackettLuce()
# Rows written at a time.
CHUNK = 500
RATED = ("rating", "rating_mu", "rating_sigma")


def _rank(
    model: PlackettLuce,
    chairs: list[Any],
    before: dict[str, PlackettLuceRating],
    partners: Partnerships | None = None,
) -> list[tuple[Any, PlackettLuceRating | None]]:
    """Each chair of one game with its player's rating after it (None: the game is
    not finished, so it does not count, or the player left it before the end and is
    not ranked: RULINGS, "Players come and go"); ``before`` is updated in place.

    Every player is a team of one, but in a game played by partners (``partners``:
    Spades), whose teams openskill rates as they are, placed as their partners are."""
    ranked = [chair for chair in chairs if getattr(chair, "ranked", True)]
    if not ranked or not ranked[0].finished or len(ranked) < 2:
        return [(chair, None) for chair in chairs]
    groups = [[chair] for chair in ranked]
    if partners is not None:
        found = [[c for c in ranked if c.seat in team] for team in partners.teams]
        groups = [group for group in found if group]
    teams = [[before.get(chair.name_key) or model.rating() for chair in group] for group in groups]
    after = model.rate(teams, ranks=[group[0].placing for group in groups])
    rated = {}
    for group, ratings in zip(groups, after, strict=True):
        for chair, rating in zip(group, ratings, strict=True):
            before[chair.name_key] = rating
            rated[id(chair)] = rating
    return [(chair, rated.get(id(chair))) for chair in chairs]


def _latest_before(
    figures_model: Any, owner_id: int, kind: str, names: Iterable[str], since: Any
) -> dict[str, PlackettLuceRating]:
    """Each name's rating after their last finished game before ``since``'s game: one
    query, whatever the number of players."""
    earlier = figures_model.objects.filter(
        owner_id=owner_id,
        kind=kind,
        name_key__in=list(names),
        rating__isnull=False,
        game__deleted__isnull=True,
    )
    earlier = earlier.filter(played__lt=since.played) | earlier.filter(
        played=since.played, game_id__lt=since.game_id
    )
    latest = (
        earlier.annotate(
            back=Window(
                RowNumber(),
                partition_by=[F("name_key")],
                order_by=(F("played").desc(), F("game_id").desc()),
            )
        )
        .filter(back=1)
        .values_list("name_key", "rating_mu", "rating_sigma")
    )
    return {name: MODEL.rating(mu=mu, sigma=sigma) for name, mu, sigma in latest}


def rerate(
    figures_model: Any,
    owner_id: int | None,
    kind: str,
    since: Any = None,
    players: Iterable[str] = (),
) -> int:
    """Work out again the ratings of an owner's games of ``kind``, from the game of the
    ``since`` row on (every game when None); returns the rows whose rating changed.

    The games before ``since`` keep theirs: each player starts from their rating
    after their last game before it. The head-to-head tallies (scorepad/history/rivals.py)
    move with the ratings: they are worked out again for the players of those games,
    and ``players`` (who sat at ``since``'s game before it changed).
    """
    if owner_id is None:
        return 0
    # A deleted game leaves the ratings as it leaves the statistics.
    rows = figures_model.objects.filter(owner_id=owner_id, kind=kind, game__deleted__isnull=True)
    if since is not None:
        rows = rows.filter(played__gt=since.played) | rows.filter(
            played=since.played, game_id__gte=since.game_id
        )
    # An earlier migration's model has no ``ranked``: everyone was ranked then.
    ranked = ("ranked",) if rivals.has_ranked(figures_model) else ()
    later = list(
        rows.order_by("played", "game_id", "seat").only(
            "id", "game_id", "seat", "name_key", "placing", "finished", *ranked, *RATED
        )
    )
    rules = GAMES.get(kind)
    partners = rules.partnerships(Setup(kind, {}, (), 0)) if rules is not None else None
    names = {row.name_key for row in later}
    before = _latest_before(figures_model, owner_id, kind, names, since) if since else {}
    changed = []
    for _, chairs in groupby(later, key=lambda row: row.game_id):
        for chair, rating in _rank(MODEL, list(chairs), before, partners):
            new = (
                (round(rating.ordinal(), 4), rating.mu, rating.sigma)
                if rating
                else (None, None, None)
            )
            if new != (chair.rating, chair.rating_mu, chair.rating_sigma):
                chair.rating, chair.rating_mu, chair.rating_sigma = new
                changed.append(chair)
    _write(figures_model, changed)
    rivals.refresh(figures_model, owner_id, kind, None if since is None else {*names, *players})
    return len(changed)


def _write(figures_model: Any, changed: list[Any]) -> None:
    """The new ratings of ``changed`` rows, by id: one prepared UPDATE run for each row
    (``executemany``), some fifty times quicker than ``bulk_update``'s CASE expressions
    when a whole history is rated again."""
    if not changed:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(name)} = %s" for name in RATED)
    sql = f"UPDATE {quote(figures_model._meta.db_table)} SET {columns} WHERE {quote('id')} = %s"
    with connection.cursor() as cursor:
        for start in range(0, len(changed), CHUNK):
            cursor.executemany(
                sql,
                [
                    (row.rating, row.rating_mu, row.rating_sigma, row.pk)
                    for row in changed[start : start + CHUNK]
                ],
            )


def rerate_owner(
    figures_model: Any, owner_id: int | None, kinds: Iterable[str] | None = None
) -> int:
    """Every rating of an owner's games (of ``kinds``, or all) worked out again."""
    if owner_id is None:
        return 0
    if kinds is None:
        kinds = (
            figures_model.objects.filter(owner_id=owner_id)
            .order_by()
            .values_list("kind", flat=True)
            .distinct()
        )
    return sum(rerate(figures_model, owner_id, kind) for kind in list(kinds))


def rerate_all(figures_model: Any) -> int:
    """Every owner's ratings worked out again, in order of play (``rebuild_figures``),
    and the head-to-head tallies from nothing."""
    rivals.clear(figures_model)
    pairs = (
        figures_model.objects.filter(owner__isnull=False)
        .order_by("owner_id", "kind")
        .values_list("owner_id", "kind")
        .distinct()
    )
    return sum(rerate(figures_model, owner, kind) for owner, kind in list(pairs))
