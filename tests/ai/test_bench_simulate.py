"""The simulation benchmark (bench/bench_simulate.py) runs as documented: HARD_GAMES 0
measures the normal player against the engine alone (it divided by zero)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bench_simulate  # noqa: E402


def test_no_hard_games_measures_normal_against_the_engine_alone(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_simulate.py", "1", "0"])
    bench_simulate.main()
    out = capsys.readouterr().out
    assert "seeds 1..1 (hard: skipped)" in out
    assert "| normal / engine (target ≤ 1.5) |" in out
    assert "hard" not in out.split("(hard: skipped)")[1]  # no hard rows, no hard ratio
