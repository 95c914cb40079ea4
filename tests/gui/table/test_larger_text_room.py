"""Play-test at 1280x800 and 1920x1080 with larger text (View > Larger text): every choice
of a plan in sight at Normal size, a selected toggle's words whole at any size, the unit
card clear of the dock under it, and the buttons that answer a decision in sight in a
short dock."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect  # noqa: E402
from PySide6.QtGui import QFont, QFontMetrics  # noqa: E402
from PySide6.QtWidgets import QApplication, QPushButton, QWidget  # noqa: E402

from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.table.dialogs import PlanDialog  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to, new_game  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

SIZES = [(1280, 800), (1920, 1080)]


def in_view(widget: QWidget, viewport: QWidget) -> bool:
    r = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return viewport.rect().contains(r)


def plan_window(qtbot: Any, size: tuple[int, int] = (1280, 800)) -> tuple[Any, PlanDialog]:
    """Contracting Trouble, seed 7: Fireteam Alpha activates (its plan in the dock)."""
    win = table_window(qtbot, new_game(7))
    win.resize(*size)
    win.controller.sit_down("regular")
    qtbot.waitUntil(lambda: win.controller.pending() is not None
                    and win.controller.pending().kind is K.ACTIVATE)
    win.controller.answer("alpha")
    qtbot.waitUntil(lambda: isinstance(win.dialog, PlanDialog))
    qtbot.wait(20)  # the dock's height settles a beat after the dialog is hosted
    return win, win.dialog


@pytest.mark.parametrize("speed", ["cautious", "halted"])
def test_every_speed_of_a_plan_is_in_sight_at_normal_size(qtbot: Any, speed: str) -> None:
    """At 100% on 1280x800 the fourth speed (Rapid) sat below the Decision dock's "more
    below" fold: the unit's boxed header and an empty note under the order toggles took
    its room. Whichever speed is selected, all four are in sight unscrolled."""
    win, dlg = plan_window(qtbot)
    dlg.select(speed)
    qtbot.wait(20)
    vp = dlg.body_scroll.viewport()
    for key, card in dlg.speed_cards.items():
        assert in_view(card, vp), (key, card.mapTo(vp, QPoint(0, 0)).y(), vp.height())
    assert not dlg.more_below.isVisible()
    assert in_view(dlg.go, win.decision_dock)


def bold_width(button: QPushButton) -> int:
    font = QFont(button.font())
    font.setBold(True)
    return QFontMetrics(font).horizontalAdvance(button.text())


@pytest.mark.parametrize("scale", [1.5, 2.0])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_selected_order_toggle_says_its_words_whole_at_larger_text(
        qtbot: Any, size: tuple[int, int], scale: float) -> None:
    """At 1920x1080 with larger text the selected toggle read "ove, then fir": its least
    width was measured at Normal size, and checked its words are bold. Now it is as wide
    as its bold words at the size it has, within the dock."""
    theme.set_scale(scale)
    win, dlg = plan_window(qtbot, size)
    dock = win.decision_dock
    for b in dlg.order_buttons.values():
        assert b.width() >= bold_width(b) + 24, (b.text(), b.width(), bold_width(b))
        right = b.mapTo(dock, QPoint(b.width(), 0)).x()
        assert right <= dock.width(), (b.text(), right, dock.width())
    # grown while the plan is open, the same
    theme.set_scale(1.15 if scale == 2.0 else 2.0)
    QApplication.processEvents()
    qtbot.wait(20)
    for b in dlg.order_buttons.values():
        assert b.width() >= bold_width(b) + 24, (b.text(), b.width(), bold_width(b))


def test_the_unit_card_shows_its_status_clear_of_the_dock_under_it(qtbot: Any) -> None:
    """At 100% on 1280x800 the Unit card's "Status" heading, scrolled to the dock's foot,
    touched the next dock's title bar ("Line of sight and dice") and read as its heading.
    A fireteam's card is whole, and what the card shows keeps clear of its dock's foot."""
    win, _dlg = plan_window(qtbot)
    area = win.card.parentWidget().parentWidget()
    assert area.verticalScrollBar().maximum() == 0  # the whole card, Status and all
    vp = area.viewport()
    dock = area.parentWidget()
    foot = dock.mapTo(win, QPoint(0, dock.height())).y()
    assert foot - vp.mapTo(win, QPoint(0, vp.height())).y() >= theme.DOCK_FOOT


@pytest.mark.parametrize("kind", [K.ABANDON, K.PLAN, K.ACTIVATE, K.FIRE])
@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_the_buttons_that_answer_a_decision_are_in_sight_at_larger_text(
        qtbot: Any, scale: float, kind: K) -> None:
    """At 200% on 1280x800 Abandon casualties' buttons were below the Decision dock's foot:
    a four-line banner and the question left them no room. Where room runs short the
    banner says only who answers (the rest in its tooltip); the question and the buttons
    stay in sight, the body scrolling in what is left."""
    theme.set_scale(scale)
    game, _d = drive_to(kind)
    win = table_window(qtbot, game)
    qtbot.waitUntil(lambda: win.dialog is not None and win.dialog.isVisible())
    qtbot.wait(30)
    dlg = win.dialog
    area = dlg.parentWidget().parentWidget()
    vp = area.viewport()
    shown = [b for b in dlg.findChildren(QPushButton)
             if b.isVisible() and not dlg.body_widget.isAncestorOf(b)]
    assert shown
    for b in shown:
        assert in_view(b, vp), (b.text(), b.mapTo(vp, QPoint(0, 0)), vp.size())
    assert in_view(dlg.prompt, vp)
    if getattr(dlg.banner, "compact", False):
        assert dlg.banner.title.text() == "Regular player" or dlg.banner.title.text().endswith(
            " player")
        assert dlg.headline() in dlg.banner.toolTip()


def test_text_grown_with_a_decision_open_keeps_its_buttons_in_sight(qtbot: Any) -> None:
    """Ctrl+= up to 200% with a plan open left the banner at four lines over a body two
    lines high: the banner now gives way when the text grows, not only when the dock
    changes height."""
    win, dlg = plan_window(qtbot)
    assert not dlg.banner.compact
    theme.set_scale(2.0)
    qtbot.waitUntil(lambda: dlg.banner.compact)
    vp = dlg.parentWidget().parentWidget().viewport()
    assert in_view(dlg.go, vp) and in_view(dlg.prompt, vp)
    theme.set_scale(1.0)
    qtbot.waitUntil(lambda: not dlg.banner.compact)


def test_the_casualties_to_abandon_read_whole_in_the_dock(qtbot: Any) -> None:
    """A play-test at 1280x800: "Alpha team, fighter 1 — soldier, small arms (rifle,
    carbine, AK)" stood on one line wider than the Decision dock, and it and the cost
    below it were cut at the dock's right edge. Every line of the dialog fits its width."""
    from PySide6.QtWidgets import QLabel

    game, _d = drive_to(K.ABANDON)
    win = table_window(qtbot, game)
    qtbot.waitUntil(lambda: win.dialog is not None and win.dialog.isVisible())
    qtbot.wait(30)
    dlg = win.dialog
    vp = dlg.parentWidget().parentWidget().viewport()
    for lab in dlg.body_widget.findChildren(QLabel):
        if lab.isVisible() and lab.text():
            right = lab.mapTo(vp, QPoint(lab.width(), 0)).x()
            assert right <= vp.width(), (lab.text(), right, vp.width())
