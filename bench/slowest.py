"""The slowest pages within the limits: a game of 200 rounds (RULINGS.md, "Length").

Its table, its sheet and its PDF's parts (the first and the last), the widest
filled sheet's PDF (Oh Hell for seven), the largest blank sheet's PDF, and the largest
import: each request's CPU time in this process (the server's own work, as a
worker would spend it), the PDFs both drawn and served again from the cache.
Budget: every request under 1 s of CPU.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.handlers.wsgi import WSGIHandler
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from bench.games import game_in_progress, one_round, players
from bench.server import start_game
from bench.wsgi import Browser, Reply
from rules_engine import Record, new_record
from scorepad.forms.printing import MOST_ROUNDS
from scorepad.history.records import MAX_IMPORT_BYTES, MAX_IMPORT_GAMES, MAX_IMPORT_ROUNDS
from scorepad.printing.pdf import warm_up

ROUNDS = 200
BUDGET_MS = 1000


def longest_game(rounds: int = ROUNDS, seed: int = 6) -> Record:
    """Abracadabra for four, ``rounds`` deals: its deals are the longest rounds to print."""
    rng = random.Random(seed)
    record = new_record("abracadabra", players(4), 0, {"deals": rounds})
    while len(record.rounds) < rounds:
        record = one_round(record, rng)
    return record


def cpu_ms(request: Any, expect: int) -> float:
    start = time.process_time()
    answer: Reply = request()
    spent = (time.process_time() - start) * 1000
    assert answer.status == expect, (answer.status, answer.text[:300])
    return round(spent, 1)


def upload(browser: Browser, url: str, text: str) -> Reply:
    """A file posted as the import page's form posts it (multipart)."""
    file = SimpleUploadedFile("games.json", text.encode(), content_type="application/json")
    body = encode_multipart(BOUNDARY, {"file": file})
    environ = browser.environ("POST", url, body)
    environ["CONTENT_TYPE"] = MULTIPART_CONTENT
    return browser.call(environ)


def measure(app: WSGIHandler) -> dict[str, Any]:
    browser = Browser(app)
    # As a gunicorn worker does when it starts (scorepad/wsgi.py), before any request.
    start = time.process_time()
    warm_up()
    worker_start = round((time.process_time() - start) * 1000, 1)
    record = longest_game()
    game = start_game(browser, record)
    pdf = f"/g/{game.key}/sheet.pdf?paper=a4&part="
    wide = start_game(browser, game_in_progress("oh-hell", 7, 12))
    widest = f"/g/{wide.key}/sheet.pdf?paper=a4"
    blank = f"/print/abracadabra/pdf?players=4&option_deals={MOST_ROUNDS}&paper=a4"
    cache.clear()
    timings = {
        "table": cpu_ms(lambda: browser.get(f"/g/{game.key}/"), 200),
        "sheet": cpu_ms(lambda: browser.get(f"/g/{game.key}/sheet/"), 200),
    }
    # The sheet page links every part of the PDF: the last is the highest number.
    page = browser.get(f"/g/{game.key}/sheet/").text
    last = max(int(number) for number in re.findall(r"part=(\d+)", page))
    timings |= {
        "sheet PDF, part 1, drawn": cpu_ms(lambda: browser.get(f"{pdf}1"), 200),
        "sheet PDF, part 2, drawn": cpu_ms(lambda: browser.get(f"{pdf}2"), 200),
        f"sheet PDF, part {last} (the last), drawn": cpu_ms(
            lambda: browser.get(f"{pdf}{last}"), 200
        ),
        "sheet PDF, cached": cpu_ms(lambda: browser.get(f"{pdf}2"), 200),
        "widest sheet PDF (Oh Hell for 7), drawn": cpu_ms(lambda: browser.get(widest), 200),
        f"blank sheet PDF, {MOST_ROUNDS} rounds, drawn": cpu_ms(lambda: browser.get(blank), 200),
        "blank sheet PDF, cached": cpu_ms(lambda: browser.get(blank), 200),
    }
    # The largest import: as many of these games as the size limit lets in.
    one = json.dumps(record.to_json(), separators=(",", ":"))
    count = min(MAX_IMPORT_GAMES, MAX_IMPORT_ROUNDS // ROUNDS, MAX_IMPORT_BYTES // (len(one) + 1))
    text = "[" + ",".join([one] * count) + "]"
    timings[f"import, {count} games of {ROUNDS} rounds"] = cpu_ms(
        lambda: upload(browser, "/games/import/", text), 303
    )
    # The most games an import takes, each of 12 rounds (fewer than the rounds allowed).
    small = json.dumps(game_in_progress("oh-hell", 4, 12).to_json(), separators=(",", ":"))
    many = "[" + ",".join([small] * MAX_IMPORT_GAMES) + "]"
    timings[f"import, {MAX_IMPORT_GAMES} games of 12 rounds"] = cpu_ms(
        lambda: upload(browser, "/games/import/", many), 303
    )
    return {
        "rounds": ROUNDS,
        "cpu_ms": timings,
        "budget_ms": BUDGET_MS,
        "worker_start_pdf_warm_up_ms": worker_start,
    }
