"""``python -m bench``: measure Scorepad, print the figures as JSON, then each against its budget.

Parts (all by default; ``--only taps,load`` runs some): engine, server (times and
queries), history (lists with 10 and 10,000 games), bytes, taps, audits (Lighthouse
and axe-core), load, slowest (a 200-round game's pages and PDF, CPU time), live
(live updates against polling: a tap to another phone, quiet phones, the load with
six phones a table). Progress goes
to stderr; stdout holds the JSON object, then the table. ``--check`` exits with status 1
when a figure misses its budget: every ratio measured side by side and every count, and
the absolute times only when the machine was quiet (``--absolute`` holds them anyway).
Everything runs in a temporary folder, removed at the end (``--keep`` keeps it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import env

PARTS = ("engine", "server", "history", "bytes", "taps", "audits", "load", "slowest", "live")
KB = 1024
# The most each step's p50 may be, against the Django floor (bench/urls.py), both
# measured side by side in one run. A tap was once held to 1.3x; drawn with the
# template language it measured 1.9x (a bid) and 3.0x (a round's end), and Jinja2
# would bring a bid only to 1.7x (docs/dev/performance.md). So these are guards
# against a tap growing slower, not targets. The sheet drawn anew is the same story
# at a larger scale (9x, 30 rounds of template nodes); the sheet kept is held to 3x.
FLOOR_BUDGETS = {
    **{f"enter a bid, {rounds} rounds": 2.3 for rounds in (1, 30)},
    **{f"enter tricks, {rounds} rounds": 3.5 for rounds in (1, 30)},
    # Kept (drawn already for this version) and drawn (the first look after a change).
    "open the sheet, 30 rounds": 3,
    "open the sheet, drawn, 30 rounds": 11,
}
# Live updates (bench/live.py, issue 25): the goals, and what they must be against
# polling measured in the same run.
LIVE_P95_MS = 250  # a tap to another phone with 100 tables (absolute)
LIVE_P95_OF_POLLING = 0.25  # the stream's p95 at most this share of polling's
LIVE_OVERLOADED_OF_POLLING = 1.0  # and no worse than polling's on a machine it overloads
LIVE_QUIET_OF_POLLING = 0.1  # a quiet stream's CPU at most this share of a polling phone's
LIVE_STREAMS = 5000  # open on one worker process
LIVE_KB_A_STREAM = 64
LIVE_TABLES = 500  # held with six phones a table before the taps' p99 passes 200 ms
LIVE_TABLES_OF_POLLING = 2  # at least this many times the tables polling holds
# A machine is quiet when this process got nearly a whole core whenever it asked
# (bench.env.cpu_share, sampled between the parts) and the load before the bench
# began was at most half the cores. Only then are absolute figures (milliseconds,
# not ratios) held to their budgets.
QUIET_SHARE = 0.9


@dataclass(frozen=True)
class Budget:
    what: str
    figure: str
    budget: str
    met: bool
    # A time in milliseconds, not a ratio measured side by side: it says how fast this
    # machine was as much as the code, so it is held only on a quiet machine.
    absolute: bool = False


def say(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def budgets(figures: dict[str, Any]) -> list[Budget]:
    """Every figure that has a budget, with whether it is met."""
    rows: list[Budget] = []
    for name, taps in figures.get("taps", {}).items():
        count = taps["taps"] + taps["key_presses"]
        rows.append(
            Budget(f"taps, {name}", str(count), f"<= {taps['budget']}", count <= taps["budget"])
        )
    server = figures.get("server")
    if server:
        # CPU times where measured (by the clock on a busy machine, other processes'
        # moments on the core would count too); by the clock in older figures.
        key = "cpu_p50_ms" if "cpu_p50_ms" in server["timings"]["django floor"] else "p50_ms"
        floor = server["timings"]["django floor"][key]
        for name, timing in server["timings"].items():
            most = FLOOR_BUDGETS.get(name)
            if most is None:
                continue  # shown for reference below the table
            ratio = timing[key] / floor
            rows.append(
                Budget(
                    f"{'CPU ' if key == 'cpu_p50_ms' else ''}p50 {name}",
                    f"{timing[key]} ms ({ratio:.2f}x Django floor {floor}); by the clock "
                    f"p50 {timing['p50_ms']}, p99 {timing['p99_ms']}",
                    f"<= {most}x Django floor",
                    ratio <= most,
                )
            )
        short, long = server["queries"].values()
        for step, count in short.items():
            rows.append(
                Budget(
                    f"queries, {step}",
                    f"{count} (1 round), {long[step]} (30 rounds)",
                    "same, <= 10",
                    count == long[step] and count <= 10,
                )
            )
    check = figures.get("engine", {}).get("formula_check")
    if check:
        # Milliseconds of CPU: an absolute figure (the ratio to a bare loop is shown).
        rows.append(
            Budget(
                "formula check, the costliest",
                f"{check['worst_ms']} ms CPU ({check['worst_ratio']}x a bare loop over "
                f"the domain, {check['bare_loop_ms']} ms)",
                f"<= {check['budget_ms']:g} ms",
                check["worst_ms"] <= check["budget_ms"],
                absolute=True,
            )
        )
    if figures.get("history"):
        from bench.history import budget_rows  # needs Django set up, as the bench has by now

        rows += [Budget(*row) for row in budget_rows(figures["history"])]
    weight = figures.get("bytes")
    if weight:
        first = weight["largest_first_load"]
        rows.append(
            Budget(
                "first load of a game screen, with the service worker's",
                f"{first / KB:.1f} KB",
                "<= 40 KB",
                first <= 40 * KB,
            )
        )
        swap = weight.get("largest_swap_unzipped", weight["largest_swap"])
        rows.append(
            Budget(
                "largest htmx swap, unzipped",
                f"{swap} B ({weight['largest_swap']} B as sent)",
                "<= 4096 B",
                swap <= 4096,
            )
        )
    load = figures.get("load")
    if load:
        rows.append(
            Budget(
                f"load, {load['tables']} tables: errors",
                f"{load['errors']} errors, {load['requests_per_second']} req/s",
                "0",
                load["errors"] == 0,
            )
        )
        rows.append(
            Budget(
                f"load, {load['tables']} tables: p99",
                f"p50 {load['p50_ms']} ms, p99 {load['p99_ms']} ms, server CPU "
                f"{load['server_cpu_ms_a_request']} ms a request",
                "p99 < 100 ms",
                load["p99_ms"] < 100,
                absolute=True,
            )
        )
    if figures.get("live"):
        rows += live_budgets(figures["live"])
    slowest = figures.get("slowest")
    if slowest:
        budget = slowest["budget_ms"]
        for page, spent in slowest["cpu_ms"].items():
            rows.append(
                Budget(f"CPU, {page}", f"{spent} ms", f"< {budget} ms", spent < budget, True)
            )
    audits = figures.get("audits")
    if audits:
        for page, scores in audits["lighthouse"].items():
            rows.append(
                Budget(
                    f"lighthouse, {page}: accessibility, best practices",
                    f"{scores['accessibility']}/{scores['best-practices']}",
                    "100/100",
                    scores["accessibility"] == 100 and scores["best-practices"] == 100,
                )
            )
            # Lighthouse's performance score comes from the timings it observed.
            rows.append(
                Budget(
                    f"lighthouse, {page}: performance",
                    str(scores["performance"]),
                    ">= 95",
                    scores["performance"] >= 95,
                    absolute=True,
                )
            )
        found = audits["axe"]
        rows.append(
            Budget(
                f"axe-core, {found['pages']} pages",
                f"{found['violations']} violations",
                "0",
                found["violations"] == 0,
            )
        )
    return rows


def live_budgets(live: dict[str, Any]) -> list[Budget]:
    """Live updates against polling, each measured in the same run (bench/live.py)."""
    rows: list[Budget] = []
    tap = live.get("tap_to_phone")
    if tap:
        stream, poll = tap["stream"], tap["poll"]
        share = stream["p95_ms"] / poll["p95_ms"] if poll["p95_ms"] else 1.0
        measured = (
            f"stream p50 {stream['p50_ms']} / p95 {stream['p95_ms']} ms; polling p50 "
            f"{poll['p50_ms']} / p95 {poll['p95_ms']} ms"
        )
        rows.append(
            Budget(
                f"live, {tap['tables']} tables: a tap to another phone, p95",
                measured,
                f"< {LIVE_P95_MS} ms",
                stream["p95_ms"] < LIVE_P95_MS,
                absolute=True,
            )
        )
        rows.append(
            Budget(
                f"live, {tap['tables']} tables: the stream's p95 against polling's",
                f"{share:.2f}x polling's",
                f"<= {LIVE_P95_OF_POLLING}x",
                share <= LIVE_P95_OF_POLLING,
            )
        )
        # Past what the machine carries (100 tables: about three times a 2-core machine's),
        # a stream's phone must not be worse off than a polling one (issue 35): the server
        # sheds drawings it cannot make in time, and the phone reads the game itself.
        caught = stream.get("caught_up_behind", 0) + stream.get("caught_up_silent", 0)
        rows.append(
            Budget(
                f"live, {tap['tables']} tables, overloaded: the stream's p95 no worse than "
                "polling's",
                f"{stream['p95_ms']} against {poll['p95_ms']} ms ({share:.2f}x; the phones "
                f"read the game themselves {caught} times)",
                f"<= {LIVE_OVERLOADED_OF_POLLING:g}x",
                share <= LIVE_OVERLOADED_OF_POLLING,
            )
        )
    # At any load every phone shows a tap, or says it is behind, within 5 s (issue 44).
    for run in live.get("tap_to_phone_alternating", []):
        told, poll = run["stream"], run["poll"]
        share = told["p95_ms"] / poll["p95_ms"] if poll["p95_ms"] else 1.0
        rows.append(
            Budget(
                f"live, {run['tables']} tables: phones told of a tap within 5 s",
                f"{told['told_within_5s']} of {told['phones_told']} ("
                f"{told['told_within_5s_of_the_taps_answer']} within 5 s of its answer; never "
                f"{told['never_told']}, longest {told['longest_s']} s; p95 {share:.2f}x "
                "polling's)",
                "all",
                told["phones_told"] > 0 and told["told_within_5s"] == told["phones_told"],
            )
        )
    quiet = live.get("quiet")
    if quiet:
        rows.append(
            Budget(
                f"live: requests of {quiet['streams']} quiet streams in "
                f"{quiet['window_seconds']:g} s",
                f"{quiet['stream_requests_in_window']} (polling phones: "
                f"{quiet['poll_requests_in_window']} in {quiet['poll_window_seconds']:g} s)",
                "0",
                quiet["stream_requests_in_window"] == 0,
            )
        )
        stream_cpu, poll_cpu = quiet["cpu_us_a_second_a_stream"], quiet["cpu_us_a_second_a_poller"]
        share = stream_cpu / poll_cpu if poll_cpu else 1.0
        rows.append(
            Budget(
                "live: server CPU of a quiet stream against a polling phone's",
                f"{stream_cpu} against {poll_cpu} µs a second ({share:.3f}x)",
                f"<= {LIVE_QUIET_OF_POLLING}x",
                share <= LIVE_QUIET_OF_POLLING,
            )
        )
        rows.append(
            Budget(
                "live: streams open on one worker process",
                str(quiet["streams_open_at_most"]),
                f">= {LIVE_STREAMS}",
                quiet["streams_open_at_most"] >= LIVE_STREAMS,
            )
        )
        rows.append(
            Budget(
                "live: memory a quiet stream",
                f"{quiet['memory_kb_a_stream']} KB",
                f"<= {LIVE_KB_A_STREAM} KB",
                quiet["memory_kb_a_stream"] <= LIVE_KB_A_STREAM,
            )
        )
    streams, polls = live.get("load_streams"), live.get("load_polls")
    alone = live.get("load_keepers_alone")
    if streams:
        # What the keepers' taps cost by themselves bounds the tables before any phone.
        keepers = (
            f"; the keepers' taps alone {alone['server_cpu_ms_a_table_second']} ms a table a "
            f"second: {alone['tables_the_cores_carry']} tables on these cores at most"
            if alone
            else ""
        )
        rows.append(
            Budget(
                "live, six streams a table: tables held with the taps' p99 <= 200 ms",
                f"{streams['held_at_most']} (passed at {streams['passed_at'] or 'none tried'}"
                f"{keepers})",
                f">= {LIVE_TABLES}",
                streams["held_at_most"] >= LIVE_TABLES,
                absolute=True,
            )
        )
    if streams and polls:
        rows.append(
            Budget(
                "live: tables held, six streams a table against three polling",
                f"{streams['held_at_most']} against {polls['held_at_most']}",
                f">= {LIVE_TABLES_OF_POLLING}x",
                streams["held_at_most"] >= LIVE_TABLES_OF_POLLING * max(1, polls["held_at_most"]),
                absolute=True,
            )
        )
        stream_cost = streams["server_cpu_ms_a_table_second"]
        poll_cost = polls["server_cpu_ms_a_table_second"]
        share = stream_cost / poll_cost if poll_cost else 1.0
        # What the phones themselves cost, the keepers' taps (the same both ways) taken off.
        taps = alone["server_cpu_ms_a_table_second"] if alone else None
        beyond = (
            f"; beyond the keepers' taps ({taps}): {stream_cost - taps:.2f} against "
            f"{poll_cost - taps:.2f} ({(stream_cost - taps) / (poll_cost - taps):.2f}x)"
            if taps is not None and poll_cost > taps
            else ""
        )
        rows.append(
            Budget(
                "live: server CPU a table, six streams against three polling",
                f"{stream_cost} against {poll_cost} ms a second ({share:.2f}x){beyond}",
                f"<= {1 / LIVE_TABLES_OF_POLLING:g}x",
                share <= 1 / LIVE_TABLES_OF_POLLING,
            )
        )
    return rows


def quiet(figures: dict[str, Any]) -> bool:
    """Whether the machine was quiet (absent from made-up figures: taken as quiet)."""
    return bool(figures.get("machine", {}).get("quiet", True))


def missed(rows: list[Budget], figures: dict[str, Any]) -> list[Budget]:
    """The budgets missed that count: on a busy machine, not the absolute ones."""
    return [row for row in rows if not row.met and (quiet(figures) or not row.absolute)]


def table(rows: list[Budget], figures: dict[str, Any]) -> str:
    width = max((len(row.what) for row in rows), default=10)
    busy = not quiet(figures)
    lines = [f"{'figure':<{width}}  {'measured':<52}  {'budget':<22}  met"]
    for row in rows:
        verdict = "yes" if row.met else "NO"
        if row.absolute and busy:
            verdict += " (absolute: not held on a busy machine)"
        elif row.absolute:
            verdict += " (absolute)"
        lines.append(f"{row.what:<{width}}  {row.figure:<52}  {row.budget:<22}  {verdict}")
    server = figures.get("server")
    if server:
        timings = server["timings"]
        floor, bare = timings["django floor"]["p50_ms"], timings["floor"]["p50_ms"]
        lines.append(f"for reference (p50; Django floor {floor} ms, bare view {bare} ms):")
        for name, timing in timings.items():
            p50 = timing["p50_ms"]
            cpu = ""
            if "cpu_p50_ms" in timing:
                share = timing["cpu_p50_ms"] / timings["django floor"]["cpu_p50_ms"]
                cpu = f"; CPU {timing['cpu_p50_ms']} ms, {share:.2f}x the floor's"
            lines.append(
                f"  {name:<{width}}  {p50} ms: {p50 / floor:.2f}x Django floor, "
                f"{p50 / bare:.1f}x bare view{cpu}"
            )
    engine = figures.get("engine")
    if engine:
        lines.append(
            f"{'engine':<{width}}  {engine['records_per_second']} records/s "
            f"({engine['rounds_per_second']} rounds/s; {engine['records_per_second_remembered']}"
            " remembered)"
        )
    machine = figures.get("machine", {})
    if "cpu_share" in machine:
        lines.append(
            f"machine: {'quiet' if quiet(figures) else 'busy'} (the least share of a core "
            f"this process got: {machine['cpu_share']}; load before the bench: "
            f"{machine['load_before']} on {machine['cpus']} cores)"
        )
    counted = [row for row in rows if quiet(figures) or not row.absolute]
    lines.append(f"{len(counted) - len(missed(rows, figures))} of {len(counted)} budgets met")
    if len(counted) < len(rows):
        lines.append(f"({len(rows) - len(counted)} absolute budgets not held: a busy machine)")
    return "\n".join(lines)


def audit_pages(app: Any, base: str) -> tuple[dict[str, str], list[dict[str, Any]], dict[str, str]]:
    """Every kind of page, with games to show (the browser's session owns them)."""
    from bench.games import game_in_progress, whole_game
    from bench.server import start_game
    from bench.wsgi import Browser
    from rules_engine import GAMES, new_record

    browser = Browser(app)
    browser.get("/")
    urls = {"home": "/", "history": "/games/", "import": "/games/import/"}
    urls |= {"sign up": "/accounts/signup/", "sign in": "/accounts/login/"}
    for game in GAMES:
        urls[f"new {game}"] = f"/new/{game}/"
        urls[f"print {game}"] = f"/print/{game}/"
        started = start_game(
            browser,
            new_record(
                game,
                ["Ann", "Bob", "Cas", "Dev"][
                    : max(GAMES[game].min_players, min(4, GAMES[game].max_players))
                ],
                0,
            ),
        )
        urls[f"table {game}"] = f"/g/{started.key}/"
    playing = start_game(browser, game_in_progress("oh-hell", 4, 3))
    over = start_game(browser, whole_game("oh-hell", random.Random(3)))
    urls |= {
        "table, 3 rounds in": f"/g/{playing.key}/",
        "table, game over": f"/g/{over.key}/",
        "sheet": f"/g/{over.key}/sheet/",
        "viewer": f"/v/{playing.viewer_key}/",
        "player": "/players/ann/",
    }
    cookies = [
        {"name": name, "value": value, "url": base} for name, value in browser.cookies.items()
    ]
    lighthouse = {"game screen": f"{base}/g/{playing.key}/", "sheet": f"{base}/g/{over.key}/sheet/"}
    return {name: base + url for name, url in urls.items()}, cookies, lighthouse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", default=",".join(PARTS), help="parts to run, comma-separated")
    parser.add_argument("--repeats", type=int, default=300, help="timed requests a step")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit with status 1 when any figure misses its budget (to gate a release); "
        "absolute times count only on a quiet machine",
    )
    parser.add_argument(
        "--absolute",
        action="store_true",
        help="hold the absolute times to their budgets even on a busy machine",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the temporary folder (database, gunicorn log, screenshots); "
        "by default it is removed at the end",
    )
    parser.add_argument(
        "--database-url",
        default="",
        help="PostgreSQL (postgres://..., a database of its own, made if it is not there, "
        "which the bench fills and leaves filled) instead of a temporary SQLite file",
    )
    parser.add_argument(
        "--live-tables",
        type=int,
        default=100,
        help="tables for the live part's tap to another phone (100; the goal is for 100)",
    )
    args = parser.parse_args(argv)
    parts = [part.strip() for part in args.only.split(",") if part.strip()]
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(
            f"unknown parts {', '.join(sorted(unknown))}; the parts are {', '.join(PARTS)}"
        )

    with env.scratch_folder(keep=args.keep) as folder:
        say(f"database and static files in {folder}" + (" (kept)" if args.keep else ""))
        figures = measure(folder, parts, args.repeats, args.database_url, args.live_tables)
    if args.absolute:
        figures["machine"]["quiet"] = True
    return report(figures, check=args.check)


def measure(
    folder: Path, parts: list[str], repeats: int, database_url: str = "", live_tables: int = 100
) -> dict[str, Any]:
    """The figures of the parts asked for, on a fresh database (or ``database_url``'s)
    and settings in ``folder``."""
    began = time.perf_counter()
    load_before = env.load_average()
    shares = [env.cpu_share()]
    env.prepare(folder, database_url)
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connections

    app = WSGIHandler()
    figures: dict[str, Any] = {}
    seconds: dict[str, float] = {}

    def run(part: str, measure: Callable[[], Any]) -> None:
        if part not in parts:
            return
        say(f"{part}...")
        start = time.perf_counter()
        figures[part] = measure()
        seconds[part] = round(time.perf_counter() - start, 1)
        shares.append(env.cpu_share())

    from bench import engine, history, server, slowest, weight

    run("engine", engine.measure)
    run("server", lambda: server.measure(app, repeats=repeats))
    run("history", lambda: history.measure(app, repeats=min(repeats, 100)))
    run("bytes", lambda: weight.measure(app))
    run("slowest", lambda: slowest.measure(app))
    if {"taps", "audits", "load"} & set(parts):
        from bench import audits, load, taps
        from bench.serve import gunicorn

        workers = 2
        with gunicorn(folder, workers) as base:
            run("taps", lambda: taps.measure(base, folder / "screenshots"))
            if "audits" in parts and (why := audits.missing()):
                say(f"audits skipped: {why}")
                figures["audits_skipped"] = why
            elif "audits" in parts:
                pages, cookies, lighthouse_pages = audit_pages(app, base)
                run(
                    "audits",
                    lambda: {
                        "lighthouse": {
                            name: audits.lighthouse(url) for name, url in lighthouse_pages.items()
                        },
                        "axe": audits.axe(pages, cookies),
                    },
                )
            run("load", lambda: load.measure(app, base, workers))
    if "live" in parts:
        from bench import live

        # Its own servers (gunicorn with uvicorn's workers), as scripts/prod runs it.
        run("live", lambda: live.measure(folder, say, live_tables))
    connections.close_all()  # the database file goes with the folder
    figures["seconds"] = {**seconds, "total": round(time.perf_counter() - began, 1)}
    figures["machine"] = machine(shares, load_before)
    figures["machine"]["load_after"] = round(env.load_average(), 2)
    if database_url:
        figures["machine"]["database"] = "PostgreSQL (DATABASE_URL)"
    return figures


def report(figures: dict[str, Any], check: bool = False) -> int:
    """Print the figures as JSON, then each against its budget; the exit status.

    With ``check``, a missed budget makes the status 1 and is named on stderr; on a
    busy machine, the absolute budgets (times, not ratios) are shown but not held.
    """
    rows = budgets(figures)
    figures["budgets_missed"] = [row.what for row in missed(rows, figures)]
    print(json.dumps(figures, indent=2))
    print()
    print(table(rows, figures))
    if check and figures["budgets_missed"]:
        say(
            f"--check: {len(figures['budgets_missed'])} budgets missed: "
            + "; ".join(figures["budgets_missed"])
        )
        return 1
    return 0


def machine(shares: list[float], load_before: float) -> dict[str, Any]:
    import os
    import platform

    import django

    cpus = os.cpu_count() or 1
    share = round(min(shares), 2)
    return {
        "cpus": cpus,
        "python": platform.python_version(),
        "django": django.__version__,
        "database": "SQLite (temporary file, WAL)",
        "cpu_share": share,
        "load_before": round(load_before, 2),
        "quiet": share >= QUIET_SHARE and load_before <= cpus / 2,
    }


if __name__ == "__main__":
    sys.exit(main())
