"""Benchmark: line of sight between every pair of 60 figures on a busy urban table.

Run ``python bench/bench_los.py``. It builds a reproducible 48" x 48" layout of
200 terrain pieces (about half of them block sight), places six units of ten
figures, and times :meth:`Table.sight_matrix` (first call and median of many)
against the plain loop it replaces: one ``LineString`` per pair, tested against
every sight-blocking piece. The target is under 15 ms for the 1,770 pairs.
The script prints a markdown table and exits non-zero if the two methods
disagree.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations

import numpy as np
import shapely

from ambush_gui.core.geometry import CoverClass, Piece, Table

SEED = 20240611
SIZE = 48.0
UNITS, FIGURES = 6, 10


def urban_layout(rng: np.random.Generator) -> list[Piece]:
    """200 pieces: the blocking half first (buildings, high walls, vehicles), then the rest."""
    pieces: list[Piece] = []
    solid: list[shapely.Polygon] = []  # footprints that must not overlap each other

    def add(kind: str, poly: shapely.Polygon, blocks: bool, cover: CoverClass, imp: bool) -> None:
        pieces.append(Piece(f"{kind}-{len(pieces)}", kind, poly, blocks, cover, imp))

    def free_spot(make: Callable[[], shapely.Polygon]) -> shapely.Polygon:
        # Rejection sampling keeps a half-inch alley between buildings and vehicles.
        for _ in range(1000):
            poly = make()
            if not any(poly.distance(other) < 0.5 for other in solid):
                solid.append(poly)
                return poly
        raise RuntimeError("table too crowded")

    def rect(w: float, h: float, angle: float = 0.0) -> shapely.Polygon:
        x, y = rng.uniform(0, SIZE - max(w, h), size=2)
        box = shapely.box(x, y, x + w, y + h)
        return shapely.affinity.rotate(box, angle) if angle else box

    def building() -> shapely.Polygon:
        w, h = rng.uniform(2.0, 4.5, size=2)
        poly = rect(w, h)
        shape = rng.integers(0, 6)
        if shape == 0:  # L-shaped: bite a corner out
            x0, y0, x1, y1 = poly.bounds
            poly = poly.difference(shapely.box(x0 + w / 2, y0 + h / 2, x1 + 1, y1 + 1))
        elif shape == 1:  # walled compound with a courtyard
            poly = poly.difference(poly.buffer(-0.5, join_style="mitre"))
        return poly

    for _ in range(70):
        add("building", free_spot(building), True, CoverClass.SOLID, False)
    for _ in range(15):
        vehicle = free_spot(lambda: rect(1.0, 2.5, rng.uniform(0, 180)))
        add("vehicle", vehicle, True, CoverClass.SOLID, True)
    for _ in range(15):
        length = rng.uniform(2.0, 6.0)
        wall = rect(length, 0.25) if rng.random() < 0.5 else rect(0.25, length)
        add("high wall", wall, True, CoverClass.SOLID, True)
    for _ in range(15):
        low_wall = rect(rng.uniform(2.0, 5.0), 0.25, rng.uniform(0, 180))
        add("low wall", low_wall, False, CoverClass.SOLID, False)
    for _ in range(40):
        centre = rng.uniform(2, SIZE - 2, size=2)
        rubble = shapely.MultiPoint(centre + rng.uniform(-1.5, 1.5, size=(7, 2))).convex_hull
        add("rubble", rubble, False, CoverClass.LIGHT, False)
    for _ in range(35):
        add("garden", rect(*rng.uniform(1.5, 3.0, size=2)), False, CoverClass.LIGHT, False)
    for k in range(10):
        y = rng.uniform(0, SIZE - 2)
        road = shapely.box(0, y, SIZE, y + 2) if k % 2 else shapely.box(y, 0, y + 2, SIZE)
        add("road", road, False, CoverClass.NONE, False)
    return pieces


def unit_figures(rng: np.random.Generator) -> np.ndarray:
    """Six units of ten figures, each scattered around a centre like a unit in cohesion."""
    centres = rng.uniform(4, SIZE - 4, size=(UNITS, 2))
    figures = np.repeat(centres, FIGURES, axis=0) + rng.normal(0, 1.5, size=(UNITS * FIGURES, 2))
    return np.clip(figures, 0, SIZE)


def naive_matrix(table: Table, points: np.ndarray) -> np.ndarray:
    """The baseline: for each pair, a LineString tested against every sight-blocking piece."""
    blocking = [p.polygon for p in table.pieces if p.blocks_sight]
    result = np.ones((len(points), len(points)), dtype=bool)
    for i, j in combinations(range(len(points)), 2):
        a, b = shapely.Point(points[i]), shapely.Point(points[j])
        line = shapely.LineString([points[i], points[j]])
        blocked = any(
            line.intersects(poly) and not (poly.intersects(a) or poly.intersects(b))
            for poly in blocking
        )
        result[i, j] = result[j, i] = not blocked
    return result


def indoor_figures(rng: np.random.Generator, pieces: list[Piece]) -> np.ndarray:
    """The worst case for the exemption: every figure stands inside some building."""
    buildings = [p.polygon for p in pieces if p.kind == "building"]
    chosen = rng.integers(0, len(buildings), size=UNITS * FIGURES)
    return shapely.get_coordinates([buildings[k].point_on_surface() for k in chosen])


def timed(run: Callable[[], object], repeat: int) -> list[float]:
    """Milliseconds for each of ``repeat`` runs; the first is cold (nothing warmed it up)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1e3)
    return times


def main() -> int:
    rng = np.random.default_rng(SEED)
    pieces = urban_layout(rng)
    in_streets = unit_figures(rng)
    indoors = indoor_figures(rng, pieces)

    start = time.perf_counter()
    table = Table(SIZE, SIZE, pieces)
    build_ms = (time.perf_counter() - start) * 1e3
    blocking = sum(p.blocks_sight for p in pieces)
    pairs = UNITS * FIGURES * (UNITS * FIGURES - 1) // 2

    print(f'{len(pieces)} pieces ({blocking} block sight) on a {SIZE:.0f}" x {SIZE:.0f}" table,')
    print(f"seed {SEED}; {UNITS} units of {FIGURES} figures, {pairs} pairs.")
    print(f"Table build (STRtree, outlines): {build_ms:.2f} ms.\n")
    print(
        "| figures | inside blocking pieces | clear pairs | sight_matrix first call "
        "| sight_matrix median | naive loop median | speed-up |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    agree = True
    medians = []
    for name, points in (("units in the streets", in_streets), ("all indoors", indoors)):
        runs = timed(partial(table.sight_matrix, points), 301)
        naive_runs = timed(partial(naive_matrix, table, points), 11)
        matrix = table.sight_matrix(points)
        agree &= bool((matrix == naive_matrix(table, points)).all())
        inside = sum(any(p.blocks_sight for p in table.pieces_at(tuple(pt))) for pt in points)
        median, naive_median = statistics.median(runs), statistics.median(naive_runs)
        medians.append(median)
        print(
            f"| {name} | {inside} | {int(np.triu(matrix, k=1).sum())} | {runs[0]:.2f} ms "
            f"| {median:.2f} ms | {naive_median:.2f} ms | {naive_median / median:.0f}x |"
        )

    units = in_streets.reshape(UNITS, FIGURES, 2)
    any_runs = timed(lambda: table.any_sight(units[0], units[1]), 301)
    sight_runs = timed(lambda: table.sight(tuple(units[0][0]), tuple(units[1][0])), 301)
    print(f"\nany_sight, 10 vs 10 figures: median {statistics.median(any_runs):.3f} ms.")
    print(f"sight, one pair with blockers named: median {statistics.median(sight_runs):.3f} ms.")
    print(
        f"Budget 15 ms: {'met' if max(medians) < 15 else 'MISSED'}; "
        f"sight_matrix {'agrees' if agree else 'DISAGREES'} with the loop."
    )
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
