"""Benchmark: Ambush! German decisions, whole missions and hex line of sight.

Run ``python bench/bench_ambush.py [GAMES]`` (default 30). One core, the shipped
missions, the US computer player (``AmbushAI``), seeds 1..GAMES. It prints a markdown
table of:

- **a German decision**: one German turn's paragraph work, that is the brain's
  ``take_turn`` (``Paragraphs.german_turn`` reading his paragraph, then carrying out its
  actions: movement, fire, activations...), timed over every German turn of the
  ``ambush-hedgerow`` games. Only the time spent inside the turn is counted: if the turn
  waits on a US decision, the clock stops until it is answered. Median and 95th
  percentile; target under 2 ms. The reading alone (``german_turn``) is shown too.
- **a complete mission** with the US computer player, median over GAMES games of
  ``ambush-hedgerow`` and of ``ambush-tutorial`` (computer player included); target
  under 0.5 s.
- **hex line of sight, all pairs** on the hedgerow map (``HexMap.los_all_pairs``):
  the first call in the process (cold), then the median over fresh copies of the map
  with the line shapes known (warm); target under 5 ms.

Exits non-zero if a target is missed.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Generator
from typing import Any

from ambush_gui import systems
from ambush_gui.ai.simulate import play_out
from ambush_gui.ambush import paragraphs
from ambush_gui.ambush.game import AmbushGame, ParagraphBrain
from ambush_gui.core import hexgrid

GERMAN_BUDGET_MS = 2.0
MISSION_BUDGET_S = 0.5
LOS_BUDGET_MS = 5.0

german_turn_ms: list[float] = []
reading_ms: list[float] = []


def timed(gen: Generator[Any, Any, Any], into: list[float]) -> Generator[Any, Any, Any]:
    """Run ``gen``, counting only the time spent inside it (not while a decision waits)."""
    spent = 0.0
    sent: Any = None
    try:
        while True:
            t = time.perf_counter()
            try:
                d = gen.send(sent)
            except StopIteration as stop:
                spent += time.perf_counter() - t
                return stop.value
            spent += time.perf_counter() - t
            sent = yield d
    finally:
        into.append(spent * 1000)


def instrument() -> None:
    """Wrap the brain's turn and the paragraph reading with timers (this process only)."""
    take_turn = ParagraphBrain.take_turn

    def timed_take_turn(self: ParagraphBrain, g: Any, german: Any, number: int) -> Any:
        return timed(take_turn(self, g, german, number), german_turn_ms)

    ParagraphBrain.take_turn = timed_take_turn  # type: ignore[method-assign, assignment]

    german_turn = paragraphs.Paragraphs.german_turn

    def timed_german_turn(self: Any, *args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            return german_turn(self, *args, **kwargs)
        finally:
            reading_ms.append((time.perf_counter() - t) * 1000)

    paragraphs.Paragraphs.german_turn = timed_german_turn  # type: ignore[method-assign]


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, round(p / 100 * (len(v) - 1)))]


def missions(name: str, games: int) -> tuple[list[float], list[int]]:
    """Seconds per complete game and decisions per game."""
    mission = systems.load_scenario(systems.resolve(name))
    seconds, decisions = [], []
    for seed in range(1, games + 1):
        ai = systems.computer_player("ambush")
        start = time.perf_counter()
        game = systems.new_game(mission, seed)
        assert isinstance(game, AmbushGame)
        play_out(game, {"us": ai, "german": ai})
        seconds.append(time.perf_counter() - start)
        decisions.append(len(game.decisions))
    return seconds, decisions


def los(name: str) -> tuple[float, float, int, int]:
    """Cold ms, warm median ms, pairs, clear pairs."""
    hexgrid._shape.cache_clear()
    hexgrid._wedge_shape.cache_clear()
    mission = systems.load_scenario(systems.resolve(name))
    build = type(mission).map.func  # a fresh HexMap each call, nothing of it cached

    def once() -> tuple[float, Any]:
        m = build(mission)
        t = time.perf_counter()
        table = m.los_all_pairs()
        return (time.perf_counter() - t) * 1000, (m, table)

    cold, (m, table) = once()
    warm = statistics.median(once()[0] for _ in range(51))
    n = len(m.hexes())
    return cold, warm, n * (n - 1) // 2, table.count()


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    los_cold, los_warm, pairs, clear = los("ambush-hedgerow")  # first: a cold process
    instrument()
    rows = []
    ok = True

    hedgerow_s, hedgerow_d = missions("ambush-hedgerow", games)
    turns = list(german_turn_ms)
    reads = list(reading_ms)
    german_turn_ms.clear()
    reading_ms.clear()
    tutorial_s, tutorial_d = missions("ambush-tutorial", games)
    german_turn_ms.clear()
    reading_ms.clear()

    if turns:
        med, p95 = statistics.median(turns), pct(turns, 95)
        ok &= p95 < GERMAN_BUDGET_MS
        rows.append(f"| a German turn, paragraph read and carried out (`take_turn`), "
                    f"ambush-hedgerow, {len(turns):,} turns in {games} games "
                    f"| **{med:.3f} ms** median, **{p95:.3f} ms** p95, {max(turns):.2f} ms max "
                    f"| < {GERMAN_BUDGET_MS:g} ms |")
        rows.append(f"| the paragraph reading alone (`Paragraphs.german_turn`) "
                    f"| {statistics.median(reads):.3f} ms median, {pct(reads, 95):.3f} ms p95 "
                    f"| |")
    else:
        ok = False
        rows.append("| a German turn | no German turn was played | < 2 ms |")
    for name, secs, decs in (("ambush-hedgerow", hedgerow_s, hedgerow_d),
                             ("ambush-tutorial", tutorial_s, tutorial_d)):
        med = statistics.median(secs)
        ok &= med < MISSION_BUDGET_S
        rows.append(f"| a complete mission, {name}, US computer player, median of {games} "
                    f"(mean {statistics.mean(decs):.0f} decisions) "
                    f"| **{med * 1000:.0f} ms** (p95 {pct(secs, 95) * 1000:.0f} ms, "
                    f"max {max(secs) * 1000:.0f} ms) | < {MISSION_BUDGET_S * 1000:g} ms |")
    ok &= los_warm < LOS_BUDGET_MS
    rows.append(f"| hex line of sight, all pairs on the ambush-hedgerow map "
                f"({pairs:,} pairs, {clear:,} clear), median of 51 fresh maps "
                f"| **{los_warm:.2f} ms** (first call {los_cold:.1f} ms) "
                f"| < {LOS_BUDGET_MS:g} ms |")

    print("| what | figure | target |\n|---|---:|---:|")
    for row in rows:
        print(row)
    print(f"\nTargets {'met' if ok else 'MISSED'}.")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
