"""A password validator of our own, beside Django's (settings.AUTH_PASSWORD_VALIDATORS)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext


class NotBlankValidator:
    """Refuses a password of spaces only: long enough for Django's length check,
    and the first thing anyone would guess."""

    def validate(self, password: str, user: Any = None) -> None:
        if not password.strip():
            raise ValidationError(
                gettext("This password is only spaces. Choose one with letters or digits."),
                code="password_blank",
            )

    def get_help_text(self) -> str:
        return gettext("Your password can't be only spaces.")
