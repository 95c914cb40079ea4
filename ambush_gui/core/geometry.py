"""Table geometry for free-measure play: terrain, line of sight, cover, cohesion.

The Ambush Alley table is measured in inches from a table corner: x grows to the
east, y to the north, so ``y == 0`` is the south edge and ``x == 0`` the west
edge. Terrain pieces are shapely polygons; figures are points, the centres of
their 0.5" round bases, and every distance is measured centre to centre. With
28mm figures the rules engine scales distances by 1.5 (AA-001, AA-002), which
is why every threshold here is a parameter.

Measuring between units (AA-005, reading (a)): two units are as far apart as
their nearest pair of figures (:func:`min_distance`), and a unit sees another
if any figure of one has a clear line to any figure of the other
(:meth:`Table.any_sight`).

Line of sight (house rule for the AA-005 gap)
---------------------------------------------
A sight line is the straight segment between two figure centres. It is blocked
by every piece with ``blocks_sight`` whose polygon the segment touches, grazing
a corner included, *unless that piece contains one of the two end points*
(boundary included): a figure inside a building stands at a window, so it sees
out and can be seen. Two figures in the same building always see each other.
Pieces that don't block sight never block, figures never block, and the table
edge plays no part.

>>> house = Piece("house", "building", shapely.box(8, 8, 12, 12),
...               blocks_sight=True, cover=CoverClass.SOLID, impassable=False)
>>> table = Table(24, 24, [house])
>>> table.sight((6, 10), (14, 10))
Sight(clear=False, blockers=('house',))
>>> table.clear((10, 10), (14, 10))   # from inside, at a window
True

Why :meth:`Table.sight_matrix` is fast
--------------------------------------
Testing every pair of figures against every piece one by one costs tens of
milliseconds on a busy table. The matrix instead uses one fact: a segment whose
end points both lie outside a polygon meets that polygon exactly when it crosses
its outline. A piece that no figure stands in can never be exempt, so the
outlines of all such pieces are merged into one prepared geometry and tested
against every sight line in a single vectorised call. Only the few occupied
pieces are then checked pair by pair, and only for the lines still clear.
:meth:`Table.sight` takes the direct route (segment against polygon), and the
tests hold the two to the same answers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

import numpy as np
import shapely

Point: TypeAlias = tuple[float, float]
"""A position on the table, ``(x, y)`` in inches."""

Points: TypeAlias = Sequence[Point] | np.ndarray
"""Several positions: a list of ``(x, y)`` or an array of shape ``(n, 2)``."""

MAX_WAYPOINTS = 100
"""Waypoints in one move's path: a player clicks a handful, and a move is at most 12" (18"
at 28mm). A move answer with more is refused, in play and in a save, before any geometry
is built from it."""

_EPS = 1e-9
"""Slack for inclusive comparisons, so that exactly 1" apart counts as within 1"."""


class CoverClass(StrEnum):
    """What a terrain piece offers a figure in or near it.

    LIGHT and SOLID both keep a unit from being Exposed (AA-126); SOLID also adds
    the Solid Cover die (AA-124).
    """

    NONE = "none"
    LIGHT = "light"
    SOLID = "solid"


@dataclass(frozen=True)
class Piece:
    """One terrain piece on the table.

    ``kind`` is free text ("building", "wall", "rubble", "road", "vehicle"...);
    only the three flags and the cover class carry rules meaning.
    """

    id: str
    kind: str
    polygon: shapely.Polygon
    blocks_sight: bool
    cover: CoverClass
    impassable: bool

    def __post_init__(self) -> None:
        if not isinstance(self.polygon, shapely.Polygon):
            kind = type(self.polygon).__name__
            raise ValueError(f"piece {self.id!r}: expected a shapely Polygon, got {kind}")
        if self.polygon.is_empty or not self.polygon.is_valid or self.polygon.area <= 0:
            raise ValueError(f"piece {self.id!r}: polygon must be valid with a positive area")


@dataclass(frozen=True)
class Sight:
    """The answer to "can A see B?", naming the pieces in the way."""

    clear: bool
    blockers: tuple[str, ...]


class Table:
    """A free-measure table: its size and the terrain on it.

    The spatial index is built once here; every query after that is read-only,
    so one ``Table`` can serve the rules engine, the AI and the GUI at once.
    """

    def __init__(self, width: float, height: float, pieces: Sequence[Piece]) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"table size must be positive, got {width} x {height}")
        self.width = float(width)
        self.height = float(height)
        self.pieces: tuple[Piece, ...] = tuple(pieces)
        self._index = {piece.id: i for i, piece in enumerate(self.pieces)}
        if len(self._index) != len(self.pieces):
            raise ValueError("terrain piece ids must be unique")

        self._polygons = np.array([p.polygon for p in self.pieces], dtype=object)
        shapely.prepare(self._polygons)  # every predicate below reuses their edge indexes
        self._tree = shapely.STRtree(self._polygons)
        self._blocks = np.array([p.blocks_sight for p in self.pieces], dtype=bool)
        self._solid = np.array([p.cover is CoverClass.SOLID for p in self.pieces], dtype=bool)
        self._covers = np.array([p.cover is not CoverClass.NONE for p in self.pieces], dtype=bool)
        self._impassable = np.array([p.impassable for p in self.pieces], dtype=bool)
        self._bounds = shapely.bounds(self._polygons).reshape(-1, 4)  # xmin, ymin, xmax, ymax
        self._ring_lines, self._ring_owner = _outline_rings(self._polygons, self._blocks)
        self._outlines: dict[bytes, shapely.Geometry] = {}  # free outline by occupied mask
        # as many outlines as keep about 200,000 rings remembered (256 on a small table):
        # each holds every ring, so a fixed count would grow with the table
        self._outline_room = max(8, min(256, 200_000 // max(1, len(self._ring_lines))))
        self._exact: dict[tuple[float, ...], bool] = {}  # near-degenerate lines, settled
        self._edges = _Edges(self._polygons, self._blocks)
        self._cover_zones: dict[float, shapely.STRtree] = {}
        self._solid_pieces = np.flatnonzero(self._solid)
        self._solid_tree = shapely.STRtree(self._polygons[self._solid_pieces])
        solid = [p.polygon for p in self.pieces if p.cover is CoverClass.SOLID]
        self._solid_union = shapely.union_all(solid) if solid else shapely.GeometryCollection()
        shapely.prepare(self._solid_union)
        # well inside some Solid piece: a micro-inch in from every edge (arcs are chords)
        core = [p.polygon.buffer(-1e-6) for p in self.pieces if p.cover is CoverClass.SOLID]
        self._solid_core = shapely.union_all(core) if core else shapely.GeometryCollection()
        shapely.prepare(self._solid_core)

    # -- looking things up -------------------------------------------------

    def piece(self, id: str) -> Piece:
        """The piece called ``id``; ``KeyError`` if there is none."""
        return self.pieces[self._index[id]]

    def on_table(self, p: Point) -> bool:
        """True if ``p`` is on the table, edges included."""
        x, y = p
        return 0.0 <= x <= self.width and 0.0 <= y <= self.height

    def pieces_at(self, p: Point) -> tuple[Piece, ...]:
        """The pieces whose polygon contains ``p``; standing on an edge counts."""
        return self._pieces(self._tree.query(shapely.Point(p), predicate="intersects"))

    def pieces_at_many(self, pts: Points) -> list[tuple[Piece, ...]]:
        """:meth:`pieces_at` for each of many points (one spatial query)."""
        pts = _as_points(pts)
        at_point, at_piece = self._tree.query(shapely.points(pts), predicate="intersects")
        found: list[list[Piece]] = [[] for _ in range(len(pts))]
        for k, i in sorted(zip(at_point.tolist(), at_piece.tolist(), strict=True)):  # table order
            found[k].append(self.pieces[i])
        return [tuple(f) for f in found]

    # -- line of sight -----------------------------------------------------

    def sight(self, a: Point, b: Point) -> Sight:
        """Line of sight from ``a`` to ``b``, with the ids of the pieces that block it.

        Applies the house rule in the module docstring, one segment at a time.
        """
        blockers = self._ids(self._blocking(a, b))
        return Sight(clear=not blockers, blockers=blockers)

    def clear(self, a: Point, b: Point) -> bool:
        """True if ``a`` and ``b`` see each other (:meth:`sight` without the names)."""
        return self._blocking(a, b).size == 0

    def sight_matrix(self, a: np.ndarray, b: np.ndarray | None = None) -> np.ndarray:
        """Which points of ``a`` see which points of ``b``, as a boolean ``(n, m)`` array.

        With ``b`` omitted, ``a`` is tested against itself: the result is
        symmetric, each distinct pair is tested once, and a point sees itself.
        """
        a = _as_points(a)
        if b is None:
            n = len(a)
            ia, ib = np.triu_indices(n, k=1)
            result = np.ones((n, n), dtype=bool)
            clear = self._clear_pairs(a, ia, ib)
            result[ia, ib] = clear
            result[ib, ia] = clear
            return result
        b = _as_points(b)
        n, m = len(a), len(b)
        pair = np.arange(n * m)
        ia, ib = pair // m, n + pair % m  # every (a, b) pair, row by row
        return self._clear_pairs(np.vstack([a, b]), ia, ib).reshape(n, m)

    def any_sight(self, figs_a: np.ndarray, figs_b: np.ndarray) -> bool:
        """True if any figure of one unit has a clear line to any figure of the other (AA-005)."""
        a, b = _as_points(figs_a), _as_points(figs_b)
        if len(a) == 0 or len(b) == 0:
            return False
        return bool(self.sight_matrix(a, b).any())

    # -- cover -------------------------------------------------------------

    def near_cover(self, p: Point, distance: float = 2.0) -> bool:
        """True if ``p`` is within ``distance`` of, or inside, a piece giving cover.

        A unit in the open more than 2" from such a piece is Exposed (AA-126).
        """
        return bool(self.near_cover_many(np.asarray([p], dtype=float), distance)[0])

    def near_cover_many(self, pts: np.ndarray, distance: float = 2.0) -> np.ndarray:
        """:meth:`near_cover` for many points at once (one spatial-index query).

        Each cover piece is grown by ``distance`` on its own and the grown shapes are
        indexed: a point is near cover if it is in one of them. That is the same answer
        as growing the union of the pieces, but it costs memory and time in proportion
        to the pieces (the grown union of thousands of scattered pieces took gigabytes
        and minutes). Remembered by distance, a handful at most.
        """
        zones = self._cover_zones.get(distance)
        if zones is None:
            covers = self._polygons[self._covers]
            grown = shapely.buffer(covers, distance, quad_segs=32) if len(covers) else covers
            zones = shapely.STRtree(grown)
            if len(self._cover_zones) >= 4:
                self._cover_zones.clear()
            self._cover_zones[distance] = zones
        pts = _as_points(pts)
        out = np.zeros(len(pts), dtype=bool)
        if len(pts) and len(zones):
            at_point, _ = zones.query(shapely.points(pts), predicate="intersects")
            out[at_point] = True
        return out

    def solid_cover(self, firer: Point, target: Point, behind: float = 1.0) -> tuple[str, ...]:
        """Ids of the SOLID pieces that protect ``target`` from ``firer`` (AA-124).

        A piece protects if the target is inside it, or if the line of fire
        crosses it within ``behind`` inches of the target (a wall the target
        crouches behind, not one halfway across the street). A piece the firer
        is inside does not protect a target outside it: the firer shoots out of
        its window, as the line-of-sight rule has it.
        """
        near_end = _segment(point_along([target, firer], behind), target)
        if not self._solid_union.intersects(near_end):  # the common case, one prepared test
            return ()
        hits = self._tree.query(near_end, predicate="intersects")
        hits = hits[self._solid[hits]]
        firers_own = shapely.intersects(self._polygons[hits], shapely.Point(firer))
        targets_own = shapely.intersects(self._polygons[hits], shapely.Point(target))
        return self._ids(hits[~firers_own | targets_own])

    def solid_cover_many(self, firers: np.ndarray, targets: np.ndarray,
                         behind: float = 1.0) -> np.ndarray:
        """For each row, True if :meth:`solid_cover` names a piece, in a few vectorised calls.

        The near end of each line of fire is computed exactly as :func:`point_along` does.
        """
        f, t = _as_points(firers), _as_points(targets)
        # A target well inside a Solid piece is protected from anywhere (the piece is its
        # own); only one within ``behind`` of Solid Cover can be protected at all (a
        # slightly wider zone, its arcs being chords). One point test each settles most.
        out = np.asarray(shapely.intersects_xy(self._solid_core, t[:, 0], t[:, 1]), dtype=bool)
        near_solid = np.flatnonzero(~out & self._near_solid(t, behind))
        if near_solid.size == 0:
            return out
        f, t = f[near_solid], t[near_solid]
        leg = np.hypot(f[:, 0] - t[:, 0], f[:, 1] - t[:, 1])
        short = behind >= leg  # the firer is within ``behind``: the whole line
        scale = np.divide(behind, leg, out=np.zeros_like(leg), where=~short)
        near = t + scale[:, None] * (f - t)
        near[short] = f[short]
        if behind <= 0.0:
            near = t.copy()
        ends = shapely.linestrings(np.stack([near, t], axis=1))
        same = (near == t).all(axis=1)
        if same.any():
            ends[same] = shapely.points(t[same])
        maybe = np.flatnonzero(shapely.intersects(self._solid_union, ends))
        if maybe.size:  # the rest of :meth:`solid_cover`, pair by pair in one call
            line, hits = self._tree.query(ends[maybe], predicate="intersects")
            keep = self._solid[hits]
            line, hits = maybe[line[keep]], hits[keep]
            firers_own = shapely.intersects_xy(self._polygons[hits], f[line, 0], f[line, 1])
            targets_own = shapely.intersects_xy(self._polygons[hits], t[line, 0], t[line, 1])
            out[near_solid[line[~firers_own | targets_own]]] = True
        return out

    def _near_solid(self, t: np.ndarray, behind: float) -> np.ndarray:
        """For each point, True if it is within ``behind`` of Solid Cover, and a little more:
        a conservative first test (every point it rules out is unprotected), asked of the
        spatial index, so it costs no grown geometry however many pieces there are."""
        out = np.zeros(len(t), dtype=bool)
        if len(t) and len(self._solid_pieces):
            at_point, _ = self._solid_tree.query(shapely.points(t), predicate="dwithin",
                                                 distance=max(behind, 0.0) * 1.05 + 1e-6)
            out[at_point] = True
        return out

    # -- movement ----------------------------------------------------------

    def path_blockers(self, path: Points) -> tuple[str, ...]:
        """Ids of the impassable pieces whose interior the path crosses.

        Sliding along an edge or touching a corner is allowed; entering the
        interior is not. A path of one point (or none) goes nowhere and crosses
        nothing.
        """
        if path_length(path) == 0.0:
            return ()
        line = shapely.LineString(path)
        hits = self._tree.query(line, predicate="intersects")
        hits = hits[self._impassable[hits]]
        inside = shapely.relate_pattern(line, self._polygons[hits], "T********")
        return self._ids(hits[inside])

    def impassable_near(self, lo: Point, hi: Point) -> list[Piece]:
        """The impassable pieces whose bounding box meets the box from ``lo`` to ``hi``
        (a cheap first test: nothing outside it can be crossed)."""
        b = self._bounds
        meets = (self._impassable & (b[:, 0] <= hi[0]) & (lo[0] <= b[:, 2])
                 & (b[:, 1] <= hi[1]) & (lo[1] <= b[:, 3]))
        return [self.pieces[i] for i in np.flatnonzero(meets)]

    # -- internals ---------------------------------------------------------

    def _blocking(self, a: Point, b: Point) -> np.ndarray:
        """Table indices of the pieces blocking the line from ``a`` to ``b``."""
        hits = self._tree.query(_segment(a, b), predicate="intersects")
        hits = hits[self._blocks[hits]]
        polygons = self._polygons[hits]
        exempt = shapely.intersects(polygons, shapely.Point(a)) | shapely.intersects(
            polygons, shapely.Point(b)
        )
        return hits[~exempt]

    def _clear_pairs(self, points: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
        """For each pair ``(points[ia[k]], points[ib[k]])``, True if the line is clear.

        The two passes described in the module docstring.
        """
        if ia.size == 0:
            return np.ones(0, dtype=bool)
        if ia.size * self._edges.count <= SMALL_BATCH:
            blocked = self._edges.blocked(points, ia, ib)
            for k in self._edges.shaky_rows:  # near-degenerate: settle exactly
                blocked[k] = not self._exact_clear(tuple(points[ia[k]]), tuple(points[ib[k]]))
            return ~blocked
        segments = shapely.linestrings(np.stack([points[ia], points[ib]], axis=1))
        stands_in = self._stands_in(points)
        occupied = stands_in.sum(axis=0) > 0  # pieces with a figure in them
        blocked = shapely.intersects(self._free_outline(occupied), segments)
        if occupied.any():
            still_clear = np.flatnonzero(~blocked)
            blocked[self._blocked_by_occupied(segments, still_clear, (ia, ib), stands_in)] = True
        return ~blocked

    def _exact_clear(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """:meth:`clear`, remembered: a figure hugging a wall asks the same few lines again."""
        key = (*a, *b)
        hit = self._exact.get(key)
        if hit is None:
            if len(self._exact) > 20000:
                self._exact.clear()
            hit = self._exact[key] = self.clear(a, b)
        return hit

    def _stands_in(self, points: np.ndarray) -> np.ndarray:
        """``(n_points, n_pieces)``: True where a point is in (or on) a sight-blocking piece."""
        at_point, at_piece = self._tree.query(shapely.points(points), predicate="intersects")
        stands_in = np.zeros((len(points), len(self.pieces)), dtype=bool)
        stands_in[at_point, at_piece] = self._blocks[at_piece]
        return stands_in

    def _blocked_by_occupied(
        self,
        segments: np.ndarray,
        candidates: np.ndarray,
        ends: tuple[np.ndarray, np.ndarray],
        stands_in: np.ndarray,
    ) -> np.ndarray:
        """The candidate segments blocked by an occupied piece that neither end stands in.

        ``ends`` holds, for every segment, the indices of its two end points
        (the rows of ``stands_in``).
        """
        seg, piece = self._tree.query(segments[candidates])  # bounding boxes only
        seg = candidates[seg]
        ia, ib = ends[0][seg], ends[1][seg]
        occupied = stands_in.sum(axis=0) > 0  # also rules out pieces that don't block sight
        exempt = stands_in[ia, piece] | stands_in[ib, piece]
        keep = occupied[piece] & ~exempt
        seg, piece = seg[keep], piece[keep]
        return seg[shapely.intersects(self._polygons[piece], segments[seg])]

    def _free_outline(self, occupied: np.ndarray) -> shapely.Geometry:
        """All rings of the sight-blocking pieces nobody stands in, as one prepared geometry.

        Remembered by which pieces are occupied: figures stand still far more often
        than they move, so the same outline serves many queries.
        """
        key = occupied.tobytes()
        outline = self._outlines.get(key)
        if outline is None:
            rings = self._ring_lines[~occupied[self._ring_owner]]
            outline = shapely.multilinestrings(rings)
            shapely.prepare(outline)
            if len(self._outlines) > self._outline_room:
                self._outlines.clear()
            self._outlines[key] = outline
        return outline

    def _pieces(self, hits: np.ndarray) -> tuple[Piece, ...]:
        """The pieces at table indices ``hits``, once each, in table order (stable answers)."""
        return tuple(self.pieces[i] for i in np.unique(hits))

    def _ids(self, hits: np.ndarray) -> tuple[str, ...]:
        return tuple(p.id for p in self._pieces(hits))


# -- free functions ---------------------------------------------------------


def path_length(path: Points) -> float:
    """Length of a path in inches, the sum of its legs; 0 for fewer than two points."""
    legs = _legs(path)
    return float(legs.sum())


def point_along(path: Points, d: float) -> Point:
    """The point ``d`` inches along ``path``, clamped to its two ends.

    >>> point_along([(0, 0), (3, 0), (3, 4)], 5.0)
    (3.0, 2.0)
    """
    points = _as_points(path)
    if len(points) == 0:
        raise ValueError("point_along needs a path of at least one point")
    legs = _legs(points)
    ends = np.cumsum(legs)
    if len(legs) == 0 or d <= 0.0:
        return _xy(points[0])
    if d >= ends[-1]:
        return _xy(points[-1])
    k = int(np.searchsorted(ends, d, side="right"))  # the leg that d falls in
    start = ends[k] - legs[k]
    t = (d - start) / legs[k]
    return _xy(points[k] + t * (points[k + 1] - points[k]))


def points_along(path: Points, ds: Sequence[float]) -> np.ndarray:
    """:func:`point_along` for several distances at once, shape ``(len(ds), 2)``: the same
    arithmetic, element by element, so the same points."""
    points = _as_points(path)
    d = np.asarray(ds, dtype=float)
    if len(points) == 0:
        raise ValueError("point_along needs a path of at least one point")
    legs = _legs(points)
    ends = np.cumsum(legs)
    out = np.repeat(points[:1], len(d), axis=0)
    if len(legs) == 0:
        return out
    out[(d > 0.0) & (d >= ends[-1])] = points[-1]
    mid = np.flatnonzero((d > 0.0) & (d < ends[-1]))
    k = np.searchsorted(ends, d[mid], side="right")  # the leg each distance falls in
    t = (d[mid] - (ends[k] - legs[k])) / legs[k]
    out[mid] = points[k] + t[:, None] * (points[k + 1] - points[k])
    return out


def truncate(path: Points, d: float) -> list[Point]:
    """The first ``d`` inches of ``path``: its points up to there, and the point at ``d``.

    >>> truncate([(0, 0), (3, 0), (3, 4)], 4.0)
    [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0)]
    """
    points = _as_points(path)
    if len(points) == 0:
        return []
    ends = np.cumsum(_legs(points))
    kept = [_xy(points[0])] + [_xy(points[k + 1]) for k in np.flatnonzero(ends < d)]
    end = point_along(points, d)
    if end != kept[-1]:
        kept.append(end)
    return kept


def cohesive(points: Points, link: float = 1.0, radius: float = 4.0) -> bool:
    """True if the figures form a unit in cohesion (AA-014).

    Either they form one chain, each within ``link`` of at least one other so
    that every figure is connected to every other (the chain reading of AA-015),
    or all of them lie within ``radius`` of their centroid (the "unit's centre"
    of AA-015). One figure, or none, is always cohesive. The defaults are the
    15mm distances; 28mm play passes them scaled by 1.5.

    >>> cohesive([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0)])
    True
    >>> cohesive([(0, 0), (9, 0)])
    False
    """
    pts = _as_points(points)
    if len(pts) <= 1:
        return True
    if bool((np.hypot(*(pts - pts.mean(axis=0)).T) <= radius + _EPS).all()):
        return True
    linked = _distances(pts, pts) <= link + _EPS
    reached = np.zeros(len(pts), dtype=bool)
    reached[0] = True
    while True:  # grow the chain from the first figure until it stops growing
        grown = reached | linked[reached].any(axis=0)
        if (grown == reached).all():
            return bool(reached.all())
        reached = grown


def close_to_earlier(points: Points, radius: float) -> list[int]:
    """For each point, the index of an earlier point closer than ``radius`` to it, or -1.

    For set-up checks (Hot Spots 6" apart, bases that overlap) on files of any size: a
    grid of cells half ``radius`` wide, so two points in one cell are always too close.
    A point whose cell already holds one is answered at once; only the first point of a
    cell looks at the cells around it, so the work is linear in the points, even when
    thousands stand at one spot (every pair, as before, was millions of pairs).
    """
    pts = [(float(x), float(y)) for x, y in points]
    if radius <= 0:
        return [-1] * len(pts)
    size = radius / 2.0
    cells: dict[tuple[int, int], list[int]] = {}
    found: list[int] = []
    for i, (x, y) in enumerate(pts):
        if not (math.isfinite(x) and math.isfinite(y)):  # reported elsewhere; near nothing
            found.append(-1)
            continue
        cx, cy = math.floor(x / size), math.floor(y / size)
        own = cells.get((cx, cy))
        hit = own[0] if own else -1
        if hit < 0:
            best = math.inf
            for dx in range(-2, 3):
                for dy in range(-2, 3):
                    for k in cells.get((cx + dx, cy + dy), ()):  # in order: stop at a hit
                        if k >= best:
                            break
                        if math.hypot(x - pts[k][0], y - pts[k][1]) < radius:
                            best = k
                            break
            hit = -1 if best is math.inf else int(best)
        found.append(hit)
        if own is None:
            cells[(cx, cy)] = [i]
        else:
            own.append(i)
    return found


def min_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Distance between the nearest pair of points, one from ``a`` and one from ``b`` (AA-005).

    >>> min_distance(np.array([[0, 0], [5, 0]]), np.array([[8, 4], [20, 0]]))
    5.0
    """
    pa, pb = _as_points(a), _as_points(b)
    if len(pa) == 0 or len(pb) == 0:
        raise ValueError("min_distance needs at least one point on each side")
    return float(_distances(pa, pb).min())


def centroid(points: Points) -> Point:
    """The mean position of the figures, taken as the unit's centre (AA-015)."""
    pts = _as_points(points)
    if len(pts) == 0:
        raise ValueError("centroid needs at least one point")
    return _xy(pts.mean(axis=0))


# -- helpers ----------------------------------------------------------------


def _as_points(points: Points) -> np.ndarray:
    """``points`` as a float array of shape ``(n, 2)``."""
    arr = np.asarray(points, dtype=float)
    if arr.size == 0:
        return arr.reshape(0, 2)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"expected points of shape (n, 2), got {arr.shape}")
    return arr


def _legs(path: Points) -> np.ndarray:
    """Lengths of the legs of a path."""
    pts = _as_points(path)
    return np.hypot(*np.diff(pts, axis=0).T)


def _distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """All distances from the points of ``a`` to those of ``b``, shape ``(n, m)``."""
    diff = a[:, None, :] - b[None, :, :]
    return np.hypot(diff[..., 0], diff[..., 1])


def _xy(p: np.ndarray) -> Point:
    return (float(p[0]), float(p[1]))


def _segment(a: Point, b: Point) -> shapely.Geometry:
    """The segment from ``a`` to ``b``, or the point itself if they coincide."""
    if tuple(a) == tuple(b):
        return shapely.Point(a)
    return shapely.LineString([a, b])


SMALL_BATCH = 40_000  # segment x edge tests below which plain numpy beats shapely's set-up


class _Edges:
    """The sight-blocking pieces' outlines as flat numpy arrays, for small batches of lines.

    Same rule as the shapely path (the tests hold the two to the same answers): a line
    is blocked by a piece it touches unless one of its end points is in that piece
    (boundary included). For a few dozen lines, orientation tests on every edge cost
    microseconds, where building shapely geometries costs a fraction of a millisecond.
    """

    def __init__(self, polygons: np.ndarray, blocks: np.ndarray) -> None:
        starts, ends, owners = [], [], []
        self.pieces = np.flatnonzero(blocks)
        self.polygons = polygons[self.pieces]
        # A slightly grown union: a cheap, conservative first test (the union's own
        # vertices are recomputed, so a point on a piece's edge could fall just outside).
        grown = shapely.union_all(self.polygons).buffer(1e-7) if len(self.polygons) else None
        self.union = grown if grown is not None else shapely.Polygon()
        shapely.prepare(self.union)
        for k, i in enumerate(self.pieces):
            for ring in shapely.get_rings(polygons[i]):
                xy = np.asarray(ring.coords, dtype=float)
                starts.append(xy[:-1])
                ends.append(xy[1:])
                owners.append(np.full(len(xy) - 1, k))
        empty = np.zeros((0, 2))
        self.p1 = np.vstack(starts) if starts else empty
        self.p2 = np.vstack(ends) if ends else empty
        self.owner = np.concatenate(owners) if owners else np.zeros(0, dtype=np.intp)
        self.count = len(self.p1)
        self.x1, self.y1 = self.p1[:, 0], self.p1[:, 1]
        self.x2, self.y2 = self.p2[:, 0], self.p2[:, 1]
        self.ex, self.ey = self.p2[:, 0] - self.x1, self.p2[:, 1] - self.y1
        self.lo, self.hi = np.minimum(self.p1, self.p2), np.maximum(self.p1, self.p2)
        # reduceat needs each piece's first edge index (edges are grouped by piece)
        self.first = np.searchsorted(self.owner, np.arange(len(self.pieces)))
        self.edge_count = np.diff(np.append(self.first, self.count))
        # each piece's bounding box, from its edges' (one pass: edges are grouped by piece)
        if self.count:
            self.box_lo = np.minimum.reduceat(self.lo, self.first, axis=0)
            self.box_hi = np.maximum.reduceat(self.hi, self.first, axis=0)
        else:
            self.box_lo = self.box_hi = np.zeros((0, 2))

    def _per_piece(self, hits: np.ndarray) -> np.ndarray:
        return np.logical_or.reduceat(hits, self.first, axis=1)

    def inside(self, pts: np.ndarray) -> np.ndarray:
        """(n, pieces): each point inside or on the boundary of each blocking piece."""
        out = np.zeros((len(pts), len(self.pieces)), dtype=bool)
        if not len(self.pieces):
            return out
        somewhere = np.flatnonzero(shapely.intersects_xy(self.union, pts[:, 0], pts[:, 1]))
        if somewhere.size:  # only points in some piece need the piece-by-piece test
            sub = pts[somewhere]
            out[somewhere] = shapely.intersects_xy(self.polygons[None, :], sub[:, 0:1], sub[:, 1:2])
        return out

    def blocked(self, points: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
        self.shaky_rows = np.zeros(0, dtype=np.intp)
        out = np.zeros(len(ia), dtype=bool)
        if self.count == 0:
            return out
        a, b = points[ia], points[ib]
        # A line can only touch a piece whose bounding box its own box meets (plain
        # comparisons, so exact): the orientation tests below run on those pieces' edges.
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        near = ((lo[:, None, 0] <= self.box_hi[:, 0]) & (self.box_lo[:, 0] <= hi[:, None, 0])
                & (lo[:, None, 1] <= self.box_hi[:, 1]) & (self.box_lo[:, 1] <= hi[:, None, 1]))
        k, e = np.nonzero(near[:, self.owner])  # (line, edge) for the edges of those pieces
        if k.size == 0:
            return out
        ax, ay, bx, by = a[k, 0], a[k, 1], b[k, 0], b[k, 1]
        sx, sy = bx - ax, by - ay
        x1, y1, x2, y2 = self.x1[e], self.y1[e], self.x2[e], self.y2[e]
        ex, ey = self.ex[e], self.ey[e]
        # Orientation of each edge's ends about the line, and of the line's ends about
        # each edge; compared by sign (a product of tiny values would underflow).
        o1 = sx * (y1 - ay) - sy * (x1 - ax)
        o2 = sx * (y2 - ay) - sy * (x2 - ax)
        o3 = ex * (ay - y1) - ey * (ax - x1)
        o4 = ex * (by - y1) - ey * (bx - x1)
        hit = (np.sign(o1) * np.sign(o2) <= 0) & (np.sign(o3) * np.sign(o4) <= 0)
        if not hit.any():
            return out
        collinear = hit & (o1 == 0) & (o2 == 0)
        if collinear.any():  # on one line: they meet only if their extents overlap
            for j in np.flatnonzero(collinear):
                line, edge = k[j], e[j]
                hit[j] = bool((lo[line] <= self.hi[edge]).all() and (self.lo[edge] <= hi[line]).all())
        # Floating point cannot settle a line that all but grazes an edge: those few
        # lines go to shapely's exact predicates instead. A near-zero orientation does
        # not matter when the other segment's ends lie clearly on one side of this one's
        # line (the two cannot meet, however it rounds), nor on a piece the line is
        # exempt from (a figure at its window); else a figure standing on the line
        # through a wall would send every line it has to shapely.
        scale = np.abs(sx) + np.abs(sy) + np.abs(ex) + np.abs(ey) + 1.0
        tol = 1e-9 * scale * scale
        smallest = np.minimum(np.minimum(np.abs(o1), np.abs(o2)),
                              np.minimum(np.abs(o3), np.abs(o4)))
        unsure = (smallest < tol) & ~collinear
        doubt = np.zeros_like(unsure)
        few = np.flatnonzero(unsure)  # usually none or a handful
        if few.size:
            p1, p2, p3, p4, t = o1[few], o2[few], o3[few], o4[few], tol[few]
            n1, n2, n3, n4 = np.abs(p1) < t, np.abs(p2) < t, np.abs(p3) < t, np.abs(p4) < t
            apart = (~(n1 | n2) & ((p1 > 0) == (p2 > 0))) | (~(n3 | n4) & ((p3 > 0) == (p4 > 0)))
            doubt[few] = ~apart
        counts = hit | doubt
        if not counts.any():
            return out
        inside = self.inside(points)
        piece = self.owner[e]
        exempt = inside[ia[k], piece] | inside[ib[k], piece]  # an end stands in that piece
        out[k[hit & ~exempt]] = True
        shaky = np.unique(k[doubt & ~exempt])
        # a row with an overlap on one line and an unsure pair is settled exactly, as ever
        overlap = np.intersect1d(k[collinear], k[unsure]) if collinear.any() else shaky[:0]
        self.shaky_rows = np.union1d(shaky, overlap) if overlap.size else shaky
        return out


def _outline_rings(polygons: np.ndarray, blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every ring of the sight-blocking polygons as a LineString, with its piece index."""
    lines: list[shapely.LineString] = []
    owners: list[int] = []
    for i in np.flatnonzero(blocks):
        for ring in shapely.get_rings(polygons[i]):
            lines.append(shapely.LineString(ring.coords))
            owners.append(int(i))
    return np.array(lines, dtype=object), np.array(owners, dtype=np.intp)
