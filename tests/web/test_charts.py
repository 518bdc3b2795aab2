"""charts: running totals as an SVG line chart drawn on the server."""

from __future__ import annotations

from django.template.loader import render_to_string

from scorepad.history.charts import lines, nice_step, running_totals

# The conftest's played game: Oh Hell, two rounds (totals after each round).
TOTALS = [(13, 4, 12, 1), (25, 15, 25, 4)]
NAMES = ["Ann", "Bob", "Cat", "Dev"]


def test_it_places_every_total_on_a_0_to_25_scale() -> None:
    chart = running_totals("Oh Hell", NAMES, TOTALS)

    assert chart is not None
    # The plot runs x 44..348 (304 wide, a round every 152) and y 186 (0) up to 12 (25):
    # y = 12 + (25 - total) * 174 / 25.
    ann, bob, _, dev = chart.series
    assert [(p.x, p.y, p.value) for p in ann.points] == [
        (44, 186, 0),
        (196, 95.5, 13),
        (348, 12, 25),
    ]
    assert [(p.x, p.y) for p in bob.points] == [(44, 186), (196, 158.2), (348, 81.6)]
    assert [p.y for p in dev.points] == [186, 179, 158.2]
    assert ann.path == "M44 186 L196 95.5 L348 12"
    assert [t.label for t in chart.y_ticks] == ["0", "5", "10", "15", "20", "25"]
    assert [(t.position, t.label) for t in chart.x_ticks] == [(44, "0"), (196, "1"), (348, "2")]


def test_each_player_has_their_own_marker_and_dash_pattern() -> None:
    chart = running_totals("Oh Hell", NAMES, TOTALS)

    assert chart is not None
    looks = [(s.index, s.marker, s.dashes) for s in chart.series]
    assert len(set(looks)) == 4
    assert [s.marker for s in chart.series] == ["circle", "square", "triangle", "diamond"]
    # A marker at every round played, none at the start.
    assert all(len(s.marks) == 2 for s in chart.series)


def test_its_description_reads_every_total() -> None:
    chart = running_totals("Oh Hell: running totals", NAMES, TOTALS)

    assert chart is not None
    assert chart.description == (
        "Running totals after each of 2 rounds. Ann: 13, 25 (ends on 25); "
        "Bob: 4, 15 (ends on 15); Cat: 12, 25 (ends on 25); Dev: 1, 4 (ends on 4)."
    )


def test_a_score_below_zero_brings_the_zero_line_up() -> None:
    # Sinker: Ann 8 then -2, Bob 0 then -10.
    chart = running_totals("Sinker", ["Ann", "Bob"], [(8, 0), (-2, -10)])

    assert chart is not None
    assert [t.label for t in chart.y_ticks] == ["-10", "-5", "0", "5", "10"]
    assert chart.zero == 99  # halfway down 12..186
    assert [p.y for p in chart.series[1].points] == [99, 99, 186]


def test_lines_of_different_lengths_share_the_rounds_scale() -> None:
    chart = lines("Ann's games", [("Sinker", [8, -2, 7]), ("Oh Hell", [13])])

    assert chart is not None
    assert [p.x for p in chart.series[0].points] == [44, 145.3, 246.7, 348]
    assert [p.x for p in chart.series[1].points] == [44, 145.3]


def test_there_is_no_chart_before_a_round_is_played() -> None:
    assert running_totals("Oh Hell", NAMES, []) is None
    assert lines("None", []) is None


def test_steps_are_round_numbers() -> None:
    assert [nice_step(span) for span in (0, 4, 25, 100, 180, 1300)] == [1, 1, 5, 20, 50, 500]


def test_a_long_game_labels_only_some_rounds_and_the_last() -> None:
    chart = running_totals("Brink", ["A", "B"], [(r, -r) for r in range(1, 20)])

    assert chart is not None
    assert [t.label for t in chart.x_ticks] == ["0", "5", "10", "15", "19"]


def test_the_svg_is_labelled_for_screen_readers_and_scales_to_its_box() -> None:
    chart = running_totals("Oh Hell: running totals", NAMES, TOTALS)

    html = render_to_string("_chart.html", {"chart": chart, "chart_id": "c"})

    assert (
        '<svg class="chart-svg" viewBox="0 0 360 220" role="img" aria-labelledby="c-title c-desc"'
        in html
    )
    assert '<title id="c-title">Oh Hell: running totals</title>' in html
    assert '<desc id="c-desc">Running totals after each of 2 rounds. Ann: 13, 25' in html
    assert '<path class="line" d="M44 186 L196 95.5 L348 12"/>' in html
    assert 'stroke-dasharray="6 3"' in html  # Bob's line is dashed
    assert "style=" not in html  # the Content-Security-Policy allows no inline style


def test_names_are_escaped_in_the_svg() -> None:
    chart = running_totals("<b>Game</b>", ['<script>alert("x")</script>', "Bo & Jo"], [(1, 2)])

    html = render_to_string("_chart.html", {"chart": chart, "chart_id": "c"})

    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert "Bo &amp; Jo" in html
    assert "&lt;b&gt;Game&lt;/b&gt;" in html
