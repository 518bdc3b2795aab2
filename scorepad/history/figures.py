"""Each player's figures in a game, worked out by the engine: what lists and statistics read.

``figures_of`` is plain (a record in, one dict a seat out); ``rows_for`` and
``rebuild`` take the model classes as arguments, so that the data migration can
use its historical models and the app its own (``scorepad.models.Figures``).

A round flagged as needing attention after a correction (``problem``) counts for
neither the bids nor the average: it is not settled yet. Boerenbridge players on
80 or more still play and score their tricks, so their rounds count for the
average; having no bid to make, they do not count for bids (the engine says
``made`` is None). Sinker counts the bidder's contracts made. A bid missed is "over"
or "under" where the game's calls are numbers of tricks (``GameRules.counts_over_under``;
never Sinker's, whose "all" or "zero" are made or missed) and the sheet shows them as
numbers (an Abracadabra player who took as many tricks as named, but not the named
ones, is neither).

``margin`` is a player's total less the best total of the others: the winner's lead
(0 in a tie), or how far behind the leader the others ended.

Players who come and go (RULINGS, "Players come and go"): the players seated in the
last round are ``ranked`` and placed among themselves; one who left earlier keeps
their total, has played the game (it counts in their games played, their rounds and
bids), and is placed after every ranked player, never a winner, and left out of the
ratings and head to head (ratings.py and rivals.py, beside this one). A player's
rounds, points and running totals are those of the rounds they were seated in.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from rules_engine import Record, RulesError, parse_record, review, rules_for

# The fields worked out from the record (beside the game's own: owner, date, kind).
FIGURES = (
    "kind",
    "name",
    "name_key",
    "finished",
    "won",
    "placing",
    "ranked",
    "players",
    "margin",
    "total",
    "rounds_played",
    "rounds",
    "points",
    "bids",
    "made",
    "over",
    "under",
    "running",
)
# Games worked out and written at a time by ``rebuild``.
CHUNK = 500


def figures_of(record: Record) -> list[dict[str, Any]]:
    """One dict a seat, with every field of ``FIGURES``, from the engine's sheet."""
    sheet = review(record)
    counted = [scored for scored in sheet.rounds if scored.problem is None]
    winners = set(sheet.winners)
    ranked = set(sheet.ranked)
    over_under = rules_for(record.game).counts_over_under
    # Winners first, then by total: placings so far while the game is on, among the
    # players at the table in the last round (the others after them all).
    standing = {seat: (seat in winners, sheet.totals[seat]) for seat in ranked}
    rows = []
    for seat, name in enumerate(record.players):
        bids = made = over = under = 0
        played = [scored for scored in counted if scored.at_table(seat)]
        for scored in played:
            view = scored.view
            done = view.made[seat] if seat < len(view.made) else None
            if done is None:
                continue
            bids += 1
            made += done
            counted_tricks = view.counts[seat] if seat < len(view.counts) else None
            # Missed by taking too many or too few; a missed named trick or contract
            # with the count right (Abracadabra) is neither.
            if over_under and not done and counted_tricks is not None:
                bid, took = counted_tricks
                over += took > bid
                under += took < bid
        others = [sheet.totals[other] for other in ranked if other != seat]
        placing = (
            1 + sum(other > standing[seat] for other in standing.values())
            if seat in ranked
            else len(ranked) + 1
        )
        rows.append(
            {
                "kind": record.game,
                "name": name,
                "name_key": name.casefold(),
                "finished": sheet.finished,
                "won": seat in winners,
                "placing": placing,
                "ranked": seat in ranked,
                "players": len(ranked),
                "margin": sheet.totals[seat] - max(others, default=0),
                "total": sheet.totals[seat],
                "rounds_played": len(sheet.rounds),
                "rounds": len(played),
                "points": sum(scored.points[seat] for scored in played),
                "bids": bids,
                "made": made,
                "over": over,
                "under": under,
                "running": [
                    scored.totals[seat] for scored in sheet.rounds if scored.at_table(seat)
                ],
            }
        )
    return rows


def month_of(played: datetime) -> date:
    """The first day of the month a game was played in, in the server's time zone
    (``TIME_ZONE``), as bid accuracy is added up: stored, so that a change of
    ``TIME_ZONE`` needs ``rebuild_figures``."""
    return timezone.localtime(played).date().replace(day=1)


def rows_for(game: Any, record: Record, model: Any) -> list[Any]:
    """Unsaved ``model`` rows of a stored game's figures.

    Only the fields ``model`` has: an earlier migration's model may lack later ones.
    """
    fields = {field.name for field in model._meta.get_fields()}
    copied: dict[str, Any] = {"month": month_of(game.created)}
    if "deleted" in fields:  # then the game's model has it too
        copied["deleted"] = game.deleted is not None
    return [
        model(
            game=game,
            owner_id=game.owner_id,
            played=game.created,
            seat=seat,
            **{name: value for name, value in (figures | copied).items() if name in fields},
        )
        for seat, figures in enumerate(figures_of(record))
    ]


def rebuild(game_model: Any, figures_model: Any) -> int:
    """Every game's figures worked out again from its record; returns the rows written.

    Games whose record the engine cannot read get none (their sheet says why).
    """
    read = ["pk", "owner_id", "created", "record"]
    if "deleted" in {field.name for field in figures_model._meta.get_fields()}:
        read.append("deleted")
    games = game_model.objects.only(*read).order_by("pk")
    written = 0
    rows: list[Any] = []
    with transaction.atomic():
        figures_model.objects.all().delete()
        for game in games.iterator(chunk_size=CHUNK):
            try:
                rows += rows_for(game, parse_record(game.record), figures_model)
            except RulesError:
                continue
            if len(rows) >= CHUNK:
                written += len(figures_model.objects.bulk_create(rows))
                rows = []
        written += len(figures_model.objects.bulk_create(rows))
    return written
