"""Market Day, a shipped Force on Force scenario (issue 14): a ranger patrol fetches the
headman through a market town, with the civilians, ieds and combat_stress modules on.

The file validates without a warning, reports its modules, its pieces are where the
brief says (the crowd in the market, the bomb under Station Road), and computer games
on it play to the end on both sides without an exception or a broken invariant.
docs/rules/market-day.md describes the table, the special rules and the balance measured.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shapely

from ambush_gui import systems
from ambush_gui.ai.simulate import simulate
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.scenario import Scenario
from ambush_gui.cli import main

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "scenarios" / "market-day.toml"
MODULES = ["civilians", "ieds", "combat_stress"]


def game(seed: int = 0) -> AlleyGame:
    return systems.new_game(systems.load_scenario(FILE), seed)  # type: ignore[return-value]


def test_it_is_shipped_and_validates_without_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    assert systems.resolve("market-day") == FILE
    assert main(["validate", str(FILE)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{FILE}: valid alley scenario 'Market Day'") and err == ""


def test_list_reports_its_modules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json"]) == 0
    listed = {s["name"]: s for s in json.loads(capsys.readouterr().out)}
    assert listed["market-day"]["modules"] == MODULES
    assert Scenario.load(FILE).spec.module_names() == MODULES


def test_the_crowd_is_in_the_market_and_the_headman_in_the_council_house() -> None:
    g = game()
    mobs = [p for p in g.table.pieces if p.kind == "civilian_mob"]
    assert len(mobs) == 3
    town = shapely.box(14.5, 0, 32, 24)  # east of Station Road's west kerb: the market and the buses
    assert all(town.contains(p.polygon) for p in mobs)
    (yusuf,) = g.state.ground
    assert yusuf.label == "headman"
    assert g.table.piece("council-house").polygon.covers(shapely.Point(yusuf.pos))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computer_games_play_to_the_end(seed: int) -> None:
    """The computer on both sides, a few seeds: every game ends, with no exception and no
    broken invariant."""
    scenario = systems.load_scenario(FILE)
    report = simulate(lambda s: systems.new_game(scenario, s), "market-day", 2, seed,
                      {"regular": "ai", "insurgent": "ai"}, systems.invariants, systems.outcome)
    assert report.problems == []
    assert (report.exceptions, report.invariant_violations) == (0, 0)
    assert len(report.outcomes) == 2
