"""Both game windows whole (offscreen Qt; run ``python bench/bench_window.py``).

- start-up: ``ambush-gui play NAME`` from launch to the window's first painted frame, for
  the table (contracting-trouble) and the hex map (ambush-hedgerow), median of 5 fresh
  processes (target under 1.0 s);
- a repaint of the WHOLE game window at 1920x1080 (map, docks, the open decision in the
  Decision dock, the dice tray), median and worst of 50 (target under 16 ms).

bench_gui.py and bench_hex_map.py time the maps alone; this times what the player sees.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-bench")

from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.app import window_for  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402

GAMES = {
    "contracting-trouble": {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN},
    "ambush-hedgerow": {"us": Seat.HUMAN},
}


def first_paint(name: str) -> float:
    times = []
    for _ in range(5):
        start = time.time()
        out = subprocess.run(
            [sys.executable, "-m", "ambush_gui", "play", name, "--seed", "1"],
            env=os.environ | {"AMBUSH_GUI_FIRST_PAINT": "1"}, capture_output=True, text=True,
            timeout=60,
        ).stdout
        line = next(x for x in out.splitlines() if x.startswith("first-paint"))
        times.append(float(line.split()[1]) - start)
    return statistics.median(times)


def window_repaint(app: QApplication, name: str) -> tuple[float, float]:
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), 3)
    controller = GameController(game, GAMES[name], delay_ms=0)
    win = window_for(controller)
    win.resize(1920, 1080)
    win.show()
    win.start()
    for _ in range(20):
        app.processEvents()
    times = []
    for _ in range(50):
        t = time.perf_counter()
        win.repaint()
        times.append(time.perf_counter() - t)
    win.close()
    win.deleteLater()
    app.processEvents()
    return statistics.median(times), max(times)


def main() -> None:
    starts = {name: first_paint(name) for name in GAMES}
    app = QApplication.instance() or QApplication(sys.argv[:1])
    print("| measure | figure | target |\n|---|---:|---:|")
    for name in GAMES:
        ms = starts[name] * 1000
        print(f"| `play {name}` to first painted frame (median of 5) | {ms:.0f} ms | < 1000 ms |")
    for name in GAMES:
        med, worst = window_repaint(app, name)
        print(f"| whole window repaint, {name}, 1920x1080 (median / worst of 50) "
              f"| {med * 1000:.1f} / {worst * 1000:.1f} ms | < 16 ms |")


if __name__ == "__main__":
    main()
