"""Whole games through the real widgets: the issue's playthroughs.

A driver asks the computer player (:class:`AlleyAI`) what to answer for each open
decision and then gives that answer the way a person would: a move by dragging one of
the unit's figures on the table (or the prompt's Stay button), a placement by clicking
the table, every other decision by clicking the dialog's own widgets
(``DecisionDialog.clicks_for``). Nothing is answered behind the window's back.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, QObject, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.dialog_base import side_title  # noqa: E402
from ambush_gui.gui.table.dialogs import DIALOGS, DecisionDialog, MovePrompt, VictoryDialog  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402
from tests.gui.table.test_table_view import LEFT, NONE, at  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

SCENARIO = "contracting-trouble"
SEED = 2  # with today's engine, a game through every Ambush Alley decision kind
EVERY_GAME = {  # the decisions every whole game asks (the rest depend on the dice)
    DecisionKind.ACTIVATE,
    DecisionKind.PLAN,
    DecisionKind.MOVE,
    DecisionKind.FIRE,
    DecisionKind.INTERRUPT,
    DecisionKind.MATCH,
    DecisionKind.INSURGENT_ACT,
    DecisionKind.PLACE,
}
HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}
SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
SHIFT = Qt.KeyboardModifier.ShiftModifier


def new_game(seed: int = SEED) -> Any:
    return systems.new_game(systems.load_scenario(systems.resolve(SCENARIO)), seed)


def open_window(qtbot: Any, seats: dict[str, Seat], seed: int = SEED) -> MainWindow:
    return table_window(qtbot, new_game(seed), seats, autosave=paths.autosave_path())


@dataclass
class Driver:
    """Plays the open human decisions through the window's widgets, as the AI would."""

    qtbot: Any
    window: MainWindow
    ai: AlleyAI = field(default_factory=AlleyAI)
    refused_drags: list[str] = field(default_factory=list)  # reasons, when pixels missed
    lost_assaults: list[str] = field(default_factory=list)  # Close Assaults a drop could not make
    kinds: set[DecisionKind] = field(default_factory=set)  # the kinds answered
    missed: float = 0.0  # the farthest a dragged move ended from the AI's point (inches)
    answered: int = 0

    @property
    def controller(self) -> GameController:
        return self.window.controller

    def human_turn(self) -> Decision | None:
        """The open decision once it is a person's (the computer's are played first)."""
        c = self.controller
        self.qtbot.waitUntil(
            lambda: (d := c.pending()) is None or c.seat_of(d) is Seat.HUMAN, timeout=20_000
        )
        return c.pending()

    def play(self, decisions: int | None = None) -> None:
        """Answer human decisions until the game ends (or ``decisions`` were given)."""
        while decisions is None or decisions > 0:
            d = self.human_turn()
            if d is None:
                return
            self.step(d)
            if decisions is not None:
                decisions -= 1

    def step(self, d: Decision) -> None:
        game = self.controller.game
        answer = self.ai.choose(game, d)
        wanted = json.loads(json.dumps(d.validate(answer)))  # as the engine records it
        n, lost_before = len(game.decisions), len(self.lost_assaults)
        self.kinds.add(d.kind)
        if d.kind is DecisionKind.MOVE:
            self.move(d, answer)
        elif d.kind is DecisionKind.PLACE:
            self.place(d, answer)
        else:
            self.click(d, answer)
        # the answer, then any decisions the engine marked forced, answered for the person
        assert len(self.controller.game.decisions) >= n + 1, (d, answer)
        given = self.controller.game.decisions[n]
        if given != wanted:
            # only a dragged move may differ, and only by the pixels it was dragged with
            assert d.kind is DecisionKind.MOVE, (d, wanted, given)
            # a leader dropped where two leaderless units stand (two arrivals at one Hot
            # Spot) joins the nearer by pixels: either is a legal reading of the drop
            loose = {"path", "join", "assault"}
            if "assault" in wanted:  # a drop onto the enemy is set beside it by the table, and
                loose.add("speed")  # its speed follows that length (Cautious within 6")
            if given["path"][-1] != wanted["path"][-1]:  # the pixels moved the end: a move a
                loose.add("speed")  # hair past the Cautious limit may land a hair within it
            assert {k: v for k, v in given.items() if k not in loose} == {
                k: v for k, v in wanted.items() if k not in loose
            }, (wanted, given)
            assert ("join" in given) == ("join" in wanted), (wanted, given)
            lost = len(self.lost_assaults) > lost_before
            assert ("assault" in given) == ("assault" in wanted and not lost), (wanted, given)
            miss = math.dist(given["path"][-1], wanted["path"][-1])
            onto = 1.0 if "assault" in wanted else 0.0  # dropped onto the enemy, not beside
            assert miss <= onto + 3 / self.window.table.pixels_per_inch(), (wanted, given)
            if not onto:
                self.missed = max(self.missed, miss)
        self.answered += 1

    # -- the ways of answering ------------------------------------------------------------
    def click(self, d: Decision, answer: Any) -> None:
        dlg = self.window.dialog
        assert isinstance(dlg, DecisionDialog) and dlg.isVisible(), d
        assert dlg.decision is d
        assert dlg.banner.title.text().startswith(f"{side_title(d.side)} player"), (
            dlg.banner.title.text()
        )
        for w in dlg.clicks_for(answer):
            assert w.isVisible() and w.isEnabled(), (d, answer, w)
            self.qtbot.mouseClick(w, LEFT)

    def place(self, d: Decision, answer: Any) -> None:
        view = self.window.table
        assert view.placing is d and self.window.dialog is None
        x, y = answer
        QTest.mouseClick(view.viewport(), LEFT, NONE, at(view, float(x), float(y)))

    def move(self, d: Decision, answer: Any) -> None:
        win, view = self.window, self.window.table
        assert view.moving is not None and view.moving.decision is d
        assert isinstance(win.move_prompt, MovePrompt) and win.move_prompt.isVisible()
        game = self.controller.game
        if answer == "stay":
            assert win.move_prompt.stay is not None
            self.qtbot.mouseClick(win.move_prompt.stay, LEFT)
            return
        path = [(float(x), float(y)) for x, y in answer["path"]]
        vp = view.viewport()
        for p in path[:-1]:  # waypoints: shift-click on the table
            QTest.mouseClick(vp, LEFT, SHIFT, at(view, *p))
        unit = game.unit(d.facts["unit"])
        dest = path[-1]
        if answer.get("assault"):  # a Close Assault is declared by dropping onto the enemy
            if self.drag(unit, self.onto(unit, game.unit(answer["assault"]), dest)):
                return
            # onto the enemy was refused (terrain in the way): a plain move beside it
            self.lost_assaults.append(win.move_prompt.error.text())
        if not self.drag(unit, dest):  # refused: the pixels rounded it past a limit
            assert view.moving is not None and view.moving.decision is d
            self.refused_drags.append(win.move_prompt.error.text())
            assert view.drop(dest), win.move_prompt.error.text()

    def drag(self, unit: Any, dest: tuple[float, float]) -> bool:
        """Drag ``unit`` by one of its figures so that its centre lands on ``dest``;
        True if the table accepted the drop (an answer was given)."""
        view = self.window.table
        vp = view.viewport()
        cx, cy = unit.centre()
        fig = unit.figures[0]
        start = (fig.x, fig.y)
        end = (dest[0] + fig.x - cx, dest[1] + fig.y - cy)
        n = len(self.controller.game.decisions)
        QTest.mousePress(vp, LEFT, NONE, at(view, *start))
        for k in range(1, 7):
            t = k / 6
            QTest.mouseMove(
                vp, at(view, start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
            )
        QTest.mouseRelease(vp, LEFT, NONE, at(view, *end))
        return len(self.controller.game.decisions) >= n + 1

    @staticmethod
    def onto(unit: Any, target: Any, dest: tuple[float, float]) -> tuple[float, float]:
        """Where to drop ``unit`` (its centre) so that the figure of it that the move
        ``dest`` brings nearest the target ends on that enemy figure's base edge."""
        cx, cy = unit.centre()
        ours = unit.points() + np.array([dest[0] - cx, dest[1] - cy])
        theirs = target.points()
        gaps = np.hypot(
            ours[:, None, 0] - theirs[None, :, 0], ours[:, None, 1] - theirs[None, :, 1]
        )
        i, j = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        away = (ours[i] - theirs[j]) / max(float(gaps[i, j]), 1e-9)
        shift = theirs[j] + 0.3 * away - ours[i]
        return (dest[0] + float(shift[0]), dest[1] + float(shift[1]))


# -- hot-seat ------------------------------------------------------------------------------


def test_hotseat_game_to_the_victory_screen(qtbot: Any) -> None:
    t0 = time.perf_counter()
    win = open_window(qtbot, HOTSEAT)
    assert not win.result_action.isEnabled() and "not over" in win.result_action.toolTip()
    driver = Driver(qtbot, win)
    driver.play()
    elapsed = time.perf_counter() - t0
    game = win.controller.game
    # every decision was clicked, or answered for the person because it could not matter
    assert game.pending() is None
    assert driver.answered + len(win.controller.forced_answers) == len(game.decisions)
    assert {"regular", "insurgent"} <= set(game.answered_by)
    # the victory screen: the engine's result and every score line
    dlg = win.dialog
    assert isinstance(dlg, VictoryDialog) and dlg.isVisible()
    result = game.state.outcome or game.result
    assert dlg.outcome == dict(result)
    assert dlg.lines == [(str(getattr(s, "value", s)), p, w) for s, p, w in game.state.score.said()]
    winner = result["winner"]
    names = {side.value: spec.name for side, spec in game.spec.sides.items()}  # "US Marines"
    assert dlg.banner.title.text() == (
        "A draw" if winner == "draw" else f"The {names[winner]} win"
    )
    shown = "\n".join(lab.text() for lab in dlg.findChildren(type(dlg.banner.title)))
    for side, points in result["points"].items():
        assert f"{points} VP" in shown, side
    for _, _, why in dlg.lines:
        assert why in shown
    # closed by a Space meant for the dice tray, Game > Show the result (Ctrl+R) brings it back
    dlg.close()
    assert win.result_action.isEnabled() and win.result_action.shortcut().toString() == "Ctrl+R"
    win.result_action.trigger()
    again = win.dialog
    assert isinstance(again, VictoryDialog) and again.isVisible() and again.lines == dlg.lines
    # the log: every roll, with its text
    log = win.log.text()
    rolls = [e for e in game.log.events if e.kind == "roll"]
    assert rolls and all(e.text in log for e in rolls)
    assert any(e.kind == "victory" and e.text in log for e in game.log.events)
    # the autosave replays to the same state
    auto = paths.autosave_path()
    assert auto.exists()
    assert saves.verify(auto, systems.factory).state_hash() == game.state_hash()
    assert EVERY_GAME <= driver.kinds
    missing = sorted(k.value for k in set(DIALOGS) - driver.kinds)
    print(
        f"\nhot-seat: {len(game.decisions)} decisions in {elapsed:.1f} s; kinds not asked: "
        f"{missing or 'none'}; {len(driver.refused_drags)} drags refused "
        f"{driver.refused_drags}; {len(driver.lost_assaults)} assaults not droppable; "
        f"moves ended within {driver.missed:.3f}\" of the AI's points"
    )


# -- solo ----------------------------------------------------------------------------------


class ShownPrompts(QObject):
    """Every decision dialog and move prompt shown anywhere in the application."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[tuple[str, DecisionKind]] = []

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.Show and isinstance(obj, DecisionDialog | MovePrompt):
            self.shown.append((obj.decision.side, obj.decision.kind))
        return False


def test_solo_regulars_against_the_computer(qtbot: Any) -> None:
    t0 = time.perf_counter()
    spy = ShownPrompts()
    app = QApplication.instance()
    app.installEventFilter(spy)
    try:
        win = open_window(qtbot, SOLO)
        c = win.controller
        on_the_table: list[str] = []  # whose moves and placements the table was set for
        for name in ("begin_move", "begin_place"):
            begin = getattr(win.table, name)
            setattr(
                win.table, name, lambda d, begin=begin: (on_the_table.append(d.side), begin(d))[1]
            )
        driver = Driver(qtbot, win)
        driver.play()
    finally:
        app.removeEventFilter(spy)
    elapsed = time.perf_counter() - t0
    game = c.game
    assert game.pending() is None and isinstance(win.dialog, VictoryDialog)
    # the person answered every Regular decision, through the widgets ...
    forced = len(c.forced_answers)  # answered for the person: their answer could not matter
    assert driver.answered + forced == game.answered_by.count("regular") > 0
    assert all(game.answered_by[i] == "regular" for i in c.forced_answers)
    assert spy.shown and {side for side, _ in spy.shown} == {"regular"}
    # ... and the computer every Insurgent one, with nothing opened for it
    by_computer = game.answered_by.count("insurgent")
    assert by_computer > 10 and set(on_the_table) == {"regular"}
    insurgents = {u.id for u in game.state.units.values() if u.side.value == "insurgent"}
    acts = [
        e
        for e in game.log.events
        if e.kind in ("move", "fire", "arrive", "interrupt")
        and (e.data.get("unit") or e.data.get("attacker") or e.data.get("insurgent")) in insurgents
    ]
    assert {e.kind for e in acts} >= {"move", "interrupt", "arrive"}
    log = win.log.text()
    assert all(e.text in log for e in acts)
    print(
        f"\nsolo: {driver.answered} decisions by the person, {by_computer} by the computer, "
        f"{elapsed:.1f} s"
    )


# -- undo, save and open -------------------------------------------------------------------


def test_undo_save_and_open_through_the_window(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    win = open_window(qtbot, HOTSEAT)
    c = win.controller
    # in hot-seat an undo that takes back the other player's answer asks first: they agree
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    driver = Driver(qtbot, win)
    hashes: dict[int, str] = {}  # the state before each answer the driver gave, by decision number
    kinds: dict[int, DecisionKind] = {}
    while True:  # play on to a moment where the last answer threw no dice
        d = driver.human_turn()
        assert d is not None
        hashes[len(c.game.decisions)] = c.game.state_hash()
        kinds[len(c.game.decisions)] = d.kind
        driver.step(d)
        # every answer since the last roll was one the driver gave (none answered for it)
        n, floor = len(c.game.decisions), c.game.undo_floor()
        if len(hashes) >= 12 and floor < n and all(
            k in hashes and k not in c.forced_answers for k in range(floor, n)
        ):
            break
    n, floor = len(c.game.decisions), c.game.undo_floor()
    last_roll = next(e.text for e in reversed(c.game.log.events) if e.kind == "roll")
    assert win.undo_action.isEnabled()
    win.undo_action.trigger()
    # exactly one decision back: the same state, the same question, asked again
    assert len(c.game.decisions) == n - 1
    assert c.game.state_hash() == hashes[n - 1]
    d = c.pending()
    assert d is not None and d.kind is kinds[n - 1]
    shown = (
        win.dialog.decision
        if win.dialog is not None
        else win.table.moving.decision
        if win.table.moving is not None
        else win.table.placing
    )
    assert shown is d
    # and never past a die roll: undo stops at the floor, then says why
    while win.undo_action.isEnabled():
        before = len(c.game.decisions)
        win.undo_action.trigger()
        assert len(c.game.decisions) == before - 1 >= floor
        assert c.game.state_hash() == hashes[before - 1]
    assert len(c.game.decisions) == floor == c.game.undo_floor()
    win.undo()
    assert len(c.game.decisions) == floor
    assert "never goes back past a die roll" in win.statusBar().currentMessage()
    assert last_roll in win.log.text()  # the rolls already seen stay in the log
    driver.play(3)

    # Save as (the file dialog answered), then the title names the file
    path = tmp_path / "my game.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *a, **k: (str(path), "Saved games (*.json)"),
    )
    assert win.save_as()
    saved = c.game.state_hash()
    assert path.exists() and "my game.json" in win.windowTitle()
    assert saves.verify(path, systems.factory).state_hash() == saved
    driver.play(2)
    assert c.game.state_hash() != saved
    # open it again: the same state, the title names it, the open decision is asked
    assert win.open_path(path)
    assert c.game.state_hash() == saved and "my game.json" in win.windowTitle()
    d = c.pending()
    assert d is not None
    assert d is (
        win.dialog.decision
        if win.dialog is not None
        else (win.table.moving or win.table.placing)
        and (win.table.moving.decision if win.table.moving else win.table.placing)
    )
    driver.play(1)  # and play on from it

    # bad files: a clear message, nothing changed, no crash
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "warning", lambda parent, title, text, *a, **k: warnings.append((title, text))
    )
    now, title = c.game.state_hash(), win.windowTitle()
    data = json.loads(path.read_text())
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(data | {"version": saves.VERSION + 1}))
    truncated = tmp_path / "truncated.json"
    text = path.read_text()
    truncated.write_text(text[: len(text) // 2])
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"hello": "world"}))
    for bad in (newer, truncated, foreign):
        assert not win.open_path(bad)
        assert c.game.state_hash() == now and win.windowTitle() == title
    assert [t for t, _ in warnings] == ["Cannot open this game"] * 3
    (_, msg_newer), (_, msg_truncated), (_, msg_foreign) = warnings
    assert "newer version" in msg_newer and "newer.json" in msg_newer
    assert "truncated.json" in msg_truncated
    assert "not an ambush-gui save" in msg_foreign
    print("\nmessages:\n" + "\n".join(m for _, m in warnings))


# -- the launcher --------------------------------------------------------------------------


def test_launcher_starts_a_game_and_continues_the_autosave(qtbot: Any) -> None:
    from ambush_gui.gui.app import Session

    session = Session()
    session.launcher()
    dlg = session.launcher_window
    assert dlg is not None
    i = dlg.scenario.findData(str(systems.resolve(SCENARIO)))
    assert i >= 0
    dlg.scenario.setCurrentIndex(i)
    regular = next(b for b in dlg.mode_group.buttons() if b.property("mode") == "regular")
    qtbot.mouseClick(regular, LEFT)
    dlg.seed.lineEdit().selectAll()
    qtbot.keyClicks(dlg.seed, str(SEED))
    assert dlg.seed.value() == SEED and dlg.mode() == "regular"
    qtbot.mouseClick(dlg.start, LEFT)
    assert not dlg.isVisible() and len(session.windows) == 1
    win = session.windows[0]
    assert isinstance(win, MainWindow)
    assert win.windowTitle().startswith(dlg.scenario.itemText(i))
    c = win.controller
    assert c.seats == SOLO and c.game.seed == SEED
    c.set_speed(0)
    driver = Driver(qtbot, win)
    driver.play(4)
    driver.human_turn()  # the computer has answered too
    auto = paths.autosave_path()
    assert saves.read(auto).players == {"regular": "human", "insurgent": "computer"}

    # Continue: the autosave, played as it was saved (solo)
    session.launcher()
    again = session.launcher_window
    assert again is not dlg and again.cont.isEnabled()
    qtbot.mouseClick(again.cont, LEFT)
    assert len(session.windows) == 2 and not again.isVisible()
    resumed = session.windows[1]
    assert resumed.controller.seats == SOLO
    assert resumed.controller.game.state_hash() == c.game.state_hash()
    assert resumed.windowTitle().startswith(dlg.scenario.itemText(i))
    for w in session.windows:
        w.close()


def test_a_game_opened_already_over_can_show_its_result(qtbot: Any) -> None:
    """An autosave of a finished game opens with Game > Show the result enabled."""
    from ambush_gui.gui.table.dialogs.situations import new_game

    game = new_game(3)
    ai = AlleyAI()
    while (d := game.pending()) is not None:
        game.answer(ai.choose(game, d))
    win = MainWindow(GameController(game, HOTSEAT, delay_ms=0))
    qtbot.addWidget(win)
    assert win.result_action.isEnabled()
    win.result_action.trigger()
    assert isinstance(win.dialog, VictoryDialog) and win.dialog.isVisible()
