"""A play-tester selected a unit in the "Ready to act" list and saw neither its card nor
its figures on the table: a unit selected in the list is selected on the table, as a click
on its figures there would, by a click, its number or Enter; a double-click still acts."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.table.dialogs.units import UnitChoiceDialog  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402


def test_a_unit_selected_in_the_ready_list_shows_its_card_and_its_figures(qtbot: Any) -> None:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    win = table_window(qtbot, game)
    ctl = win.controller
    qtbot.waitUntil(lambda: isinstance(win.dialog, UnitChoiceDialog) and not ctl.busy)
    dlg = win.dialog
    assert ctl.pending().kind is DecisionKind.ACTIVATE
    units = ctl.game.state.units
    first, second = list(dlg.cards)[:2]
    # the first is selected as the list opens: the table says so too
    qtbot.waitUntil(lambda: win.table.table.selected == first)
    # a click on another card
    qtbot.mouseClick(dlg.cards[second], Qt.MouseButton.LeftButton)
    assert win.table.table.selected == second and win.selected == second
    assert units[second].name == win.card.title.text()
    # its number, from the keyboard
    win.activateWindow()
    QTest.keyClick(win.windowHandle(), Qt.Key.Key_1)
    qtbot.waitUntil(lambda: win.table.table.selected == first)
    assert units[first].name == win.card.title.text()
    assert ctl.pending().kind is DecisionKind.ACTIVATE  # selecting answered nothing
    # a double-click still activates it
    qtbot.mouseDClick(dlg.cards[second], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ctl.game.decisions[:1] == [second])

