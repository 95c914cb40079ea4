"""Benchmark: the dice tray's cost per roll (offscreen Qt; ``python bench/bench_dice_tray.py``).

The roll events of whole games (``ambush-hedgerow`` with the US computer player, and
``contracting-trouble`` computer against computer) are replayed into a
:class:`~ambush_gui.gui.shared.dice_tray.DiceTrayPanel` at 1920 px wide: for each roll,
the time to add it and the outcome events that follow it (the card built, its dice faces,
modifiers and outcome line) and to repaint the tray. The baseline, measured in the same
run over the same events, is the game log: the same events appended to a
:class:`~ambush_gui.gui.shared.widgets.GameLog` and the log repainted.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import ambush_gui.gui  # noqa: E402, F401  (pydantic before PySide6)

# isort: split
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.simulate import play_out  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel  # noqa: E402
from ambush_gui.gui.shared.widgets import GameLog  # noqa: E402


def game_events(name: str, seed: int) -> list[Event]:
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    game.start()
    players = {side: systems.computer_player(game.system) for side in systems.seated_sides(game.system)}
    play_out(game, players)
    return game.log.events


def per_roll(widget: object, add: object, events: list[Event]) -> list[float]:
    """ms per roll: the roll and the events up to the next roll, added, then a repaint."""
    out: list[float] = []
    i = 0
    while i < len(events):
        if events[i].kind != "roll":
            add(events[i])  # type: ignore[operator]
            i += 1
            continue
        j = i + 1
        while j < len(events) and events[j].kind != "roll":
            j += 1
        t = time.perf_counter()
        for e in events[i:j]:
            add(e)  # type: ignore[operator]
        widget.repaint()  # type: ignore[attr-defined]
        out.append((time.perf_counter() - t) * 1000)
        i = j
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    app = QApplication.instance() or QApplication(sys.argv[:1])
    for name in ("ambush-hedgerow", "contracting-trouble"):
        events = [e for seed in range(1, games + 1) for e in game_events(name, seed)]
        rolls = sum(1 for e in events if e.kind == "roll")
        tray, log = DiceTrayPanel(), GameLog()
        for w in (tray, log):
            w.resize(1920 - 290 - 460, 150)
            w.show()
        app.processEvents()
        tray_ms = per_roll(tray, tray.add, events)
        log_ms = per_roll(log, log.add, events)
        print(f"{name}: {games} games, {rolls} rolls, {len(events)} events")
        for what, ms in (("dice tray", tray_ms), ("game log (baseline)", log_ms)):
            q = statistics.quantiles(ms, n=20)
            print(f"  {what:20} per roll: median {statistics.median(ms):.2f} ms, "
                  f"95th percentile {q[-1]:.2f} ms, worst {max(ms):.2f} ms")
        tray.close()
        log.close()


if __name__ == "__main__":
    main()
