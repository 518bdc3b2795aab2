"""Limits that keep one visitor from costing everyone: games started per address, the
PDF allowance, a double tap's token kept to its own browser, and quiet logs for hosts
that are not ours (issue 21's second review)."""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

import pytest
from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules_engine import new_record
from scorepad.guards import throttle
from scorepad.models import Game
from tests.web.browsers import kept_here


def import_file() -> SimpleUploadedFile:
    record = new_record("oh-hell", ["Ann", "Bob", "Cat"], first_dealer=0).to_json()
    return SimpleUploadedFile("games.json", json.dumps(record).encode(), "application/json")


SETUP = {
    "player": ["Ann", "Bob", "Cat"],
    "option_style": "long",
    "option_scoring": "positive",
    "first_dealer": "0",
    "action": "start",
}


def setup_form(client: Client) -> dict[str, Any]:
    """The setup form as this browser's page gives it, with its start token."""
    page = client.get("/new/oh-hell/").text
    token = re.search(r'name="start_token" value="([^"]+)"', page)
    assert token is not None
    return {**SETUP, "start_token": token.group(1)}


# --- The double tap's token -----------------------------------------------------------


def test_another_browser_posting_the_same_token_starts_its_own_game(client: Client) -> None:
    data = setup_form(client)
    first = client.post("/new/oh-hell/", data)
    stranger = Client()

    second = stranger.post("/new/oh-hell/", data)

    assert first.status_code == second.status_code == 303
    assert first["Location"] != second["Location"]
    assert Game.objects.count() == 2
    mine = Game.objects.get(key=first["Location"].split("/")[2])
    assert kept_here(client) == [mine.key]
    assert mine.key not in kept_here(stranger)


def test_the_same_browser_tapping_twice_still_makes_one_game(client: Client) -> None:
    data = setup_form(client)

    first = client.post("/new/oh-hell/", data)
    second = client.post("/new/oh-hell/", data)

    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1


# --- Games started from one address ---------------------------------------------------


@pytest.fixture
def five_an_hour(settings: Any) -> None:
    settings.GAMES_STARTED_PER_HOUR = 5


def test_one_address_may_start_so_many_games_an_hour(client: Client, five_an_hour: None) -> None:
    answers = [client.post("/new/oh-hell/", SETUP).status_code for _ in range(6)]
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").post("/new/oh-hell/", SETUP)

    assert answers == [303] * 5 + [429]
    refused = client.post("/new/oh-hell/", SETUP)
    assert "Too many new games from your address. Try again in" in refused.text
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert elsewhere.status_code == 303
    assert Game.objects.count() == 6


def test_an_htmx_start_over_the_limit_shows_why_in_the_refusals_area(
    client: Client, five_an_hour: None
) -> None:
    for _ in range(5):
        client.post("/new/oh-hell/", SETUP)

    refused = client.post("/new/oh-hell/", SETUP, headers={"HX-Request": "true"})

    # htmx swaps a 429 (base.html's responseHandling), here into #refusals, not the form.
    assert refused.status_code == 429
    assert refused["HX-Retarget"] == "#refusals"
    assert refused["HX-Reswap"] == "innerHTML"
    assert refused.text.startswith('<p class="error" role="alert">Too many new games from')
    page = client.get("/new/oh-hell/").text
    assert '<div id="refusals" class="refusals"></div>' in page
    assert '{"code":"429","swap":true,"error":false}' in page
    assert Game.objects.count() == 5


def test_a_plain_start_over_the_limit_says_why_in_words(client: Client, five_an_hour: None) -> None:
    for _ in range(5):
        client.post("/new/oh-hell/", SETUP)

    refused = client.post("/new/oh-hell/", SETUP)

    assert refused.status_code == 429
    assert refused["Content-Type"] == "text/plain; charset=utf-8"
    assert refused.text.startswith("Too many new games from your address. Try again in ")


@pytest.mark.slow
def test_editing_the_setup_form_does_not_count(client: Client, five_an_hour: None) -> None:
    for _ in range(10):
        assert client.post("/new/oh-hell/", {**SETUP, "action": "add"}).status_code == 200
        assert client.post("/new/oh-hell/", {**SETUP, "player": []}).status_code == 400

    assert client.post("/new/oh-hell/", SETUP).status_code == 303


def test_playing_again_counts_as_starting_a_game(
    client: Client, finished_game: Game, five_an_hour: None
) -> None:
    for _ in range(5):
        assert client.post("/new/oh-hell/", SETUP).status_code == 303

    refused = client.post(f"/g/{finished_game.key}/again/")

    assert refused.status_code == 429
    assert Game.objects.count() == 6


def test_with_no_limit_set_games_are_not_counted(client: Client, settings: Any) -> None:
    settings.GAMES_STARTED_PER_HOUR = 0

    assert all(client.post("/new/oh-hell/", SETUP).status_code == 303 for _ in range(12))


# --- The PDF allowance ----------------------------------------------------------------


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The PDFs actually drawn (each a tiny stand-in)."""
    done: list[str] = []

    def draw(request: object, template: str, context: object, paper: str) -> bytes:
        done.append(template)
        return f"%PDF-1.7 {len(done)}".encode()

    monkeypatch.setattr("scorepad.printing.pdf.render_pdf", draw)
    return done


def test_busy_answers_use_none_of_the_pdf_allowance(
    client: Client, played_game: Game, drawn: list[str], settings: Any
) -> None:
    settings.PDF_WAIT_SECONDS = 0  # busy past its wait at once
    url = f"/g/{played_game.key}/sheet.pdf"
    caches["pdfs"].add("pdf-drawing:0", True)
    busy = [client.get(url).status_code for _ in range(20)]
    caches["pdfs"].delete("pdf-drawing:0")

    answers = []
    for version in range(11):
        Game.objects.filter(pk=played_game.pk).update(version=version)
        answers.append(client.get(url).status_code)

    assert busy == [503] * 20
    assert answers == [200] * 10 + [429]
    assert len(drawn) == 10


def test_an_address_over_its_pdf_allowance_frees_the_drawing_place(
    client: Client, played_game: Game, drawn: list[str]
) -> None:
    url = f"/g/{played_game.key}/sheet.pdf"
    for version in range(11):
        Game.objects.filter(pk=played_game.pk).update(version=version)
        client.get(url)
    Game.objects.filter(pk=played_game.pk).update(version=99)

    assert Client(REMOTE_ADDR="10.0.0.9").get(url).status_code == 200


# --- Hosts that are not ours ----------------------------------------------------------


class Lines(logging.Handler):
    """Log records as the server's log writes them (settings.LOGGING's "plain")."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("{levelname} {name}: {message}", style="{"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def test_a_request_for_another_host_is_logged_in_one_line(client: Client) -> None:
    lines = Lines()
    logger = logging.getLogger("django.security.DisallowedHost")
    logger.addHandler(lines)
    try:
        response = client.get("/", headers={"host": "evil.example"})
    finally:
        logger.removeHandler(lines)

    assert response.status_code == 400
    assert lines.lines == [
        "WARNING django.security.DisallowedHost: Invalid HTTP_HOST header: 'evil.example'. "
        "You may need to add 'evil.example' to ALLOWED_HOSTS."
    ]


# --- The CPU one address may ask for --------------------------------------------------


class FakeCpu:
    """The CPU clock the budget reads: each request costs ``each`` seconds (the clock is
    read as a request starts and as it ends), or the next of ``costs``."""

    def __init__(self, each: float = 0.0) -> None:
        self.now = 0.0
        self.each = each
        self.costs: list[float] = []
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        if self.reads % 2 == 0:  # a request's end
            self.now += self.costs.pop(0) if self.costs else self.each
        return self.now


@pytest.fixture
def budget(settings: Any, monkeypatch: pytest.MonkeyPatch) -> FakeCpu:
    """A budget of 10 CPU seconds an address, 5 a minute after that, 4 requests at once."""
    settings.ADDRESS_CPU_SECONDS = 10
    settings.ADDRESS_CPU_SECONDS_A_MINUTE = 5
    settings.ADDRESS_REQUESTS_AT_ONCE = 4
    monkeypatch.setattr(throttle, "_budget", None)
    cpu = FakeCpu()
    monkeypatch.setattr(throttle, "cpu_clock", cpu)
    return cpu


def test_an_address_that_spent_its_cpu_is_asked_to_wait_and_others_are_not(
    client: Client, budget: FakeCpu
) -> None:
    budget.each = 4.0
    answers = [client.get("/").status_code for _ in range(3)]
    refused = client.get("/")
    elsewhere = Client(REMOTE_ADDR="10.0.0.9").get("/")

    # 4, 8, 12 seconds spent: the third still began within the 10; the fourth waits.
    assert answers == [200] * 3
    assert refused.status_code == 503
    assert refused["Content-Type"] == "text/plain; charset=utf-8"
    assert refused.text.startswith("Your address has asked the server for a lot of work lately.")
    # 12 spent, 2 over the 10: at 5 a minute, some 24 seconds.
    assert 20 < int(refused["Retry-After"]) <= 25
    assert elsewhere.status_code == 200


def test_the_budget_comes_back_with_time(
    client: Client, budget: FakeCpu, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    budget.each = 6.0
    assert [client.get("/").status_code for _ in range(3)] == [200, 200, 503]

    clock[0] += 60  # 12 spent, 5 back: 7
    budget.each = 0.01

    assert client.get("/").status_code == 200


def test_an_import_costing_seconds_leaves_the_table_playable_but_not_a_third_import(
    client: Client, budget: FakeCpu, new_game: Game
) -> None:
    # As an import of 200 games of 20 rounds for seven measured: about 8 s of CPU.
    budget.costs = [8.0, 0.05, 8.0]  # the import, the table, the import
    first = client.post("/games/import/", {"file": import_file()})
    tap_page = client.get(f"/g/{new_game.key}/")
    second = client.post("/games/import/", {"file": import_file()})
    third = client.post("/games/import/", {"file": import_file()})

    assert first.status_code == 303
    assert tap_page.status_code == 200
    assert second.status_code == 303  # 8.05 spent: still within the 10
    assert third.status_code == 503  # 16.05: it waits
    assert int(third["Retry-After"]) > 60


def test_requests_past_so_many_at_once_from_one_address_wait_a_second() -> None:
    budget = throttle.CpuBudget(most=10, per_minute=5, at_once=2)

    assert budget.start("10.0.0.9") == 0
    assert budget.start("10.0.0.9") == 0
    assert budget.start("10.0.0.9") == 1
    assert budget.start("10.0.0.2") == 0
    budget.finish("10.0.0.9", 0.1)
    assert budget.start("10.0.0.9") == 0


def test_the_budget_forgets_addresses_that_spent_nothing_lately(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    budget = throttle.CpuBudget(most=10, per_minute=5, at_once=0)
    for number in range(10_000):
        budget.start(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}")
        budget.finish(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}", 1.0)
    clock[0] += 60  # each has 1 s: gone in 12 s

    budget.start("192.168.1.20")

    assert list(budget.spent) == ["192.168.1.20"]


# Slow: it spends a second of real CPU work.
@pytest.mark.slow
def test_real_work_counts_against_the_address(client: Client, settings: Any) -> None:
    settings.ADDRESS_CPU_SECONDS = 1
    settings.ADDRESS_CPU_SECONDS_A_MINUTE = 1
    throttle._budget = None
    try:
        answers = []
        started = time.monotonic()
        while time.monotonic() - started < 60 and 503 not in answers:
            answers.append(client.get("/new/wizard/").status_code)
    finally:
        throttle._budget = None

    assert answers[-1] == 503
    assert set(answers[:-1]) == {200}


def test_the_streams_are_left_to_their_own_bounds(
    client: Client, budget: FakeCpu, new_game: Game
) -> None:
    budget.each = 20.0
    client.get("/")

    assert client.get("/").status_code == 503
    assert client.get(f"/g/{new_game.key}/live/").status_code in (200, 204)


# --- Exports ----------------------------------------------------------------------------


def test_one_address_may_export_its_games_ten_times_in_ten_minutes(client: Client) -> None:
    caches["default"].clear()
    answers = [client.get("/games/export.json").status_code for _ in range(11)]

    assert answers == [200] * 10 + [429]
    assert Client(REMOTE_ADDR="10.0.0.9").get("/games/export.json").status_code == 200


# --- One client, one count ------------------------------------------------------------

# Addresses of one IPv6 /64, as one device may take them one after another.
ONE_NETWORK = [f"2001:db8:1:2:{number:x}::1" for number in range(1, 13)]


def test_exports_from_new_addresses_of_one_ipv6_network_count_as_one_client() -> None:
    caches["default"].clear()
    answers = [
        Client(REMOTE_ADDR=host).get("/games/export.json").status_code for host in ONE_NETWORK
    ]

    assert answers == [200] * 10 + [429, 429]
    assert Client(REMOTE_ADDR="2001:db8:1:3::1").get("/games/export.json").status_code == 200


def test_imports_from_new_addresses_of_one_ipv6_network_count_as_one_client() -> None:
    caches["default"].clear()
    answers = [
        Client(REMOTE_ADDR=f"2001:db8:1:2:{number:x}::1")
        .post("/games/import/", {"file": import_file()})
        .status_code
        for number in range(1, 22)
    ]

    assert answers == [303] * 20 + [429]


def test_the_cpu_budget_counts_an_ipv6_network_as_one_client(budget: FakeCpu) -> None:
    budget.each = 4.0
    answers = [Client(REMOTE_ADDR=host).get("/").status_code for host in ONE_NETWORK[:4]]
    elsewhere = Client(REMOTE_ADDR="2001:db8:1:3::1").get("/")

    assert answers == [200] * 3 + [503]
    assert elsewhere.status_code == 200


def test_an_ipv4_address_written_as_ipv6_is_the_same_client(budget: FakeCpu) -> None:
    budget.each = 6.0
    first = Client(REMOTE_ADDR="192.168.1.20").get("/")
    second = Client(REMOTE_ADDR="::ffff:192.168.1.20").get("/")
    third = Client(REMOTE_ADDR="192.168.1.20").get("/")

    assert (first.status_code, second.status_code, third.status_code) == (200, 200, 503)
