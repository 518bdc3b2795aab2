"""Sealed bids (RULINGS, "House rules", ``bidding``): given unseen in any order, changed
until the last is in, then shown at once; under the hook, the dealer bids again openly."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules_engine import (
    Answer,
    Entry,
    Record,
    RulesError,
    StepKind,
    Table,
    describe,
    forced,
    last_entry,
    new_record,
    parse_record,
    score,
    table,
    undo,
)
from rules_engine.brink_bid import BrinkBidStep
from rules_engine.skull_king import SkullKingStep
from tests.engine.entering import enter

NAMES = ("Ann", "Ben", "Cleo", "Dev")
# Every game with the house rule ``bidding``; Skull King's bids are sealed by default.
GAMES = ("oh-hell", "boerenbridge", "brink-bid", "wizard", "skull-king")
# The games with a hook, and the options that put it in force (Oh Hell's and
# Boerenbridge's is on as ruled).
HOOKED: Mapping[str, Mapping[str, Any]] = {
    "oh-hell": {},
    "boerenbridge": {},
    "brink-bid": {"hook": "on"},
    "wizard": {"hook": "on"},
}
DICE = {"trump": "hearts", "number": 1, "direction": "left"}

State = tuple[Record, tuple[Entry, ...]]


def players(game: str) -> int:
    """Boerenbridge is for 4 (3 to 7 with hands of its own); the others here for 3."""
    return 4 if game == "boerenbridge" else 3


def begin(game: str, **options: Any) -> State:
    """A game of one hand of 3 cards, Ann dealing (Ben bids first), bids sealed; Brink
    Bid's dice rolled, as they are before the first bid."""
    rec = new_record(
        game, NAMES[: players(game)], 0, {"hands": [3], "bidding": "sealed", **options}
    )
    state: State = (rec, ())
    if game == "brink-bid":
        state = enter(*state, Entry("dice", None, DICE))
    return state


def bids(state: State, given: Sequence[tuple[int, int]]) -> State:
    for seat, bid in given:
        state = enter(*state, Entry("bid", seat, bid))
    return state


def finish(state: State, tricks: Sequence[int]) -> State:
    """The tricks as asked, then a bonus of 0 for anyone Skull King asks one of."""
    while (step := table(*state).step).kind in (StepKind.TRICKS, SkullKingStep.BONUS):
        value = tricks[step.player] if step.kind is StepKind.TRICKS else 0
        state = enter(*state, Entry(str(step.kind), step.player, value))
    return state


def last(state: State) -> dict[str, Any]:
    rec, pending = state
    assert not pending and len(rec.rounds) == 1
    return dict(rec.rounds[0])


def bid_order(game: str) -> tuple[int, ...]:
    return (1, 2, 3, 0) if players(game) == 4 else (1, 2, 0)


# --- Any order -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_player_yet_to_bid_is_asked_at_once_the_first_in_bid_order_first(
    game: str,
) -> None:
    current = table(*begin(game))
    assert current.step.kind is StepKind.BID
    assert current.step.seats == bid_order(game)
    assert current.step.seat == 1  # a phone passed round still goes in turn: Ben first
    assert current.step.may_change == ()
    assert current.bidders == tuple(range(players(game)))
    assert all(choice.allowed for choice in current.step.choices)


@pytest.mark.parametrize("game", GAMES)
def test_sealed_bids_may_be_given_in_any_order_the_dealer_first(game: str) -> None:
    order = tuple(reversed(bid_order(game)))  # the dealer, Ann, first
    given = [(seat, 0) for seat in order]
    state = bids(begin(game), given)
    assert table(*state).step.kind is StepKind.TRICKS
    state = finish(state, [1, 1, 1, 0][: players(game)])
    assert last(state)["bids"] == [0] * players(game)


@pytest.mark.parametrize("game", GAMES)
def test_the_table_asks_who_is_still_to_bid_and_who_may_change_their_bid(game: str) -> None:
    current = table(*bids(begin(game), [(2, 1)]))
    assert current.step.seats == tuple(s for s in bid_order(game) if s != 2)
    assert current.step.seat == 1
    assert current.step.may_change == (2,)
    change = current.bid_step(2)
    assert change is not None and change.seat == 2 and change.seats == (2,)
    assert change.prompt == "Cleo has bid and may change it until the last bid is in"
    given = current.bid_step(0)
    assert given is not None and given.prompt == "Ann bids" and given.seats == (0,)
    assert [c.value for c in given.choices] == ["0", "1", "2", "3"]
    assert current.bid_refusal(0) is None
    assert current.bid_of(2) == 1 and current.bid_of(0) is None


# --- Changing until the last bid is in -----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_sealed_bid_may_change_until_the_last_is_in(game: str) -> None:
    state = bids(begin(game), [(1, 2), (2, 0), (1, 0)])
    assert table(*state).bid_of(1) == 0
    rest = [(seat, 0) for seat in bid_order(game)[2:]]
    state = finish(bids(state, rest), [1, 1, 1, 0][: players(game)])
    assert last(state)["bids"][1] == 0


@pytest.mark.parametrize("game", GAMES)
def test_once_the_last_bid_is_in_no_bid_may_change(game: str) -> None:
    state = bids(begin(game), [(seat, 0) for seat in bid_order(game)])
    current = table(*state)
    assert current.bidders == ()
    assert current.bid_step(1) is None
    assert current.bid_refusal(1) == "the bids are shown: Ben's bid can no longer change"
    with pytest.raises(RulesError, match="the bids are shown: Ann's bid can no longer change"):
        enter(*state, Entry("bid", 0, 1))
    # The keeper's tap says so too, though the table asks for tricks now.
    with pytest.raises(RulesError, match="the bids are shown: Ann's bid can no longer change"):
        current.entry(Answer("bid", "0", "1"), random.Random(0))


@pytest.mark.parametrize("game", GAMES)
def test_a_sealed_bid_for_no_player_is_refused(game: str) -> None:
    state = begin(game)
    for seat in (None, 9, -1, True):
        with pytest.raises(RulesError, match="a bid must say which player made it"):
            enter(*state, Entry("bid", seat, 1))


def test_open_bids_still_stand_once_given() -> None:
    state = bids(begin("skull-king", bidding="open"), [(1, 1)])
    assert table(*state).step.may_change == ()
    with pytest.raises(RulesError, match="Ben has bid already"):
        enter(*state, Entry("bid", 1, 0))
    state = bids(begin("oh-hell", bidding="open"), [(1, 1)])
    with pytest.raises(RulesError, match="it is Cleo's turn to bid"):
        enter(*state, Entry("bid", 1, 0))
    assert table(*state).step.seats == () and table(*state).bidders == (2,)


# --- Shown at once ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_bids_are_shown_all_at_once_when_the_last_is_in(game: str) -> None:
    order = bid_order(game)
    state = bids(begin(game), [(seat, 1) for seat in order[:-1]])
    current = table(*state)
    assert current.bids_sealed
    assert current.round_view is not None
    assert current.round_view.bids == tuple("✓" if s != 0 else "" for s in range(players(game)))
    assert not any("add up to" in note for note in current.notes)
    state = bids(state, [(0, 2)])  # more than the tricks: no hook is in the way
    current = table(*state)
    assert not current.bids_sealed
    assert current.round_view is not None
    assert current.round_view.bids == ("2", *(["1"] * (players(game) - 1)))
    assert any("add up to" in note for note in current.notes)


# --- The hook ------------------------------------------------------------------------------


def refusals(current: Table) -> list[str]:
    """Every refusal any step or any player's bid step shows now."""
    steps = [current.step, *current.optional_steps]
    steps += [s for seat in range(len(current.record.players)) if (s := current.bid_step(seat))]
    return [c.refused for step in steps for c in step.choices if c.refused is not None]


@pytest.mark.parametrize("game", HOOKED)
def test_sealed_under_the_hook_no_bid_is_refused_before_the_bids_are_shown(game: str) -> None:
    # The others bid 1 each: open, the dealer would be refused 3 - (n - 1).
    others = [(seat, 1) for seat in bid_order(game)[:-1]]
    current = table(*bids(begin(game, **HOOKED[game]), others))
    assert current.step.seats == (0,)
    assert refusals(current) == []
    assert forced(current.step) is None
    assert current.bid_refusal(0) is None
    opened = table(*bids(begin(game, bidding="open", **HOOKED[game]), others))
    assert refusals(opened)  # what sealed bidding must not show


@pytest.mark.parametrize("game", HOOKED)
def test_sealed_bids_shown_adding_up_to_the_tricks_send_the_dealer_to_bid_again_openly(
    game: str,
) -> None:
    # The dealer bids first and a player on the dealer's left last: 3 in all.
    order = (0, *bid_order(game)[:-1])
    given = dict.fromkeys(order, 0) | {0: 2, 1: 1}
    state = bids(begin(game, **HOOKED[game]), [(seat, given[seat]) for seat in order])
    current = table(*state)
    assert current.step.kind is StepKind.BID and current.step.player == 0
    assert current.bidders == (0,)
    hook = "Ann deals and may not bid 2: the bids would add up to the 3 tricks"
    assert refusals(current) == [hook] * len(refusals(current)) and refusals(current)
    assert current.bid_refusal(1) == "the bids are shown: Ben's bid can no longer change"
    with pytest.raises(RulesError, match=hook):
        enter(*state, Entry("bid", 0, 2))
    state = finish(bids(state, [(0, 0)]), [0, 1, 1, 1][: players(game)])
    assert last(state)["bids"] == [0, 1, *([0] * (players(game) - 2))]


def test_oh_hell_sets_the_dealers_bid_aside_while_the_dealer_bids_again() -> None:
    state = bids(begin("oh-hell"), [(1, 1), (2, 1), (0, 1)])
    current = table(*state)
    assert current.round_view is not None and current.round_view.bids == ("", "1", "1")
    assert (
        current.notes[-1] == "the bids shown add up to the tricks: Ann deals and bids again, openly"
    )


def test_boerenbridge_shows_the_dealers_bid_and_asks_it_changed_under_its_hook() -> None:
    state = bids(begin("boerenbridge"), [(1, 1), (2, 1), (3, 0), (0, 1)])
    current = table(*state)
    assert current.round_view is not None and current.round_view.bids == ("1", "1", "1", "0")
    assert (
        current.step.prompt == "Ann deals and must change the bid: the bids add up to the 3 tricks"
    )


def test_boerenbridge_has_no_hook_when_the_dealer_sits_out() -> None:
    rec = new_record("boerenbridge", NAMES, 0, {"hands": [3], "bidding": "sealed", "sit_out": 10})
    # Ben makes 1 and has 11: he deals round 2 and does not bid, so no bid is hooked.
    rec = rec.with_rounds([{"bids": [1, 1, 0, 0], "tricks": [0, 1, 1, 1]}])
    state = bids((rec, ()), [(3, 1), (0, 1), (2, 1)])
    assert table(*state).step.kind is StepKind.TRICKS
    assert table(*state).bid_refusal(1) == "Ben has 11 points and does not bid this round"


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("wizard", {}),
        ("brink-bid", {}),
        ("oh-hell", {"hook": "off"}),
        ("oh-hell", {"hook_from": 4}),
    ],
)
def test_without_the_hook_in_force_bids_shown_adding_up_to_the_tricks_stand(
    game: str, options: dict[str, Any]
) -> None:
    state = bids(begin(game, **options), [(1, 1), (2, 1), (0, 1)])
    assert table(*state).step.kind is StepKind.TRICKS


def test_in_a_hand_of_one_the_dealers_bid_again_is_entered_and_undone_with_the_last_bid() -> None:
    rec = new_record("oh-hell", NAMES[:3], 0, {"hands": [1], "bidding": "sealed"})
    state = bids((rec, ()), [(0, 1), (1, 0)])
    assert forced(table(*state).step) is None  # sealed: nothing is given for Cleo
    state = bids(state, [(2, 0)])
    # Shown, 1 + 0 + 0 = 1: Ann may bid only 0 again, so it is entered with Cleo's bid.
    assert state[1][-2:] == (Entry("bid", 2, 0), Entry("bid", 0, 0))
    assert table(*state).step.kind is StepKind.TRICKS
    assert undo(*state)[1] == (Entry("bid", 0, 1), Entry("bid", 1, 0))


def test_a_sealed_record_that_breaks_the_hook_is_refused_with_the_hooks_reason() -> None:
    data = {
        "format": "scorepad/1",
        "game": "oh-hell",
        "options": {"hands": [3], "bidding": "sealed"},
        "players": list(NAMES[:3]),
        "first_dealer": 0,
        "rounds": [{"bids": [1, 1, 1], "tricks": [1, 1, 1]}],
    }
    with pytest.raises(RulesError, match="Ann deals and may not bid 1"):
        score(parse_record(data))


# --- Brink Bid's dice --------------------------------------------------------------------


def test_brink_bid_rolls_the_dice_before_the_first_sealed_bid() -> None:
    rec = new_record("brink-bid", NAMES[:3], 0, {"hands": [3], "bidding": "sealed"})
    current = table(rec)
    assert current.step.kind is BrinkBidStep.ROLL and current.step.player == 1
    assert current.bidders == ()
    assert current.bid_refusal(2) == "Ben rolls the dice before the first bid"
    rec, pending = enter(rec, (), Entry("dice", None, DICE))
    assert table(rec, pending).step.seats == (1, 2, 0)
    rec, pending = enter(rec, pending, Entry("bid", 0, 1))
    with pytest.raises(RulesError, match="the dice for this round are rolled already"):
        enter(rec, pending, Entry("dice", None, DICE))


# --- Undo, describe, replay, scores ---------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_a_changed_bid_and_names_it_without_its_value(game: str) -> None:
    state = bids(begin(game), [(1, 2), (2, 1), (1, 0)])
    current = table(*state)
    entry = last_entry(current)
    assert entry == Entry("bid", 1, 0)
    assert describe(entry, current.record.players, current.bids_sealed) == "Ben's bid"
    state = undo(*state)
    assert table(*state).bid_of(1) == 2
    assert table(*state).step.may_change == (1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_sealed_bids_score_as_open_bids_do_for_the_same_final_bids(game: str) -> None:
    n = players(game)
    tricks = [1, 1, 1, 0][:n]
    dev = [(3, 0)] if n == 4 else []
    sealed = bids(begin(game), [(0, 3), (1, 0), (0, 0), (1, 1), *dev, (2, 1)])
    sealed = finish(sealed, tricks)
    final = {1: 1, 2: 1, 0: 0, 3: 0}
    opened = begin(game, bidding="open")
    opened = finish(bids(opened, [(s, final[s]) for s in bid_order(game)]), tricks)
    assert last(sealed) == last(opened)
    assert score(sealed[0]).totals == score(opened[0]).totals


@pytest.mark.parametrize("game", GAMES)
def test_a_sealed_round_undone_and_entered_again_is_the_same_round(game: str) -> None:
    dev = [(3, 0)] if players(game) == 4 else []
    state = bids(begin(game), [(0, 0), (1, 2), (1, 1), *dev, (2, 1)])
    rec = finish(state, [1, 1, 1, 0])[0]
    # Undo reopens the round from the record's own entries, sealed bids replayed.
    before, pending = undo(rec, ())
    assert before.rounds == ()
    assert table(before, pending).step.kind in (StepKind.TRICKS, SkullKingStep.BONUS)
    assert finish((before, pending), [1, 1, 1, 0])[0].rounds == rec.rounds
