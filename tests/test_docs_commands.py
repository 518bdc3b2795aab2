"""Every command the docs show is true: the safe ones run, the others name what exists.

The commands of README.md and docs/ (docs/dev/ too): every line of a ```sh block, each
command of a ```crontab block (after its five time fields), and each inline `code`
that is a command. An indented code block is refused: a command in one would be read
by no test, so every block says what it holds (```sh, ```crontab, ```text...).

- ``.venv/bin/python manage.py ...`` (with ``DEBUG=true`` in front or not),
  ``bash scripts/manage ...`` (with ``sudo -u scorepad`` in front or not: it runs as
  whoever runs the tests, its settings read from a file as from /etc/default/scorepad)
  and ``python -m rules_engine score ...`` run as written, in order, in a copy of the
  project as a fresh local install has it with nothing set (no DEBUG, no SECRET_KEY),
  on a database made for them, which holds one game and the user ``ann``; ``ID`` is
  that game's number and ``/var/backups/scorepad`` a folder of the copy. Each must
  exit 0; the ones that ask questions (``changepassword``, ``createsuperuser``) are
  answered on a terminal of their own, and their account signs in afterwards.
- Every other line is not run (it starts a server, installs, or needs root or
  Docker), but what it names must exist: ``bash scripts/X`` and X's flags, pytest's
  markers, a setting given in front of a command, the files and units it copies or
  enables, the compose file's services, a management command.
- A command written so that it cannot run here fails: ``python manage.py`` or
  ``pytest`` outside ``.venv`` (Django is only in ``.venv``).

Anywhere in the docs, ``manage.py <command>`` and ``scripts/<name>`` name ones that exist.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import shlex
import shutil
import subprocess
import termios
import textwrap
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.management import get_commands

from tests.five_games import BOERENBRIDGE, OH_HELL

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# A fence may be indented (a block inside a list item): its lines are, as much.
FENCE = re.compile(
    r"^(?P<indent>[ ]*)```(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S
)
INDENTED = re.compile(r"(?:\A|\n[ \t]*\n)(?P<code>(?: {4}\S[^\n]*\n?)+)")
INLINE = re.compile(r"(?<!`)`(?P<code>[^`\n]+)`(?!`)")
INSTALLED = "/opt/scorepad"
# Run as written, in the sandbox.
RUN = re.compile(
    r"^(DEBUG=true )?(\.venv/bin/python (manage\.py|-m rules_engine) |python -m rules_engine "
    r"|(sudo -u scorepad )?bash scripts/manage )"
)
# An inline command is one of these; the others (`manage.py migrate`) name one.
INLINE_COMMAND = re.compile(r"^([A-Z_]+=\S+ )*(bash scripts/|\.venv/bin/|python3? |pytest )")
# As written, they fail: Django (and pytest) are only in .venv.
OUTSIDE_VENV = re.compile(
    r"^([A-Z_]+=\S+ )*(python3? manage\.py|pytest|python3? -m (?!rules_engine|venv\b))"
)
# In an inline command, a word in capitals or <...> stands for a value to fill in.
PLACEHOLDER = re.compile(r"\b(?!ID\b|DEBUG\b)[A-Z]{3,}\b(?!=)|<[^>]+>|\[")
# What an installed copy holds that a checkout does not: the defaults of the settings
# SECRET_KEY_FILE and SQLITE_PATH (scorepad/settings.py).
MADE_AT_RUN_TIME = {".scorepad", ".scorepad/secret_key", "db.sqlite3"}
# Debian packages the docs install beyond scripts/setup's: uv's installer (home-server.md).
OTHER_PACKAGES = {"python3-venv"}
# Asked on a terminal, and what is answered (changepassword, createsuperuser).
NEW_PASSWORD = "a long new password 42"
ANSWERS = {
    "changepassword": [("Password", NEW_PASSWORD), ("again", NEW_PASSWORD)],
    "createsuperuser": [
        ("Username", "keeper"),
        ("Email", ""),
        ("Password", NEW_PASSWORD),
        ("again", NEW_PASSWORD),
    ],
}
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
    inline: bool = False  # an inline `code`, not a line of a block

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.number}"


def fenced(text: str) -> list[tuple[int, str, str]]:
    """Each fenced block: the line its body starts on, its info string and its body."""
    return [
        (
            text.count("\n", 0, block.start()) + 2,
            block["info"].strip(),
            textwrap.dedent(block["body"]),
        )
        for block in FENCE.finditer(text)
    ]


def outside_fences(text: str) -> str:
    """The text with every fenced block blanked (its lines kept, so numbers hold)."""
    return FENCE.sub(lambda block: "\n" * block.group(0).count("\n"), text)


def shell_lines() -> list[Line]:
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for first, info, body in fenced(text):
            if info not in {"sh", "crontab"}:
                continue
            joined = body.replace("\\\n", " ")
            # A comment starts at " #" outside quotes in these blocks.
            for offset, raw in enumerate(joined.splitlines()):
                command = re.sub(r"(^|\s+)#\s.*$", "", raw).strip()
                if info == "crontab" and command:
                    command = command.split(None, 5)[5]  # after minute hour day month weekday
                if command:
                    found.append(Line(path, first + offset, re.sub(r"\s+", " ", command)))
        plain = outside_fences(text)
        for span in INLINE.finditer(plain):
            command = span["code"].strip()
            if INLINE_COMMAND.match(command):
                number = plain.count("\n", 0, span.start()) + 1
                found.append(Line(path, number, command, inline=True))
    return found


def runnable(line: Line) -> bool:
    """Run as written: a command for the sandbox, with no value left to fill in (an
    inline `python -m rules_engine score` names the command; `.venv/bin/...` is one)."""
    if line.inline and not line.command.startswith(".venv/bin/"):
        return False
    return bool(RUN.match(line.command)) and not PLACEHOLDER.search(
        re.sub(r"^DEBUG=true ", "", line.command)
    )


LINES = shell_lines()
RUN_LINES = [line for line in LINES if runnable(line)]
OTHER_LINES = [line for line in LINES if not runnable(line)]


def test_every_code_block_of_the_docs_says_what_it_holds() -> None:
    indented = []
    for path in DOCS:
        plain = outside_fences(path.read_text(encoding="utf-8"))
        for block in INDENTED.finditer(plain):
            number = plain.count("\n", 0, block.start("code")) + 1
            # Four spaces in a list item are the item's text, not code.
            before = plain[: block.start("code")].rstrip("\n").rsplit("\n\n", 1)[-1]
            if not re.match(r"\s*([-*]|\d+\.) ", before.lstrip("\n")):
                indented.append(f"{path.relative_to(ROOT)}:{number}: {block['code'].strip()[:60]}")

    assert indented == [], "fence them: ```sh, ```crontab or ```text"


def test_no_command_is_written_so_that_it_fails_outside_the_venv() -> None:
    outside = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        spans = [span["code"].strip() for span in INLINE.finditer(outside_fences(text))]
        lines = [line.command for line in LINES if line.path == path]
        outside += [
            f"{path.relative_to(ROOT)}: {c}" for c in spans + lines if OUTSIDE_VENV.match(c)
        ]

    assert sorted(set(outside)) == [], "write .venv/bin/python manage.py, .venv/bin/pytest"


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


def copy_of_the_project(folder: Path) -> None:
    """What a fresh local install has, copied: the commands run on the copy's settings
    (``python manage.py`` puts its own folder first on the path), so that one that
    writes files (makemessages, compilemessages) writes there, not into the project.

    Its ``.venv`` is a folder of its own, with the project's interpreter and packages
    linked in, and a catalogue in it as ``.venv`` holds Django's: a command that walks
    into ``.venv`` (compilemessages without ``--ignore``) compiles it, as it would
    rewrite Django's own there, and the test sees the ``.mo`` file it made."""
    for name in ("scorepad", "rules_engine", "templates", "locale", "static"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "manage.py", folder / "manage.py")
    (folder / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "manage", folder / "scripts" / "manage")
    venv = folder / ".venv"
    venv.mkdir()
    for name in ("bin", "lib", "lib64"):
        if (ROOT / ".venv" / name).exists():
            (venv / name).symlink_to(ROOT / ".venv" / name)
    shutil.copy2(ROOT / ".venv" / "pyvenv.cfg", venv / "pyvenv.cfg")
    catalogue = venv / "site" / "django" / "conf" / "locale" / "nl" / "LC_MESSAGES"
    catalogue.mkdir(parents=True)
    (catalogue / "django.po").write_text('msgid "Yes"\nmsgstr "Ja"\n')


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A folder where the docs' commands run as in the project's folder, with nothing set."""
    folder = tmp_path_factory.mktemp("docs-commands")
    copy_of_the_project(folder)
    env = {key: value for key, value in os.environ.items() if key not in NOT_SET}
    # Only where the database and the made key go: not in the project's folder.
    env["SQLITE_PATH"] = str(folder / "db.sqlite3")
    env["SECRET_KEY_FILE"] = str(folder / "key" / "secret_key")
    # scripts/manage reads them from here, as from /etc/default/scorepad on a home server.
    settings_file = folder / "default-scorepad"
    settings_file.write_text(
        f"SQLITE_PATH={env['SQLITE_PATH']}\nSECRET_KEY_FILE={env['SECRET_KEY_FILE']}\n"
    )
    env["SCOREPAD_ENV_FILE"] = str(settings_file)
    env["PATH"] = f"{folder / '.venv' / 'bin'}:{env.get('PATH', '/usr/bin:/bin')}"
    (folder / "game.json").write_text(json.dumps(OH_HELL))
    (folder / "games.json").write_text(json.dumps([OH_HELL, BOERENBRIDGE]))
    python = str(folder / ".venv" / "bin" / "python")
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


def on_a_terminal(
    command: str, answers: list[tuple[str, str]], folder: Path, env: dict[str, str]
) -> tuple[int, str]:
    """``command`` run on a terminal of its own (a new session whose controlling
    terminal is a pseudo-terminal), answering each question as it is asked: its exit
    status and what it wrote."""
    main, terminal = pty.openpty()

    def take_the_terminal() -> None:
        os.setsid()
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(
        ["/bin/bash", "-c", command],
        cwd=folder,
        env=env,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        preexec_fn=take_the_terminal,
    )
    os.close(terminal)
    said, asked = "", list(answers)
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(main, 4096).decode(errors="replace")
                except OSError:  # the command ended and closed its terminal
                    break
                if not chunk:
                    break
                said += chunk
                if asked and asked[0][0] in said.rsplit("\n", 1)[-1]:
                    os.write(main, (asked.pop(0)[1] + "\n").encode())
            elif process.poll() is not None:
                break
        return process.wait(10), said
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        os.close(main)


def signs_in(name: str, folder: Path, env: dict[str, str]) -> bool:
    check = (
        "from django.contrib.auth.models import User; "
        f"print(User.objects.get(username={name!r}).check_password({NEW_PASSWORD!r}))"
    )
    done = subprocess.run(
        [str(folder / ".venv/bin/python"), "manage.py", "shell", "--no-imports", "-c", check],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.stdout.strip().endswith("True")


# Slow: a dozen fresh processes, each setting Django up (about half a minute).
@pytest.mark.slow
def test_each_command_the_docs_show_runs_as_written(sandbox: tuple[Path, dict[str, str]]) -> None:
    folder, env = sandbox
    failed = []
    for line in RUN_LINES:
        command = re.sub(r"\bID\b", "1", line.command).replace("/var/backups/scorepad", "backups")
        command = command.removeprefix("sudo -u scorepad ")
        asks = [answers for name, answers in ANSWERS.items() if f" {name}" in command]
        if asks:
            status, said = on_a_terminal(command, asks[0], folder, env)
            name = "keeper" if "createsuperuser" in command else command.split()[-1]
            if status != 0 or not signs_in(name, folder, env):
                failed.append(f"{line.where}: {line.command}: {said.strip()[-300:]}")
            continue
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
    assert list((folder / ".venv").rglob("*.mo")) == []  # nothing compiled inside .venv
    assert not (ROOT / "key").exists()


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
            inside = word.removeprefix(f"{INSTALLED}/")
            if not (ROOT / inside).exists() and inside not in MADE_AT_RUN_TIME:
                missing.append(word)
    if program == "bash" and args and args[0].startswith("scripts/"):
        name = args[0].removeprefix("scripts/")
        if not (ROOT / "scripts" / name).is_file():
            return [*missing, args[0]]
        passes_on = {"check": "pytest", "lock": "pip-compile", "manage": "manage.py"}
        if name == "manage" and len(args) > 1 and args[1] not in get_commands():
            missing.append(f"manage.py {args[1]}")
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
        # The packages setup installs (the PDFs' Pango), or one of the few the docs add.
        setup = (ROOT / "scripts" / "setup").read_text()
        wanted = [arg for arg in args[1:] if not arg.startswith("-")]
        missing += [
            f"the package {name}"
            for name in wanted
            if name not in setup and name not in OTHER_PACKAGES
        ]
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
