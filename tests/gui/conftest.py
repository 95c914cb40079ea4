"""GUI test fixtures: offscreen Qt, a private data folder, and no leaked windows."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Autosaves and recent-game lists go to a temporary folder, never the user's."""
    monkeypatch.setenv("AMBUSH_GUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield tmp_path / "data"


@pytest.fixture(autouse=True)
def no_hand_over(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Most GUI tests drive both seats of a hot-seat game as one player: the seat is not
    handed over (gui/shared/curtain.py). A test marked ``hand_over`` keeps it."""
    from ambush_gui.gui.shared.curtain import Curtain

    monkeypatch.setattr(Curtain, "ARM_MS", 0)  # a test's key is meant for the curtain it sees
    if request.node.get_closest_marker("hand_over") is None:
        from ambush_gui.gui.shared.controller import GameController

        monkeypatch.setattr(GameController, "hands_over", False)
    yield


@pytest.fixture(autouse=True)
def no_leaked_windows(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every window a test leaves open, so no later test's mouse lands on it."""
    yield
    if "qtbot" not in request.fixturenames:
        return
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    for w in QApplication.topLevelWidgets():
        if w.isVisible():
            w.close()
        w.deleteLater()
    app.processEvents()


@pytest.fixture(autouse=True)
def normal_comfort() -> Iterator[None]:
    """Every test starts and ends at the normal text scale and palette (View menu)."""
    yield
    from ambush_gui.gui.shared import theme

    theme.set_scale(1.0)
    theme.set_colour_blind_safe(False)
