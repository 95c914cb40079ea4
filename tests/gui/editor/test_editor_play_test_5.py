"""A new designer's play-test: File ▸ Close of an editor opened from the launcher went out
of the program instead of back to the launcher; the Problems list said "ready to play" of
a scenario in which nothing scores; the welcome page listed only the shipped files."""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from ambush_gui import systems
from ambush_gui.core.files import read_data
from ambush_gui.gui.app import Session
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.window import EditorWindow
from ambush_gui.gui.launcher import Launcher
from ambush_gui.gui.shared import paths

CT = systems.resolve("contracting-trouble")
NOTHING_SCORES = ("Nothing scores: every game will end in a draw; add an award ([[victory.awards]]; "
                  "in the editor, What scores)")


def _answer(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda _p, title, *a, **k: asked.append(title) or button))
    return asked


def _editor_from_launcher(qtbot: Any) -> tuple[Session, EditorWindow]:
    session = Session()
    session.launcher()
    dlg = session.launcher_window
    assert isinstance(dlg, Launcher)
    qtbot.addWidget(dlg)
    dlg.editor.click()
    editor = next(w for w in session.windows if isinstance(w, EditorWindow))
    assert editor.isVisible() and not dlg.isVisible()
    return session, editor


def _ctrl_w(qtbot: Any, editor: EditorWindow) -> None:
    editor.activateWindow()
    qtbot.waitUntil(lambda: editor.windowHandle() is not None)
    QTest.keyClick(editor.windowHandle(), Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)


def test_close_of_an_editor_opened_from_the_launcher_goes_back_to_it(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    session, editor = _editor_from_launcher(qtbot)
    _ctrl_w(qtbot, editor)
    assert not editor.isVisible()
    back = session.launcher_window
    assert isinstance(back, Launcher) and back.isVisible()


def test_close_still_asks_about_unsaved_changes_first(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    session, editor = _editor_from_launcher(qtbot)
    first = session.launcher_window
    editor.set_document(EditorDocument(read_data(CT), None))
    assert editor.doc is not None
    editor.doc.set(("title",), "Changed")
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    editor.close_action.trigger()
    assert asked == ["Unsaved changes"] and editor.isVisible()
    assert session.launcher_window is first and not first.isVisible()  # type: ignore[union-attr]
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Discard)
    editor.close_action.trigger()
    assert asked == ["Unsaved changes"] and not editor.isVisible()
    assert session.launcher_window is not first and session.launcher_window.isVisible()  # type: ignore[union-attr]


def test_quit_from_the_editor_does_not_bring_the_launcher_back(qtbot: Any) -> None:
    session, editor = _editor_from_launcher(qtbot)
    first = session.launcher_window
    editor.quit()
    assert not editor.isVisible()
    assert session.launcher_window is first and not first.isVisible()  # type: ignore[union-attr]


def test_an_editor_opened_alone_just_closes(qtbot: Any) -> None:
    session = Session()
    editor = session.editor()
    qtbot.addWidget(editor)
    editor.close_action.trigger()
    assert not editor.isVisible() and session.launcher_window is None


@pytest.mark.parametrize("victory", [{"awards": []},
                                     {"awards": [{"side": "regular", "event": "enemy_killed",
                                                  "points": 0}]}])
def test_a_scenario_in_which_nothing_scores_gets_a_warning(qtbot: Any, victory: dict[str, Any]) -> None:
    data = read_data(CT)
    data["victory"] = victory
    data["format"] = 2
    doc = EditorDocument(data, None)
    assert doc.problems() == []  # the rules allow it: a warning, not a problem
    assert ("victory", NOTHING_SCORES) in doc.warnings()
    win = EditorWindow(doc)
    qtbot.addWidget(win)
    plist = win.problem_list
    header = plist.header.text()  # it plays, but not "ready to play" over a draw every game
    assert "No problems: it plays" in header and "1 warning" in header, header
    assert "ready to play" not in header
    texts = [plist.list.item(i).text() for i in range(plist.list.count())]
    assert len(texts) == 1 and texts[0].startswith("⚠ warning: ") and NOTHING_SCORES in texts[0]


def test_a_scenario_that_scores_has_no_such_warning() -> None:
    assert not [w for w in EditorDocument(read_data(CT), None).warnings() if "Nothing scores" in w[1]]


def test_the_welcome_page_lists_the_designers_own_files(qtbot: Any) -> None:
    shutil.copy(CT, paths.user_scenarios_dir() / "my-trouble.toml")
    win = EditorWindow()
    qtbot.addWidget(win)
    from PySide6.QtWidgets import QPushButton

    buttons = [b for b in win.welcome.findChildren(QPushButton) if "my-trouble.toml" in b.text()]
    assert len(buttons) == 1 and "Ambush Alley scenario" in buttons[0].text()
    buttons[0].click()
    assert win.doc is not None and win.doc.path == paths.user_scenarios_dir() / "my-trouble.toml"


def test_close_of_the_editor_started_by_ambush_gui_edit_opens_the_launcher(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: `ambush-gui edit`, then File ▸ Close, left the program; the manual says
    Close takes you back to the launcher."""
    from PySide6.QtWidgets import QApplication

    from ambush_gui.gui import app

    made: list[Session] = []
    real = app.Session

    def session() -> Session:
        made.append(real())
        return made[-1]

    monkeypatch.setattr(app, "Session", session)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    assert app.run_editor() == 0
    editor = next(w for w in made[0].windows if isinstance(w, EditorWindow))
    qtbot.addWidget(editor)
    _ctrl_w(qtbot, editor)
    assert not editor.isVisible()
    back = made[0].launcher_window
    assert isinstance(back, Launcher) and back.isVisible()
    qtbot.addWidget(back)


def test_the_welcome_page_calls_a_table_scenario_with_modules_force_on_force(qtbot: Any) -> None:
    """Play-test: the welcome page listed The Orchard Battery as an "Ambush Alley
    scenario", which the launcher's card calls Force on Force."""
    from PySide6.QtWidgets import QPushButton

    shutil.copy(systems.resolve("the-orchard-battery"), paths.user_scenarios_dir() / "my-orchard.toml")
    win = EditorWindow()
    qtbot.addWidget(win)
    texts = [b.text() for b in win.welcome.findChildren(QPushButton)]
    mine = [t for t in texts if "my-orchard.toml" in t]
    assert len(mine) == 1 and "Force on Force scenario" in mine[0], mine
    shipped = [t for t in texts if "Orchard Battery" in t and "my-orchard" not in t]
    assert shipped and all("Force on Force scenario" in t for t in shipped), shipped
    assert any("Contracting Trouble" in t and "Ambush Alley scenario" in t for t in texts)
