"""sheet_pdf with the whole table asking at once (issue 44), on the home server's stack
(gunicorn with uvicorn's workers, WeasyPrint drawing for real): seven phones, each
on an address of its own, ask for the finished game's PDF together, and each gets
it, having waited its turn, rather than a 503."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.home_server import HomeServer, home_server
from tests.web.test_live_on_the_home_server import ask_bytes

PHONES = 7


@pytest.fixture
def server(tmp_path: Path) -> Iterator[HomeServer]:
    with home_server(tmp_path) as running:
        yield running


@pytest.mark.slow
def test_seven_phones_asking_for_the_pdf_at_once_each_get_it(server: HomeServer) -> None:
    key = server.make(
        "import random\n"
        "from bench.games import whole_game\n"
        "from scorepad.models import Game\n"
        "result = Game.start(whole_game('oh-hell', random.Random(44))).key"
    )
    together = threading.Barrier(PHONES)
    answers: list[tuple[int, bytes, float]] = []

    def ask_for_it(number: int) -> None:
        together.wait()
        began = time.monotonic()
        status, body, _ = ask_bytes(server, f"/g/{key}/sheet.pdf", f"127.0.0.{30 + number}")
        answers.append((status, body, time.monotonic() - began))

    phones = [threading.Thread(target=ask_for_it, args=(n,)) for n in range(PHONES)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(60)

    assert [status for status, _, _ in answers] == [200] * PHONES, answers
    assert all(body.startswith(b"%PDF-") for _, body, _ in answers)
    assert len({body for _, body, _ in answers}) == 1  # drawn once, for everyone
    print(f"seven PDFs at once: slowest {max(took for _, _, took in answers):.2f} s")
