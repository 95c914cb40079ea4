"""The end-of-turn mob animation beside the ordinary unit-move slide, in one run
(offscreen Qt; ``SEED=1 python bench/bench_mob_slide.py [SCENARIO] [WIDTHxHEIGHT]``).

Both computer players play the scenario at the Normal pace in the real window; every
frame of a unit's slide (gui/table/motion.py) and of a civilian mob's slide
(gui/table/mobs.py) is counted, and each repaint of the table view timed while one or
the other runs. Prints, for each kind: slides, frames, frames per slide, the mean gap
between frames (ms per frame as the player sees it) and the median / worst repaint of
the table. A figure, never an assertion (docs/performance.md).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-bench")

from PySide6.QtCore import QVariantAnimation  # noqa: E402
from PySide6.QtWidgets import QApplication, QGraphicsView  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.app import window_for  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from ambush_gui.gui.table import mobs, motion  # noqa: E402
from ambush_gui.gui.table.view import TableView  # noqa: E402

ticks: dict[str, list[float]] = {"unit": [], "mob": []}
paints: dict[str, list[float]] = {"unit": [], "mob": []}
slides = {"unit": 0, "mob": 0}
state = {"now": ""}


def running(win: object) -> str:
    layer = win.table.table.mobs  # type: ignore[attr-defined]
    if layer.busy:
        return "mob"
    slide = win.table.slide  # type: ignore[attr-defined]
    if slide is not None and slide.anim.state() is QVariantAnimation.State.Running:
        return "unit"
    return ""


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "market-day"
    w, h = (int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "1920x1080").split("x"))
    app = QApplication.instance() or QApplication([])
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), int(os.environ.get("SEED", "1")))
    controller = GameController(game, {"regular": Seat.COMPUTER, "insurgent": Seat.COMPUTER},
                                delay_ms=0, pace=Pace.NORMAL)
    win = window_for(controller)
    win.resize(w, h)

    orig_paint = QGraphicsView.paintEvent

    def timed(self: TableView, event: object) -> None:
        t = time.perf_counter()
        orig_paint(self, event)  # type: ignore[arg-type]
        kind = running(win)
        if kind:
            paints[kind].append((time.perf_counter() - t) * 1000)

    TableView.paintEvent = timed  # type: ignore[method-assign]

    orig_at = motion.FigureSlide._at

    def unit_at(self: motion.FigureSlide, t: float) -> None:
        orig_at(self, t)
        if self.anim.state() is QVariantAnimation.State.Running:
            ticks["unit"].append(time.perf_counter())

    motion.FigureSlide._at = unit_at  # type: ignore[method-assign]
    orig_start = motion.FigureSlide.start

    def unit_start(self: motion.FigureSlide) -> None:
        slides["unit"] += 1
        orig_start(self)

    motion.FigureSlide.start = unit_start  # type: ignore[method-assign]
    orig_slide = mobs.MobLayer.slide

    def mob_slide(self: mobs.MobLayer, *a: object, **k: object) -> bool:
        before = self.frames
        ok = orig_slide(self, *a, **k)  # type: ignore[arg-type]
        if self.busy:
            slides["mob"] += 1
        del before
        return ok

    mobs.MobLayer.slide = mob_slide  # type: ignore[method-assign]
    win.show()
    win.start()
    layer = win.table.table.mobs
    last = 0
    deadline = time.time() + float(os.environ.get("BENCH_SECONDS", "150"))
    while time.time() < deadline and controller.game.pending() is not None:
        app.processEvents()
        if layer.frames != last:
            ticks["mob"].append(time.perf_counter())
            last = layer.frames
        if controller.waiting_for:
            controller.proceed()
        if slides["mob"] >= 6 and not layer.busy:
            break
    for kind in ("unit", "mob"):
        t = ticks[kind]
        gaps = [(b - a) * 1000 for a, b in zip(t, t[1:], strict=False) if b - a < 0.2]
        p = paints[kind]
        print(f"{kind}: {slides[kind]} slides, {len(t)} frames "
              f"({len(t) / max(1, slides[kind]):.0f} a slide), "
              f"{statistics.mean(gaps) if gaps else 0:.1f} ms per frame; table repaint "
              f"median {statistics.median(p) if p else 0:.2f} ms, worst {max(p) if p else 0:.2f} ms "
              f"over {len(p)} repaints at {w}x{h}")


if __name__ == "__main__":
    main()
