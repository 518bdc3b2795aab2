"""Lists with a long history: what the home page, the history, a player's page and the
setup page cost for an owner with 10 games and for one with 10,000 (20 players).

Both owners' games are in the same database, made here in one go (``make_history``):
a few whole games played through the engine's steps serve as patterns, each stored
game is one of them with players drawn from the 20 names, and its figures are the
pattern's, worked out once by the engine (a game's scores do not depend on names).
The pages run round-robin, as in ``bench.server``; each is timed against itself
with 10 games.
"""

from __future__ import annotations

import random
import statistics
import time
from functools import cache, partial
from typing import Any

from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection

from bench.games import whole_game
from bench.server import Step, count_queries, percentile
from bench.wsgi import Browser
from rules_engine import GAMES, Record, review
from scorepad.history import rivals
from scorepad.history.figures import figures_of, month_of
from scorepad.models import Figures, Game

SIZES = (10, 10_000)
NAMES = (
    "Ann", "Bob", "Cas", "Dev", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon",
    "Kim", "Lou", "Max", "Nia", "Oto", "Pia", "Quinn", "Rex", "Sol", "Tess",
)  # fmt: skip
PATTERNS_A_GAME = 3
BATCH = 1000
PASSWORD = "bench password, not a secret"
# The pages timed; "history, last page" asks past the end, which shows the last page.
PAGES = {
    "home": "/",
    "history": "/games/",
    "history, last page": "/games/?page=400",
    "history, one player": "/games/?player=ann",
    "player": "/players/ann/",
    "setup": "/new/oh-hell/",
}


@cache
def patterns(seed: int = 10) -> list[tuple[Record, list[dict[str, Any]]]]:
    """Finished whole games of every game, with their figures as the engine works them out
    (worked out once: the tests make histories again and again)."""
    rng = random.Random(seed)
    found = []
    for game in GAMES:
        kept = 0
        while kept < PATTERNS_A_GAME:
            record = whole_game(game, rng)
            if review(record).finished:
                found.append((record, figures_of(record)))
                kept += 1
    return found


def make_history(owner: Any, count: int, seed: int = 10) -> list[Game]:
    """``count`` finished games for ``owner``, with their figures, stored in batches,
    and an owner's head-to-head tallies. Not the ratings: a page reads a rating as one
    stored figure however long the history, and rating 10,000 games takes seconds."""
    rng = random.Random(seed)
    shapes = patterns(seed)
    made: list[Game] = []
    for start in range(0, count, BATCH):
        games, rows = [], []
        for index in range(start, min(count, start + BATCH)):
            record, figures = shapes[rng.randrange(len(shapes))]
            names = rng.sample(NAMES, len(record.players))
            if index == 0 and "Ann" not in names:
                names[0] = "Ann"  # the player whose page is timed plays with both owners
            games.append(
                Game(owner=owner, kind=record.game, record={**record.to_json(), "players": names})
            )
            rows.append([{**seat, "name": name, "name_key": name.casefold()}
                         for seat, name in zip(figures, names, strict=True)])  # fmt: skip
        Game.objects.bulk_create(games)
        Figures.objects.bulk_create(
            Figures(
                game=game,
                owner=owner,
                played=game.created,
                month=month_of(game.created),
                seat=seat,
                **figures,
            )
            for game, seats in zip(games, rows, strict=True)
            for seat, figures in enumerate(seats)
        )
        made += games
    if owner is not None:
        for kind in {game.kind for game in made}:
            rivals.refresh(Figures, owner.pk, kind)
    return made


def signed_in(app: WSGIHandler, user: User) -> Browser:
    browser = Browser(app)
    browser.get("/accounts/login/")
    answer = browser.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert answer.status in (302, 303), answer.text[:300]
    return browser


def owner_with(app: WSGIHandler, games: int) -> Browser:
    user = User.objects.create_user(f"owner of {games}", password=PASSWORD)
    make_history(user, games)
    return signed_in(app, user)


def sql_ms(step: Step, times: int = 11) -> float:
    """The median time (ms) a request of ``step`` spends in the database."""
    spent: list[float] = []

    def timed(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            spent[-1] += time.perf_counter() - start

    with connection.execute_wrapper(timed):
        for _ in range(times):
            spent.append(0.0)
            step.request()
    return round(1000 * statistics.median(spent), 2)


def measure(app: WSGIHandler, repeats: int = 100, warm_up: int = 10) -> dict[str, Any]:
    """p50, p99 and the slowest (ms) and the queries of each page, with 10 and 10,000 games."""
    began = time.perf_counter()
    browsers = {size: owner_with(app, size) for size in SIZES}
    made = round(time.perf_counter() - began, 1)
    steps = {
        (page, size): Step(page, partial(browser.get, url), 200)
        for page, url in PAGES.items()
        for size, browser in browsers.items()
    }
    queries = {key: count_queries(step) for key, step in steps.items()}
    sql = {key: sql_ms(step) for key, step in steps.items()}
    times: dict[tuple[str, int], list[float]] = {key: [] for key in steps}
    for round_ in range(warm_up + repeats):
        for key, step in steps.items():
            start = time.perf_counter()
            answer = step.request()
            spent = time.perf_counter() - start
            assert answer.status == 200, (key, answer.status, answer.text[:300])
            if round_ >= warm_up:
                times[key].append(spent * 1000)
    return {
        "pages": {
            page: {
                str(size): {
                    "p50_ms": round(statistics.median(times[page, size]), 2),
                    "p99_ms": round(percentile(times[page, size], 0.99), 2),
                    "max_ms": round(max(times[page, size]), 2),
                    "queries": queries[page, size],
                    "sql_ms": sql[page, size],
                    "requests": len(times[page, size]),
                }
                for size in SIZES
            }
            for page in PAGES
        },
        "players": len(NAMES),
        "seconds_to_make_the_games": made,
    }


def budget_rows(figures: dict[str, Any] | None) -> list[tuple[str, str, str, bool, bool]]:
    """(what, figure, budget, met, absolute) for each page: at most 1.5x its time with 10
    games and the same queries (measured side by side); and, an absolute time held on
    a quiet machine only, no request over 100 ms."""
    if not figures:
        return []
    few, many = (str(size) for size in SIZES)
    rows = []
    for page, sizes in figures["pages"].items():
        small, big = sizes[few], sizes[many]
        ratio = big["p50_ms"] / small["p50_ms"]
        rows.append(
            (
                f"{page}, {int(many):,} games",
                f"p50 {big['p50_ms']} ms ({ratio:.2f}x {small['p50_ms']}), "
                f"queries {big['queries']}/{small['queries']}, "
                f"SQL {big['sql_ms']}/{small['sql_ms']} ms",
                "<= 1.5x, same queries",
                ratio <= 1.5 and big["queries"] == small["queries"],
                False,
            )
        )
        rows.append(
            (
                f"{page}, {int(many):,} games: slowest",
                f"{big['max_ms']} ms",
                "< 100 ms",
                big["max_ms"] < 100,
                True,
            )
        )
    return rows
