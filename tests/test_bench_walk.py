"""One tap's walk (``python -m bench.walk``): its stays and figures, counted on made-up
calls (the walk itself sets up a database of its own and is run by hand)."""

from __future__ import annotations

from bench.walk import Stay, figures, walked

CALLS = [
    ("views.table", "enter"),
    ("models", "Game.table"),
    ("rules_engine", "standing"),
    ("models", "Game.load"),
    ("forms.table", "EntryForm.clean"),
    ("rules_engine", "play_answer"),
    ("rules_engine", "play_answer"),
    ("views.table", "_saved"),
    ("models", "Game.save_table"),
]


def test_a_stay_is_a_run_of_calls_in_one_module_with_the_engines_named_in_it() -> None:
    assert walked(CALLS) == [
        Stay("views.table", ("enter",)),
        Stay("models", ("Game.table", "Game.load"), ("standing",)),
        Stay("forms.table", ("EntryForm.clean",), ("play_answer",)),
        Stay("views.table", ("_saved",)),
        Stay("models", ("Game.save_table",)),
    ]


def test_the_figures_count_stays_modules_returns_and_the_views_entries() -> None:
    assert figures(walked(CALLS)) == {"stays": 5, "modules": 3, "returns": 2, "view": 2}


def test_a_stay_is_printed_with_the_engines_decision() -> None:
    (_, _, deciding, *_) = walked(CALLS)

    assert str(deciding) == "forms.table            EntryForm.clean; engine: play_answer"
