"""Boerenbridge for 3 to 7 players (RULINGS: 4 as ruled, 3 to 7 with hand sizes of
one's own): setup opens up with a pattern of hands, and the table, the sheets, the
statistics and the import take such games."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from scorepad.models import Game
from tests.web.test_sheet_pdf import pdf_pages

URL = "/new/boerenbridge/"
SEVEN = ("Ann", "Bob", "Cat", "Dev", "Eve", "Fay", "Gus")
AS_RULED_ONLY = (
    "Boerenbridge as ruled is played by 4 players, not 5; with hand sizes of your own "
    "(option hands), by 3 to 7"
)
# The five-player game of docs/rules.md: hands of 10 and 5, to 40, Cat wins on 40.
FIVE: dict[str, Any] = {
    "format": "scorepad/1",
    "game": "boerenbridge",
    "options": {"hands": [10, 5], "target": 40, "sit_out": 30},
    "players": ["Ann", "Bob", "Cat", "Dev", "Eve"],
    "first_dealer": 4,
    "rounds": [
        {"bids": [4, 3, 0, 2, 2], "tricks": [4, 3, 0, 1, 2]},
        {"bids": [2, 1, 0, 2, 1], "tricks": [2, 1, 1, 1, 0]},
        {"bids": [1, 2, 0, 3, 3], "tricks": [1, 2, 0, 4, 3]},
        {"bids": [None, None, None, 3, 2], "tricks": [1, 0, 1, 2, 1]},
    ],
}


def form(*players: str, **fields: Any) -> dict[str, Any]:
    """Boerenbridge's setup form as the browser posts it, the rules as ruled."""
    return {
        "player": list(players or SEVEN[:4]),
        "first_dealer": "0",
        "action": "start",
        "rules": "as-ruled",
        "option_hands": "",
        "option_hook": "on",
        "option_hook_from": "1",
        "option_target": "100",
        "option_sit_out": "80",
        "option_bounce": "on",
        "option_made": "",
        "option_missed": "",
        **fields,
    }


def name_rows(html: str) -> int:
    return html.count('name="player"')


def picked(html: str, choice: str) -> bool:
    """Whether the rules choice ``choice`` is the one checked."""
    found = re.search(rf'<input type="radio" name="rules" value="{choice}"[^>]*>', html)
    return found is not None and " checked" in found.group(0)


def error_text(html: str) -> str:
    """Every error the page shows, as text."""
    return " ".join(re.findall(r'class="error"[^>]*>([^<]*)<', html))


def test_it_seats_three_to_seven_from_the_start(client: Client) -> None:
    page = client.get(URL).text

    assert name_rows(page) == 4
    assert "(3 to 7 players)" in page
    assert 'value="add"' in page


def test_a_fifth_player_added_picks_the_hands_for_five(client: Client) -> None:
    response = client.post(URL, form(action="add"))

    assert response.status_code == 200
    assert name_rows(response.text) == 5
    assert picked(response.text, "up-and-down-to-100")
    assert "1 to 10 and back, to 100" in response.text
    assert "<b>Hands:</b> 1 2 3 4 5 6 7 8 9 10 9 8 7 6 5 4 3 2 1" in response.text
    # As ruled says whom it is for; no message names an option as the record does.
    assert "For 4 players only." in response.text
    assert "option" not in error_text(response.text)

    started = client.post(URL, form(*SEVEN[:5], rules="up-and-down-to-100"))
    assert started.status_code == 303
    assert Game.objects.get().record["options"] == {"hands": [*range(1, 11), *range(9, 0, -1)]}


def test_back_at_four_the_hands_it_picked_give_way_to_the_game_as_ruled(client: Client) -> None:
    five = client.post(URL, form(action="add")).text
    assert picked(five, "up-and-down-to-100")
    assert 'name="proposed" value="up-and-down-to-100"' in five

    back = client.post(
        URL,
        form(
            *SEVEN[:5], action="remove-4", rules="up-and-down-to-100", proposed="up-and-down-to-100"
        ),
    ).text
    assert name_rows(back) == 4
    assert picked(back, "as-ruled")
    assert "<b>Hands:</b> 13, over and over" in back


def test_hands_the_family_picked_stay_when_back_at_four(client: Client) -> None:
    back = client.post(URL, form(*SEVEN[:5], action="remove-4", rules="down-to-one")).text

    assert name_rows(back) == 4
    assert picked(back, "down-to-one")


def test_a_fifth_player_as_ruled_is_refused_in_the_setups_words(client: Client) -> None:
    response = client.post(URL, form(*SEVEN[:5]))

    assert response.status_code == 400
    said = escape(
        "As ruled, Boerenbridge is for 4 players, not 5: pick “1 to 10 and back, to 100” "
        "below, or another way of dealing for 5."
    )
    assert response.text.count(said) == 1
    assert escape(AS_RULED_ONLY) not in response.text
    assert "option" not in error_text(response.text)
    assert Game.objects.count() == 0


def test_a_pattern_of_hands_opens_the_table_up_to_seven(client: Client) -> None:
    response = client.post(URL, form(action="add", rules="up-and-down-to-100"))

    assert response.status_code == 200
    assert name_rows(response.text) == 5
    assert "(3 to 7 players)" in response.text
    assert 'value="add"' in response.text
    # The presets now deal for five: 52 / 5 = 10 cards at most.
    assert "1 to 10 and back, to 100" in response.text
    assert "10 down to 1, to 100" in response.text


def test_a_fifth_player_added_previews_the_presets_hands_for_five(client: Client) -> None:
    # The preview once dealt the preset's hands for the four rows posted, not the five
    # now shown: "a hand of 13 cards is too big for 5 players" under 10 down to 1.
    response = client.post(URL, form(action="add", rules="down-to-one"))

    assert name_rows(response.text) == 5
    assert "too big" not in response.text
    assert "<b>Hands:</b> 10 9 8 7 6 5 4 3 2 1" in response.text


def test_no_eighth_seat_is_offered(client: Client) -> None:
    response = client.post(URL, form(*SEVEN, action="add", rules="down-to-one"))

    assert name_rows(response.text) == 7
    assert 'value="add"' not in response.text


def test_with_htmx_a_fifth_player_added_redraws_the_form_with_the_hands_for_five(
    htmx_client: Client,
) -> None:
    response = htmx_client.post(URL, form(action="add"), headers={"HX-Target": "setup"})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<form id="setup"')
    assert name_rows(response.text) == 5
    assert picked(response.text, "up-and-down-to-100")
    assert "<b>Hands:</b> 1 2 3 4 5 6 7 8 9 10 9 8 7 6 5 4 3 2 1" in response.text


@pytest.mark.parametrize(
    ("count", "preset", "hands"),
    [
        (5, "up-and-down-to-100", [*range(1, 11), *range(9, 0, -1)]),
        (3, "down-to-one", list(range(17, 0, -1))),
        (7, "up-and-down-to-100", [*range(1, 8), *range(6, 0, -1)]),
        (6, "dutch-hook", [*range(1, 9), *range(7, 0, -1)]),
    ],
)
def test_a_preset_deals_its_pattern_for_the_players_at_the_table(
    client: Client, count: int, preset: str, hands: list[int]
) -> None:
    response = client.post(URL, form(*SEVEN[:count], rules=preset))

    assert response.status_code == 303, response.text[:2000]
    record = Game.objects.get().record
    assert record["players"] == list(SEVEN[:count])
    assert record["options"]["hands"] == hands


def test_our_own_hands_take_a_seventh_player_up_to_seven_cards(client: Client) -> None:
    response = client.post(URL, form(*SEVEN, rules="own", option_hands="7, 3"))
    assert response.status_code == 303, response.text[:2000]

    refused = client.post(URL, form(*SEVEN, rules="own", option_hands="8, 3"))
    assert refused.status_code == 400
    assert "a hand of 8 cards is too big for 7 players: the pack allows at most 7" in (refused.text)


def test_a_seven_player_game_is_kept_at_the_table_and_on_the_sheets(client: Client) -> None:
    client.post(URL, form(*SEVEN, rules="up-and-down-to-100"))
    game = Game.objects.get()

    table = client.get(f"/g/{game.key}/").text
    assert "Round 1, to 100" in table
    # Ann deals; the others bid first, a hand of 1 card: 0 or 1.
    assert 'value="1"' in table and 'value="2"' not in table
    sheet = client.get(f"/g/{game.key}/sheet/").text
    assert all(name in sheet for name in SEVEN)
    [page] = pdf_pages(client.get(f"/g/{game.key}/sheet.pdf").content)
    assert all(name in page["text"] for name in SEVEN)


def test_a_five_player_game_imports_and_counts_in_the_statistics(client: Client) -> None:
    response = client.post("/games/import/", {"text": json.dumps(FIVE)})

    assert response.status_code in (302, 303), response.text[:2000]
    game = Game.objects.get()
    sheet = client.get(f"/g/{game.key}/sheet/").text
    assert "Cat" in sheet and "40" in sheet
    player = client.get("/players/cat/")
    assert player.status_code == 200
    assert "Boerenbridge" in player.text


@pytest.mark.parametrize("hands", ["1, 2, ²", "1, ٣", "１0"])
def test_hand_sizes_in_digits_other_than_ascii_are_refused_cleanly(
    client: Client, hands: str
) -> None:
    for action in ("start", "preview", "add"):
        response = client.post(
            URL, form(*SEVEN[:5], rules="own", option_hands=hands, action=action)
        )
        assert response.status_code in (200, 400), (action, response.status_code)
        assert "Hand sizes are whole numbers separated by commas" in response.text
    assert Game.objects.count() == 0
    blank = client.get(f"/print/boerenbridge/?players=5&option_hands={hands}")
    assert blank.status_code == 400


def test_the_presets_and_the_count_read_in_dutch(client: Client) -> None:
    from django.utils import translation

    with translation.override("nl"):
        response = client.post(
            URL,
            form(*SEVEN[:5], action="preview", rules="up-and-down-to-100"),
            HTTP_ACCEPT_LANGUAGE="nl",
        )

    assert "Van 1 tot 10 en terug, tot 100" in response.text
    assert "Van 10 af naar 1, tot 100" in response.text
    assert "3 tot en met 7" in response.text


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"rules": "own"}, "Give the hand sizes for 5 players: as ruled, Boerenbridge is for 4."),
        (
            {"rules": "own", "option_hands": ", ".join(["1"] * 61)},
            "Give 1 to 60 hand sizes, not 61.",
        ),
        (
            {"rules": "own", "option_hands": "11"},
            "a hand of 11 cards is too big for 5 players: the pack allows at most 10",
        ),
        ({"rules": "as-ruled"}, "As ruled, Boerenbridge is for 4 players, not 5"),
    ],
)
@pytest.mark.parametrize("action", ["start", "preview", "save-rules", "add"])
def test_no_refusal_of_the_setup_names_an_option_as_the_record_does(
    client: Client, fields: dict[str, Any], said: str, action: str
) -> None:
    response = client.post(URL, form(*SEVEN[:5], action=action, rules_name="Ours", **fields))

    errors = error_text(response.text)
    assert Game.objects.count() == 0
    if action != "add":  # adding a sixth player only redraws (the rules follow)
        assert escape(said) in errors
    assert "option" not in errors and "hands" not in errors.replace("hand sizes", "")


def test_other_rules_for_four_only_are_refused_naming_them_these_rules(client: Client) -> None:
    response = client.post(URL, form(*SEVEN[:5], rules="to-150"))

    assert response.status_code == 400
    said = escape(
        "These rules are for 4 players, not 5: pick “1 to 10 and back, to 100” below, "
        "or another way of dealing for 5."
    )
    assert response.text.count(said) == 1
