"""sheet_live: the keeper's score sheet, pushed as the game changes (server-sent events).

The page has two live parts: the sheet (``sheet``: rows, chart, winners), which
changes with the record only, and its end (``end``: the form to correct a round,
which carries the version, Play again, the links). A stream sends a part only when
its HTML changed. Streams are read as in tests/web/test_live.py: through Django's
async test client, with taps made by the plain client as another phone would.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient, Client

from rules_engine import new_record
from scorepad.live import bus
from scorepad.models import Game
from scorepad.printing import pdf
from scorepad.screens import streams
from tests.web.test_live import events, open_stream, run

pytestmark = pytest.mark.usefixtures("transactional_db")
# The module (scorepad.views re-exports its view, also named sheet).
sheet_views = sys.modules["scorepad.screens.sheet"]

# Round 1 of Oh Hell for four, Ann deals 10 cards: Bob, Cat, Dev and Ann bid 3, 2, 3, 3;
# Bob, Cat and Dev take 4, 2 and 1 tricks (Ann's 3 are filled in): the round's end.
ROUND_1 = [("bid", 1, 3), ("bid", 2, 2), ("bid", 3, 3), ("bid", 0, 3)]
ROUND_1 += [("tricks", 1, 4), ("tricks", 2, 2), ("tricks", 3, 1)]


@pytest.fixture
def game() -> Game:
    return Game.start(new_record("oh-hell", ["Ann", "Bob", "Cat", "Dev"], first_dealer=0))


def tap(game: Game, kind: str, seat: int, value: int) -> None:
    """Another phone enters a value through the keeper's link."""
    game.refresh_from_db()
    data = {"version": game.version, "kind": kind, "seat": seat, "value": value}
    assert Client().post(f"/g/{game.key}/enter/", data).status_code == 303


def taps(game: Game, steps: list[tuple[str, int, int]]) -> None:
    for step in steps:
        tap(game, *step)


def test_a_rounds_end_on_another_phone_reaches_the_sheet(game: Game) -> None:
    taps(game, ROUND_1[:-1])
    game.refresh_from_db()

    async def scenario() -> None:
        stream = await open_stream(f"/g/{game.key}/sheet/live/?v={game.version}")
        try:
            assert (await stream.next()).startswith("retry: ")
            await sync_to_async(tap)(game, *ROUND_1[-1])
            sent = events(await stream.next())
        finally:
            await stream.close()
        assert [(version, name) for version, name, _ in sent] == [("7", "sheet"), ("7", "end")]
        sheet, end = sent[0][2], sent[1][2]
        assert '<div id="sheet-top"' in sheet and 'sse-swap="sheet"' in sheet
        # The round played: its row, with Ann's 13 and Bob's 4.
        assert "rounds-played" in sheet and ">13<" in sheet
        assert 'name="version" value="7"' in end
        assert '<option value="1">1</option>' in end

    run(scenario)


def test_a_bid_within_a_round_sends_the_end_alone_with_its_new_version(game: Game) -> None:
    async def scenario() -> None:
        stream = await open_stream(f"/g/{game.key}/sheet/live/?v={game.version}")
        try:
            await stream.next()
            sent = []
            for step in ROUND_1[:3]:
                await sync_to_async(tap)(game, *step)
                sent.append(events(await stream.next()))
        finally:
            await stream.close()
        # Both parts first (what the page shows is not known), then the end alone: the
        # sheet itself is as it was (no round played), only the version moved on.
        assert [[(version, name) for version, name, _ in each] for each in sent] == [
            [("1", "sheet"), ("1", "end")],
            [("2", "end")],
            [("3", "end")],
        ]
        assert 'name="version" value="3"' in sent[2][0][2]

    run(scenario)


def test_it_sends_both_parts_at_once_to_a_sheet_that_shows_an_older_version(game: Game) -> None:
    taps(game, ROUND_1)

    async def scenario() -> None:
        stream = await open_stream(f"/g/{game.key}/sheet/live/", **{"Last-Event-ID": "3"})
        try:
            await stream.next()
            sent = events(await stream.next())
        finally:
            await stream.close()
        assert [(version, name) for version, name, _ in sent] == [("7", "sheet"), ("7", "end")]

    run(scenario)


def test_a_delete_elsewhere_shows_on_the_sheet_with_its_undo(game: Game) -> None:
    async def scenario() -> None:
        stream = await open_stream(f"/g/{game.key}/sheet/live/?v={game.version}")
        try:
            await stream.next()
            await sync_to_async(Client().post)(f"/g/{game.key}/delete/")
            sent = events(await stream.next())
        finally:
            await stream.close()
        parts = {name: html for _, name, html in sent}
        assert "This game is deleted" in parts["sheet"]
        assert f'action="/g/{game.key}/restore/"' in parts["sheet"]
        # Drawn for everyone: no one's CSRF token (the page fills in its own).
        assert 'name="csrfmiddlewaretoken" value=""' in parts["sheet"]
        assert "Delete this game" not in parts["end"]

    run(scenario)


def test_a_change_is_drawn_once_for_every_sheet_that_watches_it_and_its_rows_once_a_round(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawings: list[int] = []
    rows: list[int] = []
    draw_sheet, work_out = streams.SCREENS["sheet"], sheet_views.sheet_context

    def counted(drawn: Game, request: Any) -> dict[str, str]:
        drawings.append(drawn.version)
        return draw_sheet(drawn, request)

    def counted_rows(drawn: Game, keeper: bool = False) -> dict[str, Any]:
        rows.append(drawn.version)
        worked_out: dict[str, Any] = work_out(drawn, keeper)
        return worked_out

    monkeypatch.setitem(streams.SCREENS, "sheet", counted)
    monkeypatch.setattr(sheet_views, "sheet_context", counted_rows)

    async def scenario() -> None:
        streams = [await open_stream(f"/g/{game.key}/sheet/live/?v=0") for _ in range(4)]
        try:
            for stream in streams:
                await stream.next()
            for step in ROUND_1[:2]:
                await sync_to_async(tap)(game, *step)
                sent = [events(await stream.next()) for stream in streams]
                assert all(each == sent[0] for each in sent)
        finally:
            for stream in streams:
                await stream.close()

    run(scenario)
    assert drawings == [1, 2]
    # Two bids, one record: its rows drawn once (at the first bid: nothing was kept).
    assert rows == [1]


def test_it_answers_404_for_a_sheet_one_cannot_see(game: Game) -> None:
    async def scenario() -> None:
        client = AsyncClient()
        # A viewer link is no keeper link: it opens the viewer's own stream only.
        for url in ("/g/no-such-game/sheet/live/", f"/g/{game.viewer_key}/sheet/live/"):
            assert (await client.get(url)).status_code == 404, url

    run(scenario)
    assert bus.open_listeners() == 0


def test_the_page_opens_its_stream_at_the_version_it_shows_under_asgi(game: Game) -> None:
    tap(game, *ROUND_1[0])
    pages = []

    async def scenario() -> None:
        pages.append(await AsyncClient().get(f"/g/{game.key}/sheet/"))

    run(scenario)
    # The async client's response has .text; django-stubs do not say so.
    page = pages[0].text  # type: ignore[attr-defined]
    assert f'sse-connect="/g/{game.key}/sheet/live/?v=1"' in page
    assert 'hx-ext="sse"' in page and "js/live.js" in page


def test_under_wsgi_the_page_opens_no_stream_and_polls_for_its_parts(
    client: Client, game: Game
) -> None:
    page = client.get(f"/g/{game.key}/sheet/").text
    assert "sse-connect" not in page
    assert "data-live" in page
    assert f'hx-get="/g/{game.key}/sheet/" hx-trigger="every 3s"' in page

    taps(game, ROUND_1)
    polled = client.get(f"/g/{game.key}/sheet/", headers={"HX-Request": "true"})

    assert polled.status_code == 200
    assert "<html" not in polled.text
    assert polled.text.strip().startswith('<div id="sheet-top"')
    assert 'name="version" value="7"' in polled.text
    # Drawn for this keeper: the page's own token in its forms.
    assert 'name="csrfmiddlewaretoken" value=""' not in polled.text


# Slow: a PDF drawn (a second or more).
@pytest.mark.slow
def test_its_pdf_is_drawn_without_the_live_parts(
    client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    taps(game, ROUND_1)
    drawn: list[str] = []
    render = pdf.render_to_string  # type: ignore[attr-defined]  # pdf.py's own import

    def kept(*args: Any, **kwargs: Any) -> str:
        drawn.append(render(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(pdf, "render_to_string", kept)

    assert client.get(f"/g/{game.key}/sheet.pdf?paper=a4").status_code == 200
    assert "rounds-played" in drawn[0]
    assert "data-live" not in drawn[0] and "data-poll" not in drawn[0]
    assert "live.js" not in drawn[0]
