"""Every command the docs show is true: the safe ones run, the others name what exists.

The ```sh blocks of README.md and docs/ (docs/dev/ too), line by line:

- ``.venv/bin/python manage.py ...`` and ``python -m rules_engine score ...`` run as
  written, in order, in a folder of their own as a local install with nothing set (no
  DEBUG, no SECRET_KEY), on a database made for them, which holds one game and the
  user ``ann``; ``ID`` is that game's number and ``/var/backups/scorepad`` a folder
  of the sandbox. Each must exit 0.
- Every other line is not run (it starts a server, installs, or needs root or
  Docker), but what it names must exist: ``bash scripts/X`` and X's flags, pytest's
  markers, a setting given in front of a command, the files and units it copies or
  enables, the compose file's services, a management command.

Anywhere in the docs, ``manage.py <command>`` and ``scripts/<name>`` name ones that exist.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.management import get_commands

from tests.five_games import BOERENBRIDGE, OH_HELL

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)
INSTALLED = "/opt/scorepad"
# Run as written, in the sandbox.
RUN = re.compile(r"^(\.venv/bin/python manage\.py |python -m rules_engine )")
# Variables of ours that must not reach a command run as a local install would.
NOT_SET = {
    "DEBUG",
    "SECRET_KEY",
    "SECRET_KEY_FILE",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "SQLITE_PATH",
    "DJANGO_SETTINGS_MODULE",
}


@dataclass(frozen=True)
class Line:
    path: Path
    number: int
    command: str  # continuation lines joined, the comment left off

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.number}"


def shell_lines() -> list[Line]:
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for block in FENCE.finditer(text):
            if block["info"].strip() != "sh":
                continue
            first = text.count("\n", 0, block.start()) + 2
            joined = block["body"].replace("\\\n", " ")
            # A comment starts at " #" outside quotes in these blocks.
            for offset, raw in enumerate(joined.splitlines()):
                command = re.sub(r"\s+#\s.*$", "", raw).strip()
                if command:
                    found.append(Line(path, first + offset, re.sub(r"\s+", " ", command)))
    return found


LINES = shell_lines()
RUN_LINES = [line for line in LINES if RUN.match(line.command)]
OTHER_LINES = [line for line in LINES if not RUN.match(line.command)]


def test_the_docs_show_the_commands_a_family_needs() -> None:
    run = " ".join(line.command for line in RUN_LINES)

    for command in (
        "export_game",
        "import_game",
        "purge_deleted",
        "rebuild_figures",
        "backup_games",
        "restore_games",
        "rules_engine score",
    ):
        assert command in run, command


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A folder where the docs' commands run as in the project's folder, with nothing set."""
    folder = tmp_path_factory.mktemp("docs-commands")
    (folder / ".venv").symlink_to(ROOT / ".venv")
    (folder / "manage.py").symlink_to(ROOT / "manage.py")
    env = {key: value for key, value in os.environ.items() if key not in NOT_SET}
    # Only where the database and the made key go: not in the project's folder.
    env["SQLITE_PATH"] = str(folder / "db.sqlite3")
    env["SECRET_KEY_FILE"] = str(folder / "key" / "secret_key")
    env["PATH"] = f"{ROOT / '.venv' / 'bin'}:{env.get('PATH', '/usr/bin:/bin')}"
    (folder / "game.json").write_text(json.dumps(OH_HELL))
    (folder / "games.json").write_text(json.dumps([OH_HELL, BOERENBRIDGE]))
    python = str(ROOT / ".venv" / "bin" / "python")
    prepare = [
        ["manage.py", "migrate", "--no-input"],
        ["manage.py", "import_game", "game.json"],
        [
            "manage.py",
            "shell",
            "--no-imports",
            "-c",
            "from django.contrib.auth.models import User; User.objects.create_user('ann')",
        ],
    ]
    for args in prepare:
        done = subprocess.run(
            [python, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
    return folder, env


# Slow: a dozen fresh processes, each setting Django up (about half a minute).
@pytest.mark.slow
def test_each_command_the_docs_show_runs_as_written(sandbox: tuple[Path, dict[str, str]]) -> None:
    folder, env = sandbox
    failed = []
    for line in RUN_LINES:
        command = re.sub(r"\bID\b", "1", line.command).replace("/var/backups/scorepad", "backups")
        done = subprocess.run(
            ["/bin/bash", "-c", command],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            failed.append(f"{line.where}: {line.command}: {done.stderr.strip()[-300:]}")

    assert failed == []
    assert (folder / "key" / "secret_key").exists()  # the commands made the key they use


def script_flags(name: str) -> str:
    """Where a script's flags are read: its own text, or the program it hands them to."""
    if name == "bench":
        return (ROOT / "bench" / "__main__.py").read_text()
    return (ROOT / "scripts" / name).read_text()


def settings_read() -> str:
    return "\n".join(
        path.read_text()
        for path in [ROOT / "scorepad" / "settings.py", *(ROOT / "scripts").iterdir()]
    )


def units() -> set[str]:
    return {path.name for path in (ROOT / "deploy").iterdir()}


def check_named(command: str) -> list[str]:
    """What in ``command`` (one simple command) does not exist."""
    missing = []
    words = shlex.split(command)
    # Settings in front of the command: read by the settings or a script.
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        name = words.pop(0).split("=", 1)[0]
        if f'"{name}"' not in settings_read() and name not in settings_read():
            missing.append(f"the setting {name}")
    if not words:
        return missing
    if words[0] == "sudo":
        words = words[1:]
        if words[:2] == ["-u", "scorepad"]:
            words = words[2:]
    program, args = words[0], words[1:]
    for word in args:
        if word.startswith(f"{INSTALLED}/"):
            if not (ROOT / word.removeprefix(f"{INSTALLED}/")).exists():
                missing.append(word)
    if program == "bash" and args and args[0].startswith("scripts/"):
        name = args[0].removeprefix("scripts/")
        if not (ROOT / "scripts" / name).is_file():
            return [*missing, args[0]]
        passes_on = {"check": "pytest", "lock": "pip-compile"}
        if name not in passes_on:
            flags = [arg.split("=")[0] for arg in args[1:] if arg.startswith("--")]
            missing += [f"{args[0]} {flag}" for flag in flags if flag not in script_flags(name)]
    elif program == ".venv/bin/pytest":
        markers = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
        known = {marker.split(":")[0] for marker in markers["ini_options"]["markers"]}
        if "-m" in args:
            named = set(re.findall(r"\w+", args[args.index("-m") + 1])) - {"not", "and", "or"}
            missing += [f"the marker {marker}" for marker in named - known]
    elif program in {"systemctl", "journalctl"}:
        for unit in [arg for arg in args if arg.startswith("scorepad")]:
            if unit not in units() and f"{unit}.service" not in units():
                missing.append(f"the unit {unit}")
    elif program == "docker" and args[:1] == ["compose"]:
        services = (ROOT / "compose.yaml").read_text()
        for arg in args[2:]:
            service = arg.split(":")[0]
            if re.fullmatch(r"[a-z]+", service) and f"\n  {service}:\n" not in services:
                missing.append(f"the compose service {service}")
            break  # the first word after the subcommand is the service
        if "manage.py" in args:
            command = args[args.index("manage.py") + 1]
            if command not in get_commands():
                missing.append(f"manage.py {command}")
    elif program == "apt-get":
        setup = (ROOT / "scripts" / "setup").read_text()
        wanted = [arg for arg in args[1:] if not arg.startswith("-")]
        missing += [f"the package {name}" for name in wanted if name not in setup]
    return missing


@pytest.mark.parametrize("line", OTHER_LINES, ids=[line.where for line in OTHER_LINES])
def test_each_command_not_run_names_what_exists(line: Line) -> None:
    missing = []
    for part in re.split(r" && | > ", line.command):
        if part.startswith(("cd ", "echo ", ".env")):
            continue
        missing += check_named(part)

    assert missing == []


def test_every_management_command_and_script_the_docs_name_exists() -> None:
    commands = get_commands()
    missing = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for name in re.findall(r"manage(?:\.py)? ([a-z_]+)", text):
            if name not in commands:
                missing.append(f"{path.relative_to(ROOT)}: manage.py {name}")
        for name in re.findall(r"scripts/([a-z-]+)", text):
            if not (ROOT / "scripts" / name).is_file():
                missing.append(f"{path.relative_to(ROOT)}: scripts/{name}")

    assert missing == []
