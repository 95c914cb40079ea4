"""Civilian mob stands that scale (issue 27): the box index of the stands, the batched
move toward gunfire (FF-132/133) and the batched placing of a stand give the answers the
one-by-one checks gave, so the mobs move exactly as before, only cheaper.

The crowd replays in ``crowds/`` were written by the code before the change
(``tools/crowd_replays.py``): Market Day widened and filled with 15, 40 and 150 stands.
The one-by-one checks are kept here, as the references the new code is held to."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely
import shapely.affinity
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ambush_gui import systems
from ambush_gui.alley.fof.civilians import CiviliansModule, Mob
from ambush_gui.core import saves

ROOT = Path(__file__).resolve().parents[3]
CROWDS = sorted(p for p in (Path(__file__).parent / "crowds").glob("*.json")
                if not p.name.endswith(".log.json"))


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("crowd_replays", ROOT / "tools" / "crowd_replays.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def market() -> CiviliansModule:
    game = systems.new_game(systems.load_scenario(systems.resolve("market-day")), 1)
    mod = game.modules.get("civilians")
    assert isinstance(mod, CiviliansModule)
    return mod


# -- the references: the one-by-one checks of the code before ------------------------------

def stepwise_stop(poly: shapely.Polygon, goal: tuple[float, float], figures: list[np.ndarray],
                  stop: float) -> tuple[float, float]:
    """FF-133 as it was checked: 30 even steps, each against every unit's figures."""
    c = poly.centroid
    cx, cy = float(c.x), float(c.y)
    for k in range(1, 31):
        t = k / 30
        p = (cx + (goal[0] - cx) * t, cy + (goal[1] - cy) * t)
        probe = shapely.affinity.translate(poly, p[0] - cx, p[1] - cy)
        if any(float(shapely.distance(probe, shapely.multipoints(pts))) <= stop + 1e-9 for pts in figures):
            return p
    return goal


def one_by_one_place(mod: CiviliansModule, mob: Mob, poly: shapely.Polygon) -> str:
    """Where a stand may stand, as it was checked: every live stand, one by one."""
    g = mod.g
    x0, y0, x1, y1 = poly.bounds
    if x0 < -1e-9 or y0 < -1e-9 or x1 > g.state.width + 1e-9 or y1 > g.state.height + 1e-9:
        return "off the table"
    for piece in g.table.impassable_near((x0, y0), (x1, y1)):
        if shapely.relate_pattern(poly, piece.polygon, "T********"):
            return f"into impassable terrain ({piece.id})"
    pts = [u.points() for u in g.state.units.values() if u.on_table and u.figures]
    pts += [np.array([f.pos]) for f in g.state.ground]
    if pts and float(shapely.distance(poly, shapely.multipoints(np.vstack(pts)))) < 0.25 * g.m.scale:
        return "onto figures"
    for other in mod.live():
        if other is not mob and shapely.relate_pattern(poly, other.poly, "T********"):
            return f"onto {other.name}"
    return ""


# -- whole games -----------------------------------------------------------------------------

@pytest.mark.rule("FF-132")
@pytest.mark.parametrize("path", CROWDS, ids=[p.stem for p in CROWDS])
def test_a_crowded_market_day_plays_as_it_did_before(path: Path) -> None:
    """The same seed, the same decisions: the same state hash and the same log, every mob's
    move toward gunfire, every blocked move and every casualty check word for word."""
    game = saves.verify(path, systems.factory)
    before = _tool().log_record(game)
    recorded = json.loads(path.with_suffix(".log.json").read_text(encoding="utf-8"))
    assert before["civilians"] == recorded["civilians"]
    assert (before["events"], before["digest"]) == (recorded["events"], recorded["digest"])


def test_the_crowd_replays_are_there() -> None:
    assert [p.stem for p in CROWDS] == ["market-day-15-stands-1", "market-day-150-stands-3",
                                         "market-day-40-stands-2"]


# -- the pieces, against their references on random layouts ---------------------------------

coord = st.floats(min_value=-30, max_value=60, allow_nan=False, allow_infinity=False)
offset = st.floats(min_value=-40, max_value=40, allow_nan=False, allow_infinity=False)


def stand(x: float, y: float, turned: bool = False) -> shapely.Polygon:
    w, h = (2.0, 3.0) if turned else (3.0, 2.0)
    return shapely.Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


@given(x=coord, y=coord, turned=st.booleans(),
       shifts=st.lists(st.tuples(offset, offset), min_size=1, max_size=30))
def test_shifted_stands_have_the_corners_translate_gives(x: float, y: float, turned: bool,
                                                          shifts: list[tuple[float, float]]) -> None:
    poly = stand(x, y, turned)
    got = CiviliansModule.shifted(poly, np.array(shifts))
    for (dx, dy), g in zip(shifts, got, strict=True):
        want = shapely.affinity.translate(poly, dx, dy)
        assert np.array_equal(shapely.get_coordinates(g), shapely.get_coordinates(want))


units_st = st.lists(st.lists(st.tuples(coord, coord), min_size=1, max_size=6), min_size=0, max_size=6)


@pytest.mark.rule("FF-133")
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(x=coord, y=coord, turned=st.booleans(), gx=coord, gy=coord, units=units_st,
       stop=st.sampled_from([0.5, 2.0, 6.0, 12.0]))
def test_the_stop_near_a_unit_is_the_step_by_step_one(market: CiviliansModule, x: float, y: float,
                                                       turned: bool, gx: float, gy: float,
                                                       units: list[list[tuple[float, float]]],
                                                       stop: float) -> None:
    """FF-133: the first step of the way within ``stop`` of a unit, found by measuring only
    the units near the sweep, all steps at once, is the one the 30 steps one by one found."""
    poly = stand(x, y, turned)
    figures = [np.array(u, dtype=float) for u in units]
    mob = Mob("m", "m", poly)
    got = market.first_stop(mob, (gx, gy), np.array([shapely.multipoints(f) for f in figures]), stop)
    assert got == stepwise_stop(poly, (gx, gy), figures, stop)


@pytest.mark.rule("FF-133")
def test_a_stop_on_the_way_is_found_though_the_goal_is_clear(market: CiviliansModule) -> None:
    """A figure beside the middle of the way (not near either end) stops the stand there."""
    poly = stand(0, 0)  # centre (1.5, 1)
    figures = [np.array([(11.5, 4.0)])]
    mob = Mob("m", "m", poly)
    got = market.first_stop(mob, (21.5, 1.0), np.array([shapely.multipoints(figures[0])]), 2.0)
    assert got == stepwise_stop(poly, (21.5, 1.0), figures, 2.0)
    assert 5 < got[0] < 12


table_x = st.floats(min_value=-2, max_value=32, allow_nan=False)
table_y = st.floats(min_value=-2, max_value=24, allow_nan=False)


@pytest.mark.rule("FF-135")
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.integers(0, 2), table_x, table_y, st.booleans(), st.booleans()),
                      min_size=1, max_size=8),
       places=st.lists(st.tuples(st.integers(0, 2), st.floats(-4, 4), st.floats(-4, 4), st.booleans()),
                       min_size=1, max_size=20),
       box=st.tuples(table_x, table_y, st.floats(0, 12), st.floats(0, 12)))
def test_the_stands_near_a_place_are_the_ones_a_look_at_every_stand_finds(
        market: CiviliansModule, moves: list[tuple[int, float, float, bool, bool]],
        places: list[tuple[int, float, float, bool]], box: tuple[float, float, float, float]) -> None:
    """The box index follows every move and removal (by :meth:`moved`, or by a version
    bumped without it), and where a stand may stand is what one-by-one checks said."""
    mod = market
    saved = [(m.poly, m.gone) for m in mod.mobs.values()]
    try:
        stands = list(mod.mobs.values())
        for i, x, y, gone, direct in moves:
            m = stands[i]
            m.poly = stand(x, y)
            m.gone = "dispersed" if gone else ""
            if direct:
                mod._version += 1  # as a rule elsewhere might: the index re-reads every stand
            else:
                mod.moved(m)
            bx, by, bw, bh = box
            want = [s for s in mod.live() if s.poly.bounds[2] >= bx and s.poly.bounds[0] <= bx + bw
                    and s.poly.bounds[3] >= by and s.poly.bounds[1] <= by + bh]
            assert mod.stands_near((bx, by), (bx + bw, by + bh)) == want
        mob = stands[0]
        # places beside, across and over the stands (and one of them, moved a little)
        polys = np.array([stand(stands[i].poly.bounds[0] + dx, stands[i].poly.bounds[1] + dy, t)
                          for i, dx, dy, t in places])
        assert mod.places_ok(mob, polys) == [one_by_one_place(mod, mob, p) for p in polys]
    finally:
        for m, (poly, gone) in zip(mod.mobs.values(), saved, strict=True):
            m.poly, m.gone = poly, gone
            mod._version += 1


def test_a_stand_near_the_gunfire_path_is_found_at_the_table_scale(market: CiviliansModule) -> None:
    """The index answers in game inches at the game's scale, like the stands' outlines."""
    mod = market
    m = next(iter(mod.mobs.values()))
    x0, y0, x1, y1 = m.poly.bounds
    assert m in mod.stands_near((x1, y1), (x1 + 1, y1 + 1))  # touching a corner counts
    assert m not in mod.stands_near((x1 + 1e-6, y0), (x1 + 5, y1))
    assert math.isclose(x1 - x0, 3 * mod.g.m.scale) or math.isclose(x1 - x0, 2 * mod.g.m.scale)
