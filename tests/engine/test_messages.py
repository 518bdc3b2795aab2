"""The engine's words: one catalogue of codes and English templates, rendered in one place."""

from __future__ import annotations

import ast
import pickle
import string
from pathlib import Path

import pytest

from rules_engine import Message, Plural, RulesError, render
from rules_engine.messages import CATALOGUE, Lowered, Term, each_and, names_and, written


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# Every message: the shared ones and each game's own (as each game module is read).
@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_each_message_has_one_set_of_parameters_in_all_its_forms(code: str) -> None:
    template = CATALOGUE[code]
    if isinstance(template, Plural):
        assert fields(template.one) == fields(template.other)
        assert template.count in fields(template.one)


def test_the_hook_keeps_its_english_words_its_code_and_its_parameters() -> None:
    error = RulesError(Message("hook", dealer="Dev", bid=2, hand_size=10), 3)
    reason = "Dev deals and may not bid 2: the bids would add up to the 10 tricks"
    assert str(error) == f"round 3: {reason}"
    assert error.message == reason
    assert error.code == "hook"
    assert error.params == {"dealer": "Dev", "bid": 2, "hand_size": 10}


def test_a_plural_picks_its_form_by_its_count() -> None:
    assert Message("note_sits_out", player="Ann", points=1) == "Ann sits out: 1 point"
    assert Message("note_sits_out", player="Ann", points=85) == "Ann sits out: 85 points"


def test_another_language_renders_the_message_and_the_messages_inside_it() -> None:
    dutch = {
        "{dealer} deals and may still change the bid": "{dealer} geeft en mag het bod nog wijzigen",
        "round {number}: {message}": "ronde {number}: {message}",
        "{others} and {last}": "{others} en {last}",
        "{winners} won": "{winners} heeft gewonnen",
    }

    def gettext(text: str) -> str:
        return dutch.get(text, text)

    def ngettext(one: str, other: str, count: int) -> str:
        return one if count == 1 else other

    prompt = Message("prompt_may_change_bid", dealer="Dev")
    assert render(prompt, gettext, ngettext) == "Dev geeft en mag het bod nog wijzigen"
    error = RulesError(prompt, 2)
    assert error.words(gettext, ngettext) == "ronde 2: Dev geeft en mag het bod nog wijzigen"
    won = Message("won", winners=names_and(["Ann", "Bob", "Cat"]))
    assert won == "Ann, Bob and Cat won"
    assert render(won, gettext, ngettext) == "Ann, Bob en Cat heeft gewonnen"


def test_plain_text_is_rendered_as_it_is() -> None:
    assert render("Ann") == "Ann"
    assert RulesError("no code yet").code == ""


def test_a_name_with_braces_is_not_read_as_a_template() -> None:
    assert Message("prompt_bids", player="{bid}") == "{bid} bids"


def test_a_message_survives_pickling_with_its_code() -> None:
    message = pickle.loads(pickle.dumps(Message("bid_range", player="Ann", hand_size=7, bid=9)))
    assert isinstance(message, Message)
    assert (message, message.code) == ("Ann may bid 0 to 7, not 9", "bid_range")


def test_a_term_on_its_own_is_looked_up_and_an_empty_one_is_left_alone() -> None:
    def dutch(text: str) -> str:
        return {"left": "links", "": "Project-Id-Version: ..."}.get(text, text)

    assert render(Term("left"), dutch) == "links"
    assert render(Term(""), dutch) == ""
    assert render("left", dutch) == "left"  # plain text (a name) never is


def test_a_lowered_prompt_keeps_its_english_and_is_lowered_in_every_language() -> None:
    prompt = Message("prompt_tricks", player="Ann")
    refused = RulesError(Message("round_not_finished", step=Lowered(prompt)), 2)
    assert str(refused) == "round 2: the round is not finished: tricks Ann took"

    def dutch(text: str) -> str:
        return {"Tricks {player} took": "Slagen van {player}"}.get(text, text)

    assert refused.words(dutch, lambda one, other, n: other) == (
        "round 2: the round is not finished: slagen van Ann"
    )
    assert pickle.loads(pickle.dumps(refused.message)) == refused.message


def test_a_lowered_prompt_that_opens_with_a_name_keeps_its_capital_in_every_language() -> None:
    refused = RulesError(
        Message("round_not_finished", step=Lowered(Message("prompt_calls", player="Ben")))
    )
    assert str(refused) == "the round is not finished: Ben calls"

    def dutch(text: str) -> str:
        return {"{player} calls": "Bod van {player}"}.get(text, text)

    assert refused.words(dutch, lambda one, other, n: other) == (
        "the round is not finished: bod van Ben"
    )


def test_a_value_from_a_file_is_quoted_as_the_file_writes_it() -> None:
    assert [written(v) for v in (True, False, None, float("nan"), float("-inf"), 1.5)] == [
        "true",
        "false",
        "null",
        "NaN",
        "-Infinity",
        "1.5",
    ]
    assert written([1, "two", None, {"a": True}]) == "[1, 'two', null, {'a': true}]"
    assert written("a\nb") == "'a\\nb'"  # one line, always
    assert written("x" * 100) == "'" + "x" * 58 + "…"


def test_each_and_joins_every_name_with_and_as_the_notes_always_did() -> None:
    assert each_and(["Ann"]) == "Ann"
    assert each_and(["Ann", "Ben", "Cleo"]) == "Ann and Ben and Cleo"
    assert names_and(["Ann", "Ben", "Cleo"]) == "Ann, Ben and Cleo"


def test_an_unknown_code_is_a_mistake_in_the_code() -> None:
    with pytest.raises(KeyError):
        Message("no-such-message")


# --- Nothing the engine says is left as plain English ---------------------------------

ENGINE = Path(__file__).resolve().parents[2] / "rules_engine"
# Where a call hands the players words, by its name: the argument that holds them.
SAID = {"RulesError": (0, "message"), "_Refused": (0, "message"), "Step": (1, "prompt")}
SAID["Choice"] = (2, "refused")


def _plain_words(node: ast.expr) -> bool:
    """A string literal or an f-string (or a sum of them): English that no catalogue renders."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _plain_words(node.left) or _plain_words(node.right)
    if isinstance(node, ast.IfExp):
        return _plain_words(node.body) or _plain_words(node.orelse)
    return False


def test_no_refusal_prompt_or_reason_in_the_engine_is_a_bare_string() -> None:
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in SAID:
                continue
            position, keyword = SAID[name]
            said = [*node.args[position : position + 1]]
            said += [k.value for k in node.keywords if k.arg == keyword]
            if any(_plain_words(arg) for arg in said):
                found.append(f"{path.name}:{node.lineno}")
    assert found == [], f"Message(...) a message instead of plain English at {found}"
