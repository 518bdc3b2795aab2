"""A change flows one way through the web app's layers, read from the imports (as
tests/engine/test_import_graph.py reads the engine's):

    views  ->  play  ->  live  ->  screens  ->  models

The views call the screens and ``play``; ``play`` saves through the models and
publishes through ``live``; ``live`` draws the screens. None of them reaches back up:
the models only persist, the live updates never call into the views, and the screens
never publish.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

SCOREPAD = Path(__file__).resolve().parents[1] / "scorepad"


def _name(path: Path) -> str:
    parts = path.relative_to(SCOREPAD.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _trees() -> dict[str, ast.Module]:
    return {
        _name(path): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(SCOREPAD.rglob("*.py"))
        if "migrations" not in path.parts
    }


def _imported(tree: ast.Module, known: set[str], top_only: bool) -> set[str]:
    """The modules of scorepad that a module imports (at its top, or anywhere)."""
    nodes = tree.body if top_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                if inner in known:
                    found.add(inner)
                elif node.module in known:
                    found.add(node.module)
    return found


def _graph(top_only: bool = False) -> dict[str, set[str]]:
    trees = _trees()
    known = set(trees)
    return {name: _imported(tree, known, top_only) for name, tree in trees.items()}


def _under(name: str, *layers: str) -> bool:
    return any(
        name == f"scorepad.{layer}" or name.startswith(f"scorepad.{layer}.") for layer in layers
    )


def _reaching(
    graph: dict[str, set[str]], low: tuple[str, ...], high: tuple[str, ...]
) -> dict[str, set[str]]:
    """The modules of the ``low`` layers that import a module of the ``high`` ones."""
    return {
        name: above
        for name, imported in graph.items()
        if _under(name, *low) and (above := {each for each in imported if _under(each, *high)})
    }


def test_the_models_only_persist_and_never_import_the_layers_above() -> None:
    assert _reaching(_graph(), ("models",), ("live", "screens", "play", "views", "forms")) == {}


def test_the_live_updates_never_call_back_up_into_the_views_or_play() -> None:
    assert _reaching(_graph(), ("live",), ("views", "play")) == {}


def test_the_screens_are_drawn_without_publishing_or_the_views() -> None:
    assert _reaching(_graph(), ("screens",), ("live", "views", "play")) == {}


def test_play_is_called_by_the_views_and_calls_no_view() -> None:
    assert _reaching(_graph(), ("play",), ("views",)) == {}


def test_only_the_views_and_the_urls_import_the_views() -> None:
    outside = {
        name: imported
        for name, imported in _graph().items()
        if not _under(name, "views", "urls") and any(_under(each, "views") for each in imported)
    }
    assert outside == {}


def test_no_layer_looks_a_model_up_by_name_to_dodge_a_cycle() -> None:
    for name, tree in _trees().items():
        if _under(name, "models", "live", "screens", "play"):
            calls = [
                node.lineno
                for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and node.attr == "get_model"
            ]
            assert calls == [], name


def test_the_web_apps_imports_have_no_cycle() -> None:
    graph = _graph(top_only=True)
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"an import cycle: {' -> '.join(error.args[1])}") from None
