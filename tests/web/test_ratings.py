"""Ratings: openskill's, moved by every finished game of an owner, in order of play.

The expected numbers are openskill's own, worked out here by calling the library
on the same games in the same order: the app must store exactly what it says.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from openskill.models import PlackettLuce

from rules_engine import parse_record
from scorepad import play
from scorepad.models import Figures, Game, refresh_figures
from tests.conftest import ROUND_1, ROUND_2, oh_hell
from tests.web.browsers import started_here


def sinker(first_winner: bool, deals: int = 1) -> dict[str, Any]:
    """Sinker of one deal for Ann and Bob: Bob calls 3 and takes 2 (he wins 7 to 0) or
    takes 5 (Ann wins 7 to 0)."""
    took = [6, 2] if not first_winner else [3, 5]
    return {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {"deals": deals},
        "players": ["Ann", "Bob"],
        "first_dealer": 0,
        "rounds": [{"calls": ["3", "pass"], "tricks": took}],
    }


def played(data: dict[str, Any], day: int, owner: User | None) -> Game:
    game = Game.start(parse_record(data), owner=owner)
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 20, tzinfo=UTC))
    game.refresh_from_db()
    refresh_figures(game)
    return game


def ratings(game: Game) -> list[tuple[str, float | None]]:
    return list(game.figures.order_by("seat").values_list("name_key", "rating"))


def owner() -> User:
    return User.objects.create_user("keeper", password="a long password 1")


def test_a_finished_game_rates_its_players_as_openskill_does() -> None:
    game = played(sinker(first_winner=True), 1, owner())

    model = PlackettLuce()
    (ann,), (bob,) = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert ratings(game) == [("ann", round(ann.ordinal(), 4)), ("bob", round(bob.ordinal(), 4))]
    assert ann.ordinal() > 0 > bob.ordinal()


def test_each_game_starts_from_the_ratings_after_the_one_before() -> None:
    keeper = owner()
    played(sinker(first_winner=True), 1, keeper)
    second = played(sinker(first_winner=False), 2, keeper)

    model = PlackettLuce()
    (ann,), (bob,) = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    (ann,), (bob,) = model.rate([[ann], [bob]], ranks=[2, 1])
    assert ratings(second) == [("ann", round(ann.ordinal(), 4)), ("bob", round(bob.ordinal(), 4))]
    row = second.figures.get(seat=0)
    assert (row.rating_mu, row.rating_sigma) == (ann.mu, ann.sigma)


def test_a_game_in_progress_or_without_an_owner_has_no_rating() -> None:
    in_progress = played(sinker(first_winner=True, deals=2), 1, owner())
    unowned = played(sinker(first_winner=True), 2, None)

    assert ratings(in_progress) == [("ann", None), ("bob", None)]
    assert ratings(unowned) == [("ann", None), ("bob", None)]


def test_other_kinds_and_other_owners_keep_their_own_ratings() -> None:
    keeper = owner()
    played(sinker(first_winner=False), 1, User.objects.create_user("other"))
    oh_hell_game = played(oh_hell([ROUND_1, ROUND_2]), 2, keeper)
    game = played(sinker(first_winner=True), 3, keeper)

    model = PlackettLuce()
    (ann,), (bob,) = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert ratings(game) == [("ann", round(ann.ordinal(), 4)), ("bob", round(bob.ordinal(), 4))]
    assert {rating for _, rating in ratings(oh_hell_game)} == {None}


def test_undoing_the_last_round_takes_the_rating_back_and_later_games_move(
    htmx_client: Client,
) -> None:
    keeper = owner()
    first = played(sinker(first_winner=True), 1, keeper)
    second = played(sinker(first_winner=True), 2, keeper)
    before = ratings(second)

    response = htmx_client.post(f"/g/{first.key}/undo/", {"version": first.version})

    assert response.status_code == 200
    assert ratings(first) == [("ann", None), ("bob", None)]
    # The second game is now each player's first: the ratings one game gives.
    assert ratings(second) != before
    model = PlackettLuce()
    (ann,), (bob,) = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert ratings(second) == [("ann", round(ann.ordinal(), 4)), ("bob", round(bob.ordinal(), 4))]


def test_a_game_finished_late_is_rated_in_order_of_play_as_the_rebuild_rates_it() -> None:
    keeper = owner()
    late = played(sinker(first_winner=True, deals=2), 1, keeper)
    played(sinker(first_winner=False), 2, keeper)
    played(sinker(first_winner=False), 3, keeper)
    # The first game's second deal is entered days later: Bob calls 3 and takes 2.
    record = dict(late.record)
    record["rounds"] = [*record["rounds"], {"calls": ["pass", "3", "pass"], "tricks": [6, 2]}]
    Game.objects.filter(pk=late.pk).update(record=record)
    late.refresh_from_db()
    refresh_figures(late)
    saved = list(Figures.objects.order_by("game_id", "seat").values_list("rating", flat=True))
    assert None not in saved

    call_command("rebuild_figures", stdout=io.StringIO())

    rebuilt = list(Figures.objects.order_by("game_id", "seat").values_list("rating", flat=True))
    assert rebuilt == saved


def test_signing_up_rates_the_games_this_browser_kept(client: Client) -> None:
    game = played(sinker(first_winner=True), 1, None)
    started_here(client, game)
    password = "a long password 1"

    client.post(
        "/accounts/signup/", {"username": "ann", "password1": password, "password2": password}
    )

    assert None not in {rating for _, rating in ratings(game)}


def test_the_data_migration_works_out_players_margins_and_ratings() -> None:
    import importlib

    from django.apps import apps

    keeper = owner()
    game = played(sinker(first_winner=True), 1, keeper)
    expected = list(Figures.objects.order_by("seat").values_list("margin", "players", "rating"))
    Figures.objects.all().delete()
    migration = importlib.import_module("scorepad.migrations.0004_figures_per_game")

    migration.work_out_figures(apps, None)

    assert expected[0][:2] == (7, 2) and expected[1][:2] == (-7, 2)
    assert (
        list(game.figures.order_by("seat").values_list("margin", "players", "rating")) == expected
    )


def finishing_tap_queries(count: int, keeper: User) -> int:
    """The queries of the tap that ends an owned short-up Oh Hell of ``count`` players,
    who have each a rating from an earlier game."""
    import dataclasses
    import random

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.games import before_last_tap, first_tap, one_round, players, tap_form
    from rules_engine import new_record, table

    rng = random.Random(count)
    record = new_record("oh-hell", players(count), 0, {"style": "short-up"})
    while not table(record).finished:
        record = one_round(record, rng)
    earlier = Game.start(record, owner=keeper)
    Game.objects.filter(pk=earlier.pk).update(created=datetime(2025, 5, 1, tzinfo=UTC))
    earlier.refresh_from_db()
    refresh_figures(earlier)
    last_round = dataclasses.replace(record, rounds=record.rounds[:-1])
    game = Game.start(last_round, owner=keeper)
    pending = before_last_tap(last_round)
    Game.objects.filter(pk=game.pk).update(**game.changes(last_round, pending, None))
    game.refresh_from_db()
    client = Client(headers={"HX-Request": "true"})
    with CaptureQueriesContext(connection) as run:
        response = client.post(
            f"/g/{game.key}/enter/", tap_form(first_tap(last_round, pending), game.version)
        )
    assert response.status_code == 200
    assert None not in {rating for _, rating in ratings(game)}
    return len(run)


def test_the_tap_that_ends_a_game_rates_it_with_as_many_queries_for_7_players_as_for_3() -> None:
    keeper = owner()

    assert finishing_tap_queries(3, keeper) == finishing_tap_queries(7, keeper)


def test_a_deleted_game_leaves_the_ratings_and_comes_back_with_its_undo(client: Client) -> None:
    keeper = owner()
    first = played(sinker(first_winner=True), 1, keeper)
    second = played(sinker(first_winner=False), 2, keeper)
    both = ratings(second)

    client.post(f"/g/{first.key}/delete/")

    model = PlackettLuce()
    (ann,), (bob,) = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert ratings(second) == [("ann", round(ann.ordinal(), 4)), ("bob", round(bob.ordinal(), 4))]

    client.post(f"/g/{first.key}/restore/")

    assert ratings(second) == both


def test_a_deletion_rates_the_later_games_again_through_play_not_the_view() -> None:
    keeper = owner()
    first = played(sinker(first_winner=True), 1, keeper)
    second = played(sinker(first_winner=False), 2, keeper)
    both = ratings(second)

    play.delete(first, timezone.now())

    # As if the second were the owner's only game: Bob won it, Ann rated from nothing.
    model = PlackettLuce()
    (ann,), (bob,) = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert ratings(second) == [("ann", round(ann.ordinal(), 4)), ("bob", round(bob.ordinal(), 4))]
    play.delete(first, None)
    assert ratings(second) == both


def test_a_deletion_whose_ratings_fail_is_undone_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = owner()
    first = played(sinker(first_winner=True), 1, keeper)
    played(sinker(first_winner=False), 2, keeper)

    def broken(*args: object) -> int:
        raise RuntimeError("the ratings could not be worked out")

    monkeypatch.setattr(play, "rerate", broken)
    with pytest.raises(RuntimeError):
        play.delete(first, timezone.now())

    first.refresh_from_db()
    assert first.deleted is None
    assert not Figures.objects.filter(game=first, deleted=True).exists()


def test_a_spades_game_rates_the_two_teams_as_openskill_does() -> None:
    # To 100: Ann & Cat bid 12 and take 13, 121, and win; Bob & Dev bid 2 and take 0, -20.
    data = {
        "format": "scorepad/1",
        "game": "spades",
        "options": {"target": 100},
        "players": ["Ann", "Bob", "Cat", "Dev"],
        "first_dealer": 3,
        "rounds": [{"bids": [6, 1, 6, 1], "tricks": [7, 0, 6, 0]}],
    }
    game = played(data, 1, owner())

    model = PlackettLuce()
    (ann, cat), (bob, dev) = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    assert ratings(game) == [
        ("ann", round(ann.ordinal(), 4)),
        ("bob", round(bob.ordinal(), 4)),
        ("cat", round(cat.ordinal(), 4)),
        ("dev", round(dev.ordinal(), 4)),
    ]
    # A game won counts for both partners.
    assert list(game.figures.order_by("seat").values_list("won", flat=True)) == [
        True,
        False,
        True,
        False,
    ]
