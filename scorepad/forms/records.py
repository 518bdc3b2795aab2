"""The import's form: a scorepad/1 file, uploaded or pasted."""

from __future__ import annotations

import math
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import RulesError
from scorepad.engine_words import translated
from scorepad.history.records import MAX_IMPORT_BYTES, read_records


class ImportForm(forms.Form):
    """A scorepad/1 file to import, uploaded or pasted: one record or an array of them.

    The whole file is checked by the engine here; ``records`` holds the games only
    when every round of every one of them keeps every rule.
    """

    file = forms.FileField(
        required=False,
        label=gettext_lazy("A scorepad/1 file"),
        error_messages={"empty": gettext_lazy("The file is empty.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    text = forms.CharField(
        required=False,
        strip=False,
        label=gettext_lazy("Or paste the record here"),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocomplete": "off"}),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        upload = cleaned.get("file")
        text: str = cleaned.get("text") or ""
        if upload and text.strip():
            raise ValidationError(_("Choose a file or paste a record, not both."))
        if not upload and not text.strip():
            raise ValidationError(_("Choose a file, or paste a record."))
        size = upload.size if upload else len(text.encode())
        if size > MAX_IMPORT_BYTES:
            megabytes = math.ceil(size / 1024 / 1024 * 10) / 10
            raise ValidationError(
                _(
                    "The file is too big (%(size)s MB): Scorepad imports files of "
                    "%(most)s MB at most. Split it into smaller ones."
                )
                % {"size": megabytes, "most": MAX_IMPORT_BYTES // 1024 // 1024}
            )
        try:
            cleaned["records"] = read_records(upload.read() if upload else text)
        except RulesError as error:
            raise ValidationError(translated(error)) from None
        return cleaned
