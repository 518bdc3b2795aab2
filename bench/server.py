"""Server time and queries of each step, through Django's WSGI handler.

Each step is one request a phone makes while playing, repeated on the same game:
a bid is entered and then undone (the undo is not timed), so the game is the
same for every timed request. The steps run round-robin, with the floors among
them (the bench's bare view, and the Django floor: one ORM read of a game row,
one UPDATE of it, a 3 KB fragment rendered), so a slow moment of the machine hits
all alike.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection

from bench.games import before_last_tap, first_tap, game_in_progress, tap_form
from bench.wsgi import Browser, Reply
from rules_engine import Answer, Record
from scorepad.models import Game
from scorepad.screens.sheet import kept_as

GAME = "boerenbridge"  # played to exactly 100: the one game that can run 30 rounds
PLAYERS = 4
ROUNDS = (1, 30)


@dataclass
class Step:
    """One timed request; ``after`` puts the game back as it was (not timed)."""

    name: str
    request: Callable[[], Reply]
    expect: int
    after: Callable[[], Any] | None = None


def start_game(browser: Browser, record: Record) -> Game:
    """A game started through the setup form (so the browser has its session), then given
    the rounds of ``record`` as if they had been entered."""
    browser.get(f"/new/{record.game}/")
    data: dict[str, Any] = {"player": list(record.players), "first_dealer": "0", "action": "start"}
    for option in record.rules.options:  # each at its default, as the form offers it
        if option.kind != "bool" and option.default is not None:
            data[f"option_{option.name}"] = option.default
    answer = browser.post(f"/new/{record.game}/", data)
    assert answer.status == 303, answer.text[:500]
    game = Game.objects.get(key=answer.headers["location"].split("/")[2])
    Game.objects.filter(pk=game.pk).update(**game.changes(record, (), None))
    game.refresh_from_db()
    return game


class Steps:
    """The steps of one game (a number of rounds in), on one browser."""

    def __init__(self, app: WSGIHandler, rounds: int) -> None:
        self.browser = Browser(app)
        self.record = game_in_progress(GAME, PLAYERS, rounds)
        self.bidding = start_game(self.browser, self.record)
        self.tricks = start_game(self.browser, self.record)
        pending = before_last_tap(self.record)
        Game.objects.filter(pk=self.tricks.pk).update(
            **self.tricks.changes(self.record, pending, None)
        )
        bid, last = first_tap(self.record), first_tap(self.record, pending)
        assert (bid.kind, last.kind) == ("bid", "tricks"), (bid, last)
        self.bid, self.last = bid, last
        self.versions = {
            self.bidding.pk: self.bidding.version,
            self.tricks.pk: self.tricks.version + 1,
        }
        # The viewer watches a game of its own that nobody changes while it is timed.
        watched = self.watched = start_game(self.browser, self.record)
        self.viewer = f"/v/{watched.viewer_key}/"
        self.etag = self.browser.get(self.viewer, htmx=True).headers["etag"]

    def _enter(self, game: Game, answer: Answer) -> Reply:
        data = tap_form(answer, self.versions[game.pk])
        return self.browser.post(f"/g/{game.key}/enter/", data, htmx=True)

    def _undo(self, game: Game) -> None:
        version = self.versions[game.pk] + 1
        answer = self.browser.post(f"/g/{game.key}/undo/", {"version": version}, htmx=True)
        assert answer.status == 200, answer.text[:500]
        self.versions[game.pk] += 2

    def _forget_sheet(self, game: Game) -> None:
        game.refresh_from_db()
        caches["fragments"].delete_many([kept_as(game, code) for code, _ in settings.LANGUAGES])

    def steps(self) -> list[Step]:
        bidding, tricks = self.bidding, self.tricks
        # Polls ask with the ETag of the last answer: the game has not changed, so 304.
        poll_headers = {"If-None-Match": self.etag}
        return [
            Step(
                "enter a bid",
                lambda: self._enter(bidding, self.bid),
                200,
                lambda: self._undo(bidding),
            ),
            Step(
                "enter tricks",
                lambda: self._enter(tricks, self.last),
                200,
                lambda: self._undo(tricks),
            ),
            # Kept: the rows drawn for this version already (a reload, a second look);
            # the watched game is one nobody changes.
            Step(
                "open the sheet",
                lambda: self.browser.get(f"/g/{self.watched.key}/sheet/"),
                200,
            ),
            # Drawn: the first look after the game changed (the tricks entered and
            # undone, timed above, change that game every time round, but back to the
            # same record, whose rows are kept: forgotten after each look).
            Step(
                "open the sheet, drawn",
                lambda: self.browser.get(f"/g/{tricks.key}/sheet/"),
                200,
                lambda: self._forget_sheet(tricks),
            ),
            Step("open the table", lambda: self.browser.get(f"/g/{tricks.key}/"), 200),
            Step(
                "viewer poll",
                lambda: self.browser.get(self.viewer, htmx=True, headers=poll_headers),
                304,
            ),
            Step("viewer poll, changed", lambda: self.browser.get(self.viewer, htmx=True), 200),
        ]


def floor_steps(browser: Browser, record: Record) -> list[Step]:
    """The bare view (for reference) and the Django floor, on a game of their own."""
    game = start_game(browser, record)
    url = f"/bench/django-floor/{game.key}/"
    return [
        Step("floor (bare view)", lambda: browser.get("/bench/floor/"), 200),
        Step("Django floor", lambda: browser.post(url, {}, htmx=True), 200),
    ]


def count_queries(step: Step) -> int:
    """The SQL statements one request runs (Django clears its own query log at every
    request's start, so they are counted as they run)."""
    run: list[str] = []

    def counted(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        run.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        answer = step.request()
    assert answer.status == step.expect, (step.name, answer.status, answer.text[:300])
    if step.after:
        step.after()
    return len(run)


def percentile(times: list[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(app: WSGIHandler, repeats: int = 300, warm_up: int = 20) -> dict[str, Any]:
    """p50 and p99 (ms) of each step in a game 1 and 30 rounds in, the p50 of the CPU
    time each took, and queries a request."""
    games = {rounds: Steps(app, rounds) for rounds in ROUNDS}
    bare, django = floor_steps(games[ROUNDS[0]].browser, games[ROUNDS[0]].record)
    queries = {
        f"{rounds} rounds": {step.name: count_queries(step) for step in game.steps()}
        for rounds, game in games.items()
    }
    floor_queries = count_queries(django)
    timed = [bare, django] + [step for game in games.values() for step in game.steps()]
    names = ["floor", "django floor"] + [
        f"{step.name}, {rounds} rounds" for rounds in ROUNDS for step in games[rounds].steps()
    ]
    times: dict[str, list[float]] = {name: [] for name in names}
    # The CPU time this thread spent on each request too: on a busy machine the time
    # by the clock counts the moments other processes had the core, the CPU time not,
    # so the budgets' ratios are taken of CPU times.
    cpu_times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(warm_up + repeats):
        for name, step in zip(names, timed, strict=True):
            start, cpu = time.perf_counter(), time.thread_time()
            answer = step.request()
            spent, cpu_spent = time.perf_counter() - start, time.thread_time() - cpu
            assert answer.status == step.expect, (name, answer.status, answer.text[:300])
            if step.after:
                step.after()
            if round_ >= warm_up:
                times[name].append(spent * 1000)
                cpu_times[name].append(cpu_spent * 1000)
    timings = {
        name: {
            "p50_ms": round(statistics.median(spent), 2),
            "p99_ms": round(percentile(spent, 0.99), 2),
            "cpu_p50_ms": round(statistics.median(cpu_times[name]), 3),
            "requests": len(spent),
        }
        for name, spent in times.items()
    }
    return {
        "timings": timings,
        "queries": queries,
        "django_floor_queries": floor_queries,
        "game": f"{GAME}, {PLAYERS} players",
    }
