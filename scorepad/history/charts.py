"""Running totals as a line chart, drawn on the server as SVG (no script, no library).

``running_totals`` turns names and their totals round by round into plain data
(coordinates, axis ticks, a marker shape and a line style a player) that
``_chart.html`` writes out, so the template's autoescaping covers every name.
A line is told apart by its colour, its marker and its dash pattern, so no player
depends on colour alone; the chart's ``<title>`` and ``<desc>`` read every total.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

# The drawing's own units; the SVG scales to its box through the viewBox.
WIDTH = 360
HEIGHT = 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 34
MARK = 4.5  # a marker's half width

# One look a line, in seat order: a marker shape and a stroke-dasharray ("" = solid).
# Seven players is the most any game seats (Oh Hell); after that the looks repeat.
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down", "plus")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3")


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: float


@dataclass(frozen=True)
class Series:
    name: str
    index: int  # the look: colour class s<index>, marker, dashes
    points: tuple[Point, ...]
    marker: str
    dashes: str

    @property
    def path(self) -> str:
        """The line through every point, as an SVG path."""
        return " ".join(
            f"{'M' if i == 0 else 'L'}{_num(p.x)} {_num(p.y)}" for i, p in enumerate(self.points)
        )

    @property
    def marks(self) -> tuple[str, ...]:
        """A marker's outline at every point (round 0, the start, has none)."""
        return tuple(_marker(self.marker, p.x, p.y) for p in self.points[1:])

    @property
    def key_mark(self) -> str:
        """The marker as drawn in the legend's small key (36 by 12)."""
        return _marker(self.marker, 18, 6)

    @property
    def totals(self) -> tuple[float, ...]:
        return tuple(p.value for p in self.points[1:])

    @property
    def final(self) -> float:
        return self.points[-1].value


@dataclass(frozen=True)
class Tick:
    position: float  # x for a round, y for a total
    label: str


@dataclass(frozen=True)
class Chart:
    title: str
    description: str
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    x_name: str = "Round"  # what the x axis counts
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    top: int = TOP
    bottom_edge: int = HEIGHT - BOTTOM

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"

    @property
    def zero(self) -> float | None:
        """Where the 0 line is, when some total went below it."""
        return next((t.position for t in self.y_ticks if t.label == "0"), None)


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _marker(shape: str, x: float, y: float) -> str:
    m = MARK
    if shape == "circle":
        # Two arcs make a circle in a path, so every marker is one <path>.
        r, across = _num(m), _num(m * 2)
        return f"M{_num(x - m)} {_num(y)} a{r} {r} 0 1 0 {across} 0 a{r} {r} 0 1 0 -{across} 0Z"
    corners = {
        "square": ((-m, -m), (m, -m), (m, m), (-m, m)),
        "triangle": ((0, -m * 1.2), (m * 1.1, m), (-m * 1.1, m)),
        "down": ((-m * 1.1, -m), (m * 1.1, -m), (0, m * 1.2)),
        "diamond": ((0, -m * 1.3), (m * 1.1, 0), (0, m * 1.3), (-m * 1.1, 0)),
    }
    if shape in corners:
        points = [f"{_num(x + dx)} {_num(y + dy)}" for dx, dy in corners[shape]]
        return "M" + " L".join(points) + "Z"
    if shape == "cross":
        a, b = (x - m, y - m), (x + m, y + m)
        c, d = (x - m, y + m), (x + m, y - m)
    else:  # plus
        a, b = (x - m, y), (x + m, y)
        c, d = (x, y - m), (x, y + m)
    return (
        f"M{_num(a[0])} {_num(a[1])} L{_num(b[0])} {_num(b[1])} "
        f"M{_num(c[0])} {_num(c[1])} L{_num(d[0])} {_num(d[1])}"
    )


def nice_step(span: float, most: int = 5) -> int:
    """A round step (1, 2, 5, 10, 20, 50...) giving at most ``most`` steps over ``span``."""
    raw = max(span, 1) / most
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, int(factor * power))
    return max(1, int(10 * power))  # pragma: no cover - the loop always returns


def _round_ticks(rounds: int) -> list[int]:
    """Which rounds are labelled under the chart: every one when few, else every k-th."""
    step = nice_step(rounds, most=8)
    ticks = list(range(0, rounds + 1, step))
    if ticks[-1] != rounds:
        ticks.append(rounds)
        if len(ticks) > 2 and rounds - ticks[-2] < step / 2:
            del ticks[-2]  # too close to the last round's label to read
    return ticks


def running_totals(
    title: str,
    names: Sequence[str],
    totals: Sequence[Sequence[int]],
    seated: Sequence[Sequence[bool]] | None = None,
    starts: Sequence[int] | None = None,
) -> Chart | None:
    """The chart of one game: ``totals`` has a row a round, a total a player after it.

    Players who come and go (``seated``: a row a round, whether each player was at the
    table; ``starts``: each one's total before their first round): a player's line runs
    from before their first round, at their starting total, to their last round, as
    their column does on paper. No chart (None) before a round is played.
    """
    if seated is None:
        return lines(
            title, [(name, [row[seat] for row in totals]) for seat, name in enumerate(names)]
        )
    series, begins = [], []
    for seat, name in enumerate(names):
        played = [index for index, row in enumerate(seated) if row[seat]]
        if not played:
            continue  # joining in the round to come: no line yet
        first, last = played[0], played[-1]
        series.append((name, [row[seat] for row in totals[first : last + 1]]))
        begins.append((first, starts[seat] if starts is not None else 0))
    return lines(title, series, begins=begins)


def lines(
    title: str,
    series: Sequence[tuple[str, Sequence[float]]],
    x_name: str = "Round",
    what: str = "Running totals",
    begins: Sequence[tuple[int, float]] | None = None,
) -> Chart | None:
    """A chart of named lines, each a running total round by round (they may differ in length).

    Every line starts at 0 before round 1, unless ``begins`` says where each starts and
    from what (a player who joined late). No chart (None) when no line has a round.
    ``x_name`` and ``what`` name the steps and the values (a rating game by game).
    """
    begun = list(begins) if begins is not None else [(0, 0) for _ in series]
    rounds = max(
        (first + len(values) for (_, values), (first, _) in zip(series, begun, strict=True)),
        default=0,
    )
    if not rounds:
        return None
    values = [v for _, line in series for v in line] + [start for _, start in begun]
    step = nice_step(max(max(values), 0) - min(min(values), 0))
    low = min(0, math.floor(min(values) / step) * step)
    high = max(step, math.ceil(max(values) / step) * step)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x_at(index: int) -> float:
        return round(LEFT + index * plot_w / rounds, 1)

    def y_at(value: float) -> float:
        return round(TOP + (high - value) * plot_h / (high - low), 1)

    drawn = tuple(
        Series(
            name=name,
            index=index % len(MARKERS),
            points=(
                Point(x_at(first), y_at(start), start),
                *(Point(x_at(first + i + 1), y_at(v), v) for i, v in enumerate(line)),
            ),
            marker=MARKERS[index % len(MARKERS)],
            dashes=DASHES[index % len(DASHES)],
        )
        for index, ((name, line), (first, start)) in enumerate(zip(series, begun, strict=True))
    )
    described = "; ".join(
        f"{s.name}: {', '.join(str(v) for v in s.totals) or gettext('no rounds')}"
        + (" " + gettext("(ends on %(total)s)") % {"total": s.final} if s.totals else "")
        for s in drawn
    )
    if x_name == "Game":
        after = ngettext(
            "%(what)s after each of %(count)s game.",
            "%(what)s after each of %(count)s games.",
            rounds,
        )
    else:
        after = ngettext(
            "%(what)s after each of %(count)s round.",
            "%(what)s after each of %(count)s rounds.",
            rounds,
        )
    return Chart(
        title=title,
        description=f"{after % {'what': gettext(what), 'count': rounds}} {described}.",
        x_name=gettext(x_name),
        series=drawn,
        x_ticks=tuple(Tick(x_at(r), str(r)) for r in _round_ticks(rounds)),
        y_ticks=tuple(Tick(y_at(v), str(v)) for v in range(low, high + 1, step)),
    )
