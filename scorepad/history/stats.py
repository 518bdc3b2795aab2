"""A player's figures, game by game, read from the stored figures with aggregate queries.

Every figure comes from ``Figures`` (worked out by the engine when a game is saved,
see scorepad/history/figures.py for what counts, and scorepad/history/ratings.py for the ratings),
so a page costs the same few queries whatever the number of games. The views pass
in the figures a person may list. A player is a name as typed, compared casefolded
("ann" is "Ann"), as ``Figures.name_key`` stores it; the name shown is the one typed
in their latest game.

Nothing is added up across games of different kinds: a Brink Bid round (0 to 5
points) and an Oh Hell round are not the same thing, nor is a Sinker contract a bid.
So every figure below is one game's (``GameStats``), and docs/statistics.md says
how each is worked out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import Count, F, Max, Min, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import get_language, gettext

from rules_engine import GAMES
from scorepad.history.rivals import tallies
from scorepad.models import Figures, Rivalry

# The player's page lists this many of their latest games (the history has the rest).
LATEST = 10
# Months of bid accuracy shown a game, the latest first.
MONTHS = 12
# The rating chart draws this many of a player's latest rated games of each kind.
RATED_GAMES = 30
# Opponents shown head to head: those met in at least this many finished games, the most met first.
REGULAR = 2
OPPONENTS = 8


@dataclass(frozen=True)
class GameLine:
    """One game from one player's chair."""

    key: str
    kind: str
    title: str
    when: datetime | None
    seat: int
    name: str
    finished: bool
    won: bool
    placing: int
    players: int
    margin: int  # the total less the best of the others'
    total: int
    running: tuple[int, ...]  # the player's total after each round they played
    # At the table in the game's last round; False: they left before its end.
    ranked: bool = True

    @property
    def standing(self) -> str:
        """The placing and margin in words: "won by 12", "2nd of 4, 5 behind"."""
        if not self.ranked:
            return gettext("left before the end, not ranked")
        if self.won:
            if self.margin > 0:
                return gettext("won by %(margin)s") % {"margin": self.margin}
            return gettext("won, tied")
        # Dutch writes places as "2e van 4"; English "2nd of 4".
        place = gettext("%(place)s of %(players)s") % {
            "place": ordinal(self.placing) if get_language() == "en" else f"{self.placing}e",
            "players": self.players,
        }
        if self.margin < 0:
            return gettext("%(place)s, %(behind)s behind") % {
                "place": place,
                "behind": -self.margin,
            }
        return gettext("%(place)s, level") % {"place": place}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


@dataclass(frozen=True)
class Accuracy:
    """Bids (or contracts) to make in a stretch of time, and how they went."""

    month: date  # its first day
    bids: int
    made: int
    over: int
    under: int

    @property
    def made_percent(self) -> int:
        return round(100 * self.made / self.bids)


@dataclass(frozen=True)
class GameStats:
    """One player's figures at one game."""

    kind: str
    title: str
    made_label: str  # "Bids made exactly", "Contracts made" (the engine's words)
    counts_over_under: bool
    played: int
    finished: int
    won: int
    bids: int  # rounds where the player had a bid or contract to make
    made: int
    over: int  # missed by taking too many tricks
    under: int  # ... too few
    rounds: int
    points: int  # the sum of those rounds' scores
    best: GameLine | None  # of the finished games, by placing, then margin
    worst: GameLine | None
    accuracy: tuple[Accuracy, ...]  # by month, the latest first
    # After each of the latest ``RATED_GAMES`` finished games, oldest first, to one
    # decimal as shown (owned games only).
    ratings: tuple[float, ...]

    @property
    def rating(self) -> float | None:
        """After the latest finished game."""
        return self.ratings[-1] if self.ratings else None

    @property
    def made_percent(self) -> int | None:
        return round(100 * self.made / self.bids) if self.bids else None

    @property
    def average_round(self) -> float | None:
        return round(self.points / self.rounds, 1) if self.rounds else None


@dataclass(frozen=True)
class HeadToHead:
    """How a player fared against one opponent in the finished games both played."""

    name_key: str
    name: str
    games: int
    wins: int  # placed ahead of the opponent
    losses: int
    ties: int


@dataclass(frozen=True)
class PlayerStats:
    name: str
    played: int  # games, of every kind
    won: int
    games: tuple[GameLine, ...]  # the latest ``LATEST``, newest first
    by_game: tuple[GameStats, ...]  # by title


def title_of(kind: str) -> str:
    return GAMES[kind].title if kind in GAMES else kind


# A line's fields as a row of figures names them, and as GameLine does.
RENAMED = {"game__key": "key", "played": "when"}
LINE_FIELDS = (
    *("game__key", "kind", "played", "seat", "name", "finished", "won"),
    *("placing", "players", "margin", "total", "running", "ranked"),
)
LINE_NAMES = {field: RENAMED.get(field, field) for field in LINE_FIELDS}


def _line(row: dict[str, Any]) -> GameLine:
    line = {name: row[field] for field, name in LINE_NAMES.items()}
    line["running"] = tuple(line["running"])
    return GameLine(title=title_of(row["kind"]), **line)


def _lines(figures: QuerySet[Figures]) -> list[GameLine]:
    return [_line(row) for row in figures.values(*LINE_FIELDS)]


# A kind's best finished game, and its worst: by placing, then margin (the larger
# lead, or the smaller gap), the newest first. Each is the first row of an index
# range (``figures_by_placing``; the worst read backwards, its equals sorted apart).
BEST = (F("placing").asc(), F("margin").desc(), F("played").desc(), F("pk").desc())
WORST = (F("placing").desc(), F("margin").asc(), F("played").desc(), F("pk").desc())


# What ``_by_kind`` adds up, a kind a row, by GameStats' names.
SUMS = ("played", "finished", "won", "bids", "made", "over", "under", "rounds", "points")


def _by_kind(mine: QuerySet[Figures]) -> list[Any]:
    """Each kind's figures added up, one row a kind, read from one index range
    (``figures_added_up``), with one row's id to look the kind's ends up from."""
    return list(
        mine.order_by()
        .values("kind")
        .annotate(
            played=Count("pk"),
            finished=Count("pk", filter=Q(finished=True)),
            won=Count("pk", filter=Q(won=True)),
            bids=Sum("bids"),
            made=Sum("made"),
            over=Sum("over"),
            under=Sum("under"),
            rounds=Sum("rounds"),
            points=Sum("points"),
            one=Min("pk"),
        )
    )


def _ends(mine: QuerySet[Figures], by_kind: list[Any], rated: int) -> dict[str, Any]:
    """Each kind's best and worst game (their figures' ids), and where its latest
    ``rated`` ratings begin: one query, a row a kind (the ``one`` of ``_by_kind``),
    each figure the first of an index range (``figures_by_placing``, ``figures_rated``).

    Not asked with the sums: a database works a subquery out for every row it adds up.
    """
    # A game the player left before its end is not ranked: neither their best nor worst.
    finished = mine.filter(finished=True, ranked=True, kind=OuterRef("kind"))
    ratings = mine.filter(rating__isnull=False, kind=OuterRef("kind")).order_by(
        "-played", "-game_id"
    )
    one_a_kind = Figures.objects.filter(pk__in=[row["one"] for row in by_kind]).order_by()
    rows = one_a_kind.values(
        "kind",
        best=Subquery(finished.order_by(*BEST).values("pk")[:1]),
        worst=Subquery(finished.order_by(*WORST).values("pk")[:1]),
        # The oldest rating charted (played, game): the ``rated``-th latest, or the
        # first of fewer; None when there is none.
        rated_from=Coalesce(
            Subquery(ratings.values("played")[rated - 1 : rated]),
            Subquery(ratings.reverse().values("played")[:1]),
        ),
        rated_from_game=Coalesce(
            Subquery(ratings.values("game_id")[rated - 1 : rated]),
            Subquery(ratings.reverse().values("game_id")[:1]),
        ),
    )
    return {row["kind"]: row for row in rows}


def _ranked(ends: dict[str, Any]) -> dict[int, GameLine]:
    """The best and worst games ``_ends`` found, by their figures' id: one query."""
    ids = {row[end] for row in ends.values() for end in ("best", "worst")} - {None}
    rows = Figures.objects.filter(pk__in=ids).values("pk", *LINE_FIELDS)
    return {row["pk"]: _line(row) for row in rows}


def _ratings(mine: QuerySet[Figures], ends: dict[str, Any]) -> dict[str, list[float]]:
    """Each kind's latest ratings, oldest first, from where ``_ends`` found they
    begin: one query, an index range a kind (``figures_rated``)."""
    charted = Q(pk__in=[])
    for kind, row in ends.items():
        played, game = row["rated_from"], row["rated_from_game"]
        if played is not None:
            charted |= Q(kind=kind, played__gt=played)
            charted |= Q(kind=kind, played=played, game_id__gte=game)
    rows = (
        mine.filter(charted, rating__isnull=False)
        .order_by()
        .values_list("kind", "played", "game_id", "rating")
    )
    found: dict[str, list[tuple[datetime, int, float]]] = {}
    for kind, played, game, rating in rows:
        if rating is not None:  # filtered out above; for the type checker
            found.setdefault(kind, []).append((played, game, round(rating, 1)))
    return {kind: [rating for *_, rating in sorted(charts)] for kind, charts in found.items()}


def _accuracy(mine: QuerySet[Figures]) -> dict[str, list[Accuracy]]:
    """Each kind's bids by month (in the site's time zone, as stored), the latest
    ``MONTHS`` first: one index range (``figures_added_up``)."""
    months = (
        mine.filter(bids__gt=0)
        .order_by()
        .values("kind", "month")
        .annotate(bids=Sum("bids"), made=Sum("made"), over=Sum("over"), under=Sum("under"))
        .order_by("kind", "-month")
    )
    found: dict[str, list[Accuracy]] = {}
    for row in months:
        shown = found.setdefault(row["kind"], [])
        if len(shown) < MONTHS:
            shown.append(
                Accuracy(row["month"], row["bids"], row["made"], row["over"], row["under"])
            )
    return found


def player_stats(
    name_key: str, figures: QuerySet[Figures], latest: int = LATEST, rated: int = RATED_GAMES
) -> PlayerStats | None:
    """The figures for ``name_key`` (casefolded) over ``figures``; None if they played none.

    Six queries, each one index range or a few steps down one, however many games:
    the sums by kind, the latest games, each kind's ends, the best and worst games,
    the ratings, the months.
    """
    mine = figures.filter(name_key=name_key)
    by_kind = _by_kind(mine)
    if not by_kind:
        return None
    games = _lines(mine.order_by("-played", "-pk")[:latest])
    ends = _ends(mine, by_kind, rated)
    ranked = _ranked(ends)
    ratings = _ratings(mine, ends)
    accuracy = _accuracy(mine)
    stats = []
    for row in by_kind:
        kind = row["kind"]
        rules = GAMES.get(kind)
        stats.append(
            GameStats(
                kind=kind,
                title=title_of(kind),
                made_label=gettext(rules.made_label if rules else "Bids made exactly"),
                counts_over_under=rules.counts_over_under if rules else True,
                **{name: row[name] for name in SUMS},
                best=ranked.get(ends[kind]["best"]),
                worst=ranked.get(ends[kind]["worst"]),
                accuracy=tuple(accuracy.get(kind, ())),
                ratings=tuple(ratings.get(kind, ())),
            )
        )
    return PlayerStats(
        name=games[0].name,
        played=sum(row["played"] for row in by_kind),
        won=sum(row["won"] for row in by_kind),
        games=tuple(games),
        by_game=tuple(sorted(stats, key=lambda game: game.title)),
    )


def head_to_head(
    name_key: str, figures: QuerySet[Figures], owner: int | None = None
) -> list[HeadToHead]:
    """The player against each regular opponent, in the finished games both played.

    ``owner``: the figures are all this owner's games, whose tallies are kept by
    kind (scorepad/history/rivals.py): a few rows added up. Otherwise one grouped query over
    the player's figures, each joined to the others' in its game (the player's row
    is visible, so is the whole game).
    """
    if owner is None:
        found = tallies(
            figures.filter(name_key=name_key),
            "HAVING COUNT(*) >= %s ORDER BY games DESC, other.name_key LIMIT %s",
            (REGULAR, OPPONENTS),
        )
        return [
            HeadToHead(other, name, games, wins, losses, ties)
            for _, other, games, wins, losses, ties, name in found
        ]
    kept = (
        Rivalry.objects.filter(owner_id=owner, name_key=name_key)
        .values("other_key")
        .annotate(
            games=Sum("games"),
            wins=Sum("wins"),
            losses=Sum("losses"),
            ties=Sum("ties"),
            name=Max("other_name"),
        )
        .filter(games__gte=REGULAR)
        .order_by("-games", "other_key")[:OPPONENTS]
    )
    return [
        HeadToHead(
            row["other_key"], row["name"], row["games"], row["wins"], row["losses"], row["ties"]
        )
        for row in kept
    ]


def charted_lines(name_key: str, figures: QuerySet[Figures], count: int) -> list[GameLine]:
    """The player's latest ``count`` games with at least one round, newest first."""
    started = figures.filter(name_key=name_key, rounds_played__gt=0)
    return _lines(started.order_by("-played", "-pk")[:count])
