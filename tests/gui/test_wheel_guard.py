"""The wheel scrolls a form; it turns a number box or drop-down only once that box has the
keyboard focus (a designer scrolling the editor's Scenario tab silently set a side's body
armor to 0)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QSpinBox, QVBoxLayout, QWidget

from ambush_gui.gui.shared.widgets import install_wheel_guard


def wheel(w: QWidget, notches: int = -1) -> None:
    """One turn of the wheel over the middle of ``w``, as Qt delivers it (through notify)."""
    pos = QPointF(w.rect().center())
    ev = QWheelEvent(pos, QPointF(w.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                     Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(w, ev)


def form(qtbot: Any) -> tuple[QScrollArea, QSpinBox, QComboBox]:
    install_wheel_guard()
    inner = QWidget()
    lay = QVBoxLayout(inner)
    spin, combo = QSpinBox(), QComboBox()
    spin.setRange(0, 10)
    spin.setValue(3)
    combo.addItems(["a", "b", "c"])
    lay.addWidget(spin)
    lay.addWidget(combo)
    lay.addSpacing(2000)  # a long form: there is something to scroll
    area = QScrollArea()
    area.setWidget(inner)
    area.resize(300, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    return area, spin, combo


def test_the_wheel_over_an_unfocused_box_scrolls_the_form_and_leaves_the_box(qtbot: Any) -> None:
    area, spin, combo = form(qtbot)
    area.setFocus()
    wheel(spin)
    wheel(combo)
    assert spin.value() == 3
    assert combo.currentIndex() == 0
    assert not spin.hasFocus() and not combo.hasFocus()  # the wheel gave no focus either
    assert area.verticalScrollBar().value() > 0  # it scrolled the form instead


def test_a_focused_box_still_takes_the_wheel(qtbot: Any) -> None:
    area, spin, _combo = form(qtbot)
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    wheel(spin, notches=1)
    assert spin.value() == 4
    assert area.verticalScrollBar().value() == 0  # the box took it, not the form
