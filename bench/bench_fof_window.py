"""Benchmark: the table's full repaint at 1920x1080 for the Force on Force scenarios.

Run ``python bench/bench_fof_window.py [FRAMES] [DECISIONS,...] [ROUNDS]`` (offscreen Qt unless
QT_QPA_PLATFORM says otherwise, e.g. under Xvfb). For each scenario and each point of
play (default ``0,120``: the opening table, and mid-game after 120 decisions with the
modules' marks on it: mobs moved, craters, Stress labels, fallen figures), a real game
window (``MainWindow``, hot-seat, seed 1) is opened and played that far by the computer
player through the controller, then its table view is set to 1920x1080, fitted, and
repainted:

* ``window``: the whole window at 1920x1080 repainted (``repaint()``: the table in its
  place among the docks, the open decision, the dice tray), as bench_window.py does;
* ``render``: then the table view alone set to 1920x1080, fitted, and rendered whole into
  an antialiased 1920x1080 image, as bench_gui.py measures Contracting Trouble.

Each is timed after one untimed paint (the caches filled).

One window is open at a time, as a player has it (with eight open at once the table's
cached pixmaps of one evict another's and every figure is several times higher). The
scenarios are measured in ROUNDS rounds (default 4): each round opens each scenario's
window in turn (Contracting Trouble, then each Force on Force scenario), plays it to the
point, paints FRAMES frames (default 50) and closes it, so a busy shared machine slows all
of them alike. Contracting Trouble is the baseline.
Prints a table of medians and 95th percentiles with the scene's item count
(docs/performance.md).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-bench")
sys.path.insert(0, os.path.dirname(__file__))

from bench_fof import every_module  # noqa: E402
from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}
SEED = 1


def scenarios() -> dict[str, Any]:
    return {
        "contracting-trouble (no module)": systems.load_scenario(systems.resolve("contracting-trouble")),
        "market-day": systems.load_scenario(systems.resolve("market-day")),
        "the-orchard-battery": systems.load_scenario(systems.resolve("the-orchard-battery")),
        "every module (Market Day + 4)": every_module(),
    }


class Table:
    """One window, played to mid-game, its table view at 1920x1080."""

    def __init__(self, app: QApplication, scenario: Any, decisions: int) -> None:
        self.app = app
        game = systems.new_game(scenario, SEED)
        self.ctl = GameController(game, HOTSEAT, delay_ms=0)
        self.win = MainWindow(self.ctl)
        self.win.resize(1920, 1080)
        self.win.show()
        self.win.start()
        app.processEvents()
        ai = AlleyAI()
        for _ in range(decisions):
            d = self.ctl.pending()
            if d is None:
                break
            self.ctl.answer(ai.choose(self.ctl.game, d))
            app.processEvents()
            app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        # let any animation (a mob's slide, a burst) end, then fit the table in the view
        deadline = time.perf_counter() + 2.0
        while time.perf_counter() < deadline:
            app.processEvents()
        self.view = self.win.table
        self.turn = self.ctl.game.state.turn
        self.items = len(self.view.scene().items())
        self.shown = sum(1 for i in self.view.scene().items() if i.isVisible())

    def close(self) -> None:
        self.win.close()
        self.win.deleteLater()
        self.app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        self.app.processEvents()

    def frames(self, n: int, render: list[float], repaint: list[float]) -> None:
        """``n`` repaints of the whole window, then the table view set to 1920x1080 and
        ``n`` renders of it (alternating the two would time the items' pixmap caches
        being redrawn for each device in turn, about 10 ms a frame)."""
        self.win.repaint()
        for _ in range(n):
            t = time.perf_counter()
            self.win.repaint()
            repaint.append(time.perf_counter() - t)
        self.view.resize(1920, 1080)
        self.view.fit()
        self.app.processEvents()
        image = QImage(self.view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
        for k in range(n + 1):
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            t = time.perf_counter()
            self.view.render(painter)
            painter.end()
            if k:  # the first one untimed
                render.append(time.perf_counter() - t)


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


@dataclass
class Figures:
    render: list[float] = field(default_factory=list)
    repaint: list[float] = field(default_factory=list)
    turn: int = 0
    items: int = 0
    shown: int = 0


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    points = [int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "0,120").split(",")]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    app = QApplication.instance() or QApplication(sys.argv[:1])
    runs = scenarios()
    figures = {(name, n): Figures() for n in points for name in runs}
    for _ in range(rounds):
        for (name, n), f in figures.items():
            t = Table(app, runs[name], n)
            t.frames(frames, f.render, f.repaint)
            f.turn, f.items, f.shown = t.turn, t.items, t.shown
            t.close()
    print(f"{QApplication.platformName()}, {rounds} rounds of {frames} frames of each, one window "
          f"at a time, seed {SEED}\n")
    print("| scenario | decisions played (turn) | scene items (shown) | "
          "table at 1920x1080, median / 95th (ms) | whole window, median / 95th (ms) | "
          "table vs Contracting Trouble |")
    print("|---|---:|---:|---:|---:|---:|")
    for (name, n), f in figures.items():
        base = statistics.median(figures[("contracting-trouble (no module)", n)].render)
        med = statistics.median(f.render)
        print(f"| {name} | {n} ({f.turn}) | {f.items} ({f.shown}) | "
              f"{med * 1e3:.2f} / {pct(f.render, 0.95) * 1e3:.2f} | "
              f"{statistics.median(f.repaint) * 1e3:.2f} / {pct(f.repaint, 0.95) * 1e3:.2f} | "
              f"{med / base:.2f}x |")


if __name__ == "__main__":
    main()
