"""Every POST form and the JSON import, fed generated values: never a 500, and every game
replays to the scores stored for it afterwards.

Where tests/web/test_random_input.py throws random text at each field alone, this
builds whole posts: each field of the form missing, given once or repeated, with
numbers in other scripts' digits ("²", "٣", "𝟏"), letters of any script, huge and
negative numbers, long strings, plausible values (a bid on offer, the version shown,
a real button) so that games move on, and fields no form has. The import gets the
five games' records with a field changed, dropped, doubled or added.

After every request, each game's record is read by the engine again and scored, and
the totals must be those stored (``Figures``), and its table must be drawn. The
fast loop tries a few examples a form; the slow run (``-m slow``) tries ``MANY``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import GAMES, StepKind, parse_record, presets, review
from scorepad.forms import SetupForm
from scorepad.guards import throttle
from scorepad.models import Figures, Game
from scorepad.screens.table import current_table
from tests.five_games import ABRACADABRA, BOERENBRIDGE, BRINK_BID, OH_HELL, SINKER
from tests.web.browsers import started_here

# A few examples a form in the fast loop; more in the slow run (or FUZZ_EXAMPLES=500).
FEW = 4
MANY = int(os.environ.get("FUZZ_EXAMPLES", "60"))
RECORDS = {
    "oh-hell": OH_HELL,
    "boerenbridge": BOERENBRIDGE,
    "brink-bid": BRINK_BID,
    "sinker": SINKER,
    "abracadabra": ABRACADABRA,
}
NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve", "", "ann", "ＡＮＮ"]

CRAFTED = [
    "²",
    "٣",
    "𝟏",
    "１",
    "١٢",
    "-1",
    "-0",
    "+1",
    " 1",
    "1e3",
    "0x10",
    "0",
    "1",
    "2",
    "3",
    "10",
    "200",
    "201",
    "99999999999999999999",
    "9" * 5000,
    "ab" * 2500,
    "",
    " ",
    "\x00",
    "ß" * 40,
    "on",
    "true",
    "null",
    "[]",
    "{}",
    "<b>x</b>",
]
VALUE = st.one_of(
    st.sampled_from(CRAFTED),
    st.integers(-(10**30), 10**30).map(str),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
    st.text(st.characters(categories=["L", "M"]), max_size=12),
    st.text(max_size=20),
)


def posted(
    fields: dict[str, st.SearchStrategy[str]], given: tuple[str, ...] = ()
) -> st.SearchStrategy[dict[str, list[str]]]:
    """A post of these fields: each missing, given once or repeated, and maybe others.

    The fields ``given`` are there once nine times in ten (a form of ours always
    sends them), so that most posts get past them to the rest.
    """

    def mostly_once(values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
        missing: st.SearchStrategy[list[str]] = st.just([])
        repeated = st.lists(values, min_size=2, max_size=3)
        once = st.lists(values, min_size=1, max_size=1)
        return st.integers(0, 9).flatmap(
            lambda roll: (missing, repeated)[roll] if roll < 2 else once
        )

    known = st.fixed_dictionaries(
        {name: mostly_once(fields[name]) for name in given},
        optional={
            name: st.lists(values, min_size=1, max_size=3)
            for name, values in fields.items()
            if name not in given
        },
    )
    unknown = st.dictionaries(
        st.sampled_from(["zzz", "option_nope", "bids-9", "name-1", "csrfmiddlewaretoken"]),
        st.lists(VALUE, min_size=1, max_size=2),
        max_size=2,
    )
    return st.builds(
        lambda ours, others: {**others, **{k: v for k, v in ours.items() if v}}, known, unknown
    )


def plausible(*values: str) -> st.SearchStrategy[str]:
    """Mostly one of these values (so that games move on), sometimes anything."""
    return st.integers(0, 3).flatmap(lambda roll: st.sampled_from(values) if roll else VALUE)


# --- Setup ---------------------------------------------------------------------------

ACTIONS = (
    "start",
    "add",
    "remove-0",
    "up-1",
    "down-0",
    "pick-Ann",
    "dealers",
    "preview",
    "preview-own",
    "pattern",
    "save-rules",
    "edit-rules",
    "rename-1",
    "delete-1",
    "remove-²",
    "rename-١",
)
FORMULAS = ("10 + 2 * t", "-t", "b * t", "max(b, n, t, h) * h", "abs(t - b) * -10", "(" * 60)


def setup_fields(game: str) -> dict[str, st.SearchStrategy[str]]:
    rules = GAMES[game]
    form = SetupForm(rules)
    fields: dict[str, st.SearchStrategy[str]] = {}
    for name, field in form.fields.items():
        choices = [str(value) for value, _ in getattr(field, "choices", [])]
        fields[name] = plausible(*choices) if choices else plausible("1", "2", "7", "on", "")
    fields |= {
        "player": plausible(*NAMES),
        "action": plausible(*ACTIONS),
        "first_dealer": plausible("draw", "0", "1", "2"),
        "rules_name": plausible("Ours", ""),
        "name-1": plausible("Renamed", ""),
    }
    if form.has_house_rules:
        fields |= {
            "rules": plausible("as-ruled", "own", "saved-1", *(p.key for p in presets(game))),
            "option_hands": plausible("1, 2, 3", "1, 2, ²", "3 2 1", "0", "1," * 30),
            "option_made": plausible(*FORMULAS),
            "option_missed": plausible(*FORMULAS),
        }
    return fields


# --- The games the table forms work on ------------------------------------------------


@pytest.fixture(autouse=True)
def no_request_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    # The limits would answer 429 long before the generated posts reach the forms.
    monkeypatch.setattr(throttle, "retry_after", lambda limit, request: 0)


@pytest.fixture
def games(client: Client) -> dict[str, Game]:
    """Each game, stored as play leaves it (figures and all), in the client's browser."""
    made = {name: Game.start(parse_record(record)) for name, record in RECORDS.items()}
    started_here(client, *made.values())
    return made


def check_answer(response: Any) -> None:
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.content.strip(), "a refusal without a message"


def check_games() -> None:
    """Every game replays to the totals stored for it, and its table can be drawn."""
    stored: dict[int, list[int]] = {}
    for game_id, total in Figures.objects.order_by("game", "seat").values_list("game", "total"):
        stored.setdefault(game_id, []).append(total)
    for game in Game.objects.all():
        record, _ = game.load()
        assert parse_record(record.to_json()) == record
        assert stored.get(game.pk) == list(review(record).totals), game.record
        current_table(game)


def table_fields(game: Game) -> dict[str, st.SearchStrategy[str]]:
    """The table's forms' fields, with the step on offer's kind and choices likely."""
    current, _ = current_table(game)
    step = current.step
    choices = [choice.value for choice in step.choices] or ["0", "1"]
    return {
        "version": plausible(str(game.version)),
        "kind": st.one_of(plausible(str(step.kind)), st.sampled_from([str(k) for k in StepKind])),
        "seat": plausible(
            *sorted({str(seat) for seat in (step.seat, *step.seats) if seat is not None}), ""
        ),
        "value": plausible(*choices),
        "values": plausible(*choices),
        "pile": plausible(*choices),
        "rest": plausible(*choices),
        "number": plausible("1", "2", "0"),
        "confirm": plausible("on", ""),
    }


Post = Callable[[Client, dict[str, Game], st.DataObject], Any]
# What the table's own forms always send.
GIVEN = ("version", "kind", "seat", "value", "number")


def at_game(path: str) -> Post:
    def post(client: Client, games: dict[str, Game], data: st.DataObject) -> Any:
        game = games[data.draw(st.sampled_from(sorted(games)), label="game")]
        game.refresh_from_db()
        values = data.draw(posted(table_fields(game), GIVEN), label="post")
        return client.post(f"/g/{game.key}/{path}", values)

    return post


def change_at(path: str, given: tuple[str, ...] = (), **fields: st.SearchStrategy[str]) -> Post:
    """A change made between rounds (scorepad/views/changes.py), with its own fields."""

    def post(client: Client, games: dict[str, Game], data: st.DataObject) -> Any:
        game = games[data.draw(st.sampled_from(sorted(games)), label="game")]
        game.refresh_from_db()
        own = {"version": plausible(str(game.version)), **fields}
        values = data.draw(posted(own, ("version", *given)), label="post")
        return client.post(f"/g/{game.key}/{path}", values)

    return post


def correct_round(client: Client, games: dict[str, Game], data: st.DataObject) -> Any:
    game = games[data.draw(st.sampled_from(sorted(games)), label="game")]
    game.refresh_from_db()
    number = data.draw(st.sampled_from([1, 2]), label="round")
    fields = table_fields(game)
    for field in ("bids", "tricks", "calls", "trump", "dice", "named", "suits"):
        for seat in range(4):
            fields[f"{field}-{seat}"] = plausible("0", "1", "2", "3", "all", "pass")
    fields["trump-0"] = plausible("hearts", "spades", "none")
    values = data.draw(posted(fields, ("version", "bids-0", "tricks-0")), label="post")
    return client.post(f"/g/{game.key}/sheet/{number}/", values)


def setup(game: str) -> Post:
    def post(client: Client, games: dict[str, Game], data: st.DataObject) -> Any:
        fields = setup_fields(game)
        given = tuple(name for name in ("action", "first_dealer", "rules") if name in fields)
        values = data.draw(posted(fields, given), label="post")
        # Players come many at a time, as the form's rows send them.
        players = data.draw(st.lists(fields.pop("player"), max_size=8), label="players")
        return client.post(f"/new/{game}/", {**values, "player": players} if players else values)

    return post


def form_at(url: str, **fields: st.SearchStrategy[str]) -> Post:
    def post(client: Client, games: dict[str, Game], data: st.DataObject) -> Any:
        return client.post(url, data.draw(posted(fields, tuple(fields)), label="post"))

    return post


# --- The import: the five records with one thing changed -------------------------------

JSON_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=False),
        VALUE,
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(VALUE, inner, max_size=3),
    max_leaves=8,
)
PLAYED_AT = st.one_of(
    st.datetimes(timezones=st.timezones()).map(lambda moment: moment.isoformat()),
    st.sampled_from(["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "2026-11-21"]),
)


@st.composite
def changed_record(draw: st.DrawFn) -> str:
    record: dict[str, Any] = json.loads(json.dumps(draw(st.sampled_from(list(RECORDS.values())))))
    how = draw(
        st.sampled_from(["same", "field", "drop", "add", "round", "option", "played_at", "twice"])
    )
    if how == "field":
        record[draw(st.sampled_from(sorted(record)))] = draw(JSON_VALUE)
    elif how == "drop":
        del record[draw(st.sampled_from(sorted(record)))]
    elif how == "add":
        record[draw(st.sampled_from(["notes", "version", "Game"]))] = draw(JSON_VALUE)
    elif how == "round" and record["rounds"]:
        rnd = draw(st.sampled_from(record["rounds"]))
        rnd[draw(st.sampled_from(sorted(rnd) + ["extra"]))] = draw(JSON_VALUE)
    elif how == "option":
        name = draw(st.sampled_from(["deals", "target", "style", "hands", "made", "hook"]))
        record["options"][name] = draw(JSON_VALUE)
    elif how == "played_at":
        record["played_at"] = draw(PLAYED_AT)
    text = json.dumps(record, ensure_ascii=draw(st.booleans()))
    if how == "twice":
        # The same key twice: a JSON object's duplicate keys.
        text = text.replace('"game": ', '"game": "sinker", "game": ', 1)
    return text


def import_records(client: Client, games: dict[str, Game], data: st.DataObject) -> Any:
    texts = data.draw(st.lists(changed_record(), min_size=1, max_size=3), label="records")
    text = texts[0] if len(texts) == 1 else "[" + ", ".join(texts) + "]"
    return client.post("/games/import/", {"text": text})


POSTS: dict[str, Post] = {
    **{f"setup {game}": setup(game) for game in GAMES},
    "enter": at_game("enter/"),
    "undo": at_game("undo/"),
    "redo": at_game("redo/"),
    "correct": at_game("correct/"),
    "again": at_game("again/"),
    "delete": at_game("delete/"),
    "restore": at_game("restore/"),
    "correct a round": correct_round,
    "someone joins": change_at(
        "change/",
        ("name", "place", "start"),
        name=plausible(*NAMES, "Eva"),
        place=plausible("0", "1", "4", "9"),
        start=plausible("zero", "lowest", "number"),
        start_number=plausible("0", "-12", "10000", "10001"),
    ),
    "someone leaves": change_at("leaves/", ("seat",), seat=plausible("0", "1", "2", "3")),
    "comes back": change_at("back/", ("seat",), seat=plausible("0", "1", "2", "3")),
    "change the plan": change_at("plan/", ("plan",), plan=plausible("3 2 1", "13", "1", "")),
    "stop here": change_at("stop/"),
    "import": import_records,
    "rename a player": form_at(
        "/rename-player/",
        player=plausible(*NAMES),
        name=plausible(*NAMES),
        confirm=plausible("on", ""),
    ),
    "sign up": form_at(
        "/accounts/signup/",
        username=plausible("zoe", "ZOE"),
        password1=plausible("correct horse battery"),
        password2=plausible("correct horse battery"),
        next=plausible("/games/", "https://evil.example/", "//evil.example"),
    ),
    "sign in": form_at(
        "/accounts/login/",
        username=plausible("zoe"),
        password=plausible("correct horse battery"),
        next=plausible("/games/", "//evil.example"),
    ),
    "sign out": form_at("/accounts/logout/", next=plausible("/", "//evil.example")),
    "language": form_at("/i18n/setlang/", language=plausible("nl", "en", "xx"), next=VALUE),
}


def post_and_replay(client: Client, games: dict[str, Game], name: str, data: st.DataObject) -> None:
    # Each example starts from the same games (a savepoint, rolled back after it), so
    # that what is drawn depends on the draws alone; a few posts in a row move a game on.
    caches["fragments"].clear()
    # With htmx or without: the views answer each its own way.
    client.defaults.pop("HTTP_HX_REQUEST", None)
    if data.draw(st.booleans(), label="htmx"):
        client.defaults["HTTP_HX_REQUEST"] = "true"
    with transaction.atomic():
        for _ in range(data.draw(st.integers(1, 3), label="posts")):
            check_answer(POSTS[name](client, games, data))

            check_games()
        transaction.set_rollback(True)


FUZZ = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(POSTS))
@settings(FUZZ, max_examples=FEW)
@given(data=st.data())
def test_generated_posts_never_get_a_500_and_every_game_still_replays(
    client: Client, games: dict[str, Game], name: str, data: st.DataObject
) -> None:
    post_and_replay(client, games, name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(POSTS))
@settings(FUZZ, max_examples=MANY)
@given(data=st.data())
def test_many_generated_posts_never_get_a_500_and_every_game_still_replays(
    client: Client, games: dict[str, Game], name: str, data: st.DataObject
) -> None:
    post_and_replay(client, games, name, data)
