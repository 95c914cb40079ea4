"""Benchmark the exact casualty odds against two plain baselines.

Run from anywhere: ``python bench/bench_odds.py``. Prints a markdown table.

* DP cold: the first ``casualty_distribution`` call in a fresh Python process, import
  excluded (median of several processes). DP memo: a repeated, memoised call. DP
  recompute: the dynamic programme again, past the memo.
* Enumeration: every multiset of kept dice on each side, weighted by its multinomial
  probability, every pair matched; pure Python, exact. Too slow for big pools, so there
  the time is estimated from the number of pairs and the cost of one pair in the row
  before (an underestimate: bigger pools cost more per pair).
* Monte Carlo: 100,000 simulated rolls with :mod:`random`, with its largest error
  against the exact distribution.
"""

from __future__ import annotations

import math
import platform
import random  # noqa: TID251 - a baseline to compare against, never used by the game
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ambush_gui.core.odds import casualty_distribution  # noqa: E402

Contest = tuple[int, int, int, int]  # attack dice, attack sides, defense dice, defense sides

CONTESTS: list[Contest] = [(3, 8, 3, 6), (5, 8, 5, 6), (4, 12, 4, 12), (10, 12, 10, 12)]
COLD_PROCESSES = 15
TRIALS = 100_000
MAX_ENUMERATED_PAIRS = 1_000_000
TARGET = 4

COLD = """
import sys, time
from ambush_gui.core.odds import casualty_distribution
pools = [int(x) for x in sys.argv[1:]]
start = time.perf_counter()
casualty_distribution(*pools)
print(time.perf_counter() - start)
"""


def cold_seconds(contest: Contest) -> float:
    """Median time of the first call, each in a fresh interpreter."""
    args = [sys.executable, "-c", COLD, *map(str, contest)]
    runs = [
        float(subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout)
        for _ in range(COLD_PROCESSES)
    ]
    return statistics.median(runs)


def per_call_seconds(call: Callable[[], object], repeat: int) -> float:
    """Median over ``repeat`` timed calls, after one untimed call."""
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def count_casualties(attack_asc: list[int], defense_asc: list[int]) -> int:
    """Best arrangement by two pointers: each attacker die, lowest first, takes the lowest
    defender die that equals or beats it; defender dice lower than it can serve no one."""
    j = saved = 0
    for a in attack_asc:
        while j < len(defense_asc) and defense_asc[j] < a:
            j += 1
        if j == len(defense_asc):
            break
        saved, j = saved + 1, j + 1
    return len(attack_asc) - saved


def kept_multisets(n: int, sides: int) -> list[tuple[list[int], float]]:
    """Every multiset of kept dice (ascending) with its probability; 0 stands for a discard."""
    p = {0: min(TARGET - 1, sides) / sides} | {v: 1 / sides for v in range(TARGET, sides + 1)}
    out = []
    for combo in combinations_with_replacement(sorted(p), n):
        counts = Counter(combo)
        ways = math.factorial(n) // math.prod(math.factorial(c) for c in counts.values())
        weight = ways * math.prod(p[v] ** c for v, c in counts.items())
        out.append(([v for v in combo if v], weight))
    return out


def enumerate_exact(contest: Contest) -> list[float]:
    an, asides, dn, dsides = contest
    dist = [0.0] * (an + 1)
    defense = kept_multisets(dn, dsides)
    for attack, pa in kept_multisets(an, asides):
        for dice, pd in defense:
            dist[count_casualties(attack, dice)] += pa * pd
    return dist


def enumerated_pairs(contest: Contest) -> int:
    an, asides, dn, dsides = contest
    return math.comb(asides - TARGET + 1 + an, an) * math.comb(dsides - TARGET + 1 + dn, dn)


def monte_carlo(contest: Contest, trials: int = TRIALS, seed: int = 1) -> list[float]:
    an, asides, dn, dsides = contest
    rng = random.Random(seed)
    attack_faces, defense_faces = range(1, asides + 1), range(1, dsides + 1)
    hits = [0] * (an + 1)
    for _ in range(trials):
        attack = sorted(x for x in rng.choices(attack_faces, k=an) if x >= TARGET)
        defense = sorted(x for x in rng.choices(defense_faces, k=dn) if x >= TARGET)
        hits[count_casualties(attack, defense)] += 1
    return [h / trials for h in hits]


def timed(run: Callable[[], list[float]]) -> tuple[float, list[float]]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def ms(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g} µs"
    return f"{seconds * 1e3:.3g} ms" if seconds < 1 else f"{seconds:.3g} s"


def duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.2g} {unit}"
    return ms(seconds)


def main() -> None:
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    print(f"DP cold: median of {COLD_PROCESSES} fresh processes; Monte Carlo: {TRIALS:,} rolls\n")
    print(
        "| contest | DP cold | DP memo | DP recompute | enumeration | Monte Carlo | MC max error |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    pair_cost = 0.0
    for contest in CONTESTS:
        an, asides, dn, dsides = contest
        exact = casualty_distribution(*contest)
        memo = per_call_seconds(partial(casualty_distribution, *contest), 1000)
        fresh = per_call_seconds(partial(casualty_distribution.__wrapped__, *contest), 200)
        pairs = enumerated_pairs(contest)
        if pairs <= MAX_ENUMERATED_PAIRS:
            seconds, dist = timed(partial(enumerate_exact, contest))
            pair_cost = seconds / pairs
            error = max(abs(p - q) for p, q in zip(dist, exact, strict=True))
            enumeration = f"{ms(seconds)} ({pairs:,} pairs, diff {error:.0e})"
        else:
            enumeration = f">{duration(pairs * pair_cost)} est. ({pairs:.2g} pairs)"
        seconds, sampled = timed(partial(monte_carlo, contest))
        error = max(abs(p - q) for p, q in zip(sampled, exact, strict=True))
        print(
            f"| {an}d{asides} vs {dn}d{dsides} | {ms(cold_seconds(contest))} | {ms(memo)} "
            f"| {ms(fresh)} | {enumeration} | {ms(seconds)} | {error:.4f} |"
        )


if __name__ == "__main__":
    main()
