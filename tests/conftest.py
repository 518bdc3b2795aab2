"""Shared fixtures; engine tests need none and no database.

The web fixtures are games stored as players would have entered them, written
out in full so that a test's numbers can be checked by hand against RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rules_engine import register
from scorepad.live import drawings
from scorepad.models import Game
from scorepad.screens import kept
from tests.judgement import Judgement
from tests.lucky_trick import LuckyTrick

# The tests' own games, registered before any test module is collected, so that every
# test that loops over the registered games meets them too: a new game trips on
# nothing beyond its own files (issue 46).
TESTS_OWN_GAMES = (register(LuckyTrick()), register(Judgement()))

PLAYERS = ("Ann", "Bob", "Cat", "Dev")

# Oh Hell, long style, positive scoring, Ann deals first.
# Round 1, 10 cards, Ann deals: Bob 3, Cat 2, Dev 3, so Ann may not bid 2; she bids 3.
# Scores: Ann 3 of 3 = 13, Bob 4 of 3 = 4, Cat 2 of 2 = 12, Dev 1 of 3 = 1.
ROUND_1 = {"bids": [3, 3, 2, 3], "tricks": [3, 4, 2, 1]}
# Round 2, 9 cards, Bob deals: Cat 3, Dev 2, Ann 2, so Bob may not bid 2; he bids 1.
# Scores: Ann 12, Bob 11, Cat 13, Dev 3.
ROUND_2 = {"bids": [2, 1, 3, 2], "tricks": [2, 1, 3, 3]}
TOTALS_AFTER_2 = [25, 15, 25, 4]


def oh_hell(
    rounds: Sequence[dict[str, Any]] = (),
    players: Sequence[str] = PLAYERS,
    options: dict[str, Any] | None = None,
    first_dealer: int = 0,
) -> dict[str, Any]:
    """An Oh Hell record in the scorepad/1 format."""
    return {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": options or {},
        "players": list(players),
        "first_dealer": first_dealer,
        "rounds": [dict(rnd) for rnd in rounds],
    }


def bid(seat: int, value: int) -> dict[str, Any]:
    return {"kind": "bid", "seat": seat, "value": value}


# The tests make their own databases; a db.sqlite3 that appears in the project
# folder during a run means something opened the default one (issue 16).
PROJECT_DATABASE = Path(__file__).resolve().parent.parent / "db.sqlite3"
_HAD_PROJECT_DATABASE = PROJECT_DATABASE.exists()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _HAD_PROJECT_DATABASE and PROJECT_DATABASE.exists():
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write("\n")
            reporter.write_line(
                f"FAILED: the run created {PROJECT_DATABASE}; a test opened the default "
                "database instead of its own (give a subprocess its own SQLITE_PATH)",
                red=True,
            )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every web test may use the (test) database; engine tests never touch it."""
    for item in items:
        if item.path.parent.name == "web":
            item.add_marker(pytest.mark.django_db)


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """A fast password hasher: the tests sign up and in many times (never in production)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def nothing_drawn_yet() -> None:
    """What this process drew and kept of games (scorepad/live/drawings.py,
    scorepad/screens/kept.py) forgotten: a database emptied between tests gives the
    next test's game the last one's id."""
    drawings._drawn.clear()
    kept.forget_all()
    drawings._read_lately.clear()


@pytest.fixture
def htmx_client() -> Client:
    """A client whose every request comes from htmx."""
    return Client(headers={"HX-Request": "true"})


@pytest.fixture
def new_game(db: None) -> Game:
    """Oh Hell for Ann, Bob, Cat and Dev, Ann dealing: Bob bids first, of 10 cards."""
    return Game.objects.create(kind="oh-hell", record=oh_hell(), version=3)


@pytest.fixture
def played_game(db: None) -> Game:
    """The same game two rounds in; round 3 (8 cards, Cat deals) not started."""
    return Game.objects.create(kind="oh-hell", record=oh_hell([ROUND_1, ROUND_2]), version=7)


@pytest.fixture
def hooked_game(db: None) -> Game:
    """Round 1 with Bob 3, Cat 2 and Dev 3 bid: Ann deals and may not bid 2."""
    return Game.objects.create(
        kind="oh-hell",
        record=oh_hell(),
        pending=[bid(1, 3), bid(2, 2), bid(3, 3)],
        version=5,
    )


@pytest.fixture
def bidding_game(db: None) -> Game:
    """Round 3 of the played game (8 cards, Cat deals) with Dev's bid of 1 in."""
    return Game.objects.create(
        kind="oh-hell",
        record=oh_hell([ROUND_1, ROUND_2]),
        pending=[bid(3, 1)],
        version=9,
    )


@pytest.fixture
def correcting_game(db: None) -> Game:
    """The played game with round 1 opened for correcting, nothing re-entered yet."""
    return Game.objects.create(
        kind="oh-hell", record=oh_hell([ROUND_1, ROUND_2]), correcting=1, version=8
    )


def _short_game_rounds() -> list[dict[str, Any]]:
    # Everyone bids 0. Round 1 (1 card): Bob takes it. Rounds 2-10: Ann takes all.
    rounds = [{"bids": [0, 0, 0], "tricks": [0, 1, 0]}]
    rounds += [{"bids": [0, 0, 0], "tricks": [cards, 0, 0]} for cards in range(2, 11)]
    return rounds


FINISHED_TOTALS = [64, 91, 100]


@pytest.fixture
def finished_game(db: None) -> Game:
    """Short-up Oh Hell (1 to 10 cards) for Ann, Bob and Cat, all played: Cat won on 100."""
    record = oh_hell(_short_game_rounds(), ("Ann", "Bob", "Cat"), {"style": "short-up"})
    return Game.objects.create(kind="oh-hell", record=record, version=40)


@pytest.fixture
def stored() -> Callable[[Game], dict[str, Any]]:
    """What the database holds for a game now, to compare before and after a request."""

    def read(game: Game) -> dict[str, Any]:
        return dict(
            Game.objects.values(
                "record", "pending", "correcting", "dealer_draw", "version", "updated"
            ).get(pk=game.pk)
        )

    return read


def start_game(client: Client, *players: str) -> Game:
    """Start Oh Hell in this client's browser through the setup form, as a player would."""
    data = {
        "player": list(players or PLAYERS),
        "option_style": "long",
        "option_scoring": "positive",
        "first_dealer": "0",
        "action": "start",
    }
    response = client.post("/new/oh-hell/", data)
    assert response.status_code == 303, response.content
    return Game.objects.get(key=response["Location"].split("/")[2])
