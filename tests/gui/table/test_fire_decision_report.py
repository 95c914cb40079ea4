"""A fire decision shows its target's report in the Line of sight dock and draws the
sight line on the table, without the floating panel: placed beside the target, that
panel covered the units between shooter and target (the Contractors, at 1280x800)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGraphicsTextItem

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.window import MainWindow


def test_a_fire_decision_reports_in_the_dock_not_over_the_table(qtbot: Any) -> None:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 11)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    ai = AlleyAI()
    while (d := ctl.pending()) is not None and d.kind is not DecisionKind.FIRE:
        ctl.answer(ai.choose(game, d))
    assert d is not None and win.dialog is not None
    shooter, target = game.unit(d.facts["unit"]), win.table.report
    assert target is not None  # the highlighted target's report
    assert win.table.table.sight.isVisible()
    assert not hasattr(win.table.table, "info")  # no floating box over the units
    assert shooter.name in win.hover.text() and "Expected casualties" in win.hover.text()
    # pointing at another unit says its report in the dock too, and draws its line
    other = next(u for u in game.state.units.values()
                 if u.side is not shooter.side and u.figures and u.name != target.target)
    win.table.show_report(shooter, other)
    assert other.name in win.hover.text() and win.table.table.sight.isVisible()
    assert not any(isinstance(i, QGraphicsTextItem) and i.isVisible()
                   for i in win.table.table.items())
