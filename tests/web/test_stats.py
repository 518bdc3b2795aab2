"""stats: a player's figures across games, checked against sums done by hand.

Scores follow RULINGS.md; each record's comment works them out.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rules_engine import parse_record
from scorepad.stats import Played, player_stats

PLAYERS = ["Ann", "Bob", "Cat", "Dev"]


def record(game: str, players: list[str], rounds: list[dict[str, Any]], **options: Any) -> Any:
    return parse_record(
        {
            "format": "scorepad/1",
            "game": game,
            "options": options,
            "players": players,
            "first_dealer": 0,
            "rounds": rounds,
        }
    )


def played(key: str, day: int, rec: Any) -> Played:
    return Played(key, datetime(2025, 5, day, tzinfo=UTC), rec)


# Oh Hell, positive scoring (t, plus 10 when t = b), two rounds, not finished.
# Round 1: bids 3 3 2 3, tricks 3 4 2 1: Ann 13 (made), Bob 4, Cat 12 (made), Dev 1.
# Round 2: bids 2 1 3 2, tricks 2 1 3 3: Ann 12, Bob 11, Cat 13 (all made), Dev 3.
OH_HELL = record(
    "oh-hell",
    PLAYERS,
    [
        {"bids": [3, 3, 2, 3], "tricks": [3, 4, 2, 1]},
        {"bids": [2, 1, 3, 2], "tricks": [2, 1, 3, 3]},
    ],
)

# Short-up Oh Hell (1 to 10 cards) for Ann, Bob, Cat: everyone bids 0 every round.
# Round 1 (1 card) Bob takes it: Ann 10, Bob 1, Cat 10. Rounds 2-10: Ann takes every
# trick, scoring 2 + ... + 10 = 54, Bob and Cat 10 each. Finals: 64, 91, 100; Cat wins.
SHORT_UP = record(
    "oh-hell",
    PLAYERS[:3],
    [{"bids": [0, 0, 0], "tricks": [0, 1, 0]}]
    + [{"bids": [0, 0, 0], "tricks": [cards, 0, 0]} for cards in range(2, 11)],
    style="short-up",
)

# Boerenbridge: a made bid b of t tricks scores t + 10 (20 for 0); a missed one t.
# Rounds 1-4: Ann bids and takes 12 (22), Bob bids 1 takes 1 (11), Cat and Dev bid 1 take 0.
# Round 5: Ann is on 88, so she sits out and scores her 10 tricks; Bob bids 0 takes 2 (2),
# Cat bids 0 takes 1 (1), Dev bids 1 takes 0 (0).
BOERENBRIDGE = record(
    "boerenbridge",
    PLAYERS,
    [{"bids": [12, 1, 1, 1], "tricks": [12, 1, 0, 0]} for _ in range(4)]
    + [{"bids": [None, 0, 0, 1], "tricks": [10, 2, 1, 0]}],
)

# Sinker: only the bidder has a contract. Round 1 (Ann deals, Bob calls first): Bob's 2
# fails with 3 tricks, so Ann scores its 8. Round 2: both pass, 4-4: both -10. Round 3:
# Ann calls 1 and takes 1 trick: she scores 9. Totals: Ann 7, Bob -10.
SINKER = record(
    "sinker",
    ["Ann", "Bob"],
    [
        {"calls": ["2", "pass"], "tricks": [5, 3]},
        {"calls": ["pass", "pass"], "tricks": [4, 4]},
        {"calls": ["pass", "1", "pass"], "tricks": [1, 7]},
    ],
)


def test_oh_hell_counts_bids_made_and_the_average_round() -> None:
    stats = player_stats("dev", [played("g1", 1, OH_HELL)])

    assert stats is not None
    assert stats.name == "Dev"
    assert (stats.bids_made, stats.bids_counted, stats.made_percent) == (0, 2, 0)
    assert (stats.rounds, stats.points, stats.average_round) == (2, 4, 2.0)
    assert stats.best is None and stats.worst is None  # no game finished yet


def test_it_adds_up_games_of_the_same_title_with_the_finished_ones_ranked() -> None:
    games = [played("short", 2, SHORT_UP), played("long", 1, OH_HELL)]

    ann = player_stats("ann", games)
    cat = player_stats("cat", games)

    assert ann is not None and cat is not None
    # Ann made both in the long game and only round 1 of the short: 3 of 12.
    assert (ann.bids_made, ann.bids_counted, ann.made_percent) == (3, 12, 25)
    # 25 + 64 = 89 points over 12 rounds.
    assert (ann.rounds, ann.points, ann.average_round) == (12, 89, 7.4)
    assert [(t.title, t.played, t.finished, t.won) for t in ann.by_title] == [("Oh Hell", 2, 1, 0)]
    assert ann.best == ann.worst
    assert ann.best is not None and (ann.best.key, ann.best.total) == ("short", 64)
    # Cat made every bid: 2 + 10 of 12, and won the short game on 100.
    assert (cat.bids_made, cat.bids_counted, cat.made_percent) == (12, 12, 100)
    assert (cat.points, cat.average_round, cat.won) == (125, 10.4, 1)
    assert [(line.key, line.total, line.won, line.finished) for line in cat.games] == [
        ("short", 100, True, True),
        ("long", 25, False, False),
    ]


def test_boerenbridge_leaves_a_sit_out_round_out_of_bids_but_not_of_points() -> None:
    ann = player_stats("ann", [played("bb", 1, BOERENBRIDGE)])
    bob = player_stats("bob", [played("bb", 1, BOERENBRIDGE)])

    assert ann is not None and bob is not None
    # Ann: four bids made, none to make in round 5; 88 + 10 = 98 over 5 rounds.
    assert (ann.bids_made, ann.bids_counted, ann.made_percent) == (4, 4, 100)
    assert (ann.rounds, ann.points, ann.average_round) == (5, 98, 19.6)
    # Bob: made rounds 1-4, missed round 5; 44 + 2 = 46.
    assert (bob.bids_made, bob.bids_counted, bob.made_percent) == (4, 5, 80)
    assert (bob.points, bob.average_round) == (46, 9.2)
    assert ann.games[0].running == (22, 44, 66, 88, 98)


def test_sinker_counts_only_the_bidders_contracts() -> None:
    ann = player_stats("ann", [played("s", 1, SINKER)])
    bob = player_stats("bob", [played("s", 1, SINKER)])

    assert ann is not None and bob is not None
    assert (ann.bids_made, ann.bids_counted, ann.made_percent) == (1, 1, 100)
    assert (ann.points, ann.average_round) == (7, 2.3)
    assert (bob.bids_made, bob.bids_counted, bob.made_percent) == (0, 1, 0)
    assert (bob.points, bob.average_round) == (-10, -3.3)
    assert bob.games[0].running == (0, -10, -10)


def test_a_player_with_no_bid_to_make_has_no_percentage() -> None:
    only_diving = record("sinker", ["Ann", "Bob"], [{"calls": ["pass", "pass"], "tricks": [5, 3]}])

    ann = player_stats("ann", [played("s", 1, only_diving)])

    assert ann is not None
    assert (ann.bids_counted, ann.made_percent) == (0, None)


def test_the_name_is_matched_casefolded_and_shown_as_last_typed() -> None:
    shouting = record("sinker", ["ANN", "Bob"], [])

    stats = player_stats("ann", [played("new", 3, shouting), played("old", 1, SINKER)])

    assert stats is not None
    assert stats.name == "ANN"
    assert len(stats.games) == 2
    assert stats.average_round == 2.3  # the new game has no rounds yet


def test_someone_who_played_none_of_the_games_has_no_figures() -> None:
    assert player_stats("zoe", [played("s", 1, SINKER)]) is None
    assert player_stats("ann", []) is None


def test_a_round_needing_attention_is_left_out() -> None:
    # Round 1 corrected so that Ann's bid would be the hooked one: the engine flags it.
    broken = record(
        "oh-hell",
        PLAYERS,
        [
            {"bids": [2, 3, 2, 3], "tricks": [3, 4, 2, 1]},
            {"bids": [2, 1, 3, 2], "tricks": [2, 1, 3, 3]},
        ],
    )

    stats = player_stats("ann", [played("b", 1, broken)])

    assert stats is not None
    assert (stats.rounds, stats.points, stats.bids_counted) == (1, 12, 1)
