"""The bench's verdict (``python -m bench --check``) and its temporary folder,
on made-up figures: the bench itself is not run here (it takes minutes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench import env
from bench.__main__ import main, report


def figures(largest_swap: int, errors: int = 0) -> dict[str, Any]:
    """A made-up result: the bytes and load parts only, as the bench writes them."""
    return {
        "bytes": {"largest_first_load": 20_000, "largest_swap": largest_swap},
        "load": {
            "tables": 100,
            "requests_per_second": 118,
            "p50_ms": 3.1,
            "p99_ms": 8.3,
            "server_cpu_ms_a_request": 8.0,
            "errors": errors,
        },
        "seconds": {"total": 1.0},
    }


def test_check_exits_1_when_a_budget_is_missed(capsys: pytest.CaptureFixture[str]) -> None:
    status = report(figures(largest_swap=5000), check=True)

    out, err = capsys.readouterr()
    assert status == 1
    assert "largest htmx swap" in err
    assert "1 budgets missed" in err
    assert out.splitlines()[-1] == "2 of 3 budgets met"


def test_check_exits_0_when_every_budget_is_met(capsys: pytest.CaptureFixture[str]) -> None:
    status = report(figures(largest_swap=3980), check=True)

    out, err = capsys.readouterr()
    assert status == 0
    assert out.splitlines()[-1] == "3 of 3 budgets met"
    assert err == ""


def test_without_check_a_missed_budget_is_printed_but_exits_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = report(figures(largest_swap=3980, errors=2), check=False)

    out, _ = capsys.readouterr()
    assert status == 0
    printed = json.loads(out.split("\n\n", 1)[0])
    assert printed["budgets_missed"] == ["load, 100 tables"]
    assert "NO" in out


def test_the_command_exits_with_the_verdict_and_leaves_no_folder_behind(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("bench.__main__.measure", lambda *args: figures(largest_swap=9999))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))

    assert main(["--only", "bytes", "--check"]) == 1
    assert main(["--only", "bytes"]) == 0
    assert list(tmp_path.iterdir()) == []


def test_the_scratch_folder_is_removed_at_the_end(tmp_path: Path) -> None:
    with env.scratch_folder() as folder:
        (folder / "bench.sqlite3").write_bytes(b"x")
        (folder / "screenshots").mkdir()

    assert not folder.exists()


def test_the_scratch_folder_is_removed_after_an_error_too() -> None:
    with pytest.raises(RuntimeError), env.scratch_folder() as folder:
        raise RuntimeError("gunicorn stopped")

    assert not folder.exists()


def test_keep_keeps_the_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))

    with env.scratch_folder(keep=True) as folder:
        pass

    assert folder.exists()
    assert folder.parent == tmp_path
