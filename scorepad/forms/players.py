"""The players' page's form: a player renamed, or two spellings merged."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy

from rules_engine import MAX_NAME
from scorepad.forms.fields import NameKeyField


class RenameForm(forms.Form):
    """Rename a player in every game this person may list (POST), or merge two
    spellings of one person: ``name`` is the new name, maybe another player's.

    Posted first without ``confirm`` (the page then says what would change), then
    with it. The engine checks the name in each game's record (scorepad/history/renaming.py).
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
