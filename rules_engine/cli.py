"""``python -m rules_engine score FILE``: score a scorepad/1 record.

On success one JSON document goes to standard output. A record that breaks a rule
is refused whole: exit status 1, nothing on standard output, one line on standard
error naming the round and the rule. No traceback ever reaches the user.
"""

from __future__ import annotations

import argparse
import gettext
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .errors import RulesError
from .messages import Message
from .record import load_record
from .sheet import score


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules_engine",
        description="Score a scorepad/1 game record.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    scoring = commands.add_parser("score", help="print the scores of a game record as JSON")
    scoring.add_argument("file", metavar="FILE", help="the record's file, or - for standard input")
    scoring.add_argument(
        "--lang",
        default="en",
        choices=("en", "nl"),
        help="the language of a refusal: en (the default) or nl",
    )
    return parser


# The web app's compiled catalogues (locale/<lang>/LC_MESSAGES/django.mo) hold the
# engine's templates too; the standard library's gettext reads them, so the CLI
# speaks Dutch without Django and without a second copy of the words.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def _words(error: RulesError, lang: str) -> str:
    if lang == "en":
        return str(error)
    catalogue = gettext.translation("django", LOCALE_DIR, languages=[lang], fallback=True)
    return error.words(catalogue.gettext, catalogue.ngettext)


def _read(path: str, stdin: TextIO) -> str | bytes:
    """The file's text, or its bytes (JSON's own reading then finds UTF-8, with or
    without the byte order mark Notepad writes, UTF-16 or UTF-32)."""
    if path == "-":
        # Its bytes where it has them: the terminal's encoding is not the file's.
        buffer = getattr(stdin, "buffer", None)
        return buffer.read() if buffer is not None else stdin.read()
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        # The system's reason ("No such file or directory") comes in its own words.
        reason = str(error.strerror or error)
        raise RulesError(Message("cli_cannot_read", path=path, error=reason)) from None


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = _parser().parse_args(argv)  # exits 2 with a usage line on a wrong argument
    try:
        sheet = score(load_record(_read(args.file, stdin)))
    except RecursionError:  # a record nested past what reading it could follow
        error = RulesError(Message("record_too_deep"))
    except RulesError as refused:
        error = refused
    else:
        stdout.write(json.dumps(sheet.to_json(), indent=2) + "\n")
        return 0
    # One line, always: a message may quote a house rule's expression.
    stderr.write(" ".join(_words(error, args.lang).split()) + "\n")
    return 1
