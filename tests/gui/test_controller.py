"""The controller: computer pacing, undo to the last shown roll, seats from a save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core import saves
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.window import MainWindow

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))


def test_the_computer_answers_its_own_decisions(qtbot: Any) -> None:
    game = systems.new_game(SCENARIO, 4)
    ctl = GameController(game, {"regular": Seat.COMPUTER, "insurgent": Seat.COMPUTER}, delay_ms=0)
    ctl.start()
    qtbot.waitUntil(lambda: len(game.decisions) >= 20, timeout=10000)
    assert set(game.answered_by[:20]) <= {"regular", "insurgent"}


def test_opening_a_solo_save_keeps_the_computer_seat(qtbot: Any, tmp_path: Path) -> None:
    solo = systems.new_game(SCENARIO, 5)
    ai = AlleyAI()
    while (d := solo.pending()) is not None and d.side == "regular":
        solo.answer(ai.choose(solo, d))
    path = tmp_path / "solo.json"
    saves.save(solo, path, {"regular": "human", "insurgent": "computer"})

    ctl = GameController(systems.new_game(SCENARIO, 1),
                         {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    assert win.open_path(path)
    assert ctl.seats == {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
    qtbot.waitUntil(lambda: ctl.pending() is None or ctl.pending().side == "regular", timeout=10000)


def test_an_interrupt_point_chosen_in_the_dialog_is_shown_on_the_move(qtbot: Any) -> None:
    """AA-067: the point along the move where the interruption strikes, shown on the map."""
    from PySide6.QtCore import Qt

    from ambush_gui.core.decisions import DecisionKind
    from ambush_gui.core.geometry import point_along
    from ambush_gui.gui.table.dialogs.situations import drive_to

    game, d = drive_to(DecisionKind.INTERRUPT,
                       lambda d, g: d.facts.get("what") == "move" and len(d.options) > 2)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    win.start()
    qtbot.waitUntil(lambda: win.dialog is not None)
    option = next(o for o in d.options[1:] if o.get("at", 0) > 0)
    for widget in win.dialog.clicks_for(option)[:-1]:  # everything but the final "Interrupt"
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    mark = win.table._interrupt_mark
    assert mark.isVisible()
    x, y = point_along([tuple(p) for p in d.facts["path"]], option["at"])
    expected = win.table.table.flip.scene(x, y)
    assert abs(mark.pos().x() - expected.x()) < 1e-6 and abs(mark.pos().y() - expected.y()) < 1e-6
