"""Printing: which blank sheet to print, and on which paper.

The rounds, hand sizes and dealers come from the engine's ``schedule``; a
RulesError becomes a ValidationError with the engine's message as it is.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import MAX_NAME, GameRules, RulesError, new_record, schedule
from scorepad.engine_words import translated
from scorepad.forms.fields import (
    NameListField,
    WholeNumberField,
    option_field,
    plain_options,
    read_hands,
)

PAPERS = (("a4", "A4"), ("letter", "Letter"))
# The most rounds a blank sheet has: the longest preset's, the "Dutch pyramid" of fixed
# length (1..13..1 for four: 25 hands; tests/web/test_print.py asks the engine), so a
# family playing it on paper gets the whole game on one sheet; its PDF still draws in
# under 1 s of CPU on two pages (docs/dev/printing.md).
# Every game's own schedule fits; only an option of deals goes further.
MOST_ROUNDS = 25
# Spare columns a blank sheet may have for players who join late.
MOST_SPARE = 2


class PaperForm(forms.Form):
    paper = forms.ChoiceField(choices=PAPERS, required=False)

    def clean_paper(self) -> str:
        return str(self.cleaned_data["paper"] or "a4")


class SheetPdfForm(PaperForm):
    """A game's PDF: the paper, and which part of a long game (scorepad.printing.pdf.parts)."""

    part = WholeNumberField(label="The part", min_value=1, required=False)

    def clean_part(self) -> int:
        return int(self.cleaned_data["part"] or 1)


class BlankSheetForm(PaperForm):
    """A blank sheet: the game's options, how many play, their names, who deals first."""

    players = forms.TypedChoiceField(label=gettext_lazy("Players"), coerce=int)
    player = NameListField(required=False)
    first_dealer = forms.TypedChoiceField(
        label=gettext_lazy("Who deals first"), coerce=int, required=False, empty_value=None
    )
    # Columns left without a name, for a player who joins late (RULINGS, "Players come
    # and go"): paper adds a column; a printed sheet has it ready.
    spare = forms.TypedChoiceField(
        label=gettext_lazy("Spare columns for players who join late"),
        choices=[(count, str(count)) for count in range(MOST_SPARE + 1)],
        coerce=int,
        required=False,
        empty_value=None,
    )

    def __init__(self, rules: GameRules, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        # A game whose count opens up with hand sizes of one's own (as ruled for 4, with
        # them 3 to 7) takes them here; the others print as ruled, their house rules left out.
        self.takes_hands = rules.player_range({}) != (rules.min_players, rules.max_players)
        counts = range(rules.min_players, rules.max_players + 1)
        cast(forms.ChoiceField, self.fields["players"]).choices = [(n, str(n)) for n in counts]
        seats = range(1, rules.max_players + 1)
        cast(forms.ChoiceField, self.fields["first_dealer"]).choices = [
            ("", _("The first player"))
        ] + [(seat, _("Player %(seat)s") % {"seat": seat}) for seat in seats]
        for option in plain_options(rules):
            field = option_field(option)
            # An option left out of the address is at its default, as in a record.
            field.required = False
            if isinstance(field, forms.TypedChoiceField):
                field.empty_value = None
            if option.name == "deals":
                most = _("A printed sheet has at most %(most)s.") % {"most": MOST_ROUNDS}
                field.help_text = f"{field.help_text} {most}"
            self.fields[f"option_{option.name}"] = field
        # With the hands, how the game ends where it may end after them (a game's option
        # ``end``: a sheet of fixed length has a row for every hand).
        self.ends = tuple(o for o in rules.options if o.name == "end") if self.takes_hands else ()
        if self.takes_hands:
            hands = next(option for option in rules.options if option.name == "hands")
            self.fields["option_hands"] = forms.CharField(
                label=gettext_lazy(hands.label),
                help_text=f"{_(hands.help)} {_('Left empty: as ruled.')}",
                required=False,
                max_length=400,
            )
        for option in self.ends:
            field = option_field(option)
            field.required = False
            cast(forms.TypedChoiceField, field).empty_value = None
            self.fields[f"option_{option.name}"] = field

    @classmethod
    def defaults(cls, rules: GameRules) -> dict[str, Any]:
        """What the page shows before anything is chosen: four players, default options."""
        data: dict[str, Any] = {"players": rules.usual_players}
        for option in plain_options(rules):
            if option.default is not None and option.default is not False:
                data[f"option_{option.name}"] = option.default
        return data

    def option_fields(self) -> list[forms.BoundField]:
        fields = [self[f"option_{option.name}"] for option in plain_options(self.rules)]
        if not self.takes_hands:
            return fields
        return [*fields, self["option_hands"], *(self[f"option_{o.name}"] for o in self.ends)]

    def name_rows(self) -> list[str]:
        """One name box a seat the game can have, with what was typed in it."""
        typed = self.fields["player"].widget.value_from_datadict(self.data, self.files, "player")
        rows = [str(name)[:MAX_NAME] for name in typed][: self.rules.max_players]
        return rows + [""] * (self.rules.max_players - len(rows))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        count: int = cleaned["players"]
        rows: list[str] = cleaned.get("player") or []
        extra = [name for name in rows[count:] if name]
        if extra:
            raise ValidationError(
                _("%(names)s: there are names for more than the %(count)s players chosen.")
                % {"names": ", ".join(extra), "count": count}
            )
        names = [rows[seat] if seat < len(rows) and rows[seat] else "" for seat in range(count)]
        first = cleaned.get("first_dealer") or 1
        if first > count:
            raise ValidationError(
                _("Player %(seat)s is not at a table of %(count)s.")
                % {"seat": first, "count": count}
            )
        options = {
            option.name: cleaned[f"option_{option.name}"]
            for option in plain_options(self.rules)
            if cleaned.get(f"option_{option.name}") is not None
        }
        typed = str(cleaned.get("option_hands") or "").strip()
        if typed:
            options["hands"] = read_hands(typed)
        for option in self.ends:
            value = cleaned.get(f"option_{option.name}")
            if value is not None and value != option.default:
                options[option.name] = value
        try:
            record = new_record(
                self.rules.key,
                [
                    name or _("Player %(seat)s") % {"seat": seat + 1}
                    for seat, name in enumerate(names)
                ],
                first - 1,
                options,
            )
            setup = record.setup
            if (self.rules.round_count(setup) or 0) > MOST_ROUNDS:
                raise ValidationError(
                    _(
                        "A printed sheet has at most %(most)s rounds: choose fewer deals,"
                        " or print two sheets."
                    )
                    % {"most": MOST_ROUNDS}
                )
            cleaned["rounds"] = schedule(self.rules.key, options, count, first - 1)
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        cleaned["record"] = record
        cleaned["names"] = names  # "" for a name left out: an empty box on the sheet
        # Players who come and go are for the games that allow it (``seats_apart``).
        cleaned["spare"] = (cleaned.get("spare") or 0) if self.rules.seats_apart else 0
        cleaned["goal"] = self.rules.goal(setup)
        return cleaned
