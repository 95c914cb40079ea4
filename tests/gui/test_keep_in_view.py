"""The map view keeps a decision's units in sight (``MapView.keep_visible``), the window
opens on the screen's room and keeps its layout, and the launcher its last scenario."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtWidgets import QGraphicsScene  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.game_window import column_widths  # noqa: E402
from ambush_gui.gui.shared.map_view import MapView  # noqa: E402


def view(qtbot: Any) -> MapView:
    scene = QGraphicsScene(-500, -500, 2000, 2000)
    scene.addRect(0, 0, 1000, 1000)
    v = MapView()
    v.setScene(scene)
    qtbot.addWidget(v)
    v.resize(400, 300)
    v.show()
    qtbot.waitExposed(v)
    v.fit()
    return v


def inside(v: MapView, r: QRectF) -> bool:
    return v.visible_rect().contains(r)


def test_a_fitted_view_stays_fitted_when_the_units_are_in_sight(qtbot: Any) -> None:
    v = view(qtbot)
    k = v.scale_factor()
    near_edge = QRectF(20, 20, 10, 10)  # inside the map, close to its corner
    assert not v.keep_visible([near_edge])
    assert v.auto_fit and v.scale_factor() == k


def test_a_unit_out_of_sight_is_panned_into_view(qtbot: Any) -> None:
    v = view(qtbot)
    v.zoom(4.0)
    k = v.scale_factor()
    far = QRectF(950, 950, 20, 20)
    assert not inside(v, far)
    assert v.keep_visible([far])
    assert inside(v, far) and v.scale_factor() == k  # panned, the player's zoom kept
    assert not v.auto_fit


def test_units_far_apart_zoom_the_view_out(qtbot: Any) -> None:
    v = view(qtbot)
    v.zoom(4.0)
    a, b = QRectF(10, 10, 20, 20), QRectF(900, 900, 20, 20)
    assert v.keep_visible([a, b])
    assert inside(v, a) and inside(v, b)


def test_the_columns_are_wider_on_a_wide_screen() -> None:
    assert column_widths(1280) == (290, 400)
    assert column_widths(1920) == (290, 460)


def test_the_window_fills_the_screen_then_keeps_its_layout(qtbot: Any) -> None:
    from PySide6.QtWidgets import QDockWidget

    from ambush_gui.gui.table.window import MainWindow

    def window() -> MainWindow:
        game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 1)
        w = MainWindow(GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN},
                                      delay_ms=0))
        qtbot.addWidget(w)
        return w

    from PySide6.QtCore import QSettings

    settings = QSettings("ambush-gui", "ambush-gui")
    settings.remove("window/table")
    first = window()
    first.place_on_screen()
    avail = first.screen().availableGeometry()
    assert first.size() == avail.size()  # the screen's room, not a fixed 1280x800
    first.resize(first.width(), 600)
    first.show()
    qtbot.waitExposed(first)
    kept = first.size()
    log = first.findChild(QDockWidget, "dock-log")
    assert log is not None
    log.hide()
    first.close()  # remembers its size and docks
    second = window()
    second.place_on_screen()
    assert kept.height() == 600 and second.height() == 600  # (the width is clamped to the
    # small offscreen test screen)
    second.show()
    qtbot.waitExposed(second)
    assert not second.findChild(QDockWidget, "dock-log").isVisible()
    assert second.decision_dock.isVisible()  # the decisions' dock is never lost
    settings.remove("window/table")


def test_the_launcher_remembers_the_last_scenario(qtbot: Any) -> None:
    from PySide6.QtCore import QSettings

    from ambush_gui.gui.launcher import Launcher

    QSettings("ambush-gui", "ambush-gui").remove("launcher/scenario")
    first = Launcher()
    qtbot.addWidget(first)
    pick = first.scenario.count() - 1
    assert pick > 0
    first.scenario.setCurrentIndex(pick)
    wanted = first.scenario.currentData()
    first.newGame.connect(lambda *_: None)
    first._new()
    again = Launcher()
    qtbot.addWidget(again)
    assert again.scenario.currentData() == wanted
    QSettings("ambush-gui", "ambush-gui").remove("launcher/scenario")


def test_a_mission_starting_opens_on_its_brief_whatever_the_last_games_docks(qtbot: Any) -> None:
    """Issue 29, defect 4: after an earlier game and a restart, the restored layout (the
    brief closed last time) hid the brief of a mission just starting."""
    from PySide6.QtCore import QSettings

    from ambush_gui.gui.hexmap.window import AmbushWindow

    def window() -> AmbushWindow:
        game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
        w = AmbushWindow(GameController(game, {"us": Seat.HUMAN}, delay_ms=0))
        qtbot.addWidget(w)
        return w

    settings = QSettings("ambush-gui", "ambush-gui")
    first = window()
    first.place_on_screen()
    first.show()
    qtbot.waitExposed(first)
    first.close_brief()  # the player closed the brief in the last game
    first.close()  # remembers its docks
    second = window()
    second.place_on_screen()
    second.show()
    qtbot.waitExposed(second)
    assert second.brief_dock.isVisible()
    second.close()
    for key in settings.allKeys():
        if key.startswith("window/"):
            settings.remove(key)
