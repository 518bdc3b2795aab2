"""A game left early counts as played, not ranked (RULINGS, "Winners"): the stored
figures, ratings and head to head, a player's page, the history, the result to share
and playing again, for a game whose players came and went."""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.test import Client
from openskill.models import PlackettLuce

from rules_engine import parse_record, review
from scorepad.models import Figures, Game, Rivalry
from scorepad.result import result_text
from tests.web.changes import spec_example


def owned() -> tuple[Client, Game]:
    ann = User.objects.create_user("ann", password="cards at the kitchen table")
    client = Client()
    client.force_login(ann)
    return client, Game.start(parse_record(spec_example()), owner=ann)


def test_the_player_who_left_has_played_but_is_not_ranked_nor_rated() -> None:
    _, game = owned()

    rows = {row.name: row for row in Figures.objects.filter(game=game)}

    dev = rows["Dev"]
    assert (dev.finished, dev.ranked, dev.won, dev.rating) == (True, False, False, None)
    assert (dev.total, dev.rounds, dev.points, dev.running) == (12, 1, 12, [12])
    # Placed among the four at the table in the last round: Ann 24, Eva 17, Ben 16, Cleo 15.
    placed = {name: row.placing for name, row in rows.items() if row.ranked}
    assert placed == {"Ann": 1, "Eva": 2, "Ben": 3, "Cleo": 4}
    assert dev.placing == 5 and rows["Ann"].players == 4
    # Eva played round 2 only, from her starting total of 5: 5 + 12.
    eva = rows["Eva"]
    assert (eva.total, eva.rounds, eva.points, eva.running) == (17, 1, 12, [17])


def test_the_ratings_are_openskills_for_the_four_ranked_alone() -> None:
    _, game = owned()
    model = PlackettLuce()

    ranked = ["Ann", "Eva", "Ben", "Cleo"]  # placings 1 to 4
    expected = model.rate([[model.rating()] for _ in ranked], ranks=[1, 2, 3, 4])

    for name, (rating,) in zip(ranked, expected, strict=True):
        row = Figures.objects.get(game=game, name=name)
        assert row.rating == round(rating.ordinal(), 4)
    assert not Rivalry.objects.filter(name_key="dev").exists()
    assert not Rivalry.objects.filter(other_key="dev").exists()
    assert Rivalry.objects.get(name_key="ann", other_key="eva").wins == 1


def test_the_players_page_counts_the_game_played_and_says_they_left() -> None:
    client, _ = owned()

    page = client.get("/players/dev/").text

    assert "1 played, 1 finished, 0 won" in page
    assert "(left before the end)" in page
    # Nothing ranked to call best or worst, and the page says why.
    assert "none ranked yet: left before the end of each finished game" in page
    assert "no finished games yet" not in page


def test_the_history_marks_who_left_before_the_end() -> None:
    client, _ = owned()

    page = client.get("/games/").text

    assert "Won by Ann" in page
    assert 'Dev</a> <small class="muted">(left before the end)</small>' in page


def test_the_result_places_those_at_the_table_and_lists_who_left() -> None:
    record = parse_record(spec_example())

    text = result_text(record, review(record), date(2026, 11, 28), "https://x/v/1/")

    assert text.splitlines()[1:6] == [
        "1. Ann 24",
        "2. Eva 17",
        "3. Ben 16",
        "4. Cleo 15",
        "Dev 12 (left before the end)",
    ]


def test_playing_again_seats_those_at_the_table_in_the_last_round() -> None:
    client, game = owned()

    response = client.post(f"/g/{game.key}/again/")

    assert response.status_code == 303
    again = Game.objects.get(key=response["Location"].split("/")[2])
    assert again.record["players"] == ["Ann", "Ben", "Cleo", "Eva"]
    # Ann dealt first: Ben, the next of them clockwise, deals first now.
    assert again.record["first_dealer"] == 1
    assert "Ben deals first." in client.get(f"/g/{game.key}/").text
