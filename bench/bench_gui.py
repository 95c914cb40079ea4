"""Benchmarks for the table window (offscreen Qt; run ``python bench/bench_gui.py``).

- start-up: ``ambush-gui play contracting-trouble`` from launch to the table's first
  painted frame (median of 5 fresh processes; target under 1.0 s);
- a full antialiased repaint of the table with every unit at 1920x1080 (median of 50;
  target under 16 ms);
- a zoom step and the repaint of the viewport, every figure drawn afresh at the new
  scale (median of 30; the figures' SVG symbols are rendered at each new size);
- the tape and line-of-sight feedback per mouse move while dragging, repaint included
  (median of 200 moves; target under 5 ms);
- resident memory with a game in play after 150 decisions (target under 250 MB).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-bench")

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QImage, QMouseEvent, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402


def first_paint() -> float:
    times = []
    for _ in range(5):
        start = time.time()
        out = subprocess.run(
            [sys.executable, "-m", "ambush_gui", "play", "contracting-trouble", "--seed", "1"],
            env=os.environ | {"AMBUSH_GUI_FIRST_PAINT": "1"}, capture_output=True, text=True,
            timeout=60,
        ).stdout
        line = next(x for x in out.splitlines() if x.startswith("first-paint"))
        times.append(float(line.split()[1]) - start)
    return statistics.median(times)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    startup = first_paint()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    game = systems.new_game(scenario, 3)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    win.resize(1920, 1080)
    win.show()
    win.start()
    app.processEvents()
    view = win.table
    view.resize(1920, 1080)
    view.fit()
    app.processEvents()

    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    paints = []
    for _ in range(50):
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        t = time.perf_counter()
        view.render(painter)
        painter.end()
        paints.append(time.perf_counter() - t)

    vp = view.viewport()
    zooms = []
    for i in range(30):
        # In and out over six sizes: the first pass renders, later passes meet the cache.
        factor = view.ZOOM_STEP if (i // 3) % 2 == 0 else 1 / view.ZOOM_STEP
        t = time.perf_counter()
        view.zoom(factor)
        vp.repaint()
        zooms.append(time.perf_counter() - t)
    view.fit()
    app.processEvents()

    ai = AlleyAI()
    while (d := ctl.pending()) is not None and not (d.kind is DecisionKind.MOVE and d.side == "regular"):
        ctl.answer(ai.choose(ctl.game, d))
    app.processEvents()
    unit = ctl.game.unit(ctl.pending().facts["unit"])
    fig = unit.figures[0]
    start = view.mapFromScene(view.table.flip.scene(fig.x, fig.y))

    def send(kind: QMouseEvent.Type, p: QPoint, buttons: Qt.MouseButton) -> None:
        ev = QMouseEvent(kind, QPointF(p), QPointF(vp.mapToGlobal(p)), Qt.MouseButton.LeftButton,
                         buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, ev)

    send(QMouseEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    moves = []
    for i in range(200):
        p = start + QPoint(int(60 * ((i % 40) / 40)), -int(80 * ((i % 40) / 40)))
        t = time.perf_counter()
        send(QMouseEvent.Type.MouseMove, p, Qt.MouseButton.LeftButton)
        app.processEvents()  # the repaint of what changed, as the event loop would do it
        moves.append(time.perf_counter() - t)
    send(QMouseEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton)
    app.processEvents()
    for _ in range(150):
        d = ctl.pending()
        if d is None:
            break
        ctl.answer(ai.choose(ctl.game, d))
        app.processEvents()
        # What the running event loop does between decisions: delete closed dialogs.
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    memory = rss_mb()

    rows = [
        ("`play contracting-trouble` to first painted frame (median of 5)",
         f"{startup * 1000:.0f} ms", "< 1000 ms"),
        ("full antialiased repaint of the table at 1920x1080 (median of 50)",
         f"{statistics.median(paints) * 1000:.1f} ms", "< 16 ms"),
        ("zoom step and viewport repaint, figures drawn at the new scale (median of 30)",
         f"{statistics.median(zooms) * 1000:.2f} ms", "< 50 ms"),
        ("tape and feedback per mouse move, repaint included (median of 200)",
         f"{statistics.median(moves) * 1000:.2f} ms", "< 5 ms"),
        ("resident memory in play, after 150 decisions", f"{memory:.0f} MB", "< 250 MB"),
    ]
    print("| measure | figure | target |\n|---|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
