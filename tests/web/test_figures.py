"""Figures: each player's figures in a game, stored at every save and rebuilt from the records.

They are derived, never entered: what a save writes is what a rebuild (the command,
the data migration) works out again from the records.
"""

from __future__ import annotations

import importlib
import io
from datetime import UTC, date, datetime
from typing import Any

from django.apps import apps
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from rules_engine import parse_record
from scorepad.models import Figures, Game, refresh_figures
from tests.conftest import FINISHED_TOTALS, ROUND_1, ROUND_2, TOTALS_AFTER_2, oh_hell, start_game
from tests.web.browsers import kept_here


def stored_figures() -> list[dict[str, Any]]:
    """Every figure stored, as comparable rows (the ids left out)."""
    return list(Figures.objects.order_by("game_id", "seat").values(*FIELDS))


FIELDS = [field.attname for field in Figures._meta.concrete_fields if field.name != "id"]


def test_a_new_game_has_its_players_figures_at_once(client: Client) -> None:
    game = start_game(client, "Ann", "Bob", "Cat", "Dev")

    rows = list(game.figures.values_list("seat", "name", "name_key", "total", "rounds_played"))

    assert rows == [(0, "Ann", "ann", 0, 0), (1, "Bob", "bob", 0, 0), (2, "Cat", "cat", 0, 0)] + [
        (3, "Dev", "dev", 0, 0)
    ]


def test_the_tap_that_ends_a_round_writes_the_new_totals(
    htmx_client: Client, bidding_game: Game
) -> None:
    # Round 3 (8 cards, Cat deals): Dev has bid 1; Ann 2, Bob 3, Cat 1; tricks 2 3 2 1.
    refresh_figures(bidding_game)
    version = bidding_game.version
    taps = [("bid", 0, 2), ("bid", 1, 3), ("bid", 2, 1)]
    taps += [("tricks", 3, 1), ("tricks", 0, 2), ("tricks", 1, 3)]
    for kind, seat, value in taps:
        before = stored_figures()
        data = {"kind": kind, "seat": seat, "value": value, "version": version}
        response = htmx_client.post(f"/g/{bidding_game.key}/enter/", data)
        assert response.status_code == 200, response.text
        version += 1
        if (kind, seat) != ("tricks", 1):
            assert stored_figures() == before  # the round goes on: nothing listed changes

    totals = list(bidding_game.figures.values_list("total", flat=True))
    # Ann 2 of 2 = 12, Bob 3 of 3 = 13, Cat took 2 of 1 = 2, Dev 1 of 1 = 11.
    assert totals == [25 + 12, 15 + 13, 25 + 2, 4 + 11]
    assert bidding_game.figures.get(seat=2).over == 1


def test_undoing_into_the_last_round_takes_its_scores_back(
    htmx_client: Client, finished_game: Game
) -> None:
    refresh_figures(finished_game)
    assert list(finished_game.figures.values_list("total", flat=True)) == FINISHED_TOTALS
    assert finished_game.figures.filter(won=True).get().name == "Cat"

    response = htmx_client.post(f"/g/{finished_game.key}/undo/", {"version": 40})

    assert response.status_code == 200
    assert not finished_game.figures.filter(finished=True).exists()
    assert finished_game.figures.get(seat=2).rounds_played == 9


def test_placings_put_the_winners_first_then_the_highest_totals(finished_game: Game) -> None:
    refresh_figures(finished_game)

    # Cat won on 100, Bob 91, Ann 64.
    assert list(finished_game.figures.values_list("placing", flat=True)) == [3, 2, 1]


def test_rebuilding_the_figures_changes_nothing(client: Client, finished_game: Game) -> None:
    start_game(client)
    Game.start(parse_record(oh_hell([ROUND_1, ROUND_2], players=("Ann", "Bob", "Eve", "Fay"))))
    refresh_figures(finished_game)
    saved = stored_figures()
    assert len(saved) == 4 + 4 + 3

    out = io.StringIO()
    call_command("rebuild_figures", stdout=out)

    assert stored_figures() == saved
    assert out.getvalue() == "11 figures worked out again, for 3 games.\n"


def test_the_rebuild_works_out_figures_a_game_was_stored_without(played_game: Game) -> None:
    assert not played_game.figures.exists()

    call_command("rebuild_figures", stdout=io.StringIO())

    assert list(played_game.figures.values_list("total", flat=True)) == TOTALS_AFTER_2


def test_a_record_the_engine_cannot_read_has_no_figures(played_game: Game) -> None:
    refresh_figures(played_game)
    Game.objects.filter(pk=played_game.pk).update(record={"format": "scorepad/1"})
    played_game.refresh_from_db()

    refresh_figures(played_game)

    assert not played_game.figures.exists()


def test_the_data_migration_works_out_the_figures_of_the_games_stored_before_it(
    played_game: Game, finished_game: Game
) -> None:
    refresh_figures(finished_game)
    expected = [row for row in stored_figures() if row["game_id"] == finished_game.pk]
    Figures.objects.all().delete()
    migration = importlib.import_module("scorepad.migrations.0002_player_figures")

    migration.work_out_figures(apps, None)

    assert [row for row in stored_figures() if row["game_id"] == finished_game.pk] == expected
    assert list(played_game.figures.values_list("total", flat=True)) == TOTALS_AFTER_2


def test_signing_up_gives_the_new_owner_the_figures_of_this_browsers_games(
    client: Client,
) -> None:
    game = start_game(client)
    assert kept_here(client) == [game.key]
    password = "a long password 1"
    data = {"username": "ann", "password1": password, "password2": password}

    response = client.post("/accounts/signup/", data)

    assert response.status_code in (302, 303)
    owner = Game.objects.get(pk=game.pk).owner
    assert owner is not None
    assert set(game.figures.values_list("owner", flat=True)) == {owner.pk}


def test_a_deleted_games_figures_say_so_until_it_is_restored(
    client: Client, finished_game: Game
) -> None:
    refresh_figures(finished_game)

    client.post(f"/g/{finished_game.key}/delete/")
    assert set(finished_game.figures.values_list("deleted", flat=True)) == {True}

    client.post(f"/g/{finished_game.key}/restore/")
    assert set(finished_game.figures.values_list("deleted", flat=True)) == {False}


def test_rebuilding_keeps_a_deleted_games_figures_deleted(
    played_game: Game, finished_game: Game
) -> None:
    refresh_figures(played_game)
    refresh_figures(finished_game)
    finished_game.set_deleted(timezone.now())
    saved = stored_figures()
    assert {row["deleted"] for row in saved} == {True, False}

    call_command("rebuild_figures", stdout=io.StringIO())

    assert stored_figures() == saved


def test_the_month_is_the_one_the_game_was_played_in_where_the_server_is(
    settings: Any, played_game: Game
) -> None:
    settings.TIME_ZONE = "Europe/Amsterdam"
    # 22:30 UTC on 31 May is half past midnight on 1 June in Amsterdam.
    Game.objects.filter(pk=played_game.pk).update(created=datetime(2025, 5, 31, 22, 30, tzinfo=UTC))
    played_game.refresh_from_db()

    refresh_figures(played_game)

    assert set(played_game.figures.values_list("month", flat=True)) == {date(2025, 6, 1)}


def test_the_data_migration_copies_each_games_month_and_deletion_onto_its_figures(
    played_game: Game, finished_game: Game
) -> None:
    refresh_figures(played_game)
    refresh_figures(finished_game)
    finished_game.set_deleted(timezone.now())
    expected = stored_figures()
    Figures.objects.update(deleted=False, month=date(2000, 1, 1))
    migration = importlib.import_module("scorepad.migrations.0005_figures_read_from_one_index")

    migration.copy_from_games(apps, None)

    assert stored_figures() == expected
