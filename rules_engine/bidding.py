"""Bidding in turn, from the dealer's left round to the dealer (Oh Hell, Brink Bid)."""

from __future__ import annotations

from typing import Any

from .checks import as_int, check_keys, check_trump, seat_list, trump_choices
from .core import Choice, Draft, Entry, GameRules, Round, RoundContext, RoundView, Step, StepKind
from .errors import RulesError
from .house_rules import hook_holds
from .messages import Term, say
from .text import bid_balance
from .tricks import enter_tricks, tricks_entries, tricks_step


def forbidden_bid(ctx: RoundContext, bids: list[int | None]) -> int | None:
    """The dealer's hooked bid: the one that makes the bids add up to the hand size."""
    others = sum(b for seat, b in enumerate(bids) if seat != ctx.dealer and b is not None)
    forbidden = ctx.hand_size - others
    return forbidden if 0 <= forbidden <= ctx.hand_size else None


def hook_reason(ctx: RoundContext, bid: int) -> str:
    return say("hook", dealer=ctx.name(ctx.dealer), bid=bid, hand_size=ctx.hand_size)


def bid_choices(ctx: RoundContext, forbidden: int | None) -> tuple[Choice, ...]:
    return tuple(
        Choice(str(b), str(b), hook_reason(ctx, b) if b == forbidden else None)
        for b in range(ctx.hand_size + 1)
    )


def check_bid_range(ctx: RoundContext, seat: int, value: object) -> int:
    bid = as_int(value, Term("a bid"))
    if not 0 <= bid <= ctx.hand_size:
        raise RulesError(say("bid_range", player=ctx.name(seat), hand_size=ctx.hand_size, bid=bid))
    return bid


class BiddingInTurn(GameRules):
    """Every player bids once, in bid order; then each player's tricks.

    ``hooked`` games refuse the dealer the bid that makes the bids add up to the
    hand size, unless their house rules (``hook``, ``hook_from``) say otherwise;
    ``hooked`` is the ``hook`` option's default. ``extras`` are the round's
    optional fields (trump, dice) that may be entered at any time before the round
    is complete.
    """

    hooked: bool = True

    def start(self, ctx: RoundContext) -> Draft:
        return {"bids": [None] * ctx.n, "tricks": [None] * ctx.n}

    def bidder(self, ctx: RoundContext, draft: Draft) -> int | None:
        return next((s for s in ctx.bid_order if draft["bids"][s] is None), None)

    def hooked_now(self, ctx: RoundContext, draft: Draft) -> bool:
        """Whether the dealer's next bid is refused the hooked bid now. Sealed, the
        dealer bids unseen like the others, so the hook waits for the bids to be shown
        (RULINGS, "House rules", ``bidding``): it holds only on the bid again."""
        if not hook_holds(ctx, "on" if self.hooked else "off"):
            return False
        return not self.sealed(ctx.setup) or bool(draft.get("rebid"))

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        seat = self.bidder(ctx, draft)
        if seat is not None:
            forbidden = forbidden_bid(ctx, draft["bids"]) if self.hooked_now(ctx, draft) else None
            choices = bid_choices(ctx, forbidden if seat == ctx.dealer else None)
            return Step(StepKind.BID, say("prompt_bids", player=ctx.name(seat)), seat, choices)
        if any(t is None for t in draft["tricks"]):
            return tricks_step(ctx, draft)
        return Step(StepKind.COMPLETE, say("prompt_complete"))

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        # Sealed, the balance would tell what was bid: it waits for the last bid.
        if all(b is None for b in draft["bids"]) or self.bids_sealed(ctx, draft):
            return ()
        balance = bid_balance(ctx.hand_size, draft["bids"])
        if draft.get("rebid"):
            return (balance, say("hook_rebid", player=ctx.name(ctx.dealer)))
        return (balance,)

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The turned-up trump may be recorded until the tricks are entered."""
        if draft.get("trump") is not None or any(t is not None for t in draft["tricks"]):
            return ()
        return (Step(StepKind.TRUMP, say("prompt_trump_turned_up"), None, trump_choices()),)

    def enter_extra(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """Optional round fields; the base game knows only the turned-up trump."""
        if entry.kind == "trump":
            return {**draft, "trump": check_trump(entry.value)}
        raise RulesError(say("not_entered_in", kind=repr(entry.kind), game=self.title))

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if self.next_step(ctx, draft).kind is StepKind.COMPLETE:
            raise RulesError(say("round_complete"))
        if entry.kind == "bid":
            step = self.next_step(ctx, draft)
            if step.kind is not StepKind.BID:
                raise RulesError(say("bidding_over"))
            if entry.seat != step.player:
                raise RulesError(say("turn_to_bid", player=ctx.name(step.player)))
            bid = check_bid_range(ctx, step.player, entry.value)
            step.choice(bid)  # refuses the hooked bid with its reason
            if (
                step.player == ctx.dealer
                and not self.hooked_now(ctx, draft)
                and hook_holds(ctx, "on" if self.hooked else "off")
                and bid == forbidden_bid(ctx, draft["bids"])
            ):
                # Sealed, the shown bids add up to H under the hook: the dealer's bid
                # is set aside, and the dealer bids again, openly (the others' stand).
                return {**draft, "rebid": True}
            bids = list(draft["bids"])
            bids[step.player] = bid
            return {**draft, "bids": bids}
        if entry.kind == "tricks":
            if self.next_step(ctx, draft).kind is not StepKind.TRICKS:
                raise RulesError(say("tricks_after_bids"))
            return enter_tricks(ctx, draft, entry)
        return self.enter_extra(ctx, draft, entry)

    def extra_fields(self) -> tuple[str, ...]:
        return ("trump",)

    def to_round(self, ctx: RoundContext, draft: Draft) -> dict[str, Any]:
        rnd: dict[str, Any] = {"bids": list(draft["bids"]), "tricks": list(draft["tricks"])}
        for key in self.extra_fields():
            if draft.get(key) is not None:
                rnd[key] = draft[key]
        return rnd

    def extra_entries(self, ctx: RoundContext, rnd: Round) -> list[Entry]:
        return [Entry("trump", None, rnd["trump"])] if "trump" in rnd else []

    def entries(self, ctx: RoundContext, rnd: Round) -> list[Entry]:
        check_keys(rnd, ("bids", "tricks"), self.extra_fields())
        bids = seat_list(ctx.setup, rnd["bids"], "bids")
        entries = self.extra_entries(ctx, rnd)
        entries += [Entry("bid", seat, bids[seat]) for seat in ctx.bid_order]
        return entries + tricks_entries(ctx, rnd["tricks"])

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        raise NotImplementedError

    def bidder_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        """A bidder's score (the house rules' preview asks every game the same way)."""
        return self.round_score(ctx, bid, tricks)

    def score_round(self, ctx: RoundContext, rnd: Round) -> tuple[int, ...]:
        return tuple(
            self.round_score(ctx, b, t) for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )

    def view(self, ctx: RoundContext, rnd: Round) -> RoundView:
        return RoundView(
            tuple(str(b) for b in rnd["bids"]),
            tuple(str(t) for t in rnd["tricks"]),
            made=tuple(b == t for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)),
        )
