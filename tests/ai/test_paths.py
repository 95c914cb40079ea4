"""Ways round impassable terrain (ambush_gui.core.paths): the pathfinder's legs keep a
unit's figures out of every impassable piece, reach points and table edges, and say
when terrain shuts the goal off."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.movement import check_move
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.geometry import CoverClass, Piece, Table, path_length
from ambush_gui.core.paths import Pathfinder, around, clearance_of, pathfinder

SCENARIOS = Path(__file__).parent / "scenarios"


def block(pid: str, geom: shapely.Polygon) -> Piece:
    return Piece(pid, "open", geom, False, CoverClass.NONE, True)


def crossed(start: tuple[float, float], way: list[tuple[float, float]], poly: shapely.Polygon,
            clearance: float) -> bool:
    """Does the centre's track come nearer than ``clearance`` to ``poly``'s inside?"""
    return shapely.LineString([start, *way]).distance(poly) < clearance - 1e-6


def test_a_clear_table_goes_straight() -> None:
    f = Pathfinder(Table(24, 24, []), 1.25)
    assert f.route((2, 2), (20, 18)) == [(20, 18)]
    assert f.field((2, 2)).distance((5, 6)) == pytest.approx(5.0)


def test_the_way_goes_round_a_wall_and_keeps_the_formation_clear_of_it() -> None:
    wall = shapely.box(6, 10, 18, 11)
    f = Pathfinder(Table(24, 24, [block("wall", wall)]), 1.25)
    way = f.route((12, 4), (12, 18))
    assert way is not None and way[-1] == (12, 18)
    assert not crossed((12, 4), way, wall, 1.25)
    assert path_length([(12, 4), *way]) > 14.0  # longer than the blocked straight line
    assert f.field((12, 18)).distance((12, 4)) == pytest.approx(path_length([(12, 4), *way]))


def test_a_way_to_an_edge_ends_beyond_it_past_the_end_of_a_canal() -> None:
    canal = shapely.box(0, 10, 28, 12.5)
    f = Pathfinder(Table(36, 24, [block("canal", canal)]), 1.5)
    way = f.route((6, 4), "north")
    assert way is not None and way[-1][1] > 24  # off the north edge
    assert not crossed((6, 4), way, canal, 1.5)
    assert min(x for x, _ in way) > 28  # round the canal's east end


def test_no_way_gives_none_and_closest_gets_as_near_as_it_can() -> None:
    """A walled yard with no gate: the point inside cannot be reached; ``closest`` goes to
    the reachable corner nearest it instead."""
    ring = shapely.box(8, 8, 16, 16).difference(shapely.box(9, 9, 15, 15))
    f = Pathfinder(Table(24, 24, [block("yard", ring)]), 1.0)
    assert f.route((2, 2), (12, 12)) is None
    assert f.field((12, 12)).distance((2, 2)) == float("inf")
    near = f.closest((2, 2), (12, 12))
    assert near and shapely.Point(near[-1]).distance(shapely.Point(12, 12)) < shapely.Point(2, 2).distance(
        shapely.Point(12, 12))
    assert not crossed((2, 2), near, ring, 1.0)
    canal = shapely.box(0, 10, 24, 12)  # across the whole table
    g = Pathfinder(Table(24, 24, [block("canal", canal)]), 1.0)
    assert g.route((5, 5), "north") is None and g.route((5, 5), (5, 20)) is None


def test_one_pathfinder_per_table_and_clearance_and_the_engine_accepts_its_ways() -> None:
    """The canal test scenario: the way north, cut to a Rapid move, is a legal move."""
    scn = Scenario.load(SCENARIOS / "canal-exit.toml")
    g = AlleyGame(scn, 1)
    unit = g.unit("alpha")
    c = clearance_of(unit.points(), unit.centre())
    f = pathfinder(g.table, c)
    assert f is pathfinder(g.table, c - 0.01) and f.clearance >= c - 1e-6
    way = f.route(unit.centre(), "north")
    assert way is not None
    legal = []
    here = unit.centre()
    for p in way:  # every waypoint of the way, reached leg by leg, is a legal move
        plan = check_move(g, unit, {"path": [list(p)]}, 100.0)
        legal.append(plan.exits)
        unit.translate(p[0] - here[0], p[1] - here[1])
        here = unit.centre()
    assert legal[-1] is True  # the last leg takes it off the north edge


def test_the_way_goes_through_a_ford_when_the_formation_fits() -> None:
    """A canal across the table with a 4" ford in the middle: a unit 2.5" wide takes the
    ford; one too wide for it has no way across."""
    west, east = shapely.box(0, 10, 16, 12), shapely.box(20, 10, 36, 12)
    table = Table(36, 24, [block("w", west), block("e", east)])
    way = Pathfinder(table, 1.25).route((6, 4), "north")
    assert way is not None and all(14 < x < 22 for x, y in way if 8 < y < 14)
    assert not crossed((6, 4), way, west, 1.25) and not crossed((6, 4), way, east, 1.25)
    assert Pathfinder(table, 2.5).route((6, 4), "north") is None


def test_a_way_does_not_depend_on_what_was_asked_before() -> None:
    """Two starts a hair apart each get their own way, in either order: a pathfinder lives
    as long as its table (many games of a simulation), so an answer that hung on an earlier
    question would make a game's result hang on the games played before it."""
    wall = shapely.box(6, 10, 18, 11)
    a, b = (12.0, 4.0), (12.0002, 4.0001)

    def ask(first: tuple[float, float], then: tuple[float, float]) -> float:
        f = Pathfinder(Table(24, 24, [block("wall", wall)]), 1.25).field((12, 18))
        f.distance(first)
        return f.distance(then)

    alone = Pathfinder(Table(24, 24, [block("wall", wall)]), 1.25).field((12, 18)).distance(b)
    assert ask(a, b) == alone


def test_corners_inside_the_grown_terrain_are_dropped_as_one_by_one() -> None:
    """blocked_many (the corners kept in one call per obstacle) answers as blocked_at does
    point by point, on the obstacles' own corners, inside them and in the open."""
    wall = shapely.box(6, 10, 18, 11)
    yard = shapely.box(2, 2, 5, 5)
    f = Pathfinder(Table(24, 24, [block("wall", wall), block("yard", yard)]), 1.25)
    pts = [*map(tuple, f.nodes), (12, 10.5), (3.5, 3.5), (20, 20), (6 - 1.25, 10.5), (0, 0)]
    arr = np.array(pts, dtype=float)
    assert f.blocked_many(arr).tolist() == [f.blocked_at(p) for p in pts]
    assert not f.blocked_many(f.nodes).any()


def test_a_way_round_figures_is_remembered_until_a_figure_moves() -> None:
    """around() hands back the same pathfinder for the same figures, clearance and contact
    (its answers depend on nothing else), and a new one once any figure has moved."""
    table = Table(24, 24, [block("wall", shapely.box(6, 10, 18, 11))])
    figures = np.array([[10.0, 5.0], [11.0, 5.5]])
    first = around(table, 1.0, figures, 0.6)
    assert around(table, 1.0, figures.copy(), 0.6) is first
    moved = figures.copy()
    moved[1, 0] += 0.001
    other = around(table, 1.0, moved, 0.6)
    assert other is not first
    assert around(table, 1.25, figures, 0.6) is not first
    fresh = Pathfinder(table, 1.0, extra=[shapely.Point(x, y).buffer(0.6, quad_segs=2) for x, y in moved])
    assert other.route((12, 2), (12, 18)) == fresh.route((12, 2), (12, 18))
