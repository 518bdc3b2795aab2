"""Boerenbridge: simultaneous bids, a hooked dealer, sitting out at 80, exactly 100 to win.

RULINGS.md, "Boerenbridge": 4 players, 13 cards every round, no trump. Bids are
simultaneous, so they may be entered in any order, and the dealer may change
their bid until tricks are entered. A player on 80 or more does not bid. The
game ends when one or more totals are exactly 100; a total over 100 bounces back.
With the house rule ``hands``, 3 to 7 play, each hand at most floor(52 / n), and
every rule (the hook, the bids' range) uses that round's H in place of 13. With
``end: hands`` (the Dutch game of fixed length) the game ends after the last hand
and the highest total wins: there is no target, bounce, nor sitting out unless set.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import ClassVar, TypedDict

from .bidding import (
    asked_alone,
    bid_choices,
    bids_prompt,
    check_bid_range,
    check_bidder,
    forbidden_bid,
)
from .checks import as_int, check_shape, seat_list
from .core import Draft, GameRules, RoundContext, RoundView, Setup, highest
from .errors import RulesError
from .house_rules import (
    BIDDING,
    BOUNCE,
    HOOK_FROM,
    MADE,
    MISSED,
    check_house_rules,
    custom_score,
    hand_pattern,
    hands,
    hands_option,
    hook_holds,
    hook_option,
    scoring_option,
    setting,
)
from .messages import Message, Plural, Term, add
from .options import AS_RULED, Option, OptionChoice, Preset
from .steps import Choice, Entry, Place, Step, StepKind
from .text import bid_balance
from .tricks import enter_tricks, tricks_entries, tricks_step

MESSAGES = add(
    {
        "boerenbridge_players": (
            "Boerenbridge as ruled is played by {ruled} players, not {count}; with hand "
            "sizes of your own (option {option}), by {least} to {most}"
        ),
        "boerenbridge_end_hands": (
            "option {name} is needed with {setting}: the game ends after its last hand"
        ),
        "goal_after_hands": Plural(
            "{count} round, the highest total wins",
            "{count} rounds, the highest total wins",
            "count",
        ),
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


HAND_SIZE = 13
# As ruled, 4 players; with the house rule ``hands``, 3 to 7 (RULINGS, "Boerenbridge").
RULED_PLAYERS = 4
# RULINGS, "Boerenbridge": exactly 100 wins; a player on 80 or more does not bid.
# House rules move either (``target``, ``sit_out``); these are the game as ruled.
GOAL = 100
SIT_OUT_AT = 80
MADE_BONUS = 10
MADE_ZERO = 20

# RULINGS, "House rules", ``end``: the game ends on the target, or after the last
# entry of ``hands`` (the Dutch game of fixed length), which has no target.
END_ON_TARGET = "target"
END_AFTER_HANDS = "hands"
FIXED_LENGTH = ("end", END_AFTER_HANDS)
END = Option(
    "end",
    "End",
    "When the game ends: on the target, or after the last of the hand sizes, the "
    "highest total winning.",
    "choice",
    END_ON_TARGET,
    (
        OptionChoice(END_ON_TARGET, "On the target"),
        OptionChoice(END_AFTER_HANDS, "After the last hand"),
    ),
    house_rule=True,
)
TARGET = Option(
    "target",
    "Target",
    "The total that wins.",
    "int",
    GOAL,
    minimum=10,
    maximum=1000,
    house_rule=True,
    refused_with=FIXED_LENGTH,
)
SIT_OUT = Option(
    "sit_out",
    "Sit out from",
    "A player on this total or more at the start of a round does not bid (empty: nobody).",
    "int",
    SIT_OUT_AT,
    minimum=1,
    maximum=1000,
    nullable=True,
    house_rule=True,
    default_with=(*FIXED_LENGTH, None),
)
FIXED_BOUNCE = replace(BOUNCE, refused_with=FIXED_LENGTH)


def sit_out_at(setup: Setup) -> int | None:
    """The total from which a player does not bid (house rule ``sit_out``); None: nobody."""
    value = setting(setup, SIT_OUT)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def target(setup: Setup) -> int:
    """The total that wins (house rule ``target``, 100 as ruled)."""
    value = setting(setup, TARGET)
    return value if isinstance(value, int) and not isinstance(value, bool) else GOAL


def fixed_length(options: Mapping[str, object]) -> bool:
    """Whether the game ends after the last hand (``end: hands``), not on a target."""
    return options.get(END.name) == END_AFTER_HANDS


def bounces(setup: Setup) -> bool:
    return not fixed_length(setup.options) and setting(setup, BOUNCE) is not False


def sits_out(ctx: RoundContext, seat: int) -> bool:
    """Whether ``seat`` does not bid this round: 80 or more at the start of it.

    The source says "80 or more" once and "over 80" once; RULINGS keeps the first.
    House rules move the 80 (``sit_out``), or let everyone bid (null).
    """
    threshold = sit_out_at(ctx.setup)
    return threshold is not None and ctx.totals_before[seat] >= threshold


def bidders(ctx: RoundContext) -> tuple[int, ...]:
    """The players who bid this round, in bid order (the dealer last, if bidding)."""
    return _bidders(ctx.bid_order, ctx.totals_before, sit_out_at(ctx.setup))


@lru_cache(maxsize=256)
def _bidders(
    order: tuple[int, ...], totals: tuple[int, ...], threshold: int | None
) -> tuple[int, ...]:
    # Asked at every step of every replayed bid: worked out once a round (the rounds
    # of the games being played lately, a few hundred at most).
    return tuple(seat for seat in order if threshold is None or totals[seat] < threshold)


def sit_out_reason(ctx: RoundContext, seat: int) -> str:
    return Message("sits_out", player=ctx.name(seat), points=ctx.totals_before[seat])


def round_score(bid: int | None, tricks: int) -> int:
    """A non-bidder scores the tricks; a made bid adds 10 (a made 0 scores 20)."""
    if bid is None or bid != tricks:
        return tricks
    return MADE_ZERO if bid == 0 else tricks + MADE_BONUS


_BOERENBRIDGE_WIKIPEDIA = "https://nl.wikipedia.org/wiki/Boerenbridge"


PRESETS: tuple[Preset, ...] = (
    Preset(AS_RULED, "As ruled", "13 cards, exactly 100 to win, sitting out from 80."),
    # Here come the patterns of hands for the players at the table (``presets``).
    Preset(
        "to-150",
        "To 150",
        "A longer game: exactly 150 wins, sitting out from 130.",
        {"target": 150, "sit_out": 130},
        "https://gamerules.com/rules/boerenbridge/ (the game to 100), played longer",
    ),
    Preset(
        "five-and-minus",
        "5 and a point a trick, minus a point a trick off",
        "Made: 5 plus 1 a trick; missed: 1 off for every trick over or under; first to 100.",
        {
            "scoring": "custom",
            "made": "5 + t",
            "missed": "-abs(t - b)",
            "bounce": False,
            "sit_out": None,
        },
        "https://kaartspeluitleg.nl/games/boerenbridge/ (Puntentelling)",
    ),
)


def _hands_presets(players: int) -> tuple[Preset, ...]:
    """The common patterns of hands for ``players``, up to the most a pack of 52
    deals them (13 for 4, 10 for 5): the name and the hands follow the count."""
    most = Boerenbridge.pack // players
    return (
        Preset(
            "up-and-down-to-100",
            Message("preset_up_down", most=most),
            Message("preset_up_down_about", most=most),
            {"hands": [*hand_pattern(1, most, 1)]},
            _BOERENBRIDGE_WIKIPEDIA + ": one card in the first round, one more each round "
            "up to the most the pack allows, then back down",
        ),
        Preset(
            "down-to-one",
            Message("preset_down", most=most),
            Message("preset_down_about", most=most),
            {"hands": [*hand_pattern(most, 1, 1)]},
            "https://www.pagat.com/exact/oh_hell.html: the hands may also go down from "
            "the most to one",
        ),
        Preset(
            "dutch-hook",
            "Hook from 4 cards",
            Message("preset_dutch_hook_about", most=most),
            {"hands": [*hand_pattern(1, most, 1)], "hook_from": 4},
            _BOERENBRIDGE_WIKIPEDIA + ": 'Wanneer het aantal uitgedeelde kaarten per persoon "
            "hoger is dan drie' the dealer is hooked",
        ),
    )


class _BoerenbridgeBids(TypedDict):
    bids: list[int | None]  # None: the player on 80 or more sits the round out
    tricks: list[int]


class BoerenbridgeRound(_BoerenbridgeBids, total=False):
    """A round as the record holds it: every player's bid (none for a player who sits
    out) and tricks; the trump, where noted (``total=False``: the optional key, which
    the run-time check reads as mypy does)."""

    trump: str


# RULINGS, "House rules", ``end``: the Dutch game of fixed length, as both Dutch
# Boerenbridge score keepers we know play it: 1 card up to 13 and back down to 1.
PYRAMID = hand_pattern(1, HAND_SIZE, 1)
_FIXED_LENGTH_SOURCE = (
    "RULINGS.md, Boerenbridge's end: hands (the two Dutch Boerenbridge score keepers "
    "we know); " + _BOERENBRIDGE_WIKIPEDIA
)
FIXED_LENGTH_PRESETS: tuple[Preset, ...] = (
    Preset(
        "dutch-pyramid",
        "Dutch pyramid",
        "1 card up to the most and back to 1; 10 and 3 a trick for the bid made, "
        "3 off a trick for a miss; the highest total wins.",
        {
            "end": END_AFTER_HANDS,
            "hands": list(PYRAMID),
            "scoring": "custom",
            "made": "10 + 3 * t",
            "missed": "-3 * abs(t - b)",
        },
        _FIXED_LENGTH_SOURCE,
        52,
    ),
    Preset(
        "basis",
        "Basis",
        "The same hands; 10 and 2 a trick for the bid made, nothing for a miss.",
        {
            "end": END_AFTER_HANDS,
            "hands": list(PYRAMID),
            "scoring": "custom",
            "made": "10 + 2 * t",
            "missed": "0",
        },
        _FIXED_LENGTH_SOURCE,
        52,
    ),
    Preset(
        "flemish",
        "Flemish",
        "The same hands; 10 and 3 a trick for the bid made, nothing for a miss.",
        {
            "end": END_AFTER_HANDS,
            "hands": list(PYRAMID),
            "scoring": "custom",
            "made": "10 + 3 * t",
            "missed": "0",
        },
        _FIXED_LENGTH_SOURCE,
        52,
    ),
)


class Boerenbridge(GameRules[BoerenbridgeRound]):
    messages = MESSAGES
    key = "boerenbridge"
    has_house_rules = True
    repeats_hands = True
    seats_apart = True
    published_presets = (*PRESETS, *FIXED_LENGTH_PRESETS)
    title = "Boerenbridge"
    summary = (
        "Bid your tricks all at once; score exactly 100 to win, and sit out "
        "the bidding from 80 points."
    )
    min_players = 3
    max_players = 7
    options: ClassVar[tuple[Option, ...]] = (
        scoring_option("Standard: 10 plus the tricks for a made bid, 20 for 0"),
        hands_option(replaces=None),
        hook_option("on", leader=False),  # RULINGS: the Canadian rule is not its own
        HOOK_FROM,
        MADE,
        MISSED,
        END,
        TARGET,
        SIT_OUT,
        FIXED_BOUNCE,
        BIDDING,
    )

    # --- The shape of the game -------------------------------------------------
    def presets(self, players: int | None = None) -> tuple[Preset, ...]:
        """As ruled, then the patterns of hands for ``players`` (4, as ruled, when
        not given), then the rest, the games of fixed length with their hands capped
        at what the pack deals ``players``."""
        first, *rest = self.published_presets
        count = players or RULED_PLAYERS
        rest = [replace(p, options=p.options_for(count)) for p in rest]
        return (first, *_hands_presets(count), *rest)

    def player_range(self, options: Mapping[str, object]) -> tuple[int, int]:
        """4 as ruled; 3 to 7 once the house rule ``hands`` gives the hand sizes."""
        if options.get("hands") is None:
            return RULED_PLAYERS, RULED_PLAYERS
        return self.min_players, self.max_players

    def check_setup(self, setup: Setup) -> None:
        if hands(setup) is None and setup.n != RULED_PLAYERS:
            raise RulesError(
                Message(
                    "boerenbridge_players",
                    ruled=RULED_PLAYERS,
                    count=setup.n,
                    option="hands",
                    least=self.min_players,
                    most=self.max_players,
                ),
                option="hands",
            )
        if fixed_length(setup.options) and hands(setup) is None:
            setting = f"{END.name}: {END_AFTER_HANDS}"
            refusal = Message("boerenbridge_end_hands", name="hands", setting=setting)
            raise RulesError(refusal, option="hands")
        check_house_rules(setup, self.most_cards(setup.n))

    def repeats(self, options: Mapping[str, object]) -> bool:
        """The list of hands over and over, but once with ``end: hands``."""
        return not fixed_length(options)

    def hand_size(self, setup: Setup, index: int) -> int:
        """13 cards; with house rules' ``hands``, the list over and over from its start
        (with ``end: hands``, once: past its last entry is an IndexError)."""
        listed = hands(setup)
        if listed is None:
            return HAND_SIZE
        return listed[index] if fixed_length(setup.options) else listed[index % len(listed)]

    def round_count(self, setup: Setup) -> int | None:
        """None: the game plays to a score; with ``end: hands``, the hands listed."""
        listed = hands(setup)
        return len(listed) if fixed_length(setup.options) and listed is not None else None

    def cycle(self, setup: Setup) -> int:
        listed = hands(setup)
        return 1 if listed is None else len(listed)

    def goal(self, setup: Setup) -> str:
        """ "to 100"; without the bounce, reaching the target or more ends the game."""
        count = self.round_count(setup)
        if count is not None:
            return Message("goal_after_hands", count=count)
        if bounces(setup):
            return Message("goal_to", target=target(setup))
        return Message("goal_to_or_more", target=target(setup))

    def new_total(self, total: int, score: int, setup: Setup | None = None) -> int:
        """Over 100, the excess is taken off 100: 95 + 12 = 107 becomes 93.

        House rules: over the ``target`` likewise; with ``bounce: false``, a plain sum.
        """
        new = total + score
        if setup is not None and not bounces(setup):
            return new
        goal = GOAL if setup is None else target(setup)
        return goal - (new - goal) if new > goal else new

    def total_note(self, total: int, score: int, setup: Setup | None = None) -> str | None:
        """The bounce, worked out where it happens: "96 + 13 = 109, 9 over 100: 91"."""
        new = total + score
        if setup is not None and not bounces(setup):
            return None
        goal = GOAL if setup is None else target(setup)
        if new <= goal:
            return None
        bounced = self.new_total(total, score, setup)
        return Message(
            "bounce", total=total, score=score, new=new, over=new - goal, goal=goal, bounced=bounced
        )

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        """Over at the end of the first round after which a total is exactly 100.

        House rules: the ``target``; without bounce, once a total reaches it or more;
        with ``end: hands``, after the last hand.
        """
        count = self.round_count(setup)
        if count is not None:
            return rounds_played >= count
        goal = target(setup)
        if not bounces(setup):
            return any(total >= goal for total in totals)
        return goal in totals

    def winners(self, setup: Setup, totals: tuple[int, ...]) -> tuple[int, ...]:
        """Those exactly on the target; without bounce (or with ``end: hands``), the
        highest total (ties share)."""
        if not bounces(setup):
            return highest(totals)
        goal = target(setup)
        return tuple(seat for seat, total in enumerate(totals) if total == goal)

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
        if (
            not hook_holds(ctx, "on")
            or sits_out(ctx, ctx.dealer)
            or any(bids[s] is None for s in bidders(ctx))
        ):
            return False
        return sum(b for b in bids if b is not None) == ctx.hand_size

    def bidding_seats(self, ctx: RoundContext) -> tuple[int, ...]:
        return bidders(ctx)

    def choices_for(self, ctx: RoundContext, draft: Draft, seat: int) -> tuple[Choice, ...]:
        """A bidder's choices: the dealer's hooked bid is refused once the others are in.

        Sealed, nothing is refused until the bids are shown: a refused button would
        tell the dealer's phone what the others bid (RULINGS, "House rules", ``bidding``).
        """
        forbidden: int | None = None
        if seat == ctx.dealer and hook_holds(ctx, "on") and not self.bids_sealed(ctx, draft):
            others = [s for s in bidders(ctx) if s != seat]
            if all(draft["bids"][s] is not None for s in others):
                forbidden = forbidden_bid(ctx, draft["bids"])
        return bid_choices(ctx, forbidden)

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        bids = draft["bids"]
        waiting = tuple(s for s in bidders(ctx) if bids[s] is None)
        if waiting:
            given = tuple(s for s in bidders(ctx) if bids[s] is not None)
            # Sealed, anyone who has bid may change it until the last bid is in;
            # open, the dealer alone (until the tricks are entered).
            changing = (
                given
                if self.bids_sealed(ctx, draft)
                else tuple(s for s in given if s == ctx.dealer)
            )
            choices = self.choices_for(ctx, draft, waiting[0])
            prompt = bids_prompt(ctx, waiting)
            return Step(
                StepKind.BID, prompt, waiting[0], choices, seats=waiting, may_change=changing
            )
        if self.hooked(ctx, draft):
            # Sealed, this is the bid again once the bids are shown, openly, under the hook.
            dealer = ctx.dealer
            prompt = Message("prompt_hooked", dealer=ctx.name(dealer), hand_size=ctx.hand_size)
            choices = self.choices_for(ctx, draft, dealer)
            return Step(StepKind.BID, prompt, dealer, choices, seats=(dealer,))
        if any(t is None for t in draft["tricks"]):
            return tricks_step(ctx, draft)
        return Step(StepKind.COMPLETE, Message("prompt_complete"))

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """RULINGS: "the dealer may change their bid until tricks are entered".

        Sealed, the bids shown stand: a bid may change only until the last is in
        (RULINGS, "House rules", ``bidding``), and the dealer's again under the hook.
        """
        dealer = ctx.dealer
        step = self.next_step(ctx, draft)
        if step.kind is not StepKind.TRICKS or draft["bids"][dealer] is None:
            return ()
        if any(t is not None for t in draft["tricks"]) or self.sealed(ctx.setup):
            return ()
        prompt = Message("prompt_may_change_bid", dealer=ctx.name(dealer))
        choices = self.choices_for(ctx, draft, dealer)
        return (Step(StepKind.BID, prompt, dealer, choices, place=Place.FOLDED),)

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        return self._bid_step(ctx, draft, seat, self.next_step(ctx, draft))

    def _bid_step(self, ctx: RoundContext, draft: Draft, seat: int, next_step: Step) -> Step:
        """``bid_step``, given the round's next step, which entering asked already."""
        seat = check_bidder(ctx, seat)
        if sits_out(ctx, seat):
            raise RulesError(sit_out_reason(ctx, seat))
        if any(t is not None for t in draft["tricks"]):
            raise RulesError(Message("tricks_being_entered"))
        choices = self.choices_for(ctx, draft, seat)

        def steps() -> Iterator[Step]:
            # The optional ones only when the next step does not ask it: a bid entered
            # (every replay of the round) then asks the rules for one step, not three.
            yield next_step
            yield from self.optional_steps(ctx, draft)

        for step in steps():
            alone = asked_alone(ctx, step, seat, choices)
            if alone is not None:
                return alone
        if self.sealed(ctx.setup):
            raise RulesError(Message("bids_shown", player=ctx.name(seat)))
        raise RulesError(Message("has_bid", player=ctx.name(seat)))

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        notes: list[str] = []
        if any(b is not None for b in draft["bids"]) and not self.bids_sealed(ctx, draft):
            notes.append(bid_balance(ctx.hand_size, draft["bids"]))
        for seat in range(ctx.n):
            if sits_out(ctx, seat):
                points = ctx.totals_before[seat]
                notes.append(Message("note_sits_out", player=ctx.name(seat), points=points))
        return tuple(notes)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        step = self.next_step(ctx, draft)
        kind = step.kind
        if kind is StepKind.COMPLETE:
            raise RulesError(Message("round_complete"))
        if entry.kind == "bid":
            return self.enter_bid(ctx, draft, entry, step)
        if entry.kind == "tricks":
            if kind is not StepKind.TRICKS:
                raise RulesError(Message("tricks_after_every_bid"))
            return enter_tricks(ctx, draft, entry)
        if entry.kind == "trump":
            # The record spec allows a round's "trump" field; Boerenbridge has none.
            if entry.value != "none":
                raise RulesError(Message("without_trump", game=self.title))
            return {**draft, "trump": "none"}
        raise RulesError(Message("not_entered_in", kind=repr(entry.kind), game=self.title))

    def enter_bid(self, ctx: RoundContext, draft: Draft, entry: Entry, next_step: Step) -> Draft:
        seat = check_bidder(ctx, entry.seat)
        step = self._bid_step(ctx, draft, seat, next_step)
        bid = check_bid_range(ctx, seat, entry.value)
        step.choice(bid)  # refuses the dealer's hooked bid with its reason
        bids = list(draft["bids"])
        bids[seat] = bid
        return {**draft, "bids": bids}

    def to_round(self, ctx: RoundContext, draft: Draft) -> BoerenbridgeRound:
        rnd: BoerenbridgeRound = {"bids": list(draft["bids"]), "tricks": list(draft["tricks"])}
        if draft.get("trump") is not None:
            rnd["trump"] = draft["trump"]
        return rnd

    # --- Reading a round from a record -------------------------------------------
    def entries(self, ctx: RoundContext, rnd: BoerenbridgeRound) -> list[Entry]:
        """Bids in seat order with the dealer's last (so the hook is checked), then tricks.

        A null bid is right exactly for the players on 80 or more.
        """
        check_shape(rnd, BoerenbridgeRound)
        bids = seat_list(ctx.setup, rnd["bids"], "bids")
        for seat, bid in enumerate(bids):
            if sits_out(ctx, seat) and bid is not None:
                raise RulesError(sit_out_reason(ctx, seat))
            if not sits_out(ctx, seat) and bid is None:
                threshold = sit_out_at(ctx.setup)
                raise RulesError(
                    Message("no_bid_everyone_bids", player=ctx.name(seat))
                    if threshold is None
                    else Message(
                        "no_bid_below_threshold", player=ctx.name(seat), threshold=threshold
                    )
                )
        entries = [Entry("trump", None, rnd["trump"])] if "trump" in rnd else []
        order = [s for s in range(ctx.n) if s != ctx.dealer] + [ctx.dealer]
        entries += [Entry("bid", seat, bids[seat]) for seat in order if bids[seat] is not None]
        return entries + tricks_entries(ctx, rnd["tricks"])

    def score_round(self, ctx: RoundContext, rnd: BoerenbridgeRound) -> tuple[int, ...]:
        return tuple(
            self.player_score(
                ctx, None if b is None else as_int(b, Term("a bid")), as_int(t, "tricks")
            )
            for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )

    def bidder_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        return self.player_score(ctx, bid, tricks)

    def player_score(self, ctx: RoundContext, bid: int | None, tricks: int) -> int:
        """A non-bidder scores the tricks, whatever the scoring (RULINGS, "House rules")."""
        if bid is None:
            return tricks
        custom = custom_score(ctx, bid, tricks)
        return round_score(bid, tricks) if custom is None else custom

    def view(self, ctx: RoundContext, rnd: BoerenbridgeRound) -> RoundView:
        # A player who sits out has no bid on the sheet: a dash, as on paper.
        bids = tuple("-" if b is None else str(b) for b in rnd["bids"])
        made = tuple(
            None if b is None else b == t for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )
        counts = tuple(
            None if b is None else (b, t) for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)
        )
        return RoundView(bids, tuple(str(t) for t in rnd["tricks"]), made=made, counts=counts)
