"""Ambush! at 1280x800: a decision's list of choices gets the room to be read."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect  # noqa: E402
from PySide6.QtWidgets import QLabel, QWidget  # noqa: E402

from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import open_window  # noqa: E402


def in_view(widget: QWidget, viewport: QWidget) -> bool:
    return viewport.rect().contains(QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size()))


def three_fires(qtbot: Any, width: int = 1280, height: int = 800) -> Any:
    """The Hedgerows, seed 3: Cpl Ortiz's aimed fire offers three possible fires."""
    win = open_window(qtbot, "ambush-hedgerow", 3)
    win.resize(width, height)
    ctl, ai = win.controller, AmbushAI()
    while not (ctl.pending().kind is DecisionKind.AMBUSH_TARGET
               and len(ctl.pending().facts.get("odds", [])) >= 3):
        ctl.answer(ai.choose(ctl.game, ctl.pending()))
    qtbot.waitUntil(lambda: win.dialog is not None and win.dialog.isVisible()
                    and len(win.dialog.cards) >= 3)
    qtbot.waitUntil(lambda: not win._fit_pending)
    qtbot.wait(50)
    return win


def test_a_fire_decision_shows_its_heading_and_three_fires_at_1280x800(qtbot: Any) -> None:
    """At 1280x800 the Decision dock showed one possible fire of three and "more below",
    its "Possible fires" heading half scrolled out of sight, while the Paragraphs dock
    under it kept 200 pixels for a paragraph already read. The reading docks give way:
    the heading and three fires are in the dock's viewport, the buttons under them."""
    win = three_fires(qtbot)
    dlg = win.dialog
    body = dlg.body_scroll.viewport()
    outer = dlg.parentWidget().parentWidget().viewport()
    (heading,) = [w for w in dlg.body_widget.findChildren(QLabel) if w.text() == "Possible fires"]
    for w in [heading, *(card for _, card in dlg.cards[:3])]:
        assert in_view(w, body) and in_view(w, outer), (w.mapTo(body, QPoint(0, 0)), body.size())
    assert in_view(dlg.fire_button, outer)
    # the paragraph read keeps its number and first lines, the log stays under them
    reader = win.reader_dock.widget()
    assert reader.minimumHeight() >= win.reader.text.mapTo(win.reader, QPoint(0, 0)).y()
    assert win.log_dock.geometry().bottom() <= win.statusBar().geometry().top()


def test_the_reading_docks_get_their_room_back_once_the_fire_is_answered(qtbot: Any) -> None:
    """The paragraphs give way only while a list of choices needs the room: once no decision
    is open the reading docks have their own least height again, and the Decision dock
    shrinks to its idle line."""
    win = three_fires(qtbot)
    reader = win.reader_dock.widget()
    given = reader.minimumHeight()
    win._close_prompts()  # as when the fire is answered
    assert reader.minimumHeight() > given
    assert win.decision_dock.maximumHeight() < 200


@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_at_larger_text_the_fire_buttons_stay_in_sight(qtbot: Any, scale: float) -> None:
    """The reading docks giving way never pushes the answer out of the dock: at 150% and
    200% text the Fire button is in sight; at 150% the first fire whole with it (at 200%
    a fire's card is taller than the room left under the banner and the question)."""
    from ambush_gui.gui.shared import theme

    theme.set_scale(scale)
    win = three_fires(qtbot)
    dlg = win.dialog
    outer = dlg.parentWidget().parentWidget().viewport()
    assert in_view(dlg.fire_button, outer)
    card, body = dlg.cards[0][1], dlg.body_scroll.viewport()
    if scale < 2:
        assert in_view(card, body), (card.mapTo(body, QPoint(0, 0)), card.size(), body.size())
    assert win.log_dock.geometry().bottom() <= win.statusBar().geometry().top()


def test_at_200_percent_the_fire_list_has_room_and_nothing_scrolls_sideways(qtbot: Any) -> None:
    """At 200% on 1280x800 the fire decision left its list 64 pixels under a compact banner
    and a three-line question, less than one possible fire; and its "Hit chance" line,
    wider than the dock, scrolled the whole body sideways ("ossible fires", every card cut
    at its left edge). The question gives way (its words in the banner's tooltip): the
    heading and the first fire's title are in sight over the Fire button, every fire can
    be scrolled to, and nothing is cut at the dock's sides."""
    from ambush_gui.gui.shared import theme

    theme.set_scale(2.0)
    win = three_fires(qtbot)
    dlg = win.dialog
    body, outer = dlg.body_scroll.viewport(), dlg.parentWidget().parentWidget().viewport()
    assert dlg.body_scroll.horizontalScrollBar().maximum() == 0
    assert dlg.body_widget.width() <= body.width()
    (heading,) = [w for w in dlg.body_widget.findChildren(QLabel) if w.text() == "Possible fires"]
    first = dlg.cards[0][1].title_label
    for w in (heading, first):
        assert in_view(w, body) and in_view(w, outer), (w.mapTo(body, QPoint(0, 0)), body.size())
    assert in_view(dlg.fire_button, outer)
    assert dlg.prompt.isHidden() and dlg.prompt.text() in dlg.banner.toolTip()
    for _, card in dlg.cards:
        dlg.body_scroll.ensureWidgetVisible(card.title_label, 0, 0)
        assert in_view(card.title_label, body)


def test_at_normal_size_the_fire_question_stays(qtbot: Any) -> None:
    """The question gives way only where the list has no room: at 100% it is in sight."""
    win = three_fires(qtbot)
    dlg = win.dialog
    assert not dlg.prompt.isHidden()
    assert in_view(dlg.prompt, dlg.parentWidget().parentWidget().viewport())
    assert dlg.prompt.text() not in dlg.banner.toolTip()
