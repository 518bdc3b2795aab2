"""No template and no module of scorepad/ names a game: the web layer draws the shapes
a step declares (``Step.shape``) and asks the engine for a game's own words, kinds and
screen data, so that a new game is a module, its templates and a line in games.py
(tests/web/test_a_game_of_the_tests_own.py plays one through the app).

A game is named by its key ("skull-king") or by a kind of step of its own ("bonus",
compared against a step's or an entry's kind). A comment may still say which game a
shape was first made for ("Skull King's bonus"): that names no game to the code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rules_engine import GAMES, SUITS

ROOT = Path(__file__).resolve().parent.parent
KEYS = frozenset(GAMES)
OWN_KINDS = frozenset(str(kind) for rules in GAMES.values() for kind in rules.kinds)
TEMPLATES = sorted(path for path in (ROOT / "templates").rglob("*") if path.is_file())
MODULES = sorted((ROOT / "scorepad").rglob("*.py"))


def test_the_games_own_kinds_are_known() -> None:
    assert {"bonus", "lost", "trick", "name", "declare", "roll"} <= OWN_KINDS
    assert not OWN_KINDS & {"bid", "tricks", "call", "trump", "complete", "over"}


def _keys_in(text: str) -> list[str]:
    return [key for key in KEYS if re.search(rf"[\"']{re.escape(key)}[\"']", text)]


def test_no_template_names_a_game_by_its_key() -> None:
    named = {path.name: _keys_in(path.read_text()) for path in TEMPLATES}
    assert {name: keys for name, keys in named.items() if keys} == {}


def test_no_template_compares_a_kind_with_a_games_own() -> None:
    compared = re.compile(r"kind\s*[!=]=\s*[\"'](\w+)[\"']|[\"'](\w+)[\"']\s*[!=]=\s*\S*kind")
    found = {
        path.name: own
        for path in TEMPLATES
        if (own := {w for m in compared.finditer(path.read_text()) for w in m.groups() if w}
            & OWN_KINDS)
    }  # fmt: skip
    assert found == {}


def test_no_file_of_the_web_layer_is_named_after_a_game() -> None:
    files = [*TEMPLATES, *(ROOT / "static").rglob("*"), *MODULES]
    stems = {path.name for path in files}
    assert [
        name for name in stems for key in KEYS if key.replace("-", "_") in name.replace("-", "_")
    ] == []


def _string_constants(tree: ast.AST) -> list[ast.Constant]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_module_of_scorepad_names_a_game_by_its_key() -> None:
    named = [
        f"{path.relative_to(ROOT)}:{constant.lineno} {constant.value}"
        for path in MODULES
        for constant in _string_constants(ast.parse(path.read_text()))
        # Spades is named after a suit: "spades" the suit names no game.
        if constant.value in KEYS - set(SUITS)
    ]
    assert named == []


def _is_kind(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "kind") or (
        isinstance(node, ast.Name) and node.id == "kind"
    )


def test_no_module_of_scorepad_compares_a_kind_with_a_games_own() -> None:
    found = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if not any(_is_kind(side) for side in sides):
                continue
            for side in sides:
                values = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {v.value}"
                    for v in values
                    if isinstance(v, ast.Constant) and v.value in OWN_KINDS
                ]
    assert found == []


def test_no_module_of_scorepad_imports_a_games_module() -> None:
    games = {
        f"rules_engine.{rules.__class__.__module__.rsplit('.', 1)[-1]}" for rules in GAMES.values()
    }
    imported = [
        f"{path.relative_to(ROOT)} {node.module}"
        for path in MODULES
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.module in games
    ]
    assert imported == []
