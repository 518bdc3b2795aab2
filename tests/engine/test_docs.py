"""The docs are kept true: every worked example in them is scored by the engine.

In README.md and docs/ (docs/dev/ too):

- a fenced block opened with ```` ```json scorepad ```` holds a scorepad/1 record; the
  next line that is not blank says what the engine makes of it, either
  ``Totals: Ann 25, Bob 15, Cat 25, Dev 4.`` (in seat order, optionally followed by
  `` Winner: Ann.`` or `` Winners: Ann, Bob.``; without one the game must still be going)
  or ``Refused: round 1: <the engine's message>``;
- a block opened with ```` ```json scorepad-output ```` is exactly what
  ``python -m rules_engine score`` prints for the record block before it, to the
  character;
- every ```` ```python ```` block runs as it is, and uses every name it imports.
"""

from __future__ import annotations

import ast
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from rules_engine import RulesError, parse_record, score
from rules_engine.cli import main as cli

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)
TOTALS = re.compile(r"Totals: (?P<totals>.+?)\.(?: Winners?: (?P<winners>.+)\.)?")
REFUSED = re.compile(r"Refused: (?P<message>.+)")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    info: str
    body: str
    after: str  # the first line after the block that is not blank

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        rest = text[match.end() :].lstrip("\n")
        found.append(
            Block(
                path=path,
                line=text.count("\n", 0, match.start()) + 1,
                info=match["info"].strip(),
                body=match["body"],
                after=rest.split("\n", 1)[0].strip(),
            )
        )
    return found


ALL_BLOCKS = [block for path in DOCS for block in blocks(path)]
RECORDS = [block for block in ALL_BLOCKS if block.info == "json scorepad"]
OUTPUTS = [block for block in ALL_BLOCKS if block.info == "json scorepad-output"]
PYTHON = [block for block in ALL_BLOCKS if block.info == "python"]


def test_the_docs_have_worked_examples_of_every_game() -> None:
    games = {json.loads(block.body)["game"] for block in RECORDS}

    assert games == {
        "oh-hell",
        "boerenbridge",
        "brink-bid",
        "sinker",
        "abracadabra",
        "wizard",
        "skull-king",
        "spades",
    }
    assert (ROOT / "docs" / "rules.md") in {block.path for block in RECORDS}
    assert (ROOT / "docs" / "dev" / "record-format.md") in {block.path for block in RECORDS}


def test_every_whole_record_in_the_docs_is_marked_to_be_scored() -> None:
    unmarked = [
        block.where
        for block in ALL_BLOCKS
        if block.info.startswith("json")
        and block.info != "json scorepad"
        and '"format": "scorepad/1"' in block.body
    ]

    assert unmarked == []


@pytest.mark.parametrize("block", RECORDS, ids=[block.where for block in RECORDS])
def test_each_worked_example_scores_as_the_docs_say(block: Block) -> None:
    data = json.loads(block.body)
    totals = TOTALS.fullmatch(block.after)
    refused = REFUSED.fullmatch(block.after)
    assert totals or refused, f"{block.where}: no 'Totals: ...' or 'Refused: ...' line after it"

    try:
        sheet = score(parse_record(data))
    except RulesError as error:
        if refused and str(error) == refused["message"]:
            return
        raise
    assert refused is None, f"{block.where}: the engine accepts it: {sheet.totals}"
    assert totals is not None
    shown = [item.rsplit(" ", 1) for item in totals["totals"].split(", ")]
    assert [name for name, _ in shown] == data["players"]
    assert list(sheet.totals) == [int(value) for _, value in shown]
    winners = totals["winners"].split(", ") if totals["winners"] else []
    assert sheet.finished == bool(winners)
    assert [data["players"][seat] for seat in sheet.winners] == winners


@pytest.mark.parametrize("block", OUTPUTS, ids=[block.where for block in OUTPUTS])
def test_the_command_lines_output_in_the_docs_is_what_it_prints(block: Block) -> None:
    before = [b for b in RECORDS if b.path == block.path and b.line < block.line]
    assert before, f"{block.where}: no record block before it"
    record = before[-1].body
    out, err = io.StringIO(), io.StringIO()

    status = cli(["score", "-"], stdin=io.StringIO(record), stdout=out, stderr=err)

    assert status == 0, err.getvalue()
    assert out.getvalue() == block.body


@pytest.mark.parametrize("block", PYTHON, ids=[block.where for block in PYTHON])
def test_each_python_example_runs_and_uses_what_it_imports(block: Block) -> None:
    tree = ast.parse(block.body)
    imported = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom | ast.Import)
        for alias in node.names
    }
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}

    assert imported - used == set()
    exec(compile(tree, block.where, "exec"), {"__name__": "docs_example"})
