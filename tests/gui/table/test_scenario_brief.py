"""Help ▸ Scenario and victory (Ctrl+B): the scenario's description and its victory points
as the engine scores them, shown when a new game starts, and who plays each side."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import new_game  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}


def open_window(qtbot: Any, seats: dict[str, Seat], game: Any = None) -> MainWindow:
    win = MainWindow(GameController(game or new_game(3), seats, delay_ms=0))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win


def test_a_new_game_shows_the_brief_and_its_victory_points(qtbot: Any) -> None:
    win = open_window(qtbot, SOLO)
    game = win.controller.game
    assert not win.brief_dock.visibleRegion().isEmpty()
    assert win.log_dock.visibleRegion().isEmpty()  # tabbed under the brief
    text = win.brief.text.toPlainText()
    assert game.spec.title in text
    assert "pinned down beside their shot-up SUV" in text  # the scenario's own description
    # every award the engine scores, with its points: Contracting Trouble's five
    for award in game.spec.victory.all_awards():
        assert f"{award.points:+d} VP" in text
    assert "Escorts brought off: +5 VP each" in text
    assert "Nobody left behind: +5 VP" in text and "Nobody left behind: +5 VP each" not in text
    assert "Enemies killed: +2 VP each" in text
    # the reading of option escorts_not_brought_out (CT-046) that the game plays is said
    assert "escorts not brought off the table count too" in text
    assert "played by You" in text and "played by Computer" in text
    # the Turn panel says who plays each side
    players = win.turn_panel.players.text()
    assert "US Marines" in players and "You" in players and "Computer" in players


def test_the_brief_says_nothing_of_carried_escorts_under_the_other_reading(qtbot: Any) -> None:
    from ambush_gui import systems
    from ambush_gui.gui.table.dialogs.situations import _scenario

    game = systems.new_game(_scenario("contracting-trouble"), 3,
                            {"escorts_not_brought_out": "on_the_ground"})
    game.start()
    text = open_window(qtbot, SOLO, game).brief.text.toPlainText()
    assert "Captives held at the end: +5 VP each" in text
    assert "not brought off the table" not in text


def test_ctrl_b_brings_it_back_and_the_log_returns_after_the_first_answer(qtbot: Any) -> None:
    win = open_window(qtbot, HOTSEAT)
    assert "a person (hot-seat)" in win.brief.text.toPlainText()
    c = win.controller
    qtbot.waitUntil(lambda: c.pending() is not None and not c.busy)
    d = c.pending()
    assert d is not None
    c.answer(d.options[0])
    qtbot.waitUntil(lambda: not win.log_dock.visibleRegion().isEmpty())
    assert win.brief_dock.visibleRegion().isEmpty()
    assert win.brief_action.shortcut().toString() == "Ctrl+B"
    win.activateWindow()
    win.brief_action.trigger()
    qtbot.waitUntil(lambda: not win.brief_dock.visibleRegion().isEmpty())
    qtbot.mouseClick(win.brief.done, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not win.log_dock.visibleRegion().isEmpty())
    QApplication.processEvents()


def test_a_game_under_way_opens_on_the_log(qtbot: Any) -> None:
    game = new_game(3)
    from ambush_gui.ai.alley_ai import AlleyAI

    ai = AlleyAI()
    for _ in range(3):
        d = game.pending()
        assert d is not None
        game.answer(ai.choose(game, d))
    win = open_window(qtbot, HOTSEAT, game)
    assert not win.log_dock.visibleRegion().isEmpty()
    assert win.brief_dock.visibleRegion().isEmpty()
