"""The table's forms: every change made at the table carries the version its screen
was drawn from (``VersionForm``); a tap, or a grid of taps sent whole (``EntryForm``);
a past round to correct (``CorrectForm``)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules_engine import Answer, RulesError, Table, play_answer
from scorepad.engine_words import translated
from scorepad.forms.fields import (
    LONGEST_BOX,
    MOST_BOXES,
    AnswerListField,
    RepeatedWidget,
    small_number,
    ticked_boxes,
)

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


# A grid answered on one screen (the game's ``Grid``) posts a field a row, each
# starting with the grid's ``field``: who won each trick, ``trick-5`` (the winner's
# seat); the tricks each player names, ``named-2`` (the boxes ticked). The engine
# reads the rows (``Answer.rows``).
# A grid's button that also answers the step after it, with nothing, posts that step's
# kind as ``none`` ("Done, nothing exposed": ``declare=none``; ``Answer.then``).
NOTHING = "none"
# The most rows a grid has: more is not a form of ours.
MOST_ROWS = 64


class EntryForm(VersionForm):
    """One thing entered at the table: a tap on a bid, a call, a trick winner... or a
    grid of them, sent whole.

    The posted answer goes to the engine as text: the step on offer reads it (rolls
    the dice, checks each ticked box; a grid is a tap a row) and ``play_answer`` works
    out the next table state, ``cleaned_data["table"]``.
    """

    kind = forms.CharField(max_length=20)
    seat = forms.CharField(required=False, max_length=3)
    value = forms.CharField(required=False, max_length=40)
    values = AnswerListField(required=False)
    pile = AnswerListField(required=False)
    # A grid's "the rest to ..." button: the answer for every row of the grid posted
    # without one (``Answer.rest``).
    rest = forms.CharField(required=False, max_length=10)
    # Whether this table's screens post grids (a player's own phone posts one value).
    takes_grids: ClassVar[bool] = True

    def __init__(
        self,
        version: int,
        current: Table,
        *args: Any,
        rng: random.Random | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(version, *args, **kwargs)
        # Dice are rolled here, on the server, when the Roll button is tapped.
        self.rng = rng or random.SystemRandom()
        self.current = current

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        rows = self.rows(cleaned["kind"])
        if len(rows) > MOST_ROWS or any(len(key) > LONGEST_BOX for key, _values in rows):
            raise ValidationError(_("That entry could not be read."))
        answer = Answer(
            cleaned["kind"],
            cleaned["seat"],
            cleaned["value"],
            cleaned["values"],
            cleaned["pile"],
            self._faces(),
            tuple((key, ticked_boxes(values)) for key, values in rows),
            self._then(),
            cleaned["rest"] if self.takes_grids else "",
        )
        try:
            cleaned["table"] = play_answer(self.current, answer, self.rng)
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

    def rows(self, kind: str) -> list[tuple[str, list[str]]]:
        """The rows of the table's grid, posted for its step of ``kind``: each row's
        key and what was tapped in it, as posted."""
        grid = self.current.grid if self.takes_grids else None
        if grid is None or grid.kind != kind:
            return []
        prefix = grid.field
        read = RepeatedWidget().value_from_datadict
        return [
            (name.removeprefix(prefix), [str(value) for value in read(self.data, self.files, name)])
            for name in self.data
            if name.startswith(prefix)
        ]

    def _then(self) -> tuple[str, ...]:
        """The steps a grid's button answers with nothing, after the grid."""
        grid = self.current.grid if self.takes_grids else None
        if grid is None:
            return ()
        return tuple(str(kind) for kind in grid.then if self.data.get(kind) == NOTHING)

    def named_ticked(self) -> frozenset[str]:
        """The boxes ticked on the grid of named tricks, each as "seat:trick" (kept
        ticked after a refusal)."""
        grid = self.current.grid
        rows = self.rows(grid.kind)[:MOST_ROWS] if grid is not None and not grid.one_a_row else []
        return frozenset(
            f"{key}:{value}"[:20] for key, values in rows for value in values[:MOST_BOXES]
        )


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
