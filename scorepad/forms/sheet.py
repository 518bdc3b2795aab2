"""The sheet's form: a past round's cells corrected in place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from rules_engine import Cell, Record, RulesError, corrected, differences
from scorepad.forms.fields import AnswerListField
from scorepad.forms.table import VersionForm


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
