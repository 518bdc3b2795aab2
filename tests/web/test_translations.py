"""Dutch everywhere: the catalogue is complete, and no page or engine message keeps English.

A page is fetched in English and in Dutch; every word of three letters or more of
the English page (its text, and its labels, placeholders and titles) that is still
in the Dutch page is English left over, unless it is a name, a game's name or on
the short list of words the two languages share.
"""

from __future__ import annotations

import ast
import gettext
import re
import shutil
import string
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from rules_engine import ENGLISH, GAMES, Plural, RulesError, parse_record, say
from rules_engine.core import TRUMPS
from rules_engine.house_rules import PRESETS
from scorepad.engine_words import words
from scorepad.models import Game
from tests.five_games import ABRACADABRA, BOERENBRIDGE, BRINK_BID, OH_HELL, SINKER
from tests.web.browsers import started_here

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
MO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.mo"

NAMES = {"Ann", "Ben", "Bob", "Cat", "Cleo", "Dev"}
GAME_NAMES = {"Scorepad", "Oh", "Hell", "Boerenbridge", "Brink", "Bid", "Sinker", "Abracadabra"}
# Words Dutch card players use as they are, or that are the same in both languages.
SHARED = {
    "hook", "Hook", "Account", "Contract", "JSON", "MB", "PDF", "QR", "Pango", "Letter",
    "scorepad", "Nederlands", "English", "abs", "min", "max", "and", "not", "else",
    "imports", "over", "Over", "Brink", "Print", "was", "Open", "open", "plus", "bonus",
    "even", "code", "link", "links", "score", "scores", "Scan", "Download", "download",
    "account", "object", "browser", "Joker", "Board", "Game", "Arena", "won", "contract",
    "hand", "letters", "ISO",
    # Django's "M" date format: "23 Nov" in both languages.
    "Nov", "UTC", "server", "Rating", "Ratings", "rating",
    # A score sheet writes Sinker's calls and Brink Bid's dice as the record does.
    "zero", "pass", "across", "left", "right", "all", "double",
    # JSON's own values, which a record must hold as they are.
    "true", "false",
}  # fmt: skip
ALLOWED = NAMES | GAME_NAMES | SHARED
# English still allowed on a game's pages, by game key: none left (any new English on any
# page fails the test).
NOT_YET: dict[str, set[str]] = {}


def _text(html: str) -> str:
    """A page's words for people: its text and the attributes read out or shown."""

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.parts: list[str] = []
            self.skip = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("script", "style"):
                self.skip += 1
            for name, value in attrs:
                if name in ("aria-label", "placeholder", "title", "alt") and value:
                    self.parts.append(value)

        def handle_endtag(self, tag: str) -> None:
            if tag in ("script", "style"):
                self.skip -= 1

        def handle_data(self, data: str) -> None:
            if not self.skip:
                self.parts.append(data)

    reader = Reader()
    reader.feed(html)
    return " ".join(reader.parts)


def _words(text: str) -> set[str]:
    """Words of three letters or more, leaving out addresses (a viewer link's key)."""
    return set(re.findall(r"[A-Za-z][A-Za-z']{2,}", re.sub(r"https?://\S+", " ", text)))


def english_left(english: str, dutch: str) -> set[str]:
    return (_words(english) & _words(dutch)) - ALLOWED


# --- The catalogue ---------------------------------------------------------------


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext's msgfmt")
def test_every_dutch_message_is_translated_and_none_is_fuzzy() -> None:
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(PO)],
        capture_output=True,
        text=True,
        check=True,
    )
    statistics = result.stderr.strip().splitlines()[-1]
    assert "untranslated" not in statistics and "fuzzy" not in statistics, statistics
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext's msgfmt")
def test_the_committed_mo_file_is_the_po_file_compiled(tmp_path: Path) -> None:
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "-o", str(compiled), str(PO)], check=True)
    with compiled.open("rb") as fresh, MO.open("rb") as committed:
        wanted = gettext.GNUTranslations(fresh)._catalog  # type: ignore[attr-defined]
        found = gettext.GNUTranslations(committed)._catalog  # type: ignore[attr-defined]
    assert found == wanted, "run: manage.py compilemessages (see docs/translating.md)"


def _literals(name: str) -> list[Any]:
    """The literal arguments of each call in engine_words.py's tuple ``name``."""
    tree = ast.parse((ROOT / "scorepad" / "engine_words.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            assert isinstance(node.value, ast.Tuple)
            return [
                tuple(ast.literal_eval(arg) for arg in call.args)  # type: ignore[attr-defined]
                for call in node.value.elts
            ]
    raise AssertionError(f"no {name} in engine_words.py")


def test_every_engine_template_is_marked_for_translation() -> None:
    wanted = [
        (t.one, t.other, t.count) if isinstance(t, Plural) else (t,) for t in ENGLISH.values()
    ]
    assert _literals("TEMPLATES") == wanted


def test_every_games_word_is_marked_for_translation() -> None:
    marked = {text for (text,) in _literals("GAME_TEXTS")}
    for rules in GAMES.values():
        texts = [rules.summary, rules.paper_key, *rules.round_boxes, *rules.seat_boxes]
        for option in rules.options:
            texts += [option.label, option.help, *(c.label for c in option.choices)]
        assert {t for t in texts if t} <= marked, rules.key
    for presets in PRESETS.values():
        assert {text for p in presets for text in (p.name, p.description)} <= marked
    assert set(TRUMPS) <= marked


# --- The engine's messages -----------------------------------------------------------


def _sample(template: str, count_name: str | None, count: int) -> dict[str, Any]:
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return {name: (count if name == count_name else 7) for name in names}


@pytest.mark.parametrize("code", sorted(ENGLISH))
@pytest.mark.parametrize("count", [1, 3])
def test_every_engine_message_reads_in_dutch(code: str, count: int) -> None:
    template = ENGLISH[code]
    count_name = template.count if isinstance(template, Plural) else None
    text = template.one if isinstance(template, Plural) else template
    params = _sample(text, count_name, count)
    # Names stand in for the players, so that only the template's own words are compared.
    params = {k: ("Ann" if isinstance(v, int) and k not in (count_name,) and k in (
        "player", "dealer", "winners", "others", "last", "game", "name"
    ) else v) for k, v in params.items()}  # fmt: skip
    message = say(code, **params)
    with translation.override("nl"):
        dutch = words(message)
    assert "{" not in dutch
    all_parameters = ("abra_part_plus", "abra_part_minus", "abra_part_total", "comma_list")
    if code in (
        "heading_round_goal",
        "names_and",
        "rules_made_missed",
        "rules_hook",
        *all_parameters,
    ):
        return  # "Round 7, 7": all parameters; the words are checked in the others
    assert dutch != str(message)
    assert english_left(str(message), dutch) == set(), (str(message), dutch)


def test_brink_bids_pass_column_is_doorgeven_where_sinkers_pass_is_pas(client: Client) -> None:
    brink = Game.start(parse_record(BRINK_BID))
    sinker = Game.start(parse_record(SINKER))
    started_here(client, brink, sinker)
    dutch = {"accept-language": "nl"}
    brink_sheet = _text(client.get(f"/g/{brink.key}/sheet/", headers=dutch).text)
    sinker_sheet = _text(client.get(f"/g/{sinker.key}/sheet/", headers=dutch).text)
    assert "Doorgeven" in brink_sheet.split() and "Pas" not in brink_sheet.split()
    assert "pas" in sinker_sheet.replace(",", " ").split()
    assert "gehaald" in sinker_sheet.replace(",", " ").split()


def test_brink_bids_dice_read_in_dutch() -> None:
    from rules_engine.brink_bid import Dice, pass_label, trump_label

    with translation.override("nl"):
        assert words(trump_label("hearts")) == "Troef: harten"
        assert words(trump_label("none")) == "Geen troef"
        assert words(pass_label(4, Dice("hearts", 2, "across-left"))) == (
            "Geef 2 kaarten door naar de overkant"
        )
        assert words(pass_label(3, Dice("hearts", 1, "left"))) == "Geef 1 kaart door naar links"
    assert str(pass_label(3, Dice("hearts", 1, "left"))) == "Pass 1 card to the left"


def test_a_records_refusals_read_in_dutch_and_keep_their_english() -> None:
    from rules_engine import load_record

    with pytest.raises(RulesError) as refused:
        load_record('{"format": "scorepad/1", "game": "oh-hell", "players": ["Ann", "Ben", "ann"]}')
    assert str(refused.value).endswith("two players are called ann: give one another name")
    with translation.override("nl"):
        assert "twee spelers heten ann" in words(refused.value)
    with pytest.raises(RulesError) as refused:
        load_record("[]")
    with translation.override("nl"):
        assert words(refused.value) == "een spelverslag moet een JSON-object zijn"


def test_the_hook_in_dutch_names_the_dealer_and_the_bid() -> None:
    error = RulesError(say("hook", dealer="Dev", bid=2, hand_size=10), 3)
    with translation.override("nl"):
        dutch = words(error)
    reason = "Dev geeft en mag geen 2 bieden: de boden zouden optellen tot de 10 slagen"
    assert dutch == f"ronde 3: {reason}"


def test_the_cli_speaks_dutch_with_lang_nl() -> None:
    record = {**OH_HELL, "rounds": [{"bids": [2, 3, 2, 3], "tricks": [3, 4, 2, 1]}]}
    import io
    import json

    from rules_engine.cli import main

    err = io.StringIO()
    given = io.StringIO(json.dumps(record))
    status = main(["score", "-", "--lang", "nl"], given, io.StringIO(), err)
    assert status == 1
    assert err.getvalue() == (
        "ronde 1: Ann geeft en mag geen 2 bieden: de boden zouden optellen tot de 10 slagen\n"
    )


# --- Every page ------------------------------------------------------------------------


def _pages(client: Client) -> list[tuple[str, str]]:
    """Each page to compare, with the key of its list in NOT_YET."""
    games = {}
    for data in (OH_HELL, BOERENBRIDGE, BRINK_BID, SINKER, ABRACADABRA):
        games[data["game"]] = Game.start(parse_record(data))
    started_here(client, *games.values())
    oh_hell = games["oh-hell"]
    pages = ["/", "/games/", "/players/ann/", "/games/import/", "/accounts/login/"]
    pages += ["/accounts/signup/", "/offline/"]
    listed = [(page, page) for page in pages]
    for key, game in games.items():
        for page in (f"/new/{key}/", f"/g/{game.key}/", f"/g/{game.key}/sheet/"):
            listed.append((page, key))
        listed.append((f"/print/{key}/?players={GAMES[key].min_players}", key))
        listed.append((f"/v/{game.viewer_key}/", key))
    listed.append((f"/g/{oh_hell.key}/?seat=1", "oh-hell"))
    listed.append((f"/g/{oh_hell.key}/sheet/1/", "oh-hell"))
    listed.append((f"/g/{oh_hell.key}/delete/", "oh-hell"))
    listed.append(("/rename-player/?player=ann", "rename"))
    return listed


def test_every_page_reads_in_dutch(client: Client) -> None:
    left: dict[str, set[str]] = {}
    for page, kind in _pages(client):
        english = client.get(page, headers={"accept-language": "en"})
        dutch = client.get(page, headers={"accept-language": "nl"})
        assert english.status_code == dutch.status_code == 200, page
        assert '<html lang="nl">' in dutch.text
        found = english_left(_text(english.text), _text(dutch.text)) - NOT_YET.get(kind, set())
        if found:
            left[page] = found
    assert left == {}, "\n".join(f"{page}: {sorted(found)}" for page, found in left.items())
