"""Benchmark: the window while the computer thinks (offscreen Qt; ``python bench/bench_thinking.py``).

A stand-in for the hard player that works for ``THINK_S`` seconds of pure Python (it
forks the game and plays the normal player forward on the forks, as a look-ahead does,
holding the GIL most of the time) answers one Insurgent decision of Contracting
Trouble in the table window. A 10 ms QTimer on the GUI thread stands for the window's
own work (painting, hover, scrolling): the figure is the gap between its ticks while the
computer thinks, against two baselines measured in the same run: the window idle, and
the same player asked on the GUI thread (as before issue 16). Also: what the worker's
fork of the game costs at that decision.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import ambush_gui.gui  # noqa: E402, F401  (pydantic before PySide6)

# isort: split
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.ai.lookahead import fork  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat, thinking_copy  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

THINK_S = 1.5
SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))


class Busy:
    """Plays the normal player forward on forks for ``THINK_S`` seconds, then answers
    as the normal player."""

    def __init__(self, *_: Any, **__: Any) -> None:
        self.normal = AlleyAI()

    def decide(self, game: Any, d: Any) -> Any:
        end = time.monotonic() + THINK_S
        stream = 1
        while time.monotonic() < end:
            f = fork(game, stream)
            stream += 1
            for _ in range(20):
                fd = f.pending()
                if fd is None or time.monotonic() >= end:
                    break
                f.answer(self.normal.choose(f, fd))
        return self.normal.decide(game, d)


def insurgent_decision(seed: int) -> Any:
    game = systems.new_game(SCENARIO, seed).start()
    ai = AlleyAI()
    while (d := game.pending()) is not None:
        if d.side == "insurgent" and game.state.turn >= 3:
            return game
        game.answer(ai.choose(game, d))
    raise AssertionError("the game ended first")


def gaps(app: QApplication, seconds: float, until: Any = None) -> list[float]:
    """The gaps (ms) between a 10 ms timer's ticks over ``seconds`` (or until ``until()``)."""
    ticks: list[float] = []
    t = QTimer()
    t.timeout.connect(lambda: ticks.append(time.perf_counter()))
    t.start(10)
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (until and until()):
        app.processEvents()
        time.sleep(0.001)
    t.stop()
    return [1000 * (b - a) for a, b in zip(ticks, ticks[1:], strict=False)]


def main() -> None:
    app = QApplication.instance() or QApplication([])
    game = insurgent_decision(7)
    forks = []
    for _ in range(5):
        t0 = time.perf_counter()
        thinking_copy(game)
        forks.append(1000 * (time.perf_counter() - t0))
    print(f"the worker's fork at turn {game.state.turn}, decision {len(game.decisions)}: "
          f"median {statistics.median(forks):.1f} ms")

    real = systems.computer_player
    systems.computer_player = Busy  # type: ignore[assignment]
    try:
        ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER},
                             pace=Pace.FAST)
        win = MainWindow(ctl)
        win.resize(1920, 1080)
        win.show()
        idle = gaps(app, THINK_S)
        index = len(game.decisions)
        win.start()
        t0 = time.perf_counter()
        off = gaps(app, 10, until=lambda: len(ctl.game.decisions) > index)
        took = time.perf_counter() - t0
        # before issue 16: the same player asked on the GUI thread
        again = insurgent_decision(7)
        player = Busy()
        ticks: list[float] = []
        t = QTimer()
        t.timeout.connect(lambda: ticks.append(time.perf_counter()))
        t.start(10)
        QTimer.singleShot(30, lambda: player.decide(again, again.pending()))
        end = time.monotonic() + THINK_S + 0.3
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.001)
        t.stop()
        on = [1000 * (b - a) for a, b in zip(ticks, ticks[1:], strict=False)]
        win.close()
    finally:
        systems.computer_player = real
    for name, g in (("idle window", idle), (f"thinking off the GUI thread ({took:.2f} s to the answer)", off),
                    ("thinking on the GUI thread (before)", on)):
        print(f"{name}: {len(g) + 1} ticks, median gap {statistics.median(g):.1f} ms, "
              f"95th {sorted(g)[int(0.95 * (len(g) - 1))]:.1f} ms, longest {max(g):.0f} ms")


if __name__ == "__main__":
    main()
