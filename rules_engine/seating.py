"""Players come and go, the plan changes, the table stops.

RULINGS.md, "Players come and go, the plan changes, the table stops": between rounds a
player may leave (their total stands), come back, or join at a place at the table with a
starting total; a round may carry a new plan of hand sizes (required when the seats
change); the table may stop any game after a complete round.

The games' own rules never see anyone who is not seated: a round is worked out in a
round context of its seated players alone, in seat order (``compact``), so every rule
that counts the players (bid order, the hook and its lead, sealed bids, sitting out,
passing directions, the ghost hand) counts the seated ones without knowing anyone else
exists. This module says who is seated in each round, who deals it and how many cards,
and turns a record's round (a value a player, ``null`` for a seat not seated) into the
round of its seated players and back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import GameRules, Round, RoundContext, Setup
from .errors import RulesError
from .messages import Message, Term, names_and, written

MOST_PLAYERS = 20
"""A record that seats players apart names at most this many, over the whole game."""
MOST_START = 10_000
"""A joiner's starting total lies in -10000..10000."""
MOST_PLAN = 60
"""A plan holds 1 to 60 hand sizes."""
# The fields a round of a record holds about who sits at the table.
SEATING_FIELDS = ("seated", "plan", "start")


@dataclass(frozen=True)
class Plan:
    """Hand sizes from round ``first`` (0-based) on: one a round, the game ending after
    the last (a game that plays to a score deals the list over and over)."""

    first: int
    sizes: tuple[int, ...]

    def size(self, index: int, repeats: bool) -> int | None:
        """The hand size of round ``index``, or None once the plan is played out."""
        at = index - self.first
        if repeats:
            return self.sizes[at % len(self.sizes)]
        return self.sizes[at] if at < len(self.sizes) else None

    @property
    def last(self) -> int:
        """The number of rounds the game has under this plan (unless it repeats)."""
        return self.first + len(self.sizes)


@dataclass(frozen=True)
class Seating:
    """Who takes part in one round (0-based ``index``), who deals it, how many cards."""

    index: int
    seated: tuple[int, ...]
    dealer: int
    # None where the plan in force is played out before this round: the game is over.
    hand_size: int | None
    # The plan in force for this round, if one was ever given; ``carries_plan`` where
    # this very round gives it (the record's round holds ``plan``).
    plan: Plan | None
    carries_plan: bool
    # The seats taking part for the first time, each with their starting total.
    newcomers: tuple[tuple[int, int], ...]

    def starts(self) -> dict[int, int]:
        return dict(self.newcomers)


@dataclass(frozen=True)
class Lineup:
    """Every round's ``Seating``: the record's rounds, then the round to come.

    ``apart``: whether the record seats anyone apart at all (a round's ``seated``,
    ``plan`` or ``start``): a record that does not is scored exactly as before.
    """

    rounds: tuple[Seating, ...]
    following: Seating
    apart: bool
    # Seats that took part in some round (a player who only just joined has not yet).
    played: frozenset[int]
    base: Setup


def uses_seating(rounds: Sequence[Any]) -> bool:
    """Whether any round of a record says who sits at the table, or gives a plan."""
    return any(isinstance(rnd, Mapping) and any(f in rnd for f in SEATING_FIELDS) for rnd in rounds)


def seats_apart(rounds: Sequence[Any]) -> bool:
    """Whether any round of a record says who sits at the table (``seated``): its
    rounds then say who was seated wherever they are printed."""
    return any(isinstance(rnd, Mapping) and "seated" in rnd for rnd in rounds)


def first_seated(rounds: Sequence[Any], players: int) -> tuple[int, ...]:
    """The seats of the first round, read loosely (checked by ``lineup``): every seat
    where it says nothing, or says it wrongly."""
    if rounds and isinstance(rounds[0], Mapping):
        seated = rounds[0].get("seated")
        if isinstance(seated, list) and all(_is_int(s) and 0 <= s < players for s in seated):
            return tuple(sorted(set(seated)))
    return tuple(range(players))


def base_setup(setup: Setup, seated: Sequence[int]) -> Setup:
    """The setup of the players in ``seated``, the first dealer among them: what the
    options that depend on the number of players are read for."""
    names = tuple(setup.players[s] for s in seated)
    first = seated.index(setup.first_dealer) if setup.first_dealer in seated else 0
    return Setup(setup.game, setup.options, names, first)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(setup: Setup, seats: Sequence[int]) -> str:
    return str(names_and([setup.players[s] for s in seats]))


def read_seated(rules: GameRules, setup: Setup, value: object) -> tuple[int, ...]:
    """A round's ``seated``: seats in ascending order, as many as the game seats."""
    count = len(setup.players)
    if not isinstance(value, list) or not all(_is_int(s) for s in value):
        raise RulesError(Message("seated_list", field="seated", last=count - 1))
    for seat in value:
        if not 0 <= seat < count:
            raise RulesError(Message("seated_seat", field="seated", seat=seat, last=count - 1))
    if list(value) != sorted(set(value)):
        raise RulesError(Message("seated_order", field="seated"))
    check_table_size(rules, len(value))
    return tuple(value)


def check_table_size(rules: GameRules, seated: int) -> None:
    if not rules.min_players <= seated <= rules.max_players:
        raise RulesError(
            Message(
                "seated_count",
                game=Term(rules.title),
                counts=rules.player_counts,
                count=seated,
            )
        )


def check_plan(rules: GameRules, value: object, seated: int) -> tuple[int, ...]:
    """A plan: 1 to 60 hand sizes, each from 1 to what the pack deals ``seated`` players."""
    if not isinstance(value, list | tuple):
        raise RulesError(Message("plan_list", most=MOST_PLAN))
    if not 1 <= len(value) <= MOST_PLAN:
        raise RulesError(Message("plan_count", most=MOST_PLAN, count=len(value)))
    most = rules.most_cards(seated)
    # Each refusal says which hand size of the plan is wrong, and why.
    for position, size in enumerate(value, 1):
        if not _is_int(size):
            raise RulesError(Message("plan_whole", position=position, value=written(size)))
        if size < 1:
            raise RulesError(Message("plan_size_none", position=position, size=size))
        if size > most:
            raise RulesError(Message("plan_size", size=size, players=seated, most=most))
    return tuple(value)


def check_start(value: object) -> int:
    """A starting total: a whole number from -10000 to 10000."""
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MOST_START:
        raise RulesError(
            Message("start_range", low=-MOST_START, high=MOST_START, value=written(value))
        )
    return value


def next_dealer(last: int, seated: Sequence[int], players: int) -> int:
    """The first seated player clockwise after ``last`` (seated or not)."""
    for step in range(1, players + 1):
        seat = (last + step) % players
        if seat in seated:
            return seat
    raise RulesError(Message("seated_none"))


def scheduled_size(rules: GameRules, base: Setup, plan: Plan | None, index: int) -> int | None:
    """Round ``index``'s hand size: by the plan in force, else the game's own schedule;
    None where either is played out (the game is over)."""
    if plan is not None:
        return plan.size(index, rules.repeats(base.options))
    try:
        return rules.hand_size(base, index)
    except IndexError:  # past the last entry of the game's own list: it is over
        return None


def sizes_ahead(rules: GameRules, base: Setup, plan: Plan | None, index: int) -> tuple[int, ...]:
    """The hand sizes of round ``index`` and each after it, as the game deals them now
    (a game that plays to a score: one turn of its list, from where it is); 60 at most."""
    if rules.repeats(base.options):
        turn = len(plan.sizes) if plan is not None else rules.cycle(base)
        rounds = range(index, index + turn)
    else:
        count = plan.last if plan is not None else rules.round_count(base)
        rounds = range(index, max(index, count or index))
    sizes = (scheduled_size(rules, base, plan, k) for k in rounds)
    return tuple(size for size in sizes if size is not None)[:MOST_PLAN]


def proposed_plan(
    rules: GameRules, base: Setup, plan: Plan | None, index: int, seated: int
) -> tuple[int, ...]:
    """The plan the table is offered when the seats change before round ``index``: the
    sizes the game would have dealt next, each capped at what the pack deals ``seated``
    players (RULINGS, "Players come and go")."""
    most = rules.most_cards(seated)
    return tuple(min(size, most) for size in sizes_ahead(rules, base, plan, index))


def lineup(rules: GameRules, setup: Setup, rounds: Sequence[Round]) -> Lineup:
    """Every round's seating, checked: a RulesError names the round and the rule."""
    count = len(setup.players)
    everyone = tuple(range(count))
    apart = uses_seating(rounds)
    base = base_setup(setup, first_seated(rounds, count)) if apart else setup
    if apart and not rules.seats_apart:
        # Named in the first round that seats anyone apart, as every refusal of a round.
        first = next(n for n, rnd in enumerate(rounds, 1) if uses_seating([rnd]))
        raise RulesError(
            Message("seated_not_in_game", game=Term(rules.title), fields="seated, plan, start"),
            first,
        )
    seatings: list[Seating] = []
    played: set[int] = set()
    plan: Plan | None = None
    previous: Seating | None = None
    for index, rnd in enumerate(rounds):
        try:
            seating = _seating(rules, setup, base, rnd, index, previous, plan, played, everyone)
        except RulesError as error:
            raise error.in_round(index + 1) from None
        seatings.append(seating)
        plan = seating.plan
        played.update(seating.seated)
        previous = seating
    following = after(rules, setup, base, previous, plan, played, everyone)
    return Lineup(tuple(seatings), following, apart, frozenset(played), base)


def after(
    rules: GameRules,
    setup: Setup,
    base: Setup,
    last: Seating | None,
    plan: Plan | None,
    played: set[int] | frozenset[int],
    everyone: tuple[int, ...],
) -> Seating:
    """The round after ``last`` with the same players and no new plan."""
    if last is None:
        seated = everyone
        return Seating(
            0, seated, setup.first_dealer, scheduled_size(rules, base, None, 0), None, False, ()
        )
    index = last.index + 1
    dealer = next_dealer(last.dealer, last.seated, len(everyone))
    size = scheduled_size(rules, base, plan, index)
    return Seating(index, last.seated, dealer, size, plan, False, ())


def _seating(
    rules: GameRules,
    setup: Setup,
    base: Setup,
    rnd: Round,
    index: int,
    previous: Seating | None,
    plan: Plan | None,
    played: set[int],
    everyone: tuple[int, ...],
) -> Seating:
    seated = read_seated(rules, setup, rnd["seated"]) if "seated" in rnd else everyone
    if "seated" not in rnd:
        check_table_size(rules, len(seated))
    if previous is None:
        if setup.first_dealer not in seated:
            raise RulesError(
                Message("seated_first_dealer", player=setup.players[setup.first_dealer])
            )
        dealer = setup.first_dealer
    else:
        dealer = next_dealer(previous.dealer, seated, len(everyone))
    carries = "plan" in rnd
    if carries:
        plan = Plan(index, check_plan(rules, rnd["plan"], len(seated)))
    elif previous is not None and seated != previous.seated:
        raise RulesError(Message("seated_needs_plan"))
    size = scheduled_size(rules, base, plan, index)
    if size is None:
        raise RulesError(Message("over_before_round"))
    most = rules.most_cards(len(seated))
    if size > most:
        raise RulesError(Message("plan_size", size=size, players=len(seated), most=most))
    newcomers = _newcomers(setup, rnd.get("start"), "start" in rnd, seated, played)
    return Seating(index, seated, dealer, size, plan, carries, newcomers)


def _newcomers(
    setup: Setup, value: object, given: bool, seated: tuple[int, ...], played: set[int]
) -> tuple[tuple[int, int], ...]:
    """Each seat taking part for the first time, with its starting total (0 unless given)."""
    count = len(setup.players)
    starts: list[object] = [None] * count
    if given:
        if not isinstance(value, list) or len(value) != count:
            raise RulesError(Message("start_list", field="start", null="null", count=count))
        starts = list(value)
    newcomers = []
    for seat, start in enumerate(starts):
        first_time = seat in seated and seat not in played
        if start is not None and not first_time:
            name = setup.players[seat]
            reason = "start_not_seated" if seat not in seated else "start_played_before"
            raise RulesError(Message(reason, player=name))
        if first_time:
            newcomers.append((seat, 0 if start is None else check_start(start)))
    return tuple(newcomers)


def compact(rules: GameRules, rnd: Round, seating: Seating, players: tuple[str, ...]) -> Round:
    """The round as its seated players alone see it: each list a player holds only
    theirs, in seat order; a seat not seated must hold ``null``."""
    count = len(players)
    if len(seating.seated) == count and not any(f in rnd for f in SEATING_FIELDS):
        return rnd
    out: dict[str, Any] = {}
    for key, value in rnd.items():
        if key in SEATING_FIELDS:
            continue
        if key in rules.seat_lists:
            if not isinstance(value, list) or len(value) != count:
                raise RulesError(Message("one_each", what=key, count=count))
            for seat, item in enumerate(value):
                if seat not in seating.seated and item is not None:
                    raise RulesError(
                        Message("seated_value", player=players[seat], field=key, null="null")
                    )
            value = [value[seat] for seat in seating.seated]
        out[key] = value
    return out


def expand(
    rules: GameRules, rnd: Mapping[str, Any], seating: Seating, count: int, apart: bool
) -> dict[str, Any]:
    """A round of the seated players as the record holds it: ``seated`` where the
    record seats anyone apart (``apart``) or this round does, ``plan`` and ``start``
    where they say something, and ``null`` in each list for a seat not seated."""
    everyone = len(seating.seated) == count
    if not apart and everyone and not seating.carries_plan:
        return dict(rnd)
    out: dict[str, Any] = {} if everyone and not apart else {"seated": list(seating.seated)}
    if seating.carries_plan and seating.plan is not None:
        out["plan"] = list(seating.plan.sizes)
    if seating.index > 0 and seating.newcomers:
        starts: list[int | None] = [None] * count
        for seat, start in seating.newcomers:
            starts[seat] = start
        out["start"] = starts
    for key, value in rnd.items():
        if key in rules.seat_lists and isinstance(value, list):
            full: list[Any] = [None] * count
            for position, seat in enumerate(seating.seated):
                full[seat] = value[position]
            value = full
        out[key] = value
    return out


def round_context(
    rules: GameRules, setup: Setup, seating: Seating, totals: Sequence[int]
) -> RoundContext:
    """The round as its seated players see it: their names, their totals before it (a
    newcomer's starting total), the dealer among them."""
    seats = seating.seated
    starts = seating.starts()
    names = tuple(setup.players[s] for s in seats)
    before = tuple(starts.get(s, totals[s]) for s in seats)
    dealer = seats.index(seating.dealer)
    seated_setup = Setup(setup.game, setup.options, names, dealer)
    identity = seats == tuple(range(len(setup.players)))
    return RoundContext(
        setup if identity else seated_setup,
        seating.index,
        seating.hand_size or 0,
        before,
        dealt_by=dealer,
        seats=() if identity else seats,
    )


def spread(
    values: Sequence[Any], seats: Sequence[int], count: int, empty: Any = None
) -> tuple[Any, ...]:
    """A value for each seated player, as one for each player (``empty`` for the others)."""
    if not seats:
        return tuple(values)
    full: list[Any] = [empty] * count
    for position, seat in enumerate(seats):
        full[seat] = values[position]
    return tuple(full)
