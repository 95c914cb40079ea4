"""Benchmark: what keeping the table in step with the dice tray costs (offscreen Qt;
``python bench/bench_presentation.py``).

While an answer is shown at the pace, the controller copies the game at each of its
events (``GameController._snapshot``; the dice of one throw share one copy) and the table
window redraws the table and the unit card from the copy at each beat and wait. Figures:
one copy (median of 200) on three Ambush Alley scenarios after 40 decisions of play; how
many copies the answers of a whole Contracting Trouble game take (the most, the mean);
and one redraw of the table and the unit card from a copy in the 1280x800 window.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import ambush_gui.gui  # noqa: E402, F401  (pydantic before PySide6)

# isort: split
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}


def played(name: str, decisions: int, copies: list[int] | None = None) -> GameController:
    """``name`` played ``decisions`` deep at the instant pace; ``copies``: the copies each
    answer would take while paced (one an event, the dice of one throw sharing one)."""
    ctl = GameController(systems.new_game(systems.load_scenario(systems.resolve(name)), 7), SOLO,
                         delay_ms=0)
    ctl.start()
    ai = systems.computer_player("alley")
    while len(ctl.game.decisions) < decisions and (d := ctl.pending()) is not None:
        before = len(ctl.game.log.events)
        if ctl.seat_of(d) is Seat.COMPUTER:
            ctl._answer_for_computer(d)
        else:
            ctl.answer(ai.choose(ctl.game, d))
        new = ctl.game.log.events[before:]
        if copies is not None and new:
            copies.append(1 + sum(1 for a, b in zip(new, new[1:], strict=False)
                                  if not (a.kind == "roll" and b.kind == "roll")))
    return ctl


def ms(fn: object, n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    for name in ("contracting-trouble", "the-orchard-battery", "market-day"):
        ctl = played(name, 40)
        print(f"one copy of the game, {name}: {ms(ctl._snapshot, 200):.2f} ms")
    copies: list[int] = []
    ctl = played("contracting-trouble", 400, copies)
    print(f"copies an answer takes, a whole Contracting Trouble game ({len(copies)} answers "
          f"with events): at most {max(copies)}, {statistics.mean(copies):.1f} on average")
    win = MainWindow(ctl)
    win.resize(1280, 800)
    win.show()
    app.processEvents()
    moment = ctl._snapshot()
    ctl.moment = moment

    def redraw() -> None:
        win.table.draw(moment)
        win.card.show_unit(moment, win.selected)

    print(f"the table and the unit card redrawn from a copy (a beat): {ms(redraw, 50):.2f} ms")
    win.close()


if __name__ == "__main__":
    main()
