"""The command line's computer levels and cores: ``simulate --players SIDE=LEVEL``,
``simulate --jobs N`` and ``play --computer SIDE[:LEVEL]``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ambush_gui.cli import main

CLOCK = ("games_per_second", "seconds_per_decision", "jobs")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_takes_a_level_for_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "contracting-trouble", "--games", "2", "--seed", "4",
                       "--players", "regular=easy, insurgent=AI", "--jobs", "1", "--json")
    r = json.loads(out)
    assert code == 0 and r["exceptions"] == 0
    assert r["players"] == {"regular": "easy", "insurgent": "normal"}  # ai is normal


def test_simulate_names_the_levels_when_one_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "contracting-trouble", "--games", "1",
                       "--players", "regular=expert")
    assert code == 2 and "expert" in err
    assert all(level in err for level in ("easy", "normal", "hard", "ai", "random"))
    code, _, err = run(capsys, "simulate", "contracting-trouble", "--games", "1", "--players", "marines=easy")
    assert code == 2 and "marines" in err and "regular, insurgent" in err


def test_simulate_on_two_processes_gives_the_figures_of_one(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "ambush-tutorial", "--games", "3", "--seed", "9", "--json")
    code1, out1, _ = run(capsys, *args, "--jobs", "1")
    code2, out2, _ = run(capsys, *args, "--jobs", "2")
    one, two = json.loads(out1), json.loads(out2)
    assert code1 == code2 == 0 and (one["jobs"], two["jobs"]) == (1, 2)
    assert ({k: v for k, v in one.items() if k not in CLOCK}
            == {k: v for k, v in two.items() if k not in CLOCK})


def test_simulate_refuses_no_processes(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "contracting-trouble", "--games", "1", "--jobs", "0")
    assert code == 2 and "--jobs" in err


def test_simulate_reports_each_sides_seconds_per_decision(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "contracting-trouble", "--games", "1", "--jobs", "1", "--json")
    timing = json.loads(out)["seconds_per_decision"]
    assert set(timing) == {"regular", "insurgent"}
    assert all(set(t) == {"median_s", "p95_s", "decisions"} and t["decisions"] > 0 for t in timing.values())
    code, out, _ = run(capsys, "simulate", "contracting-trouble", "--games", "1", "--jobs", "1")
    assert code == 0 and "seconds per decision: regular median" in out and "insurgent median" in out
    assert "games/s on 1 process" in out


@pytest.mark.parametrize(("given", "side", "level"), [
    (["--computer", "insurgent:hard"], "insurgent", "hard"),
    (["--computer", "regular:easy"], "regular", "easy"),
    (["--computer", "regular:ai"], "regular", "normal"),
    (["--computer", "insurgent"], "insurgent", "normal"),
    ([], None, "normal"),
])
def test_play_passes_the_computer_side_and_level_to_the_window(
        monkeypatch: pytest.MonkeyPatch, given: list[str], side: str | None, level: str) -> None:
    import ambush_gui.gui.app as app

    seen: dict[str, Any] = {}

    def fake_run(target: str, seed: int, computer: str | None, scale: float, options: dict[str, str],
                 level: str = "normal") -> int:
        seen.update(computer=computer, level=level)
        return 0

    monkeypatch.setattr(app, "run", fake_run)
    assert main(["play", "contracting-trouble", "--seed", "1", *given]) == 0
    assert seen == {"computer": side, "level": level}


@pytest.mark.parametrize("bad", ["insurgent:expert", "marines", "regular:random"])
def test_play_refuses_an_unknown_side_or_level_naming_the_choices(
        capsys: pytest.CaptureFixture[str], bad: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "contracting-trouble", "--computer", bad])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--computer" in err
    assert ("easy, normal, hard" in err) if ":" in bad else ("regular or insurgent" in err)
