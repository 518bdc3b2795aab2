"""The home server's files (deploy/, Dockerfile, compose.yaml) name what exists.

Docker cannot run where the tests run, so the image is never built here: these
tests read the files instead. The compose file must parse as YAML (with PyYAML,
where some Python on this machine has it) and agree with the Dockerfile and the
scripts; the systemd units go through `systemd-analyze verify` where it is installed.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNITS = sorted((ROOT / "deploy").glob("scorepad*.*"))
INSTALLED = "/opt/scorepad"  # where the units expect the project


def compose() -> dict[str, Any]:
    """compose.yaml read by PyYAML: in this Python, or another on PATH that has it."""
    text = (ROOT / "compose.yaml").read_text()
    try:
        import yaml
    except ImportError:
        pass
    else:
        loaded: dict[str, Any] = yaml.safe_load(text)
        return loaded
    python = shutil.which("python3")
    code = "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))"
    if python:
        done = subprocess.run([python, "-c", code], input=text, capture_output=True, text=True)
        if done.returncode == 0:
            parsed: dict[str, Any] = json.loads(done.stdout)
            return parsed
    pytest.skip("no YAML parser (PyYAML) on this machine")


def test_the_compose_file_runs_scorepad_on_postgresql() -> None:
    services = compose()["services"]

    scorepad, db = services["scorepad"], services["db"]
    assert scorepad["build"] == "."
    assert scorepad["depends_on"]["db"]["condition"] == "service_healthy"
    published = db["ports"][0].rsplit(":", 2)
    assert published[0] == "127.0.0.1"
    url = scorepad["environment"]["DATABASE_URL"]
    assert url.startswith("postgres://scorepad:")
    assert url.endswith(f"@127.0.0.1:{published[1]}/{db['environment']['POSTGRES_DB']}")
    assert scorepad["environment"]["SECRET_KEY_FILE"].startswith("/data/")
    assert "scorepad-data:/data" in scorepad["volumes"]


def test_the_dockerfile_installs_what_setup_asks_for_and_runs_home() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    setup = (ROOT / "scripts" / "setup").read_text()

    pango = re.search(r'^pango_packages="([^"]+)"', setup, re.M)
    assert pango is not None
    installed = re.search(r"--no-install-recommends \\\n\s+([^\\\n]+)", dockerfile)
    assert installed is not None and installed.group(1).split() == pango.group(1).split()
    for script in re.findall(r"scripts/([a-z-]+)", dockerfile):
        assert (ROOT / "scripts" / script).is_file(), script
    assert 'CMD ["bash", "scripts/home"]' in dockerfile
    assert ".venv" in (ROOT / ".dockerignore").read_text().split()


def test_the_units_run_scripts_and_commands_that_exist() -> None:
    commands = {path.stem for path in (ROOT / "scorepad/management/commands").glob("[a-z]*.py")}

    assert [unit.name for unit in UNITS] == [
        "scorepad-backup.service",
        "scorepad-backup.timer",
        "scorepad.service",
    ]
    for unit in UNITS:
        for line in re.findall(r"^ExecStart=(.+)$", unit.read_text(), re.M):
            words = line.split()
            for word in words:
                if word.startswith(f"{INSTALLED}/scripts/"):
                    assert (ROOT / word.removeprefix(f"{INSTALLED}/")).is_file(), word
            if "manage.py" in words:
                assert words[words.index("manage.py") + 1] in commands, line


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_finds_nothing_wrong_with_the_units(tmp_path: Path) -> None:
    # The units as installed in this checkout, which has a .venv where /opt/scorepad would.
    for unit in UNITS:
        text = unit.read_text().replace(INSTALLED, str(ROOT))
        (tmp_path / unit.name).write_text(text)

    done = subprocess.run(
        ["systemd-analyze", "verify", *sorted(str(path) for path in tmp_path.iterdir())],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 0, done.stderr
    assert "scorepad" not in done.stderr, done.stderr


def test_the_image_brings_a_python_scorepad_runs_on() -> None:
    # Debian 12 and Raspberry Pi OS 12 have Python 3.11; the image is the way round it
    # (docs/home-server.md), so its Python must be one scripts/setup takes.
    dockerfile = (ROOT / "Dockerfile").read_text()
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]

    base = re.search(r"^FROM python:(\d+)\.(\d+)-slim-(\w+)$", dockerfile, re.M)
    assert base is not None, "a python:<version>-slim-<debian> image, built for arm64 too"
    assert requires == ">=3.12"
    assert (int(base[1]), int(base[2])) >= (3, 12)
    assert "RUN bash scripts/setup prod" in dockerfile
