"""scripts/setup's search for a Python 3.12+, run in bash with no Python on PATH."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

SETUP = Path(__file__).resolve().parent.parent / "scripts" / "setup"


def find_python(home: Path, path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Only the script's two functions, then find_python, in a bash with the given PATH."""
    text = SETUP.read_text(encoding="utf-8")
    pattern = r"^is_312_plus\(\) \{.*?^\}\n\nfind_python\(\) \{.*?^\}\n"
    functions = re.search(pattern, text, re.S | re.M)
    assert functions is not None
    return subprocess.run(
        ["/bin/bash", "-c", functions.group(0) + "find_python"],
        env={"PATH": str(path), "HOME": str(home), **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def a_pyenv_python(root: Path) -> Path:
    python = root / "versions" / "3.12.7" / "bin" / "python3"
    python.parent.mkdir(parents=True)
    python.symlink_to(sys.executable)
    return python


def test_setup_finds_pyenvs_python_in_the_users_own_home(tmp_path: Path) -> None:
    home = tmp_path / "someone"
    python = a_pyenv_python(home / ".pyenv")

    found = find_python(home, tmp_path / "empty")

    assert found.stdout.strip() == str(python)


def test_setup_finds_pyenvs_python_under_pyenv_root(tmp_path: Path) -> None:
    python = a_pyenv_python(tmp_path / "elsewhere")

    found = find_python(tmp_path, tmp_path / "empty", PYENV_ROOT=str(tmp_path / "elsewhere"))

    assert found.stdout.strip() == str(python)


def test_setup_asks_pyenv_itself_for_its_root(tmp_path: Path) -> None:
    python = a_pyenv_python(tmp_path / "asked")
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    pyenv = bin_folder / "pyenv"
    pyenv.write_text(f'#!/bin/sh\n[ "$1" = root ] && echo {tmp_path / "asked"}\n')
    pyenv.chmod(0o755)

    found = find_python(tmp_path, bin_folder, PYENV_ROOT=str(tmp_path / "not-this-one"))

    assert found.stdout.strip() == str(python)


def test_setup_skips_a_pyenv_python_that_does_not_run(tmp_path: Path) -> None:
    broken = tmp_path / ".pyenv" / "versions" / "3.12.0" / "bin" / "python3"
    broken.parent.mkdir(parents=True)
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)

    found = find_python(tmp_path, tmp_path / "empty")

    assert str(broken) not in found.stdout
    assert os.access(broken, os.X_OK)


def test_serve_refuses_an_unknown_flag_before_setting_anything_up() -> None:
    done = subprocess.run(
        ["/bin/bash", str(SETUP.with_name("serve")), "--wan"],
        capture_output=True,
        text=True,
        timeout=30,
    )

    assert done.returncode == 2
    assert done.stderr == "usage: scripts/serve [--lan]\n"
    assert done.stdout == ""
