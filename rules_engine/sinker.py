"""Sinker for 2 players (Tarte Games): an auction for the fewest tricks, or for all.

RULINGS.md, "Sinker for 2 players": exactly 2 players, 8 tricks a deal, the deal
alternates. The non-dealer calls first; a call is `pass` or a bid stronger than the
standing bid. The auction ends when a player passes over a standing bid, or when
both pass before any bid (Diving). The bidder scores the contract's points when
it is made; when it fails, the opponent scores them. In Diving, the player with
more tricks scores -10 (at 4-4 both do).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypedDict

from .checks import check_shape, players_int, seat_list
from .core import Cell, Draft, GameRules, PaperRow, Part, RoundContext, RoundView, Setup
from .errors import RulesError
from .messages import Message, Plural, Term, add, comma_list, written
from .options import MOST_DEALS, Option, OptionChoice
from .steps import Choice, Entry, Step, StepKind

MESSAGES = add(
    {
        "sinker_row_made": "{player} {contract}, made",
        "sinker_row_failed": "{player} {contract}, failed",
        "sinker_made": "Made: {player} took all {tricks} tricks",
        "sinker_lost_at": "Lost at trick {trick}: {opponent} took it",
        "sinker_lost_after": Plural(
            "Lost at trick {trick}: {opponent} took it after {bidder} took {taken} trick",
            "Lost at trick {trick}: {opponent} took it after {bidder} took {taken} tricks",
            "taken",
        ),
        "sinker_how_went": "How {player}'s {call} went",
        "sinker_not_stronger": "{call} is not stronger than the standing {standing}",
        "sinker_double_over": "{call} can be called only over a standing {single}",
        "sinker_auction_over": "the auction is over ({outcome})",
        "sinker_tricks_after_auction": "tricks are entered once the auction is over",
        "sinker_outcome_diving": "both players passed: Diving",
        "sinker_outcome_contract": "{player}'s {contract} is the contract",
        "sinker_exchange": "Exchange at most {cards} cards",
        "sinker_note_diving": "Diving: both players passed",
        "sinker_note_contract": "Contract: {player}'s {contract}",
        "sinker_note_standing": "Standing bid: {player}'s {contract}",
        "sinker_calls_list": "{field} must be a list of the calls made, in order",
        "sinker_call_value": "a call is one of {calls}, not {value}",
        "sinker_calls_stop": "the calls stop before the auction is over: {player} calls next",
        "sinker_all_result": (
            "{bidder} called {contract}: either {bidder} took all {tricks} tricks, or play stopped "
            "at the first trick {opponent} took, so {opponent} has exactly 1 (not {opponent_took}) "
            "and {bidder} fewer than {tricks} (not {bidder_took})"
        ),
        "sinker_no_contract": "the round has no contract",
        "sinker_diving": "Diving",
        "sinker_view_made": "{player} made {contract}",
        "sinker_view_failed": "{player} failed {contract}",
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


TRICKS = 8

# Every call, from weak to strong; `pass` is not a bid.
CALLS = ("pass", "3", "2", "1", "zero", "double-zero", "all", "double-all")
CALL_LABELS = {
    "pass": "Pass",
    "3": "3",
    "2": "2",
    "1": "1",
    "zero": "Zero",
    "double-zero": "Double-zero",
    "all": "All",
    "double-all": "Double-all",
}
# A double may be called only over its own single bid, standing.
DOUBLES = {"double-zero": "zero", "double-all": "all"}
# The most tricks the bidder may take and still make a normal contract.
MOST_TRICKS = {"3": 3, "2": 2, "1": 1, "zero": 0, "double-zero": 0}
# The bids where the bidder must take every trick: play stops at the first one lost.
ALL_BIDS = ("all", "double-all")
POINTS = {"3": 7, "2": 8, "1": 9, "zero": 10, "double-zero": 20, "all": 15, "double-all": 30}
DIVING_POINTS = -10

MADE = "made"


def lost_at(trick: int) -> str:
    """The choice for an `all` lost at trick ``trick`` (1-based)."""
    return f"lost-{trick}"


@dataclass(frozen=True)
class Auction:
    """The calls so far, made in turn from the non-dealer (``first``)."""

    calls: tuple[str, ...]
    first: int

    def caller(self, index: int) -> int:
        return (self.first + index) % 2

    @property
    def to_call(self) -> int:
        return self.caller(len(self.calls))

    @property
    def standing(self) -> str | None:
        """The strongest bid so far: the last one, since every bid is stronger."""
        return next((c for c in reversed(self.calls) if c != "pass"), None)

    @property
    def bidder(self) -> int | None:
        for index in range(len(self.calls) - 1, -1, -1):
            if self.calls[index] != "pass":
                return self.caller(index)
        return None

    @property
    def diving(self) -> bool:
        return self.calls == ("pass", "pass")

    @property
    def over(self) -> bool:
        """A pass over a standing bid ends it, and so do two passes before any bid.

        RULINGS: the 2-player text does not say what ends the auction; a player
        who passed may call again on a later turn, as in the original Sinker.
        """
        if self.diving:
            return True
        return bool(self.calls) and self.calls[-1] == "pass" and self.standing is not None

    def refusal(self, call: str) -> Message | None:
        """Why ``call`` may not be made now, or None."""
        if call == "pass":
            return None
        standing = self.standing
        if standing is not None and CALLS.index(call) <= CALLS.index(standing):
            return Message("sinker_not_stronger", call=Term(call), standing=Term(standing))
        single = DOUBLES.get(call)
        if single is not None and standing != single:
            return Message("sinker_double_over", call=Term(call), single=Term(single))
        return None


def auction(ctx: RoundContext, draft: Draft) -> Auction:
    return Auction(tuple(draft["calls"]), non_dealer(ctx))


def non_dealer(ctx: RoundContext) -> int:
    return ctx.bid_order[0]


def tricks_seat(ctx: RoundContext, bids: Auction) -> int:
    """Whose tricks are asked: the bidder's, or in Diving the non-dealer's."""
    bidder = bids.bidder
    return non_dealer(ctx) if bidder is None else bidder


def all_choices(ctx: RoundContext, bidder: int) -> tuple[Choice, ...]:
    opponent = 1 - bidder
    made = Choice(MADE, Message("sinker_made", player=ctx.name(bidder), tricks=TRICKS))
    lost = tuple(
        Choice(
            lost_at(k),
            Message("sinker_lost_at", trick=k, opponent=ctx.name(opponent))
            if k == 1
            else Message(
                "sinker_lost_after",
                trick=k,
                opponent=ctx.name(opponent),
                bidder=ctx.name(bidder),
                taken=k - 1,
            ),
        )
        for k in range(1, TRICKS + 1)
    )
    return (made, *lost)


def all_tricks(bidder: int, result: str) -> list[int]:
    """The tricks of an `all` round: made is 8-0; lost at trick k is k-1 to 1."""
    tricks = [0, 0]
    if result == MADE:
        tricks[bidder] = TRICKS
    else:
        tricks[bidder] = int(result.removeprefix("lost-")) - 1
        tricks[1 - bidder] = 1
    return tricks


def contract_made(contract: str, tricks: int) -> bool:
    if contract in ALL_BIDS:
        return tricks == TRICKS
    return tricks <= MOST_TRICKS[contract]


class SinkerRound(TypedDict):
    """A deal of Sinker as the record holds it: the calls in the order made (the
    non-dealer first: a number, "zero", "all" or "pass") and each player's tricks."""

    calls: list[str]
    tricks: list[int]


class Sinker(GameRules[SinkerRound]):
    messages = MESSAGES
    words = (
        "pass",
        "zero",
        "double-zero",
        "Zero",
        "Double-zero",
        "All",
        "Double-all",
        "all",
        "double-all",
    )
    key = "sinker"
    # Only the bidder has something to make: the contract, of a kind as much as a number.
    made_label: ClassVar[str] = "Contracts made"
    counts_over_under: ClassVar[bool] = False
    title = "Sinker"
    summary = (
        "Two players bid to take at most 3, 2, 1 or no tricks, or all of them; "
        "a failed contract scores for the opponent."
    )
    min_players = 2
    max_players = 2
    draw_ranks: ClassVar[tuple[str, ...]] = ("7", "8", "9", "10", "J", "Q", "K", "A")
    round_boxes: ClassVar[tuple[str, ...]] = ("Calls", "Contract")
    seat_boxes: ClassVar[tuple[str, ...]] = ("Tricks",)
    paper_key: ClassVar[str] = (
        "Calls in the order made, the non-dealer first: pass, 3, 2, 1, zero, "
        "double-zero, all, double-all. Both pass: Diving."
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "deals",
            "Deals",
            "How many deals the game lasts (even numbers recommended).",
            "int",
            8,
            minimum=1,
            maximum=MOST_DEALS,
        ),
        Option(
            "exchange_limit",
            "Exchange limit",
            "A reminder at the table of how many cards each player may exchange.",
            "choice",
            0,
            (OptionChoice(0, "No limit"), OptionChoice(4, "At most 4 cards")),
        ),
    )

    # --- The shape of the game -------------------------------------------------
    def hand_size(self, setup: Setup, index: int) -> int:
        return TRICKS

    def round_count(self, setup: Setup) -> int:
        deals = setup.options["deals"]
        return deals if isinstance(deals, int) else 0

    # --- Entering a round ------------------------------------------------------
    def start(self, ctx: RoundContext) -> Draft:
        return {"calls": [], "tricks": None}

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        bids = auction(ctx, draft)
        if not bids.over:
            seat = bids.to_call
            choices = tuple(Choice(c, CALL_LABELS[c], bids.refusal(c)) for c in CALLS)
            return Step(
                StepKind.CALL, Message("prompt_calls", player=ctx.name(seat)), seat, choices
            )
        if draft["tricks"] is None:
            seat = tricks_seat(ctx, bids)
            if bids.standing in ALL_BIDS:
                prompt = Message("sinker_how_went", player=ctx.name(seat), call=Term(bids.standing))
                return Step(StepKind.TRICKS, prompt, seat, all_choices(ctx, seat))
            choices = tuple(Choice(str(t), str(t)) for t in range(TRICKS + 1))
            return Step(
                StepKind.TRICKS, Message("prompt_tricks", player=ctx.name(seat)), seat, choices
            )
        return Step(StepKind.COMPLETE, Message("prompt_complete"))

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        step = self.next_step(ctx, draft)
        if step.kind is StepKind.COMPLETE:
            raise RulesError(Message("round_complete"))
        bids = auction(ctx, draft)
        if entry.kind == "call":
            if step.kind is not StepKind.CALL:
                raise RulesError(Message("sinker_auction_over", outcome=self.outcome(ctx, bids)))
            if entry.seat != step.player:
                raise RulesError(Message("turn_to_call", player=ctx.name(step.player)))
            call = step.choice(entry.value).value
            return {**draft, "calls": [*draft["calls"], call]}
        if entry.kind == "tricks":
            if step.kind is not StepKind.TRICKS:
                raise RulesError(Message("sinker_tricks_after_auction"))
            if entry.seat != step.player:
                raise RulesError(Message("tricks_asked", player=ctx.name(step.player)))
            value = step.choice(entry.value).value
            seat = step.player
            if bids.standing in ALL_BIDS:
                tricks = all_tricks(seat, value)
            else:
                tricks = [0, 0]
                tricks[seat] = int(value)
                tricks[1 - seat] = TRICKS - int(value)
            return {**draft, "tricks": tricks}
        raise RulesError(Message("not_entered_in", kind=repr(entry.kind), game=self.title))

    def outcome(self, ctx: RoundContext, bids: Auction) -> Message:
        """The auction's result in words: "Ann's 2 is the contract", "Diving"."""
        if bids.diving:
            return Message("sinker_outcome_diving")
        assert bids.bidder is not None and bids.standing is not None
        return Message(
            "sinker_outcome_contract", player=ctx.name(bids.bidder), contract=Term(bids.standing)
        )

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        notes: list[str] = []
        limit = ctx.option("exchange_limit")
        if isinstance(limit, int) and limit:
            notes.append(Message("sinker_exchange", cards=limit))
        bids = auction(ctx, draft)
        if bids.diving:
            notes.append(Message("sinker_note_diving"))
        elif bids.bidder is not None and bids.standing is not None:
            code = "sinker_note_contract" if bids.over else "sinker_note_standing"
            notes.append(Message(code, player=ctx.name(bids.bidder), contract=Term(bids.standing)))
        return tuple(notes)

    def to_round(self, ctx: RoundContext, draft: Draft) -> SinkerRound:
        return {"calls": list(draft["calls"]), "tricks": list(draft["tricks"])}

    # --- Reading a round from a record -------------------------------------------
    def entries(self, ctx: RoundContext, rnd: SinkerRound) -> list[Entry]:
        check_shape(rnd, SinkerRound)
        calls = rnd["calls"]
        if not isinstance(calls, list):
            raise RulesError(Message("sinker_calls_list", field="calls"))
        entries: list[Entry] = []
        draft = self.start(ctx)
        for call in calls:
            if not isinstance(call, str) or call not in CALLS:
                raise RulesError(
                    Message("sinker_call_value", calls=", ".join(CALLS), value=written(call))
                )
            entry = Entry("call", auction(ctx, draft).to_call, call)
            draft = self.enter(ctx, draft, entry)  # refuses a call the rules do not allow
            entries.append(entry)
        bids = auction(ctx, draft)
        if not bids.over:
            raise RulesError(Message("sinker_calls_stop", player=ctx.name(bids.to_call)))
        given = seat_list(ctx.setup, rnd["tricks"], "tricks")
        tricks = [players_int(t, Term("tricks"), ctx.name(s)) for s, t in enumerate(given)]
        for seat, taken in enumerate(tricks):
            if taken < 0:
                raise RulesError(Message("tricks_negative", player=ctx.name(seat), tricks=taken))
        seat = tricks_seat(ctx, bids)
        if bids.standing in ALL_BIDS:
            return [*entries, Entry("tricks", seat, self.all_result(ctx, bids, tricks))]
        if sum(tricks) != TRICKS:
            raise RulesError(Message("tricks_sum", total=sum(tricks), hand_size=TRICKS))
        return [*entries, Entry("tricks", seat, tricks[seat])]

    def round_cells(self, ctx: RoundContext, rnd: SinkerRound) -> tuple[Cell, ...]:
        """Each call as made, in place (the tricks are a cell of every game's): a
        changed call is checked with the deal whole, the auction as the table has it."""
        self.entries(ctx, rnd)  # its shape as the rules read it, or why not
        first = non_dealer(ctx)
        calls = tuple(Choice(call, CALL_LABELS[call]) for call in CALLS)
        parts = tuple(
            Part(str(index), ctx.name((first + index) % 2), call, calls)
            for index, call in enumerate(rnd["calls"])
        )
        label = Message("cell_label", field=Term("Calls"), number=ctx.number)
        return (Cell(ctx.number, "calls", label, parts, Term("Calls"), "call", numbers=False),)

    def all_result(self, ctx: RoundContext, bids: Auction, tricks: list[int]) -> str:
        """Made (8-0), or lost at the one trick the opponent took (k-1 to 1).

        RULINGS: "play stops as soon as the opponent takes one, so the tricks of
        a failed `all` may add up to fewer than 8".
        """
        assert bids.bidder is not None
        bidder, opponent = bids.bidder, 1 - bids.bidder
        if tricks[bidder] == TRICKS and tricks[opponent] == 0:
            return MADE
        if tricks[opponent] == 1 and tricks[bidder] < TRICKS:
            return lost_at(tricks[bidder] + 1)
        raise RulesError(
            Message(
                "sinker_all_result",
                bidder=ctx.name(bidder),
                contract=Term(str(bids.standing)),
                opponent=ctx.name(opponent),
                tricks=TRICKS,
                opponent_took=tricks[opponent],
                bidder_took=tricks[bidder],
            )
        )

    def contract(self, ctx: RoundContext, rnd: SinkerRound) -> tuple[int, str]:
        """The bidder and the contract of a round that is not Diving."""
        bids = Auction(tuple(rnd["calls"]), non_dealer(ctx))
        if bids.bidder is None or bids.standing is None:
            # Only a round that ``check_round`` refused gets here (the sheet's review).
            raise RulesError(Message("sinker_no_contract"))
        return bids.bidder, bids.standing

    def is_diving(self, rnd: SinkerRound) -> bool:
        return list(rnd["calls"]) == ["pass", "pass"]

    def score_round(self, ctx: RoundContext, rnd: SinkerRound) -> tuple[int, ...]:
        tricks = list(rnd["tricks"])
        if self.is_diving(rnd):
            most = max(tricks)
            return tuple(DIVING_POINTS if t == most else 0 for t in tricks)
        bidder, contract = self.contract(ctx, rnd)
        made = contract_made(contract, tricks[bidder])
        scores = [0, 0]
        scores[bidder if made else 1 - bidder] = POINTS[contract]
        return tuple(scores)

    def view(self, ctx: RoundContext, rnd: SinkerRound) -> RoundView:
        tricks = tuple(str(t) for t in rnd["tricks"])
        if self.is_diving(rnd):
            return RoundView(("dive", "dive"), tricks, (Message("sinker_diving"),), (None, None))
        bidder, contract = self.contract(ctx, rnd)
        shown = ["", ""]
        shown[bidder] = contract
        made = contract_made(contract, int(rnd["tricks"][bidder]))
        code = "sinker_view_made" if made else "sinker_view_failed"
        note = Message(code, player=ctx.name(bidder), contract=Term(contract))
        outcome: list[bool | None] = [None, None]
        outcome[bidder] = made
        return RoundView(tuple(shown), tricks, (note,), tuple(outcome))

    def paper_row(self, ctx: RoundContext, rnd: SinkerRound, view: RoundView) -> PaperRow:
        """The calls in the order made (the non-dealer first), the contract with its
        bidder and how it went, and each player's tricks."""
        calls = comma_list([Term(str(call)) for call in rnd["calls"]])
        tricks = tuple((str(t),) for t in rnd["tricks"])
        if self.is_diving(rnd):
            return PaperRow((calls, Message("sinker_diving")), tricks)
        bidder, contract = self.contract(ctx, rnd)
        made = "made" if contract_made(contract, int(rnd["tricks"][bidder])) else "failed"
        return PaperRow(
            (
                calls,
                Message(f"sinker_row_{made}", player=ctx.name(bidder), contract=Term(contract)),
            ),
            tricks,
        )
