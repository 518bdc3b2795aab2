"""The stylesheets: every custom property they use is one they define."""

from __future__ import annotations

import re
from pathlib import Path

STYLES = Path(__file__).resolve().parents[2] / "static" / "css"


def test_every_colour_the_styles_use_is_one_they_define() -> None:
    # The live note once used var(--error, #b3261e): no --error anywhere, so the light
    # theme's dark red stood on the dark theme's near-black too, hard to read.
    sheets = [path.read_text() for path in sorted(STYLES.glob("*.css"))]
    defined = {name for text in sheets for name in re.findall(r"(--[\w-]+)\s*:", text)}
    used = {name for text in sheets for name in re.findall(r"var\(\s*(--[\w-]+)", text)}
    assert used - defined == set()
