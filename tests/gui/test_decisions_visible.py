"""The fight stays visible: every decision is asked in the Decision dock, beside the map,
and the units it is about stay in sight while it is open.

A hot-seat turn of Contracting Trouble! and an Ambush! Round are played at 1280x800
through the real widgets (each dialog answered by clicking ``clicks_for`` the computer
player's answer; moves and hex steps are given to the controller, as the map would).
For EVERY decision shown, the decision's widget (its dialog or move prompt) is in the
Decision dock, and the map items of the units it is about (``GameWindow.units_of``),
mapped through the view to global coordinates, are inside the map view's visible
viewport and do not overlap the decision widget.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.dialog_base import DecisionDialog  # noqa: E402
from ambush_gui.gui.shared.game_window import GameWindow  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
# kinds whose facts always name a unit shown on the map
NAMES_A_UNIT = {DecisionKind.FIRE, DecisionKind.INTERRUPT, DecisionKind.MATCH,
                DecisionKind.MOVE, DecisionKind.AMBUSH_TARGET}


def global_rect(widget: Any) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def problems(win: GameWindow, d: Decision) -> list[str]:
    """What is wrong with how ``d`` is shown now (empty: all is well)."""
    widget = win.dialog if win.dialog is not None else win.move_prompt
    if widget is None or not widget.isVisible():
        return [f"{d.kind.value}: no decision widget shown"]
    out = []
    if not win.decision_dock.isAncestorOf(widget):
        out.append(f"{d.kind.value}: {type(widget).__name__} is not in the Decision dock")
    box = global_rect(widget)
    view = win.board
    vp = view.viewport()
    seen = global_rect(vp)
    for uid in win.units_of(d):
        r = win.unit_rect(uid)
        if r is None:
            continue
        on_vp = view.mapFromScene(r).boundingRect()
        item = QRect(vp.mapToGlobal(on_vp.topLeft()), on_vp.size())
        if item.intersects(box):
            out.append(f"{d.kind.value}: {uid} at {item} is under the decision at {box}")
        if not seen.contains(item):
            out.append(f"{d.kind.value}: {uid} at {item} is outside the map view {seen}")
    return out


def check_shown(qtbot: Any, win: GameWindow, d: Decision, shown: list[Decision]) -> None:
    """Wait for the docks to settle (the view pans once they have their sizes), then
    require the decision and its units to be visible, apart."""
    found: list[str] = []

    def settled() -> bool:
        found[:] = problems(win, d)
        return not found

    try:
        qtbot.waitUntil(settled, timeout=2000)
    except Exception:  # noqa: BLE001 - report what was wrong, not the timeout
        pytest.fail("\n".join(found))
    if d.kind in NAMES_A_UNIT:
        assert any(win.unit_rect(u) is not None for u in win.units_of(d)), d
    shown.append(d)


def answer(qtbot: Any, win: GameWindow, d: Decision, choice: Any) -> None:
    """Through the dialog's own widgets when it is a dialog; else as the map would."""
    dlg = win.dialog
    if isinstance(dlg, DecisionDialog) and dlg.decision is d:
        for w in dlg.clicks_for(choice):
            assert w.isVisible() and w.isEnabled(), (d, choice, w)
            qtbot.mouseClick(w, LEFT)
    else:
        win.controller.answer(choice)
    assert win.controller.pending() is not d, (d, choice)


def test_a_hot_seat_turn_keeps_the_units_in_sight(qtbot: Any) -> None:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 3)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN},
                         autosave=paths.autosave_path(), delay_ms=0)
    from ambush_gui.gui.table.window import MainWindow

    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    ai = AlleyAI()
    shown: list[Decision] = []
    while (d := ctl.pending()) is not None and game.state.turn <= 1:
        check_shown(qtbot, win, d, shown)
        if d.kind is DecisionKind.INTERRUPT and d.facts.get("path"):
            # the declared path is drawn as soon as the interrupt is asked
            assert win.table._interrupt_tape.isVisible(), d
        answer(qtbot, win, d, ai.choose(game, d))
    kinds = {d.kind for d in shown}
    assert {DecisionKind.ACTIVATE, DecisionKind.FIRE, DecisionKind.MOVE} <= kinds, kinds
    assert len(shown) >= 10


def test_an_ambush_round_keeps_the_soldiers_in_sight(qtbot: Any) -> None:
    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
    ctl = GameController(game, {"us": Seat.HUMAN}, autosave=paths.autosave_path(), delay_ms=0)
    from ambush_gui.gui.hexmap.window import AmbushWindow

    win = AmbushWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    ai = AmbushAI()
    shown: list[Decision] = []
    # play into the Action Rounds, then one whole Round of them
    rounds: set[int] = set()
    while (d := ctl.pending()) is not None:
        rnd = int(getattr(game.state, "round", 0) or 0)
        if rnd:
            rounds.add(rnd)
        if len(rounds) > 2:  # the first Round with decisions, and the one after it
            break
        check_shown(qtbot, win, d, shown)
        answer(qtbot, win, d, ai.choose(game, d))
        assert len(shown) < 400, "no Round ended"
    kinds = {d.kind for d in shown}
    assert DecisionKind.AMBUSH_ACTION in kinds, kinds
    assert any(d.kind is DecisionKind.AMBUSH_ACTION for d in shown)


def test_back_takes_back_the_players_previous_choice(qtbot: Any) -> None:
    """The unit's plan follows its activation, both the Regular player's: the plan has
    Back, which reopens the choice of the unit; the first decision of all has none."""
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 3)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN},
                         autosave=paths.autosave_path(), delay_ms=0)
    from ambush_gui.gui.table.window import MainWindow

    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    ai = AlleyAI()
    while (d := ctl.pending()) is not None and d.kind is not DecisionKind.ACTIVATE:
        answer(qtbot, win, d, ai.choose(game, d))
    activate = ctl.pending()
    assert activate is not None
    first = win.dialog
    assert isinstance(first, DecisionDialog)
    n = len(game.decisions)
    answer(qtbot, win, activate, ai.choose(game, activate))
    plan = ctl.pending()
    assert plan is not None and plan.kind is DecisionKind.PLAN and plan.side == activate.side
    dlg = win.dialog
    assert isinstance(dlg, DecisionDialog) and dlg.back_button is not None
    assert dlg.back_button.isVisible()
    qtbot.mouseClick(dlg.back_button, LEFT)
    again = ctl.pending()
    assert again is not None and again.kind is DecisionKind.ACTIVATE
    assert len(ctl.game.decisions) == n  # undo rebuilt the game
    # Esc typed on the map (the focus is not in the dock) reaches the decision too, which
    # takes nothing back (Esc also hurries the dice) and says how to go back
    answer(qtbot, win, again, ai.choose(ctl.game, again))
    assert ctl.pending().kind is DecisionKind.PLAN
    win.board.setFocus()
    qtbot.keyClick(win.board, Qt.Key.Key_Escape)
    assert ctl.pending().kind is DecisionKind.PLAN
    assert "Back (Ctrl+Z)" in win.statusBar().currentMessage()
