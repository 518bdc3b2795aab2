"""The changes made at the table between two rounds, each a form (RULINGS, "Players come
and go, the plan changes, the table stops").

Each form reads what was posted into one ``Entry`` and hands it to the engine's
``change``, which works out the table after it or refuses it in the players' words
(a ``ValidationError`` here, shown as it is); ``cleaned_data["table"]`` is the table
to save, with the version check every tap has (``VersionForm``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import MAX_NAME, Entry, PlanTap, RulesError, Table, change, plan_changes
from scorepad.engine_words import translated
from scorepad.forms.fields import WholeNumberField, read_hands, small_number
from scorepad.forms.table import VersionForm

# How a joiner's starting total is given: 0, the lowest total at the table, or typed.
ZERO, LOWEST, NUMBER = "zero", "lowest", "number"
# The longest plan typed: 60 hand sizes of two digits, with a space or comma between.
PLAN_CHARACTERS = 400


class ChangeForm(VersionForm):
    """A change to the table: the posted answer read into an entry, which the engine
    makes (``change``) or refuses."""

    def __init__(self, version: int, current: Table, *args: Any, **kwargs: Any) -> None:
        super().__init__(version, *args, **kwargs)
        self.current = current

    def entry(self, cleaned: dict[str, Any]) -> Entry:
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        try:
            cleaned["table"] = change(self.current, self.entry(cleaned))
        except RulesError as error:
            raise ValidationError(translated(error.message)) from None
        return cleaned

    def message(self) -> str:
        """Why the form was refused: a field's error where it has one (a starting total
        that is no number), else the engine's."""
        for name, errors in self.errors.items():
            if name not in ("version", "__all__") and errors:
                return " ".join(map(str, errors))
        return super().message()


def _seat(text: str) -> int | None:
    return small_number(text, digits=2)


class JoinForm(ChangeForm):
    """A new player joins: their name, their place (the seat they take: those from it
    on move one along) and their starting total."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        # The engine says what is wrong with a name; this only keeps a post small.
        max_length=MAX_NAME * 4,
        error_messages={"required": gettext_lazy("Type the new player's name.")},
    )
    place = forms.CharField(max_length=3)
    start = forms.ChoiceField(
        choices=[(ZERO, ZERO), (LOWEST, LOWEST), (NUMBER, NUMBER)], required=False
    )
    start_number = WholeNumberField(label=gettext_lazy("Starting total"), required=False)

    def entry(self, cleaned: dict[str, Any]) -> Entry:
        how = cleaned.get("start") or ZERO
        typed = cleaned.get("start_number")
        start = 0
        if how == LOWEST:
            start = self.current.lowest_total
        elif how == NUMBER or typed is not None:
            # A number typed is the one meant, whichever button was left ticked.
            if typed is None:
                raise ValidationError(_("Type the starting total, or pick 0 or the lowest."))
            start = typed
        value = {"name": cleaned["name"], "start": start}
        return Entry("join", _seat(cleaned["place"]), value)


class SeatChangeForm(ChangeForm):
    """A player leaves (``kind`` "leave") or comes back ("back"): their seat."""

    seat = forms.CharField(max_length=3)

    def __init__(self, version: int, current: Table, kind: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(version, current, *args, **kwargs)
        self.kind = kind

    def entry(self, cleaned: dict[str, Any]) -> Entry:
        return Entry(self.kind, _seat(cleaned["seat"]))


class PlanForm(ChangeForm):
    """A new plan: the hand sizes of the round to come and each after it, as typed, or
    one of the common changes tapped (``tap``: the plan the engine makes of it)."""

    plan = forms.CharField(
        label=gettext_lazy("Hand sizes, round by round"),
        max_length=PLAN_CHARACTERS,
        required=False,
    )
    tap = forms.ChoiceField(choices=[(tap.value, tap.value) for tap in PlanTap], required=False)

    def entry(self, cleaned: dict[str, Any]) -> Entry:
        if cleaned.get("tap"):
            offered = {found.tap: found.plan for found in plan_changes(self.current)}
            if cleaned["tap"] not in offered:
                raise ValidationError(_("This change of the plan is not offered now."))
            return Entry("plan", None, list(offered[PlanTap(cleaned["tap"])]))
        sizes = read_hands(cleaned.get("plan") or "")
        if not sizes:
            raise ValidationError(
                _("Type the hand sizes of the rounds still to play, like 8 7 6 5.")
            )
        return Entry("plan", None, sizes)


class StopForm(ChangeForm):
    """The table stops here, after the round just played."""

    def entry(self, cleaned: dict[str, Any]) -> Entry:
        return Entry("stop")
