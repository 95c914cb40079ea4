"""The editor findings of issue 11: fill-down and paste in a German card, and the rest."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableWidgetSelectionRange
from pytestqt.qtbot import QtBot

from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap.page import MissionPage, new_mission_data


def mission_page(qtbot: QtBot) -> tuple[EditorDocument, MissionPage]:
    doc = EditorDocument(new_mission_data(12, 10, "Test"))
    page = MissionPage(doc)
    qtbot.addWidget(page)
    page.resize(1600, 950)
    page.show()
    qtbot.waitExposed(page)
    return doc, page


def test_ctrl_d_fills_a_column_down_from_its_top_cell_in_one_undo_step(qtbot: QtBot) -> None:
    doc, page = mission_page(qtbot)
    page.germans.add.click()
    table = page.germans.table
    last = table.columnCount() - 1  # S: Self-Preservation
    table.item(2, last).setText("7")
    steps = doc.undo_stack.count()
    table.setFocus()
    table.clearSelection()
    table.setCurrentCell(2, last)
    table.setRangeSelected(QTableWidgetSelectionRange(2, last, 9, last), True)
    qtbot.keyClick(table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert doc.get(("germans", 0, "self_preservation")) == [1, 1] + [7] * 8
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    assert doc.get(("germans", 0, "self_preservation")) == [1, 1, 7] + [1] * 7


def test_ctrl_v_pastes_a_column_of_numbers_from_the_current_cell_in_one_undo_step(qtbot: QtBot) -> None:
    doc, page = mission_page(qtbot)
    page.germans.add.click()
    table = page.germans.table
    assert table.columnCount() >= 2
    QApplication.clipboard().setText("3\n4\n5 6\n")
    steps = doc.undo_stack.count()
    table.setFocus()
    table.setCurrentCell(8, 0)
    qtbot.keyClick(table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    g = doc.get(("germans", 0))
    first = sorted(g["columns"])[0]
    second = sorted(g["columns"])[1] if len(g["columns"]) > 1 else None
    assert g["columns"][first] == [1] * 8 + [3, 4]  # rows past 9 are dropped
    if second is not None:
        assert g["columns"][second] == [1] * 10
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    assert doc.get(("germans", 0, "columns", first)) == [1] * 10


def test_after_place_on_the_table_the_keyboard_is_on_the_table_not_the_unit_s_id(qtbot: QtBot) -> None:
    from PySide6.QtTest import QTest

    from ambush_gui.gui.editor.table.page import TablePage, new_table_data

    doc = EditorDocument(new_table_data(24, 24, "Test"))
    page = TablePage(doc)
    qtbot.addWidget(page)
    page.resize(1500, 950)
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page)
    page.fit()
    page.tabs.setCurrentIndex(1)
    QTest.mouseClick(page.roster.place, Qt.MouseButton.LeftButton)
    canvas = page.canvas

    def on_table() -> bool:
        w = QApplication.focusWidget()
        return w is canvas or w is canvas.viewport()

    qtbot.waitUntil(on_table)
    QTest.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     canvas.to_pixel((4, 4)))
    assert len(doc.get(("units",))) == 1
    assert page.props.currentWidget() is page.unit_form
    assert on_table(), QApplication.focusWidget()


def test_the_first_hot_spot_is_one_undo_step_and_undoing_it_takes_it_away(qtbot: QtBot) -> None:
    from PySide6.QtTest import QTest

    from ambush_gui.gui.editor.table.page import TablePage, new_table_data

    doc = EditorDocument(new_table_data(24, 24, "Test"))
    page = TablePage(doc)
    qtbot.addWidget(page)
    page.resize(1500, 950)
    page.show()
    qtbot.waitExposed(page)
    page.fit()
    assert doc.get(("hot_spots",)) is None
    page.set_tool("hot_spot")
    QTest.mouseClick(page.canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     page.canvas.to_pixel((6, 6)))
    assert doc.get(("hot_spots",)) == [{"number": 1, "at": [6, 6]}]
    assert [doc.undo_stack.text(i) for i in range(doc.undo_stack.count())] == ["Add hot spot 1"]
    doc.undo_stack.undo()
    assert not doc.get(("hot_spots",))
    assert not doc.undo_stack.canUndo()


def test_setting_what_is_already_there_leaves_no_undo_step(qtbot: QtBot) -> None:
    doc = EditorDocument(new_mission_data(12, 10, "Test"))
    doc.set(("no_such_key",), None, "Remove nothing")
    title = doc.get(("title",))
    doc.set(("title",), title, "Same title")
    assert doc.undo_stack.count() == 0


def test_a_typed_die_prefix_becomes_the_option_s_chance_not_a_second_prefix(qtbot: QtBot) -> None:
    doc, page = mission_page(qtbot)
    pe = page.paragraphs
    pe.add_button.click()
    pe.select(0, 0)
    steps = doc.undo_stack.count()
    pe.option_text.setText("[0-3] They open fire.")
    pe.option_text.editingFinished.emit()
    option = doc.get(("paragraphs", 0, "options", 0))
    assert option["text"] == "They open fire."
    assert option["when"] == {"chance": "0-3"}
    assert doc.undo_stack.count() == steps + 1
    assert pe.option_text.text() == "They open fire."
