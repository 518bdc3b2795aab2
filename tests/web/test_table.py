"""game_table: one screen for the next thing to enter."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import set_script_prefix
from django.utils import translation
from django.utils.html import escape

from scorepad.models import Game
from tests.conftest import ROUND_1, bid, oh_hell


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
    assert "The bids add up to 8 of 10 tricks: under by 2" in response.text


def test_it_shows_the_totals_after_the_rounds_played(client: Client, played_game: Game) -> None:
    response = client.get(f"/g/{played_game.key}/")

    assert "Totals after round 2" in response.text
    assert "Oh Hell: Round 3 of 19" in response.text
    assert "Dev bids" in response.text
    totals = re.findall(r'<td class="num[a-z ]*">(-?\d+) <small>\(([+-]\d+)\)', response.text)
    assert totals == [("25", "+12"), ("15", "+11"), ("25", "+13"), ("4", "+3")]


def test_it_names_the_winners_once_the_game_is_over(client: Client, finished_game: Game) -> None:
    response = client.get(f"/g/{finished_game.key}/")

    assert response.status_code == 200
    assert '<h2 class="winners" id="podium-title">Cat won</h2>' in response.text
    assert 'name="kind"' not in response.text
    assert f'href="/g/{finished_game.key}/sheet/"' in response.text


def test_the_end_of_a_game_is_a_podium_with_the_sheet_and_chart_a_tap_away(
    client: Client, finished_game: Game
) -> None:
    page = client.get(f"/g/{finished_game.key}/").text

    places = re.findall(
        r'<li class="place-(\d)"><span class="place">\d</span><span class="names">(\w+)</span>'
        r'<span class="points">(\d+)</span></li>',
        page,
    )
    assert places == [("1", "Cat", "100"), ("2", "Bob", "91"), ("3", "Ann", "64")]
    assert f'<a class="button secondary" href="/g/{finished_game.key}/sheet/#chart">' in page
    # Play again and the result to share follow the podium.
    after_game = page.split('<div id="after-game" class="after-game">')[1]
    assert after_game.index('<button type="submit" class="primary">Play again</button>') < 400


def test_players_sharing_a_total_share_their_place(client: Client, finished_game: Game) -> None:
    # Round 1 corrected to Ann taking its one trick: Bob and Cat end on 100 each.
    record = finished_game.record
    record["rounds"][0] = {"bids": [0, 0, 0], "tricks": [1, 0, 0]}
    Game.objects.filter(pk=finished_game.pk).update(record=record)

    page = client.get(f"/g/{finished_game.key}/").text

    assert (
        '<li class="place-1"><span class="place">1</span><span class="names">Bob and Cat</span>'
        in page
    )
    assert '<li class="place-3"><span class="place">3</span><span class="names">Ann</span>' in page


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


def test_a_reason_shared_by_several_disabled_choices_is_said_once(client: Client, db: None) -> None:
    # Abracadabra after Ann's call of 5: every call up to 5 is refused for one reason.
    from rules_engine import Entry, new_record, play, table

    record = new_record("abracadabra", ["Ann", "Ben", "Cleo", "Dev"], 3)
    after = play(table(record), Entry("call", 0, 5))
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(after.record, after.pending, None))

    page = client.get(f"/g/{game.key}/").text

    disabled = re.findall(
        r'<button name="value" value="\d+" disabled aria-describedby="([^"]+)">', page
    )
    assert len(disabled) == 5
    assert set(disabled) == {"why-1"}
    assert page.count('<p class="refused"') == 1


def test_the_last_rounds_made_and_missed_bids_are_marked(client: Client, played_game: Game) -> None:
    page = client.get(f"/g/{played_game.key}/").text

    # Round 2: Ann, Bob and Cat made their bids; Dev bid 2 and took 3.
    assert '<td class="num made">25 <small>(+12)</small></td>' in page
    assert '<td class="num missed">4 <small>(+3)</small></td>' in page


def test_boerenbridges_bounce_off_100_is_worked_out_where_it_happens(
    client: Client, db: None
) -> None:
    from tests.five_games import BOERENBRIDGE

    # Ann on 92 takes all 13 tricks without bidding: 105 is 5 over, so 95.
    rounds = [*BOERENBRIDGE["rounds"][:4], {"bids": [None, None, None, 0], "tricks": [13, 0, 0, 0]}]
    game = Game.objects.create(kind="boerenbridge", record={**BOERENBRIDGE, "rounds": rounds})

    page = client.get(f"/g/{game.key}/").text

    assert '<p class="bounce">Ann: 92 + 13 = 105, 5 over 100: 95</p>' in page
    assert page.count('class="bounce"') == 1


def test_the_dealers_optional_bid_change_waits_behind_a_button(client: Client, db: None) -> None:
    from tests.five_games import BOERENBRIDGE

    # Round 1 again, every bid in: the tricks are asked, the dealer may still change.
    record = {**BOERENBRIDGE, "rounds": []}
    pending = [bid(seat, value) for seat, value in [(0, 13), (1, 0), (2, 0), (3, 1)]]
    game = Game.objects.create(kind="boerenbridge", record=record, pending=pending)

    page = client.get(f"/g/{game.key}/").text

    assert (
        '<details class="optional-bid"><summary>Dev deals and may still change the bid</summary>'
        in page
    )
    assert "Tricks Ann took" in page


def abracadabra_at(entries: int) -> Game:
    from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

    record, pending = play_entries(spec_record(), SPEC_ENTRIES[:entries])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    game.refresh_from_db()
    return game


def test_naming_tricks_is_one_grid_saying_how_many_each_may_tick(client: Client, db: None) -> None:
    game = abracadabra_at(8)  # Ben declared 3: every player names their tricks
    page = client.get(f"/g/{game.key}/").text
    assert "Which tricks does each player name?" in page
    assert '<td class="count" data-seat="1" data-least="3" data-most="3">3 to name</td>' in page
    assert '<td class="count" data-seat="0" data-least="0" data-most="2">at most 2</td>' in page
    assert 'data-exact="{ticked} of {most}"' in page
    assert page.count('type="checkbox" name="named-2"') == 13
    assert 'aria-label="Cleo names trick Q"' in page
    with translation.override("nl"):
        dutch = client.get(f"/g/{game.key}/", headers={"accept-language": "nl"}).text
    dutch_count = re.search(r'<td class="count" data-seat="1"[^>]*>([^<]*)</td>', dutch)
    assert dutch_count is not None and "to name" not in dutch_count.group(1)
    assert "Which tricks" not in dutch


def test_the_grid_of_named_tricks_keeps_its_ticks_after_a_refusal(client: Client, db: None) -> None:
    game = abracadabra_at(8)
    data = {
        "version": game.version,
        "kind": "name",
        "value": "everyone",
        "named-1": ["12", "4"],
        "named-3": ["1"],
    }

    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 400
    assert "Ben bid 3 and must name exactly 3 tricks, not 2" in response.text
    ticked = re.findall(r'name="(named-\d)" value="(\d+)" checked', response.text)
    assert ticked == [("named-3", "1"), ("named-1", "4"), ("named-1", "12")]  # by row


def test_the_last_player_to_name_is_asked_alone(client: Client, db: None) -> None:
    game = abracadabra_at(11)  # Ben, Cleo and Dev named; Ann's turn
    page = client.get(f"/g/{game.key}/").text
    assert "Tricks Ann names (fewer than 3)" in page
    assert '<div class="choices toggles" data-least="0" data-most="2">' in page
    count = re.search(r'<p class="count"[^>]*>([^<]*)</p>', page)
    assert count is not None and count.group(1) == "0 to 2 to name"

    data = {"version": game.version, "kind": "name", "seat": 0, "values": ["12", "4", "5"]}
    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 400
    ticked = re.findall(
        r'<input type="checkbox" name="values" value="(\d+)" checked>', response.text
    )
    assert ticked == ["4", "5", "12"]


def test_during_the_play_it_says_who_named_the_trick(client: Client, db: None) -> None:
    game = abracadabra_at(16)  # three tricks played; Ben named trick 4
    page = client.get(f"/g/{game.key}/").text

    assert "<li>trick 4 of 13</li><li>named by Ben</li>" in page
    assert "* declares: bid highest, names exactly that many tricks." in page


def test_while_bid_suits_are_picked_the_trump_turned_up_waits_behind_a_button(
    client: Client, db: None
) -> None:
    from tests.engine.test_abracadabra import SPEC_ENTRIES, play_entries, spec_record

    # The auction over, the trump card not noted: the first bid suit is asked for.
    record, pending = play_entries(spec_record(), SPEC_ENTRIES[1:5])
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    page = client.get(f"/g/{game.key}/").text

    assert "Which suit does" in page
    # Two rows of suit buttons would look alike: the trump's is folded, and says so.
    summary = "<summary>Trump: the card turned up after the deal (the Joker: no trump)</summary>"
    assert f'<details class="optional-bid">{summary}' in page


def test_a_thrown_in_deal_is_said_at_the_next(client: Client, db: None) -> None:
    from tests.engine.test_abracadabra import spec_record

    record = spec_record().with_rounds([{"calls": ["pass"] * 4}])
    game = Game.start(record)

    page = client.get(f"/g/{game.key}/").text

    assert '<p class="last-round">Round 1: thrown in</p>' in page


def test_the_last_free_bid_suit_is_not_asked_for(client: Client, db: None) -> None:
    game = abracadabra_at(7)  # Ben and Cleo picked; Dev picks, Ann's is the one left
    assert "Which suit does Dev take as bid cards?" in client.get(f"/g/{game.key}/").text

    data = {"version": game.version, "kind": "suit", "seat": 3, "value": "diamonds"}
    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303
    page = client.get(f"/g/{game.key}/").text
    assert "Which tricks does each player name?" in page
    assert "Which suit does Ann take" not in page


def test_after_a_deal_each_players_score_is_broken_down(client: Client, db: None) -> None:
    from tests.engine.test_abracadabra import SPEC_ROUND, spec_record

    game = Game.start(spec_record().with_rounds([SPEC_ROUND]))

    page = client.get(f"/g/{game.key}/").text
    sheet = client.get(f"/g/{game.key}/sheet/").text

    assert "<summary>How round 1 scored</summary>" in page
    assert "<li>Ann: 30 success + 16 named + 5 tricks + 12 suit cards = 63</li>" in page
    assert "<li>Ben: 4 named + 24 right hand + 4 tricks + 10 suit cards = 42</li>" in page
    assert '<td class="points" title="3 tricks = 3">3</td>' in sheet


def test_last_deals_bid_suits_are_one_tap(client: Client, db: None) -> None:
    from tests.engine.test_abracadabra import (
        ROUND_2_AUCTION,
        SPEC_ROUND,
        play_entries,
        spec_record,
    )

    record, pending = play_entries(spec_record().with_rounds([SPEC_ROUND]), ROUND_2_AUCTION)
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(record, pending, None))
    game.refresh_from_db()
    page = client.get(f"/g/{game.key}/").text
    # The suit question's first button: last deal's suits, one tap for everyone.
    same = '<button name="value" value="same" class="primary big">Cleo ♣, Dev ♦, Ann ♥, Ben ♠'
    assert page.index("Same bid suits as last deal") < page.index(same)
    assert page.index(same) < page.index("Which suit does Cleo take as bid cards?")

    data = {"version": game.version, "kind": "suits", "value": "same"}
    response = client.post(f"/g/{game.key}/enter/", data)

    assert response.status_code == 303
    page = client.get(f"/g/{game.key}/").text
    assert "Which tricks does each player name?" in page
    assert "Undo the bid suits" in page


def test_the_next_request_reuses_the_record_already_read_until_it_changes(
    played_game: Game,
) -> None:
    first, _ = Game.objects.get(pk=played_game.pk).load()
    again, _ = Game.objects.get(pk=played_game.pk).load()

    # One Record, so its sheet is worked out once for both requests.
    assert again is first
    played_game.record = {**played_game.record, "rounds": played_game.record["rounds"][:1]}
    played_game.save()
    changed, _ = Game.objects.get(pk=played_game.pk).load()
    assert changed is not first and len(changed.rounds) == 1


def test_its_forms_and_links_follow_the_site_prefix_each_request_is_served_under(
    client: Client, new_game: Game
) -> None:
    # The table's links are reversed once a game and kept: kept per prefix, so a site
    # served under a path (SCRIPT_NAME) never gets links made for another.
    plain = client.get(f"/g/{new_game.key}/")
    # As Django's WSGI handler sets it from SCRIPT_NAME (the test client does not).
    set_script_prefix("/scores/")
    try:
        prefixed = client.get(f"/g/{new_game.key}/")
    finally:
        set_script_prefix("/")
    again = client.get(f"/g/{new_game.key}/")

    enter = f"/g/{new_game.key}/enter/"
    sheet = f"/g/{new_game.key}/sheet/"
    for response, prefix in ((plain, ""), (prefixed, "/scores"), (again, "")):
        assert f'action="{prefix}{enter}" hx-post="{prefix}{enter}"' in response.text
        assert f'href="{prefix}{sheet}"' in response.text


def test_reasons_a_choice_is_refused_read_as_sentences(client: Client) -> None:
    from rules_engine import Entry, new_record, play, table

    # Sinker: Ben calls all; every weaker call of Ann's is refused, and says why.
    after = play(table(new_record("sinker", ["Ann", "Ben"], 0, {})), Entry("call", 1, "all"))
    game = Game.start(after.record)
    Game.objects.filter(pk=game.pk).update(**game.changes(after.record, after.pending, None))

    page = client.get(f"/g/{game.key}/").text

    reasons = re.findall(r'<p class="refused" id="why-\d+">([^<]*)</p>', page)
    assert "Zero is not stronger than the standing all" in reasons
    assert all(reason[0] == reason[0].upper() for reason in reasons)


def test_the_badges_have_a_key_under_the_totals(client: Client, db: None) -> None:
    game = Game.objects.create(kind="oh-hell", record=oh_hell([ROUND_1]), version=3)  # Ann 13
    page = client.get(f"/g/{game.key}/").text

    key = '<span class="badge">D</span> deals <span class="badge lead">★</span> ahead</p>'
    assert key in page
    assert page.count("★") == 2  # Ann's, and the key's


def test_a_tie_for_the_most_points_stars_nobody(client: Client, played_game: Game) -> None:
    page = client.get(f"/g/{played_game.key}/").text  # Ann and Cat on 25

    assert "★" not in page
    assert '<p class="badge-key"><span class="badge">D</span> deals </p>' in page


def test_brink_bids_dice_are_drawn_as_rolled_and_tumble_in_only_just_rolled(
    client: Client,
) -> None:
    from rules_engine import Entry, new_record, play, table

    record = new_record("brink-bid", ["Ann", "Ben", "Cleo", "Dev"], 0, {})
    rolled = {"trump": "hearts", "number": 2, "direction": "across-left"}
    after = play(table(record), Entry("dice", None, rolled))
    game = Game.start(record)
    Game.objects.filter(pk=game.pk).update(**game.changes(after.record, after.pending, None))

    page = client.get(f"/g/{game.key}/").text

    assert '<div class="dice rolled" aria-hidden="true">' in page
    # Each face drawn in the page itself, nothing fetched: a heart, two pips, an arrow
    # turned to across-left.
    faces = re.findall(r'<svg class="die" viewBox="0 0 40 40">(.*?)</svg>', page)
    assert faces == [
        '<text class="hearts" x="20" y="30">♥</text>',
        '<circle cx="11" cy="11" r="4.5"/><circle cx="29" cy="29" r="4.5"/>',
        '<path class="line" d="M8 20h22M21 11l9 9-9 9" transform="rotate(-135 20 20)"/>',
    ]

    # After the next tap, the same dice stand still.
    game.refresh_from_db()
    answer = {"version": game.version, "kind": "bid", "seat": 1, "value": 1}
    assert client.post(f"/g/{game.key}/enter/", answer).status_code == 303
    assert '<div class="dice" aria-hidden="true">' in client.get(f"/g/{game.key}/").text


def test_dice_rolled_by_hand_are_asked_for_by_a_link_beside_roll(client: Client, db: None) -> None:
    from rules_engine import new_record

    game = Game.start(new_record("brink-bid", ["Ann", "Ben", "Cleo"], 0))
    page = client.get(f"/g/{game.key}/").text
    assert "Roll the dice" in page
    # Every roll's swap stays small: the faces come only when asked for.
    assert '<a class="button secondary by-hand" href="?dice=hand" hx-get="?dice=hand">' in page
    assert 'name="die-trump"' not in page

    page = client.get(f"/g/{game.key}/?dice=hand").text

    assert page.count('type="radio" name="die-trump"') == 5
    assert page.count('type="radio" name="die-number"') == 4
    assert '<input type="radio" name="die-direction" value="across-left">' in page
    assert "<legend>Direction die</legend>" in page
