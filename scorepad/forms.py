"""Every input goes through a form; rules questions go to the engine.

A RulesError from the engine becomes a ValidationError here, in one place, with
the engine's message as it is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict

from rules_engine import (
    GAMES,
    Entry,
    GameRules,
    Option,
    Record,
    RulesError,
    new_record,
    play,
    roll_brink_dice,
)
from scorepad.records import MAX_IMPORT_BYTES, read_records

MAX_NAME = 40


class NameListWidget(forms.Widget):
    """Player names posted as repeated ``player`` fields, in seat order.

    The template writes the inputs by hand (with their add, remove and move buttons).
    """

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        if isinstance(data, QueryDict):
            return data.getlist(name)
        value = data.get(name, [])
        return list(value) if isinstance(value, list | tuple) else [value]


class NameListField(forms.Field):
    widget = NameListWidget

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        return [str(name).strip()[: MAX_NAME + 1] for name in value]


def option_field(option: Option) -> forms.Field:
    if option.kind == "bool":
        return forms.BooleanField(
            label=option.label, help_text=option.help, required=False, initial=option.default
        )
    if option.kind == "int":
        return forms.IntegerField(
            label=option.label,
            help_text=option.help,
            required=False,
            initial=option.default,
            min_value=option.minimum,
            max_value=option.maximum,
        )
    kinds = {type(choice.value) for choice in option.choices}
    coerce = int if kinds == {int} else str
    return forms.TypedChoiceField(
        label=option.label,
        help_text=option.help,
        choices=[(choice.value, choice.label) for choice in option.choices],
        coerce=coerce,
        initial=option.default,
    )


class SetupForm(forms.Form):
    """A new game: its options, the players in seat order, and who deals first."""

    player = NameListField(required=False)
    first_dealer = forms.CharField(required=False)
    action = forms.CharField(required=False)

    def __init__(self, rules: GameRules, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        for option in rules.options:
            self.fields[f"option_{option.name}"] = option_field(option)

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"option_{option.name}"] for option in self.rules.options]

    def names(self) -> list[str]:
        """The names as typed so far, for redrawing the form (blank rows kept)."""
        value = self.fields["player"].widget.value_from_datadict(self.data, self.files, "player")
        return [str(name)[:MAX_NAME] for name in value] if self.is_bound else []

    def clean_first_dealer(self) -> str:
        value: str = self.cleaned_data["first_dealer"] or "draw"
        if value != "draw" and not value.isdigit():
            raise ValidationError("Pick who deals first, or let Scorepad draw for high card.")
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        rows: list[str] = cleaned.get("player", [])
        names = [name for name in rows if name]
        options: dict[str, Any] = {}
        for option in self.rules.options:
            value = cleaned.get(f"option_{option.name}")
            # Options left at their default are left out of the record, as the
            # spec allows; the engine fills them in.
            if value is not None and value != option.default:
                options[option.name] = value
        dealer = cleaned["first_dealer"]
        seat: int | None = 0
        if dealer != "draw":
            # The choice counts the rows as shown, blank ones included; the seat
            # counts only the players, since blank rows are left out.
            row = int(dealer)
            named = row < len(rows) and bool(rows[row])
            seat = len([name for name in rows[:row] if name]) if named else None
        try:
            cleaned["record"] = new_record(self.rules.key, names, seat or 0, options)
        except RulesError as error:
            raise ValidationError(error.message) from None
        if seat is None:
            raise ValidationError("The first dealer must be one of the players.")
        cleaned["draw"] = dealer == "draw"
        return cleaned


def _typed(value: str) -> int | str:
    """A posted value as the engine takes it: numbers as numbers, words as words."""
    text = value.strip()
    return int(text) if text.lstrip("-").isdigit() and len(text) < 6 else text


class EntryForm(forms.Form):
    """One thing entered at the table: a tap on a bid, a call, a trick winner...

    ``version`` is the game's version the screen was drawn from: a form from an
    older screen (a double tap, another phone) is refused rather than applied twice.
    """

    kind = forms.CharField(max_length=20)
    seat = forms.IntegerField(required=False, min_value=0, max_value=10)
    value = forms.CharField(required=False, max_length=40)
    values = forms.TypedMultipleChoiceField(
        required=False, coerce=int, choices=[(n, n) for n in range(1, 14)]
    )
    pile = forms.TypedMultipleChoiceField(
        required=False, coerce=int, choices=[(n, n) for n in range(0, 8)]
    )
    version = forms.IntegerField(min_value=0)

    def __init__(
        self,
        record: Record,
        pending: tuple[Entry, ...],
        correcting: int | None,
        *args: Any,
        rng: random.Random | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # Brink Bid's dice are rolled here, on the server, when the Roll button is tapped.
        self.rng = rng or random.SystemRandom()
        self.record = record
        self.pending = pending
        self.correcting = correcting

    def entry(self, cleaned: Mapping[str, Any]) -> Entry:
        kind: str = cleaned["kind"]
        seat = cleaned.get("seat")
        if kind == "roll":
            return Entry("dice", None, roll_brink_dice(self.rng).to_json())
        if kind == "name":
            return Entry(kind, seat, sorted(cleaned.get("values") or []))
        if kind == "declare":
            pile = set(cleaned.get("pile") or [])
            return Entry(
                kind,
                None,
                {
                    "exposed": sorted(cleaned.get("values") or []),
                    "pile_exposed": [s in pile for s in range(len(self.record.players))],
                },
            )
        return Entry(kind, seat, _typed(cleaned.get("value") or ""))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        entry = self.entry(cleaned)
        try:
            record, pending = play(self.record, self.pending, entry, self.correcting)
        except RulesError as error:
            raise ValidationError(error.message) from None
        cleaned["entry"] = entry
        cleaned["record"] = record
        cleaned["pending"] = pending
        return cleaned


class VersionForm(forms.Form):
    """For actions with no value of their own (undo, cancel): the screen's version."""

    version = forms.IntegerField(min_value=0)


class CorrectForm(forms.Form):
    version = forms.IntegerField(min_value=0)
    number = forms.IntegerField(min_value=1)


class ImportForm(forms.Form):
    """A scorepad/1 file to import, uploaded or pasted: one record or an array of them.

    The whole file is checked by the engine here; ``records`` holds the games only
    when every round of every one of them keeps every rule.
    """

    file = forms.FileField(
        required=False,
        label="A scorepad/1 file",
        error_messages={"empty": "The file is empty."},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    text = forms.CharField(
        required=False,
        strip=False,
        label="Or paste the record here",
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocomplete": "off"}),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        upload = cleaned.get("file")
        text: str = cleaned.get("text") or ""
        if upload and text.strip():
            raise ValidationError("Choose a file or paste a record, not both.")
        if not upload and not text.strip():
            raise ValidationError("Choose a file, or paste a record.")
        size = upload.size if upload else len(text.encode())
        if size > MAX_IMPORT_BYTES:
            megabytes = math.ceil(size / 1024 / 1024 * 10) / 10
            raise ValidationError(
                f"The file is too big ({megabytes} MB): Scorepad imports files of "
                f"{MAX_IMPORT_BYTES // 1024 // 1024} MB at most. Split it into smaller ones."
            )
        try:
            cleaned["records"] = read_records(upload.read() if upload else text)
        except RulesError as error:
            raise ValidationError(str(error)) from None
        return cleaned


class NameKeyField(forms.ChoiceField):
    """A player picked by name, casefolded as ``Seat.name_key`` ("ANN" is "ann")."""

    def to_python(self, value: Any) -> str:
        return str(super().to_python(value)).casefold()


class HistoryForm(forms.Form):
    """The history's filters (GET): one game, one player (by casefolded name), or both."""

    game = forms.ChoiceField(
        required=False,
        label="Game",
        error_messages={"invalid_choice": "Scorepad keeps no game called %(value)s."},
    )
    player = NameKeyField(
        required=False,
        label="Player",
        error_messages={"invalid_choice": "None of your games has a player called %(value)s."},
    )

    def __init__(self, roster: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        """``roster``: (name key, name) for each player in this person's games."""
        super().__init__(*args, **kwargs)
        games = [(key, rules.title) for key, rules in GAMES.items()]
        cast(forms.ChoiceField, self.fields["game"]).choices = [("", "All games"), *games]
        cast(forms.ChoiceField, self.fields["player"]).choices = [("", "Everyone"), *roster]
