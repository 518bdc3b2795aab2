"""Head-to-head tallies: kept by kind for an owner's games, worked out with the ratings,
and always what working them out from the figures gives (as a browser's games are)."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from rules_engine import parse_record
from scorepad.history.rivals import tallies
from scorepad.history.stats import head_to_head
from scorepad.models import Figures, Game, Rivalry, refresh_figures
from tests.web.browsers import started_here


def sinker(players: tuple[str, str], ann_wins: bool, deals: int = 1) -> dict[str, Any]:
    """One deal of Sinker: the second player calls 3 and takes 2 (the first player wins)
    or 5 (the second wins)."""
    return {
        "format": "scorepad/1",
        "game": "sinker",
        "options": {"deals": deals},
        "players": list(players),
        "first_dealer": 0,
        "rounds": [{"calls": ["3", "pass"], "tricks": [3, 5] if ann_wins else [6, 2]}],
    }


def played(data: dict[str, Any], day: int, owner: User | None) -> Game:
    game = Game.start(parse_record(data), owner=owner)
    Game.objects.filter(pk=game.pk).update(created=datetime(2025, 5, day, 20, tzinfo=UTC))
    game.refresh_from_db()
    refresh_figures(game)
    return game


def kept(owner: User) -> set[tuple[Any, ...]]:
    """The stored tallies, as ``tallies`` gives them, kind by kind."""
    rows = Rivalry.objects.filter(owner=owner).values_list(
        "kind", "name_key", "other_key", "games", "wins", "losses", "ties", "other_name"
    )
    return set(rows)


def worked_out(owner: User) -> set[tuple[Any, ...]]:
    """The tallies worked out now from the owner's figures of each kind."""
    figures = Figures.objects.filter(owner=owner, deleted=False)
    return {
        (kind, *pair)
        for kind in figures.values_list("kind", flat=True).distinct()
        for pair in tallies(figures.filter(kind=kind))
    }


def keeper() -> User:
    return User.objects.create_user("keeper", password="a long password 1")


def test_a_finished_game_tallies_who_came_out_ahead_of_whom() -> None:
    owner = keeper()
    played(sinker(("Ann", "Bob"), ann_wins=True), 1, owner)
    played(sinker(("Ann", "Bob"), ann_wins=False), 2, owner)
    played(sinker(("Bob", "Cat"), ann_wins=True, deals=2), 3, owner)  # in progress

    assert kept(owner) == {
        ("sinker", "ann", "bob", 2, 1, 1, 0, "Bob"),
        ("sinker", "bob", "ann", 2, 1, 1, 0, "Ann"),
    }
    assert kept(owner) == worked_out(owner)


def test_undoing_deleting_and_restoring_move_the_tallies_with_the_ratings(
    client: Client, htmx_client: Client
) -> None:
    owner = keeper()
    first = played(sinker(("Ann", "Bob"), ann_wins=True), 1, owner)
    played(sinker(("Ann", "Cat"), ann_wins=True), 2, owner)

    htmx_client.post(f"/g/{first.key}/undo/", {"version": first.version})
    assert ("sinker", "ann", "bob") not in {row[:3] for row in kept(owner)}
    assert kept(owner) == worked_out(owner)

    second = played(sinker(("Ann", "Bob"), ann_wins=False), 3, owner)
    client.post(f"/g/{second.key}/delete/")
    assert kept(owner) == worked_out(owner)
    assert ("sinker", "ann", "bob") not in {row[:3] for row in kept(owner)}

    client.post(f"/g/{second.key}/restore/")
    assert ("sinker", "ann", "bob", 1, 0, 1, 0, "Bob") in kept(owner)
    assert kept(owner) == worked_out(owner)


def test_a_game_the_engine_can_no_longer_read_leaves_the_tallies() -> None:
    owner = keeper()
    game = played(sinker(("Ann", "Bob"), ann_wins=True), 1, owner)
    Game.objects.filter(pk=game.pk).update(record={"format": "scorepad/1"})
    game.refresh_from_db()

    refresh_figures(game)

    assert kept(owner) == set() == worked_out(owner)


def test_renaming_a_player_renames_their_tallies(client: Client) -> None:
    owner = keeper()
    client.force_login(owner)
    played(sinker(("Ann", "Bob"), ann_wins=True), 1, owner)
    played(sinker(("Ann", "Bob"), ann_wins=True), 2, owner)

    response = client.post("/rename-player/", {"player": "bob", "name": "Rob", "confirm": "on"})

    assert response.status_code == 303

    assert {row[2] for row in kept(owner)} == {"ann", "rob"}
    assert kept(owner) == worked_out(owner)


def test_signing_up_tallies_the_games_this_browser_kept(client: Client) -> None:
    game = played(sinker(("Ann", "Bob"), ann_wins=True), 1, None)
    started_here(client, game)
    assert not Rivalry.objects.exists()
    password = "a long password 1"

    client.post(
        "/accounts/signup/", {"username": "ann", "password1": password, "password2": password}
    )

    owner = User.objects.get(username="ann")
    assert ("sinker", "ann", "bob", 1, 1, 0, 0, "Bob") in kept(owner)


def test_the_rebuild_works_the_same_tallies_out_again() -> None:
    owner = keeper()
    played(sinker(("Ann", "Bob"), ann_wins=True), 1, owner)
    played(sinker(("Bob", "Ann"), ann_wins=True), 2, owner)
    saved = kept(owner)
    Rivalry.objects.update(games=99)

    call_command("rebuild_figures", stdout=io.StringIO())

    assert kept(owner) == saved == worked_out(owner)


def test_the_kept_tallies_read_as_the_figures_worked_out_do() -> None:
    owner = keeper()
    for day, (players, ann_wins) in enumerate(
        [(("Ann", "Bob"), True), (("Bob", "Ann"), True), (("Ann", "Cat"), False)]
        + [(("Ann", "Cat"), True), (("Cat", "Ann"), True), (("Ann", "Bob"), True)],
        start=1,
    ):
        played(sinker(players, ann_wins), day, owner)
    figures = Figures.objects.filter(owner=owner, deleted=False)

    assert head_to_head("ann", figures, owner.pk) == head_to_head("ann", figures)
    assert [(row.name_key, row.games, row.wins) for row in head_to_head("ann", figures)] == [
        ("bob", 3, 2),
        ("cat", 3, 1),
    ]


def test_the_data_migration_works_out_the_tallies_of_the_games_stored_before_it() -> None:
    import importlib

    from django.apps import apps

    owner = keeper()
    played(sinker(("Ann", "Bob"), ann_wins=True), 1, owner)
    saved = kept(owner)
    Rivalry.objects.all().delete()
    migration = importlib.import_module("scorepad.migrations.0005_figures_read_from_one_index")

    migration.work_out_rivalries(apps, None)

    assert kept(owner) == saved != set()


def spades(players: tuple[str, str, str, str], first_team_wins: bool) -> dict[str, Any]:
    """A game of Spades to 100 that one round ends: the first and third players (partners,
    sitting across) make 6 and the others are set, or the other way round."""
    bids, tricks = ([6, 1, 6, 1], [7, 0, 6, 0]) if first_team_wins else ([1, 6, 1, 6], [0, 7, 0, 6])
    return {
        "format": "scorepad/1",
        "game": "spades",
        "options": {"target": 100},
        "players": list(players),
        "first_dealer": 3,
        "rounds": [{"bids": bids, "tricks": tricks}],
    }


def test_partners_are_not_set_against_each_other_but_their_opponents_are() -> None:
    owner = keeper()
    played(spades(("Ann", "Bob", "Cat", "Dev"), first_team_wins=True), 1, owner)  # Ann & Cat
    played(spades(("Ann", "Cat", "Bob", "Dev"), first_team_wins=False), 2, owner)  # Ann & Bob

    ann = {row[2:] for row in kept(owner) if row[1] == "ann"}
    # Cat was Ann's partner once and her opponent once: only the game against her counts.
    assert ann == {
        ("bob", 1, 1, 0, 0, "Bob"),
        ("cat", 1, 0, 1, 0, "Cat"),
        ("dev", 2, 1, 1, 0, "Dev"),
    }
    assert kept(owner) == worked_out(owner)
    assert not any(ties for *_, ties, _name in kept(owner))  # partners were "Level"

    Rivalry.objects.all().delete()
    call_command("rebuild_figures", stdout=io.StringIO())

    assert {row[2:] for row in kept(owner) if row[1] == "ann"} == ann
