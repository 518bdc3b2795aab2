"""Every input goes through a form; rules questions go to the engine.

A RulesError from the engine becomes a ValidationError here, in one place, with
the engine's message as it is.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from rules_engine import (
    GAMES,
    MAX_NAME,
    Answer,
    Cell,
    GameRules,
    Message,
    Option,
    Preset,
    Record,
    RulesError,
    ScoreTable,
    StepKind,
    Table,
    corrected,
    differences,
    hand_pattern,
    new_record,
    play,
    presets,
    read_expression,
    rules_in_play,
    score_table,
)
from rules_engine.house_rules import CUSTOM, MOST_HAND_FROM
from rules_engine.options import AS_RULED
from scorepad.engine_words import translated
from scorepad.models import RULES_NAME_LENGTH
from scorepad.records import MAX_IMPORT_BYTES, read_records

# The most digits of a database id or a byte count: 18 always fit a 64-bit integer.
ID_DIGITS = 18


def small_number(text: str, digits: int = 3, signed: bool = False) -> int | None:
    """A seat, a row, a count or an id written in ASCII digits, ``digits`` of them at
    most (after a minus sign when ``signed``); else None.

    The one reader of every number posted or typed: ``str.isdigit`` also takes "²"
    and "٣", which ``int`` then refuses or reads, and a long string of digits would
    cost ``int`` time for a number nothing here can use.
    """
    body = text[1:] if signed and text.startswith("-") else text
    if 0 < len(body) <= digits and body.isascii() and body.isdigit():
        return int(text)
    return None


class WholeNumberField(forms.IntegerField):
    """An IntegerField that reads only ASCII digits (and a minus sign), with
    ``small_number``; its refusal names the field, unless ``error_messages`` gives one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.says_invalid = "invalid" in (kwargs.get("error_messages") or {})
        super().__init__(*args, **kwargs)

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if text in self.empty_values:
            return None
        number = small_number(text, digits=9, signed=True)
        if number is None:
            if self.says_invalid:
                raise ValidationError(self.error_messages["invalid"], code="invalid")
            if self.label:
                message = _("%(label)s is a whole number, in digits 0 to 9.")
                message %= {"label": self.label}
            else:
                message = _("This is a whole number, in digits 0 to 9.")
            raise ValidationError(message)
        return number


class RepeatedWidget(forms.Widget):
    """Values posted as a repeated field (player names in seat order, boxes ticked).

    The templates write the inputs by hand (the names with their add, remove and
    move buttons).
    """

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        if isinstance(data, QueryDict):
            return data.getlist(name)
        value = data.get(name, [])
        return list(value) if isinstance(value, list | tuple) else [value]


class NameListField(forms.Field):
    widget = RepeatedWidget

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        return [str(name).strip()[: MAX_NAME + 1] for name in value]


def plain_options(rules: GameRules) -> tuple[Option, ...]:
    """The options under "Options": all but the house rules (see ``HouseRulesFields``)."""
    return tuple(option for option in rules.options if not option.house_rule)


def option_field(option: Option) -> forms.Field:
    if option.kind == "bool":
        return forms.BooleanField(
            label=gettext_lazy(option.label),
            help_text=gettext_lazy(option.help),
            required=False,
            initial=option.default,
        )
    if option.kind == "int":
        return WholeNumberField(
            label=gettext_lazy(option.label),
            help_text=gettext_lazy(option.help),
            required=False,
            initial=option.default,
            min_value=option.minimum,
            max_value=option.maximum,
        )
    kinds = {type(choice.value) for choice in option.choices}
    coerce = int if kinds == {int} else str
    return forms.TypedChoiceField(
        label=gettext_lazy(option.label),
        help_text=gettext_lazy(option.help),
        # Custom scoring comes with its expressions, under the house rules.
        choices=[(c.value, gettext_lazy(c.label)) for c in option.choices if c.value != CUSTOM],
        coerce=coerce,
        initial=option.default,
    )


OWN = "own"
# The quick controls' labels: the first hand, the largest, the last.
PATTERN_LABELS = {
    "start": gettext_lazy("Start"),
    "peak": gettext_lazy("Peak"),
    "end": gettext_lazy("End"),
}
SAVED = "saved-"
# The own rules' fields, each a house-rule option of the engine (when the game has it).
OWN_OPTIONS = ("hook", "hook_from", "target", "sit_out", "bounce", "bidding")

# The common scorings in words, each with its numbers to fill in; "formula" keeps the
# expression typed. The form turns the words into the made/missed expressions the
# record stores and the engine checks ("10 points, plus 2 a trick" is "10 + 2 * t").
RULED, FORMULA = "ruled", "formula"
MADE_HOW = (RULED, "points", FORMULA)
MISSED_HOW = (RULED, "nothing", "off", "each", FORMULA)
OWN_NUMBERS = ("made_points", "made_each", "missed_off", "missed_each")
MOST_POINTS = 1000  # far over any table's scoring; the engine bounds a score anyway


def _times_t(each: int) -> str:
    return "t" if each == 1 else f"{each} * t"


def made_expression(points: int, each: int) -> str:
    """ "10 points, plus 2 a trick" as the engine reads it: ``10 + 2 * t``."""
    if each == 0:
        return str(points)
    return _times_t(each) if points == 0 else f"{points} + {_times_t(each)}"


def missed_expression(how: str, number: int) -> str:
    """A missed bid's score in words as an expression: 0, ``-2 * abs(t - b)``, ``t``."""
    if how == "off":
        return "-abs(t - b)" if number == 1 else f"-{number} * abs(t - b)"
    if how == "each":
        return _times_t(number)
    return "0"


def _number_and_t(text: str) -> int | None:
    """The M of ``t`` or ``M * t``, or None."""
    if text == "t":
        return 1
    number, times, name = text.partition(" * ")
    return int(number) if times and name == "t" and number.isdigit() else None


def scoring_in_words(made: str, missed: str) -> dict[str, Any]:
    """The form's words for a made and a missed expression, where the words say them
    exactly (a preset's or saved set's), else the formula as it is."""
    words_: dict[str, Any] = {"made_how": FORMULA, "missed_how": FORMULA}
    points, plus, rest = made.partition(" + ")
    each = _number_and_t(rest) if plus else _number_and_t(made)
    if made.isdigit():
        words_.update(made_how="points", made_points=int(made), made_each=0)
    elif plus and points.isdigit() and each is not None:
        words_.update(made_how="points", made_points=int(points), made_each=each)
    elif not plus and each is not None:
        words_.update(made_how="points", made_points=0, made_each=each)
    off = missed.removeprefix("-").removesuffix("abs(t - b)").removesuffix(" * ")
    if missed == "0":
        words_["missed_how"] = "nothing"
    elif missed.endswith("abs(t - b)") and missed.startswith("-") and (off.isdigit() or not off):
        words_.update(missed_how="off", missed_off=int(off or 1))
    elif _number_and_t(missed) is not None:
        words_.update(missed_how="each", missed_each=_number_and_t(missed))
    return words_


# Refusals of our own rules whose engine words open with the option's name as the
# record writes it ("option hands lists 1 to 60 hands"), as they read beside the field.
SAID_BESIDE = {
    "option_hands_count": gettext_lazy("Give 1 to %(most)s hand sizes, not %(count)s."),
}


def _beside(error: RulesError) -> tuple[str, str] | None:
    """An engine refusal of one of our own rules' options, as the field it belongs
    beside and the reason in words ("option made: `10 + x` uses the name `x`..."
    becomes "`10 + x` uses the name `x`..." beside Made); None for the others."""
    message = error.message
    params = getattr(message, "params", {})
    option = str(params.get("option") or params.get("name") or "")
    if option not in ("hands", "made", "missed", *OWN_OPTIONS):
        return None
    code = getattr(message, "code", "")
    reason = params.get("reason") if code == "option_reason" else None
    if isinstance(reason, str):
        return f"option_{option}", translated(reason)
    if code in SAID_BESIDE:  # a refusal that opens with the option's record name
        return f"option_{option}", SAID_BESIDE[code] % dict(params)
    # Other refusals of one option open as "option hands: ..." too (in the page's
    # language): beside the field that says it already.
    said_ = translated(message)
    prefix = translated(Message("option_reason", option=option, reason=""))
    return f"option_{option}", said_.removeprefix(prefix) if prefix.strip() else said_


def read_hands(text: str) -> list[int]:
    """Hand sizes as typed: whole numbers separated by commas or spaces."""
    sizes = [small_number(part) for part in text.replace(",", " ").split()]
    if None in sizes:
        raise ValidationError(
            _("Hand sizes are whole numbers separated by commas, like 1, 2, 3, 2, 1.")
        )
    return [size for size in sizes if size is not None]


def said(text: str) -> str:
    """A preset's name or description in the page's language: a message of the
    engine's (its hands follow the players), or a word of the games' own."""
    return translated(text) if isinstance(text, Message) else _(text)


def counts_said(least: int, most: int) -> str:
    """How many may play, as the setup says it: "4", "3 to 7"."""
    if least == most:
        return str(least)
    return translated(Message("players_from_to", least=least, most=most))


def hands_text(hands: Sequence[int]) -> str:
    return ", ".join(str(size) for size in hands)


class SavedRules:
    """What the form needs of a saved set: its choice value, name and options."""

    def __init__(self, pk: int, name: str, options: dict[str, Any]) -> None:
        self.pk, self.name, self.options = pk, name, options

    @property
    def choice(self) -> str:
        return f"{SAVED}{self.pk}"


class SetupForm(forms.Form):
    """A new game: its options, the players in seat order, and who deals first.

    Games with house rules (Oh Hell, Boerenbridge, Brink Bid) also pick their
    ``rules``: as ruled, a preset, a saved set, or "our own" from the fields below
    it. Every limit and default comes from the engine's options; the engine checks
    the whole set when the record is made.
    """

    player = NameListField(required=False)
    first_dealer = forms.CharField(required=False)
    action = forms.CharField(required=False)
    # The preset the form picked itself for the players at the table (``for_count``):
    # a table back at a count the game as ruled takes goes back to it.
    proposed = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    # Drawn once a form: "Start" tapped twice (no JavaScript to stop it) makes one game.
    start_token = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(
        self,
        rules: GameRules,
        *args: Any,
        saved: Sequence[SavedRules] = (),
        players: int | None = None,
        **kwargs: Any,
    ) -> None:
        """``players``: the rows of names shown, for a form drawn again unbound (a
        bound form counts its own); Boerenbridge's presets deal hands for them."""
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.saved = tuple(saved)
        self.rows = players
        if not self.initial.get("start_token"):
            self.initial["start_token"] = secrets.token_urlsafe(16)
        for option in plain_options(rules):
            self.fields[f"option_{option.name}"] = option_field(option)
        if self.has_house_rules:
            self.add_house_rule_fields()

    @property
    def has_house_rules(self) -> bool:
        return self.rules.has_house_rules

    @property
    def has_expressions(self) -> bool:
        """Whether the game's house rules score by made and missed (not Skull King's)."""
        return any(option.name == "made" for option in self.rules.options)

    def add_house_rule_fields(self) -> None:
        offered = [(p.key, said(p.name)) for p in self.presets()]
        offered += [(s.choice, s.name) for s in self.saved] + [(OWN, _("Our own rules"))]
        self.fields["rules"] = forms.ChoiceField(
            choices=offered, required=False, initial=AS_RULED, widget=forms.RadioSelect
        )
        options = {option.name: option for option in self.rules.options}
        self.fields["option_hands"] = forms.CharField(
            label=_("Hand sizes"),
            help_text=_(options["hands"].help) + " " + _("Left empty: as ruled."),
            required=False,
            max_length=400,
        )
        for name in ("start", "peak", "end"):
            self.fields[name] = WholeNumberField(
                label=PATTERN_LABELS[name], required=False, min_value=1, max_value=MOST_HAND_FROM
            )
        for name in OWN_OPTIONS:
            if name in options:
                field = option_field(options[name])
                field.required = False
                self.fields[f"option_{name}"] = field
        for name in ("made", "missed") if self.has_expressions else ():
            self.fields[f"option_{name}"] = forms.CharField(
                label=_(options[name].label),
                help_text=_(options[name].help).split(" (")[0] + ".",
                required=False,
                max_length=400,  # the engine refuses over 120, saying so
            )
        # Left out (a post from an older page, a crafted one): a formula where one
        # was typed, else as the game scores it.
        for name, how in (("made_how", MADE_HOW), ("missed_how", MISSED_HOW)):
            # The template writes each choice as words with its numbers.
            self.fields[name] = forms.ChoiceField(
                choices=[(value, value) for value in how], required=False
            )
        numbers = {
            "made_points": (_("Points for the bid made"), 10),
            "made_each": (_("Points a trick"), 1),
            "missed_off": (_("Points off a trick"), 1),
            "missed_each": (_("Points a trick taken"), 1),
        }
        for name, (label, initial) in numbers.items():
            self.fields[name] = WholeNumberField(
                label=label,
                required=False,
                initial=initial,
                min_value=0,
                max_value=MOST_POINTS,
                # Inside a sentence beside a radio button: the label is the sentence's.
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "class": "points", "aria-label": label}
                ),
            )
        self.fields["rules_name"] = forms.CharField(
            label=_("Save these rules as"), required=False, max_length=RULES_NAME_LENGTH
        )

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"option_{option.name}"] for option in plain_options(self.rules)]

    def rule_choices(self) -> list[tuple[Any, str]]:
        """Each rules choice (a radio button) with what it means in a line; a preset
        for other numbers of players than those at the table says so (Boerenbridge
        as ruled is for 4)."""
        count = self.player_count()
        described = {}
        for found in self.presets():
            described[found.key] = said(found.description)
            low, high = self.rules.player_range(found.options)
            if not low <= count <= high:
                only = _("For %(counts)s players only.") % {"counts": counts_said(low, high)}
                described[found.key] += " " + only
        for saved in self.saved:
            described[saved.choice] = translated(rules_in_play(self.rules.key, saved.options))
        described[OWN] = (
            _("Hand sizes, the hook and the scoring as your table plays them.")
            if self.has_expressions
            else _("Hand sizes and the bidding as your table plays them.")
        )
        return [(radio, described.get(radio.data["value"], "")) for radio in self["rules"]]

    def own_fields(self) -> list[forms.BoundField]:
        names = [f"option_{name}" for name in OWN_OPTIONS]
        return [self[name] for name in names if name in self.fields]

    def rules_errors(self) -> list[str]:
        """The Rules fieldset's errors of fields without a place of their own, each after
        its field's label (our own rules' show beside their fields: ``own_errors``)."""
        inside = ["rules", "start", "peak", "end"]
        return [
            f"{self[name].label}: {error}"
            for name in inside
            if name in self.fields
            for error in self.errors.get(name, [])
        ]

    def pattern_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("start", "peak", "end")]

    def chosen_saved(self) -> SavedRules | None:
        choice = str(self.data.get("rules", "")) if self.is_bound else ""
        return next((s for s in self.saved if s.choice == choice), None)

    def player_count(self, seats: int | None = None) -> int:
        """How many play, as far as the form knows (for the preview and the presets):
        the rows of names shown (``seats`` once a row is added or removed: a player
        removed deals other hands), else the names typed, within what the game takes."""
        low, high = self.rules.min_players, self.rules.max_players
        typed = len([name for name in self.names() if name.strip()])
        rows = len(self.names()) if self.is_bound else self.rows
        for count in (seats, rows, typed):
            if count is not None and low <= count <= high:
                return count
        return self.rules.usual_players

    def presets(self, seats: int | None = None) -> tuple[Preset, ...]:
        """The presets offered, their hands dealt for the players at the table."""
        return presets(self.rules.key, self.player_count(seats))

    def player_range(self) -> tuple[int, int]:
        """How many may sit at the table: every count the game takes. Where the rules
        chosen take fewer (Boerenbridge as ruled, for 4), the rows added or removed
        pick hands for the count (``for_count``)."""
        return self.rules.min_players, self.rules.max_players

    def proposal(self, count: int) -> Preset | None:
        """The first preset that deals for ``count`` players (Boerenbridge for 5: 1 to
        10 and back, to 100), or None."""
        for found in self.presets(count):
            low, high = self.rules.player_range(found.options)
            if low <= count <= high:
                return found
        return None

    def for_count(self, count: int) -> dict[str, str]:
        """The rules choice for ``count`` rows of players, where it changes: a preset
        that deals for them in place of rules that cannot (proposed, so that back at a
        count the game as ruled takes, the form goes back to it)."""
        if not self.has_house_rules:
            return {}
        self.is_valid()  # the fields that clean
        cleaned = self.cleaned_data
        choice = cleaned.get("rules") or AS_RULED
        if choice == cleaned.get("proposed"):
            low, high = self.rules.player_range({})
            if low <= count <= high:
                return {"rules": AS_RULED, "proposed": ""}
        low, high = self.rules_range()
        if low <= count <= high:
            return {}
        found = self.proposal(count)
        return {} if found is None else {"rules": found.key, "proposed": found.key}

    def count_refused(self, count: int) -> str:
        """Why the rules chosen cannot be played by ``count`` players, in the setup's
        words (the engine's names the option ``hands``), or "" where they can. A count
        the game itself never takes is the engine's to refuse ("Oh Hell is for 3 to 7
        players, not 2")."""
        low, high = self.rules_range()
        if low <= count <= high or not self.rules.min_players <= count <= self.rules.max_players:
            return ""
        found = self.proposal(count)
        given = {"game": self.rules.title, "counts": counts_said(low, high), "count": count}
        # Named as the choices below say it (dealt for the rows of players shown).
        shown = next((p for p in self.presets() if found and p.key == found.key), None)
        if shown is None:
            return _("These rules are for %(counts)s players, not %(count)s.") % given
        given["preset"] = said(shown.name)
        chosen = self.cleaned_data.get("rules") if self.is_bound else self.initial.get("rules")
        if (chosen or AS_RULED) == AS_RULED:
            return (
                _(
                    "As ruled, %(game)s is for %(counts)s players, not %(count)s: pick "
                    "“%(preset)s” below, or another way of dealing for %(count)s."
                )
                % given
            )
        return (
            _(
                "These rules are for %(counts)s players, not %(count)s: pick “%(preset)s” "
                "below, or another way of dealing for %(count)s."
            )
            % given
        )

    def rules_range(self) -> tuple[int, int]:
        """How many may play by the rules chosen (Boerenbridge: 3 to 7 once the rules
        give the hand sizes, else 4)."""
        chosen: dict[str, Any] = {}
        try:
            if self.is_bound:
                self.is_valid()  # the fields that clean
                chosen = self.chosen_options(self.cleaned_data)
            else:
                chosen = self.house_options(dict(self.initial))
        except ValidationError:
            pass  # hands that do not read: the game's range as ruled
        return self.rules.player_range(chosen)

    def own_options(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        """The house rules typed under "Our own rules", as a record's options."""
        options: dict[str, Any] = {}
        typed = str(cleaned.get("option_hands") or "").strip()
        if typed:
            options["hands"] = read_hands(typed)
        by_name = {option.name: option for option in self.rules.options}
        for name in OWN_OPTIONS:
            if f"option_{name}" not in self.fields:
                continue
            value = cleaned.get(f"option_{name}")
            option = by_name[name]
            # Not posted (a form of before the option, like the bidding): as ruled.
            if value in (None, "") and not option.nullable:
                continue
            if value != option.default:
                options[name] = value
        made, missed = self.scoring(cleaned)
        if made or missed:
            options["scoring"] = CUSTOM
            options.update({k: v for k, v in (("made", made), ("missed", missed)) if v})
        return options

    def scoring_how(self, cleaned: dict[str, Any], name: str) -> str:
        """How the made (or missed) score is given: as ruled, in words, or a formula."""
        typed = str(cleaned.get(f"option_{name}") or "").strip()
        return str(cleaned.get(f"{name}_how") or (FORMULA if typed else RULED))

    def scoring(self, cleaned: dict[str, Any]) -> tuple[str, str]:
        """The made and missed expressions of our own rules ("" as the game scores)."""
        if not self.has_expressions:  # Skull King: no scoring of our own to give
            return "", ""
        made_how, missed_how = (
            self.scoring_how(cleaned, "made"),
            self.scoring_how(cleaned, "missed"),
        )
        made = missed = ""
        if made_how == FORMULA:
            made = str(cleaned.get("option_made") or "").strip()
        elif made_how == "points":
            made = made_expression(cleaned.get("made_points") or 0, cleaned.get("made_each") or 0)
        if missed_how == FORMULA:
            missed = str(cleaned.get("option_missed") or "").strip()
        elif missed_how in ("off", "each"):
            number = cleaned.get(f"missed_{missed_how}")
            missed = missed_expression(missed_how, 1 if number is None else number)
        elif missed_how == "nothing":
            missed = "0"
        return made, missed

    def check_own(self, cleaned: dict[str, Any]) -> None:
        """Our own rules checked by the engine, each refusal put beside its field."""
        made, missed = self.scoring(cleaned)
        # Each game checks a formula over the hands its own pack deals (Wizard's 60).
        domains = {option.name: option.domain for option in self.rules.options}
        for name, expression in (("made", made), ("missed", missed)):
            if expression and f"option_{name}" not in self.errors:
                try:
                    read_expression(expression, name, domains[name])
                except RulesError as error:
                    self.add_error(
                        *(_beside(error) or (f"option_{name}", translated(error.message)))
                    )
        if made and not missed and "option_missed" not in self.errors:
            self.add_error("option_missed", _("Say what a missed bid scores too."))
        elif missed and not made and "option_made" not in self.errors:
            self.add_error("option_made", _("Say what a made bid scores too."))
        if self.own_errors():
            return
        try:
            own = self.own_options(cleaned)
        except ValidationError as error:  # the hand sizes, unreadable
            self.add_error("option_hands", error)
            return
        count = self.player_count()
        low, high = self.rules.player_range(own)
        if not low <= count <= high:
            # Boerenbridge's own rules without hand sizes are for 4, as ruled.
            self.add_error(
                "option_hands",
                _(
                    "Give the hand sizes for %(count)s players: as ruled, %(game)s is for "
                    "%(counts)s."
                )
                % {"count": count, "game": self.rules.title, "counts": counts_said(low, high)},
            )
            return
        try:
            score_table(self.rules.key, own, count)
        except RulesError as error:
            placed = _beside(error)
            if placed is None:
                raise ValidationError(translated(error.message)) from None
            self.add_error(*placed)

    def own_slots(self) -> list[str]:
        """The fields of our own rules with a place for their errors beside them."""
        if not self.has_house_rules:
            return []
        names = ["option_hands", *(field.name for field in self.own_fields())]
        # Made and missed have their places only where the game scores by them (not
        # Skull King's): a place sent out of band with nothing to swap is htmx's error.
        scoring = ["option_made", "option_missed"] if self.has_expressions else []
        return [*names, *scoring]

    def own_errors(self) -> dict[str, list[str]]:
        """The errors of our own rules' fields, by the place they are shown: each beside
        its field, a number of the scoring's words beside its score (made or missed)."""
        shown: dict[str, list[str]] = {}
        for name in [*self.own_slots(), *OWN_NUMBERS]:
            slot = "option_" + name.split("_")[0] if name in OWN_NUMBERS else name
            for error in self.errors.get(name, []):
                shown.setdefault(slot, []).append(str(error))
        return shown

    def house_options(self, cleaned: dict[str, Any], seats: int | None = None) -> dict[str, Any]:
        """The house rules chosen: a preset's (its hands dealt for ``seats`` where given,
        as ``player_count``), a saved set's, or our own."""
        if not self.has_house_rules:
            return {}
        choice = cleaned.get("rules") or AS_RULED
        if choice == OWN:
            return self.own_options(cleaned)
        saved = next((s for s in self.saved if s.choice == choice), None)
        if saved is not None:
            return dict(saved.options)
        for found in self.presets(seats):
            if found.key == choice:
                return dict(found.options)
        return {}

    def chosen_options(self, cleaned: dict[str, Any], seats: int | None = None) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in plain_options(self.rules):
            value = cleaned.get(f"option_{option.name}")
            # Options left at their default are left out of the record, as the
            # spec allows; the engine fills them in.
            if value is not None and value != option.default:
                options[option.name] = value
        house = self.house_options(cleaned, seats)
        # A house rule replaces what it excludes, as its help says (hand sizes of our
        # own replace Oh Hell's game style): the option it replaces is left out.
        for option in self.rules.options:
            if option.name in house:
                for replaced in option.excludes:
                    options.pop(replaced, None)
        return {**options, **house}

    def preview(self, seats: int | None = None) -> tuple[ScoreTable | None, str]:
        """The chosen rules' score table and hands, or the engine's reason they fail."""
        if not self.has_house_rules or not self.is_bound:
            return None, ""
        # The fields that cleaned: the names, say, may not be typed yet.
        self.is_valid()
        cleaned = self.cleaned_data
        if cleaned.get("rules") == OWN and self.own_errors():
            return None, _("The scores show once our own rules are put right, above.")
        refused = self.count_refused(self.player_count(seats))
        if refused:
            return None, refused
        try:
            # A row just added or removed: the preset deals its hands for the new count
            # (Boerenbridge's 13 down to 1 for four is 10 down to 1 for five).
            wanted = self.chosen_options(cleaned, seats)
            return score_table(self.rules.key, wanted, self.player_count(seats)), ""
        except ValidationError as error:
            return None, " ".join(error.messages)
        except RulesError as error:
            return None, translated(error.message)

    def rules_to_save(self) -> dict[str, Any]:
        """Our own rules, checked by the engine, for saving under a name."""
        cleaned = self.cleaned_data
        if self.own_errors():
            raise ValidationError(_("These rules can be saved once they are put right, above."))
        options = self.own_options(cleaned)
        try:
            score_table(self.rules.key, options, self.player_count())
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        return options

    def pattern(self) -> str:
        """The hand sizes of the quick controls: start, up or down to the peak, to the end."""
        cleaned = self.cleaned_data
        values = [cleaned.get(name) for name in ("start", "peak", "end")]
        if any(value is None for value in values):
            raise ValidationError(_("Give the first hand, the largest and the last to fill in."))
        start, peak, end = (int(value) for value in values)  # type: ignore[arg-type]
        try:
            return hands_text(hand_pattern(start, peak, end))
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None

    def names(self) -> list[str]:
        """The names as typed so far, for redrawing the form (blank rows kept)."""
        value = self.fields["player"].widget.value_from_datadict(self.data, self.files, "player")
        return [str(name)[:MAX_NAME] for name in value] if self.is_bound else []

    def clean_first_dealer(self) -> str:
        value: str = self.cleaned_data["first_dealer"] or "draw"
        if value != "draw" and small_number(value) is None:
            raise ValidationError(_("Pick who deals first, or let Scorepad draw for high card."))
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        own = cleaned.get("rules") == OWN or cleaned.get("action") == "save-rules"
        if self.has_house_rules and own:
            self.check_own(cleaned)
        if self.errors:
            return cleaned
        rows: list[str] = cleaned.get("player", [])
        names = [name for name in rows if name]
        options = self.chosen_options(cleaned)
        dealer = cleaned["first_dealer"]
        seat: int | None = 0
        if dealer != "draw":
            # The choice counts the rows as shown, blank ones included; the seat
            # counts only the players, since blank rows are left out.
            row = int(dealer)
            named = row < len(rows) and bool(rows[row])
            seat = len([name for name in rows[:row] if name]) if named else None
        refused = self.count_refused(len(names)) if names else ""
        if refused:
            raise ValidationError(refused)
        try:
            cleaned["record"] = new_record(self.rules.key, names, seat or 0, options)
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        if seat is None:
            raise ValidationError(_("The first dealer must be one of the players."))
        cleaned["draw"] = dealer == "draw"
        return cleaned


# The Rules fieldset's buttons; each says what it does whole ("save-rules"), but for
# rename and delete, which name the saved set ("rename-12").
RULES_VERBS: tuple[str, ...] = (
    "preview",
    "preview-own",
    "pattern",
    "save-rules",
    "edit-rules",
    "rename",
    "delete",
)
# The rest: start, or redraw the form (the players' rows: "add", "remove-2", "up-1",
# "pick-Ann"; "dealers", the dealer choices' names).
WHOLE_ACTIONS: tuple[str, ...] = (*RULES_VERBS[:5], "start", "dealers", "add")


@dataclass(frozen=True)
class SetupAction:
    """A setup button: what it does (``verb``) and to what (``target``: a row's
    number, a saved set's id or a roster name), as its ``action`` value says."""

    verb: str
    target: str = ""

    @property
    def for_rules(self) -> bool:
        """A button of the Rules fieldset (preview, hands, save, edit, rename, delete)."""
        return self.verb in RULES_VERBS[:5] or (self.verb in RULES_VERBS and bool(self.target))


class SetupActionForm(forms.Form):
    """Which button of the setup form was pressed: "start" unless another was. A value
    no button of ours sends only redraws the form, as typed (``verb`` "redraw")."""

    # No length of its own: a name picked from the roster is cut to a name's length.
    action = forms.CharField(required=False, strip=False)

    def button(self) -> SetupAction:
        if not self.is_valid():
            return SetupAction("redraw")
        text = self.cleaned_data["action"] or "start"
        if text in WHOLE_ACTIONS:
            return SetupAction(text)
        verb, _, target = text.partition("-")
        return SetupAction(verb, target)


class RulesNameForm(forms.Form):
    """The name a set of house rules is saved or renamed under."""

    name = forms.CharField(max_length=RULES_NAME_LENGTH, required=False)

    def clean_name(self) -> str:
        name = " ".join(str(self.cleaned_data["name"] or "").split())
        if not name:
            raise ValidationError(_("Give the rules a name."))
        return name


STALE = gettext_noop(
    "That was already entered (a double tap, or another phone got there first). "
    "Here is the game as it stands now."
)


class VersionForm(forms.Form):
    """The game's version the screen was drawn from, for every change made at the table.

    A form from an older screen (a double tap, another phone) is refused rather than
    applied twice: this is the one check of the posted version, and the save checks
    the row is still at it (``Game.save_table``). ``stale()`` says it was refused.
    """

    version = forms.CharField(max_length=10)

    def __init__(self, version: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_version = version

    def clean_version(self) -> int:
        if small_number(self.cleaned_data["version"], digits=10) != self.game_version:
            raise ValidationError(_(STALE), code="stale")
        return self.game_version

    def stale(self) -> bool:
        return self.has_error("version")

    def message(self) -> str:
        """Why the form was refused, as the table shows it."""
        if self.stale():
            return _(STALE)
        return " ".join(map(str, self.non_field_errors())) or _("That entry could not be read.")


class AnswerListField(forms.Field):
    """Boxes ticked, posted as repeated fields: the engine's step reads them."""

    widget = RepeatedWidget

    def to_python(self, value: Any) -> tuple[str, ...]:
        ticked = tuple(str(item) for item in value) if value else ()
        # More boxes, or longer values, than any step has: not a form of ours.
        if len(ticked) > 64 or any(len(item) > 10 for item in ticked):
            raise ValidationError(_("That entry could not be read."))
        return ticked


# The grid of named tricks posts every player's at once (Abracadabra).
EVERYONE = "everyone"


class EntryForm(VersionForm):
    """One thing entered at the table: a tap on a bid, a call, a trick winner...

    The posted answer goes to the engine as text: the step on offer reads it (rolls
    the dice, checks each ticked box) and ``play`` works out the next table state,
    ``cleaned_data["table"]``.
    """

    kind = forms.CharField(max_length=20)
    seat = forms.CharField(required=False, max_length=3)
    value = forms.CharField(required=False, max_length=40)
    values = AnswerListField(required=False)
    pile = AnswerListField(required=False)
    # A grid's "the rest to ..." button: the answer for every row of the grid posted
    # without one (Abracadabra's trick grid: every trick still without a winner).
    rest = forms.CharField(required=False, max_length=10)

    def __init__(
        self,
        version: int,
        current: Table,
        *args: Any,
        rng: random.Random | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(version, *args, **kwargs)
        # Brink Bid's dice are rolled here, on the server, when the Roll button is tapped.
        self.rng = rng or random.SystemRandom()
        self.current = current
        # Abracadabra's grid of named tricks: a player's boxes ticked, for each player
        # the engine asks (read like ``values``).
        for step in current.together:
            self.fields[f"named-{step.player}"] = AnswerListField(required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        if cleaned["kind"] == "trick" and not cleaned["value"]:
            cleaned["table"] = self._tricks_won(self._grid(), cleaned["rest"])
            return cleaned
        if cleaned["kind"] == "name" and cleaned["value"] == EVERYONE:
            cleaned["table"] = self._named_by_everyone()
            return cleaned
        answer = Answer(
            cleaned["kind"],
            cleaned["seat"],
            cleaned["value"],
            cleaned["values"],
            cleaned["pile"],
            self._faces(),
        )
        try:
            cleaned["table"] = play(self.current, self.current.entry(answer, self.rng))
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        return cleaned

    def _faces(self) -> tuple[tuple[str, str], ...]:
        """The faces of dice rolled by hand, posted as ``die-trump`` (the face): read by
        the roll's step, which refuses a die or a face it does not have."""
        faces = [
            (key.removeprefix("die-")[:20], str(self.data[key])[:20])
            for key in self.data
            if key.startswith("die-")
        ]
        if len(faces) > 8:
            raise ValidationError(_("That entry could not be read."))
        return tuple(faces)

    def named_ticked(self) -> frozenset[str]:
        """The boxes ticked on the grid of named tricks, each as "seat:trick" (kept
        ticked after a refusal)."""
        ticked: set[str] = set()
        for step in self.current.together:
            name = f"named-{step.player}"
            values = self.fields[name].widget.value_from_datadict(self.data, self.files, name)
            ticked.update(f"{step.player}:{value}"[:20] for value in (values or ())[:64])
        return frozenset(ticked)

    def _named_by_everyone(self) -> Table:
        """Abracadabra's grid of named tricks: each player's, posted as ``named-2`` (the
        tricks ticked), entered in the engine's turn as taps of their own would be, and
        checked so: one refused, and none is entered. With ``declare=none`` (Done,
        nothing exposed) the declaring that follows is entered too, with nothing in it."""
        current = self.current
        try:
            while current.step.kind is StepKind.NAME:
                seat = str(current.step.player)
                ticked = self.cleaned_data.get(f"named-{seat}") or ()
                current = play(
                    current, current.entry(Answer("name", seat, values=ticked), self.rng)
                )
            if self.data.get("declare") == "none" and current.step.kind is StepKind.DECLARE:
                current = play(current, current.entry(Answer("declare"), self.rng))
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        return current

    def _grid(self) -> dict[int, str]:
        """Abracadabra's trick grid: who won each trick, posted as ``trick-5`` (the
        winner's seat), by trick number."""
        posted: dict[int, str] = {}
        for key in self.data:
            number = small_number(key.removeprefix("trick-")) if key.startswith("trick-") else None
            if number is not None and len(posted) < 64:
                posted[number] = str(self.data[key])[:10]
        return posted

    def _tricks_won(self, posted: dict[int, str], rest: str) -> Table:
        """Each trick's winner entered in turn from the next trick on, every one checked
        by the engine as a tap on its own would be; one refused, and none is entered.

        With ``rest`` (a player's "the rest" button), each trick posted without a
        winner is theirs, up to the last the engine asks: ``rest`` must be a winner
        the step offers, whether or not a trick is left for it. Without, the winners
        posted must run on from the next trick with none left out.
        """
        current = self.current
        first = len((current.draft or {}).get("trick_winners") or ()) + 1
        number = first
        try:
            if rest:
                current.step.choice(rest)
            while current.step.kind is StepKind.TRICK and (number in posted or rest):
                winner = posted.pop(number, rest)
                current = play(current, current.entry(Answer("trick", "", winner), self.rng))
                number += 1
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        if number == first or (posted and current.step.kind is StepKind.TRICK):
            raise ValidationError(
                _("Tap who won each trick from trick %(number)s on, with none left out.")
                % {"number": first}
            )
        if posted:
            raise ValidationError(_("There are more winners than tricks left to play."))
        return current


class CorrectForm(VersionForm):
    """A past round to enter again: its number, as players count."""

    number = forms.CharField(max_length=5)

    def message(self) -> str:
        return _("Pick the round to correct.") if self.has_error("number") else super().message()

    def clean_number(self) -> int:
        number = small_number(self.cleaned_data["number"], digits=5)
        if number is None or number < 1:
            raise ValidationError(_("Pick the round to correct."))
        return number


class RoundCellsForm(VersionForm):
    """A past round's cells as corrected on the sheet: one value a part (``bids-0``).

    A value not posted is kept as entered. The engine reads each value and checks
    the round whole; ``cleaned_data["record"]`` is the corrected record and
    ``cleaned_data["changes"]`` what the correction does, in words. ``confirm``
    is posted by the second form, once those changes were shown.
    """

    confirm = forms.BooleanField(required=False)

    def __init__(
        self, version: int, record: Record, cells: Sequence[Cell], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(version, *args, **kwargs)
        self.record = record
        self.cells = cells
        for the_cell in cells:
            for part in the_cell.parts:
                # The boxes ticked of a part of several (named tricks): posted with an
                # empty marker, so that none ticked is told from the part not posted.
                self.fields[f"{the_cell.field}-{part.key}"] = (
                    AnswerListField(required=False)
                    if part.many
                    else forms.CharField(required=False, max_length=20)
                )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        posted = {
            the_cell.field: {
                part.key: cleaned[name]
                for part in the_cell.parts
                if (name := f"{the_cell.field}-{part.key}") in self.data
            }
            for the_cell in self.cells
        }
        number = self.cells[0].number
        try:
            after = corrected(self.record, number, posted)
        except RulesError as error:
            raise ValidationError(error.message) from None
        cleaned["record"] = after
        cleaned["changes"] = differences(self.record, after)
        # What was posted, to post again with the confirmation.
        cleaned["values"] = {
            f"{field}-{key}": value
            for field, values in posted.items()
            for key, value in values.items()
        }
        return cleaned


class ImportForm(forms.Form):
    """A scorepad/1 file to import, uploaded or pasted: one record or an array of them.

    The whole file is checked by the engine here; ``records`` holds the games only
    when every round of every one of them keeps every rule.
    """

    file = forms.FileField(
        required=False,
        label=gettext_lazy("A scorepad/1 file"),
        error_messages={"empty": gettext_lazy("The file is empty.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    text = forms.CharField(
        required=False,
        strip=False,
        label=gettext_lazy("Or paste the record here"),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocomplete": "off"}),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        upload = cleaned.get("file")
        text: str = cleaned.get("text") or ""
        if upload and text.strip():
            raise ValidationError(_("Choose a file or paste a record, not both."))
        if not upload and not text.strip():
            raise ValidationError(_("Choose a file, or paste a record."))
        size = upload.size if upload else len(text.encode())
        if size > MAX_IMPORT_BYTES:
            megabytes = math.ceil(size / 1024 / 1024 * 10) / 10
            raise ValidationError(
                _(
                    "The file is too big (%(size)s MB): Scorepad imports files of "
                    "%(most)s MB at most. Split it into smaller ones."
                )
                % {"size": megabytes, "most": MAX_IMPORT_BYTES // 1024 // 1024}
            )
        try:
            cleaned["records"] = read_records(upload.read() if upload else text)
        except RulesError as error:
            raise ValidationError(translated(error)) from None
        return cleaned


class NameKeyField(forms.ChoiceField):
    """A player picked by name, casefolded as ``Figures.name_key`` ("ANN" is "ann")."""

    def to_python(self, value: Any) -> str:
        return str(super().to_python(value)).casefold()


class HistoryForm(forms.Form):
    """The history's filters (GET): one game, one player (by casefolded name), or both;
    and the page (1, the newest games, if left out)."""

    game = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Game"),
        error_messages={"invalid_choice": gettext_lazy("Scorepad keeps no game called %(value)s.")},
    )
    player = NameKeyField(
        required=False,
        label=gettext_lazy("Player"),
        error_messages={
            "invalid_choice": gettext_lazy("None of your games has a player called %(value)s.")
        },
    )
    page = WholeNumberField(
        required=False,
        min_value=1,
        error_messages={
            "invalid": gettext_lazy("A page is a number: 1 for the newest games."),
            "min_value": gettext_lazy("A page is a number: 1 for the newest games."),
        },
    )

    def __init__(self, roster: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        """``roster``: (name key, name) for each player in this person's games."""
        super().__init__(*args, **kwargs)
        games = [(key, rules.title) for key, rules in GAMES.items()]
        cast(forms.ChoiceField, self.fields["game"]).choices = [("", _("All games")), *games]
        cast(forms.ChoiceField, self.fields["player"]).choices = [("", _("Everyone")), *roster]


class RenameForm(forms.Form):
    """Rename a player in every game this person may list (POST), or merge two
    spellings of one person: ``name`` is the new name, maybe another player's.

    Posted first without ``confirm`` (the page then says what would change), then
    with it. The engine checks the name in each game's record (scorepad/renaming.py).
    """

    player = NameKeyField(
        label=gettext_lazy("Player"),
        error_messages={
            "required": gettext_lazy("Pick the player to rename."),
            "invalid_choice": gettext_lazy("None of your games has a player called %(value)s."),
        },
    )
    name = forms.CharField(
        label=gettext_lazy("New name"),
        max_length=MAX_NAME,
        error_messages={
            "required": gettext_lazy("A player needs a name: type the new one."),
            "max_length": gettext_lazy("A name is %(most)s characters at most.")
            % {"most": MAX_NAME},
        },
    )
    confirm = forms.BooleanField(required=False)

    def __init__(self, roster: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        """``roster``: (name key, name) for each player in this person's games."""
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["player"]).choices = list(roster)


class SeatForm(forms.Form):
    """The seat a phone takes through the Join link: a player's number in the record."""

    seat = forms.CharField(max_length=3)

    def __init__(self, players: Sequence[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players

    def clean_seat(self) -> int:
        number = small_number(self.cleaned_data["seat"], digits=2)
        if number is None or number >= len(self.players):
            raise ValidationError(_("There is no such seat at this game. Tap a player's name."))
        return number


# What a player's own phone may enter: the values of its own seat, one at a time.
SEAT_KINDS = ("bid", "tricks")


class SeatEntryForm(EntryForm):
    """A tap on a player's own phone (``/s/<key>/``): as the keeper's, through the same
    steps, but only a bid or tricks of its own seat; anything else is refused with
    ``not_yours`` (403), before the engine is asked. The seat need not be posted.
    Changing its own sealed bid is one more bid of its seat: the engine takes it until
    the last bid is in, and refuses it after with its reason (400)."""

    def __init__(self, version: int, current: Table, seat: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(version, current, *args, **kwargs)
        self.seat_number = seat

    def clean(self) -> dict[str, Any]:
        if "kind" not in self.cleaned_data or "seat" not in self.cleaned_data:
            return self.cleaned_data  # not a form of ours: said as the field's error
        posted = self.cleaned_data["seat"]
        name = self.current.record.players[self.seat_number]
        if self.current.correcting is not None:
            raise ValidationError(
                _("The keeper is correcting an earlier round: only the keeper's phone enters it."),
                code="not_yours",
            )
        if self.cleaned_data["kind"] not in SEAT_KINDS or (
            posted and small_number(posted, digits=2) != self.seat_number
        ):
            raise ValidationError(
                _(
                    "This is %(player)s's phone: it enters %(player)s's own bids and tricks"
                    " only. The keeper's phone enters the rest."
                )
                % {"player": name},
                code="not_yours",
            )
        self.cleaned_data["seat"] = str(self.seat_number)
        # Boxes are never ticked here: a bid or tricks is one button.
        self.cleaned_data["values"] = self.cleaned_data["pile"] = ()
        return super().clean()

    def not_yours(self) -> bool:
        return self.has_error(NON_FIELD_ERRORS, "not_yours")
