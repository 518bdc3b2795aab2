"""The engine's modules import one another in one direction: no cycle, and no import
inside a function where a cycle could hide."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "rules_engine"


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text()) for path in sorted(ENGINE.glob("*.py"))}


def _imports_inside_functions(tree: ast.Module) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    lines.append(inner.lineno)
    return lines


def _engine_imports(tree: ast.Module) -> set[str]:
    """The engine modules this one imports at its top (``from .x import ...``)."""
    found = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_no_engine_module_imports_inside_a_function() -> None:
    hidden = {
        name: lines
        for name, tree in _modules().items()
        if (lines := _imports_inside_functions(tree))
    }
    assert hidden == {}


def test_the_engines_imports_have_no_cycle() -> None:
    graph = {name: _engine_imports(tree) for name, tree in _modules().items()}
    assert all(imported <= set(graph) for imported in graph.values())
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"an import cycle: {' -> '.join(error.args[1])}") from None
    assert set(order) == set(graph)


def test_the_games_do_not_import_the_record_or_the_registry() -> None:
    # The registry (games) imports every game, and the record reads the registry.
    graph = {name: _engine_imports(tree) for name, tree in _modules().items()}
    for game in graph["games"] - {"core"}:
        assert not graph[game] & {"games", "record", "house_preview"}, game
