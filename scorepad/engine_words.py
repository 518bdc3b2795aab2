"""The engine's words in the request's language, and the games' words marked for makemessages.

``translated()`` renders an engine message in the active language. The engine (standard
library only) keeps every message's English template once, in rules_engine/messages.py;
``manage.py engine_templates`` writes them out for makemessages (scorepad/engine_templates.py).
The words every game shares (suits, sheet columns) are listed here, because makemessages
reads source text, not data; each game's own words are collected from the registered games
by the same command; tests/web/test_translations.py fails when a word the engine uses is
missing.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy

from rules_engine import RulesError
from rules_engine.messages import render


def translated(text: str | RulesError) -> str:
    """An engine message, prompt, note or refusal in the request's language."""
    if isinstance(text, RulesError):
        return text.words(gettext, ngettext)
    return render(text, gettext, ngettext)


# ruff: noqa: E501 (one literal a line, as makemessages reads them)
# fmt: off
# The words every game shares, given by the engine as terms or labels (suits, a card
# drawn for first dealer, a cell's parts). Each game's own words (its summary, options,
# presets, calls, dice, bonuses) are collected from the games by ``manage.py
# engine_templates`` (scorepad/engine_templates.py's GAME_WORDS), not listed here.
GAME_TEXTS = (
    gettext_noop('bids'),
    gettext_noop('tricks'),
    gettext_noop('dice'),
    gettext_noop('spades'),
    # A face card's letter, in a card drawn for first dealer: jack, queen, king, ace.
    gettext_noop('J'),
    gettext_noop('Q'),
    gettext_noop('K'),
    gettext_noop('A'),
    gettext_noop('hearts'),
    gettext_noop('diamonds'),
    gettext_noop('clubs'),
    gettext_noop('none'),
    gettext_noop('Spades'),
    gettext_noop('Hearts'),
    gettext_noop('Diamonds'),
    gettext_noop('Clubs'),
    gettext_noop('no trump'),
    # Words the engine gives its messages as parameters (Term).
    gettext_noop('a bid'),
    gettext_noop('tricks'),
    # A cell to correct, and its parts, as the correction names them.
    gettext_noop('Bids'),
    gettext_noop('Number'),
    gettext_noop('bid'),
    gettext_noop('trump'),
    gettext_noop('call'),
    # The start of the made and missed options' help, as a refusal quotes it.
    gettext_noop('The score of a bidder who took exactly their bid'),
    gettext_noop('The score of a bidder who missed their bid'),
)
# fmt: on

# The sheet's columns (GameRules.round_boxes and seat_boxes), translated with a context: Brink Bid's
# "Pass" column is the cards passed on ("Doorgeven"), not a pass in an auction ("Pas").
# fmt: off
SHEET_COLUMNS = (
    pgettext_lazy("a sheet's column", 'Trump'),
    pgettext_lazy("a sheet's column", 'Pass'),
    pgettext_lazy("a sheet's column", 'Direction'),
    pgettext_lazy("a sheet's column", 'Calls'),
    pgettext_lazy("a sheet's column", 'Contract'),
    pgettext_lazy("a sheet's column", 'Declarer'),
    pgettext_lazy("a sheet's column", 'Bid'),
    pgettext_lazy("a sheet's column", 'Took'),
    pgettext_lazy("a sheet's column", 'Tricks'),
    pgettext_lazy("a sheet's column", 'Named'),
    pgettext_lazy("a sheet's column", 'Suit cards'),
    pgettext_lazy("a sheet's column", 'Bonus'),
    # A round's whole numbers (GameRules.round_numbers), as scorepad.printing.paper heads them.
    pgettext_lazy("a sheet's column", 'Lost'),
)
# fmt: on
