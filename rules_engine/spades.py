"""Spades: two partnerships, team contracts, nil and blind nil, bags and their penalty.

RULINGS.md, "Spades": 4 players, partners sitting opposite (seats 0 and 2 against 1
and 3); all 52 cards dealt every round (H = 13), spades always trumps. Bids 0..13 in
bid order, 0 being nil; with ``blind_nil`` a nil may be blind. A team's contract is
its partners' bids added up; it makes 10 a trick bid and 1 a bag (a counted trick
over), or loses 10 a trick bid when set; a nil scores +100 or -100 (blind: 200). A
team whose bags reach ``bag_limit`` loses 100 and that many bags. The game ends after
the first round in which a team reaches ``target`` or falls to ``lose_at``; the
higher team total wins, for both partners.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, cast

from .bidding import BiddingInTurn, BiddingRound, check_bidder
from .checks import check_shape, seat_list
from .core import Draft, Round, RoundContext, RoundView, Setup
from .errors import RulesError
from .house_rules import BIDDING, setting
from .messages import Message, Plural, add, names_and
from .options import AS_RULED, Option, Preset
from .steps import Choice, Entry, Step
from .teams import MESSAGES as TEAM_MESSAGES
from .teams import Partnerships, across
from .tricks import tricks_entries

MESSAGES = add(
    {
        "spades_nil": "Nil",
        "spades_blind_nil": "Blind nil",
        "spades_bid_nil": "nil",
        "spades_bid_blind_nil": "blind nil",
        "spades_no_trump": "spades are always trumps in Spades: no trump is recorded",
        "spades_blind_off": (
            "blind nil is not played at this table (option blind_nil), so {player} may not bid it"
        ),
        "spades_blind_list": "{field} lists the seats that bid blind nil, each once, low to high",
        "spades_blind_not_nil": "{player} bid {bid}: only a nil may be blind",
        "spades_contract": "{team}: {contract}",
        "spades_contract_nil": "{team}: {contract} ({players} nil)",
        "spades_made": Plural(
            "{points}: {contract} bid, {taken} taken, {bags} bag",
            "{points}: {contract} bid, {taken} taken, {bags} bags",
            "bags",
        ),
        "spades_set": "{points}: {contract} bid, {taken} taken, set",
        "spades_nil_made": "{player}'s nil: +{points}",
        "spades_nil_lost": "{player}'s nil: -{points}",
        "spades_blind_made": "{player}'s blind nil: +{points}",
        "spades_blind_lost": "{player}'s blind nil: -{points}",
        "spades_penalty": Plural("{bags} bag: -{penalty}", "{bags} bags: -{penalty}", "bags"),
        "spades_then": "{first}; {then}",
        "spades_in_all": "{parts} = {points}",
        "goal_spades_lose": "to {target}, or down to {lose_at}",
    }
)
"""The game's own words for the players (``GameRules.messages``)."""


HAND_SIZE = 13  # all 52 cards, dealt to 4
PLAYERS = 4
PER_TRICK_BID = 10
PER_BAG = 1
NIL = 100
BLIND_NIL = 200
BAG_PENALTY = 100
# The blind nil's button on the bid pad, and its entry's value at the table.
BLIND = "blind"


class SpadesRound(BiddingRound, total=False):
    """A round of a ``spades`` record (game-record.md): each seat's bid (0 is nil) and
    tricks, and the seats whose nil was blind, ascending (the optional key: a
    ``total=False`` class's, as ``checks.check_shape`` reads it). The trump a round of
    bidding in turn may note is refused before the shape is checked: spades are trumps."""

    blind: list[int]


TARGET = Option(
    "target",
    "Target",
    "The team total that ends the game.",
    "int",
    500,
    minimum=100,
    maximum=1000,
    house_rule=True,
)
LOSE_AT = Option(
    "lose_at",
    "Lose at",
    "A team total this low or lower ends the game (empty: never).",
    "int",
    -200,
    minimum=-1000,
    maximum=-100,
    nullable=True,
    house_rule=True,
)
BAG_LIMIT = Option(
    "bag_limit",
    "Bag limit",
    "Each time a team's bags reach this many, 100 comes off its total (empty: no penalty).",
    "int",
    10,
    minimum=5,
    maximum=20,
    nullable=True,
    house_rule=True,
)
BLIND_NIL_OPTION = Option(
    "blind_nil",
    "Blind nil",
    "A player may bid nil before looking at their cards, for 200.",
    "bool",
    True,
    house_rule=True,
)

_PAGAT = "https://www.pagat.com/auctionwhist/spades.html (scoring, bags, game end)"
PRESETS: tuple[Preset, ...] = (
    Preset(
        AS_RULED, "Standard, to 500", "To 500, down to -200 loses; 10 bags cost 100.", {}, _PAGAT
    ),
    Preset(
        "short",
        "Short, to 300",
        "The same rules, to 300.",
        {"target": 300},
        _PAGAT + ": 'a shorter game ... to 300 points'",
    ),
    Preset(
        "no-bag-penalty",
        "No bag penalty",
        "Overtricks score 1 each and never cost 100.",
        {"bag_limit": None},
        _PAGAT + ": 'some play without any penalty for bags'",
    ),
)


def target(setup: Setup) -> int:
    value = setting(setup, TARGET)
    return value if isinstance(value, int) and not isinstance(value, bool) else 500


def lose_at(setup: Setup) -> int | None:
    value = setting(setup, LOSE_AT)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def bag_limit(setup: Setup) -> int | None:
    value = setting(setup, BAG_LIMIT)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def blind_nil(setup: Setup) -> bool:
    return setting(setup, BLIND_NIL_OPTION) is not False


PARTNERS = across(PLAYERS)


@dataclass(frozen=True)
class Nil:
    """One nil of a team: who bid it, blind or not, and whether they took no trick."""

    seat: int
    blind: bool
    made: bool

    @property
    def points(self) -> int:
        worth = BLIND_NIL if self.blind else NIL
        return worth if self.made else -worth


@dataclass(frozen=True)
class TeamRound:
    """What one team scored in a round, and why (RULINGS, "Spades")."""

    contract: int  # its partners' bids added up (a nil counts 0)
    taken: int  # the tricks that count toward it: those of partners who did not bid nil
    nils: tuple[Nil, ...]
    bags_before: int
    limit: int | None

    @property
    def made(self) -> bool:
        return self.taken >= self.contract

    @property
    def contract_points(self) -> int:
        """10 a trick bid, made; 10 off a trick bid, set; nothing for a contract of 0."""
        if self.contract == 0:
            return 0
        return PER_TRICK_BID * self.contract if self.made else -PER_TRICK_BID * self.contract

    @property
    def bags(self) -> int:
        """The counted tricks over a contract made (1 or more)."""
        return self.taken - self.contract if self.contract and self.made else 0

    @property
    def penalties(self) -> int:
        """How many times the team's bags reach the limit this round."""
        if self.limit is None:
            return 0
        return (self.bags_before + self.bags) // self.limit

    @property
    def bags_after(self) -> int:
        """The team's bags after the round, the limit taken off each time it was reached."""
        bags = self.bags_before + self.bags
        return bags if self.limit is None else bags - self.penalties * self.limit

    @property
    def points(self) -> int:
        nils = sum(nil.points for nil in self.nils)
        return self.contract_points + PER_BAG * self.bags + nils - BAG_PENALTY * self.penalties


def team_rounds(
    bids: Sequence[int],
    tricks: Sequence[int],
    blind: Sequence[int],
    bags_before: Sequence[int],
    limit: int | None,
    partners: Partnerships = PARTNERS,
) -> tuple[TeamRound, ...]:
    """Each team's round. (Ann 3, Bob nil, Cat 2, Dev 4; tricks 4, 0, 2, 7: Ann & Cat
    51, 5 bid and 6 taken with 1 bag; Bob & Dev 143: 40, 3 bags and Bob's nil 100.)"""
    rounds = []
    for index, team in enumerate(partners.teams):
        bidders = [seat for seat in team if bids[seat] > 0]
        rounds.append(
            TeamRound(
                contract=sum(bids[seat] for seat in bidders),
                taken=sum(tricks[seat] for seat in bidders),
                nils=tuple(
                    Nil(seat, seat in blind, tricks[seat] == 0) for seat in team if bids[seat] == 0
                ),
                bags_before=bags_before[index] if index < len(bags_before) else 0,
                limit=limit,
            )
        )
    return tuple(rounds)


def explained(team: TeamRound, players: Sequence[str]) -> str:
    """A team's round in a line: "51: 5 bid, 6 taken, 1 bag"; "Bob's nil: +100"; "10 bags: -100"."""
    parts: list[str] = []
    if team.contract:
        points = team.contract_points + PER_BAG * team.bags
        params: dict[str, Any] = {"points": points, "contract": team.contract, "taken": team.taken}
        if team.made:
            parts.append(Message("spades_made", bags=team.bags, **params))
        else:
            parts.append(Message("spades_set", **params))
    for nil in team.nils:
        code = ("spades_blind" if nil.blind else "spades_nil") + ("_made" if nil.made else "_lost")
        parts.append(Message(code, player=players[nil.seat], points=abs(nil.points)))
    if team.penalties:
        reached = team.bags_before + team.bags
        parts.append(Message("spades_penalty", bags=reached, penalty=BAG_PENALTY * team.penalties))
    if not parts:
        return ""
    line = parts[0]
    for part in parts[1:]:
        line = Message("spades_then", first=line, then=part)
    if len(parts) > 1:
        line = Message("spades_in_all", parts=line, points=team.points)
    return line


def spades_round(rnd: Round) -> SpadesRound:
    """A round ``check_round`` accepted, read as the record's shape declares it."""
    return cast(SpadesRound, rnd)


class Spades(BiddingInTurn[SpadesRound]):
    # Its own words, and those of every game played by partners ("Ann & Cat").
    messages = {**MESSAGES, **TEAM_MESSAGES}
    words = ("Nil", "Blind nil")
    key = "spades"
    title = "Spades"
    summary = (
        "Two partnerships bid a contract together; 10 a trick bid, 1 a bag, nil for "
        "100 (blind 200); ten bags cost 100."
    )
    min_players = PLAYERS
    max_players = PLAYERS
    hooked = False
    has_house_rules = True
    published_presets = PRESETS
    made_label: ClassVar[str] = "Contracts made"
    counts_over_under: ClassVar[bool] = False
    carried_as: ClassVar[str] = "bags"
    round_shape = SpadesRound
    options: ClassVar[tuple[Option, ...]] = (
        TARGET,
        LOSE_AT,
        BAG_LIMIT,
        BLIND_NIL_OPTION,
        BIDDING,
    )

    # --- The shape of the game -------------------------------------------------
    def partnerships(self, setup: Setup) -> Partnerships:
        return PARTNERS

    def hand_size(self, setup: Setup, index: int) -> int:
        return HAND_SIZE

    def round_count(self, setup: Setup) -> int | None:
        return None

    def goal(self, setup: Setup) -> str:
        low = lose_at(setup)
        if low is None:
            return Message("goal_to", target=target(setup))
        return Message("goal_spades_lose", target=target(setup), lose_at=low)

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        """After the first round in which a team reaches the target, or falls to lose_at."""
        if not rounds_played:
            return False
        low = lose_at(setup)
        return any(t >= target(setup) or (low is not None and t <= low) for t in totals)

    # --- Entering a round ------------------------------------------------------
    def start(self, ctx: RoundContext) -> Draft:
        return {"bids": [None] * ctx.n, "tricks": [None] * ctx.n, "blind": []}

    def bid_pad(self, ctx: RoundContext) -> tuple[Choice, ...]:
        """Blind nil first (asked before the bidder looks), where played; then Nil and 1..13."""
        choices = [Choice(str(b), str(b)) for b in range(1, HAND_SIZE + 1)]
        choices.insert(0, Choice("0", Message("spades_nil")))
        if blind_nil(ctx.setup):
            choices.insert(0, Choice(BLIND, Message("spades_blind_nil")))
        return tuple(choices)

    def bidding_step(self, ctx: RoundContext, draft: Draft) -> Step | None:
        step = super().bidding_step(ctx, draft)
        return None if step is None else replace(step, choices=self.bid_pad(ctx))

    def enter_bid(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """A bid, nil, or a blind nil (a nil with its seat listed in ``blind``)."""
        seat = check_bidder(ctx, entry.seat)
        is_blind = isinstance(entry.value, str) and entry.value.strip().lower() == BLIND
        if is_blind and not blind_nil(ctx.setup):
            raise RulesError(Message("spades_blind_off", player=ctx.name(seat)))
        entered = super().enter_bid(
            ctx, draft, replace(entry, value=0 if is_blind else entry.value)
        )
        # A sealed bid changed is no longer blind, unless it is blind again.
        blind = [s for s in draft.get("blind", []) if s != seat]
        if is_blind:
            blind.append(seat)
        return {**entered, "blind": sorted(blind)}

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Nothing to record besides the bids and tricks: spades are always trumps."""
        return ()

    def enter_extra(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        if entry.kind == "trump":
            raise RulesError(Message("spades_no_trump"))
        return super().enter_extra(ctx, draft, entry)

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """Each team's contract as its bids come in: "Ann & Cat: 5" (sealed: once shown)."""
        bids = draft["bids"]
        if all(b is None for b in bids) or self.bids_sealed(ctx, draft):
            return ()
        return tuple(
            note
            for team in range(len(PARTNERS.teams))
            if (note := contract_note(ctx, PARTNERS, team, bids, draft.get("blind", [])))
        )

    def notes_for(self, ctx: RoundContext, draft: Draft, player: int) -> tuple[str, ...]:
        """Sealed, a player's own phone shows their team's contract so far (their own bid
        and their partner's), never the other team's until the last bid is in."""
        if not self.bids_sealed(ctx, draft):
            return self.notes(ctx, draft)
        team = PARTNERS.team_of(player)
        note = contract_note(ctx, PARTNERS, team, draft["bids"], draft.get("blind", []))
        return (note,) if note else ()

    def draft_view(self, ctx: RoundContext, draft: Draft) -> RoundView:
        """A nil said as one, as the bids come in (sealed: a tick until the last is in)."""
        view = super().draft_view(ctx, draft)
        if self.bids_sealed(ctx, draft):
            return view
        said = tuple(
            bid_words(seat, draft["bids"], draft.get("blind", [])) if shown else shown
            for seat, shown in enumerate(view.bids)
        )
        return replace(view, bids=said)

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        """A nil as Undo names it: "Ann's bid of blind nil", "Bob's bid of nil"."""
        if entry.kind != "bid" or sealed or entry.seat is None or entry.value not in (BLIND, 0):
            return None
        said = "spades_bid_blind_nil" if entry.value == BLIND else "spades_bid_nil"
        return Message("entry_bid", player=players[entry.seat], bid=Message(said))

    def to_round(self, ctx: RoundContext, draft: Draft) -> SpadesRound:
        rnd = SpadesRound(bids=list(draft["bids"]), tricks=list(draft["tricks"]))
        if draft.get("blind"):
            rnd["blind"] = sorted(draft["blind"])
        return rnd

    def corrected_round(self, rnd: dict[str, Any]) -> dict[str, Any]:
        """A bid corrected from a blind nil to a number is no longer blind."""
        blind, bids = rnd.get("blind"), rnd.get("bids")
        if not isinstance(blind, list) or not isinstance(bids, list):
            return rnd
        kept = [s for s in blind if not (isinstance(s, int) and 0 <= s < len(bids) and bids[s])]
        fixed = {key: value for key, value in rnd.items() if key != "blind"}
        return {**fixed, "blind": kept} if kept else fixed

    # --- Reading a round from a record -------------------------------------------
    def entries(self, ctx: RoundContext, rnd: SpadesRound) -> list[Entry]:
        """Bids in bid order (a blind nil as its own tap), then the tricks."""
        if isinstance(rnd, Mapping) and "trump" in rnd:
            raise RulesError(Message("spades_no_trump"))
        check_shape(rnd, SpadesRound)
        bids = seat_list(ctx.setup, rnd["bids"], "bids")
        blind = read_blind(ctx, rnd.get("blind", []), bids)
        entries = [
            Entry("bid", seat, BLIND if seat in blind else bids[seat]) for seat in ctx.bid_order
        ]
        return entries + tricks_entries(ctx, rnd["tricks"])

    def team_rounds(self, ctx: RoundContext, rnd: SpadesRound) -> tuple[TeamRound, ...]:
        played = spades_round(rnd)
        return team_rounds(
            played["bids"],
            played["tricks"],
            played.get("blind", []),
            ctx.carried,
            bag_limit(ctx.setup),
        )

    def score_round(self, ctx: RoundContext, rnd: SpadesRound) -> tuple[int, ...]:
        """Each partner carries the team's score, its bag penalty included."""
        teams = self.team_rounds(ctx, rnd)
        return tuple(teams[PARTNERS.team_of(seat)].points for seat in range(ctx.n))

    def carried(self, ctx: RoundContext, rnd: SpadesRound) -> tuple[int, ...]:
        """Each team's bags after the round, after any penalty."""
        return tuple(team.bags_after for team in self.team_rounds(ctx, rnd))

    def round_score(self, ctx: RoundContext, bid: int, tricks: int) -> int:
        """A contract of ``bid`` alone, without bags before (the house rules' preview:
        a round's scores are its teams', ``score_round``)."""
        if bid == 0:
            return NIL if tricks == 0 else -NIL
        return PER_TRICK_BID * bid + (tricks - bid) if tricks >= bid else -PER_TRICK_BID * bid

    def view(self, ctx: RoundContext, rnd: SpadesRound) -> RoundView:
        played = spades_round(rnd)
        bids, tricks, blind = played["bids"], played["tricks"], played.get("blind", [])
        teams = self.team_rounds(ctx, rnd)
        players = ctx.setup.players

        def made(seat: int) -> bool:
            if bids[seat] == 0:
                return tricks[seat] == 0
            return teams[PARTNERS.team_of(seat)].made

        lines = tuple(explained(team, players) for team in teams)
        return RoundView(
            tuple(bid_words(seat, bids, blind) for seat in range(ctx.n)),
            tuple(str(t) for t in tricks),
            made=tuple(made(seat) for seat in range(ctx.n)),
            breakdown=tuple(lines[PARTNERS.team_of(seat)] for seat in range(ctx.n)),
        )


def bid_words(seat: int, bids: Sequence[int | None], blind: Sequence[int]) -> str:
    """A bid as the sheet writes it: its number, "nil" or "blind nil"."""
    if bids[seat]:
        return str(bids[seat])
    return Message("spades_bid_blind_nil" if seat in blind else "spades_bid_nil")


def contract_note(
    ctx: RoundContext,
    partners: Partnerships,
    team: int,
    bids: Sequence[int | None],
    blind: Sequence[int],
) -> str:
    """A team's contract so far, once one of its partners has bid: "Ann & Cat: 5",
    "Bob & Dev: 4 (Bob nil)"."""
    seats = partners.teams[team]
    given = [seat for seat in seats if bids[seat] is not None]
    if not given:
        return ""
    name = partners.name(team, ctx.setup.players)
    contract = sum(bids[seat] or 0 for seat in given)
    nils = [ctx.name(seat) for seat in given if bids[seat] == 0]
    if nils:
        return Message("spades_contract_nil", team=name, contract=contract, players=names_and(nils))
    return Message("spades_contract", team=name, contract=contract)


def read_blind(ctx: RoundContext, value: object, bids: Sequence[object]) -> tuple[int, ...]:
    """The round's ``blind``: seats ascending, each once, each of a nil bid, and only
    where the table plays blind nil."""
    if (
        not isinstance(value, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < ctx.n for s in value)
        or value != sorted(set(value))
    ):
        raise RulesError(Message("spades_blind_list", field="blind"))
    for seat in value:
        if not blind_nil(ctx.setup):
            raise RulesError(Message("spades_blind_off", player=ctx.name(seat)))
        if bids[seat] != 0:
            raise RulesError(
                Message("spades_blind_not_nil", player=ctx.name(seat), bid=str(bids[seat]))
            )
    return tuple(value)
