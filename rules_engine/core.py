"""What every game shares: the setup, a round's context, the rules' shape (a step and
its shapes, and the entry it makes, are in ``steps``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from .errors import RulesError
from .messages import Lowered, Message, Template
from .options import Option, OptionValue, Preset
from .steps import Answer, Choice, Die, Entry, Grid, Shape, Step, StepKind
from .teams import Partnerships

SUITS = ("spades", "hearts", "diamonds", "clubs")
TRUMPS = (*SUITS, "none")

MAX_NAME = 40
"""A player's name has at most this many characters: it must fit a score sheet's column."""

USUAL_PLAYERS = 4
"""How many players a new game starts with, where the game allows four."""

Round = Mapping[str, Any]
"""A round as the record holds it (see the scorepad/1 spec): plain JSON data. A game
declares its own shape of it, a ``TypedDict`` (``bidding.BiddingRound``), and its class
is generic over that shape (``GameRules[BiddingRound]``); the shared code, which reads
every game's rounds, reads them as this."""

if TYPE_CHECKING:
    # A default for the round's type (PEP 696), which Python 3.12's own typing has not
    # at run time: mypy reads it from typing_extensions, so that ``GameRules`` alone
    # is any game's rules, whatever its round's shape (the registry's, the shared
    # code's). Nothing imports it at run time: the engine stays standard library only.
    from typing_extensions import TypeVar

    RoundT = TypeVar("RoundT", bound=Round, default=Any)
else:
    from typing import TypeVar

    RoundT = TypeVar("RoundT", bound=Round)

Draft = dict[str, Any]
"""A round being entered: the game's own working state, plain JSON-like data."""


@dataclass(frozen=True)
class Setup:
    """Who plays what: everything about a game that is fixed before the first deal."""

    game: str
    options: Mapping[str, OptionValue]
    players: tuple[str, ...]
    first_dealer: int

    @property
    def n(self) -> int:
        return len(self.players)

    def dealer(self, index: int) -> int:
        """The dealer of round ``index`` (0-based): the deal passes clockwise."""
        return (self.first_dealer + index) % self.n

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.n


@dataclass(frozen=True)
class RoundContext:
    """One round as the rules see it before anything is said in it."""

    setup: Setup
    index: int
    hand_size: int
    totals_before: tuple[int, ...]
    # The dealer among the setup's players, where the deal did not simply pass round
    # them from the first dealer (players came and went: rules_engine/seating.py).
    dealt_by: int | None = None
    # The record's seat of each of the setup's players, where the round seats only some
    # of the record's players (its setup then holds those alone); empty: the same seats.
    seats: tuple[int, ...] = ()
    # What the rounds before carried over besides the totals (``GameRules.carried``:
    # Spades' bags, a team's); empty before the first round, and in most games.
    carried: tuple[int, ...] = ()

    @property
    def number(self) -> int:
        """The round's number as players count: 1-based."""
        return self.index + 1

    @property
    def n(self) -> int:
        return self.setup.n

    # Worked out once a round: the rules ask for them at every step of every replay.
    @cached_property
    def dealer(self) -> int:
        return self.setup.dealer(self.index) if self.dealt_by is None else self.dealt_by

    @cached_property
    def bid_order(self) -> tuple[int, ...]:
        """From the dealer's left round to the dealer, who bids last."""
        return tuple((self.dealer + 1 + k) % self.n for k in range(self.n))

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def seat(self, player: int) -> int:
        """The record's seat of the round's ``player`` (they differ where some sit out)."""
        return self.seats[player] if self.seats else player

    def player(self, seat: int) -> int | None:
        """The round's player at the record's ``seat``; None where that seat is not seated."""
        if not self.seats:
            return seat if 0 <= seat < self.n else None
        return self.seats.index(seat) if seat in self.seats else None

    def option(self, name: str) -> OptionValue:
        return self.setup.options[name]


@dataclass(frozen=True)
class Part:
    """One value of a cell of the sheet: a player's, one die's, one call's, one trick's."""

    key: str  # the seat ("0"), the die ("number"), the call or the trick (its index)
    label: str  # "Ann", "Number of cards", "trick 7"
    value: str  # as entered, as text ("" where there is none); ticked boxes: space-separated
    choices: tuple[Choice, ...]
    # A whole number from 0 to this, typed rather than chosen (Skull King's bonus, up
    # to 500), where ``choices`` would be too many to list; None where it is chosen.
    most: int | None = None
    # The least such a number may be (Skull King's bonus: -500).
    least: int = 0
    # Several of the choices at once (the tricks a player named); ``value`` lists them.
    many: bool = False

    @property
    def ticked(self) -> tuple[str, ...]:
        """The choices ticked, for a part of ``many``."""
        return tuple(self.value.split())


@dataclass(frozen=True)
class Cell:
    """A row of the sheet's round that may be corrected: every player's bids, the dice.

    ``shape`` says how its parts make the round's field: ``list`` (each part's key is
    its index in the field's list; a part not offered keeps its value), ``value`` (one
    part: the field itself, "" for none), ``flags`` (one part of ``many`` over the
    indexes of a list of true or false: the piles laid open). A correction's lines
    name a part's change with ``what`` ("Ann's call", "the trump").
    """

    number: int  # the round, 1-based
    field: str  # "bids", "tricks", "trump", "dice"
    label: str  # "Bids in round 3"
    parts: tuple[Part, ...]
    heading: str = ""  # what the correction page heads the row with ("Bid suits")
    what: str = ""  # a part's value as the change says it ("call", "bid suit")
    shape: str = "list"
    # Whether a value in digits is a number in the record (a bid), or text (Sinker's "3").
    numbers: bool = True


def highest(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats on the highest total: the winners, ties shared."""
    top = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == top)


@dataclass(frozen=True)
class RoundView:
    """How a round reads on the score sheet: per player, what was bid and taken."""

    bids: tuple[str, ...]
    tricks: tuple[str, ...]
    notes: tuple[str, ...] = field(default=())
    # Per player: whether they made their bid (or contract, or named tricks),
    # None where they had nothing to make (sitting out, not the bidder, thrown in).
    made: tuple[bool | None, ...] = field(default=())
    # Per player, where the game says it: how the round's score adds up
    # ("20 success + 7 tricks = 27"); empty where it does not.
    breakdown: tuple[str, ...] = field(default=())
    # Per player, (tricks bid, tricks taken) where the player bid a number of tricks,
    # None otherwise (sitting out, a call, thrown in): what statistics count over and
    # under by, as numbers rather than read back from the words above.
    counts: tuple[tuple[int, int] | None, ...] = field(default=())
    # The seat the bids row marks as declarer ("3*", Abracadabra), if any.
    declarer: int | None = None


@dataclass(frozen=True)
class PaperRow:
    """A round as a paper score sheet writes it, besides its number, dealer and points.

    ``boxes``: one cell a ``GameRules.round_boxes`` column; ``seats``: for each
    player, one cell a ``GameRules.seat_boxes`` column.
    """

    boxes: tuple[str, ...]
    seats: tuple[tuple[str, ...], ...]


class GameRules(ABC, Generic[RoundT]):  # noqa: UP046 (3.12's [T] syntax takes no default)
    """One game's rules.

    What a game must give: its ``key``, ``title``, ``summary``, ``min_players`` and
    ``max_players``, and the abstract methods, in three groups below: the shape of
    the game (``hand_size``, ``round_count``), entering a round (``start``,
    ``next_step``, ``enter``, ``to_round``) and reading one from a record
    (``entries``, ``score_round``, ``view``). Everything else it may give, and has
    a default for the games that do not: grouped as the players see it (its options
    and words; its paper sheet; its players and pack; what a correction offers; the
    table's screens; sealed bids). A game of a family (``BiddingInTurn``,
    ``ScheduledHands``) gives most of the methods through its family.
    """

    # --- What a game must give ------------------------------------------------------
    key: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    # --- What it may give: its options and its words ----------------------------------
    options: ClassVar[tuple[Option, ...]] = ()
    # Whether the game takes the house rules (RULINGS, "House rules") and offers presets.
    has_house_rules: ClassVar[bool] = False
    # The presets as published, whatever the table (see ``presets``).
    published_presets: ClassVar[tuple[Preset, ...]] = ()
    # What a game carries from round to round besides the totals (``carried``), as the
    # score's output names it ("bags"); "" where it carries nothing.
    carried_as: ClassVar[str] = ""
    # The game's own messages, code to English, added to the catalogue (``messages.add``).
    messages: ClassVar[Mapping[str, Template]] = {}
    # The game's own words given from its data, as terms or labels (its calls, its dice's
    # faces, its bonuses, its cells' headings), for the translations: with its summary,
    # options and presets they are its words to translate (``game_words``).
    words: ClassVar[tuple[str, ...]] = ()

    # --- What it may give: its paper sheet --------------------------------------------
    # What a paper score sheet has a box for once a round, besides the players'
    # columns (Brink Bid's three dice).
    round_boxes: ClassVar[tuple[str, ...]] = ()
    # A heading over the round boxes on paper ("Dice"), or none.
    round_boxes_heading: ClassVar[str] = ""
    # What a paper score sheet has a box for a player a round, before the points
    # and the running total.
    seat_boxes: ClassVar[tuple[str, ...]] = ("Bid", "Took")
    # What the marks in those boxes mean, printed under the sheet (or nothing).
    paper_key: ClassVar[str] = ""

    # --- What it may give: its players, its pack and its course -----------------------
    # The cards the hands are dealt from: a pack of 52, Wizard's 60 and Skull King's 70.
    pack: ClassVar[int] = 52
    # The ranks in the pack used to draw for the first dealer, low to high.
    draw_ranks: ClassVar[tuple[str, ...]] = (
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    )  # fmt: skip
    # Whether players may come and go between rounds, and the plan change (RULINGS,
    # "Players come and go"): not Sinker (exactly 2) nor Abracadabra.
    seats_apart: ClassVar[bool] = False
    # Whether a list of hands is played over and over (Boerenbridge plays to a score).
    repeats_hands: ClassVar[bool] = False

    # --- What it may give: its statistics ---------------------------------------------
    # What a player's statistics call the rounds they made of those they had to make.
    made_label: ClassVar[str] = "Bids made exactly"
    # Whether a miss is told apart as taking too many or too few tricks (a bid of a
    # number); not where the call is a kind of contract (Sinker's "zero", "all").
    counts_over_under: ClassVar[bool] = True

    # --- What it may give: its record's rounds, as a correction offers them -----------
    # The fields of a record's round that hold one value a player, in seat order.
    seat_lists: ClassVar[tuple[str, ...]] = ("bids", "tricks")
    # What is rolled once a round, by the record's field: each die and its faces as
    # the record writes them (Brink Bid's dice). A correction of the sheet offers these.
    round_faces: ClassVar[Mapping[str, Mapping[str, tuple[object, ...]]]] = {}
    # Whole numbers a round may hold besides the bids and tricks, 0 (their default, left
    # out of a round) up to a most (None: the hand size); a correction of the sheet
    # offers them even where a round left them out. A player's, one a seat (Skull
    # King's bonus), or the round's (its lost tricks).
    seat_numbers: ClassVar[Mapping[str, int | None]] = {}
    round_numbers: ClassVar[Mapping[str, int | None]] = {}
    # A player's number that may be less than 0, from this least (Skull King's bonus).
    seat_least: ClassVar[Mapping[str, int]] = {}

    # --- What it may give: its table --------------------------------------------------
    # The kinds of step the game asks besides ``StepKind``'s, its own (``AbracadabraStep``).
    kinds: ClassVar[tuple[str, ...]] = ()
    # The shapes its steps take at the table (the table loads what draws them).
    shapes: ClassVar[frozenset[Shape]] = frozenset({Shape.PAD})

    # --- Its players and presets (may) ------------------------------------------------
    @property
    def player_counts(self) -> str:
        """How many play, as players say it: "3 to 7", or "2" for a game of two."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return Message("players_from_to", least=self.min_players, most=self.max_players)

    def player_range(self, options: Mapping[str, object]) -> tuple[int, int]:
        """The fewest and the most players these options (as given) allow.

        Most games take the same counts whatever their options; Boerenbridge opens
        up from 4 to 3..7 with the house rule ``hands``.
        """
        return self.min_players, self.max_players

    @property
    def usual_players(self) -> int:
        """How many players a new game's form starts with: four, where the game allows."""
        return max(self.min_players, min(USUAL_PLAYERS, self.max_players))

    def most_cards(self, players: int) -> int:
        """The largest hand the pack deals ``players``."""
        return self.pack // players

    def presets(self, players: int | None = None) -> tuple[Preset, ...]:
        """The named sets of house rules offered, their hands dealt for ``players``
        (not given: as published, or for the game's players as ruled)."""
        return self.published_presets

    # --- The shape of the game (must: hand_size, round_count) -------------------------
    def check_setup(self, setup: Setup) -> None:
        """Refuse options that only make sense together (most games have none)."""
        return None

    @abstractmethod
    def hand_size(self, setup: Setup, index: int) -> int:
        raise NotImplementedError

    @abstractmethod
    def round_count(self, setup: Setup) -> int | None:
        """How many rounds the game has, or None where it plays to a score."""
        raise NotImplementedError

    def repeats(self, options: Mapping[str, object]) -> bool:
        """Whether these options deal the list of hands over and over, playing to a
        score (``repeats_hands``; Boerenbridge's ``end: hands`` deals it once)."""
        return self.repeats_hands

    def cycle(self, setup: Setup) -> int:
        """How many rounds a game that deals its list of hands over and over takes to
        deal it once (``repeats_hands``)."""
        return 1

    def goal(self, setup: Setup) -> str:
        """What the game plays to, where it has no fixed number of rounds."""
        return ""

    def new_total(self, total: int, score: int, setup: Setup | None = None) -> int:
        """A running total after a round's score (Boerenbridge's bounce reads the setup)."""
        return total + score

    def total_note(self, total: int, score: int, setup: Setup | None = None) -> str | None:
        """How ``score`` makes the new total, where it is more than a sum (a bounce)."""
        return None

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        return rounds_played == self.round_count(setup)

    def winners(self, setup: Setup, totals: tuple[int, ...]) -> tuple[int, ...]:
        return highest(totals)

    def partnerships(self, setup: Setup) -> Partnerships | None:
        """The teams of a game played by partners (rules_engine/teams.py), or None
        where every player plays for themselves. Partners carry the team's scores."""
        return None

    def carried(self, ctx: RoundContext, rnd: RoundT) -> tuple[int, ...]:
        """What a round checked by ``check_round`` carries over to the next besides
        the totals, from what the rounds before carried (``ctx.carried``): Spades'
        bags, a team's. Most games carry nothing."""
        return ()

    # --- Entering a round (must: start, next_step, enter, to_round) -------------------
    @abstractmethod
    def start(self, ctx: RoundContext) -> Draft:
        raise NotImplementedError

    def begin(self, ctx: RoundContext, earlier: Sequence[RoundT]) -> Draft:
        """A round's draft at the table, where the rounds before it (``earlier``, in
        order; none for the first, or where the seats changed) may offer a shortcut
        (Abracadabra's same bid suits)."""
        return self.start(ctx)

    @abstractmethod
    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        raise NotImplementedError

    @abstractmethod
    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        """The draft after ``entry``, or a RulesError saying why it is refused."""
        raise NotImplementedError

    @abstractmethod
    def to_round(self, ctx: RoundContext, draft: Draft) -> RoundT:
        """The record's round for a complete draft."""
        raise NotImplementedError

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        """What the table keeps in view while the round is entered ("over by 2")."""
        return ()

    def notes_for(self, ctx: RoundContext, draft: Draft, player: int) -> tuple[str, ...]:
        """The notes ``player``'s own phone shows: the table's, but where a player may
        see more than the table (sealed, a partner's bid: Spades' team contract)."""
        return self.notes(ctx, draft)

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Steps the table may take now besides the next one (recording the trump)."""
        return ()

    # --- The table's screens (may) ----------------------------------------------------
    def draft_view(self, ctx: RoundContext, draft: Draft) -> RoundView:
        """What was bid and taken so far in the round being entered, per player.

        Sealed, who has bid shows (a tick), not what, until the last bid is in.
        """
        if self.bids_sealed(ctx, draft):
            bids = tuple("" if b is None else "✓" for b in draft["bids"])
            return RoundView(bids, tuple("" for _ in range(ctx.n)))

        def cells(key: str) -> tuple[str, ...]:
            values = draft.get(key)
            if not isinstance(values, list) or len(values) != ctx.n:
                return tuple("" for _ in range(ctx.n))
            return tuple("" if v is None else str(v) for v in values)

        return RoundView(cells("bids"), cells("tricks"))

    def together(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The next step and those after it that the table may answer on one screen,
        in the order they are entered (Abracadabra's named tricks, every player's);
        none where the next step is asked alone."""
        return ()

    def taps(self, ctx: RoundContext, draft: Draft, answer: Answer) -> tuple[Answer, ...]:
        """The taps ``answer`` stands for, in the order they are entered: itself, but
        for a grid of the game's that the table answers on one screen (``Answer.rows``),
        whose every row is a tap of its own. Each is then read and checked as if tapped
        alone (``entering.play_answer``)."""
        return (answer,)

    def grid(self, ctx: RoundContext, draft: Draft) -> Grid | None:
        """The grid the table answers the next steps on, sent whole (``taps`` reads it),
        or None where the next step is drawn alone."""
        return None

    def rolled(self, draft: Draft) -> tuple[tuple[Die, str], ...] | None:
        """What was rolled this round (``Shape.ROLL``), once it was: each die with the
        face it shows, as the record writes it."""
        return None

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        """An entry of the game's own kinds in a few words, as Undo and Redo name it
        ("Ann's bonus of 30"), or None for the kinds every game shares
        (``undo_redo.describe``)."""
        return None

    # --- Sealed bids, and a phone held by one player (may) ----------------------------
    def bidding_seats(self, ctx: RoundContext) -> tuple[int, ...]:
        """The players who bid this round, in bid order (Boerenbridge leaves some out)."""
        return ctx.bid_order

    def bid_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        """The bid ``seat`` may give now, or change (a sealed bid until the last is in),
        asked of that player alone: its prompt and choices, the refused ones with why.

        A RulesError says why ``seat`` may not bid now. A phone held by one player asks
        this rather than the table's next step, which may ask another player first.
        Games with bids say; the others take none.
        """
        raise RulesError(Message("not_entered_in", kind=repr("bid"), game=self.title))

    def alone(self, ctx: RoundContext, draft: Draft, step: Step, player: int) -> Step:
        """``step``, asked of several players at once (``Step.seats``), as a phone held
        by ``player`` alone asks it: that player's share of it. By default the same
        step, asked of that player; a game whose step answers for everyone at once
        (Skull King's "No bonuses") leaves that answer to the table."""
        return replace(step, seat=player, seats=(player,))

    def sealed(self, setup: Setup) -> bool:
        """Whether bids are given unseen and shown together (the house rule ``bidding``)."""
        option = next((o for o in self.options if o.name == "bidding"), None)
        return option is not None and setup.options.get("bidding", option.default) == "sealed"

    def bids_sealed(self, ctx: RoundContext, draft: Draft) -> bool:
        """Whether the bids given so far must stay unseen: sealed, and one still to come.

        RULINGS, "House rules", ``bidding``: sealed bids are shown together once the
        last is in, so until then no screen may say what a bid is, only that it is given.
        """
        bids = draft.get("bids")
        if not self.sealed(ctx.setup) or draft.get("rebid"):  # a dealer's bid again is open
            return False
        return isinstance(bids, list) and any(bids[s] is None for s in self.bidding_seats(ctx))

    def corrected_round(self, rnd: dict[str, Any]) -> dict[str, Any]:
        """A round whose cells were corrected, with what the correction made moot taken
        out (Spades: a blind nil whose bid is no longer 0 is no longer blind)."""
        return rnd

    # --- Reading a round from a record (must: entries, score_round, view) -------------
    @abstractmethod
    def entries(self, ctx: RoundContext, rnd: RoundT) -> list[Entry]:
        """The entries that, made at the table, give this round of a record."""
        raise NotImplementedError

    @abstractmethod
    def score_round(self, ctx: RoundContext, rnd: RoundT) -> tuple[int, ...]:
        """Each player's score for a round already checked by ``check_round``."""
        raise NotImplementedError

    @abstractmethod
    def view(self, ctx: RoundContext, rnd: RoundT) -> RoundView:
        raise NotImplementedError

    def check_round(self, ctx: RoundContext, rnd: RoundT) -> None:
        """Refuse a record's round that could not have been entered at the table.

        The round is replayed entry by entry through the same rules the table
        screens use, so a record and the table can never disagree on a rule.
        Sealed bids are checked as open ones: the record holds the bids as finally
        shown, which obey the hook exactly as under open bidding (RULINGS, "House
        rules", ``bidding``), so a hooked round is refused with the hook's reason.
        """
        if self.sealed(ctx.setup):
            opened = {**ctx.setup.options, "bidding": "open"}
            ctx = replace(ctx, setup=replace(ctx.setup, options=opened))
        draft = self.start(ctx)
        for entry in self.entries(ctx, rnd):
            step = self.next_step(ctx, draft)
            if step.kind is StepKind.COMPLETE:
                raise RulesError(Message("round_too_full"))
            draft = self.enter(ctx, draft, entry)
        step = self.next_step(ctx, draft)
        if step.kind is not StepKind.COMPLETE:
            raise RulesError(Message("round_not_finished", step=Lowered(step.prompt)))

    # --- Paper and corrections (may) --------------------------------------------------
    def paper_row(self, ctx: RoundContext, rnd: RoundT, view: RoundView) -> PaperRow:
        """The round's boxes on a paper sheet, for a round ``check_round`` accepted.

        By default the round boxes are left empty and a player's are the bid and
        the tricks of ``view``; a game whose sheet has other boxes says so here.
        """
        return plain_paper_row(self, view, ctx.n)

    def round_cells(self, ctx: RoundContext, rnd: RoundT) -> tuple[Cell, ...]:
        """The fields of a played round this game has a cell of its own for, a value
        at a time, as entered (Abracadabra's whole deal, Sinker's calls): corrected on
        the sheet with the other values kept. A round the cells of the bids, tricks,
        trump, dice and whole numbers cover (``cells.py``) needs none."""
        return ()


def game_words(rules: GameRules) -> tuple[str, ...]:
    """Every word of a game's own that the players read, from its data, once each (not
    its messages: ``messages``): its
    summary, sheet boxes and key, options, presets (for every count of players) and
    ``words``. The web layer marks them for translation (``manage.py engine_templates``)."""
    words = [
        rules.summary,
        rules.paper_key,
        rules.made_label,
        rules.round_boxes_heading,
        *rules.round_boxes,
        *rules.seat_boxes,
    ]
    for option in rules.options:
        words += [option.label, option.help, *(choice.label for choice in option.choices)]
    for players in (None, *range(rules.min_players, rules.max_players + 1)):
        for preset in rules.presets(players):
            # A preset worked out for a count of players says so in a message of its own.
            words += [text for text in (preset.name, preset.description) if type(text) is str]
    words += rules.words
    return tuple(dict.fromkeys(word for word in words if word))


def plain_paper_row(rules: GameRules, view: RoundView, players: int) -> PaperRow:
    """Empty round boxes, and a player's boxes filled from the bid and tricks shown
    (for the default sheet, and a round that needs correcting)."""
    boxes = tuple("" for _ in rules.round_boxes)
    width = len(rules.seat_boxes)
    seats = []
    for seat in range(players):
        shown = [view.bids[seat], view.tricks[seat]] if seat < len(view.bids) else []
        if width == 1:
            shown = shown[1:]  # the tricks: a one-box sheet (Sinker's) has no bid box
        seats.append(tuple((shown + [""] * width)[:width]))
    return PaperRow(boxes, tuple(seats))
