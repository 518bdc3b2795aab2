"""Printing: which blank sheet to print, and on which paper.

The rounds, hand sizes and dealers come from the engine's ``schedule``; a
RulesError becomes a ValidationError with the engine's message as it is.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from rules_engine import GameRules, RulesError, new_record, schedule
from scorepad.forms import NameListField, option_field

PAPERS = (("a4", "A4"), ("letter", "Letter"))
# A sheet longer than this is no longer a sheet (Abracadabra's deals have no maximum).
MOST_ROUNDS = 100


class PaperForm(forms.Form):
    paper = forms.ChoiceField(choices=PAPERS, required=False)

    def clean_paper(self) -> str:
        return str(self.cleaned_data["paper"] or "a4")


class BlankSheetForm(PaperForm):
    """A blank sheet: the game's options, how many play, their names, who deals first."""

    players = forms.TypedChoiceField(label="Players", coerce=int)
    player = NameListField(required=False)
    first_dealer = forms.TypedChoiceField(
        label="Who deals first", coerce=int, required=False, empty_value=None
    )

    def __init__(self, rules: GameRules, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        counts = range(rules.min_players, rules.max_players + 1)
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        seats = range(1, rules.max_players + 1)
        self.fields["first_dealer"].choices = [("", "The first player")] + [
            (seat, f"Player {seat}") for seat in seats
        ]
        for option in rules.options:
            field = option_field(option)
            # An option left out of the address is at its default, as in a record.
            field.required = False
            if isinstance(field, forms.TypedChoiceField):
                field.empty_value = None
            self.fields[f"option_{option.name}"] = field

    @classmethod
    def defaults(cls, rules: GameRules) -> dict[str, Any]:
        """What the page shows before anything is chosen: four players, default options."""
        data: dict[str, Any] = {"players": max(rules.min_players, min(4, rules.max_players))}
        for option in rules.options:
            if option.default is not None and option.default is not False:
                data[f"option_{option.name}"] = option.default
        return data

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"option_{option.name}"] for option in self.rules.options]

    def name_rows(self) -> list[str]:
        """One name box a seat the game can have, with what was typed in it."""
        typed = self.fields["player"].widget.value_from_datadict(self.data, self.files, "player")
        rows = [str(name)[:40] for name in typed][: self.rules.max_players]
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
                f"{', '.join(extra)}: there are names for more than the {count} players chosen."
            )
        names = [rows[seat] if seat < len(rows) and rows[seat] else "" for seat in range(count)]
        first = cleaned.get("first_dealer") or 1
        if first > count:
            raise ValidationError(f"Player {first} is not at a table of {count}.")
        options = {
            option.name: cleaned[f"option_{option.name}"]
            for option in self.rules.options
            if cleaned.get(f"option_{option.name}") is not None
        }
        try:
            record = new_record(
                self.rules.key,
                [name or f"Player {seat + 1}" for seat, name in enumerate(names)],
                first - 1,
                options,
            )
            setup = record.setup
            if (self.rules.round_count(setup) or 0) > MOST_ROUNDS:
                raise ValidationError(f"A printed sheet has at most {MOST_ROUNDS} rounds.")
            cleaned["rounds"] = schedule(self.rules.key, options, count, first - 1)
        except RulesError as error:
            raise ValidationError(error.message) from None
        cleaned["record"] = record
        cleaned["goal"] = self.rules.goal(setup)
        return cleaned
