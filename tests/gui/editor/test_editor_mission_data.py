"""Issue 11 in the mission editor: the victory levels' outcomes and the two limits are edited
on the settings tab, and the Problems dock shows the loader's warnings as warnings, every
place in the designer's words."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from ambush_gui import systems
from ambush_gui.ambush.mission import Mission, Outcome
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap.page import MissionPage, new_mission_data
from ambush_gui.gui.editor.window import EditorWindow
from ambush_gui.gui.shared import theme

FORMAT1 = Path(__file__).resolve().parents[2] / "ambush" / "format1"


def page_for(qtbot: QtBot, doc: EditorDocument) -> MissionPage:
    page = MissionPage(doc)
    qtbot.addWidget(page)
    page.resize(1600, 950)
    page.show()
    qtbot.waitExposed(page)
    return page


def outcome_box(page: MissionPage, row: int) -> QComboBox:
    box = page.settings.levels.cellWidget(row, 2)
    assert isinstance(box, QComboBox)
    return box


def test_the_outcomes_and_limits_are_edited_on_the_settings_tab(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    s = page.settings
    assert [outcome_box(page, r).currentData() for r in range(3)] == ["us", "draw", "german"]
    box = outcome_box(page, 1)  # "Draw: the farm is taken, at a price" made a US win
    box.setCurrentIndex(box.findData("us"))
    assert doc.get(("victory", "levels", 1, "outcome")) == "us"
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Victory level 2: US wins"
    s.turn_limit.setValue(12)
    s.round_limit.setValue(4)
    m = Mission.from_data(copy.deepcopy(doc.data))
    assert m.spec.victory.levels[1].outcome is Outcome.US
    assert (m.spec.operations_turn_limit, m.spec.round_limit) == (12, 4)
    doc.undo_stack.undo()
    assert s.round_limit.value() == 30 and "round_limit" not in doc.data


def test_a_new_mission_and_a_new_level_carry_an_outcome(qtbot: QtBot) -> None:
    doc = EditorDocument(new_mission_data(6, 5, "Test Farm"))
    page = page_for(qtbot, doc)
    assert doc.get(("format",)) == 2
    page.settings.add_level()
    assert [lv["outcome"] for lv in doc.get(("victory", "levels"))] == ["us", "german", "german"]
    assert (page.settings.turn_limit.value(), page.settings.round_limit.value()) == (60, 30)


def test_a_format_1_level_shows_the_outcome_loading_infers(qtbot: QtBot) -> None:
    doc = EditorDocument.open(FORMAT1 / "ambush-hedgerow.toml")
    page = page_for(qtbot, doc)
    assert [outcome_box(page, r).currentData() for r in range(4)] == ["us", "us", "draw", "german"]
    assert "Not written" in outcome_box(page, 0).toolTip()
    assert "outcome" not in doc.get(("victory", "levels", 0))  # shown, not written


def editor(qtbot: Any, path: Path) -> EditorWindow:
    win = EditorWindow()
    qtbot.addWidget(win)
    win.show()
    assert win.open_path(path)
    return win


def test_the_problems_dock_shows_warnings_as_warnings(qtbot: Any, tmp_path: Path) -> None:
    old = tmp_path / "old.toml"
    shutil.copy(FORMAT1 / "ambush-hedgerow.toml", old)
    win = editor(qtbot, old)
    assert win.doc is not None
    plist = win.problem_list
    assert plist.problems == [] and "No problems: it plays." in plist.header.text()
    assert "5 warnings" in plist.header.text()
    texts = [plist.list.item(i).text() for i in range(plist.list.count())]
    assert texts[0].startswith("⚠ warning: victory level 1 (Decisive victory: Saint-Aubin is "
                               'open): format 1 file, no outcome: taken as outcome = "us"')
    assert "⚠ warning: paragraph 29, option 1: scores 1 and can be read again" in texts[-1]
    assert plist.list.item(0).foreground().color() == theme.WARNING


def test_problems_come_first_in_the_designer_s_words(qtbot: Any) -> None:
    win = editor(qtbot, systems.resolve("ambush-tutorial"))
    assert win.doc is not None
    win.doc.set(("germans", 1, "ar"), 7)
    win.check()
    plist = win.problem_list
    texts = [plist.list.item(i).text() for i in range(plist.list.count())]
    assert texts == ["German 2: ar = 7: the AR Track has no column for Action Rating 7; "
                     "expected 1-6 (AR-041)"]
    assert plist.problems == [("germans[1].ar", texts[0].split(": ", 1)[1])]
    assert "1 problem" in plist.header.text()
    win.doc.undo_stack.undo()  # leave the window clean: closing it then asks nothing
    win.check()
    assert plist.problems == [] and win.doc.undo_stack.isClean()
