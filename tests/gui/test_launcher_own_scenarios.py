"""The launcher lists the designer's own scenarios (the editor's folder) under "Your
scenarios", says on its card why a file cannot be played, opens a scenario file saved
elsewhere, and offers a new game of a scenario file opened as a save (a play-test: a
scenario made in the editor could not be played from the launcher)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ambush_gui.gui.launcher import OPENED_FILES, Launcher
from ambush_gui.gui.shared import paths
from ambush_gui.release import SCENARIOS_DIR

SIGNAL_BOX = SCENARIOS_DIR / "the-signal-box.toml"


@pytest.fixture(autouse=True)
def no_opened_files() -> Iterator[None]:
    """No file opened before, and none left behind for the next test module (the
    launcher's card tests, run after these, found a shipped scenario listed twice)."""
    QSettings("ambush-gui", "ambush-gui").remove(OPENED_FILES)
    yield
    QSettings("ambush-gui", "ambush-gui").remove(OPENED_FILES)


def _own(tmp: Path, name: str, text: str | None = None) -> Path:
    p = paths.user_scenarios_dir() / name
    if text is None:
        shutil.copy(SIGNAL_BOX, p)
        p.write_text(p.read_text(encoding="utf-8").replace('title = "', 'title = "My ', 1),
                     encoding="utf-8")
    else:
        p.write_text(text, encoding="utf-8")
    return p


def test_the_editors_scenarios_are_listed_under_your_scenarios_and_start(qtbot: Any, tmp_path: Path) -> None:
    mine = _own(tmp_path, "mine.toml")
    dlg = Launcher()
    qtbot.addWidget(dlg)
    card = dlg.cards.cards[-1]
    assert card.info.own and card.info.path == mine and card.info.title.startswith("My ")
    assert not card.problem.isVisibleTo(card)
    assert not any(c.info.own for c in dlg.cards.cards[:-1])
    header = dlg.cards.own_header
    assert header is not None and dlg.cards.grid.indexOf(header) >= 0
    assert "Your scenarios" in header.findChildren(type(card.problem))[0].text()
    started: list[tuple[str, str, int]] = []
    dlg.newGame.connect(lambda *a: started.append(a))
    dlg.cards.activated.emit(card.index)  # a double-click on the card
    assert started and started[0][0] == str(mine)


def test_a_card_for_a_file_that_does_not_validate_says_why(qtbot: Any, tmp_path: Path) -> None:
    _own(tmp_path, "broken.toml", 'name = "broken"\ntitle = "Half done"\nsystem = "alley"\n')
    _own(tmp_path, "not-toml.toml", "this is [not toml")
    dlg = Launcher()  # no crash
    qtbot.addWidget(dlg)
    own = {c.info.path.name: c for c in dlg.cards.cards if c.info.own}
    assert set(own) == {"broken.toml", "not-toml.toml"}
    for card in own.values():
        assert card.problem.isVisibleTo(card)
        assert card.problem.text().startswith("Cannot be played yet: ")
        assert len(card.problem.text()) < 260


def test_open_a_scenario_file_saved_elsewhere(qtbot: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere.toml"
    shutil.copy(SIGNAL_BOX, elsewhere)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(elsewhere), "")))
    dlg = Launcher()
    qtbot.addWidget(dlg)
    n = len(dlg.cards.cards)
    dlg.open_scenario.click()
    assert len(dlg.cards.cards) == n + 1 and dlg.scenario.count() == n + 1
    assert dlg.cards.current == n and dlg.scenario.currentData() == str(elsewhere)
    assert dlg.cards.cards[n].info.own
    again = Launcher()  # remembered for the next start
    qtbot.addWidget(again)
    assert again.scenario.findData(str(elsewhere)) >= 0


def test_a_scenario_opened_as_a_saved_game_is_offered_as_a_new_game(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "mine.toml"
    shutil.copy(SIGNAL_BOX, mine)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(mine), "")))
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda _p, _t, text, *a, **k: asked.append(text) or QMessageBox.StandardButton.Yes))
    dlg = Launcher()
    qtbot.addWidget(dlg)
    opened: list[str] = []
    dlg.openGame.connect(opened.append)
    dlg.open_saved.click()
    assert not opened  # never "this is not an ambush-gui save"
    assert asked and "is a scenario file, not a saved game" in asked[0]
    assert dlg.scenario.currentData() == str(mine)
