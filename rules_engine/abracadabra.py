"""Abracadabra: an auction, bid cards that name tricks by number, and bid suits.

RULINGS.md, "Abracadabra": 2, 3 or 4 players; T tricks a deal (13 for 4 players,
12 for 3 and for 2, who play with a dummy hand). One round of calls from the
dealer's left, each a pass or a bid higher than any before; the highest bidder
declares, naming exactly as many tricks as bid, and everyone else names fewer.

A deal is entered in the order the table sees it: the auction, each player's bid
suit, the tricks each names, what the declarer and the others expose, the winner
of each trick (one tap a trick), and the cards of their own bid suit each took.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from .abracadabra_deal import (
    ENTRY_KINDS,
    EVERYONE,
    FIELDS,
    MESSAGES,
    PASS,
    SAME,
    SUIT_LENGTH,
    TRICKS,
    AbracadabraRound,
    Auction,
    Call,
    Parts,
    auction,
    call_label,
    check_bool,
    check_call,
    check_tricks_list,
    deal_cell,
    deal_parts,
    deal_scores,
    lone_suit,
    name_grid,
    name_order,
    parts_text,
    success_count,
    suit_card_limit,
    trick_choices,
    trick_grid,
    trick_numbers,
)
from .abracadabra_deal import (
    AbracadabraStep as AbracadabraStep,  # the game's kinds of step, named from here too
)
from .checks import as_int, check_shape, check_trump, seat_list, trump_choices
from .core import (
    SUITS,
    TRUMPS,
    Cell,
    Draft,
    GameRules,
    PaperRow,
    Part,
    RoundContext,
    RoundView,
    Setup,
)
from .errors import RulesError
from .messages import Message, Term, each_and, written
from .options import MOST_DEALS, Option, OptionChoice
from .steps import (
    SUIT_SIGNS,
    Answer,
    Choice,
    Entry,
    Grid,
    Place,
    Shape,
    Step,
    StepKind,
    read_number,
)


class Abracadabra(GameRules[AbracadabraRound]):
    """Abracadabra for 2, 3 or 4 players, to a target score or a number of deals.

    With option ``deals`` set the game is that many deals and ``target`` is
    ignored: the options reach the rules already filled in with their defaults, so
    a target left out and one given cannot be told apart. A thrown-in deal is a
    deal: it counts towards ``deals`` (the deal passes on).
    """

    messages = MESSAGES
    words = (
        "named tricks",
        "exposed tricks",
        "a trick number",
        "a trick's winner",
        "Bid suits",
        "Named tricks",
        "Exposed to the right",
        "Piles laid open",
        "Trick winners",
        "bid suit",
        "winner",
        "suit cards",
        "piles laid open",
        "not noted",
    )
    kinds = tuple(AbracadabraStep)
    shapes = frozenset({Shape.PAD, Shape.TOGGLES, Shape.GRID})

    key = "abracadabra"
    # A player succeeds by the tricks they named (RULINGS.md, "Success").
    made_label: ClassVar[str] = "Named tricks made"
    title = "Abracadabra"
    summary = (
        "Bid for tricks by their number and for cards of your own suit; "
        "the highest bidder declares and may expose tricks for double."
    )
    min_players = 2
    max_players = 4
    round_boxes: ClassVar[tuple[str, ...]] = ("Trump", "Declarer", "Bid")
    seat_boxes: ClassVar[tuple[str, ...]] = ("Named", "Took", "Suit cards")
    paper_key: ClassVar[str] = (
        "Named: the tricks a player's bid cards name; [12] exposed by the declarer "
        "(double, won or lost). Suit cards: the bid suit and its cards taken; "
        "open: an exposed pile (4 a card)."
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            "Target score",
            "The game ends after the deal in which a total reaches it.",
            "int",
            300,
            minimum=1,
        ),
        Option(
            "deals",
            "Number of deals",
            "Play this many deals instead of to the target score.",
            "int",
            None,
            minimum=1,
            maximum=MOST_DEALS,
        ),
        Option(
            "declarer_names_trump",
            "Declarer names trump",
            "The declarer names trump instead of the turned card.",
            "bool",
            False,
        ),
        Option(
            "success",
            "Success",
            "What wins the success bonus.",
            "choice",
            "exact",
            (
                OptionChoice("exact", "Exact: win every trick named"),
                OptionChoice("at-least", "Success when taking at least as many tricks as named"),
                OptionChoice(
                    "exact-count", "Exact count: take exactly as many tricks as named, any of them"
                ),
            ),
        ),
    )

    # --- The shape of the game -------------------------------------------------
    def hand_size(self, setup: Setup, index: int) -> int:
        return TRICKS[setup.n]

    def round_count(self, setup: Setup) -> int | None:
        deals = setup.options["deals"]
        return deals if isinstance(deals, int) else None

    def target(self, setup: Setup) -> int:
        target = setup.options["target"]
        assert isinstance(target, int)
        return target

    def goal(self, setup: Setup) -> str:
        count = self.round_count(setup)
        if count is not None:
            return Message("goal_deals", count=count)
        return Message("goal_to", target=self.target(setup))

    def is_over(self, setup: Setup, rounds_played: int, totals: tuple[int, ...]) -> bool:
        """RULINGS: the game ends at the end of the first deal after which a total
        reaches the target (or after the agreed number of deals)."""
        count = self.round_count(setup)
        if count is not None:
            return rounds_played == count
        return rounds_played > 0 and max(totals) >= self.target(setup)

    # --- Entering a deal ---------------------------------------------------------
    def start(self, ctx: RoundContext) -> Draft:
        return {
            "trump": None,
            "calls": [],
            "bid_suits": [None] * ctx.n,
            "named": [None] * ctx.n,
            "exposed": None,
            "pile_exposed": None,
            "trick_winners": [],
            "suit_cards": [None] * ctx.n,
        }

    def begin(self, ctx: RoundContext, earlier: Sequence[AbracadabraRound]) -> Draft:
        """The last deal's bid suits are kept, to be taken again in one tap, where
        they can be: one for each player, all different. A thrown-in deal has none
        (nobody was asked for them): the last deal played offers its suits instead,
        shown on the button as they were."""
        draft = self.start(ctx)
        played = (rnd for rnd in reversed(earlier) if "bid_suits" in rnd)
        last = next(played, None)
        suits = None if last is None else last.get("bid_suits")
        if isinstance(suits, list) and len(suits) == ctx.n and len(set(suits)) == ctx.n:
            if all(suit in SUITS for suit in suits):
                draft["last_suits"] = list(suits)
        return draft

    def same_suits_step(self, ctx: RoundContext, draft: Draft) -> Step | None:
        """ "Same suits as last deal", while nobody has picked a bid suit yet."""
        last: list[str] | None = draft.get("last_suits")
        if last is None or any(suit is not None for suit in draft["bid_suits"]):
            return None
        if self.next_step(ctx, draft).kind is not AbracadabraStep.SUIT:
            return None
        shown = ", ".join(f"{ctx.name(seat)} {SUIT_SIGNS[last[seat]]}" for seat in ctx.bid_order)
        return Step(
            AbracadabraStep.SUITS,
            Message("abra_same_suits"),
            None,
            (Choice(SAME, shown),),
            place=Place.FIRST,
        )

    def draft_view(self, ctx: RoundContext, draft: Draft) -> RoundView:
        """During a deal: the tricks each player named (declarer marked) and has taken."""
        declarer = auction(ctx, draft["calls"]).declarer
        bids = tuple(
            "" if named is None else f"{len(named)}{'*' if seat == declarer else ''}"
            for seat, named in enumerate(draft["named"])
        )
        winners: list[int] = draft["trick_winners"]
        tricks = tuple(str(winners.count(seat)) if winners else "" for seat in range(ctx.n))
        # Marked once the declarer's named tricks are in, as the bids row marks it.
        marked = declarer if declarer is not None and draft["named"][declarer] is not None else None
        return RoundView(bids, tricks, declarer=marked)

    def names_trump(self, ctx: RoundContext) -> bool:
        return bool(ctx.option("declarer_names_trump"))

    def next_step(self, ctx: RoundContext, draft: Draft) -> Step:
        state = auction(ctx, draft["calls"])
        if state.next_seat is not None:
            return self.call_step(ctx, draft, state)
        declarer = state.declarer
        if declarer is None:
            return Step(StepKind.COMPLETE, Message("abra_thrown_in"))
        if self.names_trump(ctx) and draft["trump"] is None:
            prompt = Message("abra_prompt_names_trump", player=ctx.name(declarer))
            return Step(StepKind.TRUMP, prompt, declarer, trump_choices())
        suits: list[str | None] = draft["bid_suits"]
        for seat in ctx.bid_order:
            if suits[seat] is None:
                return self.suit_step(ctx, suits, seat)
        naming = self.name_steps(ctx, draft)
        if naming:
            return naming[0]
        if draft["exposed"] is None:
            return Step(
                AbracadabraStep.DECLARE,
                Message("abra_prompt_declare", player=ctx.name(declarer)),
                declarer,
                trick_choices(draft["named"][declarer]),
                low=1,
                high=ctx.hand_size,
                piles=tuple(Choice(str(seat), ctx.name(seat)) for seat in range(ctx.n)),
                shape=Shape.TOGGLES,
            )
        winners: list[int] = draft["trick_winners"]
        if len(winners) < ctx.hand_size:
            choices = tuple(Choice(str(seat), ctx.name(seat)) for seat in range(ctx.n))
            prompt = Message("abra_who_won", trick=len(winners) + 1)
            return Step(AbracadabraStep.TRICK, prompt, None, choices, shape=Shape.GRID)
        for seat in ctx.bid_order:
            if draft["suit_cards"][seat] is None:
                return self.suit_cards_step(ctx, draft, seat)
        return Step(StepKind.COMPLETE, Message("abra_deal_complete"))

    def name_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """The tricks every player still to name them names, in turn (the declarer
        first), once the bid suits are in: each player's step stands alone (what
        they may name hangs on the bid, not on what others named)."""
        state = auction(ctx, draft["calls"])
        declarer = state.declarer
        if declarer is None or any(suit is None for suit in draft["bid_suits"]):
            return ()
        if self.names_trump(ctx) and draft["trump"] is None:
            return ()
        return tuple(
            self.name_step(ctx, state.bid, seat, seat == declarer)
            for seat in name_order(ctx, declarer)
            if draft["named"][seat] is None
        )

    def name_step(self, ctx: RoundContext, bid: int, seat: int, declares: bool) -> Step:
        """RULINGS: "The declarer names exactly D tricks; every other player names
        fewer than D (0 is allowed)"."""
        code = "abra_prompt_name_exactly" if declares else "abra_prompt_name_fewer"
        return Step(
            AbracadabraStep.NAME,
            Message(code, player=ctx.name(seat), bid=bid),
            seat,
            trick_choices(range(1, ctx.hand_size + 1)),
            low=1,
            high=ctx.hand_size,
            least=bid if declares else 0,
            most=bid if declares else bid - 1,
            shape=Shape.TOGGLES,
        )

    def together(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Every player's named tricks, asked on one screen and entered in turn."""
        return self.name_steps(ctx, draft)

    def grid(self, ctx: RoundContext, draft: Draft) -> Grid | None:
        """The table's two grids: the tricks every player still to name them names (a
        row a trick, its bid card; a column a player, with how many they may name),
        and who won each trick still to play (a row a trick, a box a player)."""
        naming = sorted(self.name_steps(ctx, draft), key=lambda step: step.player)
        if len(naming) > 1:
            return name_grid(naming)
        if self.next_step(ctx, draft).kind is AbracadabraStep.TRICK:
            return trick_grid(ctx, draft)
        return None

    def describe(self, entry: Entry, players: Sequence[str], sealed: bool) -> str | None:
        seat, value = entry.seat, entry.value
        name = players[seat] if seat is not None and 0 <= seat < len(players) else ""
        number = value if isinstance(value, int) and not isinstance(value, bool) else None
        if entry.kind == AbracadabraStep.SUIT:
            return Message("entry_suit", player=name, suit=Term(str(value)))
        if entry.kind == AbracadabraStep.SUITS:
            return Message("entry_suits")
        if entry.kind == AbracadabraStep.NAME:
            return Message("entry_named", player=name)
        if entry.kind == AbracadabraStep.DECLARE:
            return Message("entry_declare")
        if entry.kind == AbracadabraStep.TRICK and number is not None:
            if 0 <= number < len(players):
                return Message("entry_trick", player=players[number])
        if entry.kind == AbracadabraStep.SUIT_CARDS and number is not None:
            return Message("entry_suit_cards", player=name, cards=number)
        return None

    def taps(self, ctx: RoundContext, draft: Draft, answer: Answer) -> tuple[Answer, ...]:
        """The table's two grids, each sent whole: the tricks every player names
        (``EVERYONE``, a row a player: the boxes ticked), entered in turn as each
        player's tap would be, the declarer first; who won each trick (no ``value``, a
        row a trick: the winner's seat), from the next trick on, in order and with none
        left out."""
        if answer.kind == AbracadabraStep.NAME and answer.value == EVERYONE:
            ticked = dict(answer.rows)
            return tuple(
                Answer(answer.kind, str(step.player), values=ticked.get(str(step.player), ()))
                for step in self.name_steps(ctx, draft)
            )
        if answer.kind == AbracadabraStep.TRICK and not answer.value:
            return self.trick_taps(ctx, draft, answer)
        return (answer,)

    def trick_taps(self, ctx: RoundContext, draft: Draft, answer: Answer) -> tuple[Answer, ...]:
        """Who won each trick, as tapped on the grid: one tap a trick from the next on.

        With ``answer.rest`` (a player's "the rest" button), every trick posted without
        a winner is theirs, up to the deal's last: ``rest`` must be a winner the step
        offers, whether or not a trick is left for it. Without, the winners posted must
        run on from the next trick with none left out.
        """
        played = len(draft["trick_winners"])
        posted = {read_number(key): values[-1] for key, values in answer.rows if values}
        if answer.rest:
            self.next_step(ctx, draft).choice(answer.rest)  # a winner this grid offers
            tricks = range(played + 1, ctx.hand_size + 1)
            if any(trick not in tricks for trick in posted):
                raise RulesError(Message("abra_more_winners"))
            return tuple(Answer(answer.kind, value=posted.get(t, answer.rest)) for t in tricks)
        winners: list[str] = []
        while (trick := played + 1 + len(winners)) in posted:
            winners.append(posted[trick])
        if not winners or len(winners) != len(answer.rows):
            raise RulesError(Message("abra_trick_rows", number=played + 1))
        if len(winners) > ctx.hand_size - played:
            raise RulesError(Message("abra_more_winners"))
        return tuple(Answer(answer.kind, value=winner) for winner in winners)

    def call_step(self, ctx: RoundContext, draft: Draft, state: Auction) -> Step:
        assert state.next_seat is not None
        refusal = Message("abra_bid_higher", bid=state.bid)
        choices = (Choice(PASS, "Pass"),) + tuple(
            Choice(str(bid), str(bid), refusal if bid <= state.bid else None)
            for bid in range(1, ctx.hand_size + 1)
        )
        code = "prompt_calls_again" if len(draft["calls"]) >= ctx.n else "prompt_calls"
        prompt = Message(code, player=ctx.name(state.next_seat))
        return Step(StepKind.CALL, prompt, state.next_seat, choices)

    def suit_step(self, ctx: RoundContext, suits: list[str | None], seat: int) -> Step:
        holders = {suit: holder for holder, suit in enumerate(suits) if suit is not None}
        choices = tuple(
            Choice(
                suit,
                suit,
                Message("abra_suit_taken", player=ctx.name(holders[suit]), suit=Term(suit))
                if suit in holders
                else None,
            )
            for suit in SUITS
        )
        return Step(
            AbracadabraStep.SUIT, Message("abra_bid_suit", player=ctx.name(seat)), seat, choices
        )

    def suit_entries(self, ctx: RoundContext, suits: list[str]) -> list[Entry]:
        """The bid suits as tapped: the last player's is not, when only one suit is
        left for it (the table fills it in), so it must be that one."""
        entries = [Entry("suit", seat, suits[seat]) for seat in ctx.bid_order]
        known: list[str | None] = [None] * ctx.n
        for seat in ctx.bid_order[:-1]:
            known[seat] = suits[seat]
        last = lone_suit(ctx, known)
        if last is None:
            return entries
        seat = ctx.bid_order[-1]
        if suits[seat] != last[1]:
            # The refusal the table would give for the suit the record holds.
            self.suit_step(ctx, known, seat).choice(suits[seat])
        return entries[:-1]

    def suit_cards_step(self, ctx: RoundContext, draft: Draft, seat: int) -> Step:
        """How many cards of their bid suit a player took: 0 to the suit's length, those
        above what their tricks hold refused for one reason, said once. A player who
        took no trick took none (the table enters it with the tap before)."""
        taken = draft["trick_winners"].count(seat)
        most, why = suit_card_limit(ctx, taken)
        suit = draft["bid_suits"][seat]
        refusal = Message(
            "abra_suit_cards_at_most", player=ctx.name(seat), most=most, suit=Term(suit), why=why
        )
        choices = tuple(
            Choice(str(k), str(k), None if k <= most else refusal)
            for k in range(SUIT_LENGTH[ctx.n] + 1)
        )
        prompt = Message("abra_suit_cards", player=ctx.name(seat), suit=Term(suit.capitalize()))
        return Step(AbracadabraStep.SUIT_CARDS, prompt, seat, choices, forcible=True)

    def optional_steps(self, ctx: RoundContext, draft: Draft) -> tuple[Step, ...]:
        """Last deal's bid suits, in one tap, before anyone picks one; the turned-up
        card's suit may be noted until the deal is complete (unless the declarer
        names trump, which is a step of its own)."""
        same = self.same_suits_step(ctx, draft)
        steps = () if same is None else (same,)
        if self.names_trump(ctx) or draft.get("trump") is not None:
            return steps
        kind = self.next_step(ctx, draft).kind
        if kind is StepKind.COMPLETE:
            return steps
        # Once the auction is over the trump turned up is rarely noted: folded away,
        # lest its suit buttons be taken for the bid suits'.
        place = Place.BELOW if kind is StepKind.CALL else Place.FOLDED
        prompt = Message("abra_trump_turned_up")
        return (*steps, Step(StepKind.TRUMP, prompt, None, trump_choices(), place=place))

    def notes(self, ctx: RoundContext, draft: Draft) -> tuple[str, ...]:
        state = auction(ctx, draft["calls"])
        if state.next_seat is not None:
            if not state.bid:
                return ()
            bidder = next(
                ctx.bid_order[i % ctx.n]
                for i, call in enumerate(draft["calls"])
                if call == state.bid
            )
            return (Message("abra_note_highest", bid=state.bid, player=ctx.name(bidder)),)
        if state.declarer is None:
            return (Message("abra_note_thrown_in"),)
        notes = [Message("abra_note_declares", player=ctx.name(state.declarer), bid=state.bid)]
        if draft["trump"] is not None:
            trump = draft["trump"]
            notes.append(
                Message("abra_note_no_trump")
                if trump == "none"
                else Message("abra_note_trump", trump=Term(trump))
            )
        played = len(draft["trick_winners"])
        if draft["exposed"] is not None and played < ctx.hand_size:
            notes.append(Message("abra_note_trick", trick=played + 1, hand_size=ctx.hand_size))
            # Who named the trick being played: whose bid card it is at the table.
            named = [ctx.name(s) for s in range(ctx.n) if played + 1 in (draft["named"][s] or ())]
            notes.append(
                Message("abra_note_named_by", names=each_and(named))
                if named
                else Message("abra_note_named_by_nobody")
            )
        return tuple(notes)

    def enter(self, ctx: RoundContext, draft: Draft, entry: Entry) -> Draft:
        step = self.next_step(ctx, draft)
        if step.kind is StepKind.COMPLETE:
            raise RulesError(Message("abra_deal_done"))
        if entry.kind == "trump":
            return self.enter_trump(ctx, draft, entry, step)
        if entry.kind == AbracadabraStep.SUITS:
            same = self.same_suits_step(ctx, draft)
            if same is None:
                if draft.get("last_suits") is None:
                    raise RulesError(Message("abra_no_last_suits"))
                raise RulesError(Message("abra_same_suits_first"))
            same.choice(entry.value)
            return {**draft, "bid_suits": list(draft["last_suits"])}
        if entry.kind not in ENTRY_KINDS:
            raise RulesError(Message("not_entered_in", kind=repr(entry.kind), game=self.title))
        if entry.kind != str(step.kind):
            raise RulesError(Message("not_yet_next", prompt=step.prompt))
        if step.kind is StepKind.CALL:
            if entry.seat != step.player:
                raise RulesError(Message("turn_to_call", player=ctx.name(step.player)))
            value = entry.value
            if isinstance(value, int) and not isinstance(value, bool):
                if not 1 <= value <= ctx.hand_size:
                    raise RulesError(
                        Message(
                            "abra_bid_range",
                            player=ctx.name(step.player),
                            hand_size=ctx.hand_size,
                            bid=value,
                        )
                    )
            choice = step.choice(value)
            call: Call = PASS if choice.value == PASS else int(choice.value)
            return {**draft, "calls": [*draft["calls"], call]}
        if step.kind is AbracadabraStep.SUIT:
            if entry.seat != step.player:
                raise RulesError(Message("abra_turn_suit", player=ctx.name(step.player)))
            suits = list(draft["bid_suits"])
            suits[step.player] = step.choice(entry.value).value
            last = lone_suit(ctx, suits)
            if last is not None:
                suits[last[0]] = last[1]
            return {**draft, "bid_suits": suits}
        if step.kind is AbracadabraStep.NAME:
            return self.enter_named(ctx, draft, entry, step.player)
        if step.kind is AbracadabraStep.DECLARE:
            return self.enter_declare(ctx, draft, entry, step.player)
        if step.kind is AbracadabraStep.TRICK:
            winner = int(step.choice(entry.value).value)
            return {**draft, "trick_winners": [*draft["trick_winners"], winner]}
        # The cards of their own bid suit one player took.
        if entry.seat != step.player:
            raise RulesError(Message("abra_suit_cards_asked", player=ctx.name(step.player)))
        cards = entry.value
        if isinstance(cards, int) and not isinstance(cards, bool):
            # Beyond the buttons (a record's round): the count, and why it cannot be.
            most, why = suit_card_limit(ctx, draft["trick_winners"].count(step.player))
            if cards > most:
                suit = Term(draft["bid_suits"][step.player])
                raise RulesError(
                    Message(
                        "abra_suit_cards_most",
                        player=ctx.name(step.player),
                        cards=cards,
                        suit=suit,
                        why=why,
                    )
                )
        suit_cards = list(draft["suit_cards"])
        suit_cards[step.player] = int(step.choice(entry.value).value)
        return {**draft, "suit_cards": suit_cards}

    def enter_trump(self, ctx: RoundContext, draft: Draft, entry: Entry, step: Step) -> Draft:
        """The turned card's suit may be noted at any time; in the variant the
        declarer names it right after the auction, and only then."""
        if not self.names_trump(ctx):
            return {**draft, "trump": check_trump(entry.value)}
        if step.kind is not StepKind.TRUMP:
            if step.kind is StepKind.CALL:
                raise RulesError(Message("abra_trump_after_auction"))
            raise RulesError(Message("abra_trump_named"))
        if entry.seat not in (None, step.player):
            raise RulesError(Message("abra_declarer_names_trump", player=ctx.name(step.player)))
        return {**draft, "trump": step.choice(entry.value).value}

    def enter_named(self, ctx: RoundContext, draft: Draft, entry: Entry, seat: int) -> Draft:
        """RULINGS: "The declarer names exactly D tricks; every other player names
        fewer than D (0 is allowed). Each named trick is named at most once by the
        same player." """
        if entry.seat != seat:
            raise RulesError(Message("abra_turn_name", player=ctx.name(seat)))
        tricks = check_tricks_list(ctx, seat, entry.value, Term("named tricks"))
        state = auction(ctx, draft["calls"])
        declarer = state.declarer
        assert declarer is not None
        if seat == declarer and len(tricks) != state.bid:
            raise RulesError(
                Message(
                    "abra_name_exactly", player=ctx.name(seat), bid=state.bid, named=len(tricks)
                )
            )
        if seat != declarer and len(tricks) >= state.bid:
            raise RulesError(
                Message(
                    "abra_name_fewer",
                    player=ctx.name(seat),
                    declarer=ctx.name(declarer),
                    bid=state.bid,
                    named=len(tricks),
                )
            )
        named = list(draft["named"])
        named[seat] = tricks
        return {**draft, "named": named}

    def enter_declare(self, ctx: RoundContext, draft: Draft, entry: Entry, declarer: int) -> Draft:
        """The declarer's right-hand tricks (some of those named), and each
        player's choice to expose their pile of unused bid cards."""
        if entry.seat not in (None, declarer):
            raise RulesError(Message("abra_declarer_exposes", player=ctx.name(declarer)))
        value = entry.value
        if not isinstance(value, Mapping) or set(value) != {"exposed", "pile_exposed"}:
            raise RulesError(Message("abra_declare_shape"))
        exposed = check_tricks_list(ctx, declarer, value["exposed"], Term("exposed tricks"))
        for trick in exposed:
            if trick not in draft["named"][declarer]:
                raise RulesError(
                    Message("abra_expose_unnamed", player=ctx.name(declarer), trick=trick)
                )
        piles = seat_list(ctx.setup, value["pile_exposed"], "pile_exposed")
        pile_exposed = [check_bool(p, "pile_exposed") for p in piles]
        return {**draft, "exposed": exposed, "pile_exposed": pile_exposed}

    def to_round(self, ctx: RoundContext, draft: Draft) -> AbracadabraRound:
        # Built key by key, in the order the record has always written them.
        rnd: dict[str, Any] = {}
        if draft["trump"] is not None:
            rnd["trump"] = draft["trump"]
        state = auction(ctx, draft["calls"])
        if state.declarer is not None:
            rnd["bid_suits"] = list(draft["bid_suits"])
        rnd["calls"] = list(draft["calls"])
        if state.declarer is None:
            return cast(AbracadabraRound, rnd)
        rnd["named"] = [list(tricks) for tricks in draft["named"]]
        rnd["exposed"] = [
            list(draft["exposed"]) if seat == state.declarer else [] for seat in range(ctx.n)
        ]
        rnd["pile_exposed"] = list(draft["pile_exposed"])
        rnd["trick_winners"] = list(draft["trick_winners"])
        rnd["suit_cards"] = list(draft["suit_cards"])
        return cast(AbracadabraRound, rnd)

    # --- Reading a deal from a record --------------------------------------------
    def entries(self, ctx: RoundContext, rnd: AbracadabraRound) -> list[Entry]:
        check_shape(rnd, AbracadabraRound)
        raw_calls = rnd["calls"]
        if not isinstance(raw_calls, list):
            raise RulesError(Message("abra_calls_list", field="calls"))
        calls = [check_call(call) for call in raw_calls]
        entries: list[Entry] = []
        if "trump" in rnd:
            check_trump(rnd["trump"])
        if "trump" in rnd and not self.names_trump(ctx):
            entries.append(Entry("trump", None, rnd["trump"]))
        # The calls are checked here, in turn, so that a wrong call is what is
        # reported rather than something later that depends on the auction.
        draft = self.start(ctx)
        for call in calls:
            entry = Entry("call", auction(ctx, draft["calls"]).next_seat, call)
            entries.append(entry)
            if self.next_step(ctx, draft).kind is StepKind.CALL:
                draft = self.enter(ctx, draft, entry)
        if len(draft["calls"]) < len(calls):
            raise RulesError(Message("abra_too_many_calls"))
        state = auction(ctx, calls)
        if state.next_seat is not None:
            return entries  # the replay says whose call is missing
        if state.declarer is None:
            for key in FIELDS:
                if key in rnd:
                    raise RulesError(Message("abra_thrown_in_field", field=repr(key)))
            if "trump" in rnd and self.names_trump(ctx):
                raise RulesError(Message("abra_thrown_in_trump"))
            return entries
        declarer = state.declarer
        for key in FIELDS:
            if key not in rnd:
                raise RulesError(Message("round_no_field", field=repr(key)))
        if self.names_trump(ctx):
            if "trump" not in rnd:
                raise RulesError(
                    Message("abra_round_no_trump", field="'trump'", player=ctx.name(declarer))
                )
            entries.append(Entry("trump", declarer, rnd["trump"]))
        suits = seat_list(ctx.setup, rnd["bid_suits"], "bid_suits")
        for suit in suits:
            if suit not in SUITS:
                raise RulesError(
                    Message("abra_suit_value", suits=", ".join(SUITS), value=written(suit))
                )
        entries += self.suit_entries(ctx, suits)
        named = seat_list(ctx.setup, rnd["named"], "named")
        for seat in range(ctx.n):
            check_tricks_list(ctx, seat, named[seat], Term("named tricks"))
        entries += [Entry("name", seat, named[seat]) for seat in name_order(ctx, declarer)]
        exposed = seat_list(ctx.setup, rnd["exposed"], "exposed")
        for seat in range(ctx.n):
            tricks = check_tricks_list(ctx, seat, exposed[seat], Term("exposed tricks"))
            if seat != declarer and tricks:
                raise RulesError(
                    Message(
                        "abra_only_declarer", declarer=ctx.name(declarer), player=ctx.name(seat)
                    )
                )
        piles = seat_list(ctx.setup, rnd["pile_exposed"], "pile_exposed")
        for pile in piles:
            check_bool(pile, "pile_exposed")
        entries.append(
            Entry("declare", declarer, {"exposed": exposed[declarer], "pile_exposed": piles})
        )
        winners = rnd["trick_winners"]
        if not isinstance(winners, list) or len(winners) != ctx.hand_size:
            raise RulesError(
                Message("abra_trick_winners", field="trick_winners", hand_size=ctx.hand_size)
            )
        for winner in winners:
            seat = as_int(winner, Term("a trick's winner"))
            if not 0 <= seat < ctx.n:
                raise RulesError(Message("abra_trick_winner_seat", last=ctx.n - 1, seat=seat))
        entries += [Entry("trick", None, winner) for winner in winners]
        suit_cards = seat_list(ctx.setup, rnd["suit_cards"], "suit_cards")
        for cards in suit_cards:
            as_int(cards, "suit_cards")
        entries += [Entry("suit_cards", seat, suit_cards[seat]) for seat in ctx.bid_order]
        return entries

    def round_cells(self, ctx: RoundContext, rnd: AbracadabraRound) -> tuple[Cell, ...]:
        """The whole deal, a value at a time, as entered: the trump and, for a deal
        played, every call, each bid suit, the tricks each named, the declarer's
        exposed, the piles laid open, each trick's winner and each player's suit cards.
        Once changed the deal is checked whole, as at the table. A thrown-in deal has
        only its trump here: played after all, it is entered again at the table."""
        self.entries(ctx, rnd)  # its shape as the rules read it, or why not
        names = ctx.setup.players
        seats = tuple(Choice(str(seat), name) for seat, name in enumerate(names))
        trumps = (
            *(() if self.names_trump(ctx) else (Choice("", "not noted"),)),
            *(Choice(t, "no trump" if t == "none" else t) for t in TRUMPS),
        )
        trump = Part("trump", Term("Trump"), str(rnd.get("trump", "")), trumps)
        cells = [deal_cell(ctx, "trump", "Trump", "trump", (trump,), "value")]
        declarer = auction(ctx, rnd["calls"]).declarer
        if declarer is None:
            return tuple(cells)
        calls = (Choice(PASS, "pass"), *trick_numbers(ctx.hand_size))
        tricks = trick_choices(range(1, ctx.hand_size + 1))
        cards = trick_numbers(SUIT_LENGTH[ctx.n], 0)

        def listed(tricks_of: Sequence[int]) -> str:
            return " ".join(str(trick) for trick in tricks_of)

        shown = [seat for seat, laid_open in enumerate(rnd["pile_exposed"]) if laid_open]
        piles = Part("piles", Term("Piles laid open"), listed(shown), seats, many=True)
        cells += [
            deal_cell(ctx, "calls", "Calls", "call", tuple(
                Part(str(i), call_label(ctx, i), str(call), calls)
                for i, call in enumerate(rnd["calls"])
            )),
            deal_cell(ctx, "bid_suits", "Bid suits", "bid suit", tuple(
                Part(str(seat), name, rnd["bid_suits"][seat], tuple(Choice(s, s) for s in SUITS))
                for seat, name in enumerate(names)
            )),
            deal_cell(ctx, "named", "Named tricks", "named tricks", tuple(
                Part(str(seat), name, listed(rnd["named"][seat]), tricks, many=True)
                for seat, name in enumerate(names)
            )),
            deal_cell(ctx, "exposed", "Exposed to the right", "exposed tricks", (
                Part(
                    str(declarer), names[declarer], listed(rnd["exposed"][declarer]), tricks,
                    many=True,
                ),
            )),
            deal_cell(ctx, "pile_exposed", "Piles laid open", "piles laid open", (piles,), "flags"),
            deal_cell(ctx, "trick_winners", "Trick winners", "winner", tuple(
                Part(str(i), Message("abra_cell_trick", trick=i + 1), str(winner), seats)
                for i, winner in enumerate(rnd["trick_winners"])
            )),
            deal_cell(ctx, "suit_cards", "Suit cards", "suit cards", tuple(
                Part(str(seat), name, str(rnd["suit_cards"][seat]), cards)
                for seat, name in enumerate(names)
            )),
        ]  # fmt: skip
        return tuple(cells)

    def score_round(self, ctx: RoundContext, rnd: AbracadabraRound) -> tuple[int, ...]:
        if auction(ctx, rnd["calls"]).declarer is None:
            return tuple(0 for _ in range(ctx.n))  # thrown in
        return deal_scores(ctx, rnd, str(ctx.setup.options.get("success", "exact")))

    def score_parts(self, ctx: RoundContext, rnd: AbracadabraRound) -> tuple[Parts, ...]:
        """Each player's score for a checked deal in the parts that add up to it;
        all nothing for a thrown-in deal."""
        if auction(ctx, rnd["calls"]).declarer is None:
            return tuple(() for _ in range(ctx.n))
        return deal_parts(ctx, rnd, str(ctx.setup.options.get("success", "exact")))

    def view(self, ctx: RoundContext, rnd: AbracadabraRound) -> RoundView:
        """Bids row: the tricks each named, the declarer's marked "3*"; tricks row:
        the tricks each took."""
        state = auction(ctx, rnd["calls"])
        declarer = state.declarer
        if declarer is None:
            dashes = tuple("-" for _ in range(ctx.n))
            nothing = tuple(None for _ in range(ctx.n))
            thrown_in = Message("abra_thrown_in_note")
            return RoundView(tuple(PASS for _ in range(ctx.n)), dashes, (thrown_in,), nothing)
        bids = tuple(
            f"{len(rnd['named'][seat])}{'*' if seat == declarer else ''}" for seat in range(ctx.n)
        )
        taken = tuple(rnd["trick_winners"].count(seat) for seat in range(ctx.n))
        tricks = tuple(str(count) for count in taken)
        success = str(ctx.setup.options.get("success", "exact"))
        made = tuple(
            success_count(rnd, seat, rnd["trick_winners"].count(seat), success)
            if rnd["named"][seat] or success == "exact-count"
            else None
            for seat in range(ctx.n)
        )
        breakdown = tuple(parts_text(parts) for parts in self.score_parts(ctx, rnd))
        return RoundView(
            bids,
            tricks,
            (Message("abra_declared", player=ctx.name(declarer), bid=state.bid),),
            made,
            breakdown,
            counts=tuple((len(rnd["named"][seat]), taken[seat]) for seat in range(ctx.n)),
            declarer=declarer,
        )

    def paper_row(self, ctx: RoundContext, rnd: AbracadabraRound, view: RoundView) -> PaperRow:
        """Trump, declarer and bid; a player's named tricks (the exposed ones in
        brackets), tricks taken, and bid suit with its cards taken ("♥ 6", "♥ 6 open"
        for an exposed pile, whose cards count double)."""
        trump = SUIT_SIGNS.get(str(rnd.get("trump", "")), "")
        state = auction(ctx, rnd["calls"])
        declarer = state.declarer
        if declarer is None:
            thrown_in = Message("abra_thrown_in_note")
            return PaperRow((trump, thrown_in, ""), tuple(("", "", "") for _ in range(ctx.n)))
        seats = []
        for seat in range(ctx.n):
            exposed = rnd["exposed"][seat]
            named = " ".join(
                f"[{trick}]" if trick in exposed else str(trick) for trick in rnd["named"][seat]
            )
            pile = " open" if rnd["pile_exposed"][seat] else ""
            suit = f"{SUIT_SIGNS[rnd['bid_suits'][seat]]} {rnd['suit_cards'][seat]}{pile}"
            seats.append((named or "-", str(rnd["trick_winners"].count(seat)), suit))
        return PaperRow((trump, ctx.name(declarer), str(state.bid)), tuple(seats))
