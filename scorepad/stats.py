"""A player's figures, game by game, read from the stored figures with aggregate queries.

Every figure comes from ``Figures`` (worked out by the engine when a game is saved,
see scorepad/figures.py for what counts, and scorepad/ratings.py for the ratings),
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
from datetime import datetime
from typing import Any

from django.db.models import Count, F, Max, Q, QuerySet, Sum, Window
from django.db.models.functions import RowNumber, TruncMonth
from django.utils.translation import get_language, gettext

from rules_engine import GAMES
from scorepad.models import Figures

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
    running: tuple[int, ...]  # the player's total after each round

    @property
    def standing(self) -> str:
        """The placing and margin in words: "won by 12", "2nd of 4, 5 behind"."""
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

    month: datetime
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
    rating: float | None  # after the latest finished game (owned games only)

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


LINE_FIELDS = (
    *("game__key", "kind", "played", "seat", "name", "finished", "won"),
    *("placing", "players", "margin", "total", "running"),
)


def _line(row: dict[str, Any]) -> GameLine:
    return GameLine(
        key=row["game__key"],
        kind=row["kind"],
        title=title_of(row["kind"]),
        when=row["played"],
        seat=row["seat"],
        name=row["name"],
        finished=row["finished"],
        won=row["won"],
        placing=row["placing"],
        players=row["players"],
        margin=row["margin"],
        total=row["total"],
        running=tuple(row["running"]),
    )


def _lines(figures: QuerySet[Figures]) -> list[GameLine]:
    return [_line(row) for row in figures.values(*LINE_FIELDS)]


def _ranked(mine: QuerySet[Figures]) -> dict[str, tuple[GameLine, GameLine]]:
    """Each kind's best and worst finished game: one query, each kind's first and last
    by placing, then margin (the larger lead, or the smaller gap), the newest first."""
    order = (F("placing").asc(), F("margin").desc(), F("played").desc(), F("pk").desc())
    ranked = (
        mine.filter(finished=True)
        .annotate(
            best=Window(RowNumber(), partition_by=[F("kind")], order_by=order),
            worst=Window(
                RowNumber(),
                partition_by=[F("kind")],
                order_by=(F("placing").desc(), F("margin").asc(), *order[2:]),
            ),
        )
        .filter(Q(best=1) | Q(worst=1))
    )
    found: dict[str, dict[str, GameLine]] = {}
    for row in ranked.values(*LINE_FIELDS, "best", "worst"):
        ends = found.setdefault(row["kind"], {})
        if row["best"] == 1:
            ends["best"] = _line(row)
        if row["worst"] == 1:
            ends["worst"] = _line(row)
    return {kind: (ends["best"], ends["worst"]) for kind, ends in found.items()}


def _accuracy(mine: QuerySet[Figures]) -> dict[str, list[Accuracy]]:
    """Each kind's bids by month (in the site's time zone), the latest ``MONTHS`` first."""
    months = (
        mine.filter(bids__gt=0)
        .annotate(month=TruncMonth("played"))
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


def rating_lines(
    name_key: str, figures: QuerySet[Figures], count: int = RATED_GAMES
) -> dict[str, list[float]]:
    """Each kind's ratings (to one decimal, as shown) after the player's latest
    ``count`` rated games, oldest first: one query, so the chart costs the same
    however many games came before."""
    latest = (
        figures.filter(name_key=name_key, rating__isnull=False)
        .annotate(
            back=Window(
                RowNumber(),
                partition_by=[F("kind")],
                order_by=(F("played").desc(), F("game_id").desc()),
            )
        )
        .filter(back__lte=count)
        .values_list("kind", "rating", "back")
    )
    found: dict[str, list[tuple[int, float]]] = {}
    for kind, rating, back in latest:
        if rating is not None:  # filtered out above; for the type checker
            found.setdefault(kind, []).append((back, round(rating, 1)))
    return {kind: [r for _, r in sorted(rows, reverse=True)] for kind, rows in found.items()}


def player_stats(
    name_key: str, figures: QuerySet[Figures], latest: int = LATEST
) -> PlayerStats | None:
    """The figures for ``name_key`` (casefolded) over ``figures``; None if they played none."""
    mine = figures.filter(name_key=name_key)
    by_kind = list(
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
        )
    )
    if not by_kind:
        return None
    games = _lines(mine.order_by("-played", "-pk")[:latest])
    ranked = _ranked(mine)
    accuracy = _accuracy(mine)
    ratings = rating_lines(name_key, figures, 1)
    stats = []
    for row in by_kind:
        kind = row["kind"]
        rules = GAMES.get(kind)
        best, worst = ranked.get(kind, (None, None))
        stats.append(
            GameStats(
                kind=kind,
                title=title_of(kind),
                made_label=gettext(rules.made_label if rules else "Bids made exactly"),
                counts_over_under=rules.counts_over_under if rules else True,
                played=row["played"],
                finished=row["finished"],
                won=row["won"],
                bids=row["bids"],
                made=row["made"],
                over=row["over"],
                under=row["under"],
                rounds=row["rounds"],
                points=row["points"],
                best=best,
                worst=worst,
                accuracy=tuple(accuracy.get(kind, ())),
                rating=ratings[kind][-1] if kind in ratings else None,
            )
        )
    return PlayerStats(
        name=games[0].name,
        played=sum(row["played"] for row in by_kind),
        won=sum(row["won"] for row in by_kind),
        games=tuple(games),
        by_game=tuple(sorted(stats, key=lambda game: game.title)),
    )


def head_to_head(name_key: str, figures: QuerySet[Figures]) -> list[HeadToHead]:
    """The player against each regular opponent, in the finished games both played:
    one grouped query over the player's figures, each joined through its game to the
    others' figures there (the player's row is visible, so is the whole game)."""
    rows = (
        figures.filter(name_key=name_key, finished=True)
        .annotate(
            other=F("game__figures__name_key"),
            theirs=F("game__figures__placing"),
            other_name=F("game__figures__name"),
        )
        .exclude(other=name_key)
        .order_by()
        .values("other")
        .annotate(
            games=Count("pk"),
            wins=Count("pk", filter=Q(placing__lt=F("theirs"))),
            losses=Count("pk", filter=Q(placing__gt=F("theirs"))),
            ties=Count("pk", filter=Q(placing=F("theirs"))),
            name=Max("other_name"),
        )
        .filter(games__gte=REGULAR)
        .order_by("-games", "other")[:OPPONENTS]
    )
    return [
        HeadToHead(row["other"], row["name"], row["games"], row["wins"], row["losses"], row["ties"])
        for row in rows
    ]


def charted_lines(name_key: str, figures: QuerySet[Figures], count: int) -> list[GameLine]:
    """The player's latest ``count`` games with at least one round, newest first."""
    started = figures.filter(name_key=name_key, rounds_played__gt=0)
    return _lines(started.order_by("-played", "-pk")[:count])
