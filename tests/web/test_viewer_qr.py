"""viewer_qr: the viewer link as a QR code on the keeper's screen."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import segno
from django.test import Client

from scorepad.models import Game

SVG = "{http://www.w3.org/2000/svg}"
BORDER = 4


def dark_modules(svg: bytes) -> set[tuple[int, int]]:
    """The dark modules (column, row) an SVG from segno draws, read back from its path.

    segno draws each row's runs of dark modules as horizontal strokes:
    ``M4 4.5h7m3 0h1...`` moves to a run (relative ``m``) and draws it (``h``).
    """
    root = ET.fromstring(svg)
    path = next(p for p in root.iter(f"{SVG}path") if p.get("class") == "qrline")
    x = y = 0.0
    dark = set()
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path.get("d", "")):
        values = [float(n) for n in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        elif command == "h":
            dark |= {(int(x) + i - BORDER, int(y - 0.5) - BORDER) for i in range(int(values[0]))}
            x += values[0]
    return dark


def expected_modules(text: str) -> set[tuple[int, int]]:
    code = segno.make(text, error="m")
    return {
        (column, row)
        for row, line in enumerate(code.matrix)
        for column, module in enumerate(line)
        if module
    }


def test_it_is_an_svg_of_the_full_viewer_link(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/qr.svg")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    root = ET.fromstring(response.content)
    assert root.tag == f"{SVG}svg"
    link = f"http://testserver/v/{new_game.viewer_key}/"
    assert dark_modules(response.content) == expected_modules(link)
    # And not, say, the keeper's own link.
    assert dark_modules(response.content) != expected_modules(
        f"http://testserver/g/{new_game.key}/"
    )


def test_it_follows_the_host_the_keeper_uses(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/qr.svg", headers={"Host": "localhost"})

    link = f"http://localhost/v/{new_game.viewer_key}/"
    assert dark_modules(response.content) == expected_modules(link)


def test_the_table_shows_it_with_the_link_to_copy(client: Client, new_game: Game) -> None:
    response = client.get(f"/g/{new_game.key}/")

    link = f"http://testserver/v/{new_game.viewer_key}/"
    assert "<summary>Show the score to the table</summary>" in response.text
    assert f'<img class="qr" src="/g/{new_game.key}/qr.svg"' in response.text
    assert f'alt="QR code of the viewer link {link}"' in response.text
    assert f'<input id="viewer-link" type="text" readonly value="{link}">' in response.text


def test_the_tables_htmx_fragment_leaves_it_alone(htmx_client: Client, new_game: Game) -> None:
    # It sits outside the swapped table, so an open <details> stays open.
    response = htmx_client.get(f"/g/{new_game.key}/")

    assert "qr.svg" not in response.text


def test_the_viewer_link_gets_no_qr_code(client: Client, new_game: Game) -> None:
    assert client.get(f"/g/{new_game.viewer_key}/qr.svg").status_code == 404
    assert client.get(f"/v/{new_game.viewer_key}/qr.svg").status_code == 404


def test_a_made_up_key_is_not_found(client: Client, new_game: Game) -> None:
    assert client.get("/g/not-a-real-key-at-all/qr.svg").status_code == 404
