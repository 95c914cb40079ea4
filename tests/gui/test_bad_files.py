"""Files that cannot hurt the window (issue 12): any file the window cannot open gets a message
box, never a crash; default file names are made safe from a scenario's free-text name; and an
editor recovery copy never chooses where Ctrl+S writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QFileDialog, QMessageBox  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.alley.scenario import Scenario  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.core.files import read_data  # noqa: E402
from ambush_gui.gui.app import Session  # noqa: E402
from ambush_gui.gui.editor import document as editor_document  # noqa: E402
from ambush_gui.gui.editor import window as editor_window  # noqa: E402
from ambush_gui.gui.editor.window import EditorWindow  # noqa: E402
from ambush_gui.gui.launcher import Launcher  # noqa: E402
from ambush_gui.gui.shared import controller as shared_controller  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

CT = systems.resolve("contracting-trouble")
HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The warning boxes shown (title and text), instead of showing them."""
    seen: list[str] = []

    def warn(parent: Any, title: str, text: str, *args: Any) -> QMessageBox.StandardButton:
        seen.append(f"{title}\n{text}")
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard))
    return seen


def deep_json(tmp_path: Path) -> Path:
    p = tmp_path / "deep.json"
    p.write_text('{"format": "ambush-gui-save", "decisions": ' + "[" * 100_000 + "]" * 100_000 + "}")
    return p


def nan_scenario(tmp_path: Path) -> Path:
    data = read_data(CT)
    data["table"]["pieces"][0]["rect"] = [1, 1, float("nan"), 2]
    p = tmp_path / "nan.toml"
    p.write_text(tomli_w.dumps(data))  # TOML writes nan as it is
    return p


def table_window(qtbot: Any, scenario: Any = None) -> MainWindow:
    scenario = scenario or systems.load_scenario(CT)
    win = MainWindow(GameController(systems.new_game(scenario, 3), HOTSEAT, delay_ms=0))
    qtbot.addWidget(win)
    win.start()
    return win


# -- a message box, never a crash ----------------------------------------------------------------


def test_the_launcher_s_bad_save_gets_a_box(qtbot: Any, tmp_path: Path, boxes: list[str]) -> None:
    assert Session().open_save(deep_json(tmp_path)) is None
    assert len(boxes) == 1 and boxes[0].startswith("Cannot open this game") and "nest" in boxes[0]


def test_the_launcher_s_bad_scenario_gets_a_box(qtbot: Any, tmp_path: Path, boxes: list[str]) -> None:
    assert Session().new_game(nan_scenario(tmp_path)) is None
    assert boxes[0].startswith("Cannot start this scenario") and "finite number" in boxes[0]


def test_any_failure_of_loading_a_save_gets_a_box(qtbot: Any, tmp_path: Path, boxes: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Not only the program's own input errors: a fault the checks missed is a box too."""
    game = systems.new_game(systems.load_scenario(CT), 3)
    saved = tmp_path / "ok.json"
    saves.save(game, saved)

    def broken(path: Path) -> Any:
        raise KeyError("a fault the checks missed")

    monkeypatch.setattr("ambush_gui.gui.app.load_game", broken)
    assert Session().open_save(saved) is None
    assert "cannot be used" in boxes[0] and "KeyError" in boxes[0]
    monkeypatch.setattr(shared_controller, "load_game", broken)
    win = table_window(qtbot)
    before = win.controller.game
    assert not win.open_path(saved)
    assert win.controller.game is before and "KeyError" in boxes[1]


def test_the_game_window_s_open_gets_a_box(qtbot: Any, tmp_path: Path, boxes: list[str]) -> None:
    win = table_window(qtbot)
    before = win.controller.game
    assert not win.open_path(deep_json(tmp_path))
    assert win.controller.game is before and boxes[0].startswith("Cannot open this game")
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\xff\xfe{")
    assert not win.open_path(junk) and "UTF-8" in boxes[1]


def test_the_editor_s_open_gets_a_box(qtbot: Any, tmp_path: Path, boxes: list[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    win = EditorWindow()
    qtbot.addWidget(win)
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    assert not win.open_path(deep) and win.doc is None
    assert boxes[0].startswith("Cannot open this file") and "nest" in boxes[0]

    def broken(path: Any) -> Any:
        raise AttributeError("a fault the checks missed")

    monkeypatch.setattr(editor_document.EditorDocument, "open", staticmethod(broken))
    assert not win.open_path(CT) and win.doc is None and "AttributeError" in boxes[1]


def test_the_editor_s_page_failing_on_a_draft_gets_a_box(qtbot: Any, boxes: list[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def page(system: str) -> Any:
        raise TypeError("the page cannot show this draft")

    monkeypatch.setattr(editor_window, "page_class", page)
    win = EditorWindow()
    qtbot.addWidget(win)
    assert not win.open_path(CT) and win.doc is None and "TypeError" in boxes[0]


def test_the_launcher_lists_an_unreadable_recent_game(tmp_path: Path) -> None:
    assert Launcher._describe(deep_json(tmp_path)) == "unreadable"
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"scenario": {"title": "\x1b[2Jevil\x07" + "x" * 500}, "decisions": []}))
    said = Launcher._describe(odd)
    assert "\x1b" not in said and "\\x1b" in said and len(said) < 100


# -- paths only from the user ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["../../x", "/etc/x", "a/../../b", "..", "\x1b[2J\x07", "C:\\evil"])
def test_save_as_proposes_a_safe_name_in_the_saves_folder(qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                                         name: str) -> None:
    data = read_data(CT)
    data["name"] = name
    win = table_window(qtbot, Scenario.from_data(data, "named.toml"))
    proposed: list[str] = []

    def dialog(parent: Any, title: str, start: str, *a: Any) -> tuple[str, str]:
        proposed.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    assert not win.save_as()
    start = Path(proposed[0])
    assert start.parent == paths.saves_dir()
    assert ".." not in start.name and "/" not in start.name and "\\" not in start.name
    assert start.name.isprintable() and start.suffix == ".json"


def test_the_editor_s_save_as_proposes_a_safe_name(qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                                   boxes: list[str]) -> None:
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.open_path(CT) and win.doc is not None
    win.doc.set(("name",), "../../../etc/passwd")
    proposed: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda parent, title, start, *a: (proposed.append(start), "")[1:] * 2))
    assert not win.save_as()
    start = Path(proposed[0])
    assert start.parent == editor_window.user_scenarios_dir() and start.name == "etc-passwd.toml"


def test_a_recovery_copy_s_path_never_decides_where_ctrl_s_writes(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, boxes: list[str]) -> None:
    target = tmp_path / "victim.toml"
    target.write_text("precious = true\n")
    copy = editor_window.recovery_dir() / "left-by-a-crash.toml"
    data = read_data(CT)
    copy.write_text(tomli_w.dumps({"recovery": {"title": "Trap\x1b[2J", "path": str(target)}, "data": data}))
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda p, t, text, *a: (asked.append(text),
                                                             QMessageBox.StandardButton.Yes)[1]))
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.offer_recovery() and win.doc is not None
    assert win.doc.path is None  # what the copy says is shown, and used for nothing else
    assert "victim.toml" in asked[0] and "\x1b" not in asked[0]
    dialogs: list[str] = []
    chosen = tmp_path / "chosen.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda p, t, start, *a: (dialogs.append(start), (str(chosen), ""))[1]))
    assert win.save()  # Ctrl+S: asks where, once
    assert len(dialogs) == 1 and Path(dialogs[0]).parent == editor_window.user_scenarios_dir()
    assert target.read_text() == "precious = true\n" and chosen.is_file()
    win.doc.set(("title",), "Changed again")
    assert win.save() and len(dialogs) == 1  # the path the user chose this session
    assert read_data(chosen)["title"] == "Changed again"


def test_a_recovery_copy_the_pages_cannot_show_gets_a_box(qtbot: Any, boxes: list[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    copy = editor_window.recovery_dir() / "odd.toml"
    copy.write_text('[recovery]\ntitle = "Odd"\n[data]\nsystem = "alley"\ntable = 7\n')
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))

    def page(system: str) -> Any:
        raise TypeError("the page cannot show this draft")

    monkeypatch.setattr(editor_window, "page_class", page)
    win = EditorWindow()
    qtbot.addWidget(win)
    assert not win.offer_recovery() and win.doc is None
    assert boxes[0].startswith("Cannot restore the unsaved work") and not copy.exists()
