"""A player's own phone: the seat it takes, and its taps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _

from rules_engine import StepKind, Table
from scorepad.forms.fields import small_number
from scorepad.forms.table import EntryForm


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


# What a player's own phone may enter: the values of its own seat, one at a time: its
# bid and tricks, and its share of a step asked of several players at once (a bonus,
# where the game has one: the keeper may still enter it for anyone; ``own_kinds``).
SEAT_KINDS = (StepKind.BID.value, StepKind.TRICKS.value)


def own_kinds(current: Table, seat: int) -> tuple[str, ...]:
    """The kinds of entry a phone held by ``seat`` may make now."""
    step = current.step
    return (*SEAT_KINDS, str(step.kind)) if seat in step.seats else SEAT_KINDS


def seat_mark(current: Table, seat: int) -> str:
    """What a player's phone was drawn from, as far as its own taps go: the round being
    entered and how many entries of its own seat it holds ("3-1"), or the round being
    corrected ("c2"). Posted with each tap (``mine``): a tap from an older screen still
    fits while this is unchanged, whatever the other phones entered meanwhile."""
    if current.correcting is not None:
        return f"c{current.correcting}"
    if current.round is None:
        return "over"
    own = sum(1 for entry in current.pending if entry.seat == seat)
    return f"{len(current.record.rounds) + 1}-{own}"


class SeatEntryForm(EntryForm):
    """A tap on a player's own phone (``/s/<key>/``): as the keeper's, through the same
    steps, but only a bid, tricks or bonus of its own seat; anything else is refused with
    ``not_yours`` (403), before the engine is asked. The seat need not be posted.
    Changing its own sealed bid is one more bid of its seat: the engine takes it until
    the last bid is in, and refuses it after with its reason (400).

    A tap drawn at an older version is taken as if made now when its phone's own part
    of the game has not changed since (``seat_mark``): the others' sealed bids, made at
    the same moment or while this phone had no connection, are no reason to refuse it.
    The engine checks it against the table as it now stands."""

    # Boxes are never ticked here, nor a grid sent: a bid, tricks or bonus is one value.
    takes_grids: ClassVar[bool] = False

    def __init__(self, version: int, current: Table, seat: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(version, current, *args, **kwargs)
        self.seat_number = seat

    def clean_version(self) -> int:
        try:
            return super().clean_version()
        except ValidationError:
            if str(self.data.get("mine", "")) == seat_mark(self.current, self.seat_number):
                return self.game_version
            raise

    def clean(self) -> dict[str, Any]:
        if "kind" not in self.cleaned_data or "seat" not in self.cleaned_data:
            return self.cleaned_data  # not a form of ours: said as the field's error
        posted = self.cleaned_data["seat"]
        name = self.current.record.players[self.seat_number]
        if self.current.correcting is not None:
            raise ValidationError(correcting_words(self.current.correcting), code="correcting")
        if self.cleaned_data["kind"] not in own_kinds(self.current, self.seat_number) or (
            posted and small_number(posted, digits=2) != self.seat_number
        ):
            raise ValidationError(
                _(
                    "This is %(player)s's phone: it enters %(player)s's own bids, tricks and"
                    " bonus only. The keeper's phone enters the rest."
                )
                % {"player": name},
                code="not_yours",
            )
        self.cleaned_data["seat"] = str(self.seat_number)
        self.cleaned_data["values"] = self.cleaned_data["pile"] = ()
        return super().clean()

    def not_yours(self) -> bool:
        return self.has_error(NON_FIELD_ERRORS, "not_yours")

    def correcting(self) -> bool:
        return self.has_error(NON_FIELD_ERRORS, "correcting")


def correcting_words(number: int) -> str:
    """Why a player's phone enters nothing while the keeper corrects a round."""
    return _(
        "The keeper is correcting round %(round)s: only the keeper's phone enters now. "
        "Your pad comes back when the correction is done."
    ) % {"round": number}
