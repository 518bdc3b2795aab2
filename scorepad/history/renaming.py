"""Renaming a player across their games, and merging two spellings of one person.

Both are one thing: every game this person may list in which the name (casefolded,
as ``Figures.name_key``) was typed gets the new name in its record, checked by the
engine as any record is. When the new name is another player's (another name key),
the two become one: refused when both names sit at the same game, as they are
then two people. The figures are written again from the new records, then the
ratings of the owners' games of those kinds (a merged player has one history).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext

from rules_engine import RulesError, parse_record
from scorepad.engine_words import translated
from scorepad.history.figures import CHUNK, FIGURES, rows_for
from scorepad.history.ratings import rerate_owner
from scorepad.history.stats import title_of
from scorepad.live import publish
from scorepad.models import Figures, Game, record_fingerprint


@dataclass(frozen=True)
class Renaming:
    """What a rename would do, as the confirmation page shows it before it is done."""

    old_key: str
    new_name: str
    games: int  # the games whose record changes
    merged_into: str | None  # the other player's name when the new name is theirs

    @property
    def new_key(self) -> str:
        return self.new_name.casefold()


def plan_renaming(figures: QuerySet[Figures], old_key: str, new_name: str) -> Renaming:
    """What renaming ``old_key`` to ``new_name`` in ``figures``' games would do; a
    RulesError, written for the player, when it may not be done."""
    new_name = new_name.strip()
    new_key = new_name.casefold()
    mine = figures.filter(name_key=old_key)
    if not new_name:
        raise RulesError(gettext("A player needs a name: type the new one."))
    games = mine.count()
    if not games:
        raise RulesError(gettext("None of your games has a player by that name."))
    if new_key == old_key:
        if not mine.exclude(name=new_name).exists():
            raise RulesError(
                gettext("Every game already calls this player %(name)s.") % {"name": new_name}
            )
        return Renaming(old_key, new_name, games, None)
    other = figures.filter(name_key=new_key)
    together = other.filter(game_id__in=mine.values("game_id"))
    shared = list(together.order_by("-played").values_list("kind", "played")[:3])
    if shared:
        count = together.count()
        where = "; ".join(
            f"{title_of(kind)}, {date_format(played, 'j F Y')}" for kind, played in shared
        ) + ("; …" if count > len(shared) else "")
        raise RulesError(
            ngettext(
                "%(name)s and this player both played in %(count)s game (%(where)s): "
                "they are two people, so their names cannot be merged.",
                "%(name)s and this player both played in %(count)s games (%(where)s): "
                "they are two people, so their names cannot be merged.",
                count,
            )
            % {"name": new_name, "count": count, "where": where}
        )
    merged = other.order_by("-played", "-pk").values_list("name", flat=True).first()
    return Renaming(old_key, new_name, games, merged)


def apply_renaming(figures: QuerySet[Figures], renaming: Renaming) -> int:
    """Rename as planned in every game of ``figures`` with the old name; returns the
    games changed. All or nothing: a record the engine refuses changes no game."""
    with transaction.atomic():
        game_ids = figures.filter(name_key=renaming.old_key).values("game_id")
        games = list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk"))
        rows = []
        for game in games:
            record = dict(game.record)
            record["players"] = [
                renaming.new_name if str(name).casefold() == renaming.old_key else name
                for name in record["players"]
            ]
            try:
                checked = parse_record(record)
            except RulesError as error:
                raise RulesError(
                    gettext("Game %(key)s… cannot take the new name: %(reason)s")
                    % {"key": game.key[:6], "reason": translated(error)}
                ) from None
            game.record = record
            # The same game as played, under its new name: an import of its new export
            # is recognised as the game already held.
            game.fingerprint = record_fingerprint(record)
            # A screen showing the old name must be read again before it changes the game.
            game.version += 1
            rows += rows_for(game, checked, Figures)
        Game.objects.bulk_update(games, ["record", "fingerprint", "version"], batch_size=CHUNK)
        # Every screen watching one of these games (a table, a sheet, a viewer) shows
        # the new name once this is committed.
        publish.changed_together([(game.pk, game.version) for game in games])
        Figures.objects.bulk_create(
            rows,
            batch_size=CHUNK,
            update_conflicts=True,
            unique_fields=["game", "seat"],
            update_fields=list(FIGURES),
        )
        owners = {(game.owner_id, game.kind) for game in games if game.owner_id is not None}
        for owner in {owner for owner, _ in owners}:
            rerate_owner(Figures, owner, {kind for who, kind in owners if who == owner})
    return len(games)
