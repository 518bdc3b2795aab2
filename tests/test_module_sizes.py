"""Every module can be read in one sitting (STYLE.md; issue 46): none of the engine's,
the web app's or the bench's is over 900 lines. A module that grows past it has seams:
split it there, as at_table.py, abracadabra.py and core.py were."""

from __future__ import annotations

from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parents[1]
MOST_LINES = 900
# Written by `manage.py engine_templates`, never read as code: its length is the catalogue's.
GENERATED = {TOP / "scorepad" / "engine_templates.py"}


@pytest.mark.parametrize("folder", ["rules_engine", "scorepad", "bench"])
def test_no_module_is_longer_than_a_sitting(folder: str) -> None:
    long = {
        str(path.relative_to(TOP)): lines
        for path in sorted((TOP / folder).rglob("*.py"))
        if "migrations" not in path.parts and path not in GENERATED
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}
