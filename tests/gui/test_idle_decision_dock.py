"""While no decision is open (the dice tray waits on a big moment, a computer decides)
the Decision dock says what is happening and shrinks to that line: the game log under it
gets the room back, and the next decision makes the dock tall again."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))
SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}


def step_window(qtbot: Any, seed: int) -> tuple[MainWindow, GameController, Any]:
    """Contracting Trouble at the Step pace, the person the Regulars at 1280x800, and a
    computer player to answer for him."""
    from tests.gui.table.windows import table_window

    win = table_window(qtbot, systems.new_game(ALLEY, seed), SOLO, pace=Pace.STEP)
    return win, win.controller, systems.computer_player("alley")


def person_to_answer(qtbot: Any, ctl: GameController) -> Any:
    """One step of driving the game: None once it has waited on the engine (busy) or on
    the computer's decision; else the person's open decision."""
    if ctl.busy:
        qtbot.waitUntil(lambda: not ctl.busy or ctl.waiting_for is not None, timeout=5000)
        return None
    d = ctl.pending()
    assert d is not None
    if ctl.seat_of(d) is Seat.COMPUTER:
        qtbot.waitUntil(lambda: ctl.pending() is not d or ctl.busy, timeout=5000)
        return None
    return d


def log_dock(win: MainWindow) -> Any:
    w = win.log.parentWidget()
    while w is not None and w.objectName() != "dock-log":
        w = w.parentWidget()
    assert w is not None
    return w


def test_the_idle_dock_tells_the_wait_and_gives_the_log_the_room(qtbot: Any) -> None:
    win, ctl, ai = step_window(qtbot, 3)
    tall_log = None
    for _ in range(200):
        if ctl.waiting_for is not None:
            break
        d = person_to_answer(qtbot, ctl)
        if d is None:
            continue
        qtbot.waitUntil(lambda: win.decision_panel.current is not None)
        tall_log = 0
        ctl.answer(ai.choose(ctl.game, d))
    assert ctl.waiting_for is not None and tall_log is not None
    why = ctl.waiting_for
    text = win.decision_panel.idle.text()
    assert " dice are being shown: " in text and why in text
    assert "Space: go on" in text and "Esc: show them all" in text
    assert "No decision is open" not in text
    qtbot.waitUntil(lambda: win.decision_dock.height() < 150)
    idle_high = win.decision_dock.height()
    column = win.statusBar().geometry().top() - win.decision_dock.geometry().top()
    assert log_dock(win).height() >= column - idle_high - 40  # the log has the rest
    # the next decision the person answers makes the dock tall again
    for _ in range(200):
        if ctl.waiting_for is not None:
            ctl.proceed()
            continue
        if ctl.busy:
            qtbot.waitUntil(lambda: not ctl.busy or ctl.waiting_for is not None, timeout=5000)
            continue
        d = ctl.pending()
        if d is not None and ctl.seat_of(d) is Seat.HUMAN:
            break
        qtbot.waitUntil(lambda d=d: ctl.pending() is not d or ctl.busy, timeout=5000)
    qtbot.waitUntil(lambda: win.decision_panel.current is not None)
    qtbot.waitUntil(lambda: win.decision_dock.height() > idle_high + 30)


def test_a_computer_decision_is_told_in_the_dock(qtbot: Any) -> None:
    ctl = GameController(systems.new_game(ALLEY, 3), {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN},
                         delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    qtbot.waitUntil(lambda: not ctl.busy)
    d = ctl.game.pending()
    assert d is not None
    ctl.seats[d.side] = Seat.COMPUTER
    # what the computer is doing, not the engine's words to the side ("Regular: turn 1 —")
    assert win.idle_text() == win.asked_line(d)
    assert "(computer) are deciding: " in win.idle_text()
    assert d.prompt.partition(": ")[2] in win.idle_text()


def test_the_dock_is_not_left_empty_while_the_tray_waits(qtbot: Any) -> None:
    """A play-tester saw an empty Decision dock while the tray waited on a Morale Check at
    the Step pace: the answered question's scroll area, dropped from the dock but still
    shown until the event loop deleted it, lay over the idle line. The line (in the text's
    own ink, not the grey of "No decision is open.") says whose dice are shown and the keys."""
    from PySide6.QtWidgets import QScrollArea

    win, ctl, ai = step_window(qtbot, 3)
    for _ in range(300):
        if ctl.waiting_for is not None:
            ctl.proceed()
            continue
        d = person_to_answer(qtbot, ctl)
        if d is None:
            continue
        qtbot.waitUntil(lambda: win.decision_panel.current is not None)
        ctl.answer(ai.choose(ctl.game, d))  # the dock drops the question here, at once
        if ctl.waiting_for is not None:  # the Step pace waits on a throw of the answer
            break
    assert ctl.waiting_for is not None
    panel = win.decision_panel
    shown = [w for w in panel.findChildren(QScrollArea) if w.isVisible()]
    assert shown == [] and panel.idle.isVisible()
    text = panel.idle.text()
    assert text.startswith("Both sides' dice")  # a fire and its Defense (RPG team's)
    assert ctl.waiting_for in text and "Space: go on" in text
    assert theme.MUTED_TEXT.name() not in panel.idle.styleSheet()


def test_a_computer_answer_waited_on_is_told_as_an_answer_not_as_dice(qtbot: Any) -> None:
    """At the Step pace the computer's answer waits once its dice are all shown: the dock
    tells that answer and that Space brings the next question, not "dice being shown"."""
    win, ctl, ai = step_window(qtbot, 7)
    for _ in range(300):
        if ctl.waits_on_answer:
            break
        if ctl.waiting_for is not None:
            ctl.proceed()
            continue
        d = person_to_answer(qtbot, ctl)
        if d is None:
            continue
        ctl.answer(ai.choose(ctl.game, d))
    assert ctl.waits_on_answer and ctl.waiting_for
    text = win.decision_panel.idle.text()
    assert text == f"{ctl.waiting_for}.\nSpace: go on to the next question."
    ctl.proceed()
    assert not ctl.waits_on_answer


def test_a_fire_and_its_defense_are_both_sides_dice(qtbot: Any) -> None:
    """A play-tester's own fire, paused on its casualties, was told as "The Raiders' dice
    are being shown": the line named the side of the card's last roll, the defender's.
    A card with both sides' rolls says so; a card with one side's rolls still names it.
    With no dice in the tray (an IED gone off waits before its blast is thrown) it names
    no dice: a play-tester read "dice are being shown" over an empty tray."""
    from types import SimpleNamespace

    from ambush_gui.core.events import Event

    ctl = GameController(systems.new_game(ALLEY, 3), SOLO, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    fire = Event("roll", "Firepower", {"side": "regular"})
    defense = Event("roll", "Defense", {"side": "insurgent"})

    def card(*rolls: Event) -> Any:
        return SimpleNamespace(latest=SimpleNamespace(throw=SimpleNamespace(rolls=list(rolls))))

    tray = win.tray  # put back after: the window still hears the View menu's changes,
    try:  # and a later test's palette change reached a stand-in with no tray to size
        win.tray = card(fire, defense)
        assert win.showing_line() == "Both sides' dice are being shown"
        win.tray = card(defense)
        assert win.showing_line() == "The Insurgents' dice are being shown"
        win.tray = card(Event("roll", "Blast", {}))  # no side told: the dice all the same
        assert win.showing_line() == "The last answer's dice are being shown"
        win.tray = card()  # an IED gone off waits before its blast's dice: none to name
        assert win.showing_line() == "The last answer is being shown"
        win.tray = SimpleNamespace(latest=None)  # nothing thrown yet
        assert win.showing_line() == "The last answer is being shown"
    finally:
        win.tray = tray
