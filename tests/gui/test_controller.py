"""The controller: computer pacing, undo to the last shown roll, seats from a save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core import saves
from ambush_gui.gui.controller import GameController, Seat
from ambush_gui.gui.main_window import MainWindow

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
