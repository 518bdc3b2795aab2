"""One tap's walk through the code, counted: ``.venv/bin/python -m bench.walk``.

A tap (a bid, Oh Hell for four, with htmx as a phone posts it) is posted to the
table's ``enter`` view of a game started through the setup page, on the bench's
production settings and a temporary SQLite file (``bench.env``). Every Python call
made while ``views/table.enter`` runs is followed (``sys.setprofile``): the calls into
scorepad's modules are kept by their module, Django's and the libraries' passed over.
A stay is a run of calls within one module of scorepad; a return, a stay in a module
the walk left before. A call from scorepad into the engine does not end the stay that
makes it: it is named in that stay ("engine: play_answer"), which is how the engine's
decision shows, under the entry form's ``clean``.

It prints the walk, one stay a line (the module, the functions called there, the
engine's entered from it), and the figures docs/dev/architecture.md quotes: the
stays, the modules, the returns and how often ``views/table`` is entered.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any

from bench import env

VIEW = "views.table"
ENGINE = "rules_engine"


@dataclass(frozen=True)
class Stay:
    module: str  # scorepad's module, without "scorepad."
    calls: tuple[str, ...]  # the functions called in it, each once, in order
    engine: tuple[str, ...] = ()  # the engine's functions it called, each once

    def __str__(self) -> str:
        line = f"{self.module:22} {_some(self.calls)}"
        return line + (f"; engine: {_some(self.engine)}" if self.engine else "")


def _some(names: tuple[str, ...]) -> str:
    return ", ".join(names[:SHOWN]) + (", ..." if len(names) > SHOWN else "")


SHOWN = 5  # the functions a stay's line names


def walked(calls: list[tuple[str, str]]) -> list[Stay]:
    """The stays of a walk given as (module, function) calls, in the order made."""
    stays: list[Stay] = []
    for module, function in calls:
        if module == ENGINE:
            last = stays[-1]
            if function not in last.engine:
                stays[-1] = Stay(last.module, last.calls, (*last.engine, function))
        elif stays and stays[-1].module == module:
            last = stays[-1]
            if function not in last.calls:
                stays[-1] = Stay(module, (*last.calls, function), last.engine)
        else:
            stays.append(Stay(module, (function,)))
    return stays


def figures(stays: list[Stay]) -> dict[str, int]:
    """The stays, the modules, the returns and the view's entries of a walk."""
    seen: set[str] = set()
    returns = 0
    for stay in stays:
        returns += stay.module in seen
        seen.add(stay.module)
    entered = sum(stay.module == VIEW for stay in stays)
    return {"stays": len(stays), "modules": len(seen), "returns": returns, "view": entered}


def _module(frame: FrameType) -> str | None:
    name = str(frame.f_globals.get("__name__", ""))
    if name.startswith("scorepad."):
        return name.removeprefix("scorepad.")
    if name == ENGINE or name.startswith(ENGINE + "."):
        return ENGINE
    return None


def follow(tap: Callable[[], Any]) -> list[tuple[str, str]]:
    """The (module, function) calls of scorepad and the engine while ``tap`` runs, from
    the view's call on; in the engine, only the calls that enter it."""
    calls: list[tuple[str, str]] = []
    inside = [False]

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        module = _module(frame)
        if module == VIEW and frame.f_code.co_name == "enter":
            inside[0] = True
        if not inside[0] or module is None:
            return
        caller = frame.f_back
        if module == ENGINE and caller is not None and _module(caller) == ENGINE:
            return  # the engine's own calls: its stay goes on
        name = frame.f_code.co_qualname
        if "<" not in name:  # a comprehension or a local function is its caller's
            calls.append((module, name))

    sys.setprofile(profile)
    try:
        tap()
    finally:
        sys.setprofile(None)
    return calls


def one_tap() -> list[Stay]:
    """A game of Oh Hell for four started through the setup page, then one bid tapped:
    the walk of that tap."""
    from django.test import Client

    from bench.games import first_tap, players, tap_form
    from scorepad.models import Game

    client = Client()
    options = {"option_style": "long", "option_scoring": "positive"}
    data = {"player": players(4), **options, "first_dealer": "0", "action": "start"}
    started = client.post("/new/oh-hell/", data)
    assert started.status_code == 303, started.status_code
    game = Game.objects.get(key=started["Location"].split("/")[2])
    answer = first_tap(game.load()[0])
    form = tap_form(answer, game.version)
    client.post(f"/g/{game.key}/enter/", form)  # warm: imports and caches as a server has
    game.refresh_from_db()
    form = tap_form(first_tap(*game.load()), game.version)

    def tap() -> None:  # with htmx, as a phone taps: the table drawn in the answer
        response = client.post(f"/g/{game.key}/enter/", form, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.status_code

    return walked(follow(tap))


def main() -> None:
    with env.scratch_folder() as folder:
        env.prepare(folder)
        stays = one_tap()
    for stay in stays:
        print(stay)
    counted = figures(stays)
    print(
        f"{counted['stays']} stays in {counted['modules']} modules, "
        f"{counted['returns']} returns, {VIEW} entered {counted['view']} times"
    )


if __name__ == "__main__":
    main()
