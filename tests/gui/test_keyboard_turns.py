"""Whole turns from the keyboard (issue 33): a turn of Ambush Alley and an Ambush! turn
played with key presses alone, sent to the window as a player's keyboard sends them.

Enter takes the decision in the dock (the first press shows the card it would choose,
the next commits it); a move on the table is the arrow keys (1", Shift ½") and Enter, or
S to stay; a placement is the arrows and Enter; an Ambush! soldier enters a hex by the
arrows (the hexes round him) and Enter, and E ends the Operations turn."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.shared.controller import Seat  # noqa: E402
from ambush_gui.gui.shared.game_window import GameWindow  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import open_window as open_ambush  # noqa: E402
from tests.gui.table.test_playthrough import HOTSEAT  # noqa: E402
from tests.gui.table.test_playthrough import open_window as open_table  # noqa: E402

SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def press(win: GameWindow, key: Qt.Key, mods: Qt.KeyboardModifier = NONE) -> None:
    win.activateWindow()
    QTest.keyClick(win.windowHandle(), key, mods)


def human_decision(qtbot: Any, win: GameWindow) -> Any:
    """The open decision once it is a person's and its dialog or prompt is on show."""
    c = win.controller

    def shown() -> bool:
        d = c.pending()
        if d is None:
            return True
        return c.seat_of(d) is Seat.HUMAN and any(
            p is not None and p.isVisible() for p in (win.dialog, win.move_prompt))

    qtbot.waitUntil(shown, timeout=20_000)
    return c.pending()


def answered(win: GameWindow, n: int) -> bool:
    return len(win.controller.game.decisions) > n


def keyboard_move(win: Any, d: Any, ai: AlleyAI) -> None:
    """Arrows toward where the computer would go (1" steps, then a Shift ½"), then Enter;
    S (stay) if the table refuses it."""
    game = win.controller.game
    answer = ai.choose(game, d)
    n = len(game.decisions)
    if answer != "stay":
        cx, cy = game.unit(d.facts["unit"]).centre()
        x, y = answer["path"][-1]
        for gap, plus, minus in ((x - cx, Qt.Key.Key_Right, Qt.Key.Key_Left),
                                 (y - cy, Qt.Key.Key_Up, Qt.Key.Key_Down)):
            key = plus if gap > 0 else minus
            for _ in range(int(abs(gap))):
                press(win, key)
            if abs(gap) % 1 >= 0.25:
                press(win, key, SHIFT)
        assert win.table.moving is not None and win.table.moving.dest is not None
        press(win, Qt.Key.Key_Return)
    if not answered(win, n):
        press(win, Qt.Key.Key_S)


def test_a_whole_ambush_alley_turn_from_the_keyboard(qtbot: Any) -> None:
    win = open_table(qtbot, HOTSEAT)
    game, ai = win.controller.game, AlleyAI()
    kinds: set[DecisionKind] = set()
    moved = 0
    while game.state.turn == 1:
        d = human_decision(qtbot, win)
        assert d is not None
        n = len(game.decisions)
        kinds.add(d.kind)
        if d.kind is DecisionKind.MOVE:
            keyboard_move(win, d, ai)
            moved += game.decisions[n] != "stay" if answered(win, n) else 0
        else:  # a placement: the first Enter picks a marked spot, the next sets down
            for _ in range(3):
                if answered(win, n):
                    break
                press(win, Qt.Key.Key_Return)
        assert answered(win, n), (d, win.statusBar().currentMessage())
    assert game.state.turn == 2  # the whole first turn, both sides, without the mouse
    assert {DecisionKind.ACTIVATE, DecisionKind.PLAN, DecisionKind.MOVE} <= kinds
    assert moved >= 2  # real moves across the table, not only Stay


def test_arrow_keys_are_the_lists_when_no_move_is_asked(qtbot: Any) -> None:
    """The move keys are enabled only while a move or a placement is asked."""
    win = open_table(qtbot, HOTSEAT)
    d = human_decision(qtbot, win)
    assert d.kind is DecisionKind.ACTIVATE
    assert not any(a.isEnabled() for a in win.table_keys)


def test_a_placement_from_the_keyboard_shows_the_spot_before_setting_down(qtbot: Any) -> None:
    win = open_table(qtbot, HOTSEAT)
    view = win.table
    game = win.controller.game
    while (d := human_decision(qtbot, win)) is not None and d.kind is not DecisionKind.PLACE:
        n = len(game.decisions)
        if d.kind is DecisionKind.MOVE:
            press(win, Qt.Key.Key_S)
        for _ in range(3):  # the first Enter shows the choice, the next makes it
            if not answered(win, n):
                press(win, Qt.Key.Key_Return)
        assert answered(win, n), d
    assert d is not None and view.placing is d
    n = len(game.decisions)
    press(win, Qt.Key.Key_Return)  # nothing picked yet: the first spot is shown, not taken
    assert not answered(win, n) and view._place_pick == 0
    press(win, Qt.Key.Key_Right)
    press(win, Qt.Key.Key_Return)
    assert answered(win, n)
    assert game.decisions[n] == [float(v) for v in d.options[1 % len(d.options)]]


def test_an_ambush_operations_turn_from_the_keyboard(qtbot: Any) -> None:
    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    game = win.controller.game
    d = human_decision(qtbot, win)
    assert d.kind is DecisionKind.AMBUSH_OPERATIONS
    turn = d.facts["turn"]
    entered = 0
    while (d := human_decision(qtbot, win)) is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS \
            and d.facts["turn"] == turn:
        n = len(game.decisions)
        if entered < 3 and any(isinstance(o, dict) and o.get("to") for o in d.options):
            press(win, Qt.Key.Key_Tab)  # the next soldier who may move
            press(win, Qt.Key.Key_Right)  # a hex round him
            picked = win._picked_hex
            assert picked is not None and picked in win._steps
            press(win, Qt.Key.Key_Return)
            assert answered(win, n) and game.decisions[n]["to"] == picked
            entered += 1
        else:
            press(win, Qt.Key.Key_E)  # the end of the Operations turn
            assert answered(win, n) and game.decisions[n] == "end"
    assert entered == 3
    assert d is None or d.kind is not DecisionKind.AMBUSH_OPERATIONS or d.facts["turn"] != turn


def test_f1_and_the_help_menu_list_every_key(qtbot: Any) -> None:
    """The rules reference's Keys page lists the keys of the window's menus (read from
    them) and the Decision dock's own; Help ▸ Keys opens it there."""
    from ambush_gui.gui.shared.rules_help import RulesHelp

    win = open_table(qtbot, HOTSEAT)
    keys = next(a for a in win.findChildren(type(win.undo_action)) if a.text() == "&Keys")
    keys.trigger()
    ref = win.findChild(RulesHelp)
    assert ref is not None and ref.tabs.currentWidget() is ref.keys_view
    page = ref.keys_view.toPlainText()
    for line in ("Ctrl++", "Larger text and symbols", "Ctrl+0", "Colour-blind safe colours",
                 "Make the move / set down here", "Turn the path here", "Up, Shift+Up",
                 "Zoom in", "1 … 9", "Tab, Shift+Tab", "Rules reference"):
        assert line in page, line
    ambush = open_ambush(qtbot, "ambush-hedgerow", 1)
    ambush.show_keys()
    page = ambush.findChild(RulesHelp).keys_view.toPlainText()
    for line in ("Next hex he can enter", "Enter that hex", "Next soldier to move", "Tab"):
        assert line in page, line


def test_a_keyboard_path_turns_and_is_taken_back(qtbot: Any) -> None:
    """W turns the path at its end, Backspace takes the turn back, Esc the whole path."""
    win = open_table(qtbot, HOTSEAT)
    game = win.controller.game
    while (d := human_decision(qtbot, win)) is not None and d.kind is not DecisionKind.MOVE:
        n = len(game.decisions)
        for _ in range(3):  # the first Enter shows the choice, the next makes it
            if not answered(win, n):
                press(win, Qt.Key.Key_Return)
        assert answered(win, n), d
    mv = win.table.moving
    assert mv is not None and mv.dest is None
    start = mv.start
    press(win, Qt.Key.Key_Up)
    press(win, Qt.Key.Key_W)
    press(win, Qt.Key.Key_Right, SHIFT)
    assert mv.waypoints == [(start[0], start[1] + 1)]
    assert mv.dest == (start[0] + 0.5, start[1] + 1)
    press(win, Qt.Key.Key_Backspace)
    assert mv.waypoints == []
    press(win, Qt.Key.Key_Escape)
    assert mv.dest is None and win.table.moving is mv  # the move still asked, nothing given
