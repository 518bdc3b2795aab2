"""The setup's forms: a new game's options, its players in seat order, who deals first,
and the house rules it is played by (a preset, a saved set, or "our own", typed).

Every limit and default comes from the engine's options, which house rules a game
has too (``Option.house_rule``); the engine words the scoring (``scoring_words``),
checks the whole set when the record is made, and says which option a refusal is
about (``RulesError.option``), so that it is shown beside that option's field.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.forms.utils import ErrorDict
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import (
    MAX_NAME,
    GameRules,
    MadeInWords,
    Message,
    MissedHow,
    MissedInWords,
    Option,
    Preset,
    RulesError,
    ScoreTable,
    hand_pattern,
    made_in_words,
    missed_in_words,
    new_record,
    presets,
    read_expression,
    rules_in_play,
    score_table,
)
from rules_engine.house_rules import MOST_HAND_FROM
from rules_engine.options import AS_RULED
from scorepad.engine_words import translated
from scorepad.forms.fields import (
    NameListField,
    WholeNumberField,
    hands_text,
    option_field,
    plain_options,
    read_hands,
    small_number,
)
from scorepad.models import RULES_NAME_LENGTH

OWN = "own"
# The quick controls' labels: the first hand, the largest, the last.
PATTERN_LABELS = {
    "start": gettext_lazy("Start"),
    "peak": gettext_lazy("Peak"),
    "end": gettext_lazy("End"),
}
SAVED = "saved-"
# The kinds of house rules that are a field of their own under "Our own rules" (the
# hand sizes and the scoring have theirs).
OWN_KINDS = ("choice", "int", "bool")

# The common scorings in words, each with its numbers to fill in ("points": a made
# bid's points and points a trick; a missed bid's ``MissedHow``); "formula" keeps the
# expression typed. The engine writes the words as the made and missed expressions
# the record stores (``MadeInWords``, ``MissedInWords``), and reads them back.
RULED, POINTS, FORMULA = "ruled", "points", "formula"
MADE_HOW = (RULED, POINTS, FORMULA)
MISSED_HOW = (RULED, *MissedHow, FORMULA)
OWN_NUMBERS = ("made_points", "made_each", "missed_off", "missed_each")
MOST_POINTS = 1000  # far over any table's scoring; the engine bounds a score anyway


def scoring_in_words(made: str, missed: str) -> dict[str, Any]:
    """The form's words for a made and a missed expression, where the words say them
    exactly (a preset's or saved set's), else the formula as it is."""
    words: dict[str, Any] = {"made_how": FORMULA, "missed_how": FORMULA}
    made_words = made_in_words(made)
    if made_words is not None:
        words.update(made_how=POINTS, made_points=made_words.points, made_each=made_words.each)
    missed_words = missed_in_words(missed)
    if missed_words is not None:
        words["missed_how"] = missed_words.how.value
        if missed_words.how is not MissedHow.NOTHING:
            words[f"missed_{missed_words.how}"] = missed_words.number
    return words


def own_settings(rules: GameRules) -> tuple[Option, ...]:
    """The house rules set under "Our own rules" by a field of their own (the hook, the
    target...): not the hand sizes nor the scoring's expressions, which have theirs,
    nor an option those set (``Option.only_with``: the scoring, custom)."""
    switches = {option.only_with[0] for option in rules.options if option.only_with}
    return tuple(
        option
        for option in rules.options
        if option.house_rule and option.kind in OWN_KINDS and option.name not in switches
    )


def scoring_options(rules: GameRules) -> tuple[Option, ...]:
    """The house rules that score a bid by an expression of the table's own (made and
    missed); none where a game scores by its own table whatever the house rules."""
    return tuple(o for o in rules.options if o.house_rule and o.kind == "expression")


def said(text: str) -> str:
    """A preset's name or description in the page's language: a message of the
    engine's (its hands follow the players), or a word of the games' own."""
    return translated(text) if isinstance(text, Message) else _(text)


def counts_said(least: int, most: int) -> str:
    """How many may play, as the setup says it: "4", "3 to 7"."""
    if least == most:
        return str(least)
    return translated(Message("players_from_to", least=least, most=most))


class SavedRules:
    """What the form needs of a saved set: its choice value, name and options."""

    def __init__(self, pk: int, name: str, options: dict[str, Any]) -> None:
        self.pk, self.name, self.options = pk, name, options

    @property
    def choice(self) -> str:
        return f"{SAVED}{self.pk}"


class SetupForm(forms.Form):
    """A new game: its options, the players in seat order, and who deals first.

    Games with house rules (``GameRules.has_house_rules``) also pick their
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
        """``players``: the rows of names shown, where they are not the names posted
        (a form counts its own else); presets that follow the players deal hands for them."""
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.saved = tuple(saved)
        self.rows = players
        # Drawn again as typed, after a button that checks nothing (``draw_again``).
        self.quiet = False
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
    def takes_hands(self) -> bool:
        """Whether the game's house rules give the hand sizes (not where all 52 are dealt)."""
        return any(option.name == "hands" for option in self.rules.options)

    @property
    def has_expressions(self) -> bool:
        """Whether the game's house rules score by made and missed expressions."""
        return bool(scoring_options(self.rules))

    @property
    def errors(self) -> ErrorDict:
        """The errors of the data bound, but none for a form drawn again (``draw_again``):
        a button that checks nothing shows no errors, as an unbound form would."""
        return ErrorDict() if self.quiet else super().errors

    def retype(self, typed: Mapping[str, Any], saved: Sequence[SavedRules] | None = None) -> None:
        """Bind the form again to what was posted with ``typed`` in place (what a button
        changed: a preset for the rows shown, hands filled in, a set saved and picked),
        with the saved sets as the button left them, and check it again."""
        data = self.data_to_change()
        for name, value in typed.items():
            data[name] = "" if value is None else str(value)
        self.data = data
        if saved is not None:
            self.saved = tuple(saved)
        self.offer_rules()
        self.full_clean()

    def draw_again(self, rows: int) -> None:
        """Draw the form as typed for ``rows`` rows of players, its errors not shown
        (editing the players or the rules checks nothing yet: ``retype`` first for the
        preview and our own rules' refusals, which are shown apart)."""
        self.rows = rows
        self.quiet = True
        self.offer_rules()  # the presets deal their hands for the rows shown
        if not self.data.get("start_token"):
            data = self.data_to_change()
            data["start_token"] = secrets.token_urlsafe(16)
            self.data = data

    def data_to_change(self) -> MutableMapping[str, Any]:
        """A copy of the data bound (a request's POST, the players' rows a list)."""
        if isinstance(self.data, QueryDict):
            return self.data.copy()
        return dict(self.data)

    def rules_offered(self) -> list[tuple[str, str]]:
        """The rules choices: as ruled, the presets, the saved sets, our own."""
        offered = [(p.key, said(p.name)) for p in self.presets()]
        return offered + [(s.choice, s.name) for s in self.saved] + [(OWN, _("Our own rules"))]

    def offer_rules(self) -> None:
        """The rules choices again, for the rows and the saved sets now known."""
        if self.has_house_rules:
            cast(forms.ChoiceField, self.fields["rules"]).choices = self.rules_offered()

    def add_house_rule_fields(self) -> None:
        self.fields["rules"] = forms.ChoiceField(
            choices=self.rules_offered(), required=False, initial=AS_RULED, widget=forms.RadioSelect
        )
        options = {option.name: option for option in self.rules.options}
        self.fields["option_hands"] = forms.CharField(
            label=_("Hand sizes"),
            # A game that deals the whole pack every round has no hand sizes to give.
            help_text=_(options["hands"].help) + " " + _("Left empty: as ruled.")
            if self.takes_hands
            else "",
            required=False,
            max_length=400,
        )
        for name in ("start", "peak", "end"):
            self.fields[name] = WholeNumberField(
                label=PATTERN_LABELS[name], required=False, min_value=1, max_value=MOST_HAND_FROM
            )
        for option in own_settings(self.rules):
            field = option_field(option)
            field.required = False
            self.fields[f"option_{option.name}"] = field
        for option in scoring_options(self.rules):
            self.fields[f"option_{option.name}"] = forms.CharField(
                label=_(option.label),
                help_text=_(option.help).split(" (")[0] + ".",
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
        for other numbers of players than those at the table says so (a game as ruled
        for 4 only, with more counts by hand sizes of its own)."""
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
        hooked = any(option.name == "hook" for option in self.rules.options)
        if self.has_expressions and hooked:
            described[OWN] = _("Hand sizes, the hook and the scoring as your table plays them.")
        elif self.has_expressions:  # a game with scoring to choose but no hook
            described[OWN] = _("Hand sizes, the bonus and the scoring as your table plays them.")
        elif self.takes_hands:
            described[OWN] = _("Hand sizes and the bidding as your table plays them.")
        else:
            described[OWN] = _("The rules under “Make our own rules” as your table plays them.")
        return [(radio, described.get(radio.data["value"], "")) for radio in self["rules"]]

    def own_fields(self) -> list[forms.BoundField]:
        return [self[f"option_{option.name}"] for option in own_settings(self.rules)]

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
        rows = len(self.names()) if self.rows is None else self.rows
        for count in (seats, rows, typed):
            if count is not None and low <= count <= high:
                return count
        return self.rules.usual_players

    def presets(self, seats: int | None = None) -> tuple[Preset, ...]:
        """The presets offered, their hands dealt for the players at the table."""
        return presets(self.rules.key, self.player_count(seats))

    def player_range(self) -> tuple[int, int]:
        """How many may sit at the table: every count the game takes. Where the rules
        chosen take fewer (a game as ruled for 4 only), the rows added or removed
        pick hands for the count (``for_count``)."""
        return self.rules.min_players, self.rules.max_players

    def proposal(self, count: int) -> Preset | None:
        """The first preset that deals for ``count`` players, or None."""
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
        the game itself never takes is the engine's to refuse ("... is for 3 to 7
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
        """How many may play by the rules chosen (``GameRules.player_range``: some games
        take more once the rules give the hand sizes)."""
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
        for option in own_settings(self.rules):
            value = cleaned.get(f"option_{option.name}")
            # Not posted (a form of before the option, like the bidding): as ruled.
            if value in (None, "") and not option.nullable:
                continue
            # The default beside the options above (``sit_out``: nobody, with end: hands).
            if value != option.default_for(options):
                options[option.name] = value
        made, missed = self.scoring(cleaned)
        given = {"made": made, "missed": missed}
        scored = [option for option in scoring_options(self.rules) if given.get(option.name)]
        for option in scored:  # giving them sets the scoring they come with (custom)
            if option.only_with is not None:
                options[option.only_with[0]] = option.only_with[1]
        options.update({option.name: given[option.name] for option in scored})
        return options

    def scoring_how(self, cleaned: dict[str, Any], name: str) -> str:
        """How the made (or missed) score is given: as ruled, in words, or a formula."""
        typed = str(cleaned.get(f"option_{name}") or "").strip()
        return str(cleaned.get(f"{name}_how") or (FORMULA if typed else RULED))

    def scoring(self, cleaned: dict[str, Any]) -> tuple[str, str]:
        """The made and missed expressions of our own rules ("" as the game scores)."""
        if not self.has_expressions:  # no scoring of our own to give
            return "", ""
        made_how, missed_how = (
            self.scoring_how(cleaned, "made"),
            self.scoring_how(cleaned, "missed"),
        )
        made = missed = ""
        if made_how == FORMULA:
            made = str(cleaned.get("option_made") or "").strip()
        elif made_how == POINTS:
            points, each = cleaned.get("made_points") or 0, cleaned.get("made_each") or 0
            made = MadeInWords(points, each).expression
        if missed_how == FORMULA:
            missed = str(cleaned.get("option_missed") or "").strip()
        elif missed_how in MissedHow:
            number = cleaned.get(f"missed_{missed_how}")  # nothing has no number
            how = MissedHow(missed_how)
            missed = MissedInWords(how, 1 if number is None else number).expression
        return made, missed

    def check_own(self, cleaned: dict[str, Any]) -> None:
        """Our own rules checked by the engine, each refusal put beside its field."""
        made, missed = self.scoring(cleaned)
        # Each game checks a formula over the hands its own pack deals (``Option.domain``).
        domains = {option.name: option.domain for option in self.rules.options}
        for name, expression in (("made", made), ("missed", missed)):
            if expression and f"option_{name}" not in self.errors:
                try:
                    read_expression(expression, name, domains[name])
                except RulesError as error:
                    self.add_error(f"option_{name}", translated(error.reason))
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
            # Own rules without hand sizes keep the game's count as ruled.
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
            field = f"option_{error.option}"
            if field not in self.own_slots():  # a refusal of no field of ours
                raise ValidationError(translated(error.message)) from None
            self.add_error(field, translated(error.reason))

    def own_slots(self) -> list[str]:
        """The fields of our own rules with a place for their errors beside them."""
        if not self.has_house_rules:
            return []
        hands = ["option_hands"] if self.takes_hands else []
        names = [*hands, *(field.name for field in self.own_fields())]
        # Made and missed have their places only where the game scores by them: a place
        # sent out of band with nothing to swap is htmx's error.
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

    def own_initial(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A preset's or saved set's options as the "Our own rules" fields show them: the
        hand sizes typed, each option's value, the scoring in words where they say it."""
        typed: dict[str, Any] = {
            "rules": OWN,
            "option_hands": "",
            "option_made": "",
            "option_missed": "",
        }
        switches = {option.only_with[0] for option in self.rules.options if option.only_with}
        for name, value in options.items():
            if name == "hands":
                typed["option_hands"] = hands_text(value)
            elif name not in switches:  # the scoring is set by the made and missed given
                typed[f"option_{name}"] = "" if value is None else value  # sit_out: nobody
        for option in own_settings(self.rules):
            # An option left out at another default beside these (``sit_out``: nobody,
            # with end: hands) shows that default, not the game's.
            default = option.default_for(options)
            if option.name not in options and default != option.default:
                typed[f"option_{option.name}"] = "" if default is None else default
        if "made" in options:
            typed.update(scoring_in_words(str(options["made"]), str(options.get("missed", ""))))
        else:
            typed.update(made_how=RULED, missed_how=RULED)
        return typed

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
        # own replace a game's style of dealing): the option it replaces is left out.
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
            # (13 cards down to 1 for four is 10 down to 1 for five).
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
