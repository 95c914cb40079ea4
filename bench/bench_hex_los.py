"""Benchmark: line of sight between every pair of hexes of an Ambush! map.

Run ``python bench/bench_hex_los.py``. For a 12x10 and a 40x30 map with the
shipped charts' terrain (a reproducible mix of woods and buildings, with
hedgerows and walls along some hexsides), it times :meth:`HexMap.los_all_pairs`

- cold: the program's first call, line shapes not yet known;
- warm: a new map (so nothing of the map is cached) with the line shapes known,
  the usual case once a game is running (median of many);

and, on the small map, the plain loop of one :meth:`HexMap.los` per pair. It
prints a markdown table and exits non-zero if the two methods disagree or the
12x10 warm figure misses its 5 ms budget.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from ambush_gui.ambush.charts import Charts
from ambush_gui.core import hexgrid
from ambush_gui.core.hexgrid import Direction, Hex, HexMap, Hexside

SEED = 20240611
BUDGET_MS = 5.0


def village(width: int, height: int, seed: int) -> HexMap:
    """About 15% woods, 8% buildings, 10% orchards and fields, hedgerows and walls."""
    rng = np.random.default_rng(seed)
    hexes = [Hex.from_offset(c, r) for c in range(1, width + 1) for r in range(1, height + 1)]
    terrain = {}
    for h in hexes:
        x = rng.random()
        if x < 0.15:
            terrain[h] = "woods"
        elif x < 0.19:
            terrain[h] = "wooden-building"
        elif x < 0.23:
            terrain[h] = "stone-building"
        elif x < 0.33:
            terrain[h] = "orchard" if x < 0.28 else "field"
    on_map = set(hexes)
    sides = {}
    for _ in range(len(hexes) // 8):
        h = hexes[int(rng.integers(len(hexes)))]
        n = h.neighbour(Direction(int(rng.integers(6))))
        if n in on_map:
            sides[Hexside.between(h, n)] = "hedgerow" if rng.random() < 0.7 else "wall"
    return HexMap(width, height, Charts.default(), terrain, hexsides=sides)


def ms(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def one_by_one(m: HexMap) -> None:
    hexes = m.hexes()
    for i, a in enumerate(hexes):
        for b in hexes[i + 1 :]:
            m.los(a, b)


def main() -> int:
    rows = []
    agree = True
    warm_small = 0.0
    for width, height in ((12, 10), (40, 30)):
        hexgrid._shape.cache_clear()
        hexgrid._wedge_shape.cache_clear()
        n = width * height
        pairs = n * (n - 1) // 2
        cold = ms(village(width, height, SEED).los_all_pairs)
        repeats = 51 if n < 500 else 7
        maps = [village(width, height, SEED + i) for i in range(repeats)]
        warm_runs = [ms(m.los_all_pairs) for m in maps]
        warm = statistics.median(warm_runs)
        table = maps[0].los_all_pairs()
        loop = "-"
        if n < 500:
            warm_small = warm
            m = maps[0]
            hexes = m.hexes()
            loop = f"{ms(partial(one_by_one, m)):.1f} ms"
            agree &= all(
                table.sees(a, b) == m.los(a, b).clear
                for i, a in enumerate(hexes)
                for b in hexes[i + 1 :]
            )
        shapes = hexgrid._shape.cache_info().currsize
        rows.append(
            f"| {width}x{height} | {pairs:,} | {table.count():,} | {shapes:,} | {cold:.1f} ms "
            f"| {warm:.2f} ms | {loop} |"
        )
    print(f"Ambush! line of sight, all pairs of hexes; seed {SEED}, shipped charts.\n")
    print(
        "| map | pairs | clear pairs | line shapes | first call (cold) "
        "| new map, shapes known (median) | one `los` per pair |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        print(row)
    print(
        f"\nBudget {BUDGET_MS:g} ms for 12x10 with shapes known: "
        f"{'met' if warm_small < BUDGET_MS else 'MISSED'}; "
        f"los_all_pairs {'agrees' if agree else 'DISAGREES'} with los pair by pair."
    )
    return 0 if agree and warm_small < BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
