"""`python -m rules_engine score FILE`: JSON out, or one line naming the round and the rule."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine.cli import main

ROOT = Path(__file__).resolve().parents[2]

SPEC_EXAMPLE: dict[str, Any] = {
    "format": "scorepad/1",
    "game": "oh-hell",
    "options": {"style": "long", "scoring": "positive"},
    "players": ["Ann", "Ben", "Cleo", "Dev"],
    "first_dealer": 0,
    "rounds": [{"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 6], "trump": "hearts"}],
}


def run(text: str, argv: list[str] | None = None) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(argv or ["score", "-"], io.StringIO(text), stdout, stderr)
    return status, stdout.getvalue(), stderr.getvalue()


def record(**changes: Any) -> str:
    return json.dumps({**SPEC_EXAMPLE, **changes})


def test_it_prints_the_specs_example_output() -> None:
    status, out, err = run(json.dumps(SPEC_EXAMPLE))
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "game": "oh-hell",
        "players": ["Ann", "Ben", "Cleo", "Dev"],
        "rounds": [
            {"dealer": 0, "hand_size": 10, "scores": [11, 1, 12, 6], "totals": [11, 1, 12, 6]}
        ],
        "totals": [11, 1, 12, 6],
        "finished": False,
        "winners": [],
    }


def test_it_reads_a_file_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SPEC_EXAMPLE))
    status, out, _ = run("", ["score", str(path)])
    assert status == 0 and json.loads(out)["totals"] == [11, 1, 12, 6]


REFUSALS = [
    pytest.param(
        "{not json",
        "the file is not a readable JSON text: something is wrong at line 1, column 2",
        id="unreadable-json",
    ),
    pytest.param("[]", "a game record must be a JSON object", id="not-an-object"),
    pytest.param(record(format="scorepad/2"), "this is not a scorepad/1 game record", id="format"),
    pytest.param(record(game="bridge"), "unknown game 'bridge'", id="unknown-game"),
    pytest.param(record(options={"speed": "fast"}), "unknown option 'speed'", id="unknown-option"),
    pytest.param(
        record(options={"style": "sideways"}), "option style is one of long", id="unknown-value"
    ),
    pytest.param(
        record(players=["Ann", "Ben"]), "Oh Hell is for 3 to 7 players, not 2", id="count"
    ),
    pytest.param(record(players=["Ann", "Ben", "ann"]), "two players are called", id="same-name"),
    pytest.param(record(first_dealer=4), "first_dealer must be a seat from 0 to 3", id="dealer"),
    pytest.param(record(extra=1), "unknown field 'extra'", id="unknown-field"),
    pytest.param(
        record(
            rounds=[
                {"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 6]},
                {"bids": [9, 1, 0], "tricks": [9, 0, 0, 0]},
            ]
        ),
        "round 2: bids must list one value for each of the 4 players",
        id="short-bids",
    ),
    pytest.param(
        record(rounds=[{"bids": [1, 0, 2, 7], "tricks": [1, 1, 2, 6]}]),
        "round 1: Ann deals and may not bid 1: the bids would add up to the 10 tricks",
        id="hook",
    ),
    pytest.param(
        record(rounds=[{"bids": [1, 0, "2", 4], "tricks": [1, 1, 2, 6]}]),
        "round 1: a bid must be a whole number, not '2'",
        id="string-bid",
    ),
    pytest.param(
        record(rounds=[{"bids": [1, 0, 2, 4], "tricks": [1, 1, 2, 6], "trump": "stars"}]),
        "round 1: trump must be one of",
        id="trump",
    ),
    # The spec: every field but played_at is required; a key given twice is refused.
    pytest.param(
        json.dumps({k: v for k, v in SPEC_EXAMPLE.items() if k != "rounds"}),
        "the record has no field rounds",
        id="no-rounds",
    ),
    pytest.param(
        json.dumps({k: v for k, v in SPEC_EXAMPLE.items() if k != "options"}),
        "the record has no field options",
        id="no-options",
    ),
    pytest.param(
        record().replace('"game": "oh-hell"', '"game": "oh-hell", "game": "sinker"'),
        'the key "game" is given twice in one object',
        id="key-twice",
    ),
    pytest.param(
        record().replace('"trump": "hearts"', '"trump": "hearts", "trump": "spades"'),
        'the key "trump" is given twice in one object',
        id="key-twice-in-a-round",
    ),
    pytest.param(
        record(game="sinker", players=["Ann", "Ben"], options={"deals": 201}, rounds=[]),
        "option deals is at most 200, not 201",
        id="deals",
    ),
    pytest.param(
        record(options={"bidding": "blind"}, rounds=[]),
        "option bidding is one of open, sealed, not 'blind'",
        id="bidding",
    ),
]


@pytest.mark.parametrize(("text", "message"), REFUSALS)
def test_it_refuses_a_broken_record_with_one_line_and_nothing_on_stdout(
    text: str, message: str
) -> None:
    status, out, err = run(text)
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert message in err
    assert "Traceback" not in err


def test_it_refuses_a_missing_file_in_one_line(tmp_path: Path) -> None:
    status, out, err = run("", ["score", str(tmp_path / "nope.json")])
    assert (status, out) == (1, "")
    assert err.startswith("cannot read ") and err.count("\n") == 1


def test_it_refuses_a_binary_file_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    status, out, err = run("", ["score", str(path)])
    assert (status, out) == (1, "")
    assert err.count("\n") == 1


def test_it_refuses_deeply_nested_json_without_a_traceback() -> None:
    status, out, err = run("[" * 100000 + "]" * 100000)
    assert (status, out) == (1, "")
    assert "Traceback" not in err and err.count("\n") == 1


def test_the_module_runs_as_a_command_with_exit_status_1_on_a_broken_record() -> None:
    broken = record(rounds=[{"bids": [1, 0, 2, 7], "tricks": [1, 1, 2, 6]}])
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "score", "-"],
        input=broken,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        "round 1: Ann deals and may not bid 1: the bids would add up to the 10 tricks\n"
    )


def test_a_wrong_argument_gets_a_usage_message_and_status_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "tally"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "usage: python -m rules_engine" in done.stderr
    assert "Traceback" not in done.stderr
