"""Benchmark: the after-action report of a whole game of Contracting Trouble.

Run ``python bench/bench_report.py [GAMES]`` (default 5). It plays GAMES whole games of
Contracting Trouble, the computer on both sides (seeds 1..GAMES), saves each, and times,
in the same run and on the same save: a full replay of the save (``saves.replay``), and
writing its report (``ambush-gui report SAVE --out FILE.html``'s work: one replay, a
picture drawn offscreen at each big moment, the page written). The target is under 10 s
a report.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from ambush_gui import systems  # noqa: E402
from ambush_gui.core import saves  # noqa: E402


def play(seed: int) -> object:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), seed)
    ai = systems.computer_player("alley", "normal", seed)
    game.start()
    while (d := game.pending()) is not None:
        game.answer(ai.choose(game, d))
    return game


def main() -> None:
    from ambush_gui.gui import report
    from ambush_gui.gui.app import application

    application()
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, games + 1):
            game = play(seed)
            save, out = Path(tmp) / f"ct-{seed}.json", Path(tmp) / f"ct-{seed}.html"
            saves.save(game, save)  # type: ignore[arg-type]
            start = time.perf_counter()
            saves.replay(save, systems.factory)
            replayed = time.perf_counter() - start
            start = time.perf_counter()
            told = report.write(save, out)
            written = time.perf_counter() - start
            rows.append((seed, len(told.game.decisions), len(told.moments), replayed, written,
                         out.stat().st_size))
    print("| seed | decisions | pictures | full replay | report written | page |")
    print("|---:|---:|---:|---:|---:|---:|")
    for seed, n, pics, replayed, written, size in rows:
        print(f"| {seed} | {n} | {pics} | {replayed * 1000:.0f} ms | {written:.2f} s | "
              f"{size / 2**20:.1f} MB |")
    print(f"median report {statistics.median(r[4] for r in rows):.2f} s, slowest "
          f"{max(r[4] for r in rows):.2f} s; median replay "
          f"{statistics.median(r[3] for r in rows) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
