"""Ctrl+Q (File > Quit) and the window's close button ask once before a game window, the
campaign's or an editor with unsaved work goes, unless nothing would be lost; Enter
quits, Esc keeps playing. A play-test's Ctrl+Q ended a game without a word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtGui import QAction, QCloseEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.gui.app import Session  # noqa: E402
from ambush_gui.gui.shared.game_window import GameWindow  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CONTRACTING = ROOT / "tests/alley/golden/contracting-trouble-ai-1.json"
HEDGEROW = ROOT / "tests/ambush/format1/ambush-hedgerow-ai-1.json"


class ClosedByHand(QCloseEvent):
    """The close button's event: the desktop's, spontaneous (the offscreen platform sends
    none of its own)."""

    def spontaneous(self) -> bool:  # type: ignore[override]
        return True


def answered_with(key: Qt.Key) -> list[str]:
    """Press ``key`` in the next message box that comes up; the texts it showed."""
    said: list[str] = []

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        said.append(box.text())
        QTest.keyClick(box, key)

    QTimer.singleShot(0, press)
    return said


def unfinished(qtbot: Any, tmp_path: Path, source: Path, seats: dict[str, str]) -> GameWindow:
    """A game ten decisions in, opened from its save, its seats people's."""
    path = tmp_path / f"{source.stem}-10.json"
    saves.save(saves.replay(source, systems.factory, upto=10), path, seats)
    win = Session().open_save(path)
    assert win is not None
    qtbot.addWidget(win)
    win.controller.set_speed(0)
    return win


def ctrl_q(win: Any) -> None:
    """File > Quit, the action Ctrl+Q is bound to (QKeySequence.Quit: the offscreen
    platform binds no key to it, the desktops Ctrl+Q)."""
    next(a for a in win.findChildren(QAction) if a.text() == "&Quit").trigger()


@pytest.mark.parametrize(("source", "seats"), [
    (CONTRACTING, {"regular": "human", "insurgent": "human"}),  # the table
    (HEDGEROW, {"us": "human"}),  # the hex map
])
def test_ctrl_q_asks_once_esc_keeps_playing_and_enter_quits(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: Path,
        seats: dict[str, str]) -> None:
    quits: list[bool] = []
    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: quits.append(True)))
    win = unfinished(qtbot, tmp_path, source, seats)
    said = answered_with(Qt.Key.Key_Escape)
    ctrl_q(win)  # opened, not played on: its own file holds it
    assert said == [f"Quit the game? It is saved in {source.stem}-10.json: Recent games on the "
                    "launcher opens it again where it stands."]
    assert win.isVisible() and not quits  # Esc: the game goes on
    d = win.controller.pending()
    assert d is not None
    win.controller.answer(d.options[0])  # played on: the autosave holds it
    said = answered_with(Qt.Key.Key_Escape)
    ctrl_q(win)
    assert said == ["Quit the game? It is saved: Continue on the launcher goes on from where "
                    "it stands."]
    said = answered_with(Qt.Key.Key_Return)
    ctrl_q(win)
    assert len(said) == 1  # asked once, not again as the window closed
    assert not win.isVisible() and quits == [True]


def test_the_close_button_asks_as_ctrl_q_does(qtbot: Any, tmp_path: Path) -> None:
    win = unfinished(qtbot, tmp_path, CONTRACTING, {"regular": "human", "insurgent": "human"})
    said = answered_with(Qt.Key.Key_Escape)
    event = ClosedByHand()
    win.closeEvent(event)
    assert len(said) == 1 and "Quit the game?" in said[0]
    assert not event.isAccepted()
    said = answered_with(Qt.Key.Key_Return)
    event = ClosedByHand()
    win.closeEvent(event)
    assert len(said) == 1 and event.isAccepted()
    win.close()


def test_a_finished_game_saved_quits_without_asking(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: None))
    win = Session().open_save(CONTRACTING)
    assert win is not None
    qtbot.addWidget(win)
    assert win.controller.played.over
    assert win.quit_question() == ""
    said = answered_with(Qt.Key.Key_Escape)
    ctrl_q(win)
    assert not win.isVisible()
    QApplication.processEvents()
    assert said == []
    box = QApplication.activeModalWidget()  # the timer's press found no box: none is left
    assert box is None


def test_a_campaign_mission_asks_and_keeps_the_mission_when_told_to(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mission's close button, Esc: the mission window stays, and the campaign still
    holds it (the campaign was told it closed before the window had asked); Enter: back
    to the campaign window. The campaign's own Ctrl+Q asks too."""
    import ambush_gui.ambush.campaign as engine
    from ambush_gui.gui.campaign import window as cw
    from ambush_gui.gui.shared.pacing import Pace
    from tests.gui.campaign.test_campaign_flow import CAMPAIGN, three_answers_in

    path = tmp_path / "two-farms.toml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    monkeypatch.setattr(engine, "shipped", lambda: [path])
    monkeypatch.setattr(cw, "saved_pace", lambda: Pace.INSTANT)
    win, mission = three_answers_in(qtbot, path)
    said = answered_with(Qt.Key.Key_Escape)
    event = ClosedByHand()
    mission.closeEvent(event)
    assert len(said) == 1 and said[0].startswith("Quit the mission?")
    assert "saved in the campaign" in said[0]
    assert not event.isAccepted() and win.mission_window is mission
    said = answered_with(Qt.Key.Key_Return)
    mission.closeEvent(ClosedByHand())
    assert len(said) == 1 and win.mission_window is None
    mission.hide()
    said = answered_with(Qt.Key.Key_Escape)
    ctrl_q(win)
    assert len(said) == 1 and said[0].startswith("Quit the campaign?")
    assert win.isVisible()
    said = answered_with(Qt.Key.Key_Return)
    ctrl_q(win)
    assert len(said) == 1 and not win.isVisible()


def test_the_editor_with_unsaved_work_asks_save_discard_or_cancel(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+Q in the editor asks about the unsaved scenario: Esc is Cancel (it stays)."""
    from ambush_gui.gui.editor.document import EditorDocument
    from ambush_gui.gui.editor.window import EditorWindow

    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: None))
    win = EditorWindow(EditorDocument.open(systems.resolve("contracting-trouble")))
    qtbot.addWidget(win)
    win.show()
    assert win.doc is not None
    win.doc.set(("title",), "Changed")
    assert win.doc.is_dirty()
    said = answered_with(Qt.Key.Key_Escape)
    ctrl_q(win)
    assert len(said) == 1 and "not saved" in said[0]
    monkeypatch.setattr(win, "maybe_save", lambda: True)  # closed without asking at the end
    assert win.isVisible()
    win.close()


def test_quit_in_a_game_does_not_end_the_program_under_an_editor_that_kept_its_work(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's File > Quit closes every window; the editor behind it, asked about its
    unsaved scenario, is told Cancel (Esc): the program goes on with the editor open (it
    quit anyway, and the scenario's changes were gone)."""
    from ambush_gui.gui.editor.document import EditorDocument
    from ambush_gui.gui.editor.window import EditorWindow

    quits: list[bool] = []
    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: quits.append(True)))
    editor = EditorWindow(EditorDocument.open(systems.resolve("contracting-trouble")))
    qtbot.addWidget(editor)
    editor.show()
    assert editor.doc is not None
    editor.doc.set(("title",), "Changed")
    game = Session().new_game(systems.resolve("contracting-trouble"), "hotseat", 3)
    assert game is not None
    qtbot.addWidget(game)
    said = answered_with(Qt.Key.Key_Escape)
    ctrl_q(game)  # no decision made: nothing to ask of the game
    monkeypatch.setattr(editor, "maybe_save", lambda: True)  # closed without asking at the end
    assert len(said) == 1 and "not saved" in said[0]
    assert not game.isVisible() and editor.isVisible() and not quits
    editor.close()
