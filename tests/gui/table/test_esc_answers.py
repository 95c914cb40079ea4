"""Esc in the Decision dock (play-test: Esc, which also hurries the dice, took back the
player's last choice and could answer the next question unasked)."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402


def _window(qtbot: Any) -> Any:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    return table_window(qtbot, game)


def _esc(win: Any) -> None:
    win.activateWindow()
    QTest.keyClick(win.dialog, Qt.Key.Key_Escape)


def test_esc_never_takes_back_the_previous_choice_of_another_question(qtbot: Any) -> None:
    """Activating a unit, then Esc at its plan: the plan stays asked (Esc used to press
    Back and take the activation back) and the status bar says how to go back."""
    win = _window(qtbot)
    c = win.controller
    assert c.pending().kind is DecisionKind.ACTIVATE
    c.answer(c.pending().options[0])
    qtbot.waitUntil(lambda: win.dialog is not None and win.dialog.decision.kind is DecisionKind.PLAN)
    back = win.dialog.back_button
    assert back is not None and back.isEnabled()  # Back itself can take it back
    assert "Ctrl+Z" in back.toolTip() and "Esc" not in back.toolTip()
    _esc(win)
    assert len(c.game.decisions) == 1 and c.pending().kind is DecisionKind.PLAN
    assert "Back (Ctrl+Z)" in win.statusBar().currentMessage()
    back.click()
    assert len(c.game.decisions) == 0  # the button still does


def test_an_esc_just_as_the_dice_end_gives_no_safe_answer(qtbot: Any) -> None:
    """A fire (safe answer: hold) asked right after an answer's dice were shown: an Esc
    within the grace answers nothing, a held-down Esc's repeats neither; later, Esc holds."""
    win = _window(qtbot)
    c = win.controller
    c.answer(c.pending().options[0])  # activate
    c.answer("halted")
    qtbot.waitUntil(lambda: win.dialog is not None and win.dialog.decision.kind is DecisionKind.FIRE)
    n = len(c.game.decisions)
    win.presented_at = time.monotonic()  # the dice of the last answer have just ended
    _esc(win)
    assert len(c.game.decisions) == n
    win.presented_at = time.monotonic() - 5.0
    held = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier, "", True)
    QApplication.sendEvent(win.dialog, held)
    assert len(c.game.decisions) == n
    QTest.keyPress(win.dialog, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier, -1)
    assert len(c.game.decisions) == n + 1 and c.game.decisions[-1] == "hold"
