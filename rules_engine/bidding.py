"""Bidding in turn, from the dealer's left round to the dealer (Oh Hell, Brink Bid)."""

from __future__ import annotations

from abc import abstractmethod
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from .checks import as_int, check_shape, check_trump, declared, seat_list, trump_choices
from .core import Draft, GameRules, RoundContext, RoundView
from .errors import RulesError
from .house_rules import hook_holds, hook_spares_zero
from .messages import Message, Term
from .steps import Choice, Entry, Step, StepKind
from .text import bid_balance
from .tricks import enter_tricks, tricks_entries, tricks_step


class _Bids(TypedDict):
    bids: list[int]  # a player's each, in seat order
    tricks: list[int]


class BiddingRound(_Bids, total=False):
    """A round of bidding in turn as the record holds it (the scorepad/1 spec): every
    player's bid and tricks taken; the trump turned up, where it was noted. A game of
    the family that holds more declares its own round on this one (Brink Bid's dice).

    The keys a ``total=False`` class adds are the optional ones: ``NotRequired`` is
    not read at run time from annotations kept as text (``from __future__ import
    annotations``), and the run-time check (``checks.check_shape``) reads these."""

    trump: str


if TYPE_CHECKING:  # a default, as core.RoundT has: BiddingInTurn alone is of this round
    from typing_extensions import TypeVar

    BiddingRoundT = TypeVar("BiddingRoundT", bound=BiddingRound, default=BiddingRound)
else:
    from typing import TypeVar

    BiddingRoundT = TypeVar("BiddingRoundT", bound=BiddingRound)


def forbidden_bid(ctx: RoundContext, bids: list[int | None]) -> int | None:
    """The dealer's hooked bid: the one that makes the bids add up to the hand size.

    Under the Canadian rule (``hook: leader``) a bid of 0 is always allowed.
    """
    others = sum(b for seat, b in enumerate(bids) if seat != ctx.dealer and b is not None)
    forbidden = ctx.hand_size - others
    lowest = 1 if hook_spares_zero(ctx.setup) else 0
    return forbidden if lowest <= forbidden <= ctx.hand_size else None


def hook_reason(ctx: RoundContext, bid: int) -> str:
    # Under the Canadian rule the hook holds only on a dealer who leads: say why now.
    code = "hook_leader" if hook_spares_zero(ctx.setup) else "hook"
    return Message(code, dealer=ctx.name(ctx.dealer), bid=bid, hand_size=ctx.hand_size)


def bid_choices(ctx: RoundContext, forbidden: int | None) -> tuple[Choice, ...]:
    choices = _every_bid(ctx.hand_size)
    if forbidden is None or not 0 <= forbidden < len(choices):
        return choices
    hooked = Choice(str(forbidden), str(forbidden), hook_reason(ctx, forbidden))
    return (*choices[:forbidden], hooked, *choices[forbidden + 1 :])


@cache
def _every_bid(hand_size: int) -> tuple[Choice, ...]:
    """Every bid of a hand, none refused: asked at every step of every replayed bid, so
    made once a hand size (a Choice cannot change)."""
    return tuple(Choice(str(b), str(b)) for b in range(hand_size + 1))


def check_bid_range(ctx: RoundContext, seat: int, value: object) -> int:
    bid = as_int(value, Term("a bid"))
    if not 0 <= bid <= ctx.hand_size:
        raise RulesError(
            Message("bid_range", player=ctx.name(seat), hand_size=ctx.hand_size, bid=bid)
        )
    return bid


def check_bidder(ctx: RoundContext, seat: object) -> int:
    """The seat a bid is entered for, which must be a player's."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < ctx.n:
        raise RulesError(Message("bid_needs_player"))
    return seat


def bids_prompt(ctx: RoundContext, waiting: tuple[int, ...]) -> str:
    """ "Ben bids", or "Still to bid: Ben, Cleo and Ann" where several may bid now."""
    names = [ctx.name(s) for s in waiting]
    if len(names) == 1:
        return Message("prompt_bids", player=names[0])
    return Message("prompt_still_to_bid", others=", ".join(names[:-1]), last=names[-1])


def asked_alone(
    ctx: RoundContext, step: Step, seat: int, choices: tuple[Choice, ...]
) -> Step | None:
    """The bid step ``step`` puts to ``seat`` alone, with that player's ``choices``:
    their bid to give, or to change; None where ``step`` does not ask them."""
    if step.kind is not StepKind.BID:
        return None
    if step.seat == seat and step.seats in ((), (seat,)) and not step.may_change:
        return step
    if seat in step.seats or (not step.seats and step.seat == seat):
        prompt = Message("prompt_bids", player=ctx.name(seat))
    elif seat in step.may_change:
        prompt = Message("prompt_change_bid", player=ctx.name(seat))
    else:
        return None
    return Step(StepKind.BID, prompt, seat, choices, seats=(seat,))


class BiddingInTurn(GameRules[BiddingRoundT]):
    """Every player bids once, in bid order; then each player's tricks.

    ``hooked`` games refuse the dealer the bid that makes the bids add up to the
    hand size, unless their house rules (``hook``, ``hook_from``) say otherwise;
    ``hooked`` is the ``hook`` option's default. ``extras`` are the round's
    optional fields (trump, dice) that may be entered at any time before the round
    is complete. Sealed (the house rule ``bidding``), the bids are given in any order
    and may change until the last is in.
    """

    hooked: bool = True
    # The round's declared shape: what the record's round holds, read by mypy and
    # checked at run time (``entries``); a game holding more gives its own.
    round_shape: ClassVar[type[BiddingRound]] = BiddingRound

    def start(self, ctx: RoundContext) -> Draft:
        return {"bids": [None] * ctx.n, "tricks": [None] * ctx.n}

    def bidder(self, ctx: RoundContext, draft: Draft) -> int | None:
        return next((s for s in ctx.bid_order if draft["bids"][s] is None), None)

    def hook_in_force(self, ctx: RoundContext) -> bool:
        return hook_holds(ctx, "on" if self.hooked else "off")

    def hooked_now(self, ctx: RoundContext, draft: Draft) -> bool:
        """Whether the dealer's next bid is refused the hooked bid now. Sealed, the
        dealer bids unseen like the others, so the hook waits for the bids to be shown
        (RULINGS, "House rules", ``bidding``): it holds only on the bid again."""
        if not self.hook_in_force(ctx):
            return False
        return not self.sealed(ctx.setup) or bool(draft.get("rebid"))

    def bidding_step(self, ctx: RoundContext, draft: Draft) -> Step | None:
        """The bidding's next step; None once every bid stands.

        Sealed, until the last bid is in, every player yet to bid is asked at once
        (``seats``; the first of them in bid order is ``seat``, so that a phone passed
        round still goes in turn), and those who have bid may change it (``may_change``).
        Nothing is refused then: a refused bid would tell what the others bid.
        """
        bids = draft["bids"]
        if self.bids_sealed(ctx, draft):
            waiting = tuple(s for s in ctx.bid_order if bids[s] is None)
            given = tuple(s for s in ctx.bid_order if bids[s] is not None)
            prompt = bids_prompt(ctx, waiting)
            choices = bid_choices(ctx, None)
            return Step(StepKind.BID, prompt, waiting[0], choices, seats=waiting, may_change=given)
        seat = self.bidder(ctx, draft)
        if seat is None:
            return None
        hooked = seat == ctx.dealer and self.hooked_now(ctx, draft)
        choices = bid_choices(ctx, forbidden_bid(ctx, bids) if hooked else None)
        return Step(StepKind.BID, Message("prompt_bids", player=ctx.name(seat)), seat, choices)

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        step = self.bidding_step(ctx, draft)
        if step is not None:
            return step
        if any(t is None for t in draft["tricks"]):
            return tricks_step(ctx, draft)
        return Step(StepKind.COMPLETE, Message("prompt_complete"))

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        return self.asked_to_bid(ctx, draft, seat)

    def asked_to_bid(self, ctx: RoundContext, draft: Draft, seat: object) -> Step:
        """``bid_step`` as the bidding alone has it (Brink Bid's roll comes before)."""
        step = self.bidding_step(ctx, draft)
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < ctx.n:
            alone = None if step is None else asked_alone(ctx, step, seat, step.choices)
            if alone is not None:
                return alone
            if self.sealed(ctx.setup) and draft["bids"][seat] is not None:
                raise RulesError(Message("bids_shown", player=ctx.name(seat)))
        if step is None:
            raise RulesError(Message("bidding_over"))
        if step.seats:  # sealed: anyone may bid, but it must be a player
            raise RulesError(Message("bid_needs_player"))
        raise RulesError(Message("turn_to_bid", player=ctx.name(step.player)))

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        # Sealed, the balance would tell what was bid: it waits for the last bid.
        if all(b is None for b in draft["bids"]) or self.bids_sealed(ctx, draft):
            return ()
        balance = bid_balance(ctx.hand_size, draft["bids"])
        if draft.get("rebid"):
            return (balance, Message("hook_rebid", player=ctx.name(ctx.dealer)))
        return (balance,)

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The turned-up trump may be recorded until the tricks are entered."""
        if draft.get("trump") is not None or any(t is not None for t in draft["tricks"]):
            return ()
        return (Step(StepKind.TRUMP, Message("prompt_trump_turned_up"), None, trump_choices()),)

    def enter_extra(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """Optional round fields; the base game knows only the turned-up trump."""
        if entry.kind == "trump":
            return {**draft, "trump": check_trump(entry.value)}
        raise RulesError(Message("not_entered_in", kind=repr(entry.kind), game=self.title))

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if self.next_step(ctx, draft).kind is StepKind.COMPLETE:
            raise RulesError(Message("round_complete"))
        if entry.kind == "bid":
            return self.enter_bid(ctx, draft, entry)
        if entry.kind == "tricks":
            if self.next_step(ctx, draft).kind is not StepKind.TRICKS:
                raise RulesError(Message("tricks_after_bids"))
            return enter_tricks(ctx, draft, entry)
        return self.enter_extra(ctx, draft, entry)

    def enter_bid(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """A bid given (sealed: or changed), checked by the step that asks that player."""
        step = self.asked_to_bid(ctx, draft, entry.seat)
        seat = step.player
        bid = check_bid_range(ctx, seat, entry.value)
        step.choice(bid)  # refuses the hooked bid with its reason
        bids = list(draft["bids"])
        bids[seat] = bid
        entered = {**draft, "bids": bids}
        shown = self.bids_sealed(ctx, draft) and not self.bids_sealed(ctx, entered)
        if shown and self.hook_in_force(ctx) and bids[ctx.dealer] == forbidden_bid(ctx, bids):
            # Sealed, the bids shown add up to H under the hook (the Canadian rule: with
            # a dealer's bid other than 0): the dealer's bid is set aside, and the
            # dealer bids again, openly (the others' stand).
            bids[ctx.dealer] = None
            entered["rebid"] = True
        return entered

    def extra_fields(self) -> tuple[str, ...]:
        """The round's optional fields, as its shape declares them (``round_shape``)."""
        return declared(self.round_shape)[1]

    def to_round(self, ctx: RoundContext, draft: Draft) -> BiddingRoundT:
        rnd: dict[str, Any] = {"bids": list(draft["bids"]), "tricks": list(draft["tricks"])}
        for key in self.extra_fields():
            if draft.get(key) is not None:
                rnd[key] = draft[key]
        return cast(BiddingRoundT, rnd)

    def extra_entries(self, ctx: RoundContext, rnd: BiddingRoundT) -> list[Entry]:
        return [Entry("trump", None, rnd["trump"])] if "trump" in rnd else []

    def entries(self, ctx: RoundContext, rnd: BiddingRoundT) -> list[Entry]:
        check_shape(rnd, self.round_shape)
        bids = seat_list(ctx.setup, rnd["bids"], "bids")
        entries = self.extra_entries(ctx, rnd)
        entries += [Entry("bid", seat, bids[seat]) for seat in ctx.bid_order]
        return entries + tricks_entries(ctx, rnd["tricks"])

    @abstractmethod
    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        """What a bid and the tricks taken score: each game of the family must give it."""

    def bidder_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        """A bidder's score (the house rules' preview asks every game the same way)."""
        return self.round_score(ctx, bid, tricks)

    def score_round(self, ctx: RoundContext, rnd: BiddingRoundT) -> tuple[int, ...]:
        return tuple(
            self.round_score(ctx, b, t) for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )

    def view(self, ctx: RoundContext, rnd: BiddingRoundT) -> RoundView:
        return RoundView(
            tuple(str(b) for b in rnd["bids"]),
            tuple(str(t) for t in rnd["tricks"]),
            made=tuple(b == t for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)),
            counts=tuple(zip(rnd["bids"], rnd["tricks"], strict=True)),
        )
