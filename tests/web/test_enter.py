"""enter: one thing entered at the table, checked by the engine, or refused."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client
from django.utils.html import escape

from rules_engine import GAMES, Entry
from scorepad.models import Game
from tests.conftest import ROUND_1, bid, oh_hell
from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

if TYPE_CHECKING:
    # What the test client returns (django-stubs' name for it: stubs only).
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

Stored = Callable[[Game], dict[str, Any]]

STALE = "That was already entered (a double tap, or another phone got there first)."


def entry(game: Game, kind: str, seat: int | None, value: Any, **extra: Any) -> dict[str, Any]:
    """The form the table shows for a step, with one of its buttons pressed."""
    data = {"version": game.version, "kind": kind, "value": value, **extra}
    if seat is not None:
        data["seat"] = seat
    return data


def test_a_bid_redirects_to_the_table_which_asks_the_next_player(
    client: Client, new_game: Game
) -> None:
    url = f"/g/{new_game.key}/"

    response = client.post(f"{url}enter/", entry(new_game, "bid", 1, 3))

    assert response.status_code == 303
    assert response["Location"] == url
    new_game.refresh_from_db()
    assert new_game.pending == [bid(1, 3)]
    assert new_game.record["rounds"] == []
    assert new_game.version == 4
    table = client.get(url)
    assert "Cat bids" in table.text
    assert "The bids add up to 3 of 10 tricks: under by 7" in table.text


def test_a_bid_with_htmx_answers_the_new_table_fragment(
    htmx_client: Client, new_game: Game
) -> None:
    response = htmx_client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3))

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<html" not in response.text
    assert "Cat bids" in response.text
    assert '<input type="hidden" name="version" value="4">' in response.text
    new_game.refresh_from_db()
    assert new_game.pending == [bid(1, 3)]
    assert new_game.version == 4


def test_the_dealer_may_bid_anything_but_the_hooked_bid(client: Client, hooked_game: Game) -> None:
    response = client.post(f"/g/{hooked_game.key}/enter/", entry(hooked_game, "bid", 0, 3))

    assert response.status_code == 303
    hooked_game.refresh_from_db()
    assert hooked_game.pending[-1] == bid(0, 3)
    assert "Tricks Bob took" in client.get(response["Location"]).text


def test_the_last_players_tricks_are_filled_in_and_the_round_joins_the_record(
    client: Client, hooked_game: Game
) -> None:
    url = f"/g/{hooked_game.key}/enter/"
    client.post(url, entry(hooked_game, "bid", 0, 3))
    for seat, tricks in [(1, 4), (2, 2)]:
        hooked_game.refresh_from_db()
        assert client.post(url, entry(hooked_game, "tricks", seat, tricks)).status_code == 303
    hooked_game.refresh_from_db()

    # Dev's are the last tricks asked: Ann's 3 are what is left of the 10.
    response = client.post(url, entry(hooked_game, "tricks", 3, 1))

    assert response.status_code == 303
    hooked_game.refresh_from_db()
    assert hooked_game.record["rounds"] == [ROUND_1]
    assert hooked_game.pending == []
    assert hooked_game.version == 9
    table = client.get(response["Location"])
    assert "Round 2 of 19" in table.text
    assert "Cat bids" in table.text


def test_the_round_joins_the_record_with_htmx_too(htmx_client: Client, played_game: Game) -> None:
    # Round 3: 8 cards, Cat deals; Dev, Ann, Bob, Cat bid; Dev, Ann, Bob give tricks.
    url = f"/g/{played_game.key}/enter/"
    steps = [("bid", 3, 1), ("bid", 0, 2), ("bid", 1, 2), ("bid", 2, 1)]
    steps += [("tricks", 3, 1), ("tricks", 0, 2), ("tricks", 1, 3)]
    for kind, seat, value in steps:
        played_game.refresh_from_db()
        response = htmx_client.post(url, entry(played_game, kind, seat, value))
        assert response.status_code == 200, response.text

    played_game.refresh_from_db()
    assert played_game.record["rounds"][2] == {"bids": [2, 2, 1, 1], "tricks": [2, 3, 2, 1]}
    assert played_game.pending == []
    assert "Round 4 of 19" in response.text
    assert "Totals after round 3" in response.text


def test_the_turned_up_trump_may_be_recorded_and_joins_the_round(
    client: Client, new_game: Game
) -> None:
    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "trump", None, "hearts"))

    assert response.status_code == 303
    new_game.refresh_from_db()
    assert new_game.pending == [{"kind": "trump", "seat": None, "value": "hearts"}]
    assert "<dt>Trump</dt><dd>hearts</dd>" in client.get(response["Location"]).text


def refused(response: TestResponse, status: int, message: str) -> None:
    assert response.status_code == status
    assert f'<p class="error" role="alert">{escape(message)}' in response.text


def test_it_refuses_the_hooked_bid_and_changes_nothing(
    client: Client, hooked_game: Game, stored: Stored
) -> None:
    before = stored(hooked_game)

    response = client.post(f"/g/{hooked_game.key}/enter/", entry(hooked_game, "bid", 0, 2))

    refused(response, 400, "Ann deals and may not bid 2: the bids would add up to the 10 tricks")
    assert stored(hooked_game) == before


def test_it_refuses_the_hooked_bid_with_htmx_in_the_table_fragment(
    htmx_client: Client, hooked_game: Game, stored: Stored
) -> None:
    before = stored(hooked_game)

    response = htmx_client.post(f"/g/{hooked_game.key}/enter/", entry(hooked_game, "bid", 0, 2))

    refused(response, 400, "Ann deals and may not bid 2: the bids would add up to the 10 tricks")
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<html" not in response.text
    assert stored(hooked_game) == before


def test_it_refuses_a_bid_out_of_turn(client: Client, new_game: Game, stored: Stored) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 2, 1))

    refused(response, 400, "It is Bob's turn to bid")
    assert stored(new_game) == before


def test_it_refuses_a_bid_above_the_hand_size(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 11))

    refused(response, 400, "Bob may bid 0 to 10, not 11")
    assert stored(new_game) == before


def test_it_refuses_a_bid_below_nothing(client: Client, new_game: Game, stored: Stored) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, -1))

    refused(response, 400, "Bob may bid 0 to 10, not -1")
    assert stored(new_game) == before


def test_it_refuses_a_bid_that_is_not_a_number(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, "lots"))

    refused(response, 400, "'lots' is not something that can be said here (Bob bids)")
    assert stored(new_game) == before


def test_it_refuses_a_kind_of_entry_the_game_does_not_have(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "wish", 1, 3))

    refused(response, 400, "'wish' is not asked for now: Bob bids")
    assert stored(new_game) == before


def test_it_refuses_a_bid_for_a_seat_nobody_sits_in(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 7, 3))

    refused(response, 400, "It is Bob's turn to bid")
    assert stored(new_game) == before


def test_it_refuses_tricks_while_the_bidding_goes_on(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "tricks", 1, 3))

    refused(response, 400, "'tricks' is not asked for now: Bob bids")
    assert stored(new_game) == before


def test_it_refuses_an_entry_without_a_kind(client: Client, new_game: Game, stored: Stored) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", {"version": 3, "seat": 1, "value": 3})

    refused(response, 400, "That entry could not be read.")
    assert stored(new_game) == before


def test_it_refuses_an_entry_to_a_finished_game(
    client: Client, finished_game: Game, stored: Stored
) -> None:
    before = stored(finished_game)

    response = client.post(f"/g/{finished_game.key}/enter/", entry(finished_game, "bid", 1, 0))

    refused(response, 400, "The game is over: nothing more can be entered")
    assert stored(finished_game) == before


def test_it_refuses_an_entry_without_the_version_it_was_shown(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", {"kind": "bid", "seat": 1, "value": 3})

    refused(response, 409, STALE)
    assert stored(new_game) == before


def test_it_refuses_an_entry_from_an_older_screen(
    client: Client, new_game: Game, stored: Stored
) -> None:
    before = stored(new_game)
    old_screen = entry(new_game, "bid", 1, 3, version=2)

    response = client.post(f"/g/{new_game.key}/enter/", old_screen)

    refused(response, 409, STALE)
    assert "Bob bids" in response.text
    assert stored(new_game) == before


def test_an_entry_from_an_older_screen_with_htmx_answers_the_table_as_it_stands(
    htmx_client: Client, hooked_game: Game, stored: Stored
) -> None:
    before = stored(hooked_game)
    old_screen = entry(hooked_game, "bid", 3, 1, version=4)

    response = htmx_client.post(f"/g/{hooked_game.key}/enter/", old_screen)

    refused(response, 409, STALE)
    assert "<html" not in response.text
    assert '<h2 class="prompt">Ann bids</h2>' in response.text
    assert stored(hooked_game) == before


def test_a_double_tap_enters_the_bid_once(client: Client, new_game: Game) -> None:
    tap = entry(new_game, "bid", 1, 3)

    first = client.post(f"/g/{new_game.key}/enter/", tap)
    second = client.post(f"/g/{new_game.key}/enter/", tap)

    assert first.status_code == 303
    refused(second, 409, STALE)
    new_game.refresh_from_db()
    assert new_game.pending == [bid(1, 3)]
    assert new_game.version == 4


def test_it_refuses_a_get(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/enter/")

    assert response.status_code == 405


def test_it_is_404_for_an_unknown_game(client: Client) -> None:
    response = client.post("/g/no-such-game/enter/", {"version": 0, "kind": "bid"})

    assert response.status_code == 404


def test_the_roll_button_rolls_brink_bids_three_dice_on_the_server(client: Client) -> None:
    from rules_engine import Dice, new_record

    record = new_record("brink-bid", ["Ann", "Bob", "Cat"], 0)
    game = Game.start(record)
    response = client.post(f"/g/{game.key}/enter/", {"version": 0, "kind": "roll"})
    assert response.status_code == 303
    game.refresh_from_db()
    (rolled,) = game.pending
    assert rolled["kind"] == "dice"
    # Whatever was rolled, the engine reads it as three real faces.
    Dice.from_json(rolled["value"])
    page = client.get(f"/g/{game.key}/").content.decode()
    assert "Bob bids" in page


def test_dice_cannot_be_posted_by_hand(client: Client, stored: Stored) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("brink-bid", ["Ann", "Bob", "Cat"], 0))
    before = stored(game)
    response = client.post(
        f"/g/{game.key}/enter/", {"version": 0, "kind": "dice", "value": "hearts"}
    )
    assert response.status_code == 400
    assert stored(game) == before


def test_dice_rolled_by_hand_are_entered_by_their_faces(client: Client) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("brink-bid", ["Ann", "Bob", "Cat"], 0))
    faces = {"die-trump": "none", "die-number": "none", "die-direction": "across-right"}
    response = client.post(
        f"/g/{game.key}/enter/", {"version": 0, "kind": "roll", "value": "hand", **faces}
    )
    assert response.status_code == 303
    game.refresh_from_db()
    dice = {"trump": "none", "number": "none", "direction": "across-right"}
    assert game.pending == [{"kind": "dice", "seat": None, "value": dice}]
    page = client.get(f"/g/{game.key}/").content.decode()
    assert "No pass" in page and "Bob bids" in page


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        (
            {"die-trump": "hearts", "die-number": "7", "die-direction": "left"},
            "The number die has no face &#x27;7&#x27;: its faces are 1, 2, 3, no pass",
        ),
        (
            {"die-trump": "stars", "die-number": "1", "die-direction": "left"},
            "The trump die has no face &#x27;stars&#x27;: its faces are spades, diamonds,",
        ),
        ({"die-trump": "hearts", "die-number": "1"}, "Tap a face of the direction die"),
        (
            {"die-trump": "hearts", "die-number": "1", "die-direction": "up", "die-colour": "red"},
            "There is no die &#x27;colour&#x27;",
        ),
    ],
)
def test_impossible_faces_of_dice_rolled_by_hand_are_refused_with_why(
    client: Client, stored: Stored, faces: dict[str, str], message: str
) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("brink-bid", ["Ann", "Bob", "Cat"], 0))
    before = stored(game)
    response = client.post(
        f"/g/{game.key}/enter/", {"version": 0, "kind": "roll", "value": "hand", **faces}
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert stored(game) == before


@pytest.mark.parametrize("value", ["²", "--1", "٣", "1e3"])
def test_a_number_in_anything_but_ascii_digits_is_refused_with_a_message(
    client: Client, new_game: Game, stored: Stored, value: str
) -> None:
    before = stored(new_game)

    response = client.post(f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, value))

    refused(response, 400, f"{value!r} is not something that can be said here (Bob bids)")
    assert stored(new_game) == before


@pytest.mark.parametrize("seat", ["²", "--1", "x"])
def test_a_seat_in_anything_but_ascii_digits_is_refused_with_a_message(
    client: Client, new_game: Game, stored: Stored, seat: str
) -> None:
    before = stored(new_game)

    response = client.post(
        f"/g/{new_game.key}/enter/", {**entry(new_game, "bid", None, 3), "seat": seat}
    )

    refused(response, 400, f"{seat!r} is not a seat at this table")
    assert stored(new_game) == before


@pytest.mark.parametrize("version", ["²", "--1", "4.0", "x"])
def test_a_version_in_anything_but_ascii_digits_is_an_older_screen(
    client: Client, new_game: Game, stored: Stored, version: str
) -> None:
    before = stored(new_game)

    response = client.post(
        f"/g/{new_game.key}/enter/", entry(new_game, "bid", 1, 3, version=version)
    )

    refused(response, 409, STALE)
    assert stored(new_game) == before


def naming_game() -> Game:
    """Abracadabra at its naming: Ben declared 3, the bid suits are in."""
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:8])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    game.refresh_from_db()
    return game


def named_by_everyone(game: Game, **extra: Any) -> dict[str, Any]:
    """The grid of named tricks as the spec's deal ticks it: Ben 4, 8, Q; Dev A; Ann 5, J."""
    return {
        "version": game.version,
        "kind": "name",
        "value": "everyone",
        "named-1": ["4", "8", "12"],
        "named-3": ["1"],
        "named-0": ["5", "11"],
        **extra,
    }


def test_the_grid_of_named_tricks_enters_every_players_in_turn(client: Client, db: None) -> None:
    game = naming_game()

    response = client.post(f"/g/{game.key}/enter/", named_by_everyone(game))

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.pending[-4:] == [
        {"kind": "name", "seat": 1, "value": [4, 8, 12]},
        {"kind": "name", "seat": 2, "value": []},
        {"kind": "name", "seat": 3, "value": [1]},
        {"kind": "name", "seat": 0, "value": [5, 11]},
    ]
    assert "Which named tricks does Ben move to the right?" in client.get(f"/g/{game.key}/").text


def test_done_nothing_exposed_enters_the_declaring_with_the_named_tricks(
    htmx_client: Client, db: None
) -> None:
    game = naming_game()

    response = htmx_client.post(f"/g/{game.key}/enter/", named_by_everyone(game, declare="none"))

    assert response.status_code == 200
    assert "Who won each trick?" in response.text
    game.refresh_from_db()
    assert game.pending[-1] == {
        "kind": "declare",
        "seat": None,
        "value": {"exposed": [], "pile_exposed": [False] * 4},
    }


def test_one_player_named_wrongly_on_the_grid_and_none_is_entered(
    client: Client, db: None, stored: Stored
) -> None:
    game = naming_game()
    before = stored(game)
    # Dev names 3, as many as the declarer bid: the third to be entered, refused.
    data = named_by_everyone(game, **{"named-3": ["1", "2", "3"]})

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 400
    assert "Dev must name fewer tricks than Ben&#x27;s 3, not 3" in response.text
    assert stored(game) == before


def declaring_game() -> Game:
    """Abracadabra at its declaring: Ben declared 3 and named tricks 4, 8 and 12."""
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:12])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    game.refresh_from_db()
    return game


@pytest.mark.parametrize(
    ("values", "piles", "message"),
    [
        (["12"], ["7"], "'7' is not one of the boxes here"),
        (["5"], [], "'5' is not one of the boxes here"),
        (["12", "12"], [], "Q is ticked twice"),
    ],
)
def test_a_pile_or_trick_the_declaring_does_not_offer_is_refused_with_a_message(
    client: Client, db: None, stored: Stored, values: list[str], piles: list[str], message: str
) -> None:
    game = declaring_game()
    before = stored(game)
    data = {"version": game.version, "kind": "declare", "values": values, "pile": piles}

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 400
    assert escape(message) in response.text
    assert stored(game) == before


def test_the_declaring_form_enters_the_tricks_and_piles_ticked(client: Client, db: None) -> None:
    game = declaring_game()
    page = client.get(f"/g/{game.key}/").text
    assert '<input type="checkbox" name="pile" value="3"><span>Dev</span>' in page
    data = {"version": game.version, "kind": "declare", "values": ["12"], "pile": ["3"]}

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303
    game.refresh_from_db()
    assert game.pending[-1] == {
        "kind": "declare",
        "seat": None,
        "value": {"exposed": [12], "pile_exposed": [False, False, False, True]},
    }


def test_a_tap_replays_the_round_in_progress_once(
    htmx_client: Client, hooked_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = type(GAMES["oh-hell"])
    entered = []
    enter = rules.enter

    def counted(self: Any, ctx: Any, draft: Any, entry: Any) -> Any:
        entered.append(entry)
        return enter(self, ctx, draft, entry)

    monkeypatch.setattr(rules, "enter", counted)
    made = len(hooked_game.pending)

    response = htmx_client.post(f"/g/{hooked_game.key}/enter/", entry(hooked_game, "bid", 0, 3))

    assert response.status_code == 200
    # The entries made so far once (reading the game), and the new one once.
    assert len(entered) == made + 1


def test_brink_bid_refuses_a_bid_before_the_dice_are_rolled(client: Client, stored: Stored) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("brink-bid", ["Ann", "Bob", "Cat"], 0))
    before = stored(game)

    response = client.post(f"/g/{game.key}/enter/", entry(game, "bid", 1, 2))

    refused(response, 400, "'bid' is not asked for now: Bob rolls the dice")
    assert stored(game) == before


def test_a_refusal_with_htmx_is_a_fragment_with_its_message_under_the_question(
    htmx_client: Client, hooked_game: Game
) -> None:
    response = htmx_client.post(f"/g/{hooked_game.key}/enter/", entry(hooked_game, "bid", 0, 2))

    assert response.status_code == 400
    # Not a whole document: scorepad.js keeps django-htmx's DEBUG handler off it.
    assert not response.text.lstrip().lower().startswith("<!doctype")
    after_question = response.text.split('<h2 class="prompt">Ann bids</h2>')[1].lstrip()
    assert after_question.startswith('<p class="error" role="alert">Ann deals')


def test_no_entry_is_taken_while_the_round_in_progress_needs_attention(
    client: Client, db: None, stored: Stored
) -> None:
    game = Game.objects.create(
        kind="oh-hell", record=oh_hell(), pending=[bid(1, 3), bid(3, 1)], version=5
    )
    before = stored(game)

    response = client.post(f"/g/{game.key}/enter/", entry(game, "bid", 1, 3))

    refused(
        response,
        400,
        "The round in progress needs attention: it is Cat's turn to bid. Undo to fix it.",
    )
    assert stored(game) == before


def tap_allowed(client: Client, game: Game) -> TestResponse:
    """Press the first button the table's step allows (the bench's first tap)."""
    from bench.games import first_tap, tap_form

    game.refresh_from_db()
    data = tap_form(first_tap(*game.load()), game.version)
    return client.post(f"/g/{game.key}/enter/", data)


def test_a_tap_inside_a_round_writes_the_round_in_progress_and_not_the_record(
    client: Client, played_game: Game
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as run:
        assert tap_allowed(client, played_game).status_code == 303

    updates = [query["sql"] for query in run if query["sql"].startswith("UPDATE")]
    game_updates = [sql for sql in updates if "scorepad_game" in sql]
    assert len(game_updates) == 1
    assert '"pending"' in game_updates[0] and '"record"' not in game_updates[0]
    played_game.refresh_from_db()
    assert len(played_game.pending) == 1
    assert len(played_game.record["rounds"]) == 2


def test_the_tap_that_ends_a_round_writes_the_record_and_its_fingerprint(
    client: Client, played_game: Game
) -> None:
    from scorepad.models import record_fingerprint

    game = played_game
    while len(game.record["rounds"]) == 2:
        assert tap_allowed(client, game).status_code == 303
        game.refresh_from_db()

    assert len(game.record["rounds"]) == 3 and game.pending == []
    assert game.fingerprint == record_fingerprint(game.record)


def at_the_first_trick(db: None, entries: Sequence[Entry] = SPEC_ENTRIES) -> Game:
    """Abracadabra's record-spec deal, everything before its first trick entered."""
    first = next(i for i, entry in enumerate(entries) if entry.kind == "trick")
    record, pending = play_entries(spec_record(), entries[:first])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    game.refresh_from_db()
    return game


def test_the_trick_grid_enters_every_trick_tapped_at_once(client: Client, db: None) -> None:
    game = at_the_first_trick(db)
    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    page = client.get(f"/g/{game.key}/").text
    assert page.count('type="radio" name="trick-1"') == 4
    assert 'aria-label="Dev won trick 1 (named the trick, proposed)"' in page

    data = {"version": game.version, "kind": "trick"}
    data |= {f"trick-{n}": str(seat) for n, seat in enumerate(winners[:5], start=1)}
    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303
    game.refresh_from_db()
    assert [e["value"] for e in game.pending if e["kind"] == "trick"] == winners[:5]
    # The grid goes on from trick 6; one Undo takes back one trick.
    assert 'name="trick-6"' in client.get(f"/g/{game.key}/").text


def grid_boxes(page: str) -> dict[int, list[str]]:
    """The trick grid's boxes ticked as drawn, and those marked proposed: trick -> seats."""
    ticked: dict[int, list[str]] = {}
    for label, number, seat, rest in re.findall(
        r'<label class="won([^"]*)"><input type="radio" name="trick-(\d+)" value="(\d+)"([^>]*)>',
        page,
    ):
        assert " required" in rest  # the browser holds a grid with a trick left out
        if " checked" in rest:
            assert "proposed" in label  # nothing is ticked but a proposal
            ticked.setdefault(int(number), []).append(seat)
    return ticked


def test_the_trick_grid_proposes_the_one_who_named_each_trick_and_enters_nothing_for_it(
    client: Client, db: None
) -> None:
    game = at_the_first_trick(db)
    pending = list(game.pending)

    page = client.get(f"/g/{game.key}/").text

    # Named: Ann 5 and 11, Ben 4, 8 and 12, Dev 1 (seats 0, 1, 3); Cleo nothing.
    proposed = {1: ["3"], 4: ["1"], 5: ["0"], 8: ["1"], 11: ["0"], 12: ["1"]}
    assert grid_boxes(page) == proposed
    assert "proposed: tap another to change it" in page
    game.refresh_from_db()
    assert game.pending == pending  # drawn, not entered


def test_a_trick_two_players_named_has_no_winner_proposed(client: Client, db: None) -> None:
    # Cleo names trick 5 too, which Ann named: either may win it, so neither is ticked.
    entries = [
        Entry("name", 2, [5]) if e.kind == "name" and e.seat == 2 else e for e in SPEC_ENTRIES
    ]
    game = at_the_first_trick(db, entries)

    page = client.get(f"/g/{game.key}/").text

    assert 5 not in grid_boxes(page)
    assert 'aria-label="Ann won trick 5 (named the trick)"' in page
    assert 'aria-label="Cleo won trick 5 (named the trick)"' in page


def test_the_trick_grid_posted_as_proposed_with_one_changed_enters_each_as_posted(
    client: Client, db: None
) -> None:
    # Without script: the proposals are ticked radios, Done posts what is ticked. Ben
    # named trick 8 and Ann won it: the keeper changed that one and tapped the rest.
    game = at_the_first_trick(db)
    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    ticked = grid_boxes(client.get(f"/g/{game.key}/").text)
    data = {"version": game.version, "kind": "trick"}
    data |= {f"trick-{number}": seats[0] for number, seats in ticked.items()}
    assert data["trick-8"] == "1" and winners[7] == 0
    data |= {f"trick-{n}": str(seat) for n, seat in enumerate(winners, start=1) if n not in ticked}
    data["trick-8"] = "0"

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303
    game.refresh_from_db()
    assert [e["value"] for e in game.pending if e["kind"] == "trick"] == winners


def test_the_trick_grid_refuses_a_trick_left_out_and_enters_nothing(
    client: Client, db: None
) -> None:
    game = at_the_first_trick(db)
    pending = list(game.pending)

    data = {"version": game.version, "kind": "trick", "trick-1": "0", "trick-3": "1"}
    response = client.post(f"/g/{game.key}/enter/", data)

    refused(response, 400, "Tap who won each trick from trick 1 on, with none left out.")
    game.refresh_from_db()
    assert game.pending == pending


def test_the_trick_grid_refuses_a_winner_not_at_the_table(client: Client, db: None) -> None:
    game = at_the_first_trick(db)
    pending = list(game.pending)

    data = {"version": game.version, "kind": "trick", "trick-1": "0", "trick-2": "7"}
    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 400
    game.refresh_from_db()
    assert game.pending == pending


def trick_winners(game: Game) -> list[int]:
    game.refresh_from_db()
    return [e["value"] for e in game.pending if e["kind"] == "trick"]


def the_rest_to(game: Game, rest: Any, tapped: dict[int, int], page: str) -> dict[str, Any]:
    """The trick grid posted by a player's "the rest" button: the proposals as drawn
    (ticked radios), the boxes ``tapped`` (trick -> seat), and ``rest``."""
    data = {"version": game.version, "kind": "trick", "rest": rest}
    data |= {f"trick-{number}": seats[0] for number, seats in grid_boxes(page).items()}
    return data | {f"trick-{number}": str(seat) for number, seat in tapped.items()}


# The spec deal's tricks Ann and Ben won that nobody named, and trick 8, which Ben named
# and Ann won; Cleo won the other three nobody named (6, 7 and 13).
NOT_CLEOS = {2: 0, 3: 1, 8: 0, 9: 1, 10: 0}


def test_the_grid_has_a_rest_button_under_each_players_column(client: Client, db: None) -> None:
    game = at_the_first_trick(db)

    page = client.get(f"/g/{game.key}/").text

    for seat, name in enumerate(game.record["players"]):
        # formnovalidate: the browser sends the grid with tricks left open.
        assert (
            f'<button type="submit" name="rest" value="{seat}" formnovalidate class="secondary'
            f' rest" aria-label="The rest to {name}">the rest</button>'
        ) in page


def test_the_rest_to_a_player_gives_them_every_trick_left_open_and_enters_the_grid(
    client: Client, db: None
) -> None:
    # Without script: the proposals posted as ticked, five boxes tapped, then "the
    # rest" under Cleo's column.
    game = at_the_first_trick(db)
    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    data = the_rest_to(game, "2", NOT_CLEOS, client.get(f"/g/{game.key}/").text)
    assert {n for n in range(1, 14) if f"trick-{n}" not in data} == {6, 7, 13}

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303
    assert trick_winners(game) == winners
    # Then the cards of their bid suit: the grid is done.
    assert 'name="kind" value="suit_cards"' in client.get(f"/g/{game.key}/").text


def test_the_rest_with_htmx_answers_the_next_step(htmx_client: Client, db: None) -> None:
    game = at_the_first_trick(db)
    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    data = the_rest_to(game, "2", NOT_CLEOS, htmx_client.get(f"/g/{game.key}/").text)

    response = htmx_client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert 'name="kind" value="suit_cards"' in response.text
    assert trick_winners(game) == winners


def test_the_rest_keeps_a_proposal_changed_and_fills_only_the_tricks_left_open(
    client: Client, db: None
) -> None:
    # Trick 1, proposed for Dev, tapped for Ann; everything else left open goes to Ben.
    game = at_the_first_trick(db)
    data = the_rest_to(game, "1", {1: 0}, client.get(f"/g/{game.key}/").text)

    assert client.post(f"/g/{game.key}/enter/", data).status_code == 303

    # Proposed: 4 Ben, 5 Ann, 8 Ben, 11 Ann, 12 Ben.
    assert trick_winners(game) == [0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1]


def test_the_rest_after_every_trick_has_a_winner_enters_the_grid_as_posted(
    client: Client, db: None
) -> None:
    game = at_the_first_trick(db)
    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    data = {"version": game.version, "kind": "trick", "rest": "3"}
    data |= {f"trick-{n}": str(seat) for n, seat in enumerate(winners, start=1)}

    assert client.post(f"/g/{game.key}/enter/", data).status_code == 303

    assert trick_winners(game) == winners


@pytest.mark.parametrize("rest", ["4", "7", "-1", "Ann", "1.0", "９"])
def test_the_rest_to_anyone_but_a_player_at_the_table_is_refused_and_nothing_entered(
    client: Client, db: None, rest: str
) -> None:
    game = at_the_first_trick(db)
    pending = list(game.pending)
    data = the_rest_to(game, rest, NOT_CLEOS, client.get(f"/g/{game.key}/").text)

    response = client.post(f"/g/{game.key}/enter/", data)

    refused(
        response,
        400,
        f"{rest!r} is not something that can be said here (Who won trick 1?)",
    )
    game.refresh_from_db()
    assert game.pending == pending


def test_the_rest_is_refused_even_with_every_trick_tapped(client: Client, db: None) -> None:
    # Nothing is left for it to fill, but a value no player has is still not ours.
    game = at_the_first_trick(db)
    pending = list(game.pending)
    winners = [entry.value for entry in SPEC_ENTRIES if entry.kind == "trick"]
    data = {"version": game.version, "kind": "trick", "rest": "5"}
    data |= {f"trick-{n}": str(seat) for n, seat in enumerate(winners, start=1)}

    assert client.post(f"/g/{game.key}/enter/", data).status_code == 400

    game.refresh_from_db()
    assert game.pending == pending


def test_a_winner_posted_past_the_last_trick_is_refused_with_the_rest_too(
    client: Client, db: None
) -> None:
    game = at_the_first_trick(db)
    pending = list(game.pending)
    data = the_rest_to(game, "2", NOT_CLEOS, client.get(f"/g/{game.key}/").text)
    data["trick-14"] = "0"

    response = client.post(f"/g/{game.key}/enter/", data)

    refused(response, 400, "There are more winners than tricks left to play.")
    game.refresh_from_db()
    assert game.pending == pending
