"""Market Day, a shipped Force on Force scenario (issue 14): a ranger patrol fetches the
headman through a market town, with the civilians, ieds and combat_stress modules on.

The file validates without a warning, reports its modules, its pieces are where the
brief says (the crowd in the market, the bomb under Station Road), and computer games
on it play to the end on both sides without an exception or a broken invariant.
docs/rules/market-day.md describes the table, the special rules and the balance measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from ambush_gui import systems
from ambush_gui.alley.game import AlleyGame
from tests.alley.fof_scenarios import computer_games

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "ambush_gui" / "scenarios" / "market-day.toml"


def game(seed: int = 0) -> AlleyGame:
    return systems.new_game(systems.load_scenario(FILE), seed)  # type: ignore[return-value]




def test_the_crowd_is_in_the_market_and_the_headman_in_the_council_house() -> None:
    g = game()
    mobs = [shapely.Polygon(p.corners()) for p in g.spec.table.pieces if p.kind == "civilian_mob"]
    assert len(mobs) == 3
    east = shapely.box(17.5, 0, 32, 24)  # east of Station Road: the market and the buses
    assert all(east.contains(m) for m in mobs)
    market = next(shapely.Polygon(p.corners()) for p in g.spec.table.pieces if p.id == "market-square")
    assert sum(market.contains(m) for m in mobs) == 2
    (yusuf,) = g.state.ground
    assert yusuf.label == "headman"
    assert g.table.piece("council-house").polygon.covers(shapely.Point(yusuf.pos))


def test_its_modules_are_set_as_the_brief_says() -> None:
    """The bomb is command-detonated under Station Road and strikes the unit its owner picks
    (FF-049); the crowd outside the bus station is hostile and Alpha team has the
    interpreter (FF-147, FF-161); the Sergeant is a Positive Leader 2 and the Lieutenant a
    Negative Leader 1 (FF-103), and the rangers start at Stress Level 1 (FF-088)."""
    g = game()
    (bomb,) = g.modules.get("ieds").settings.devices
    assert (bomb.size, bomb.trigger, bomb.target, bomb.owner.value) == ("medium", "command", "owner",
                                                                        "insurgent")
    assert g.table.piece("station-road").polygon.covers(shapely.Point(bomb.at))
    civ = g.modules.get("civilians").settings
    assert (civ.hostile_mobs, civ.interpreters, civ.insurgency_level) == (["crowd-buses"], ["alpha"], 3)
    stress = g.modules.get("combat_stress").settings
    assert stress.background == 1
    assert [(ldr.figure, ldr.rating) for ldr in stress.positive_leaders] == [("sgt-1", 2)]
    assert [(ldr.figure, ldr.rating) for ldr in stress.negative_leaders] == [("lt-1", 1)]
    events = {a.event.value for a in g.spec.victory.all_awards()}
    assert "civilian_casualty" in events


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computer_games_play_to_the_end(seed: int) -> None:
    """The computer on both sides, a few seeds: every game ends, with no exception and no
    broken invariant, the three modules each have their say (the bomb goes off, the crowd
    moves or is dispersed, Stress Tests are rolled), and every score line is one of the
    scenario's awards in its side names."""
    kinds = computer_games(FILE, "market-day", seed, ('Rangers', 'Gunmen')).kinds
    assert {"blast", "civilians", "stress"} <= kinds
