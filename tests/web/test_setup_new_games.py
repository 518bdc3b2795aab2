"""new_game for Wizard, Skull King and Spades: the page, the presets, own rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from scorepad.models import Game

EIGHT = ("Ann", "Bob", "Cat", "Dev", "Eve", "Fay", "Gus", "Hal")


def form(game: str, *players: str, **fields: Any) -> dict[str, Any]:
    """The setup form as the browser posts it, the Rules fieldset at its defaults."""
    data: dict[str, Any] = {
        "player": list(players or EIGHT[:4]),
        "first_dealer": "0",
        "action": "start",
        "rules": "as-ruled",
        "option_hands": "",
        "option_bidding": "sealed" if game == "skull-king" else "open",
        **fields,
    }
    if game == "wizard":
        data.update(option_hook="off", option_hook_from="1", option_made="", option_missed="")
    return {**data, **fields}


def started(response: Any) -> dict[str, Any]:
    assert response.status_code == 303, response.text[:3000]
    record: dict[str, Any] = Game.objects.get().record
    return record


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["wizard", "skull-king"])
def test_the_setup_page_offers_the_games_presets(client: Client, game: str) -> None:
    response = client.get(f"/new/{game}/")
    assert response.status_code == 200
    if game == "wizard":
        assert "The Canadian rule" in response.text and 'name="option_made"' in response.text
    else:
        assert "Even keeled" in response.text and "Whirlpool" in response.text
        # Issue 47: Skull King's own scoring (made and missed) and the bonus on a miss.
        assert 'name="option_made"' in response.text and "Rascal" in response.text
        assert 'name="option_bonus_on_miss"' in response.text
        assert "Hand sizes, the bonus and the scoring as your table plays them." in response.text


@pytest.mark.django_db
def test_a_skull_king_schedule_is_cut_to_what_70_cards_deal_eight_players(client: Client) -> None:
    record = started(client.post("/new/skull-king/", form("skull-king", *EIGHT, rules="broadside")))
    assert record["game"] == "skull-king"
    assert record["options"] == {"hands": [8] * 10}
    assert len(record["players"]) == 8


@pytest.mark.django_db
def test_a_skull_king_schedule_is_kept_whole_for_seven(client: Client) -> None:
    record = started(
        client.post("/new/skull-king/", form("skull-king", *EIGHT[:7], rules="even-keeled"))
    )
    assert record["options"] == {"hands": [2, 2, 4, 4, 6, 6, 8, 8, 10, 10]}


@pytest.mark.django_db
def test_skull_king_as_ruled_keeps_no_options(client: Client) -> None:
    assert started(client.post("/new/skull-king/", form("skull-king")))["options"] == {}


@pytest.mark.django_db
def test_our_own_skull_king_rules_may_open_the_bids(client: Client) -> None:
    data = form("skull-king", rules="own", option_bidding="open", option_hands="3, 3")
    assert started(client.post("/new/skull-king/", data))["options"] == {
        "hands": [3, 3],
        "bidding": "open",
    }


@pytest.mark.django_db
def test_a_skull_king_hand_over_the_pack_is_refused_with_the_reason(client: Client) -> None:
    data = form("skull-king", *EIGHT, rules="own", option_hands="8, 9")
    response = client.post("/new/skull-king/", data)
    assert response.status_code == 400
    message = "a hand of 9 cards is too big for 8 players: the pack allows at most 8"
    assert escape(message) in response.text
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_nine_players_cannot_start_skull_king(client: Client) -> None:
    response = client.post("/new/skull-king/", form("skull-king", *EIGHT, "Ivy"))
    assert response.status_code == 400
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_wizard_starts_with_the_canadian_rule(client: Client) -> None:
    record = started(client.post("/new/wizard/", form("wizard", rules="canadian")))
    assert record["game"] == "wizard" and record["options"] == {"hook": "leader"}


@pytest.mark.django_db
def test_wizard_starts_with_the_dealers_hook(client: Client) -> None:
    record = started(client.post("/new/wizard/", form("wizard", rules="dealers-hook")))
    assert record["game"] == "wizard" and record["options"] == {"hook": "on"}


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["oh-hell", "brink-bid", "wizard"])
def test_our_own_rules_take_the_canadian_rule(client: Client, game: str) -> None:
    page = client.get(f"/new/{game}/").text
    assert (
        '<option value="leader">The Canadian rule: a dealer in the lead, 0 allowed</option>' in page
    )
    # Oh Hell's own options, as its page posts them at their defaults.
    plain = {"option_style": "long", "option_scoring": "positive"} if game == "oh-hell" else {}
    data = form(game, rules="own", option_hook="leader", **plain)
    record = started(client.post(f"/new/{game}/", data))
    assert record["options"] == {"hook": "leader"}


@pytest.mark.django_db
def test_boerenbridges_own_rules_offer_no_canadian_rule(client: Client) -> None:
    page = client.get("/new/boerenbridge/").text
    assert 'value="leader"' not in page


@pytest.mark.django_db
def test_wizard_takes_a_formula_checked_over_its_own_hands(client: Client) -> None:
    data = form("wizard", rules="own", option_made="b * 500", option_missed="0")
    record = started(client.post("/new/wizard/", data))
    assert record["options"] == {"scoring": "custom", "made": "b * 500", "missed": "0"}


# --- Spades: partners, and rules with no hand sizes -------------------------------------


def spades(**fields: Any) -> dict[str, Any]:
    data = form("spades", "Ann", "Bob", "Cat", "Dev", **fields)
    data.update(option_target="500", option_lose_at="-200", option_bag_limit="10")
    data.update(option_blind_nil="on", **fields)
    return data


@pytest.mark.django_db
def test_the_spades_setup_shows_the_partners_as_they_sit_and_no_hand_sizes(client: Client) -> None:
    response = client.get("/new/spades/")
    assert "Player 1 &amp; Player 3 against Player 2 &amp; Player 4" in response.text
    assert "Standard, to 500" in response.text and "No bag penalty" in response.text
    assert 'name="option_hands"' not in response.text


@pytest.mark.django_db
def test_moving_a_player_up_changes_partners(client: Client) -> None:
    response = client.post("/new/spades/", spades(action="up-2"))
    assert "Ann &amp; Bob against Cat &amp; Dev" in response.text


@pytest.mark.django_db
def test_a_name_typed_redraws_the_partners_with_htmx(htmx_client: Client) -> None:
    response = htmx_client.post("/new/spades/", spades(action="dealers"))
    assert 'id="partners" class="partners" hx-swap-oob="true"' in response.text
    assert "Ann &amp; Cat against Bob &amp; Dev" in response.text


@pytest.mark.django_db
def test_spades_starts_as_ruled_or_with_no_bag_penalty(client: Client) -> None:
    record = started(client.post("/new/spades/", spades()))
    assert (record["game"], record["options"], record["first_dealer"]) == ("spades", {}, 0)
    Game.objects.all().delete()
    assert started(client.post("/new/spades/", spades(rules="no-bag-penalty")))["options"] == {
        "bag_limit": None
    }


@pytest.mark.django_db
def test_our_own_spades_rules_may_play_without_blind_nil_to_300(client: Client) -> None:
    data = spades(rules="own", option_target="300", option_lose_at="")
    del data["option_blind_nil"]
    assert started(client.post("/new/spades/", data))["options"] == {
        "target": 300,
        "lose_at": None,
        "blind_nil": False,
    }
