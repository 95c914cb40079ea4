"""Benchmark: the editor while its Simulate plays 500 games and shows the figures so far
(offscreen Qt; ``python bench/bench_simulate_live.py [GAMES [SCENARIO]] [--before]``,
defaults 500, contracting-trouble; ``--before``: no figures so far, the dialog as it was).

The editor window opens the scenario and its Simulate dialog plays GAMES games from seed
1 on every core, the chart and the figures redrawn with the games so far every
``PARTIAL_EVERY_S``. A 10 ms QTimer on the GUI thread stands for the window's own work,
as in ``bench_thinking.py`` (whose :func:`gaps` this uses): the figure is the gap between
its ticks during the run, against the window idle. Also: how many times the figures so
far were shown, and the longest a showing took (the chart painted too).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's copy

import ambush_gui.gui  # noqa: E402, F401  (pydantic before PySide6)

# isort: split
from bench_thinking import gaps  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.editor import simulate as editor_simulate  # noqa: E402
from ambush_gui.gui.editor.window import EditorWindow  # noqa: E402


def line(name: str, g: list[float]) -> str:
    return (f"{name}: {len(g) + 1} ticks, median gap {statistics.median(g):.1f} ms, "
            f"95th {sorted(g)[int(0.95 * (len(g) - 1))]:.1f} ms, longest {max(g):.0f} ms")


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--before"]
    games = int(args[0]) if args else 500
    name = args[1] if len(args) > 1 else "contracting-trouble"
    if "--before" in sys.argv:
        editor_simulate.PARTIAL_EVERY_S = float("inf")
    app = QApplication.instance() or QApplication([])
    win = EditorWindow()
    win.resize(1920, 1080)
    win.show()
    assert win.open_path(systems.resolve(name))
    dlg = win.simulate()
    assert isinstance(dlg, editor_simulate.SimulateDialog)
    shown: list[float] = []
    plain = dlg.show_partial

    def timed(report: object) -> None:
        t0 = time.perf_counter()
        plain(report)
        dlg.chart.repaint()  # the paint the update asks for, counted here
        shown.append(1000 * (time.perf_counter() - t0))

    dlg.show_partial = timed  # type: ignore[method-assign]
    idle = gaps(app, 1.5)
    t0 = time.perf_counter()
    dlg.run(games, 1)
    during = gaps(app, 3600, until=lambda: dlg.report is not None)
    took = time.perf_counter() - t0
    report = dlg.report
    assert report is not None and report.games == games
    print(f"{name}, {games} games on {report.jobs} processes: {took:.1f} s "
          f"(figures so far every {editor_simulate.PARTIAL_EVERY_S} s)")
    print(line("idle editor", idle))
    print(line("during the run", during))
    if shown:
        print(f"figures so far shown {len(shown)} times: median {statistics.median(shown):.1f} ms, "
              f"longest {max(shown):.1f} ms (chart painted at 1080x560)")
    win.close()


if __name__ == "__main__":
    main()
