"""Ambush! at 1280x800 with larger text: the Decision dock shows a whole action card."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402

from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import open_window  # noqa: E402


def in_view(widget: QWidget, viewport: QWidget) -> bool:
    return viewport.rect().contains(QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size()))


def test_at_the_largest_text_a_whole_action_card_is_in_the_decision_dock(qtbot: Any) -> None:
    """The Hedgerows, Round 2, at 200% on 1280x800: the Decision dock showed the banner, the
    soldier's status lines and "more below", no whole action card. The banner gives way
    to who answers, and the first action is in sight over the buttons."""
    win = round_two(qtbot, 2.0)
    qtbot.waitUntil(lambda: win.dialog is not None and win.dialog.isVisible())
    dlg = win.dialog
    outer = dlg.parentWidget().parentWidget().viewport()
    body = dlg.body_scroll.viewport()
    first = dlg.option_buttons[0]
    assert in_view(first, body) and in_view(first, outer), (
        first.mapTo(body, QPoint(0, 0)), body.size())
    assert in_view(dlg.prompt, outer) or dlg.prompt.isHidden()


def round_two(qtbot: Any, scale: float) -> Any:
    theme.set_scale(scale)
    win = open_window(qtbot, "ambush-hedgerow", 1)
    win.resize(1280, 800)
    game, ai = win.controller.game, AmbushAI()
    while not (game.state.round >= 2
               and win.controller.pending().kind is DecisionKind.AMBUSH_ACTION):
        win.controller.answer(ai.choose(game, win.controller.pending()))
    qtbot.waitUntil(lambda: not win._fit_pending)
    qtbot.wait(50)
    return win


@pytest.mark.parametrize("scale", [1.0, 1.3, 1.5, 2.0])
def test_the_ar_tracks_names_are_whole_at_larger_text(qtbot: Any, scale: float) -> None:
    """At 1280x800 with larger text the AR Track's names were cut at the dock's edge
    ("Disad…", "2. 2-Tu…"), the track scrolling sideways. Where a half's name does not fit
    its half, the names stand each across the track over its two spaces; the other spaces
    go two a row where three do not fit. Nothing scrolls sideways, each name is whole, and
    the left column stays on the screen (the track scrolls down what it cannot show)."""
    from PySide6.QtWidgets import QDockWidget

    win = round_two(qtbot, scale)
    track = win.track
    area = track.parentWidget().parentWidget()
    assert track.width() <= area.viewport().width()
    assert area.horizontalScrollBar().maximum() == 0
    for lab in track.half_labels:
        fm = lab.fontMetrics()
        for word in lab.text().split():
            assert fm.horizontalAdvance(word) <= lab.contentsRect().width(), (word, lab.width())
    for box in track.spaces.values():
        cap = box.caption
        assert cap.fontMetrics().horizontalAdvance(cap.text()) <= cap.width(), cap.text()
        right = box.mapTo(track, QPoint(box.width(), 0)).x()
        assert right <= track.width(), (cap.text(), right, track.width())
    assert win._left_column_least() <= 800
    mission = win.findChild(QDockWidget, "dock-turn")
    dock = win.findChild(QDockWidget, "dock-track")
    assert mission.geometry().bottom() < dock.geometry().top()  # no dock over another


def test_a_window_grown_past_the_screen_by_larger_text_comes_back_within_it(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Text grown to 200% in an Operations turn left the Ambush! window 825 px tall on an
    800 px screen, its status bar under the edge. After the text grows, a window taller
    than the screen and than it was comes back within the screen (as far as its docks'
    least sizes let it); one the player had made bigger stays."""
    from PySide6.QtCore import QSize

    win = open_window(qtbot, "ambush-hedgerow", 1)
    avail = win.screen().availableGeometry()
    asked: list[QSize] = []
    real = win.keep_on_screen
    monkeypatch.setattr(win, "keep_on_screen", lambda was: (asked.append(was), real(was)))
    theme.set_scale(1.15)  # a step of View ▸ Larger text: the window checks its size
    qtbot.waitUntil(lambda: len(asked) >= 2)
    least = max(win.minimumSizeHint().height(), win.minimumHeight())
    win.resize(min(avail.width(), 1280), avail.height() + 60)  # as the docks had pushed it
    qtbot.waitUntil(lambda: win.height() > avail.height())
    real(QSize(win.width(), avail.height() - 100))  # it was within the screen before
    assert win.frameGeometry().height() <= max(avail.height(), least)
    win.resize(min(avail.width(), 1280), avail.height() + 60)
    qtbot.waitUntil(lambda: win.height() > avail.height())
    real(QSize(win.width(), avail.height() + 60))  # made so by the player: it stays
    assert win.height() == avail.height() + 60


@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_the_mission_docks_text_scrolls_and_is_never_cut_at_larger_text(
        qtbot: Any, scale: float) -> None:
    """A play-test: at 150% in a Round of the Hedgerows the Mission dock showed its lines
    cut mid-line (the points, then nothing of who decides) with no scroll bar. The dock
    grew to its lines and shrank back at every fit, its scroll bar hidden as often as
    shown. Settled, the panel's lines fit the dock or its scroll bar shows, and it stays
    so (no fit after fit)."""
    win = round_two(qtbot, scale)
    area = win.mission_panel.parentWidget().parentWidget()
    bar = area.verticalScrollBar()
    changes: list[int] = []
    bar.rangeChanged.connect(lambda _lo, hi: changes.append(hi))
    qtbot.wait(200)
    assert changes == []  # settled
    panel = win.mission_panel
    fits = panel.height() <= area.viewport().height()
    assert fits or bar.isVisible(), (panel.height(), area.viewport().height(), bar.maximum())
    bar.setValue(bar.maximum())  # the last line, who decides, can be scrolled to
    assert in_view(panel.prompt, area.viewport())
