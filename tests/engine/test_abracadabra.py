"""Abracadabra: the auction, named tricks, declaring, scoring, thrown-in deals, the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import (
    GAMES,
    Entry,
    Record,
    RulesError,
    StepKind,
    new_record,
    score,
    table,
    undo,
)
from rules_engine.abracadabra import Abracadabra, AbracadabraStep
from rules_engine.abracadabra_deal import AbracadabraRound
from rules_engine.sheet import context
from tests.engine.entering import enter
from tests.five_games import ABRACADABRA_ROUND

PLAYERS = ["Ann", "Ben", "Cleo", "Dev"]

# The record spec's worked example: seat 0 deals, seat 1 declares 3.
SPEC_ROUND = ABRACADABRA_ROUND

# The spec's round as the table enters it, one step at a time.
SPEC_ENTRIES: list[Entry] = [
    Entry("trump", None, "hearts"),
    Entry("call", 1, 3),
    Entry("call", 2, "pass"),
    Entry("call", 3, "pass"),
    Entry("call", 0, "pass"),
    Entry("suit", 1, "spades"),
    Entry("suit", 2, "clubs"),
    Entry("suit", 3, "diamonds"),
    Entry("name", 1, [12, 4, 8]),
    Entry("name", 2, []),
    Entry("name", 3, [1]),
    Entry("name", 0, [5, 11]),
    Entry("declare", None, {"exposed": [12], "pile_exposed": [False, False, False, True]}),
    *(Entry("trick", None, w) for w in SPEC_ROUND["trick_winners"]),
    Entry("suit_cards", 1, 5),
    Entry("suit_cards", 2, 0),
    Entry("suit_cards", 3, 1),
    Entry("suit_cards", 0, 6),
]


def spec_round(**changes: Any) -> dict[str, Any]:
    return {**SPEC_ROUND, **changes}


def spec_record(options: dict[str, Any] | None = None) -> Record:
    return new_record("abracadabra", PLAYERS, 0, options)


def play_entries(
    record: Record, entries: Sequence[Entry], pending: tuple[Entry, ...] = ()
) -> tuple[Record, tuple[Entry, ...]]:
    for entry in entries:
        record, pending = enter(record, pending, entry)
    return record, pending


def refusal(record: Record) -> str:
    with pytest.raises(RulesError) as error:
        score(record)
    return str(error.value)


# --- Worked examples -------------------------------------------------------------


def test_it_scores_the_record_specs_example() -> None:
    sheet = score(spec_record().with_rounds([SPEC_ROUND]))
    assert sheet.rounds[0].dealer == 0
    assert sheet.rounds[0].hand_size == 13
    assert sheet.totals == (63, 42, 3, 36)
    assert not sheet.finished
    view = sheet.rounds[0].view
    assert view.bids == ("2", "3*", "0", "1")
    assert view.tricks == ("5", "4", "3", "1")
    assert view.notes == ("Ben declared 3",)


def test_the_table_enters_the_record_specs_example_one_step_at_a_time() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES)
    assert pending == ()
    assert record.rounds == (SPEC_ROUND,)
    assert score(record).totals == (63, 42, 3, 36)


def test_undo_after_a_complete_deal_reopens_it_at_its_last_entry() -> None:
    record, _ = play_entries(spec_record(), SPEC_ENTRIES)
    record, pending = undo(record, ())
    assert record.rounds == ()
    assert len(pending) == len(SPEC_ENTRIES) - 1
    step = table(record, pending).step
    assert step.kind is AbracadabraStep.SUIT_CARDS and step.seat == 0
    record, pending = enter(record, pending, SPEC_ENTRIES[-1])
    assert record.rounds == (SPEC_ROUND,) and pending == ()


def test_it_scores_the_sources_helen_and_david_example() -> None:
    # RULINGS: Helen and David each get 20 for success, so three players succeeded:
    # four players, with Cleo the third. Cleo deals; Dev declares 3 and fails.
    record = new_record("abracadabra", ["Helen", "David", "Cleo", "Dev"], 2).with_rounds(
        [
            {
                "bid_suits": ["hearts", "spades", "clubs", "diamonds"],
                "calls": [3, "pass", "pass", "pass"],
                "named": [[5, 11], [4, 12], [13], [1, 2, 3]],
                "exposed": [[], [], [], []],
                "pile_exposed": [False, False, False, False],
                #                 1  2  3  4  5  6  7  8  9 10 11 12 13
                "trick_winners": [3, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 2],
                "suit_cards": [6, 5, 0, 0],
            }
        ]
    )
    # Helen 20 + 5 + 11 + 7 tricks + 6 hearts x 2; David 20 + 4 + 12 + 4 + 5 x 2;
    # Cleo 20 + 13 + 1; Dev won trick 1 of his three: 1 + 1 trick.
    assert score(record).totals == (55, 50, 34, 2)


# --- Scoring ---------------------------------------------------------------------


def success_round(players: int, succeeding: int) -> dict[str, Any]:
    """Seat 0 declares 2 and names tricks 1 and 2; every other seat s names trick
    s + 2. The first ``succeeding`` seats win their tricks; the others' named tricks
    go to the seat on their left; seat 0 takes every trick nobody named."""
    tricks = 13 if players == 4 else 12
    named = [[1, 2]] + [[seat + 2] for seat in range(1, players)]
    winners = [0] * tricks
    for seat in range(players):
        for trick in named[seat]:
            winners[trick - 1] = seat if seat < succeeding else (seat + 1) % players
    return {
        "bid_suits": ["spades", "hearts", "diamonds", "clubs"][:players],
        "calls": [2] + ["pass"] * (players - 1),
        "named": named,
        "exposed": [[] for _ in range(players)],
        "pile_exposed": [False] * players,
        "trick_winners": winners,
        "suit_cards": [0] * players,
    }


@pytest.mark.parametrize(
    ("players", "succeeding", "bonus"),
    [
        (4, 1, 40),
        (4, 2, 30),
        (4, 3, 20),
        (4, 4, 10),
        (3, 1, 30),
        (3, 2, 20),
        (3, 3, 10),
        (2, 1, 20),
        (2, 2, 10),
    ],
)
def test_the_success_bonus_depends_on_how_many_players_succeed(
    players: int, succeeding: int, bonus: int
) -> None:
    rnd = success_round(players, succeeding)
    # The last seat deals, so seat 0 calls first.
    record = new_record("abracadabra", PLAYERS[:players], players - 1).with_rounds([rnd])
    scores = score(record).totals
    for seat in range(players):
        won = [t for t in rnd["named"][seat] if rnd["trick_winners"][t - 1] == seat]
        rest = sum(won) + rnd["trick_winners"].count(seat)
        assert scores[seat] == rest + (bonus if seat < succeeding else 0)


@pytest.mark.parametrize(
    ("success", "winners", "ann_succeeds"),
    [
        # Ann names 5 and 11 and wins tricks 2, 5, 8, 10 and 11.
        ("exact", SPEC_ROUND["trick_winners"], True),
        ("at-least", SPEC_ROUND["trick_winners"], True),
        # Ann loses trick 5 (to Cleo) but still takes four tricks.
        ("exact", [3, 0, 1, 1, 2, 2, 2, 0, 1, 0, 0, 1, 2], False),
        ("at-least", [3, 0, 1, 1, 2, 2, 2, 0, 1, 0, 0, 1, 2], True),
        # Ann takes only trick 2: one trick of the two she named.
        ("at-least", [3, 0, 1, 1, 2, 2, 2, 1, 1, 2, 2, 1, 2], False),
    ],
)
def test_at_least_counts_tricks_taken_rather_than_the_tricks_named(
    success: str, winners: list[int], ann_succeeds: bool
) -> None:
    rnd = spec_round(trick_winners=winners, suit_cards=[1, 1, 0, 0])
    scores = score(spec_record({"success": success}).with_rounds([rnd])).totals
    won = sum(t for t in (5, 11) if winners[t - 1] == 0)
    base = won + winners.count(0) + 2
    # Ann's score is her tricks and hearts, plus a bonus only if she succeeded.
    assert (scores[0] > base) == ann_succeeds and scores[0] >= base


def test_naming_no_tricks_never_succeeds_even_at_least() -> None:
    # Cleo names nothing and takes three tricks: 3 points, no bonus.
    scores = score(spec_record({"success": "at-least"}).with_rounds([SPEC_ROUND])).totals
    assert scores[2] == 3


@pytest.mark.parametrize(
    ("exposed", "ben"),
    [
        # Ben named 4, 8 and 12 and won 4 and 12; 4 tricks, 5 spades.
        ([], 4 + 12 + 4 + 10),
        ([12], 4 + 2 * 12 + 4 + 10),  # the spec's example: 42
        ([8], 4 + 12 - 2 * 8 + 4 + 10),
        ([8, 12], 4 + 2 * 12 - 2 * 8 + 4 + 10),
        ([4, 8, 12], 2 * 4 + 2 * 12 - 2 * 8 + 4 + 10),
    ],
)
def test_right_hand_tricks_count_double_won_and_lost(exposed: list[int], ben: int) -> None:
    rnd = spec_round(exposed=[[], exposed, [], []])
    assert score(spec_record().with_rounds([rnd])).totals[1] == ben


@pytest.mark.parametrize(
    ("piles", "expected"),
    [
        ([False, False, False, False], (63, 42, 3, 34)),
        ([True, False, False, True], (75, 42, 3, 36)),
        ([True, True, True, True], (75, 52, 3, 36)),
    ],
)
def test_an_exposed_pile_doubles_the_bid_suit_cards(
    piles: list[bool], expected: tuple[int, ...]
) -> None:
    rnd = spec_round(pile_exposed=piles)
    assert score(spec_record().with_rounds([rnd])).totals == expected


# --- The auction and thrown-in deals ---------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_four_players_all_passing_throws_the_deal_in(players: int) -> None:
    record = new_record("abracadabra", PLAYERS[:players], 0)
    record, pending = play_entries(
        record, [Entry("call", (1 + k) % players, "pass") for k in range(players)]
    )
    assert pending == ()
    assert record.rounds == ({"calls": ["pass"] * players},)
    sheet = score(record)
    assert sheet.rounds[0].scores == (0,) * players
    assert sheet.rounds[0].view.bids == ("pass",) * players
    assert sheet.rounds[0].view.notes == ("thrown in",)
    # The deal passes on: the next round is dealt by seat 1.
    current = table(record)
    assert current.round is not None and current.round.dealer == 1


def test_with_two_players_all_passing_calls_a_second_round_then_throws_in() -> None:
    record = new_record("abracadabra", ["Ann", "Ben"], 1)
    record, pending = play_entries(record, [Entry("call", 0, "pass"), Entry("call", 1, "pass")])
    step = table(record, pending).step
    assert step.kind is StepKind.CALL and step.seat == 0
    assert step.prompt == "Ann calls again"
    record, pending = play_entries(
        record, [Entry("call", 0, "pass"), Entry("call", 1, "pass")], pending
    )
    assert pending == ()
    assert record.rounds == ({"calls": ["pass"] * 4},)
    assert score(record).totals == (0, 0)


def test_with_two_players_a_bid_in_the_second_round_makes_a_declarer() -> None:
    record = new_record("abracadabra", ["Ann", "Ben"], 1)
    calls = [Entry("call", 0, "pass"), Entry("call", 1, "pass"), Entry("call", 0, 2)]
    record, pending = play_entries(record, calls)
    # Ben may still outbid Ann in the second round.
    step = table(record, pending).step
    assert step.kind is StepKind.CALL and step.seat == 1
    record, pending = enter(record, pending, Entry("call", 1, "pass"))
    current = table(record, pending)
    assert current.step.kind is AbracadabraStep.SUIT and current.step.seat == 0
    assert current.notes == ("Ann declares 2",)


def test_a_thrown_in_deal_may_keep_the_turned_trump() -> None:
    record = spec_record().with_rounds([{"trump": "none", "calls": ["pass"] * 4}])
    assert score(record).totals == (0, 0, 0, 0)


def test_the_call_step_refuses_bids_not_above_the_highest_with_the_reason() -> None:
    record, pending = play_entries(spec_record(), [Entry("call", 1, 5)])
    current = table(record, pending)
    step = current.step
    assert step.kind is StepKind.CALL and step.seat == 2 and step.prompt == "Cleo calls"
    refused = {c.value: c.refused for c in step.choices if c.refused}
    assert refused == {str(b): "a bid must be higher than 5" for b in range(1, 6)}
    assert [c.value for c in step.choices if c.allowed] == ["pass", *map(str, range(6, 14))]
    assert current.notes == ("highest bid: 5 by Ben",)


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([Entry("call", 1, 5), Entry("call", 2, 5)], "a bid must be higher than 5"),
        ([Entry("call", 1, 5), Entry("call", 2, 3)], "a bid must be higher than 5"),
        ([Entry("call", 2, "pass")], "it is Ben's turn to call"),
        ([Entry("call", 1, 14)], "Ben may bid 1 to 13, not 14"),
        ([Entry("call", 1, 0)], "Ben may bid 1 to 13, not 0"),
        ([Entry("call", 1, "double")], "'double' is not something that can be said here"),
        ([Entry("call", 1, True)], "True is not something that can be said here"),
        ([Entry("suit", 1, "hearts")], 'not yet: next is "Ben calls"'),
        ([Entry("bid", 1, 3)], "'bid' is not something entered in Abracadabra"),
    ],
)
def test_it_refuses_wrong_calls(entries: list[Entry], message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        play_entries(spec_record(), entries)


# --- Bid suits, named tricks, declaring --------------------------------------------

AUCTION = [Entry("call", 1, 3), *(Entry("call", s, "pass") for s in (2, 3, 0))]
SUITS_PICKED = [Entry("suit", 1, "spades"), Entry("suit", 2, "clubs")]


def test_a_bid_suit_already_taken_is_refused_with_its_holder() -> None:
    record, pending = play_entries(spec_record(), AUCTION + SUITS_PICKED)
    step = table(record, pending).step
    assert step.kind is AbracadabraStep.SUIT and step.seat == 3
    refused = {c.value: c.refused for c in step.choices if c.refused}
    assert refused == {"spades": "Ben has spades already", "clubs": "Cleo has clubs already"}
    with pytest.raises(RulesError, match="Cleo has clubs already"):
        enter(record, pending, Entry("suit", 3, "clubs"))


def test_the_last_free_bid_suit_is_entered_without_a_tap() -> None:
    record, pending = play_entries(spec_record(), AUCTION + SUITS_PICKED)
    record, pending = enter(record, pending, Entry("suit", 3, "diamonds"))
    current = table(record, pending)
    assert current.step.kind is AbracadabraStep.NAME and current.step.seat == 1
    assert current.draft is not None
    assert current.draft["bid_suits"] == ["hearts", "spades", "clubs", "diamonds"]
    # Undo takes back the tapped suit, and with it the one filled in.
    record, pending = undo(record, pending)
    current = table(record, pending)
    assert current.step.kind is AbracadabraStep.SUIT and current.step.seat == 3


def test_with_three_players_the_last_bid_suit_is_still_picked() -> None:
    record = new_record("abracadabra", ["Ann", "Ben", "Cleo"], 0)
    pending: tuple[Entry, ...] = ()
    calls = [Entry("call", 1, 2), Entry("call", 2, "pass"), Entry("call", 0, "pass")]
    suits = [Entry("suit", 1, "hearts"), Entry("suit", 2, "spades")]
    record, pending = play_entries(record, calls + suits)
    step = table(record, pending).step
    assert step.kind is AbracadabraStep.SUIT and step.seat == 0
    assert [c.value for c in step.choices if c.allowed] == ["diamonds", "clubs"]


def test_a_record_whose_last_bid_suit_is_taken_already_is_refused() -> None:
    rnd = spec_round(bid_suits=["spades", "spades", "clubs", "diamonds"])
    assert refusal(spec_record().with_rounds([rnd])) == "round 1: Ben has spades already"


def test_a_records_rounds_replay_with_the_last_bid_suit_filled_in() -> None:
    record = spec_record().with_rounds([SPEC_ROUND])
    rules = record.rules
    ctx = context(record, 0, (0, 0, 0, 0))
    entries = rules.entries(ctx, SPEC_ROUND)
    assert [e for e in entries if e.kind == "suit"] == SPEC_ENTRIES[5:8]
    rules.check_round(ctx, SPEC_ROUND)


def test_the_declarer_names_first_then_the_others_from_the_dealers_left() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])
    seen = []
    for entry in SPEC_ENTRIES[8:12]:
        step = table(record, pending).step
        assert step.kind is AbracadabraStep.NAME and (step.low, step.high) == (1, 13)
        seen.append((step.seat, step.prompt))
        record, pending = enter(record, pending, entry)
    assert seen == [
        (1, "Tricks Ben names (exactly 3)"),
        (2, "Tricks Cleo names (fewer than 3)"),
        (3, "Tricks Dev names (fewer than 3)"),
        (0, "Tricks Ann names (fewer than 3)"),
    ]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([Entry("name", 1, [4, 8])], "Ben bid 3 and must name exactly 3 tricks, not 2"),
        ([Entry("name", 1, [1, 2, 3, 4])], "Ben bid 3 and must name exactly 3 tricks, not 4"),
        ([Entry("name", 1, [4, 8, 8])], "Ben names trick 8 twice"),
        ([Entry("name", 1, [4, 8, 14])], "Ben may name tricks 1 to 13, not 14"),
        ([Entry("name", 1, [0, 8, 12])], "Ben may name tricks 1 to 13, not 0"),
        ([Entry("name", 1, [4, "8", 12])], "a trick number must be a whole number, not '8'"),
        ([Entry("name", 1, 4)], "Ben's named tricks must be a list of trick numbers, not 4"),
        ([Entry("name", 2, [4, 8, 12])], "it is Ben's turn to name tricks"),
        (
            [Entry("name", 1, [4, 8, 12]), Entry("name", 2, [1, 2, 3])],
            "Cleo must name fewer tricks than Ben's 3, not 3",
        ),
    ],
)
def test_it_refuses_wrongly_named_tricks(names: list[Entry], message: str) -> None:
    suits = SPEC_ENTRIES[5:8]
    with pytest.raises(RulesError) as error:
        play_entries(spec_record(), AUCTION + suits + names)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            {"exposed": [5], "pile_exposed": [False] * 4},
            "Ben did not name trick 5, so cannot expose it",
        ),
        (
            {"exposed": [12, 12], "pile_exposed": [False] * 4},
            "Ben names trick 12 twice",
        ),
        (
            {"exposed": [12], "pile_exposed": [False] * 3},
            "pile_exposed must list one value for each of the 4 players",
        ),
        (
            {"exposed": [12], "pile_exposed": [0, 0, 0, 0]},
            "pile_exposed is true or false, not 0",
        ),
        ({"exposed": [12]}, "the declaring says which tricks are exposed and which piles"),
        ([12], "the declaring says which tricks are exposed and which piles"),
    ],
)
def test_it_refuses_a_wrong_declaring(value: object, message: str) -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:12])
    step = table(record, pending).step
    assert step.kind is AbracadabraStep.DECLARE and step.seat == 1
    with pytest.raises(RulesError) as error:
        enter(record, pending, Entry("declare", None, value))
    assert str(error.value) == message


def test_the_trick_steps_ask_who_won_each_trick_by_name() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:16])
    current = table(record, pending)
    step = current.step
    assert step.kind is AbracadabraStep.TRICK and step.prompt == "Who won trick 4?"
    assert [(c.value, c.label) for c in step.choices] == [
        ("0", "Ann"),
        ("1", "Ben"),
        ("2", "Cleo"),
        ("3", "Dev"),
    ]
    assert current.notes == ("Ben declares 3", "trump hearts", "trick 4 of 13", "named by Ben")
    with pytest.raises(RulesError, match="4 is not something that can be said here"):
        enter(record, pending, Entry("trick", None, 4))


def test_bid_suit_cards_above_what_a_player_took_are_refused() -> None:
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:26])
    step = table(record, pending).step
    # Dev took one trick: four cards.
    record, pending = play_entries(record, [Entry("suit_cards", 1, 5)], pending)
    record, pending = play_entries(record, [Entry("suit_cards", 2, 0)], pending)
    step = table(record, pending).step
    assert step.kind is AbracadabraStep.SUIT_CARDS and step.seat == 3
    assert step.prompt == "Diamonds in Dev's tricks: how many?"
    assert [c.value for c in step.choices if c.allowed] == ["0", "1", "2", "3", "4"]
    with pytest.raises(RulesError) as error:
        enter(record, pending, Entry("suit_cards", 3, 5))
    assert str(error.value) == "Dev cannot have taken 5 diamonds: 1 trick of 4 cards hold 4 cards"


@pytest.mark.parametrize(
    ("players", "taken", "most", "why"),
    [
        (4, 13, 13, "the pack has 13 cards of each suit"),
        (4, 3, 12, "3 tricks of 4 cards hold 12 cards"),
        (3, 4, 9, "the pack has 9 cards of each suit"),
        (3, 2, 6, "2 tricks of 3 cards hold 6 cards"),
        # Two players play with a dummy: three cards a trick.
        (2, 2, 6, "2 tricks of 3 cards hold 6 cards"),
        (2, 0, 0, "0 tricks of 3 cards hold 0 cards"),
    ],
)
def test_the_most_bid_suit_cards_is_the_cards_taken_or_the_suit(
    players: int, taken: int, most: int, why: str
) -> None:
    from rules_engine.abracadabra_deal import suit_card_limit

    record = new_record("abracadabra", PLAYERS[:players], 0)
    ctx = context(record, 0, (0,) * players)
    assert suit_card_limit(ctx, taken) == (most, why)


# --- The declarer names trump ------------------------------------------------------


def test_with_declarer_names_trump_the_declarer_names_it_after_the_auction() -> None:
    record = spec_record({"declarer_names_trump": True})
    with pytest.raises(RulesError, match="the declarer names trump once the auction is over"):
        enter(record, (), Entry("trump", None, "hearts"))
    record, pending = play_entries(record, AUCTION)
    step = table(record, pending).step
    assert step.kind is StepKind.TRUMP and step.seat == 1 and step.prompt == "Ben names trump"
    assert [c.value for c in step.choices] == ["spades", "hearts", "diamonds", "clubs", "none"]
    with pytest.raises(RulesError, match='not yet: next is "Ben names trump"'):
        enter(record, pending, Entry("suit", 1, "spades"))
    record, pending = enter(record, pending, Entry("trump", 1, "none"))
    assert table(record, pending).step.kind is AbracadabraStep.SUIT
    with pytest.raises(RulesError, match="trump is named already"):
        enter(record, pending, Entry("trump", 1, "hearts"))
    record, pending = play_entries(record, SPEC_ENTRIES[5:], pending)
    assert record.rounds[0]["trump"] == "none"
    assert score(record).totals == (63, 42, 3, 36)


def test_with_declarer_names_trump_a_record_must_say_the_trump() -> None:
    rnd = {k: v for k, v in SPEC_ROUND.items() if k != "trump"}
    record = spec_record({"declarer_names_trump": True}).with_rounds([rnd])
    assert refusal(record) == "round 1: the round has no 'trump': Ben names it"
    thrown = {"trump": "hearts", "calls": ["pass"] * 4}
    record = spec_record({"declarer_names_trump": True}).with_rounds([thrown])
    assert refusal(record) == "round 1: every player passed, so no declarer named trump"


# --- Records -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rnd", "message"),
    [
        (
            {"calls": ["pass"] * 4, "named": [[], [], [], []]},
            "every player passed, so the deal was thrown in and has no 'named'",
        ),
        ({"calls": ["pass"] * 3}, "the round is not finished: ann calls"),
        ({"calls": ["pass"] * 5}, "there are more calls than the auction allows"),
        ({"calls": ["pass"] * 4 + [3]}, "there are more calls than the auction allows"),
        ({"calls": [3, 4, "pass", 2]}, "a bid must be higher than 4"),
        ({"calls": ["3", "pass", "pass", "pass"]}, 'a call is a bid (a number) or "pass"'),
        (spec_round(calls=[3, "pass", "pass"]), "the round is not finished: ann calls"),
        (
            {k: v for k, v in SPEC_ROUND.items() if k != "suit_cards"},
            "the round has no 'suit_cards'",
        ),
        (spec_round(extra=1), "the round has an unknown field 'extra'"),
        (
            spec_round(exposed=[[5], [12], [], []]),
            "only the declarer, Ben, exposes named tricks, not Ann",
        ),
        (spec_round(exposed=[[], [5], [], []]), "Ben did not name trick 5, so cannot expose it"),
        (spec_round(trick_winners=[0] * 12), "trick_winners must list the winner of each of"),
        (
            spec_round(trick_winners=[4] + [0] * 12),
            "a trick's winner is a seat from 0 to 3, not 4",
        ),
        (spec_round(trick_winners=["3"] + [0] * 12), "a trick's winner must be a whole number"),
        (spec_round(bid_suits=["hearts", "hearts", "clubs", "diamonds"]), "Ben has hearts already"),
        (spec_round(bid_suits=["Hearts", "spades", "clubs", "diamonds"]), "a bid suit is one of"),
        (spec_round(named=[[5, 11], [4, 8], [], [1]]), "Ben bid 3 and must name exactly 3"),
        (spec_round(named=[[5, 11, 13], [4, 8, 12], [], [1]]), "Ann must name fewer tricks"),
        (spec_round(suit_cards=[6, 5, 0, 5]), "Dev cannot have taken 5 diamonds"),
        (spec_round(suit_cards=[6, 5, 0, True]), "suit_cards must be a whole number"),
        (spec_round(pile_exposed=[0, 0, 0, 0]), "pile_exposed is true or false, not 0"),
        (spec_round(trump="red"), "trump must be one of"),
        (spec_round(named="all"), "named must list one value for each of the 4 players"),
    ],
)
def test_it_refuses_a_record_round_that_breaks_a_rule(rnd: dict[str, Any], message: str) -> None:
    error = refusal(spec_record().with_rounds([rnd]))
    assert error.lower().startswith("round 1: " + message.lower())


def test_a_record_round_may_list_named_tricks_in_any_order() -> None:
    rnd = spec_round(named=[[11, 5], [12, 4, 8], [], [1]])
    assert score(spec_record().with_rounds([rnd])).totals == (63, 42, 3, 36)


# --- The end of the game -------------------------------------------------------------


def rotated(rnd: dict[str, Any], by: int) -> dict[str, Any]:
    """The same deal, every role moved ``by`` seats clockwise (dealt by seat ``by``)."""

    def move(values: list[Any]) -> list[Any]:
        return [values[(seat - by) % len(values)] for seat in range(len(values))]

    seat_fields = ("bid_suits", "named", "exposed", "pile_exposed", "suit_cards")
    moved = {key: move(rnd[key]) for key in seat_fields}
    winners = [(w + by) % len(rnd["bid_suits"]) for w in rnd["trick_winners"]]
    return {**rnd, **moved, "trick_winners": winners}


def spec_deals(count: int) -> list[dict[str, Any]]:
    """The spec's deal, dealt in turn: the dealer scores 63, the next 42, 3 and 36."""
    return [rotated(SPEC_ROUND, index % 4) for index in range(count)]


def test_it_plays_to_the_target_and_ends_after_the_deal_that_reaches_it() -> None:
    record = spec_record({"target": 120})
    sheet = score(record.with_rounds(spec_deals(2)))
    assert not sheet.finished and sheet.totals == (99, 105, 45, 39)
    assert table(record.with_rounds(spec_deals(2))).round_label == "Round 3, to 120"
    sheet = score(record.with_rounds(spec_deals(3)))
    assert sheet.finished and sheet.totals == (102, 141, 108, 81) and sheet.winners == (1,)
    error = refusal(record.with_rounds(spec_deals(4)))
    assert error.startswith("round 4: the game was already over")


def test_the_default_target_is_300() -> None:
    assert table(spec_record()).round_label == "Round 1, to 300"
    sheet = score(spec_record().with_rounds(spec_deals(8)))
    assert sheet.totals == (288, 288, 288, 288) and not sheet.finished
    sheet = score(spec_record().with_rounds(spec_deals(9)))
    assert sheet.totals == (351, 330, 291, 324) and sheet.winners == (0,)


def test_with_deals_set_the_game_is_that_many_deals_and_the_target_is_ignored() -> None:
    record = spec_record({"deals": 2, "target": 50})
    assert table(record).round_label == "Round 1 of 2"
    assert not score(record.with_rounds([SPEC_ROUND])).finished
    thrown = {"calls": ["pass"] * 4}
    sheet = score(record.with_rounds([SPEC_ROUND, thrown]))
    assert sheet.finished and sheet.winners == (0,)


def test_ties_on_the_highest_total_share_the_win() -> None:
    thrown = {"calls": ["pass"] * 4}
    sheet = score(spec_record({"deals": 1}).with_rounds([thrown]))
    assert sheet.finished and sheet.winners == (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "option target is at least 1, not 0"),
        ({"deals": 0}, "option deals is at least 1, not 0"),
        # RULINGS, "Length": a number of deals is 1..200, as many as a game holds.
        ({"deals": 201}, "option deals is at most 200, not 201"),
        ({"deals": 999_999_999}, "option deals is at most 200, not 999999999"),
        ({"success": "more"}, "option success is one of exact, at-least, exact-count, not 'more'"),
        ({"declarer_names_trump": 1}, "option declarer_names_trump is true or false, not 1"),
    ],
)
def test_it_refuses_wrong_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as error:
        spec_record(options)
    assert str(error.value) == message


@pytest.mark.parametrize(("players", "hand"), [(2, 12), (3, 12), (4, 13)])
def test_the_hand_size_depends_on_the_players(players: int, hand: int) -> None:
    record = new_record("abracadabra", PLAYERS[:players], 0)
    assert GAMES["abracadabra"].hand_size(record.setup, 0) == hand
    with pytest.raises(RulesError, match="Abracadabra is for 2 to 4 players, not 5"):
        new_record("abracadabra", [*PLAYERS, "Eve"], 0)


# --- Random legal games ----------------------------------------------------------------


def random_entry(record: Record, pending: tuple[Entry, ...], pick: int) -> Entry:
    """An allowed entry for the step at hand, chosen by ``pick``."""
    current = table(record, pending)
    step = current.step
    assert current.round is not None
    bid = max((e.value for e in pending if e.kind == "call" and e.value != "pass"), default=0)
    if step.kind is AbracadabraStep.NAME:
        tricks = list(range(step.low, step.high + 1))
        count = bid if not any(e.kind == "name" for e in pending) else pick % bid
        start = pick % len(tricks)
        return Entry(
            "name", step.seat, [tricks[(start + 5 * k) % len(tricks)] for k in range(count)]
        )
    if step.kind is AbracadabraStep.DECLARE:
        named = next(e.value for e in pending if e.kind == "name")
        piles = [bool(pick >> seat & 1) for seat in range(current.round.n)]
        return Entry(
            "declare", None, {"exposed": named[: pick % (len(named) + 1)], "pile_exposed": piles}
        )
    allowed = [c for c in step.choices if c.allowed]
    choice = allowed[pick % len(allowed)]
    if step.kind is StepKind.CALL:
        # Pass often, so that thrown-in deals and second rounds come up.
        value: object = "pass" if pick % 3 == 0 else choice.value
        value = value if value == "pass" else int(str(value))
        return Entry("call", step.seat, value)
    if step.kind in (AbracadabraStep.SUIT, StepKind.TRUMP):
        return Entry(str(step.kind), step.seat, choice.value)
    return Entry(str(step.kind), step.seat, int(choice.value))


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, dict[str, Any], list[int]]:
    players = draw(st.integers(2, 4))
    options: dict[str, Any] = {
        "declarer_names_trump": draw(st.booleans()),
        "success": draw(st.sampled_from(["exact", "at-least"])),
    }
    if draw(st.booleans()):
        options["deals"] = draw(st.integers(1, 3))
    else:
        options["target"] = draw(st.integers(1, 120))
    picks = draw(st.lists(st.integers(0, 10_000), min_size=200, max_size=200))
    return players, draw(st.integers(0, players - 1)), options, picks


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(games())
def test_random_legal_games_keep_every_rule(
    game: tuple[int, int, dict[str, Any], list[int]],
) -> None:
    players, dealer, options, picks = game
    record = new_record("abracadabra", PLAYERS[:players], dealer, options)
    pending: tuple[Entry, ...] = ()
    moves = iter(picks * 20)
    while len(record.rounds) < 8 and table(record, pending).step.kind is not StepKind.OVER:
        record, pending = enter(record, pending, random_entry(record, pending, next(moves)))
    sheet = score(record)
    if "deals" in options:
        assert sheet.finished == (len(record.rounds) == options["deals"])
    else:
        assert sheet.finished == (max(sheet.totals) >= options["target"])
        for scored in sheet.rounds[:-1]:
            assert max(scored.totals) < options["target"]
    running = [0] * players
    hand = 13 if players == 4 else 12
    for scored, rnd in zip(sheet.rounds, record.rounds, strict=True):
        running = [t + s for t, s in zip(running, scored.points, strict=True)]
        assert list(scored.totals) == running
        bids = [c for c in rnd["calls"] if c != "pass"]
        if not bids:
            assert set(rnd) <= {"calls", "trump"} and scored.scores == (0,) * players
            continue
        assert bids == sorted(set(bids))
        declarer = scored.view.bids.index(f"{bids[-1]}*")
        assert len(rnd["trick_winners"]) == hand
        assert sorted(rnd["bid_suits"]) == sorted(set(rnd["bid_suits"]))
        for seat in range(players):
            if seat != declarer:
                assert len(rnd["named"][seat]) < bids[-1] and rnd["exposed"][seat] == []
                # Only the declarer can lose points, on right-hand tricks lost.
                assert scored.points[seat] >= 0
        assert set(rnd["exposed"][declarer]) <= set(rnd["named"][declarer])
    if sheet.finished:
        assert sheet.winners == tuple(
            s for s, t in enumerate(sheet.totals) if t == max(sheet.totals)
        )


def test_the_table_shows_tricks_named_and_taken_while_the_deal_is_played() -> None:
    from rules_engine import Entry, new_record, table

    record = new_record("abracadabra", ["Ann", "Ben", "Cleo"], 0)

    pending: tuple[Entry, ...] = ()
    for entry in [
        Entry("call", 1, 2),
        Entry("call", 2, "pass"),
        Entry("call", 0, "pass"),
        Entry("suit", 1, "hearts"),
        Entry("suit", 2, "spades"),
        Entry("suit", 0, "clubs"),
        Entry("name", 1, [1, 2]),
        Entry("name", 2, [3]),
        Entry("name", 0, []),
        Entry("declare", None, {"exposed": [], "pile_exposed": [False, False, False]}),
        Entry("trick", None, 1),
    ]:
        record, pending = enter(record, pending, entry)
    view = table(record, pending).round_view
    assert view is not None
    assert view.bids == ("0", "2*", "1")
    assert view.tricks == ("0", "1", "0")


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games(), st.sampled_from(["exact", "at-least", "exact-count"]))
def test_each_players_score_parts_add_up_to_their_score_for_random_deals(
    game: tuple[int, int, dict[str, Any], list[int]], success: str
) -> None:
    players, dealer, options, picks = game
    record = new_record("abracadabra", PLAYERS[:players], dealer, {**options, "success": success})
    pending: tuple[Entry, ...] = ()
    moves = iter(picks * 20)
    while len(record.rounds) < 4 and table(record, pending).step.kind is not StepKind.OVER:
        record, pending = enter(record, pending, random_entry(record, pending, next(moves)))
    rules = record.rules
    assert isinstance(rules, Abracadabra)
    for scored, played in zip(score(record).rounds, record.rounds, strict=True):
        ctx = context(record, scored.number - 1, (0,) * players)
        rnd = cast(AbracadabraRound, played)  # checked by score() above
        parts = rules.score_parts(ctx, rnd)
        assert tuple(sum(p for _, p in seat) for seat in parts) == rules.score_round(ctx, rnd)
        assert tuple(sum(p for _, p in seat) for seat in parts) == scored.scores
        thrown_in = rnd["calls"].count("pass") == len(rnd["calls"])
        assert len(scored.view.breakdown) == (0 if thrown_in else players)
        for text, seat in zip(scored.view.breakdown, parts, strict=False):
            # Nothing scored reads "0"; else the parts, then "= " and their sum
            # (which may be 0 too: a right-hand trick lost against others won).
            if any(points for _, points in seat):
                assert text.endswith(f"= {sum(points for _, points in seat)}")
            else:
                assert text == "0"


def test_the_spec_examples_score_reads_as_its_parts() -> None:
    view = score(spec_record().with_rounds([SPEC_ROUND])).rounds[0].view
    # Ann and Dev succeed (30 each for two successes); Ben missed trick 8, but his
    # exposed trick 12, won, counts double; Dev's open pile makes his heart 4.
    assert view.breakdown == (
        "30 success + 16 named + 5 tricks + 12 suit cards = 63",
        "4 named + 24 right hand + 4 tricks + 10 suit cards = 42",
        "3 tricks = 3",
        "30 success + 1 named + 1 trick + 4 suit cards = 36",
    )


def test_a_lost_right_hand_trick_is_taken_off_in_the_parts() -> None:
    winners = list(SPEC_ROUND["trick_winners"])
    winners[11] = 2  # Cleo, not Ben, wins trick 12
    view = score(spec_record().with_rounds([spec_round(trick_winners=winners)])).rounds[0].view
    assert view.breakdown[1] == "4 named - 24 right hand + 3 tricks + 10 suit cards = -7"


# --- Same bid suits as last deal ----------------------------------------------------

# Round 2: Cleo (left of Ben, who deals) bids 2; everyone else passes.
ROUND_2_AUCTION = [Entry("call", 2, 2), *(Entry("call", s, "pass") for s in (3, 0, 1))]


def same_suits(record: Record, pending: tuple[Entry, ...]) -> list[str]:
    steps = table(record, pending).optional_steps
    return [c.label for s in steps if s.kind is AbracadabraStep.SUITS for c in s.choices]


def test_last_deals_bid_suits_are_taken_again_in_one_tap() -> None:
    record = spec_record().with_rounds([SPEC_ROUND])
    record, pending = play_entries(record, ROUND_2_AUCTION)
    assert same_suits(record, pending) == ["Cleo ♣, Dev ♦, Ann ♥, Ben ♠"]

    record, pending = enter(record, pending, Entry("suits", None, "same"))

    current = table(record, pending)
    assert current.step.kind is AbracadabraStep.NAME and current.step.seat == 2
    assert current.draft is not None
    assert current.draft["bid_suits"] == SPEC_ROUND["bid_suits"]
    assert same_suits(record, pending) == []
    # Undo takes the four suits back at once.
    record, pending = undo(record, pending)
    assert table(record, pending).step.kind is AbracadabraStep.SUIT
    # The deal, finished, holds every bid suit as if each had been tapped.
    rest = [
        Entry("name", 2, [1, 2]),
        *(Entry("name", s, []) for s in (3, 0, 1)),
        Entry("declare", None, {"exposed": [], "pile_exposed": [False] * 4}),
        *(Entry("trick", None, 2) for _ in range(13)),
        # Cleo took every trick; the others, none, took no card of their suit either:
        # their 0s are entered with Cleo's tap, not asked.
        Entry("suit_cards", 2, 0),
    ]
    record, pending = play_entries(record, [Entry("suits", None, "same"), *rest], pending)
    assert record.rounds[1]["bid_suits"] == SPEC_ROUND["bid_suits"]
    score(record)  # the record's rounds replay as entered


def test_after_a_thrown_in_deal_the_last_deal_played_offers_its_bid_suits() -> None:
    # Deal 1 played, deal 2 thrown in (nobody was asked for a suit), deal 3 called.
    thrown_in = {"calls": ["pass"] * 4}
    record = spec_record().with_rounds([SPEC_ROUND, thrown_in])
    auction = [Entry("call", 3, 2), *(Entry("call", s, "pass") for s in (0, 1, 2))]
    record, pending = play_entries(record, auction)
    assert same_suits(record, pending) == ["Dev ♦, Ann ♥, Ben ♠, Cleo ♣"]

    record, pending = enter(record, pending, Entry("suits", None, "same"))

    current = table(record, pending)
    assert current.draft is not None
    assert current.draft["bid_suits"] == SPEC_ROUND["bid_suits"]
    assert current.step.kind is AbracadabraStep.NAME and current.step.seat == 3


def test_same_suits_are_offered_only_before_any_suit_is_picked_after_a_deal_with_suits() -> None:
    record, pending = play_entries(spec_record(), AUCTION)
    assert same_suits(record, pending) == []  # the first deal
    with pytest.raises(RulesError, match="there are no bid suits of a last deal to take again"):
        enter(record, pending, Entry("suits", None, "same"))

    thrown_in = spec_record().with_rounds([{"calls": ["pass"] * 4}])
    assert same_suits(*play_entries(thrown_in, ROUND_2_AUCTION)) == []  # none played yet

    record, pending = play_entries(spec_record().with_rounds([SPEC_ROUND]), ROUND_2_AUCTION)
    assert same_suits(record, ()) == []  # not during the auction
    record, pending = enter(record, pending, Entry("suit", 2, "hearts"))
    assert same_suits(record, pending) == []
    with pytest.raises(RulesError, match="taken before any is picked"):
        enter(record, pending, Entry("suits", None, "same"))
