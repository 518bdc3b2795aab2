"""stats: a player's figures across games, checked against sums done by hand.

Scores follow RULINGS.md; each record's comment works them out. The games are
stored, their figures worked out as a save works them out, and read back as the
player's page reads them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.db.models import QuerySet

from rules_engine import Record, parse_record
from scorepad.history.stats import GameStats, PlayerStats, player_stats
from scorepad.models import Figures, Game, refresh_figures

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


def played(key: str, day: int, rec: Record) -> str:
    """The game stored under ``key`` (its link), started on 2025-05-<day>, with its figures."""
    game = Game.objects.create(key=key, kind=rec.game, record=rec.to_json())
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, tzinfo=UTC))
    game.refresh_from_db()
    refresh_figures(game)
    return key


def at(stats: PlayerStats | None, kind: str) -> GameStats:
    """The player's figures at one game."""
    assert stats is not None
    return next(game for game in stats.by_game if game.kind == kind)


def of(*keys: str) -> QuerySet[Figures]:
    """The figures of these games only, as a person who may list them sees them."""
    return Figures.objects.filter(game__key__in=keys)


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
# Ann calls 1 and takes 1 trick: she scores 9. Three deals: Ann wins, 7 to -10.
SINKER = record(
    "sinker",
    ["Ann", "Bob"],
    [
        {"calls": ["2", "pass"], "tricks": [5, 3]},
        {"calls": ["pass", "pass"], "tricks": [4, 4]},
        {"calls": ["pass", "1", "pass"], "tricks": [1, 7]},
    ],
    deals=3,
)


def test_oh_hell_counts_bids_made_and_the_average_round() -> None:
    stats = player_stats("dev", of(played("g1", 1, OH_HELL)))
    dev = at(stats, "oh-hell")

    assert stats is not None and stats.name == "Dev"
    assert (dev.made, dev.bids, dev.made_percent) == (0, 2, 0)
    assert (dev.rounds, dev.points, dev.average_round) == (2, 4, 2.0)
    assert dev.best is None and dev.worst is None  # no game finished yet
    # Dev took 1 of 3 in round 1 and 3 of 2 in round 2.
    assert (dev.over, dev.under) == (1, 1)
    assert dev.made_label == "Bids made exactly"


def test_a_missed_bid_is_over_or_under_and_a_made_one_neither() -> None:
    game = of(played("g1", 1, OH_HELL))
    bob, cat = at(player_stats("bob", game), "oh-hell"), at(player_stats("cat", game), "oh-hell")

    # Bob took 4 of 3, then made his 1.
    assert (bob.made, bob.over, bob.under) == (1, 1, 0)
    assert (cat.made, cat.over, cat.under) == (2, 0, 0)


def test_sinker_counts_contracts_made_and_no_over_or_under() -> None:
    # Sinker: Bob's call of 2 (at most 2 tricks) failed with 3; Ann's "all" failed.
    all_failed = record(
        "sinker", ["Ann", "Bob"], [{"calls": ["pass", "all", "pass"], "tricks": [7, 1]}]
    )
    game = of(played("s", 1, SINKER), played("a", 2, all_failed))
    bob, ann = at(player_stats("bob", game), "sinker"), at(player_stats("ann", game), "sinker")

    assert (bob.bids, bob.made, bob.over, bob.under) == (1, 0, 0, 0)
    assert (ann.bids, ann.made, ann.over, ann.under) == (2, 1, 0, 0)
    assert (ann.made_label, ann.counts_over_under) == ("Contracts made", False)


def test_it_adds_up_games_of_the_same_title_with_the_finished_ones_ranked() -> None:
    games = of(played("short", 2, SHORT_UP), played("long", 1, OH_HELL))

    ann_stats = player_stats("ann", games)
    ann, cat = at(ann_stats, "oh-hell"), at(player_stats("cat", games), "oh-hell")

    # Ann made both in the long game and only round 1 of the short: 3 of 12.
    assert (ann.made, ann.bids, ann.made_percent) == (3, 12, 25)
    # 25 + 64 = 89 points over 12 rounds.
    assert (ann.rounds, ann.points, ann.average_round) == (12, 89, 7.4)
    assert (ann.played, ann.finished, ann.won) == (2, 1, 0)
    assert ann.best == ann.worst
    # Third of three, 36 behind Cat's 100.
    assert ann.best is not None
    assert (ann.best.key, ann.best.placing, ann.best.players, ann.best.margin) == (
        "short",
        3,
        3,
        -36,
    )
    assert ann.best.standing == "3rd of 3, 36 behind"
    # Cat made every bid: 2 + 10 of 12, and won the short game on 100, 9 ahead of Bob.
    assert (cat.made, cat.bids, cat.made_percent) == (12, 12, 100)
    assert (cat.points, cat.average_round, cat.won) == (125, 10.4, 1)
    assert cat.best is not None and cat.best.standing == "won by 9"
    assert ann_stats is not None
    assert [(line.key, line.total, line.won, line.finished) for line in ann_stats.games] == [
        ("short", 64, False, True),
        ("long", 25, False, False),
    ]


def test_figures_of_different_games_are_never_added_together() -> None:
    games = of(played("s", 1, SINKER), played("g1", 2, OH_HELL))

    stats = player_stats("ann", games)

    assert stats is not None and (stats.played, stats.won) == (2, 1)  # Sinker won
    assert [game.title for game in stats.by_game] == ["Oh Hell", "Sinker"]
    oh_hell, sinker = stats.by_game
    # Oh Hell: 13 + 12 over 2 rounds, both bids made. Sinker: 8 - 10 + 9 over 3 rounds.
    assert (oh_hell.average_round, oh_hell.made, oh_hell.bids) == (12.5, 2, 2)
    assert (sinker.average_round, sinker.made, sinker.bids) == (2.3, 1, 1)


def test_the_best_game_is_by_placing_then_margin_not_by_total() -> None:
    # Sinker: Ann wins 7 to -10 (by 17). Short-up Oh Hell: Ann third on 64.
    won_sinker = played("s", 1, SINKER)
    lost_oh_hell = played("short", 2, SHORT_UP)
    stats = player_stats("ann", of(won_sinker, lost_oh_hell))

    sinker, oh_hell = at(stats, "sinker"), at(stats, "oh-hell")
    assert sinker.best is not None and sinker.best.standing == "won by 17"
    assert oh_hell.best is not None and oh_hell.best.total == 64
    # Bob in Sinker: second of two, 17 behind.
    bob = at(player_stats("bob", of(won_sinker)), "sinker")
    assert bob.worst is not None and bob.worst.standing == "2nd of 2, 17 behind"


def test_of_two_games_placed_alike_the_larger_lead_is_the_best() -> None:
    # One deal: Ann calls 3 (at most 3 tricks) and takes 2: 7 to 0. Two deals: 7, then 9 more.
    narrow = record("sinker", ["Ann", "Bob"], [{"calls": ["3", "pass"], "tricks": [2, 6]}], deals=1)
    wide = record(
        "sinker",
        ["Ann", "Bob"],
        [
            {"calls": ["3", "pass"], "tricks": [2, 6]},
            {"calls": ["pass", "1", "pass"], "tricks": [1, 7]},
        ],
        deals=2,
    )
    stats = player_stats("ann", of(played("narrow", 1, narrow), played("wide", 2, wide)))

    sinker = at(stats, "sinker")
    assert sinker.best is not None and sinker.worst is not None
    assert (sinker.best.key, sinker.best.margin) == ("wide", 16)
    assert (sinker.worst.key, sinker.worst.margin) == ("narrow", 7)


def test_bid_accuracy_is_counted_by_month() -> None:
    may = played("may", 2, SHORT_UP)
    june_game = Game.objects.create(key="june", kind="oh-hell", record=OH_HELL.to_json())
    Game.objects.filter(pk=june_game.pk).update(created=datetime(2025, 6, 3, 12, tzinfo=UTC))
    june_game.refresh_from_db()
    refresh_figures(june_game)

    bob = at(player_stats("bob", of(may, "june")), "oh-hell")

    # June: Bob took 4 of 3 (over), then made 1. May: 1 of 0 in round 1 (over), then 9 made.
    assert [(a.month.month, a.bids, a.made, a.over, a.under) for a in bob.accuracy] == [
        (6, 2, 1, 1, 0),
        (5, 10, 9, 1, 0),
    ]
    assert bob.accuracy[1].made_percent == 90


def test_boerenbridge_leaves_a_sit_out_round_out_of_bids_but_not_of_points() -> None:
    game = of(played("bb", 1, BOERENBRIDGE))
    ann_stats = player_stats("ann", game)
    ann, bob = at(ann_stats, "boerenbridge"), at(player_stats("bob", game), "boerenbridge")

    # Ann: four bids made, none to make in round 5; 88 + 10 = 98 over 5 rounds.
    assert (ann.made, ann.bids, ann.made_percent) == (4, 4, 100)
    assert (ann.rounds, ann.points, ann.average_round) == (5, 98, 19.6)
    # Bob: made rounds 1-4, missed round 5; 44 + 2 = 46.
    assert (bob.made, bob.bids, bob.made_percent) == (4, 5, 80)
    assert (bob.points, bob.average_round) == (46, 9.2)
    assert ann_stats is not None and ann_stats.games[0].running == (22, 44, 66, 88, 98)


def test_sinker_counts_only_the_bidders_contracts() -> None:
    game = of(played("s", 1, SINKER))
    ann = at(player_stats("ann", game), "sinker")
    bob_stats = player_stats("bob", game)
    bob = at(bob_stats, "sinker")

    assert (ann.made, ann.bids, ann.made_percent) == (1, 1, 100)
    assert (ann.points, ann.average_round) == (7, 2.3)
    assert (bob.made, bob.bids, bob.made_percent) == (0, 1, 0)
    assert (bob.points, bob.average_round) == (-10, -3.3)
    assert bob_stats is not None and bob_stats.games[0].running == (0, -10, -10)


def test_a_player_with_no_bid_to_make_has_no_percentage() -> None:
    only_diving = record("sinker", ["Ann", "Bob"], [{"calls": ["pass", "pass"], "tricks": [5, 3]}])

    ann = at(player_stats("ann", of(played("s", 1, only_diving))), "sinker")

    assert (ann.bids, ann.made_percent) == (0, None)


def test_the_name_is_matched_casefolded_and_shown_as_last_typed() -> None:
    shouting = record("sinker", ["ANN", "Bob"], [])

    stats = player_stats("ann", of(played("new", 3, shouting), played("old", 1, SINKER)))

    assert stats is not None
    assert stats.name == "ANN"
    assert len(stats.games) == 2
    assert at(stats, "sinker").average_round == 2.3  # the new game has no rounds yet


def test_someone_who_played_none_of_the_games_has_no_figures() -> None:
    assert player_stats("zoe", of(played("s", 1, SINKER))) is None
    assert player_stats("ann", of()) is None


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

    ann = at(player_stats("ann", of(played("b", 1, broken))), "oh-hell")

    assert (ann.rounds, ann.points, ann.bids) == (1, 12, 1)


def test_skull_king_counts_bids_made_with_bonuses_in_the_points() -> None:
    # Round 1: Ann makes her 0 (10); Ben makes his 1 with a bonus of 20 (40).
    # Round 2 (a trick lost): Ann bid 0 and took 1 (-20); Ben bid 1 and took 0 (-10).
    rec = record(
        "skull-king",
        PLAYERS,
        [
            {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0], "bonus": [0, 20, 0, 0]},
            {"bids": [0, 1, 1, 0], "tricks": [1, 0, 0, 0], "lost": 1},
        ],
    )
    game = of(played("g1", 1, rec))
    ann, bob = (
        at(player_stats("ann", game), "skull-king"),
        at(player_stats("bob", game), "skull-king"),
    )

    assert (ann.made, ann.bids, ann.over, ann.under, ann.points) == (1, 2, 1, 0, -10)
    assert (bob.made, bob.bids, bob.over, bob.under, bob.points) == (1, 2, 0, 1, 30)
