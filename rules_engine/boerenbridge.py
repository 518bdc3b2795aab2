"""Boerenbridge: simultaneous bids, a hooked dealer, sitting out at 80, exactly 100 to win.

RULINGS.md, "Boerenbridge": 4 players, 13 cards every round, no trump. Bids are
simultaneous, so they may be entered in any order, and the dealer may change
their bid until tricks are entered. A player on 80 or more does not bid. The
game ends when one or more totals are exactly 100; a total over 100 bounces back.
"""

from __future__ import annotations

from typing import Any

from .base import (
    Choice,
    Draft,
    Entry,
    GameRules,
    Round,
    RoundContext,
    RoundView,
    Setup,
    Step,
    StepKind,
    as_int,
    bid_balance,
    check_keys,
    enter_tricks,
    plural,
    seat_list,
    tricks_entries,
    tricks_step,
)
from .bidding import bid_choices, check_bid_range, forbidden_bid
from .errors import RulesError

HAND_SIZE = 13
GOAL = 100
# "If you have a score of 80 or more points you do not participate in the bidding."
SIT_OUT_AT = 80
MADE_BONUS = 10
MADE_ZERO = 20


def sits_out(ctx: RoundContext, seat: int) -> bool:
    """Whether ``seat`` does not bid this round: 80 or more at the start of it.

    The source says "80 or more" once and "over 80" once; RULINGS keeps the first.
    """
    return ctx.totals_before[seat] >= SIT_OUT_AT


def bidders(ctx: RoundContext) -> tuple[int, ...]:
    """The players who bid this round, in bid order (the dealer last, if bidding)."""
    return tuple(seat for seat in ctx.bid_order if not sits_out(ctx, seat))


def sit_out_reason(ctx: RoundContext, seat: int) -> str:
    return (
        f"{ctx.name(seat)} has {plural(ctx.totals_before[seat], 'point')} "
        "and does not bid this round"
    )


def round_score(bid: int | None, tricks: int) -> int:
    """A non-bidder scores the tricks; a made bid adds 10 (a made 0 scores 20)."""
    if bid is None or bid != tricks:
        return tricks
    return MADE_ZERO if bid == 0 else tricks + MADE_BONUS


class Boerenbridge(GameRules):
    key = "boerenbridge"
    title = "Boerenbridge"
    summary = (
        "Bid your tricks all at once; score exactly 100 to win, and sit out "
        "the bidding from 80 points."
    )
    min_players = 4
    max_players = 4

    # --- The shape of the game -------------------------------------------------
    def hand_size(self, setup: Setup, index: int) -> int:
        return HAND_SIZE

    def round_count(self, setup: Setup) -> int | None:
        return None

    def goal(self, setup: Setup) -> str:
        return f"to {GOAL}"

    def new_total(self, total: int, score: int) -> int:
        """Over 100, the excess is taken off 100: 95 + 12 = 107 becomes 93."""
        new = total + score
        return GOAL - (new - GOAL) if new > GOAL else new

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        """Over at the end of the first round after which a total is exactly 100."""
        return GOAL in totals

    def winners(self, setup: Setup, totals: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(seat for seat, total in enumerate(totals) if total == GOAL)

    # --- Entering a round ------------------------------------------------------
    def start(self, ctx: RoundContext) -> Draft:
        return {"bids": [None] * ctx.n, "tricks": [None] * ctx.n}

    def hooked(self, ctx: RoundContext, draft: Draft) -> bool:
        """Whether the bids are all in, the dealer bid, and they add up to the tricks.

        RULINGS: "when the dealer bids, the dealer's bid may not make the sum of
        all bids made equal 13". The bids are simultaneous, so this is checked
        once every bid is in: until then the dealer's bid stands whatever it is.
        """
        bids: list[int | None] = draft["bids"]
        if sits_out(ctx, ctx.dealer) or any(bids[s] is None for s in bidders(ctx)):
            return False
        return sum(b for b in bids if b is not None) == ctx.hand_size

    def choices_for(self, ctx: RoundContext, draft: Draft, seat: int) -> tuple[Choice, ...]:
        """A bidder's choices: the dealer's hooked bid is refused once the others are in."""
        forbidden: int | None = None
        if seat == ctx.dealer:
            others = [s for s in bidders(ctx) if s != seat]
            if all(draft["bids"][s] is not None for s in others):
                forbidden = forbidden_bid(ctx, draft["bids"])
        return bid_choices(ctx, seat, forbidden)

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        waiting = tuple(s for s in bidders(ctx) if draft["bids"][s] is None)
        if waiting:
            names = [ctx.name(s) for s in waiting]
            prompt = (
                f"{names[0]} bids"
                if len(names) == 1
                else f"Still to bid: {', '.join(names[:-1])} and {names[-1]}"
            )
            choices = self.choices_for(ctx, draft, waiting[0])
            return Step(StepKind.BID, prompt, waiting[0], choices, seats=waiting)
        if self.hooked(ctx, draft):
            dealer = ctx.dealer
            prompt = (
                f"{ctx.name(dealer)} deals and must change the bid: the bids add up "
                f"to the {plural(ctx.hand_size, 'trick')}"
            )
            choices = self.choices_for(ctx, draft, dealer)
            return Step(StepKind.BID, prompt, dealer, choices, seats=(dealer,))
        if any(t is None for t in draft["tricks"]):
            return tricks_step(ctx, draft)
        return Step(StepKind.COMPLETE, "The round is complete")

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """RULINGS: "the dealer may change their bid until tricks are entered"."""
        dealer = ctx.dealer
        step = self.next_step(ctx, draft)
        if step.kind is not StepKind.TRICKS or draft["bids"][dealer] is None:
            return ()
        if any(t is not None for t in draft["tricks"]):
            return ()
        prompt = f"{ctx.name(dealer)} deals and may still change the bid"
        return (Step(StepKind.BID, prompt, dealer, self.choices_for(ctx, draft, dealer)),)

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        notes: list[str] = []
        if any(b is not None for b in draft["bids"]):
            notes.append(bid_balance(ctx.hand_size, draft["bids"]))
        for seat in range(ctx.n):
            if sits_out(ctx, seat):
                points = plural(ctx.totals_before[seat], "point")
                notes.append(f"{ctx.name(seat)} sits out: {points}")
        return tuple(notes)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        kind = self.next_step(ctx, draft).kind
        if kind is StepKind.COMPLETE:
            raise RulesError("this round is complete")
        if entry.kind == "bid":
            return self.enter_bid(ctx, draft, entry)
        if entry.kind == "tricks":
            if kind is not StepKind.TRICKS:
                raise RulesError("tricks are entered once every bid stands")
            return enter_tricks(ctx, draft, entry)
        if entry.kind == "trump":
            # The record spec allows a round's "trump" field; Boerenbridge has none.
            if entry.value != "none":
                raise RulesError(f"{self.title} is played without trump")
            return {**draft, "trump": "none"}
        raise RulesError(f"{entry.kind!r} is not something entered in {self.title}")

    def enter_bid(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        seat = entry.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < ctx.n:
            raise RulesError("a bid must say which player made it")
        if sits_out(ctx, seat):
            raise RulesError(sit_out_reason(ctx, seat))
        if any(t is not None for t in draft["tricks"]):
            raise RulesError("the tricks are being entered: undo them to change a bid")
        if seat != ctx.dealer and draft["bids"][seat] is not None:
            raise RulesError(f"{ctx.name(seat)} has bid already; undo to change it")
        bid = check_bid_range(ctx, seat, entry.value)
        step = Step(
            StepKind.BID, f"{ctx.name(seat)} bids", seat, self.choices_for(ctx, draft, seat)
        )
        step.choice(bid)  # refuses the dealer's hooked bid with its reason
        bids = list(draft["bids"])
        bids[seat] = bid
        return {**draft, "bids": bids}

    def to_round(self, ctx: RoundContext, draft: Draft) -> dict[str, Any]:
        rnd: dict[str, Any] = {"bids": list(draft["bids"]), "tricks": list(draft["tricks"])}
        if draft.get("trump") is not None:
            rnd["trump"] = draft["trump"]
        return rnd

    # --- Reading a round from a record -------------------------------------------
    def entries(self, ctx: RoundContext, rnd: Round) -> list[Entry]:
        """Bids in seat order with the dealer's last (so the hook is checked), then tricks.

        A null bid is right exactly for the players on 80 or more.
        """
        check_keys(rnd, ("bids", "tricks"), ("trump",))
        bids = seat_list(ctx.setup, rnd["bids"], "bids")
        for seat, bid in enumerate(bids):
            if sits_out(ctx, seat) and bid is not None:
                raise RulesError(sit_out_reason(ctx, seat))
            if not sits_out(ctx, seat) and bid is None:
                raise RulesError(
                    f"{ctx.name(seat)} has no bid: only players on {SIT_OUT_AT} points "
                    "or more do not bid"
                )
        entries = [Entry("trump", None, rnd["trump"])] if "trump" in rnd else []
        order = [s for s in range(ctx.n) if s != ctx.dealer] + [ctx.dealer]
        entries += [Entry("bid", seat, bids[seat]) for seat in order if bids[seat] is not None]
        return entries + tricks_entries(ctx, rnd["tricks"])

    def score_round(self, ctx: RoundContext, rnd: Round) -> tuple[int, ...]:
        return tuple(
            round_score(None if b is None else as_int(b, "a bid"), as_int(t, "tricks"))
            for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )

    def view(self, ctx: RoundContext, rnd: Round) -> RoundView:
        # A player who sits out has no bid on the sheet: a dash, as on paper.
        bids = tuple("-" if b is None else str(b) for b in rnd["bids"])
        made = tuple(
            None if b is None else b == t for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )
        return RoundView(bids, tuple(str(t) for t in rnd["tricks"]), made=made)
