"""The engine's one exception."""

from __future__ import annotations

from collections.abc import Mapping

from .messages import Gettext, Message, Ngettext, Param, render


class RulesError(ValueError):
    """Something said or entered breaks a rule.

    The message is written for the players ("Dev deals and may not bid 2: the bids
    would add up to the 10 tricks") and the web layer shows it as it is. When the
    problem lies in a round of a record, ``round_number`` (1-based) names it and
    ``str()`` starts with "round N: ".

    ``message`` is usually a ``Message`` (see messages.py): then ``code`` and
    ``params`` say which refusal it is, and the web layer's ``translated()`` renders
    it in another language. Plain text (a message that has no code yet) has the code "".

    A refusal of a game's option says which: ``option`` is its name as a record writes
    it ("hands"), and ``reason`` the refusal as it reads beside that option's field,
    without naming it ("a hand of 14 cards is too big for 4 players: ..."; the whole
    message where it has no shorter one). ``option`` is None for any other refusal.
    """

    def __init__(
        self,
        message: str,
        round_number: int | None = None,
        option: str | None = None,
        reason: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.round_number = round_number
        self.option = option
        self.reason = message if reason is None else reason

    @classmethod
    def of_option(cls, option: str, reason: str) -> RulesError:
        """A refusal of ``option``'s value for ``reason``: "option made: ...", and beside
        the option's field the reason alone."""
        message = Message("option_reason", option=option, reason=reason)
        return cls(message, option=option, reason=reason)

    @property
    def code(self) -> str:
        return self.message.code if isinstance(self.message, Message) else ""

    @property
    def params(self) -> Mapping[str, Param]:
        return self.message.params if isinstance(self.message, Message) else {}

    def in_round(self, round_number: int) -> RulesError:
        """The same refusal, placed in a round of a record."""
        return RulesError(self.message, round_number, self.option, self.reason)

    def words(self, gettext: Gettext, ngettext: Ngettext) -> str:
        """The whole refusal, round included, in the language of ``gettext``."""
        if self.round_number is None:
            return render(self.message, gettext, ngettext)
        return render(
            Message("in_round", number=self.round_number, message=self.message), gettext, ngettext
        )

    def __str__(self) -> str:
        if self.round_number is None:
            return self.message
        return f"round {self.round_number}: {self.message}"
