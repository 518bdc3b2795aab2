"""game_table: one screen for the next thing to enter."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils.html import escape

from scorepad.models import Game


class Enhanced(HTMLParser):
    """Every element with an hx-post or hx-get, with the tag and attributes it sits on."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if "hx-post" in attributes or "hx-get" in attributes:
            self.found.append((tag, attributes))


def enhanced(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Enhanced()
    parser.feed(html)
    return parser.found


def test_it_asks_the_player_left_of_the_dealer_to_bid_first(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/")

    assert response.status_code == 200
    assert "<html" in response.text
    assert "Oh Hell: Round 1 of 19" in response.text
    assert '<h2 class="prompt">Bob bids</h2>' in response.text
    assert "<dt>Cards</dt><dd>10</dd>" in response.text
    assert "<dt>Deals</dt><dd>Ann</dd>" in response.text
    assert f'<input type="hidden" name="version" value="{new_game.version}">' in response.text


def test_it_offers_every_bid_from_nothing_to_the_hand_size(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/")

    values = re.findall(r'<button name="value" value="(\d+)">', response.text)
    assert values == [str(bid) for bid in range(11)]


def test_with_htmx_it_answers_the_table_fragment_only(htmx_client: Client, new_game: Game) -> None:
    response = htmx_client.get(f"/g/{new_game.key}/")

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="table"')
    assert "<html" not in response.text
    assert "Bob bids" in response.text


def test_it_shows_the_dealers_forbidden_bid_disabled_with_its_reason(
    client: Client, hooked_game: Game
) -> None:
    response = client.get(f"/g/{hooked_game.key}/")

    reason = "Ann deals and may not bid 2: the bids would add up to the 10 tricks"
    button = re.search(r'<button name="value" value="2"([^>]*)>', response.text)
    assert button is not None
    assert "disabled" in button.group(1)
    described = re.search(r'aria-describedby="([^"]+)"', button.group(1))
    assert described is not None
    assert f'<p class="refused" id="{described.group(1)}">{escape(reason)}</p>' in response.text
    # Every other bid is open to her.
    assert '<button name="value" value="3">' in response.text


def test_it_keeps_the_bids_so_far_in_view(client: Client, hooked_game: Game) -> None:
    response = client.get(f"/g/{hooked_game.key}/")

    assert "Ann bids" in response.text
    assert "bids 8 of 10 tricks: under by 2" in response.text


def test_it_shows_the_totals_after_the_rounds_played(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/")

    assert "Totals after round 2" in response.text
    assert "Oh Hell: Round 3 of 19" in response.text
    assert "Dev bids" in response.text
    totals = re.findall(
        r'<td class="num">(-?\d+) <small class="muted">\(([+-]\d+)\)', response.text
    )
    assert totals == [("25", "+12"), ("15", "+11"), ("25", "+13"), ("4", "+3")]


def test_it_names_the_winners_once_the_game_is_over(client: Client, finished_game: Game) -> None:
    response = client.get(f"/g/{finished_game.key}/")

    assert response.status_code == 200
    assert '<h2 class="winners">Cat won</h2>' in response.text
    assert 'name="kind"' not in response.text
    assert f'href="/g/{finished_game.key}/sheet/"' in response.text


def test_it_shows_the_draw_for_first_dealer_until_the_first_entry(
    client: Client, new_game: Game
) -> None:
    new_game.dealer_draw = [
        [{"seat": 0, "card": "K of hearts"}, {"seat": 1, "card": "K of clubs"}],
        [{"seat": 0, "card": "3 of spades"}, {"seat": 1, "card": "9 of spades"}],
    ]
    new_game.save()

    response = client.get(f"/g/{new_game.key}/")

    assert "Draw for first dealer" in response.text
    assert "Ann K of hearts; Bob K of clubs" in response.text
    assert "Tied, drawing again: Ann 3 of spades; Bob 9 of spades" in response.text


def test_it_says_which_round_is_being_corrected(client: Client, played_game: Game) -> None:
    Game.objects.filter(pk=played_game.pk).update(correcting=1)

    response = client.get(f"/g/{played_game.key}/")

    assert "Oh Hell: Correcting round 1" in response.text
    assert "Bob bids" in response.text
    assert "Cancel correction" in response.text


def test_a_new_game_offers_no_undo(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/")

    assert f'action="/g/{new_game.key}/undo/"' not in response.text


@pytest.mark.parametrize(
    "fixture", ["new_game", "hooked_game", "bidding_game", "played_game", "finished_game"]
)
def test_every_hx_post_sits_on_a_real_form_and_every_hx_get_on_a_real_link(
    client: Client, request: pytest.FixtureRequest, fixture: str
) -> None:
    game: Game = request.getfixturevalue(fixture)

    found = enhanced(client.get(f"/g/{game.key}/").text)

    for tag, attributes in found:
        if "hx-post" in attributes:
            assert tag == "form"
            assert attributes["method"] == "post"
            assert attributes["action"] == attributes["hx-post"]
        else:
            assert tag == "a"
            assert attributes["href"] == attributes["hx-get"]
    if fixture != "finished_game":
        assert any(attributes.get("hx-post") == f"/g/{game.key}/enter/" for _, attributes in found)


def test_it_is_404_for_an_unknown_game(client: Client) -> None:
    response = client.get("/g/no-such-game/")

    assert response.status_code == 404


def test_it_refuses_a_post(client: Client, new_game: Game) -> None:
    response = client.post(f"/g/{new_game.key}/")

    assert response.status_code == 405
