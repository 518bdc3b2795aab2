"""Write scorepad/engine_templates.py: the engine's message templates, for makemessages.

The engine (standard library only) keeps each template once: the shared ones in
rules_engine/messages.py's ``ENGLISH``, each game's own in its module (``GameRules.messages``),
collected here from the built-in games (``rules_engine.games.BUILT_IN``: not a game
the tests register, whose words the app does not carry). makemessages reads source
text, not data, so this command writes them out as literal ``gettext_noop``/
``ngettext_lazy`` calls, and each game's own words from its data
(``rules_engine.game_words``) likewise. The file is the machine's copy: run this
command after changing a template (a test fails until the committed file is the one
it writes). See docs/dev/translating.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules_engine import game_words
from rules_engine.games import BUILT_IN
from rules_engine.messages import ENGLISH, Plural, Template

TARGET = Path(settings.BASE_DIR) / "scorepad" / "engine_templates.py"

HEAD = '''"""The engine's message templates, marked for translation so that makemessages finds them.

Written by ``manage.py engine_templates`` from rules_engine/messages.py's ``ENGLISH`` and
each registered game's own messages and words: do not edit; change the template there and run the
command (docs/dev/translating.md).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

# ruff: noqa: E501 (one literal a line, as makemessages reads them)
# fmt: off
TEMPLATES = (
'''


def collected() -> dict[str, Template]:
    """Every message template: the shared ones, then each game's own, in the games' order."""
    templates = dict(ENGLISH)
    for rules in BUILT_IN.values():
        templates.update(rules.messages)
    return templates


def engine_templates() -> str:
    """The text of scorepad/engine_templates.py, one call a template, in ``collected``'s order."""
    lines = []
    for code, template in collected().items():
        if isinstance(template, Plural):
            call = f"ngettext_lazy({template.one!r}, {template.other!r}, {template.count!r})"
        else:
            call = f"gettext_noop({template!r})"
        lines.append(f"    {call},  # {code}\n")
    return (
        HEAD
        + "".join(lines)
        + ")\n"
        + WORDS_HEAD
        + "".join(f"    gettext_noop({word!r}),\n" for word in collected_words())
        + ")\n# fmt: on\n"
    )


WORDS_HEAD = """# Each registered game's own words from its data (rules_engine.game_words): its
# summary, options and their help and choices, presets, sheet boxes, calls, dice, bonuses.
GAME_WORDS = (
"""


def collected_words() -> tuple[str, ...]:
    """Every built-in game's own words, once each, in the games' order."""
    return tuple(dict.fromkeys(word for rules in BUILT_IN.values() for word in game_words(rules)))


class Command(BaseCommand):
    help = "Write scorepad/engine_templates.py from the engine's message templates."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="only fail when the committed file is stale"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        text = engine_templates()
        if options["check"]:
            if TARGET.read_text() != text:
                raise CommandError(f"{TARGET.name} is stale: run manage.py engine_templates")
            self.stdout.write(f"{TARGET.name} is up to date.")
            return
        TARGET.write_text(text)
        self.stdout.write(f"Wrote {len(collected())} templates to {TARGET.name}.")
