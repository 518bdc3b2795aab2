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
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from bench.games import first_tap, tap_form
from rules_engine import (
    GAMES,
    Entry,
    Message,
    Plural,
    Record,
    RulesError,
    parse_record,
    register,
    withdraw,
)
from rules_engine.core import TRUMPS
from rules_engine.games import BUILT_IN
from scorepad.engine_words import translated
from scorepad.management.commands.engine_templates import collected, engine_templates
from scorepad.models import Game
from tests.engine.test_abracadabra import ROUND_2_AUCTION, SPEC_ENTRIES, SPEC_ROUND, spec_record
from tests.five_games import (
    ABRACADABRA,
    BOERENBRIDGE,
    BRINK_BID,
    FOUR,
    OH_HELL,
    SINKER,
    SKULL_KING,
    WIZARD,
    record,
)
from tests.web.browsers import started_here

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
MO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.mo"

NAMES = {"Ann", "Ben", "Bob", "Cat", "Cleo", "Dev"}
GAME_NAMES = {
    "Scorepad", "Oh", "Hell", "Boerenbridge", "Brink", "Bid", "Sinker", "Abracadabra", "Wizard",
    "Skull", "King", "Kraken", "Spades",
}  # fmt: skip
# Words Dutch card players use as they are, or that are the same in both languages.
SHARED = {
    "hook", "Hook", "Account", "Contract", "JSON", "MB", "PDF", "QR", "Pango", "Letter",
    "scorepad", "Nederlands", "English", "abs", "min", "max", "and", "not", "else",
    "imports", "over", "Over", "Brink", "Print", "was", "Open", "open", "plus", "bonus",
    "even", "code", "link", "links", "score", "scores", "Scan", "Download", "download",
    "account", "object", "browser", "Joker", "Board", "Game", "Arena", "won", "contract",
    "hand", "letters", "ISO", "Bonus",
    # Presets named as families know them: "Basis" in Dutch, Rascal's rules by name.
    "Basis", "Rascal",
    # Django's "M" date format: "23 Nov" in both languages.
    "Nov", "UTC", "server", "Rating", "Ratings", "rating",
    # A score sheet writes Sinker's calls and Brink Bid's dice as the record does.
    "zero", "pass", "across", "left", "right", "all", "double",
    # JSON's own values, which a record must hold as they are.
    "true", "false",
    # A plan of hand sizes: "het plan" in Dutch too.
    "plan",
    # Dutch "die" ("that", "those"), not a die of Brink Bid's dice.
    "die",
    # Abracadabra's trick grid: "the rest" under a player's column, "de rest" in Dutch.
    "rest",
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
    assert found == wanted, "run: manage.py compilemessages (see docs/dev/translating.md)"


def _literals(name: str, module: str = "engine_words.py") -> list[Any]:
    """The literal arguments of each call in scorepad/``module``'s tuple ``name``."""
    tree = ast.parse((ROOT / "scorepad" / module).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            assert isinstance(node.value, ast.Tuple)
            return [
                tuple(ast.literal_eval(arg) for arg in call.args)  # type: ignore[attr-defined]
                for call in node.value.elts
            ]
    raise AssertionError(f"no {name} in {module}")


def _marked_words() -> set[str]:
    """The words every game shares (listed by hand) and each game's own (collected)."""
    shared = _literals("GAME_TEXTS")
    own = _literals("GAME_WORDS", "engine_templates.py")
    return {text for (text,) in [*shared, *own]}


def test_every_engine_template_is_marked_for_translation() -> None:
    # engine_templates.py is written by a command: the engine's templates, each once.
    committed = (ROOT / "scorepad" / "engine_templates.py").read_text()
    assert committed == engine_templates(), "run: manage.py engine_templates"
    wanted = [
        (t.one, t.other, t.count) if isinstance(t, Plural) else (t,) for t in collected().values()
    ]
    assert _literals("TEMPLATES", "engine_templates.py") == wanted


def test_every_games_word_is_marked_for_translation() -> None:
    marked = _marked_words()
    for rules in BUILT_IN.values():
        texts = [rules.summary, rules.paper_key, *rules.round_boxes, *rules.seat_boxes]
        for option in rules.options:
            texts += [option.label, option.help, *(c.label for c in option.choices)]
        assert {t for t in texts if t} <= marked, rules.key
    for presets in (rules.published_presets for rules in BUILT_IN.values()):
        assert {text for p in presets for text in (p.name, p.description)} <= marked
    assert set(TRUMPS) <= marked


def test_every_word_the_engine_gives_as_a_term_is_marked_for_translation() -> None:
    marked = _marked_words()
    terms = set()
    for path in (ROOT / "rules_engine").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Term":
                if node.args and isinstance(node.args[0], ast.Constant):
                    terms.add(node.args[0].value)
    assert terms and terms <= marked, terms - marked


# --- The engine's messages -----------------------------------------------------------


def _sample(template: str, count_name: str | None, count: int) -> dict[str, Any]:
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return {name: (count if name == count_name else 7) for name in names}


@pytest.mark.parametrize("code", sorted(collected()))
@pytest.mark.parametrize("count", [1, 3])
def test_every_engine_message_reads_in_dutch(code: str, count: int) -> None:
    template = collected()[code]
    count_name = template.count if isinstance(template, Plural) else None
    text = template.one if isinstance(template, Plural) else template
    params = _sample(text, count_name, count)
    # Names stand in for the players, so that only the template's own words are compared.
    params = {k: ("Ann" if isinstance(v, int) and k not in (count_name,) and k in (
        "player", "dealer", "winners", "others", "last", "game", "name"
    ) else v) for k, v in params.items()}  # fmt: skip
    message = Message(code, **params)
    with translation.override("nl"):
        dutch = translated(message)
    assert "{" not in dutch
    all_parameters = (
        *("abra_part_plus", "abra_part_minus", "abra_part_total", "comma_list"),
        *("team_name", "spades_contract", "spades_then", "spades_in_all"),
    )
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
        assert translated(trump_label("hearts")) == "Troef: harten"
        assert translated(trump_label("none")) == "Geen troef"
        assert translated(pass_label(4, Dice("hearts", 2, "across-left"))) == (
            "Geef 2 kaarten door naar de overkant"
        )
        assert (
            translated(pass_label(3, Dice("hearts", 1, "left"))) == "Geef 1 kaart door naar links"
        )
    assert str(pass_label(3, Dice("hearts", 1, "left"))) == "Pass 1 card to the left"


def test_a_seated_players_tricks_not_a_number_read_in_dutch_with_the_player() -> None:
    rounds = [
        {"seated": [0, 1, 2], "plan": [5], "bids": [1, 1, 1, None], "tricks": [2, None, 3, None]}
    ]
    from rules_engine import score
    from tests.conftest import oh_hell as oh_hell_record

    data = oh_hell_record(rounds, ("Ann", "Bob", "Cat", "Dev"))
    with pytest.raises(RulesError) as refused:
        score(parse_record(data))
    with translation.override("nl"):
        dutch = translated(refused.value.message)
    assert dutch == "het aantal slagen van Bob moet een heel getal zijn, niet null"


def test_a_records_refusals_read_in_dutch_and_keep_their_english() -> None:
    from rules_engine import load_record

    with pytest.raises(RulesError) as refused:
        load_record(
            '{"format": "scorepad/1", "game": "oh-hell", "options": {}, '
            '"players": ["Ann", "Ben", "ann"], "first_dealer": 0, "rounds": []}'
        )
    assert str(refused.value).endswith("two players are called ann: give one another name")
    with translation.override("nl"):
        assert "twee spelers heten ann" in translated(refused.value)
    with pytest.raises(RulesError) as refused:
        load_record("[]")
    with translation.override("nl"):
        assert translated(refused.value) == "een spelverslag moet een JSON-object zijn"


def test_the_hook_in_dutch_names_the_dealer_and_the_bid() -> None:
    error = RulesError(Message("hook", dealer="Dev", bid=2, hand_size=10), 3)
    with translation.override("nl"):
        dutch = translated(error)
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


# --- A refusal at a Dutch table or import ------------------------------------------------

DUTCH = {"accept-language": "nl"}


def _playing(record: Record, entries: list[Entry]) -> Game:
    """A game of ``record`` with ``entries`` made in its round being entered."""
    game = Game.start(record)
    game.pending = [entry.to_json() for entry in entries]
    game.save()
    return game


def _enter(client: Client, game: Game, headers: dict[str, str], **posted: Any) -> str:
    response = client.post(
        f"/g/{game.key}/enter/", {"version": game.version, **posted}, headers=headers
    )
    assert response.status_code == 400
    return _text(response.text)


def test_abracadabras_refusals_of_named_tricks_read_in_dutch(client: Client) -> None:
    # Ben declared 3 and names first; Ann deals.
    game = _playing(spec_record(), SPEC_ENTRIES[:8])
    started_here(client, game)
    ben = {"kind": "name", "seat": "1"}
    english = _enter(client, game, {"accept-language": "en"}, values=["4", "8"], **ben)
    assert "Ben bid 3 and must name exactly 3 tricks, not 2" in english
    dutch = _enter(client, game, DUTCH, values=["4", "8"], **ben)
    assert "Ben bood 3 en moet precies 3 slagen noemen, niet 2" in dutch
    twice = _enter(client, game, DUTCH, values=["4", "4", "8"], **ben)
    assert "4 is twee keer aangevinkt (Slagen die Ben noemt (precies 3))" in twice


def test_sinkers_refused_call_reads_in_dutch(client: Client) -> None:
    # The third deal: Ann, the non-dealer, has called 2; Ben may not call 3 over it.
    game = _playing(parse_record({**SINKER, "options": {"deals": 4}}), [Entry("call", 0, "2")])
    started_here(client, game)
    dutch = _enter(client, game, DUTCH, kind="call", seat="1", value="3")
    assert "3 gaat niet boven het staande bod 2" in dutch
    assert "Staand bod: 2 van Ann" in dutch
    english = _enter(client, game, {"accept-language": "en"}, kind="call", seat="1", value="3")
    assert "3 is not stronger than the standing 2" in english
    assert "Standing bid: Ann's 2" in english


def test_sinkers_all_reads_in_dutch_on_its_buttons(client: Client) -> None:
    calls = [Entry("call", 0, "all"), Entry("call", 1, "pass")]
    game = _playing(parse_record({**SINKER, "options": {"deals": 4}}), calls)
    started_here(client, game)
    page = _text(client.get(f"/g/{game.key}/", headers=DUTCH).text)
    assert "Hoe het alles van Ann afliep" in page
    assert "Gehaald: Ann haalde alle 8 slagen" in page
    assert "Verloren bij slag 1: Ben haalde die" in page


def test_a_broken_round_of_an_imported_file_is_refused_in_dutch(client: Client) -> None:
    from tests.web.test_import import upload

    dice = {"trump": "hearts", "number": 2, "direction": "left"}
    brink = record("brink-bid", FOUR, 0, {}, [{**BRINK_BID["rounds"][0], "dice": dice}])
    brink["rounds"][0]["trump"] = "spades"
    response = client.post("/games/import/", upload(brink), headers=DUTCH)
    assert response.status_code == 400
    dutch = _text(response.text)
    assert "ronde 1: de troefdobbelsteen toont harten: de troef kan niet schoppen zijn" in dutch
    english = _text(client.post("/games/import/", upload(brink)).text)
    assert "round 1: the trump die shows hearts: the trump cannot be spades" in english

    sinker = {**SINKER, "rounds": [{"calls": ["zero", "seven"], "tricks": [0, 8]}]}
    dutch = _text(client.post("/games/import/", upload(sinker), headers=DUTCH).text)
    calls = "pass, 3, 2, 1, zero, double-zero, all, double-all"
    assert f"ronde 1: een bod is een van {calls}, niet 'seven'" in dutch


def test_boerenbridges_bounce_reads_in_dutch(client: Client) -> None:
    # Ann on 92 takes all 13 tricks without bidding: 105 is 5 over, so 95.
    last = {"bids": [None, None, None, 0], "tricks": [13, 0, 0, 0]}
    game = Game.start(parse_record({**BOERENBRIDGE, "rounds": [*BOERENBRIDGE["rounds"][:4], last]}))
    started_here(client, game)
    page = _text(client.get(f"/g/{game.key}/", headers=DUTCH).text)
    assert "Ann: 92 + 13 = 105, 5 boven de 100: 95" in page


# --- Every page ------------------------------------------------------------------------


def _pages(client: Client) -> list[tuple[str, str]]:
    """Each page to compare, with the key of its list in NOT_YET."""
    games = {}
    for data in (OH_HELL, BOERENBRIDGE, BRINK_BID, SINKER, ABRACADABRA, WIZARD, SKULL_KING):
        games[data["game"]] = Game.start(parse_record(data))
    oh_hell = games["oh-hell"]
    pages = ["/", "/games/", "/players/ann/", "/games/import/", "/accounts/login/"]
    pages += ["/accounts/signup/", "/offline/"]
    listed = [(page, page) for page in pages]
    for key, game in games.items():
        for page in (f"/new/{key}/", f"/g/{game.key}/", f"/g/{game.key}/sheet/"):
            listed.append((page, key))
        listed.append((f"/print/{key}/?players={GAMES[key].player_range({})[0]}", key))
        listed.append((f"/v/{game.viewer_key}/", key))
    listed.append((f"/g/{oh_hell.key}/?seat=1", "oh-hell"))
    listed.append((f"/g/{oh_hell.key}/sheet/1/", "oh-hell"))
    listed.append((f"/g/{games['brink-bid'].key}/sheet/1/", "brink-bid"))
    # A past deal with its every value in place, and Sinker's calls (issue 37).
    listed.append((f"/g/{games['abracadabra'].key}/sheet/1/", "abracadabra"))
    listed.append((f"/g/{games['sinker'].key}/sheet/1/", "sinker"))
    listed.append((f"/g/{games['brink-bid'].key}/?dice=hand", "brink-bid"))  # rolled by hand
    listed.append((f"/g/{oh_hell.key}/delete/", "oh-hell"))
    listed.append(("/rename-player/?player=ann", "rename"))
    # Rounds half entered, where the engine's prompts, refusals and notes change by the tap.
    midgame = _midgame()
    for key, game in midgame:
        for page in (f"/g/{game.key}/", f"/g/{game.key}/sheet/", f"/v/{game.viewer_key}/"):
            listed.append((page, key))
    started_here(client, *games.values(), *(game for _, game in midgame))
    return listed


def _midgame() -> list[tuple[str, Game]]:
    """Games with a round half entered, at the steps whose words differ most."""
    games = []
    # Ben declares 3 after Ann deals: his call, the naming, the declaring, the tricks
    # being played (named by...), and the suit cards (the limits refused).
    for made in (2, 8, 9, 12, 14, 26, 27):
        games.append(("abracadabra", _playing(spec_record(), SPEC_ENTRIES[:made])))
    trump_named = _playing(spec_record({"declarer_names_trump": True}), SPEC_ENTRIES[1:5])
    # A deal thrown in, on the sheet and in the last round's notes.
    thrown_in = Game.start(spec_record().with_rounds([{"calls": ["pass"] * 4}]))
    games += [("abracadabra", trump_named), ("abracadabra", thrown_in)]
    # The second deal's bid suits: last deal's first, one tap.
    second = spec_record().with_rounds([SPEC_ROUND])
    games.append(("abracadabra", _playing(second, ROUND_2_AUCTION)))
    # Sinker's third deal, Ann calling first: a standing bid, a contract, an all, Diving;
    # the fourth, after a Diving deal (on the sheet), Ben calling first.
    longer = parse_record({**SINKER, "options": {"deals": 4, "exchange_limit": 4}})
    diving = longer.with_rounds([*longer.rounds, {"calls": ["pass", "pass"], "tricks": [5, 3]}])
    games.append(("sinker", _playing(diving, [Entry("call", 1, "1")])))
    for calls in (["2"], ["2", "pass"], ["all", "pass"], ["pass", "pass"]):
        entries = [Entry("call", index % 2, call) for index, call in enumerate(calls)]
        games.append(("sinker", _playing(longer, entries)))
    # Brink Bid's second round, the dice rolled: who passes what to whom.
    dice = {"trump": "none", "number": 1, "direction": "right"}
    games.append(("brink-bid", _playing(parse_record(BRINK_BID), [Entry("dice", None, dice)])))
    # Skull King's third round: a sealed bid given; the tricks with a trick lost; the bonus.
    skull_king = parse_record(SKULL_KING)
    bids = [Entry("bid", seat, 1) for seat in (2, 3, 0, 1)]
    for entries in ([bids[0]], [*bids, Entry("lost", None, 1)], [*bids, *tricks_in(2)]):
        games.append(("skull-king", _playing(skull_king, entries)))
    return games


def tricks_in(dealer: int) -> list[Entry]:
    """Three players in bid order take a trick each of Skull King's third round: the last none."""
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    return [Entry("tricks", seat, 1) for seat in order[:3]]


@pytest.fixture
def only_built_in() -> Iterator[None]:
    """The app's pages as they ship: the tests' own games, whose words the app does not
    carry, withdrawn for the while (and registered again, in their order)."""
    own = [rules for key, rules in GAMES.items() if key not in BUILT_IN]
    for rules in own:
        withdraw(rules.key)
    yield
    for rules in own:
        register(rules)


@pytest.mark.slow
@pytest.mark.usefixtures("only_built_in")
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


# --- The scripts' words ------------------------------------------------------------------


def _script_words(html: str) -> dict[str, str]:
    """The words a page hands its scripts (data-words-* on the body, the share button's)."""
    found = re.findall(r'\sdata-(words-[a-z-]+|share-label|copy-label|shared|not-shared|'
                       r'copied|not-copied)="([^"]*)"', html)  # fmt: skip
    return dict(found)


def test_the_words_the_scripts_say_come_in_dutch(client: Client) -> None:
    game = Game.start(parse_record(OH_HELL))
    started_here(client, game)
    english = _script_words(client.get(f"/g/{game.key}/", headers={"accept-language": "en"}).text)
    dutch = _script_words(client.get(f"/g/{game.key}/", headers={"accept-language": "nl"}).text)

    assert english.keys() == dutch.keys() and len(english) >= 7
    assert english["words-waiting-one"].startswith("Not saved yet: {count} tap waiting")
    assert english["words-waiting-other"].startswith("Not saved yet: {count} taps waiting")
    for name, text in dutch.items():
        assert text != english[name], name
        # {count} and {time} are the script's to fill in, the same in every language.
        blanks = r"\{\w+\}"
        left = english_left(re.sub(blanks, "", english[name]), re.sub(blanks, "", text))
        assert left == set(), (name, text)
    assert "{count}" in dutch["words-waiting-other"] and "{time}" in dutch["words-reconnecting"]


def test_the_cards_drawn_for_first_dealer_read_in_dutch() -> None:
    from rules_engine import Card

    with translation.override("nl"):
        assert translated(Card("Q", "hearts").label) == "harten V"
        assert translated(Card("10", "spades").label) == "schoppen 10"
    assert str(Card("Q", "hearts").label) == "Q of hearts"


def test_undo_starts_with_a_capital_where_dutch_puts_the_entry_first(client: Client) -> None:
    game = Game.start(parse_record(OH_HELL))
    started_here(client, game)
    client.post(f"/g/{game.key}/enter/", tap_form(first_tap(*game.load()), game.version))

    dutch = client.get(f"/g/{game.key}/", headers={"accept-language": "nl"}).text
    english = client.get(f"/g/{game.key}/", headers={"accept-language": "en"}).text

    undo_nl = re.search(r'<button type="submit" class="secondary">([^<]*ongedaan maken)', dutch)
    assert undo_nl is not None and undo_nl.group(1)[0].isupper(), dutch
    assert re.search(
        r'<button type="submit" class="secondary">Undo [A-Z][a-z]+&#x27;s bid', english
    )


def test_a_presets_name_with_a_number_reads_in_dutch_on_the_rules_line() -> None:
    # Seen at a five-player Boerenbridge table: "Regels: 1 to 10 and back, to 100".
    from rules_engine import Message, presets, rules_in_play

    named = [found for found in presets("boerenbridge", 5) if isinstance(found.name, Message)]
    assert named
    for found in named:
        line = rules_in_play("boerenbridge", found.options, 5)
        with translation.override("nl"):
            said = translated(line)
        assert str(found.name) not in said
        assert said.startswith("Regels: Van ")
