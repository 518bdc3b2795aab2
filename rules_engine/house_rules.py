"""House rules: the options shared by the bidding games, and their helpers.

RULINGS.md, "House rules": ``hands`` (one hand size a round), ``hook`` and
``hook_from``, ``scoring: custom`` with the ``made`` and ``missed`` expressions,
``bidding`` (open or sealed); Boerenbridge's ``bounce`` (its ``target`` and
``sit_out`` live with the game, beside the 100 and 80 they default to). Left out,
every option keeps the game as ruled. The presets, named sets
of these options from public sources, live with each game (``GameRules.presets``).
"""

from __future__ import annotations

from .core import GameRules, RoundContext, RoundT, Setup
from .errors import RulesError
from .expressions import Expression, scorer
from .messages import Lowered, Message, Term
from .options import Option, OptionChoice, OptionValue

MOST_HAND_FROM = 60

CUSTOM = "custom"
CUSTOM_CHOICE = OptionChoice(CUSTOM, "Our own: the made and missed expressions below")


def hands_option(replaces: str | None) -> Option:
    help_text = "One hand size a round, from 1 card up to what the pack allows."
    if replaces is not None:
        help_text += f" Replaces the {replaces.replace('_', ' ')}."
    return Option(
        "hands",
        "Hand sizes",
        help_text,
        "hands",
        None,
        excludes=(replaces,) if replaces is not None else (),
        house_rule=True,
    )


def scoring_option(standard: str) -> Option:
    """Boerenbridge's and Brink Bid's ``scoring``: the game as ruled (``standard``, said
    in a line) or our own made and missed expressions."""
    return Option(
        "scoring",
        "Scoring",
        "What a made or missed bid is worth.",
        "choice",
        "standard",
        (OptionChoice("standard", standard), CUSTOM_CHOICE),
        house_rule=True,
    )


LEADER = "leader"


def hook_option(default: str, leader: bool = True) -> Option:
    """``hook``: on, off, and (``leader``: Oh Hell, Brink Bid, Wizard) the Canadian rule."""
    choices: tuple[OptionChoice, ...] = (OptionChoice("on", "On"), OptionChoice("off", "Off"))
    if leader:
        choices += (OptionChoice(LEADER, "The Canadian rule: a dealer in the lead, 0 allowed"),)
    return Option(
        "hook",
        "Hook",
        "The dealer may not bid what makes the bids add up to the cards dealt.",
        "choice",
        default,
        choices,
        house_rule=True,
    )


HOOK_FROM = Option(
    "hook_from",
    "Hook from",
    "The hook holds only in rounds of at least this many cards.",
    "int",
    1,
    minimum=1,
    maximum=MOST_HAND_FROM,
    house_rule=True,
)
MADE = Option(
    "made",
    "Made",
    "The score of a bidder who took exactly their bid (with scoring: custom).",
    "expression",
    None,
    house_rule=True,
    only_with=("scoring", CUSTOM),
)
MISSED = Option(
    "missed",
    "Missed",
    "The score of a bidder who missed their bid (with scoring: custom).",
    "expression",
    None,
    house_rule=True,
    only_with=("scoring", CUSTOM),
)
BOUNCE = Option(
    "bounce",
    "Bounce",
    "Over the target, the excess is taken off it and only exactly the target wins; "
    "without it, the first round to reach the target ends the game.",
    "bool",
    True,
    house_rule=True,
)

# RULINGS, "House rules", ``bidding``: stored, and scored as open bids. Sealed bids
# are the same bids, shown together; the table asks for them in its own way.
BIDDING = Option(
    "bidding",
    "Bidding",
    "Open: bids are seen as they are made. Sealed: given unseen, shown together.",
    "choice",
    "open",
    (OptionChoice("open", "Open"), OptionChoice("sealed", "Sealed")),
    house_rule=True,
)


def setting(setup: Setup, option: Option) -> OptionValue:
    """An option's value, its default where a setup was built without it."""
    return setup.options.get(option.name, option.default)


def hands(setup: Setup) -> tuple[int, ...] | None:
    value = setup.options.get("hands")
    return value if isinstance(value, tuple) else None


def hook_holds(ctx: RoundContext, default: str) -> bool:
    """Whether the dealer is hooked this round: hook on (or ``leader``, and the dealer
    leads), and H at least ``hook_from``."""
    hook = ctx.setup.options.get("hook", default)
    if hook not in ("on", LEADER):
        return False
    start = setting(ctx.setup, HOOK_FROM)
    if isinstance(start, int) and ctx.hand_size < start:
        return False
    return hook != LEADER or dealer_leads(ctx)


def dealer_leads(ctx: RoundContext) -> bool:
    """Whether the dealer's total before the round is higher than every other
    player's at the table: a tie is no lead, so nobody leads the first round.

    RULINGS, "House rules", ``hook: leader`` (the Canadian rule). The context holds
    the players seated in the round, so every other seat of it is every other
    seated player.
    """
    totals = ctx.totals_before
    mine = totals[ctx.dealer]
    return all(mine > total for seat, total in enumerate(totals) if seat != ctx.dealer)


def hook_spares_zero(setup: Setup) -> bool:
    """Whether the dealer may always bid 0, even hooked (the Canadian rule)."""
    return setup.options.get("hook") == LEADER


def custom_scoring(setup: Setup) -> tuple[Expression, Expression] | None:
    """The made and missed expressions, where the scoring is ``custom``."""
    if setup.options.get("scoring") != CUSTOM:
        return None
    made, missed = setup.options.get("made"), setup.options.get("missed")
    # Checked over the game's rounds when the options were (``Option.check``).
    return scorer(made, "made"), scorer(missed, "missed")


def custom_score(ctx: RoundContext, bid: int, tricks: int) -> int | None:
    """A bidder's score by the house rules' expressions, or None without them."""
    scoring = custom_scoring(ctx.setup)
    if scoring is None:
        return None
    made, missed = scoring
    expression = made if bid == tricks else missed
    return expression(bid, tricks, ctx.hand_size, ctx.n)


def check_house_rules(setup: Setup, most: int, too_big: str = "hand_too_big") -> None:
    """What the options refuse only together, or only for a number of players.

    ``most``: the largest hand the game's pack deals these players; ``too_big``: the
    message refusing a larger one.
    """
    listed = hands(setup)
    if listed is not None:
        for size in listed:
            if size > most:
                reason = Message(too_big, cards=size, players=setup.n, most=most)
                raise RulesError.of_option("hands", reason)
    for option in (MADE, MISSED):
        assert option.only_with is not None
        switch, value = option.only_with
        setting = f"{switch}: {value}"
        switched = setup.options.get(switch) == value
        given = setup.options.get(option.name) is not None
        if given and not switched:
            raise RulesError(
                Message("option_only_with", name=option.name, setting=setting),
                option=option.name,
            )
        if switched and not given:
            # "the score of a bidder who missed their bid": the option's help in a line.
            what = Lowered(Term(option.help.split(" (")[0]))
            raise RulesError(
                Message("option_needed_custom", name=option.name, setting=setting, what=what),
                option=option.name,
            )


def hand_pattern(start: int, peak: int, end: int) -> tuple[int, ...]:
    """Hand sizes from ``start`` up (or down) to ``peak``, then on to ``end``."""
    for value in (start, peak, end):
        if value < 1:
            raise RulesError(Message("hand_at_least_one", value=value))
    first = range(start, peak + 1) if start <= peak else range(start, peak - 1, -1)
    second = range(peak - 1, end - 1, -1) if end <= peak else range(peak + 1, end + 1)
    return (*first, *second)


class ScheduledHands(GameRules[RoundT]):
    """A game dealt from a list of hand sizes: the house rule ``hands`` where given,
    else the game's own (``hands_as_ruled``); the game ends after the last."""

    def hands_as_ruled(self, setup: Setup) -> tuple[int, ...]:
        raise NotImplementedError

    def check_setup(self, setup: Setup) -> None:
        check_house_rules(setup, self.most_cards(setup.n))

    def schedule(self, setup: Setup) -> tuple[int, ...]:
        listed = hands(setup)
        return listed if listed is not None else self.hands_as_ruled(setup)

    def hand_size(self, setup: Setup, index: int) -> int:
        return self.schedule(setup)[index]

    def round_count(self, setup: Setup) -> int:
        return len(self.schedule(setup))
