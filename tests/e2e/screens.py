"""Playing Scorepad's screens as a player does: read the prompt, tap a button.

Every tap on the table is checked to have been answered by htmx: the ``#table``
section is swapped for a new one, in the same page (no reload), with the game's
version one on where something was entered. Each kind of screen is
photographed once a game and checked for sideways scrolling and small buttons.

Playwright is imported only by the fixtures, so that without it the tests skip.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules_engine import Sheet, parse_record, score

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE_WIDTH = 390
TAP_HEIGHT = 44
# Far more taps than any of the short games needs: a loop that never ends fails.
MOST_TAPS = 400

# What the table shows, read in one go: the step, its buttons, the totals.
READ_TABLE = """() => {
  const table = document.querySelector('#table');
  const step = table.querySelector('#step');
  const text = (el) => el ? el.textContent.replace(/\\s+/g, ' ').trim() : '';
  const kind = step.querySelector('input[name=kind]');
  const version = table.querySelector('input[name=version]');
  const buttons = [...step.querySelectorAll('.choices button[name=value]')];
  const toggles = [...step.querySelectorAll('.toggles input[name=values]')];
  const rows = [...table.querySelectorAll('.totals tbody tr')];
  return {
    title: text(table.querySelector('.round-head h1')),
    kind: step.querySelector('.winners') ? 'over' : (kind ? kind.value : ''),
    prompt: text(step.querySelector('.prompt, .winners')),
    version: version ? Number(version.value) : null,
    error: text(table.querySelector('.error')),
    notes: [...table.querySelectorAll('.notes li')].map(text),
    facts: Object.fromEntries([...table.querySelectorAll('.facts div')].map(
      (d) => [text(d.querySelector('dt')), text(d.querySelector('dd'))])),
    choices: buttons.map((b) => ({value: b.value, label: text(b), enabled: !b.disabled})),
    toggles: toggles.map((t) => ({value: t.value, label: text(t.parentElement),
                                  enabled: !t.disabled})),
    refusals: [...step.querySelectorAll('.refused')].map(text),
    who: [...step.querySelectorAll('.who a')].map(text),
    rounds: table.querySelector('.totals caption').textContent.match(/round (\\d+)/)?.[1] ?? '0',
    rows: rows.map((r) => ({
      name: r.querySelector('th').firstChild.textContent.trim(),
      // A player away: the name spans the bid's and tricks' columns.
      bid: r.children.length > 2 ? text(r.children[1]) : '',
      tricks: r.children.length > 2 ? text(r.children[2]) : '',
      total: Number(text(r.querySelector('.num')).split(' ')[0]),
      turn: r.classList.contains('turn'),
    })),
  };
}"""

# The screen as a phone shows it: nothing wider than the screen, and every button
# of the step (and its toggles, and the table's actions) at least a finger high.
CHECK_FIT = """([selector, tap]) => {
  const small = [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => [el.textContent.replace(/\\s+/g, ' ').trim(), el.getBoundingClientRect().height])
    .filter(([, height]) => height < tap);
  return {width: document.documentElement.scrollWidth, small};
}"""
TABLE_TARGETS = "#step button, #step a.button, #step .toggle span, #table .optional button, " + (
    "#table .actions button, #table .actions a.button"
)
SETUP_TARGETS = "#setup button, #setup .radio"

# Marks the table before a tap; the mark is gone once htmx has put a new table in.
MARK = """() => {
  window.e2ePage = window.e2ePage || Math.random();
  document.querySelector('#table').dataset.e2eOld = 'yes';
  return window.e2ePage;
}"""
SWAPPED = """() => {
  const table = document.querySelector('#table');
  return table !== null && table.dataset.e2eOld === undefined
    && document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling') === null;
}"""


@dataclass(frozen=True)
class Button:
    value: str
    label: str
    enabled: bool


@dataclass(frozen=True)
class Row:
    name: str
    bid: str
    tricks: str
    total: int
    turn: bool


@dataclass(frozen=True)
class Screen:
    """One table screen as read off the page."""

    title: str
    kind: str
    prompt: str
    version: int | None
    error: str
    notes: tuple[str, ...]
    facts: dict[str, str]
    choices: tuple[Button, ...]
    toggles: tuple[Button, ...]
    refusals: tuple[str, ...]
    who: tuple[str, ...]
    rounds: int
    rows: tuple[Row, ...]

    @classmethod
    def read(cls, data: dict[str, Any]) -> Screen:
        return cls(
            title=data["title"],
            kind=data["kind"],
            prompt=data["prompt"],
            version=data["version"],
            error=data["error"],
            notes=tuple(data["notes"]),
            facts=data["facts"],
            choices=tuple(Button(**b) for b in data["choices"]),
            toggles=tuple(Button(**b) for b in data["toggles"]),
            refusals=tuple(data["refusals"]),
            who=tuple(data["who"]),
            rounds=int(data["rounds"]),
            rows=tuple(Row(**r) for r in data["rows"]),
        )

    @property
    def hand_size(self) -> int:
        return int(self.facts["Cards"])

    @property
    def dealer(self) -> str:
        return self.facts["Deals"]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(row.name for row in self.rows)

    @property
    def player(self) -> str:
        """The player the prompt asks ("Bob bids", "Tricks Bob took", "Bob calls again")."""
        named = [name for name in self.names if re.search(rf"\b{re.escape(name)}\b", self.prompt)]
        assert len(named) == 1, f"no one player in {self.prompt!r}"
        return named[0]

    def row(self, name: str) -> Row:
        return next(row for row in self.rows if row.name == name)

    @property
    def totals(self) -> dict[str, int]:
        return {row.name: row.total for row in self.rows}

    def allowed(self) -> list[str]:
        return [b.value for b in self.choices if b.enabled]


class Screens:
    """One game played through the browser, with its screenshots."""

    def __init__(self, page: Page, base_url: str, shots: Path) -> None:
        self.page = page
        self.base_url = base_url
        self.shots = shots
        self.game = "game"
        self.key = ""
        self.taken: list[str] = []
        self.taps = 0
        # Every prompt answered, in order: what the table asked for.
        self.prompts: list[str] = []

    # --- Screenshots and the phone checks ----------------------------------------
    def shot(self, what: str, targets: str = TABLE_TARGETS) -> None:
        """Photograph this kind of screen (once a game) and check it fits a phone."""
        if what in self.taken:
            return
        self.taken.append(what)
        path = self.shots / f"{self.game}-{len(self.taken):02d}-{what}.png"
        self.page.screenshot(path=str(path), full_page=True)
        self.check_fit(targets)

    def check_fit(self, targets: str) -> None:
        fit = self.page.evaluate(CHECK_FIT, [targets, TAP_HEIGHT])
        assert fit["width"] <= PHONE_WIDTH, f"{self.game}: the page scrolls sideways ({fit})"
        assert not fit["small"], f"{self.game}: tap targets under {TAP_HEIGHT}px: {fit['small']}"

    # --- Setting up ----------------------------------------------------------------
    def set_up(
        self,
        game: str,
        title: str,
        players: Iterable[str],
        *,
        first_dealer: int | None = None,
        shot_as: str | None = None,
        options: Callable[[Page], None] | None = None,
    ) -> None:
        """From the home page: tap the game, make the player rows, name them, start.

        ``first_dealer`` is a seat, tapped on the form; None leaves the draw for it.
        """
        names = list(players)
        self.game = shot_as or game
        page = self.page
        page.goto(f"{self.base_url}/")
        page.get_by_role("link", name=f"New {title} game").tap()
        page.wait_for_url(f"**/new/{game}/")
        if options is not None:
            options(page)  # before the rows: adding and removing must keep them
        rows = page.locator("#setup input[name=player]")
        while rows.count() < len(names):
            self._tap_setup(page.get_by_role("button", name="Add a player"), rows.count() + 1)
        while rows.count() > len(names):
            remove = page.locator("#setup button[value^=remove-]").last
            self._tap_setup(remove, rows.count() - 1)
        for index, name in enumerate(names):
            rows.nth(index).fill(name)  # typing, as on paper: the names (and numeric options)
        rows.nth(len(names) - 1).blur()  # leaving the last name: the dealer choices take them
        for index, name in enumerate(names):
            self.page.wait_for_function(
                "([seat, name]) => document.getElementById('dealer-' + seat).textContent === name",
                arg=[index, name],
            )
        if first_dealer is not None:
            page.locator("#setup label.radio").nth(first_dealer + 1).tap()
            radio = page.locator(f"#setup input[name=first_dealer][value='{first_dealer}']")
            assert radio.is_checked()
        self.shot("setup", SETUP_TARGETS)
        page.get_by_role("button", name="Start the game").tap()
        page.wait_for_url("**/g/*/")
        self.key = page.url.rstrip("/").rsplit("/", 1)[-1]
        page.wait_for_selector("#table #step")
        first = self.read()
        assert first.names == tuple(names)
        if first_dealer is not None:
            assert first.dealer == names[first_dealer]
        else:
            assert page.locator("#table .draw").is_visible()
            self.shot("draw")

    def _tap_setup(self, button: Locator, rows: int) -> None:
        """Add, remove: htmx redraws the form with one row more or fewer."""
        button.tap()
        self.page.wait_for_function(
            "(n) => document.querySelectorAll('#setup input[name=player]').length === n", arg=rows
        )

    # --- The table ---------------------------------------------------------------
    def read(self) -> Screen:
        return Screen.read(self.page.evaluate(READ_TABLE))

    def _tap(self, target: Locator, *, enters: bool = True, refused: str = "") -> Screen:
        """Tap, wait for htmx to swap in the new table, and check what came back.

        ``enters``: the tap changes the game (the version moves on by one).
        ``refused``: the tap is refused with a message containing this text.
        """
        self.taps += 1
        assert self.taps <= MOST_TAPS, f"{self.game}: still not over after {MOST_TAPS} taps"
        before = self.read()
        self.prompts.append(before.prompt)
        token = self.page.evaluate(MARK)
        target.tap()
        self.page.wait_for_function(SWAPPED)
        assert self.page.evaluate("() => window.e2ePage") == token, "the page was reloaded"
        after = self.read()
        if refused:
            assert refused in after.error, f"expected a refusal with {refused!r}: {after}"
            assert after.version == before.version
            return after
        assert not after.error, f"{self.game}: refused after {before.prompt!r}: {after.error}"
        if enters:
            assert before.version is not None and after.version == before.version + 1
            if after.kind != "over":
                self.shot(after.kind)
            if after.rounds > before.rounds:
                self.shot("round-summary")
        return after

    def choose(self, label: str, *, refused: str = "") -> Screen:
        """Tap the step's button that reads ``label``."""
        button = self.page.locator("#step .choices button[name=value]").filter(
            has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
        )
        assert button.count() == 1, f"{self.game}: no button {label!r} at {self.read().prompt!r}"
        assert button.is_enabled(), f"{self.game}: {label!r} is refused at {self.read().prompt!r}"
        return self._tap(button, refused=refused)

    def roll(self) -> Screen:
        return self._tap(self.page.get_by_role("button", name="Roll the dice"))

    def optional(self, label: str) -> Screen:
        """Tap a button of an optional step (the turned-up trump)."""
        return self._tap(self.page.locator("#table .optional button", has_text=label))

    def whose_bid(self, name: str) -> Screen:
        """Boerenbridge's simultaneous bids: tap whose bid to enter (an htmx GET)."""
        return self._tap(self.page.locator("#step .who a", has_text=name), enters=False)

    def toggle(self, labels: Iterable[str], piles: Iterable[str] = ()) -> None:
        """Tap toggles on (trick cards; on the declare step, players' piles)."""
        for label in labels:
            self._toggle(
                self.page.locator("#step .toggles label.toggle").filter(
                    has=self.page.locator("span", has_text=re.compile(rf"^{re.escape(label)}$"))
                )
            )
        for name in piles:
            self._toggle(self.page.locator("#step .piles label.toggle", has_text=name))

    def _toggle(self, toggle: Locator) -> None:
        assert toggle.count() == 1
        box = toggle.locator("input")
        assert not box.is_checked()
        toggle.tap()
        assert box.is_checked()

    def tap_button(self, name: str) -> Screen:
        """Tap the table's one button that reads ``name`` (a step's shortcut: "No bonuses")."""
        button = self.page.locator("#step").get_by_role("button", name=name, exact=True)
        assert button.count() == 1, f"{self.game}: no button {name!r} at {self.read().prompt!r}"
        return self._tap(button)

    def done(self, *, refused: str = "") -> Screen:
        done = self.page.get_by_role("button", name="Done", exact=True)
        return self._tap(done, refused=refused)

    def undo(self) -> Screen:
        return self._tap(self.page.locator("#table .actions").get_by_role("button", name="Undo"))

    def redo(self) -> Screen:
        return self._tap(self.page.locator("#table .actions").get_by_role("button", name="Redo"))

    def play(self, turn: Callable[[Screen], object]) -> Screen:
        """Take turns until the game is over; ``turn`` makes one tap for a screen."""
        screen = self.read()
        self.shot(screen.kind)
        while screen.kind != "over":
            turn(screen)
            screen = self.read()
        self.shot("over")
        return screen

    # --- The end -------------------------------------------------------------------
    def record_sheet(self) -> tuple[tuple[str, ...], Sheet]:
        """The game's record as the app gives it out, scored by the engine."""
        response = self.page.request.get(f"{self.base_url}/g/{self.key}/record.json")
        assert response.ok
        record = parse_record(response.json())
        return record.players, score(record)

    def check_the_end(self) -> Sheet:
        """The totals on the last screen and on the sheet are the engine's, and so is who won."""
        over = self.read()
        assert over.kind == "over"
        players, sheet = self.record_sheet()
        assert sheet.finished
        assert over.totals == dict(zip(players, sheet.totals, strict=True))
        names = [players[seat] for seat in sheet.winners]
        winners = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        assert over.prompt == f"{winners} won"
        for seat in sheet.winners:
            assert "won" in self.page.locator("#table .totals tbody tr").nth(seat).inner_text()
        self.page.get_by_role("link", name="See the score sheet").tap()
        self.page.wait_for_url(f"**/g/{self.key}/sheet/")
        self.shot("sheet", ".actions .button, .correct button")
        assert self.page.locator(".winners").inner_text() == f"Won by {winners}"
        rows = self.page.locator("table.sheet tbody.rounds-played tr")
        assert rows.count() == len(sheet.rounds)
        last = rows.last.locator("td.total").all_inner_texts()
        # On a phone the round's change shows under each total: the total comes first.
        assert [int(total.split()[0]) for total in last] == list(sheet.totals)
        # And the totals once more at the sheet's foot, in view on a phone.
        foot = self.page.locator("table.sheet tbody.foot td.total")
        assert [int(total) for total in foot.all_inner_texts()] == list(sheet.totals)
        assert foot.first.is_visible()
        return sheet
