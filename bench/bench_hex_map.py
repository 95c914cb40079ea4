"""Benchmarks for the Ambush! hex map view (offscreen Qt; run ``python bench/bench_hex_map.py``).

- a full repaint of the hedgerow map (14x10) with eleven counters at 1920x1080,
  ``viewport().repaint()`` (median of 100; target well under 16 ms), and the same by
  ``grab()``;
- a repaint after a zoom step, when the cached terrain is drawn afresh (median of 30);
- ``set_map`` with one hex changed and the repaint that shows it, what the mission
  editor pays per brush stroke (median of 50; target under 16 ms);
- ``animate_move`` until the slide is under way, i.e. the call's own cost (median of 100;
  target under 1 ms).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-bench")

import ambush_gui.gui  # noqa: E402, F401  (pydantic before PySide6)

# isort: split
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.hexgrid import Hex, HexMap  # noqa: E402
from ambush_gui.gui.hexmap.view import HexMapView, counters_for  # noqa: E402

PLACES = {"sgt-novak": "0105", "cpl-ortiz": "0105", "pfc-lund": "0106", "pvt-greer": "0107",
          "pvt-abate": "0105", "g1": "1005", "g2": "0904", "g3": "0709", "g4": "1005",
          "g5": "1005", "g6": "1202"}


def timed(run: object, n: int) -> float:
    """Median seconds of ``n`` calls of ``run``."""
    times = []
    for _ in range(n):
        t = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    mission = systems.load_scenario(systems.resolve("ambush-hedgerow"))
    state = systems.new_game(mission, 1).state
    for sid, label in PLACES.items():
        state.soldiers[sid].hex = Hex.from_label(label)
    view = HexMapView(state.map)
    view.resize(1920, 1080)
    view.show()
    view.set_counters(counters_for(state), selected="cpl-ortiz")
    view.show_arrows([("0605", "0705"), ("0705", "0805"), ("0805", "0905")])
    app.processEvents()
    view.fit()
    app.processEvents()
    vp = view.viewport()

    repaint = timed(vp.repaint, 100)
    grab = timed(vp.grab, 100)

    def zoom_and_paint() -> None:
        view.zoom(view.ZOOM_STEP if view.scale_factor() < 2.0 else 1 / view.ZOOM_STEP ** 3)
        vp.repaint()

    zoomed = timed(zoom_and_paint, 30)
    view.fit()
    app.processEvents()

    old = state.map
    terrain = {h: old.terrain(h) for h in old.hexes()}
    names = ["woods", "field", "clear", "stone-building", "orchard"]
    k = [0]

    def paint_one_hex() -> None:
        k[0] += 1
        h = old.hexes()[(7 * k[0]) % len(old)]
        changed = terrain | {h: names[k[0] % len(names)]}
        view.set_map(HexMap(old.width, old.height, old.rules, changed,
                            hexsides=old.hexside_features()))
        vp.repaint()

    stroke = timed(paint_one_hex, 50)
    map_only = timed(lambda: view.set_map(old), 50)

    def start_slide() -> None:
        view.animate_move("sgt-novak", ["0105", "0205", "0305", "0405"])

    slide = timed(start_slide, 100)
    view.set_counters(counters_for(state))

    rows = [
        ("full repaint, hedgerow map at 1920x1080, `viewport().repaint()` (median of 100)",
         f"{repaint * 1000:.2f} ms", "< 16 ms"),
        ("full repaint by `viewport().grab()` (median of 100)", f"{grab * 1000:.2f} ms", "< 16 ms"),
        ("zoom step and repaint, terrain cache drawn afresh (median of 30)",
         f"{zoomed * 1000:.2f} ms", "< 50 ms"),
        ("`set_map` with one hex changed, plus the repaint (median of 50)",
         f"{stroke * 1000:.2f} ms", "< 16 ms"),
        ("`set_map` alone (median of 50)", f"{map_only * 1000:.3f} ms", "< 1 ms"),
        ("`animate_move` start (median of 100)", f"{slide * 1000:.3f} ms", "< 1 ms"),
    ]
    print("| measure | figure | target |\n|---|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
