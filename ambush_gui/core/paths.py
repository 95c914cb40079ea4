"""Ways round impassable terrain for the computer player (house rule AA-006), and round
enemy figures for the engine too (:func:`ambush_gui.alley.movement.way_round`: plain geometry).

A move is a path of waypoints for a unit's centre, and no figure's track may cross an
impassable piece (:mod:`ambush_gui.alley.movement`). Every figure walks the centre's
track shifted by its place in the formation, so a centre that keeps ``clearance``
inches (the farthest figure's distance from the centre) away from every impassable
piece keeps every figure out of it. The pathfinder works on that grown terrain:

* the **obstacles** are the impassable pieces grown by ``clearance`` (round corners);
* the **corners** (graph nodes) are the vertices of the pieces grown a little more,
  with square corners, so that a leg from corner to corner runs clear of the obstacles;
* two points see each other when the straight leg between them misses every obstacle.

That is a visibility graph: the shortest way between two points runs straight, or
from corner to corner. The terrain never moves, so one :class:`Pathfinder` per table
and clearance serves every game of a scenario (:func:`pathfinder` keeps them), and a
:class:`Field` (the distance to one goal from every corner) serves every unit making
for that goal. A table without impassable terrain costs nothing: every leg is clear.

The goal may be a point or a table edge (``"north"``...): the way to an edge ends
with a straight drop across it, to a point an inch beyond the table.
"""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.ops import nearest_points

from ambush_gui.core.geometry import Table

Point = tuple[float, float]
EDGES = ("south", "west", "north", "east")
BEYOND = 1.0  # how far past an edge a way off the table ends
MARGIN = 0.1  # corners stand this much farther out than the obstacles reach
SNAP = 0.25  # clearances are rounded up to this, so units of one shape share a pathfinder


@dataclass
class Field:
    """The way to one goal (a point or an edge) from every corner: a Dijkstra over the
    visibility graph, run once. ``dist[n]`` is the length from corner ``n`` to the goal
    (``inf``: no way), ``next[n]`` the following corner (-1: straight to the goal)."""

    finder: Pathfinder
    goal: Point | str
    dist: np.ndarray
    next: np.ndarray
    _memo: dict[Point, tuple[float, list[Point] | None]] = field(default_factory=dict)

    def end_for(self, p: Point) -> Point:
        """Where a straight leg from ``p`` ends at the goal (the drop across an edge)."""
        return self.finder.drop(p, self.goal) if isinstance(self.goal, str) else self.goal

    def _ends(self, arr: np.ndarray) -> np.ndarray:
        """:meth:`end_for` for many points."""
        if not isinstance(self.goal, str):
            return np.repeat(np.array([self.goal], dtype=float), len(arr), axis=0)
        ends = arr.copy()
        f = self.finder
        axis, at = {"south": (1, -BEYOND), "north": (1, f.height + BEYOND),
                    "west": (0, -BEYOND), "east": (0, f.width + BEYOND)}[self.goal]
        ends[:, axis] = at
        return ends

    def distance(self, p: Point) -> float:
        """The length of the shortest way from ``p`` to the goal (``inf``: none)."""
        return self._solve(p)[0]

    def path(self, p: Point) -> list[Point] | None:
        """The waypoints from ``p`` (not included) to the goal, or None when there is no way."""
        return self._solve(p)[1]

    def distances(self, pts: Sequence[Point]) -> np.ndarray:
        """:meth:`distance` for many points (candidate move ends), straight legs checked
        in one batch."""
        if not len(pts):
            return np.zeros(0)
        arr = np.asarray(pts, dtype=float)
        ends = self._ends(arr)
        out = np.hypot(*(ends - arr).T)
        blocked = ~self.finder.clear_many(arr, ends)
        for i in np.flatnonzero(blocked):
            out[i] = self._solve((float(arr[i, 0]), float(arr[i, 1])))[0]
        return out

    def _solve(self, p: Point) -> tuple[float, list[Point] | None]:
        key = (float(p[0]), float(p[1]))  # exact: a rounded key would hand one point's way
        hit = self._memo.get(key)  # to its neighbour, and answers would hang on what was asked first
        if hit is not None:
            return hit
        f = self.finder
        start, lead = f.escape(p)
        end = self.end_for(start)
        best: tuple[float, list[Point] | None] = (math.inf, None)
        if f.clear(start, end):
            best = (math.dist(start, end), [end])
        elif len(f.nodes):
            seen = f.clear_many(np.repeat([start], len(f.nodes), axis=0), f.nodes)
            cost = np.where(seen, np.hypot(*(f.nodes - np.array(start)).T) + self.dist, np.inf)
            n = int(np.argmin(cost))
            total = float(cost[n])
            if math.isfinite(total):
                way: list[Point] = []
                while n >= 0:
                    way.append((float(f.nodes[n, 0]), float(f.nodes[n, 1])))
                    n = int(self.next[n])
                way.append(self.end_for(way[-1]))
                best = (total, way)
        if lead is not None and best[1] is not None:
            best = (best[0] + math.dist(p, lead), [lead, *best[1]])
        if len(self._memo) > 4096:
            self._memo.clear()
        self._memo[key] = best
        return best


class Pathfinder:
    """Shortest ways round a table's impassable pieces for a centre that must keep
    ``clearance`` inches from them (see the module docstring)."""

    def __init__(self, table: Table, clearance: float, avoid: tuple[str, ...] = (),
                 extra: Sequence[shapely.Geometry] = ()) -> None:
        self.width, self.height = table.width, table.height
        self.clearance = clearance
        # ``avoid``: kinds of piece the computer keeps out of as if impassable (a minefield,
        # FF-036): the caller falls back to the plain finder when they shut its way;
        # ``extra``: more shapes to keep out of (enemy figures, :func:`around`)
        self.obstacles: list[shapely.Geometry] = []
        corners: list[tuple[float, float]] = []
        self._outer_lines: shapely.Geometry | None = None
        grown_pieces, outer_pieces = _grown_terrain(table, clearance, avoid)
        if grown_pieces or len(extra):
            shapes = np.array(list(extra), dtype=object)
            grown = shapely.union_all([*grown_pieces, *shapely.buffer(shapes, clearance, quad_segs=4)])
            self.obstacles = [g for g in getattr(grown, "geoms", [grown]) if not g.is_empty]
            outer = shapely.union_all([*outer_pieces,
                                       *shapely.buffer(shapes, clearance + MARGIN, join_style="mitre")])
            self._outer_lines = outer.boundary
            for poly in getattr(outer, "geoms", [outer]):
                for ring in (poly.exterior, *poly.interiors):
                    corners.extend(map(tuple, np.asarray(ring.coords)[:-1].tolist()))
        for o in self.obstacles:
            shapely.prepare(o)
        self._tree = shapely.STRtree(self.obstacles) if self.obstacles else None
        self._bounds = shapely.bounds(np.array(self.obstacles, dtype=object)).reshape(-1, 4) \
            if self.obstacles else np.zeros((0, 4))
        w, h = self.width, self.height
        on = np.array([c for c in dict.fromkeys(corners) if 0 <= c[0] <= w and 0 <= c[1] <= h],
                      dtype=float).reshape(-1, 2)
        self.nodes = on[~self.blocked_many(on)]
        n = len(self.nodes)
        self._legs = np.full((n, n), np.inf)
        if n:
            ia, ib = _pairs(n)
            ok = self.clear_many(self.nodes[ia], self.nodes[ib])
            d = np.hypot(*(self.nodes[ia] - self.nodes[ib]).T)
            self._legs[ia[ok], ib[ok]] = d[ok]
            self._legs[ib[ok], ia[ok]] = d[ok]
        self._fields: dict[Point | str, Field] = {}
        self.memo: dict[Any, Any] = {}  # callers' answers that depend on the terrain alone

    # -- what is clear -------------------------------------------------------------------
    def blocked_at(self, p: Point) -> bool:
        """Is ``p`` inside the grown terrain (a centre there would put a figure in it)?"""
        return any(o.intersects(shapely.Point(p)) for o in self.obstacles)

    def blocked_many(self, pts: np.ndarray) -> np.ndarray:
        """:meth:`blocked_at` for many points, one call per obstacle."""
        out = np.zeros(len(pts), dtype=bool)
        for o in self.obstacles:
            out |= shapely.intersects_xy(o, pts[:, 0], pts[:, 1])
        return out

    def clear(self, a: Point, b: Point) -> bool:
        """Does the straight leg from ``a`` to ``b`` miss every obstacle?"""
        if self._tree is None or a == b:
            return True
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        if not any(x0 <= bx1 and bx0 <= x1 and y0 <= by1 and by0 <= y1
                   for bx0, by0, bx1, by1 in self._bounds.tolist()):
            return True
        return not len(self._tree.query(shapely.LineString([a, b]), predicate="intersects"))

    def clear_many(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """:meth:`clear` for legs ``a[i]``-``b[i]``, in one batch."""
        a, b = np.asarray(a, dtype=float).reshape(-1, 2), np.asarray(b, dtype=float).reshape(-1, 2)
        out = np.ones(len(a), dtype=bool)
        if self._tree is None or not len(a):
            return out
        lo, hi = np.minimum(a, b), np.maximum(a, b)  # legs whose box meets no obstacle's are clear
        box = self._bounds
        near = ((lo[:, None, 0] <= box[None, :, 2]) & (box[None, :, 0] <= hi[:, None, 0])
                & (lo[:, None, 1] <= box[None, :, 3]) & (box[None, :, 1] <= hi[:, None, 1]))
        # each obstacle (prepared) against the legs whose box meets its own, in one call: a
        # few obstacles and thousands of legs (a finder's corners), where a query of the
        # obstacles' tree would prepare every leg
        for k, o in enumerate(self.obstacles):
            idx = np.flatnonzero(near[:, k] & out)
            if len(idx):
                legs = shapely.linestrings(np.stack([a[idx], b[idx]], axis=1))
                out[idx[shapely.intersects(o, legs)]] = False
        return out

    def escape(self, p: Point) -> tuple[Point, Point | None]:
        """A point stuck inside the grown terrain (a unit standing hard by a piece) first
        steps to the nearest clear corner-line point: (where the way starts, that step)."""
        if not self.obstacles or not self.blocked_at(p) or self._outer_lines is None:
            return p, None
        q = nearest_points(self._outer_lines, shapely.Point(p))[0]
        out = (float(q.x), float(q.y))
        return out, out

    def drop(self, p: Point, edge: str) -> Point:
        """The point just beyond ``edge`` straight across from ``p``."""
        x, y = p
        return {"south": (x, -BEYOND), "north": (x, self.height + BEYOND),
                "west": (-BEYOND, y), "east": (self.width + BEYOND, y)}[edge]

    # -- ways ----------------------------------------------------------------------------
    def field(self, goal: Point | str) -> Field:
        """The way to ``goal`` (a point, or an edge by name) from everywhere, remembered."""
        # exact, as in Field._solve: the same answers whatever was asked before
        key: Point | str = goal if isinstance(goal, str) else (float(goal[0]), float(goal[1]))
        f = self._fields.get(key)
        if f is None:
            if len(self._fields) > 256:
                self._fields.clear()
            f = self._fields[key] = self._dijkstra(goal if isinstance(goal, str) else self.escape(goal)[0])
        return f

    def _dijkstra(self, goal: Point | str) -> Field:
        n = len(self.nodes)
        dist = np.full(n, np.inf)
        nxt = np.full(n, -1, dtype=int)
        if n:
            if isinstance(goal, str):
                ends = np.array([self.drop((float(x), float(y)), goal) for x, y in self.nodes])
            else:
                ends = np.repeat([goal], n, axis=0)
            ok = self.clear_many(self.nodes, ends)
            dist[ok] = np.hypot(*(self.nodes - ends).T)[ok]
            done = np.zeros(n, dtype=bool)
            for _ in range(n):
                k = int(np.argmin(np.where(done, np.inf, dist)))
                if done[k] or not math.isfinite(float(dist[k])):
                    break
                done[k] = True
                via = dist[k] + self._legs[:, k]
                better = (via < dist) & ~done
                dist[better] = via[better]
                nxt[better] = k
        return Field(self, goal, dist, nxt)

    def route(self, start: Point, goal: Point | str) -> list[Point] | None:
        """The waypoints of the shortest way from ``start`` (not included) to ``goal``, or
        None when the terrain shuts it off."""
        return self.field(goal).path(start)

    def closest(self, start: Point, goal: Point) -> list[Point]:
        """The way to ``goal``, or, when none, to the reachable place nearest it (as the
        crow flies): a unit cut off from its goal still gets as near as it can. Empty
        when ``start`` is already that place."""
        way = self.route(start, goal)
        if way is not None:
            return way
        back = self.field(start)  # distances to start = from start (legs are symmetric)
        reach = [start, *[(float(x), float(y)) for (x, y), d in zip(self.nodes, back.dist, strict=True)
                          if math.isfinite(float(d))]]
        best = min(reach, key=lambda c: math.dist(c, goal))
        if best == start:
            return []
        return self.route(start, best) or []


_GROWN: weakref.WeakKeyDictionary[Table, dict[tuple[float, tuple[str, ...]], tuple[list[Any], list[Any]]]] = \
    weakref.WeakKeyDictionary()
GROWN_KEPT = 64  # clearances whose grown terrain is kept per table


def _grown_terrain(table: Table, clearance: float,
                   avoid: tuple[str, ...]) -> tuple[list[shapely.Geometry], list[shapely.Geometry]]:
    """The table's impassable pieces (and those of the kinds in ``avoid``) each grown by
    ``clearance`` (the obstacles) and by ``clearance`` and :data:`MARGIN`, mitred (where
    the corners stand): worked out once per clearance, since the terrain never moves and
    every finder round figures (:func:`around`) starts from the same pieces."""
    per = _GROWN.setdefault(table, {})
    hit = per.get((clearance, avoid))
    if hit is None:
        if len(per) >= GROWN_KEPT:
            per.clear()
        solid = np.array([p.polygon for p in table.pieces if p.impassable or p.kind in avoid], dtype=object)
        hit = per[(clearance, avoid)] = (list(shapely.buffer(solid, clearance, quad_segs=4)),
                                         list(shapely.buffer(solid, clearance + MARGIN, join_style="mitre")))
    return hit


@functools.lru_cache(maxsize=64)
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of ``n`` corners once (:func:`numpy.triu_indices` above the diagonal),
    remembered: finders round figures have the same few numbers of corners. Read only."""
    ia, ib = np.triu_indices(n, 1)
    ia.flags.writeable = ib.flags.writeable = False
    return ia, ib


_FINDERS: weakref.WeakKeyDictionary[Table, dict[tuple[float, tuple[str, ...]], Pathfinder]] = \
    weakref.WeakKeyDictionary()


def pathfinder(table: Table, clearance: float, avoid: tuple[str, ...] = ()) -> Pathfinder:
    """The pathfinder for ``table`` and a clearance (rounded up to a quarter inch), built
    once: every game of a scenario shares its table, and its terrain never moves.
    ``avoid``: kinds of piece kept out of as well (see :class:`Pathfinder`)."""
    snap = math.ceil(max(clearance, 0.0) / SNAP - 1e-6) * SNAP
    per = _FINDERS.setdefault(table, {})
    finder = per.get((snap, avoid))
    if finder is None:
        finder = per[(snap, avoid)] = Pathfinder(table, snap, avoid)
    return finder


_AROUND: weakref.WeakKeyDictionary[Table, dict[tuple[Any, ...], Pathfinder]] = weakref.WeakKeyDictionary()
AROUND_KEPT = 32  # pathfinders round figures kept per table (each holds its corners' legs)


def around(table: Table, clearance: float, figures: np.ndarray, contact: float) -> Pathfinder:
    """A pathfinder that also keeps every figure of a unit (within ``clearance`` of its
    centre) ``contact`` inches from each of ``figures`` (enemy figures: no figure moves
    through or into contact with one). Remembered by exactly those inputs (nothing else
    changes its answers, so a figure that moves makes a new key, never a stale answer):
    the computer player asks about the same figures again within a turn, for a block it
    weighs and the way round it then takes."""
    figures = np.asarray(figures, dtype=float).reshape(-1, 2)
    key = (clearance, contact, figures.tobytes())
    per = _AROUND.setdefault(table, {})
    finder = per.get(key)
    if finder is None:
        if len(per) >= AROUND_KEPT:
            per.clear()
        discs = list(shapely.buffer(shapely.points(figures), contact, quad_segs=2))
        finder = per[key] = Pathfinder(table, clearance, extra=discs)
    return finder


def clearance_of(points: np.ndarray, centre: Point) -> float:
    """How far a unit's farthest figure stands from its centre (plus a hair)."""
    if not len(points):
        return 0.0
    return float(np.max(np.hypot(points[:, 0] - centre[0], points[:, 1] - centre[1]))) + 0.05
