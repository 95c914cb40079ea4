"""Benchmark: a German turn in the Ambush! window, including the start of its animation
(offscreen Qt; run ``python bench/bench_ambush_gui.py [games]``).

The US computer player plays whole hedgerow missions through a real
:class:`~ambush_gui.gui.hexmap.window.AmbushWindow` (the controller, every dock, the map).
For each answer after which one or more Germans took a turn (their paragraphs read and
carried out), it times ``controller.answer`` until the window has redrawn: the engine's
work for the US answer and the German turns that follow, the autosave, and the redraw of
the map and every dock with the German moves' animations started (the clock stops in a
``stateChanged`` slot connected after the window's; the dialog for the person's next
decision is built after that and is not counted). The time per German turn is that
figure divided by the Germans who acted. Target: under 50 ms of computation per German turn.
(The animation itself then runs on the event loop, 220 ms a hex, which is not computation.)
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
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.gui.app import settle_memory  # noqa: E402
from ambush_gui.gui.hexmap.window import AmbushWindow  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    app = QApplication.instance() or QApplication(sys.argv[:1])
    mission = systems.load_scenario(systems.resolve("ambush-hedgerow"))
    per_answer: list[float] = []
    per_turn: list[float] = []
    animated = 0
    for seed in range(1, games + 1):
        ctl = GameController(systems.new_game(mission, seed), {"us": Seat.HUMAN},
                             autosave=paths.autosave_path(), delay_ms=0)
        win = AmbushWindow(ctl)
        win.resize(1920, 1080)
        win.show()
        win.start()
        settle_memory()  # as the program does when it opens a game window
        app.processEvents()
        ai = AmbushAI()
        shown: list[float] = [0.0]
        # connected after the window's own slots: it runs once the docks are redrawn and
        # the German moves' animations started, before the next dialog is built
        ctl.stateChanged.connect(lambda shown=shown: shown.append(time.perf_counter()))
        while (d := ctl.pending()) is not None:
            choice = ai.choose(ctl.game, d)
            before = len(ctl.game.log.events)
            t = time.perf_counter()
            ctl.answer(choice)
            took = shown[-1] - t  # to the end of the redraw: the animation is under way
            new = ctl.game.log.events[before:]
            turns = sum(1 for e in new if e.kind == "german_turn")
            if turns:
                per_answer.append(took)
                per_turn.append(took / turns)
                animated += any(e.kind == "move" and e.data.get("german") and e.data.get("to")
                                for e in new)
            app.processEvents()
        win.close()
        win.deleteLater()
        app.processEvents()
    ms = [x * 1000 for x in per_turn]
    print(f"{games} hedgerow missions, {len(per_answer)} answers followed by German turns "
          f"({animated} with a German move animated)")
    print(f"per German turn: median {statistics.median(ms):.1f} ms, "
          f"90th percentile {statistics.quantiles(ms, n=10)[-1]:.1f} ms, max {max(ms):.1f} ms "
          "(target < 50 ms)")
    whole = [x * 1000 for x in per_answer]
    print(f"per answer with German turns (all of them, the autosave, the redraw): median "
          f"{statistics.median(whole):.1f} ms, max {max(whole):.1f} ms")


if __name__ == "__main__":
    main()
