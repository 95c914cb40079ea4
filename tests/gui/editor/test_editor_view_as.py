"""The designer says which pieces are hidden from whom, and sees each side's view (issue
28): the IED form's "Hidden from" (writing ``hidden_from``, dropping a file's older
``hidden``), and "View as" drawing the table as each side will see it in play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.table.items import IedItem

from .test_editor_fof import choose
from .test_editor_table import click, make_page

MARKET_DAY = Path(__file__).resolve().parents[3] / "ambush_gui" / "scenarios" / "market-day.toml"


def _ieds(page: Any) -> list[IedItem]:
    return [i for i in page.canvas._scene.items() if isinstance(i, IedItem)]


def test_view_as_each_side_draws_the_road_bomb_only_for_those_who_see_it(qtbot: Any) -> None:
    page = make_page(qtbot, EditorDocument.open(MARKET_DAY))
    assert len(_ieds(page)) == 1 and "hidden from the Regulars" in _ieds(page)[0].toolTip()
    choose(page.view_as, "Regular")
    assert _ieds(page) == []  # hidden from the Regulars: not on their table
    choose(page.view_as, "Insurgent")
    assert len(_ieds(page)) == 1  # its owner sees it
    choose(page.view_as, "Everything")
    assert len(_ieds(page)) == 1
    # by the keyboard: Alt+W, then the arrow keys
    page.activateWindow()
    QApplication.processEvents()
    page.canvas.setFocus()
    QTest.keyClick(page.canvas, Qt.Key.Key_W, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is page.view_as
    QTest.keyClick(page.view_as, Qt.Key.Key_Down)
    assert page.canvas.viewer == "regular" and _ieds(page) == []


def test_the_ied_form_says_whom_it_is_hidden_from_and_writes_hidden_from(qtbot: Any,
                                                                          tmp_path: Path) -> None:
    old = MARKET_DAY.read_text().replace('target = "owner"\n', 'target = "owner"\nhidden = true\n', 1)
    path = tmp_path / "old.toml"
    path.write_text(old)
    doc = EditorDocument.open(path)
    page = make_page(qtbot, doc)
    click(page, 16, 8)
    assert page.canvas.selected == ("ieds", "devices", 0)
    row = page.ied_form.rows["hidden_from"]
    assert row.currentText().startswith("The other side")  # the older hidden = true
    assert "hidden" not in page.ied_form.rows  # shown only as "Hidden from"
    choose(row, "Nobody")
    dev = doc.get(("ieds", "devices", 0))
    assert dev["hidden_from"] == [] and "hidden" not in dev
    choose(page.view_as, "Regular")
    assert len(_ieds(page)) == 1  # now shown to both
    doc.undo_stack.undo()  # one undo step
    assert doc.get(("ieds", "devices", 0, "hidden")) is True
    assert "hidden_from" not in doc.get(("ieds", "devices", 0))
