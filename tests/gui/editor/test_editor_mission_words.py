"""The mission editor speaks the designer's language (a play-test, s8): a file with a
simple mistake opens with the mistake in the Problems list, never a Python error; a
playable mission that misbehaves is warned of; every independent problem shows at once;
places are said as the designer wrote them; an option's default text follows what it does."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from ambush_gui.ambush.mission import SCENARIOS
from ambush_gui.gui.editor.window import EditorWindow

TUTORIAL = SCENARIOS / "ambush-tutorial.toml"


def tutorial() -> dict[str, Any]:
    return tomllib.loads(TUTORIAL.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict[str, Any], name: str = "m2.toml") -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    def warn(parent: Any, title: str, text: str, *args: Any) -> QMessageBox.StandardButton:
        seen.append(f"{title}\n{text}")
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a: QMessageBox.StandardButton.Discard))
    return seen


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


# every place the mission page reads a number or a hex from the file, with text or a
# number where the other belongs: the page shows the file, the Problems list says what
WRONG = [
    (("germans", 0, "ar"), "two"),
    (("germans", 0, "number"), "one"),
    (("squad", 0, "mpa"), "six"),
    (("map", "width"), "eight"),
    (("map", "height"), [6]),
    (("paragraphs", 0, "number"), "1"),
    (("paragraphs", 0, "number"), [1]),
    (("victory", "levels", 0, "min"), "lots"),
    (("operations_turn_limit",), "sixty"),
    (("squad", 0, "enters"), [1]),
    (("end", "exit_hexes"), [5]),
    (("map", "areas", "approach"), [5]),
    (("card", "checks", 0, "at"), [5]),
]


@pytest.mark.parametrize(("path", "value"), WRONG, ids=[".".join(map(str, p)) + f"={v!r}" for p, v in WRONG])
def test_a_wrong_value_opens_with_its_problem_listed(qtbot: QtBot, tmp_path: Path, warnings: list[str],
                                                     path: tuple[Any, ...], value: Any) -> None:
    """File ▸ Open said "loading it failed (ValueError: invalid literal for int() with base
    10: 'two')" of ``ar = "two"``; validate said it well. The editor opens the file and its
    Problems list says what validate says."""
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.open_path(write(tmp_path, _set(tutorial(), path, value))), warnings
    assert not warnings
    assert win.problem_list.problems, "the mistake is listed"
    shown = [win.problem_list.list.item(i).text() for i in range(win.problem_list.list.count())]
    assert not any("Error" in s or "invalid literal" in s for s in shown), shown


def test_the_ar_mistake_is_said_as_validate_says_it(qtbot: QtBot, tmp_path: Path,
                                                    warnings: list[str]) -> None:
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.open_path(write(tmp_path, _set(tutorial(), ("germans", 0, "ar"), "two")))
    shown = [win.problem_list.list.item(i).text() for i in range(win.problem_list.list.count())]
    assert "German 1: ar needs a whole number (got 'two')" in shown


def test_a_page_that_cannot_show_a_file_is_refused_in_the_loaders_words(
        qtbot: QtBot, tmp_path: Path, warnings: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Should a page still meet a value it cannot show, the refusal says validate's words,
    not the Python error."""
    from ambush_gui.gui.editor import window as editor_window

    def broken(system: str) -> Any:
        def page(*args: Any) -> Any:
            raise ValueError("invalid literal for int() with base 10: 'two'")
        return page

    monkeypatch.setattr(editor_window, "page_class", broken)
    win = EditorWindow()
    qtbot.addWidget(win)
    assert not win.open_path(write(tmp_path, _set(tutorial(), ("germans", 0, "ar"), "two")))
    assert len(warnings) == 1
    assert "German 1: ar needs a whole number (got 'two')" in warnings[0]
    assert "invalid literal" not in warnings[0]


def test_an_options_default_text_follows_what_it_does(qtbot: QtBot) -> None:
    """After choosing "go to paragraph" the option still read "Nothing happens.", and the
    booklet read "► • Nothing happens." on the way to ¶67. The editor's own text follows the
    actions; the designer's own text is left alone; one Undo takes both back."""
    from ambush_gui.gui.editor.document import EditorDocument
    from ambush_gui.gui.editor.hexmap.page import MissionPage, new_mission_data

    doc = EditorDocument(new_mission_data(6, 4, "Words"))
    page = MissionPage(doc)
    qtbot.addWidget(page)
    pe = page.paragraphs
    for _ in range(2):
        pe.add_button.click()
    pe.select(0, 0)
    assert doc.get(("paragraphs", 0, "options", 0, "text")) == "Nothing happens."
    box = pe.act_rows[0].verb
    box.setCurrentIndex(box.findData("goto"))
    box.activated.emit(box.currentIndex())
    pe.act_rows[0].number.setValue(2)
    option = doc.get(("paragraphs", 0, "options", 0))
    assert option == {"text": "Go to paragraph 2.", "do": [{"goto": 2}]}
    assert pe.option_text.text() == "Go to paragraph 2."
    doc.undo_stack.undo()
    assert doc.get(("paragraphs", 0, "options", 0)) == {"text": "Go to paragraph 1.", "do": [{"goto": 1}]}

    pe.option_text.setText("He runs for the barn.")  # the designer's words stay his
    pe.option_text.editingFinished.emit()
    pe.act_rows[0].number.setValue(2)
    assert doc.get(("paragraphs", 0, "options", 0)) == {"text": "He runs for the barn.", "do": [{"goto": 2}]}


def test_a_number_box_whose_file_holds_words_is_framed_and_says_so(qtbot: QtBot, tmp_path: Path,
                                                                  warnings: list[str]) -> None:
    """The AR box of ``ar = "two"`` showed its lowest value as if the file said it."""
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.open_path(write(tmp_path, _set(tutorial(), ("germans", 0, "ar"), "two")))
    box = win.page.germans.ratings["ar"]
    assert "border" in box.styleSheet() and "'two'" in box.toolTip()
    box.setValue(3)  # typed: the file holds a number, the frame goes
    qtbot.waitUntil(lambda: win.doc.get(("germans", 0, "ar")) == 3, timeout=2000)
    assert not box.styleSheet() and "'two'" not in box.toolTip()
