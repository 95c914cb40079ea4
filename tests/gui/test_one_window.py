"""One game window at a time: File > New game (once the launcher has picked) replaces
the current window, its game kept in a save; Quit quits the application."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.gui.app import Session  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.game_window import GameWindow, recent_games  # noqa: E402

SCENARIO = systems.resolve("contracting-trouble")


def play_some(qtbot: Any, win: GameWindow, n: int = 3) -> None:
    c = win.controller
    c.set_speed(0)
    for _ in range(n):
        qtbot.waitUntil(lambda: c.pending() is not None and not c.busy)
        d = c.pending()
        assert d is not None
        c.answer(d.options[0])


def test_new_game_replaces_the_window_and_keeps_the_old_game(qtbot: Any) -> None:
    session = Session()
    old = session.new_game(SCENARIO, "hotseat", 3)
    assert old is not None
    qtbot.addWidget(old)
    play_some(qtbot, old)
    decisions = list(old.controller.game.decisions)
    old.newGameRequested.emit()
    dlg = session.launcher_window
    assert dlg is not None and dlg.isVisible()
    dlg.newGame.emit(str(SCENARIO), "hotseat", 5)
    assert not dlg.isVisible()
    assert len(session.windows) == 1
    new = session.windows[0]
    assert isinstance(new, GameWindow) and new is not old
    qtbot.addWidget(new)
    assert new.controller.game.seed == 5
    assert not old.isVisible()
    kept = [p for p in paths.saves_dir().glob("*.json")]
    assert len(kept) == 1
    assert saves.read(kept[0]).decisions == decisions
    assert str(kept[0]) in recent_games()
    assert "saved to" in new.statusBar().currentMessage()
    new.close()


def test_quit_quits_the_application(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session()
    a = session.new_game(SCENARIO, "hotseat", 3)
    b = session.new_game(SCENARIO, "hotseat", 4)  # two windows, as an editor's Play would
    assert a is not None and b is not None
    qtbot.addWidget(a)
    qtbot.addWidget(b)
    quits: list[bool] = []
    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: quits.append(True)))
    quit_action = next(x for x in b.findChildren(type(b.undo_action)) if x.text() == "&Quit")
    quit_action.trigger()
    assert quits == [True]
    assert not a.isVisible() and not b.isVisible()


def test_the_window_takes_the_focus_when_shown(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Activated once shown (the offscreen platform does not activate windows: the call
    is what is checked here; under Xvfb, Ctrl+O works at once)."""
    shown: list[tuple[str, bool]] = []
    monkeypatch.setattr(GameWindow, "activateWindow",
                        lambda self: shown.append(("activate", self.isVisible())))
    session = Session()
    win = session.new_game(SCENARIO, "hotseat", 3)
    assert win is not None
    qtbot.addWidget(win)
    assert shown == [("activate", True)]
    win.close()


def _menu_action(win: GameWindow, text: str) -> Any:
    return next(x for x in win.findChildren(type(win.undo_action)) if x.text() == text)


def test_new_game_twice_then_continue_leaves_one_window(qtbot: Any) -> None:
    """Issue 29, defect 7: File > New game, and again (the first launcher hidden behind
    the window), then Continue in each launcher still open: the first replaced the window,
    the second replaced the same window again, and two windows played the same game (and
    File > Quit left the process running). One launcher is open at a time; one window
    plays the game, the continued Ambush! mission seated as it is, one person's."""
    from PySide6.QtCore import Qt

    session = Session()
    first = session.new_game(systems.resolve("ambush-hedgerow"), "solo", 7)
    assert first is not None
    qtbot.addWidget(first)
    play_some(qtbot, first, 1)
    launchers = []
    for _ in range(2):
        _menu_action(first, "&New game…").trigger()
        launchers.append(session.launcher_window)
    for dlg in launchers:
        qtbot.addWidget(dlg)
    for dlg in reversed(launchers):  # the one on top, then any left behind it
        if dlg.isVisible():
            qtbot.mouseClick(dlg.cont, Qt.MouseButton.LeftButton)
    games = [w for w in session.windows if isinstance(w, GameWindow) and w.isVisible()]
    for w in games:
        qtbot.addWidget(w)
    assert len(games) == 1 and games[0] is not first
    assert not any(dlg.isVisible() for dlg in launchers)
    assert list(games[0].controller.seats) == ["us"]  # no curtain for a German "player"
    games[0].close()


QUIT = """
import sys
from PySide6.QtCore import QTimer
from ambush_gui import systems
from ambush_gui.gui.app import Session, application

app = application()
session = Session()
a = session.new_game(systems.resolve("ambush-hedgerow"), "solo", 7)
a.newGameRequested.emit()  # the launcher open too
b = session.new_game(systems.resolve("ambush-tutorial"), "solo", 3)  # as an editor's Play would
quit_ = next(x for x in b.findChildren(type(b.undo_action)) if x.text() == "&Quit")
QTimer.singleShot(0, quit_.trigger)
code = app.exec()
print("left open:", [w.windowTitle() for w in app.topLevelWidgets() if w.isVisible()])
sys.exit(code)
"""


def test_quit_ends_the_process_with_every_window(tmp_path: Any) -> None:
    """Issue 29, defect 7: File > Quit in one of several windows ends the program: every
    window closes and the process exits."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "AMBUSH_GUI_DATA": str(tmp_path / "d"),
           "XDG_CONFIG_HOME": str(tmp_path / "c")}
    done = subprocess.run([sys.executable, "-c", QUIT], env=env, capture_output=True, text=True,
                          timeout=120, cwd=str(systems.resolve("ambush-hedgerow").parents[1]))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "left open: []" in done.stdout


def test_a_new_game_after_a_quit_keeps_the_autosaved_game_in_a_file_of_its_own(qtbot: Any) -> None:
    """A play-test: a mission quit unfinished, then another scenario started from the command
    line; the one autosave took the new game and the mission was nowhere."""
    first = Session()
    old = first.new_game(SCENARIO, "hotseat", 11)  # a game no other test keeps
    assert old is not None
    qtbot.addWidget(old)
    play_some(qtbot, old)
    decisions = list(old.controller.game.decisions)
    old.close()  # quit: the autosave holds the game
    assert saves.read(paths.autosave_path()).decisions == decisions
    again = Session()  # the program started again, on another scenario
    new = again.new_game(systems.resolve("market-day"), "hotseat", 5)
    assert new is not None
    qtbot.addWidget(new)
    kept = [p for p in paths.saves_dir().glob("*.json")]
    assert len(kept) == 1 and "(autosaved)" in kept[0].name
    assert saves.read(kept[0]).decisions == decisions
    assert str(kept[0]) in recent_games()
    assert "kept in" in new.statusBar().currentMessage()
    # continuing the autosave, or a game already kept, makes no second copy
    new.close()
    third = Session()
    cont = third.open_save(paths.autosave_path())
    assert cont is not None
    qtbot.addWidget(cont)
    assert len(list(paths.saves_dir().glob("*.json"))) == 1
    cont.close()
