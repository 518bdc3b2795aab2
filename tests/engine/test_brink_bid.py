"""Brink Bid: the schedule, the dice and the pass, the roll before the bids, the Brink."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import (
    GAMES,
    Dice,
    Entry,
    Pass,
    RulesError,
    StepKind,
    new_record,
    passes,
    roll_brink_dice,
    score,
    table,
)
from rules_engine.brink_bid import (
    DIRECTION_FACES,
    NUMBER_FACES,
    TRUMP_FACES,
    BrinkBidStep,
    hand_sizes,
)
from rules_engine.record import Record
from tests.engine.entering import enter

PLAYERS = ["Ann", "Ben", "Cleo", "Dev"]
DICE = {"trump": "hearts", "number": 2, "direction": "across-left"}


def names(count: int) -> list[str]:
    return ["Ann", "Ben", "Cleo", "Dev", "Eve", "Fay"][:count]


def enter_all(
    record: Record, entries: list[Entry], pending: tuple[Entry, ...] = ()
) -> tuple[Record, tuple[Entry, ...]]:
    for entry in entries:
        record, pending = enter(record, pending, entry)
    return record, pending


# --- The shape of the game ------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, (4, 5, 6, 7, 8, 9, 10, 11, 12, 13)),
        (3, (4, 5, 6, 7, 8, 9, 10, 11, 12, 13)),
        (4, (4, 5, 6, 7, 8, 9, 10, 11, 12, 13)),
        (5, (4, 5, 6, 7, 8, 9, 10)),
        (6, (4, 5, 6, 7, 8)),
    ],
)
def test_it_deals_4_cards_then_one_more_a_hand_up_to_the_final_hand(
    players: int, expected: tuple[int, ...]
) -> None:
    assert hand_sizes(players) == expected
    setup = new_record("brink-bid", names(players), 0).setup
    rules = GAMES["brink-bid"]
    assert rules.round_count(setup) == len(expected)
    assert [rules.hand_size(setup, i) for i in range(len(expected))] == list(expected)


@pytest.mark.parametrize("players", [1, 7])
def test_it_is_for_2_to_6_players(players: int) -> None:
    with pytest.raises(RulesError, match=f"Brink Bid is for 2 to 6 players, not {players}"):
        new_record("brink-bid", [f"P{i}" for i in range(players)], 0)


def test_it_has_no_options() -> None:
    with pytest.raises(RulesError, match="unknown option 'style'"):
        new_record("brink-bid", PLAYERS, 0, {"style": "long"})


# --- Scoring ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [
        # The source's example: bid 4 scores 5 for 4 tricks, 2 for 3 or 5, else 0.
        (4, 4, 5),
        (4, 3, 2),
        (4, 5, 2),
        (4, 2, 0),
        (4, 6, 0),
        (4, 0, 0),
        (0, 0, 5),
        (0, 1, 2),
        (0, 2, 0),
    ],
)
def test_it_scores_5_for_the_bid_and_2_on_the_brink(bid: int, tricks: int, points: int) -> None:
    # Round 4 deals 7 cards; Ann bids `bid` and takes `tricks`; Dev takes the rest.
    rounds: list[dict[str, Any]] = [
        {"bids": [0, 0, 0, size], "tricks": [0, 0, 0, size]} for size in (4, 5, 6)
    ]
    rounds.append({"bids": [bid, 0, 0, 0], "tricks": [tricks, 0, 0, 7 - tricks]})
    sheet = score(new_record("brink-bid", PLAYERS, 0).with_rounds(rounds))
    assert sheet.rounds[3].hand_size == 7
    assert sheet.rounds[3].scores[0] == points


def test_it_scores_a_record_round_with_dice() -> None:
    record = new_record("brink-bid", PLAYERS, 0).with_rounds(
        [{"bids": [1, 2, 0, 1], "tricks": [1, 1, 2, 0], "dice": DICE}]
    )
    sheet = score(record)
    assert sheet.rounds[0].dealer == 0
    assert sheet.rounds[0].hand_size == 4
    assert sheet.rounds[0].scores == (5, 2, 0, 2)
    assert sheet.rounds[0].view.bids == ("1", "2", "0", "1")
    assert sheet.rounds[0].view.notes == ("Trump: hearts", "Pass 2 cards across")
    assert not sheet.finished


def test_the_table_enters_the_same_round_entry_by_entry() -> None:
    record, pending = enter_all(
        new_record("brink-bid", PLAYERS, 0),
        [
            Entry("dice", 1, DICE),
            *[Entry("bid", seat, bid) for seat, bid in [(1, 2), (2, 0), (3, 1), (0, 1)]],
            *[Entry("tricks", seat, t) for seat, t in [(1, 1), (2, 2), (3, 0)]],
        ],
    )
    assert pending == ()
    assert record.rounds == ({"bids": [1, 2, 0, 1], "tricks": [1, 1, 2, 0], "dice": DICE},)
    assert score(record).totals == (5, 2, 0, 2)


def test_the_game_ends_after_the_final_hand_with_ties_shared() -> None:
    record = new_record("brink-bid", names(6), 0)
    # Ann takes every trick; everyone bids 0 but Ann, so only Ann misses.
    rounds = [{"bids": [0] * 6, "tricks": [size, 0, 0, 0, 0, 0]} for size in hand_sizes(6)]
    sheet = score(record.with_rounds(rounds))
    assert sheet.finished
    assert sheet.totals == (0, 25, 25, 25, 25, 25)
    assert sheet.winners == (1, 2, 3, 4, 5)
    assert not score(record.with_rounds(rounds[:-1])).finished
    with pytest.raises(RulesError, match="round 6: the game was already over"):
        score(record.with_rounds([*rounds, rounds[-1]]))


# --- The dice -------------------------------------------------------------------


PASS_TABLE = [
    # (players, direction, receiver of each seat in seat order)
    (2, "left", (1, 0)),
    (2, "right", (1, 0)),
    (2, "across-left", (1, 0)),
    (2, "across-right", (1, 0)),
    (3, "left", (1, 2, 0)),
    (3, "right", (2, 0, 1)),
    (3, "across-left", (1, 2, 0)),
    (3, "across-right", (2, 0, 1)),
    (4, "left", (1, 2, 3, 0)),
    (4, "right", (3, 0, 1, 2)),
    (4, "across-left", (2, 3, 0, 1)),
    (4, "across-right", (2, 3, 0, 1)),
    (5, "left", (1, 2, 3, 4, 0)),
    (5, "right", (4, 0, 1, 2, 3)),
    (5, "across-left", (1, 2, 3, 4, 0)),
    (5, "across-right", (4, 0, 1, 2, 3)),
    (6, "left", (1, 2, 3, 4, 5, 0)),
    (6, "right", (5, 0, 1, 2, 3, 4)),
    (6, "across-left", (3, 4, 5, 0, 1, 2)),
    (6, "across-right", (3, 4, 5, 0, 1, 2)),
]


@pytest.mark.parametrize(("players", "direction", "receivers"), PASS_TABLE)
@pytest.mark.parametrize("number", [1, 2, 3])
def test_every_player_passes_the_number_in_the_dice_direction(
    players: int, direction: str, receivers: tuple[int, ...], number: int
) -> None:
    assert passes(players, Dice("spades", number, direction)) == tuple(
        Pass(seat, receiver, number) for seat, receiver in enumerate(receivers)
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("direction", DIRECTION_FACES)
def test_nobody_passes_on_the_no_pass_face(players: int, direction: str) -> None:
    assert passes(players, Dice("none", None, direction)) == ()


@pytest.mark.parametrize(
    ("dice", "data"),
    [
        (Dice("hearts", 2, "across-left"), DICE),
        (
            Dice("none", None, "right"),
            {"trump": "none", "number": "none", "direction": "right"},
        ),
        (Dice("clubs", 3, "left"), {"trump": "clubs", "number": 3, "direction": "left"}),
    ],
)
def test_dice_read_and_write_the_records_json(dice: Dice, data: dict[str, Any]) -> None:
    assert dice.to_json() == data
    assert Dice.from_json(data) == dice
    assert Dice.from_json(dice.to_json()) == dice


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({**DICE, "trump": "stars"}, "the trump die shows spades, diamonds, clubs, hearts, none"),
        ({**DICE, "trump": None}, "the trump die shows spades, diamonds, clubs, hearts, none"),
        ({**DICE, "number": 4}, "the number die shows 1, 2, 3 or none, not 4"),
        ({**DICE, "number": 0}, "the number die shows 1, 2, 3 or none, not 0"),
        ({**DICE, "number": True}, "the number die shows 1, 2, 3 or none, not true"),
        ({**DICE, "number": "2"}, "the number die shows 1, 2, 3 or none, not '2'"),
        ({**DICE, "number": 2.0}, "the number die shows 1, 2, 3 or none, not 2.0"),
        ({**DICE, "number": None}, "the number die shows 1, 2, 3 or none, not null"),
        ({**DICE, "direction": "up"}, "the direction die shows left, right, across-left"),
        ({**DICE, "direction": ["left"]}, "the direction die shows left, right, across-left"),
        ({"trump": "hearts", "number": 2}, "the dice must give the trump, the number and"),
        ({**DICE, "colour": "red"}, "the dice must give the trump, the number and"),
        ("hearts 2 left", "the dice must give the trump, the number and the direction"),
        (None, "the dice must give the trump, the number and the direction"),
    ],
)
def test_it_refuses_faces_the_dice_do_not_have(data: object, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        Dice.from_json(data)
    record = new_record("brink-bid", PLAYERS, 0)
    with pytest.raises(RulesError, match=message):
        enter(record, (), Entry("dice", None, data))
    bad_round = {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1], "dice": data}
    with pytest.raises(RulesError, match=f"round 1: {message}"):
        score(record.with_rounds([bad_round]))


def test_dice_built_in_code_refuse_a_face_that_is_not_there() -> None:
    with pytest.raises(RulesError, match="the number die shows 1, 2, 3 or none, not 1.0"):
        Dice("hearts", 1.0, "left")  # type: ignore[arg-type]


def test_a_fixed_seed_rolls_the_same_dice() -> None:
    assert roll_brink_dice(random.Random(2024)) == Dice("hearts", 2, "across-left")
    rng = random.Random(2024)
    expected = Dice(rng.choice(TRUMP_FACES), rng.choice(NUMBER_FACES), rng.choice(DIRECTION_FACES))
    assert roll_brink_dice(random.Random(2024)) == expected


def test_every_face_of_every_die_comes_up() -> None:
    rng = random.Random(1)
    rolls = [roll_brink_dice(rng) for _ in range(400)]
    assert {d.trump for d in rolls} == set(TRUMP_FACES)
    assert {d.number for d in rolls} == set(NUMBER_FACES)
    assert {d.direction for d in rolls} == set(DIRECTION_FACES)


# --- The roll, the bids, the step machine -------------------------------------------


def test_the_dealers_left_rolls_the_dice_first_then_bids_first() -> None:
    record = new_record("brink-bid", PLAYERS, 3)
    step = table(record).step
    assert (step.kind, step.seat, step.prompt) == (BrinkBidStep.ROLL, 0, "Ann rolls the dice")
    assert table(record).notes == ()
    record, pending = enter(record, (), Entry("dice", 0, DICE))
    step = table(record, pending).step
    assert (step.kind, step.seat, step.prompt) == (StepKind.BID, 0, "Ann bids")
    assert [c.value for c in step.choices] == ["0", "1", "2", "3", "4"]


def test_the_notes_show_the_trump_and_every_players_pass() -> None:
    record, pending = enter(new_record("brink-bid", PLAYERS, 0), (), Entry("dice", 1, DICE))
    pass_notes = (
        "Trump: hearts",
        "Pass 2 cards across",
        "Ann passes 2 to Cleo",
        "Ben passes 2 to Dev",
        "Cleo passes 2 to Ann",
        "Dev passes 2 to Ben",
    )
    assert table(record, pending).notes == pass_notes
    record, pending = enter(record, pending, Entry("bid", 1, 3))
    assert table(record, pending).notes == (
        "The bids add up to 3 of 4 tricks: under by 1",
        *pass_notes,
    )


@pytest.mark.parametrize(
    ("players", "dice", "expected"),
    [
        (
            3,
            {"trump": "none", "number": 1, "direction": "across-right"},
            # The die's arrow points across: why the cards go to the right, said beside it.
            ("No trump", "Pass 1 card to the right",
             "Across-right with 3 players: nobody sits across, so the cards go to the right",
             "Ann passes 1 to Cleo", "Ben passes 1 to Ann", "Cleo passes 1 to Ben"),
        ),
        (
            2,
            {"trump": "spades", "number": 3, "direction": "left"},
            ("Trump: spades", "Pass 3 cards to the other player", "Ann passes 3 to Ben",
             "Ben passes 3 to Ann"),
        ),
        (
            5,
            {"trump": "clubs", "number": "none", "direction": "left"},
            ("Trump: clubs", "No pass"),
        ),
    ],
)  # fmt: skip
def test_the_notes_say_the_pass_for_each_table(
    players: int, dice: dict[str, Any], expected: tuple[str, ...]
) -> None:
    record, pending = enter(new_record("brink-bid", names(players), 0), (), Entry("dice", 1, dice))
    assert table(record, pending).notes == expected


def test_a_bid_may_be_entered_without_the_dice() -> None:
    record, pending = enter_all(
        new_record("brink-bid", PLAYERS, 0),
        [Entry("bid", seat, 1) for seat in (1, 2, 3, 0)]
        + [Entry("tricks", seat, 1) for seat in (1, 2, 3)],
    )
    assert record.rounds == ({"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]},)
    assert score(record).totals == (5, 5, 5, 5)


def test_the_dealer_may_bid_so_the_bids_add_up_to_the_tricks() -> None:
    record, pending = enter_all(
        new_record("brink-bid", PLAYERS, 0),
        [Entry("dice", None, DICE)] + [Entry("bid", seat, 1) for seat in (1, 2, 3)],
    )
    step = table(record, pending).step
    assert step.seat == 0
    assert all(c.allowed for c in step.choices)
    record, pending = enter(record, pending, Entry("bid", 0, 1))
    assert table(record, pending).step.kind is StepKind.TRICKS


@pytest.mark.parametrize(
    ("entries", "refused", "message"),
    [
        ([Entry("dice", 1, DICE)], Entry("dice", 1, DICE),
         "the dice for this round are rolled already"),
        ([Entry("bid", 1, 1)], Entry("dice", 1, DICE),
         "the dice are rolled before the bidding, not once it has begun"),
        ([], Entry("dice", 2, DICE), "it is Ben who rolls the dice"),
        ([], Entry("bid", 2, 1), "it is Ben's turn to bid"),
        ([], Entry("bid", 1, 5), "Ben may bid 0 to 4, not 5"),
        ([], Entry("bid", 1, "two"), "a bid must be a whole number, not 'two'"),
        ([], Entry("tricks", 1, 1), "tricks are entered once everyone has bid"),
        ([Entry("dice", 1, DICE)], Entry("trump", None, "spades"),
         "the trump die shows hearts: the trump cannot be spades"),
        ([Entry("trump", None, "spades")], Entry("dice", 1, DICE),
         "the trump is spades: the trump die cannot show hearts"),
        ([], Entry("trump", None, "stars"), "trump must be one of spades, hearts"),
        ([], Entry("deal", None, 4), "'deal' is not something entered in Brink Bid"),
    ],
)  # fmt: skip
def test_it_refuses_what_the_rules_do_not_allow(
    entries: list[Entry], refused: Entry, message: str
) -> None:
    record, pending = enter_all(new_record("brink-bid", PLAYERS, 0), entries)
    with pytest.raises(RulesError, match=message):
        enter(record, pending, refused)


def test_a_trump_that_agrees_with_the_dice_is_kept_beside_them() -> None:
    record, pending = enter_all(
        new_record("brink-bid", PLAYERS, 0),
        [Entry("dice", 1, DICE), Entry("trump", None, "hearts")]
        + [Entry("bid", seat, 1) for seat in (1, 2, 3, 0)]
        + [Entry("tricks", seat, 1) for seat in (1, 2, 3)],
    )
    assert record.rounds[0] == {
        "bids": [1, 1, 1, 1],
        "tricks": [1, 1, 1, 1],
        "trump": "hearts",
        "dice": DICE,
    }
    assert score(record).totals == (5, 5, 5, 5)


def test_a_no_trump_die_means_no_trump() -> None:
    dice = {**DICE, "trump": "none"}
    record, pending = enter(new_record("brink-bid", PLAYERS, 0), (), Entry("dice", 1, dice))
    with pytest.raises(RulesError, match="the trump die shows none: the trump cannot be hearts"):
        enter(record, pending, Entry("trump", None, "hearts"))
    record, pending = enter(record, pending, Entry("trump", None, "none"))
    assert table(record, pending).notes[0] == "No trump"


@pytest.mark.parametrize(
    ("rnd", "message"),
    [
        (
            {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1], "dice": DICE, "trump": "spades"},
            "round 1: the trump die shows hearts: the trump cannot be spades",
        ),
        (
            {"bids": [1, 1, 1], "tricks": [1, 1, 1, 1]},
            "round 1: bids must list one value for each of the 4 players",
        ),
        (
            {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1], "pass": 2},
            "round 1: the round has an unknown field 'pass'",
        ),
        (
            {"bids": [1, 1, 1, 1], "tricks": [2, 1, 1, 1]},
            "round 1: the tricks add up to 5, but 4 tricks were played",
        ),
        (
            {"bids": [1, 1, 1, 5], "tricks": [1, 1, 1, 1]},
            "round 1: Dev may bid 0 to 4, not 5",
        ),
    ],
)
def test_it_refuses_a_record_round_that_breaks_a_rule(rnd: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as refusal:
        score(new_record("brink-bid", PLAYERS, 0).with_rounds([rnd]))
    assert str(refusal.value) == message


# --- Whole games ------------------------------------------------------------------


@st.composite
def brink_bid_games(draw: st.DrawFn) -> tuple[list[str], int, list[int]]:
    count = draw(st.integers(2, 6))
    picks = draw(st.lists(st.integers(0, 1000), min_size=200, max_size=200))
    return names(count), draw(st.integers(0, count - 1)), picks


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(brink_bid_games())
def test_random_legal_games_keep_every_rule(game: tuple[list[str], int, list[int]]) -> None:
    players, dealer, picks = game
    record = new_record("brink-bid", players, dealer)
    pending: tuple[Entry, ...] = ()
    moves = iter(picks * 20)
    rng = random.Random(picks[0])
    while True:
        current = table(record, pending)
        step = current.step
        if step.kind is StepKind.OVER:
            break
        if step.kind is BrinkBidStep.ROLL:
            assert current.round is not None and step.seat == current.round.bid_order[0]
            # Mostly roll; sometimes leave out the optional dice and bid at once.
            if next(moves) % 4:
                entry = Entry("dice", step.seat, roll_brink_dice(rng).to_json())
            else:
                entry = Entry("bid", step.seat, next(moves) % (current.round.hand_size + 1))
            record, pending = enter(record, pending, entry)
            continue
        allowed = [c for c in step.choices if c.allowed]
        choice = allowed[next(moves) % len(allowed)]
        kind = "bid" if step.kind is StepKind.BID else "tricks"
        record, pending = enter(record, pending, Entry(kind, step.seat, int(choice.value)))
    sheet = score(record)
    assert sheet.finished
    assert len(sheet.rounds) == len(hand_sizes(len(players)))
    running = [0] * len(players)
    for scored, rnd in zip(sheet.rounds, record.rounds, strict=True):
        assert sum(rnd["tricks"]) == scored.hand_size
        assert set(scored.scores) <= {0, 2, 5}
        if "dice" in rnd:
            assert Dice.from_json(rnd["dice"]).to_json() == rnd["dice"]
        running = [t + s for t, s in zip(running, scored.points, strict=True)]
        assert list(scored.totals) == running
    assert sheet.totals == tuple(running)
    assert sheet.winners == tuple(s for s, t in enumerate(sheet.totals) if t == max(sheet.totals))
