"""The common changes of the plan, each one tap (RULINGS, "Players come and go, the plan
changes, the table stops": the plan).

Typing "5 4 3 2 1 2 3 4 5 6 7 8 9 10" again on a phone keyboard to play one round more
is what a family would rather not do. The table offers the usual changes as taps, each
the new plan it makes from the plan ahead, worked out here; the table then makes it as
any plan (``change`` with ``Entry("plan", None, sizes)``), refused as any plan would be.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .seating import MOST_PLAN

if TYPE_CHECKING:
    from .at_table import Table


class PlanTap(StrEnum):
    MORE = "more"  # one more round: the plan's run carried on by one round
    FEWER = "fewer"  # one fewer: the last round left out
    END = "end"  # end after the next round
    AGAIN = "again"  # the same hand again: the hand just played, dealt once more first


@dataclass(frozen=True)
class PlanChange:
    """One tap's plan: the hand sizes of the round to come and each after it."""

    tap: PlanTap
    plan: tuple[int, ...]

    @property
    def hand_size(self) -> int:
        """The hand the tap is about: the added round's, the next round's (ending after
        it), the one dealt again; for one fewer, the last round's once it is left out."""
        if self.tap is PlanTap.END or self.tap is PlanTap.AGAIN:
            return self.plan[0]
        return self.plan[-1]


def plan_changes(current: Table) -> tuple[PlanChange, ...]:
    """The taps that change the plan now, in the order offered; none where the plan may
    not change (``Table.may_change_seats``) or where the game plays to a score
    (Boerenbridge but with ``end: hands``: its list repeats until someone ends on the
    target, so it has no last round to add or take away).

    One more round carries the plan's run on by the step of its last two rounds (10 9
    8: 7; 1 2 3: 4; 5 5: 5), within 1 and what the pack deals the table. One fewer and
    ending after the next round are offered while they leave a round to play and differ
    from each other; the same hand again deals the hand of the round just played before
    the plan goes on. A plan of 60 rounds takes no more.
    """
    rules = current.record.rules
    ahead = current.plan_ahead
    if not current.may_change_seats or rules.repeats(current.record.base.options) or not ahead:
        return ()
    most = rules.most_cards(len(current.seated))
    step = ahead[-1] - ahead[-2] if len(ahead) > 1 else 0
    found = []
    if len(ahead) < MOST_PLAN:
        found.append(PlanChange(PlanTap.MORE, (*ahead, min(max(ahead[-1] + step, 1), most))))
    if len(ahead) > 1:
        found.append(PlanChange(PlanTap.FEWER, ahead[:-1]))
    if len(ahead) > 2:
        found.append(PlanChange(PlanTap.END, ahead[:1]))
    if len(ahead) < MOST_PLAN and current.sheet.rounds:
        last = min(current.sheet.rounds[-1].hand_size, most)
        found.append(PlanChange(PlanTap.AGAIN, (last, *ahead)))
    return tuple(found)
