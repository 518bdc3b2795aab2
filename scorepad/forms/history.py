"""The history's filters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import GAMES
from scorepad.forms.fields import NameKeyField, WholeNumberField


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
