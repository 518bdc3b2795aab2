"""The house rules families play (issue 47), each set up from the setup page on a phone
and played for a round: Boerenbridge of fixed length by its three presets, Skull King
by Rascal's scoring with a negative bonus on the bonus pad and with a bonus on a miss,
and Oh Hell with the full pack, whose round of 13 cards to 4 is played without trump."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests.e2e.screens import Screen, Screens

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cas", "Dev"]
PYRAMID = [*range(1, 14), *range(12, 0, -1)]


def exported_options(screens: Screens) -> dict[str, Any]:
    """The options of the game's record as the app exports it."""
    response = screens.page.request.get(f"{screens.base_url}/g/{screens.key}/record.json")
    assert response.ok
    options: dict[str, Any] = response.json()["options"]
    return options


def pick(key: str, description: str) -> Any:
    """The setup's choice of a preset, its line of explanation beside it."""

    def options(page: Page) -> None:
        from playwright.sync_api import expect

        radio = page.locator(f"#setup input[name=rules][value={key}]")
        expect(radio.locator("xpath=..")).to_contain_text(description)
        radio.check()

    return options


def play_first_round(screens: Screens, bids: dict[str, str], tricks: dict[str, str]) -> Screen:
    """The bids and tricks of round 1, each asked player's as given, until round 2."""
    screen = screens.read()
    while screen.rounds == 0 and screen.kind in ("bid", "tricks"):
        answers = bids if screen.kind == "bid" else tricks
        screen = screens.choose(answers[screen.player])
    return screen


@pytest.mark.parametrize(
    ("key", "description", "made", "missed", "scores"),
    [
        (
            "dutch-pyramid",
            "3 off a trick for a miss; the highest total wins.",
            "10 + 3 * t",
            "-3 * abs(t - b)",
            {"Ann": 10, "Bob": -3, "Cas": 10, "Dev": 10},
        ),
        (
            "basis",
            "10 and 2 a trick for the bid made, nothing for a miss.",
            "10 + 2 * t",
            "0",
            {"Ann": 10, "Bob": 0, "Cas": 10, "Dev": 10},
        ),
        (
            "flemish",
            "10 and 3 a trick for the bid made, nothing for a miss.",
            "10 + 3 * t",
            "0",
            {"Ann": 10, "Bob": 0, "Cas": 10, "Dev": 10},
        ),
    ],
)
def test_a_fixed_length_boerenbridge_preset_is_set_up_and_played_a_round(
    screens: Screens, key: str, description: str, made: str, missed: str, scores: dict[str, int]
) -> None:
    screens.set_up(
        "boerenbridge",
        "Boerenbridge",
        PLAYERS,
        first_dealer=0,
        shot_as=f"boerenbridge-{key}",
        options=pick(key, description),
    )
    first = screens.read()
    assert first.title == "Boerenbridge: Round 1 of 25"
    assert first.hand_size == 1
    # Everyone bids 0 (1 card: 0 in all is no hook); Bob takes the trick.
    after = play_first_round(
        screens, dict.fromkeys(PLAYERS, "0"), {"Bob": "1", "Cas": "0", "Dev": "0", "Ann": "0"}
    )
    assert after.title == "Boerenbridge: Round 2 of 25"
    assert after.hand_size == 2
    assert after.totals == scores
    assert exported_options(screens) == {
        "end": "hands",
        "hands": PYRAMID,
        "scoring": "custom",
        "made": made,
        "missed": missed,
    }


def test_rascal_is_set_up_and_a_negative_bonus_is_entered_on_the_bonus_pad(
    screens: Screens,
) -> None:
    from playwright.sync_api import expect

    screens.set_up(
        "skull-king",
        "Skull King",
        PLAYERS,
        first_dealer=0,
        shot_as="skull-king-rascal",
        options=pick("rascal", "a glancing blow (one trick off) half"),
    )
    assert screens.read().title == "Skull King: Round 1 of 10"
    screen = play_first_round(
        screens,
        {"Ann": "1", "Bob": "0", "Cas": "0", "Dev": "0"},
        {"Bob": "0", "Cas": "0", "Dev": "0", "Ann": "1"},
    )
    assert screen.kind == "bonus"
    assert screen.prompt == "Bob, Cas, Dev and Ann made their bids: any bonuses?"
    screens.whose_bid("Ann")
    page = screens.page
    box = page.locator("#step input[name=value]")
    # A card that cost Ann 20: tapped as 20, then ± turns it to -20 on the same pad.
    page.locator("#step button[data-add]", has_text="Loot").first.tap()
    page.locator("#step button[data-negate]").tap()
    expect(box).to_have_value("-20")
    screens.shot("negative-bonus")
    page.locator("#step button[data-negate]").tap()
    expect(box).to_have_value("20")
    page.locator("#step button[data-negate]").tap()
    screens.done()
    after = screens.tap_button("No more bonuses")
    assert after.title == "Skull King: Round 2 of 10"
    # Rascal: a direct hit is 10 a card dealt (1 card); Ann's -20 taken off her 10.
    assert after.totals == {"Ann": -10, "Bob": 10, "Cas": 10, "Dev": 10}
    assert exported_options(screens) == {
        "scoring": "custom",
        "made": "10 * h",
        "missed": "5 * h if abs(t - b) == 1 else 0",
    }


def test_a_bonus_on_a_miss_is_set_in_our_own_rules_and_asked_of_everyone(
    screens: Screens,
) -> None:
    from playwright.sync_api import expect

    def bonus_on_miss(page: Page) -> None:
        page.locator("details.own-rules > summary").tap()
        page.locator("#id_option_bonus_on_miss").check()
        expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()

    screens.set_up(
        "skull-king",
        "Skull King",
        PLAYERS,
        first_dealer=0,
        shot_as="skull-king-bonus-on-miss",
        options=bonus_on_miss,
    )
    screen = play_first_round(
        screens,
        {"Ann": "1", "Bob": "0", "Cas": "0", "Dev": "0"},
        {"Bob": "1", "Cas": "0", "Dev": "0", "Ann": "0"},
    )
    # Ann and Bob missed; with the bonus on a miss everyone is asked.
    assert screen.prompt == "Bob, Cas, Dev and Ann: any bonuses?"
    screens.whose_bid("Bob")
    screens.page.locator("#step button[data-add]", has_text="Loot").first.tap()
    screens.done()
    after = screens.tap_button("No more bonuses")
    assert after.totals == {"Ann": -10, "Bob": 10, "Cas": 10, "Dev": 10}
    assert exported_options(screens) == {"bonus_on_miss": True}


def test_oh_hell_with_the_full_pack_plays_its_13_card_round_without_trump(
    screens: Screens,
) -> None:
    from playwright.sync_api import expect

    def full_pack(page: Page) -> None:
        page.locator("details.own-rules > summary").tap()
        page.locator("#id_option_hands").fill("13, 12")
        page.locator("#id_option_hands").blur()
        expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()

    screens.set_up(
        "oh-hell",
        "Oh Hell",
        PLAYERS,
        first_dealer=0,
        shot_as="oh-hell-full-pack",
        options=full_pack,
    )
    first = screens.read()
    assert first.title == "Oh Hell: Round 1 of 2"
    assert first.hand_size == 13
    assert first.notes[0] == "No trump this round: the whole pack is dealt"
    page = screens.page
    assert page.locator("#table .optional button", has_text="hearts").count() == 0
    screens.shot("no-trump")
    after = play_first_round(
        screens,
        {"Bob": "3", "Cas": "3", "Dev": "3", "Ann": "3"},
        {"Bob": "4", "Cas": "3", "Dev": "3"},
    )
    assert after.title == "Oh Hell: Round 2 of 2"
    assert "No trump this round: the whole pack is dealt" not in after.notes
    # 12 cards to 4 leave 4: a trump is turned up again.
    assert page.locator("#table .optional").count() == 1
    assert after.totals == {"Ann": 13, "Bob": 4, "Cas": 13, "Dev": 13}
    assert exported_options(screens) == {"hands": [13, 12]}


def test_the_dutch_pyramid_made_our_own_keeps_its_end_and_nobody_sits_out(
    page: Page, screens: Screens
) -> None:
    from playwright.sync_api import expect

    def own_pyramid(page: Page) -> None:
        page.locator("#setup input[name=rules][value=dutch-pyramid]").check()
        page.get_by_role("button", name="Make our own from these").tap()
        expect(page.locator("#setup input[name=rules][value=own]")).to_be_checked()
        expect(page.locator("#id_option_end")).to_have_value("hands")
        expect(page.locator("#id_option_hands")).to_have_value(", ".join(map(str, PYRAMID)))

    screens.set_up(
        "boerenbridge",
        "Boerenbridge",
        PLAYERS,
        first_dealer=0,
        shot_as="boerenbridge-own-pyramid",
        options=own_pyramid,
    )
    assert screens.read().title == "Boerenbridge: Round 1 of 25"
    assert exported_options(screens) == {
        "end": "hands",
        "hands": PYRAMID,
        "scoring": "custom",
        "made": "10 + 3 * t",
        "missed": "-3 * abs(t - b)",
    }
