"""A new designer's first evening: what was being typed in a field when he pressed Ctrl+W,
Ctrl+S or Simulate was left out (a field keeps its words until it is left): Close went
without asking and threw the words away, Save wrote the file without them, Simulate
played the scenario as it stood before them. And a figure added to a garrison stepped out
of its building."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from ambush_gui import systems
from ambush_gui.core.files import read_data
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.window import EditorWindow

CT = systems.resolve("contracting-trouble")
PIECE = ("table", "pieces", 0)


def _typing(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> EditorWindow:
    """An editor on a copy of Contracting Trouble!, its first piece's label being typed (the
    field still has the keyboard: neither Tab nor Enter pressed). Unsaved changes are
    discarded when asked (the window closes at the end of the test)."""
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: QMessageBox.StandardButton.Discard))
    path = tmp_path / "trouble.toml"
    shutil.copy(CT, path)
    win = EditorWindow(EditorDocument.open(path))
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(lambda: win.windowHandle() is not None and win.isActiveWindow())
    win.page.canvas.select(PIECE)
    field = win.page.piece_form.field("label")
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    field.selectAll()
    QTest.keyClicks(field, text)
    assert win.doc is not None and win.doc.get((*PIECE, "label")) != text  # not in yet
    return win


def test_ctrl_w_while_typing_asks_before_the_words_are_lost(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    win = _typing(qtbot, tmp_path, monkeypatch, "Farmhouse")
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda _p, title, *a, **k: asked.append(title) or QMessageBox.StandardButton.Cancel))
    QTest.keyClick(win.windowHandle(), Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Unsaved changes"] and win.isVisible()
    assert win.doc is not None and win.doc.get((*PIECE, "label")) == "Farmhouse"


def test_ctrl_s_while_typing_saves_the_words(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    win = _typing(qtbot, tmp_path, monkeypatch, "Farmhouse")
    QTest.keyClick(win.windowHandle(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert read_data(tmp_path / "trouble.toml")["table"]["pieces"][0]["label"] == "Farmhouse"
    assert win.doc is not None and not win.doc.is_dirty()


def test_simulate_while_typing_plays_the_scenario_with_the_words(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    win = _typing(qtbot, tmp_path, monkeypatch, "Farmhouse")
    win.simulate_action.trigger()  # the tool bar's button takes no keyboard from the field
    assert win.sim_dialog is not None
    win.sim_dialog.close()
    assert win.doc is not None and win.doc.get((*PIECE, "label")) == "Farmhouse"
    assert "Farmhouse" in win._simulated_text


def test_figures_added_to_a_garrison_stay_in_its_building(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manual's step 8 gives the Guards in the well house three more figures: the second
    and third added stood in a row east of the last, out in the open beside the house."""
    from ambush_gui.gui.editor.table.page import new_table_data

    data = new_table_data(14, 14, "The Well House")
    data["table"]["pieces"] = [{"id": "well-house", "kind": "building", "rect": [8, 9, 3.5, 3]}]
    data["units"] = [{"id": "guards", "name": "Guards", "side": "insurgent", "tq": "d6", "morale": "d10",
                      "figures": [{"id": f"g{k}", "weapon": "rifle", "at": [8.5 + 0.8 * k, 10.5]}
                                  for k in range(3)]}]
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: QMessageBox.StandardButton.Discard))
    win = EditorWindow(EditorDocument(data, None))
    qtbot.addWidget(win)
    win.page.focus_path(("units", 0))
    for _ in range(3):
        win.page.unit_form.add_button.click()
    assert win.doc is not None
    at = [tuple(f["at"]) for f in win.doc.get(("units", 0, "figures"))]
    assert len(at) == 6 and len(set(at)) == 6
    assert all(8 <= x <= 11.5 and 9 <= y <= 12 for x, y in at), at


def test_the_next_unit_placed_does_not_take_the_last_one_s_name(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The roster form kept the name of the unit just placed: the next unit placed was a
    second "Sergeant", and a name typed for it ran on ("GuardsRPG team")."""
    from ambush_gui.gui.editor.table.page import new_table_data

    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: QMessageBox.StandardButton.Discard))
    win = EditorWindow(EditorDocument(new_table_data(14, 14, "Names"), None))
    qtbot.addWidget(win)
    win.show()
    page = win.page
    page.fit()
    roster = page.roster
    roster.name.setText("Sergeant")
    roster.count.setValue(1)
    roster.place.click()
    QTest.mouseClick(page.canvas.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, page.canvas.to_pixel((3.0, 1.0)))
    assert win.doc is not None and [u["name"] for u in win.doc.get(("units",))] == ["Sergeant"]
    assert roster.name.text() == ""
    QTest.keyClicks(roster.name, "Red team")
    roster.place.click()
    QTest.mouseClick(page.canvas.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, page.canvas.to_pixel((6.0, 1.0)))
    assert [u["name"] for u in win.doc.get(("units",))] == ["Sergeant", "Red team"]


def test_picking_a_unit_in_sight_from_the_list_leaves_the_table_where_it_is(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit picked in the Units tab's list was centred: the whole table, in view, slid
    half out of it (the Guards in the north-east corner took the south-west away)."""
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: QMessageBox.StandardButton.Discard))
    win = EditorWindow(EditorDocument(read_data(CT), None))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    page = win.page
    page.fit()
    canvas = page.canvas
    before = (canvas.horizontalScrollBar().value(), canvas.verticalScrollBar().value())
    for i in range(len(win.doc.get(("units",)))):  # type: ignore[union-attr]
        page.roster.unitClicked.emit(i)
        assert canvas.selected == ("units", i)
        assert (canvas.horizontalScrollBar().value(), canvas.verticalScrollBar().value()) == before


def test_the_units_list_counts_figures_in_words(qtbot: Any) -> None:
    """The Units tab's list read "Sergeant — Regular, 1 figure(s), TQ d8, Morale d10"."""
    from ambush_gui.gui.editor.table.forms import RosterForm

    data = read_data(CT)
    data["units"][0]["figures"] = data["units"][0]["figures"][:1]
    roster = RosterForm(EditorDocument(data, None))
    qtbot.addWidget(roster)
    roster.refresh()
    texts = [roster.list.item(i).text() for i in range(roster.list.count())]
    assert ", 1 figure, " in texts[0] and not any("figure(s)" in t for t in texts)
    assert ", 4 figures, " in texts[1], texts
