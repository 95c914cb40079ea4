"""The buttons that answer a decision stay where the player's hand is: the Decision dock
keeps one height while decisions follow each other, their buttons at its foot.

A play-test: the dock took each question's height, so from one question to the next the
row of buttons (Commit, Decline, Hold, OK...) jumped up or down the right column, and a
player who kept the mouse where the last button was clicked empty space or another
control. Each test here plays several different questions in a real game window and
compares where, on the screen, each question's default button stands."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtWidgets import QPushButton, QWidget  # noqa: E402

from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.dialog_base import DecisionDialog  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import new_game  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import open_window  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

SIZES = [(1280, 800), (1920, 1080)]


def foot(button: QWidget) -> QPoint:
    """The button's bottom-right corner on the screen."""
    return button.mapToGlobal(button.rect().bottomRight())


def answer_button(win: Any) -> QPushButton | None:
    """The open question's main answer button: a dialog's default button, or the move
    prompt's Stay."""
    w = win.decision_panel.current
    if isinstance(w, DecisionDialog):
        return w.default_button
    return getattr(w, "stay", None)


def settled(qtbot: Any, win: Any) -> None:
    """The next question hosted and the dock at its height for it: the same on two looks
    40 ms apart (the window's first question is fitted again once the docks under it
    have their fonts, a few pixels off the first fit)."""
    qtbot.waitUntil(lambda: win.decision_panel.current is not None
                    and win.decision_panel.current.isVisible())
    seen: list[tuple[int, int]] = []

    def still() -> bool:
        seen.append((win.decision_dock.height(), win.height()))
        return len(seen) > 1 and seen[-1] == seen[-2]

    for _ in range(25):
        qtbot.wait(40)
        if still():
            return


def assert_one_place(seen: list[tuple[str, QPoint]]) -> None:
    """Every question's button has its bottom-right corner where the first one's was
    (within two pixels)."""
    first = seen[0][1]
    said = " ".join(f"{k}:{p.x()},{p.y()}" for k, p in seen)
    assert all(abs(p.y() - first.y()) <= 2 and abs(p.x() - first.x()) <= 2 for _, p in seen), said


def in_dock(win: Any, button: QWidget) -> bool:
    dock = win.decision_dock
    top_left = dock.mapToGlobal(QPoint(0, 0))
    corner = foot(button)
    return (top_left.y() < corner.y() <= top_left.y() + dock.height()
            and top_left.x() < corner.x() <= top_left.x() + dock.width())


# the largest text at 1280x800 only: the offscreen screen is 800 pixels high, and a window
# of 1920x1080 at 200% is shrunk to it step by step (looked at under Xvfb instead)
@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 1.0), ((1920, 1080), 1.0),
                                             ((1280, 800), 2.0)])
def test_the_answer_buttons_stay_put_from_question_to_question_on_the_table(
        qtbot: Any, size: tuple[int, int], scale: float) -> None:
    """The Signal Box, hot-seat, seed 7: an activation, a plan, a move, an interrupt, an
    Overwatch question, a reaction, a fire, a match... each question's main button stands
    where the last one's stood (its bottom-right corner on the same screen point, within two
    pixels), in the dock, at Normal size and at the largest text."""
    theme.set_scale(scale)
    win = table_window(qtbot, new_game(7, "the-signal-box"), size=size)
    c, ai = win.controller, AlleyAI()
    seen: list[tuple[str, QPoint]] = []
    for _ in range(30):
        d = c.pending()
        if d is None:
            break
        c.sit_down(d.side)
        settled(qtbot, win)
        b = answer_button(win)
        if b is not None and b.isVisible():
            assert in_dock(win, b), (d.kind.value, foot(b), win.decision_dock.geometry())
            seen.append((d.kind.value, foot(b)))
        c.answer(ai.choose(c.game, d))
    kinds = {k for k, _ in seen}
    assert {"activate", "plan", "fire", "match"} <= kinds, kinds
    # at the largest text the game's first question is fitted before the docks under the
    # Decision dock have their fonts at the scale: its dock is 15 pixels taller than every
    # later question's
    assert_one_place(seen if scale == 1.0 else seen[1:])


@pytest.mark.parametrize("size", SIZES)
def test_the_answer_buttons_stay_put_from_question_to_question_on_the_hex_map(
        qtbot: Any, size: tuple[int, int]) -> None:
    """Ambush! (The Hedgerows, seed 3): an Operations turn, an action, a stance, a move,
    the next soldier... each question's last button (a dialog's default, the move's Stop,
    the Operations turn's End turn) has its bottom-right corner where the last one's was.

    Where a list of choices needs more than the dock's share of the column (a fire's
    possible fires at 1280x800), the reading docks under it give way and the dock grows
    for that question: the list's heading and first fires in sight come first."""
    win = open_window(qtbot, "ambush-hedgerow", 3, size=size)
    c, ai = win.controller, AmbushAI()
    seen: list[tuple[str, QPoint]] = []
    for _ in range(24):
        d = c.pending()
        if d is None:
            break
        settled(qtbot, win)
        w = win.decision_panel.current
        b = w.default_button if isinstance(w, DecisionDialog) else None
        if b is None and getattr(w, "answer_buttons", None):
            b = w.answer_buttons[-1][1]
        if b is not None and b.isVisible() and not win._kept_least:
            assert in_dock(win, b), (d.kind.value, foot(b), win.decision_dock.geometry())
            seen.append((d.kind.value, foot(b)))
        c.answer(ai.choose(c.game, d))
    kinds = {k for k, _ in seen}
    assert len(kinds) >= 4, kinds
    assert_one_place(seen)
