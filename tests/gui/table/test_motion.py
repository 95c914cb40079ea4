"""The other side's actions shown on the table (issue 10 play-test B): moved figures
slide along their path at the presentation pace (at once at the instant pace), a fire
or an interruption draws the shot and rings the shooter, held while the player is asked
to react to it."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF

from ambush_gui import systems
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Event
from ambush_gui.gui.shared.controller import GameController
from ambush_gui.gui.shared.pacing import Pace
from ambush_gui.gui.table.motion import slide_route
from ambush_gui.gui.table.window import MainWindow


def _window(qtbot: Any) -> tuple[MainWindow, GameController]:
    from tests.gui.table.windows import table_window

    win = table_window(qtbot, systems.new_game(systems.load_scenario(
        systems.resolve("contracting-trouble")), 3))
    return win, win.controller


def _centre(win: MainWindow, uid: str) -> tuple[float, float]:
    items = [i for i in win.table.table.unit_figures(uid) if i.isVisible()]
    c = QPointF(sum(i.pos().x() for i in items) / len(items),
                sum(i.pos().y() for i in items) / len(items))
    x, y = win.table.table.flip.table(c)
    return float(x), float(y)


def test_the_route_follows_the_answered_path_up_to_the_event() -> None:
    answer = {"path": [[10.0, 0.0], [10.0, 10.0]]}
    assert slide_route((0.0, 0.0), (10.0, 5.0), 15.0, answer) == [(0.0, 0.0), (10.0, 0.0),
                                                                  (10.0, 5.0)]
    # the rest of an interrupted move (the answer was another decision's): straight
    assert slide_route((0.0, 0.0), (3.0, 4.0), 5.0, "fire") == [(0.0, 0.0), (3.0, 4.0)]
    # a path that does not end at the event's point is not this move's
    assert slide_route((0.0, 0.0), (3.0, 4.0), 5.0, answer) == [(0.0, 0.0), (3.0, 4.0)]


def _insurgent(win: MainWindow) -> str:
    st = win.controller.game.state
    return next(u.id for u in st.units.values()
                if u.side.value == "insurgent" and u.on_table and u.figures)


def _move_bravo(win: MainWindow, ctl: GameController) -> tuple[float, float]:
    """Activate Bravo and answer its move 4" north; returns where it was drawn."""
    ctl.answer("bravo")
    ctl.answer("rapid:move-fire")
    d = ctl.pending()
    assert d is not None and d.kind is DecisionKind.MOVE
    before = _centre(win, "bravo")
    cx, cy = ctl.game.unit("bravo").centre()
    ctl.answer({"path": [[cx, cy + 4.0]]})
    d = ctl.pending()
    if d is not None and d.kind is DecisionKind.INTERRUPT:  # the Insurgents let it go
        ctl.answer(d.options[0])
    assert any(e.kind == "move" and e.data.get("unit") == "bravo" for e in ctl.game.log.events)
    return before


def test_a_move_is_at_once_at_the_instant_pace(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    _move_bravo(win, ctl)
    assert win.table.slide is None
    x, y = _centre(win, "bravo")
    cx, cy = ctl.game.unit("bravo").centre()
    assert math.isclose(x, cx, abs_tol=1e-3) and math.isclose(y, cy, abs_tol=1e-3)


def test_a_move_slides_at_the_pace(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    ctl.pace = Pace.NORMAL  # a paced presentation, as a player sees it
    seen: list[tuple[float, float]] = []
    slides: list[Any] = []
    real = win.table.animate_move

    def spy(*args: Any) -> bool:
        ok = real(*args)
        if win.table.slide is not None and win.table.slide.anim.state() == \
                win.table.slide.anim.State.Running:
            slides.append(win.table.slide)
            win.table.slide.anim.valueChanged.connect(lambda _v: seen.append(_centre(win, "bravo")))
        return ok

    win.table.animate_move = spy  # type: ignore[method-assign]
    x0, y0 = _move_bravo(win, ctl)
    assert slides and slides[0].anim.duration() > 0
    assert not win.table.table.unit_labels["bravo"].isVisible()  # its name waits
    qtbot.waitUntil(lambda: not ctl.busy and win.table.slide is None, timeout=5000)
    x, y = _centre(win, "bravo")
    cx, cy = ctl.game.unit("bravo").centre()
    assert math.isclose(x, cx, abs_tol=1e-3) and math.isclose(y, cy, abs_tol=1e-3)
    assert cy > y0 + 0.5  # it went north...
    assert any(y0 + 0.2 < sy < cy - 0.2 for _, sy in seen)  # ...passing between the two
    assert win.table.table.unit_labels["bravo"].isVisible()  # named again where it stopped


def test_a_fire_draws_the_shot_and_rings_the_shooter(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    shooter = _insurgent(win)
    target = "alpha"
    win._on_event(Event("fire", "fires", {"attacker": shooter, "target": target}))
    shot = win.table.shot
    assert shot.visible() and shot.pair == (shooter, target) and not shot.held
    ring = shot.ring.sceneBoundingRect()
    for item in win.table.table.unit_figures(shooter):
        assert ring.contains(item.pos())
    qtbot.waitUntil(lambda: not shot.visible(), timeout=5000)  # short-lived


def test_an_interruption_draws_the_interrupter_shot(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    ins = _insurgent(win)
    win._on_event(Event("interrupt", "interrupts", {"insurgent": ins, "regular": "bravo",
                                                    "how": "fire"}))
    assert win.table.shot.pair == (ins, "bravo")


def test_a_react_decision_holds_the_shot_until_it_is_answered(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    ins = _insurgent(win)
    d = Decision(side="regular", kind=DecisionKind.REACT, prompt="react?",
                 options=("fire", "hold"), facts={"unit": "alpha", "against": ins, "what": "fire"})
    win.hold_shot(d)
    shot = win.table.shot
    assert shot.visible() and shot.held and shot.pair == (ins, "alpha")
    win._end_board_modes()  # answered: the decision's marks come down
    assert not shot.visible()


def _tip(win: MainWindow) -> QPointF:
    """Where the shot's arrow points: the end of its line."""
    e = win.table.shot.arrow.path().elementAt(1)
    return QPointF(e.x, e.y)


def _middle(win: MainWindow, uid: str) -> QPointF:
    items = [i for i in win.table.table.unit_figures(uid) if i.isVisible()]
    return QPointF(sum(i.pos().x() for i in items) / len(items),
                   sum(i.pos().y() for i in items) / len(items))


def test_a_shot_follows_its_target_as_it_moves_on(qtbot: Any) -> None:
    """A play-test: the fire arrow kept pointing where the target had stood once it
    moved (an interruption's fire, then the rest of the move)."""
    win, ctl = _window(qtbot)
    ins = _insurgent(win)
    # the fire shown as the last question before the move is asked (a question asked takes
    # other shots down): Bravo's move, or whether the Insurgents interrupt it
    ctl.decisionPending.connect(lambda d: win._on_event(Event(
        "fire", "fires", {"attacker": ins, "target": "bravo"}))
        if d.kind in (DecisionKind.MOVE, DecisionKind.INTERRUPT) else None)
    # as the slide ends (the next question, asked after, takes every shot down)
    seen: list[tuple[bool, QPointF, QPointF]] = []
    win.table.slid.connect(lambda: seen.append((win.table.shot.visible(), _tip(win),
                                                _middle(win, "bravo"))))
    r = win.table.table.base_radius
    before = _middle(win, "bravo")
    _move_bravo(win, ctl)  # 4" north, slid and drawn where the game has it
    assert seen
    shown, tip, after = seen[-1]
    assert (tip - before).manhattanLength() > 3.0  # it did not point where Bravo stood
    assert (after - before).manhattanLength() > 3.0
    assert shown
    assert (tip - after).manhattanLength() < 3 * r  # at the target where it stands now


def test_a_shot_goes_when_its_target_is_gone(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    ins = _insurgent(win)
    win._on_event(Event("fire", "fires", {"attacker": ins, "target": "alpha"}))
    for item in win.table.table.unit_figures("alpha"):
        item.hide()  # as the table draws a unit no longer in play
    win.table.follow_shot()
    assert not win.table.shot.visible()


def test_an_interruption_by_movement_leaves_no_arrow_over_the_overwatch_question(
        qtbot: Any) -> None:
    """Seed 2, turn 3: Insurgents R3 (with a leader: no Interrupt Check, no die) interrupts
    Fireteam Bravo's move by movement, and the Regulars are asked whether Fireteam Alpha
    fires at R3 from Overwatch. The interruption's timed arrow, R3 -> Bravo, stood over
    that question (nothing had taken it down: an answer with no throw takes no beat), as
    if R3 were shooting. The question is asked with no shot on the table."""
    from ambush_gui.systems import computer_choice
    from tests.gui.table.windows import table_window

    win = table_window(qtbot, systems.new_game(systems.load_scenario(
        systems.resolve("contracting-trouble")), 2))
    ctl = win.controller
    players = {s: systems.computer_player("alley", "normal", 2) for s in ("regular", "insurgent")}
    asked = None
    for _ in range(400):
        d = ctl.pending()
        assert d is not None
        choice, _ = computer_choice(players[d.side], ctl.game, d)
        if d.kind is DecisionKind.INTERRUPT and isinstance(choice, dict) \
                and choice.get("kind") == "move":
            ctl.set_pace(Pace.NORMAL)  # the interruption shown at a player's pace
            ctl.answer(choice)
            qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
            asked = ctl.pending()
            if asked is not None and asked.kind is DecisionKind.OVERWATCH:
                break
            ctl.set_pace(Pace.INSTANT)
            continue
        ctl.answer(choice)
    assert asked is not None and asked.kind is DecisionKind.OVERWATCH
    assert any(e.kind == "interrupt" and e.data.get("how") == "move"
               for e in ctl.game.log.events[-3:])
    assert win.decision_panel.current is not None
    assert not win.table.shot.visible()
