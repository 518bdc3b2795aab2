"""The engine's one exception."""

from __future__ import annotations


class RulesError(ValueError):
    """Something said or entered breaks a rule.

    The message is written for the players ("Dev deals and may not bid 2: the bids
    would add up to the 10 tricks") and the web layer shows it as it is. When the
    problem lies in a round of a record, ``round_number`` (1-based) names it and
    ``str()`` starts with "round N: ".
    """

    def __init__(self, message: str, round_number: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.round_number = round_number

    def in_round(self, round_number: int) -> RulesError:
        """The same refusal, placed in a round of a record."""
        return RulesError(self.message, round_number)

    def __str__(self) -> str:
        if self.round_number is None:
            return self.message
        return f"round {self.round_number}: {self.message}"
