"""The Ambush! window: moving by clicks and drags with the MP cost shown, Paragraph Checks
in the reader, German moves animated, save, open, undo, and the launcher's missions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QLabel, QRadioButton  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.ambush.model import Mode  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.core.hexgrid import Hex  # noqa: E402
from ambush_gui.gui.hexmap.window import AmbushWindow  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import LEFT, NONE, SOLO, open_window  # noqa: E402


def cheapest(steps: dict[str, str]) -> str:
    """The step with the smallest MP cost (the road), the highest-numbered of equals."""
    return min(steps, key=lambda label: (int(steps[label].split()[0]), [-ord(c) for c in label]))


def first_ops_move(win: AmbushWindow) -> None:
    """Bring Sgt Novak onto the map by clicking his entry hex, so he has a counter."""
    d = win.controller.pending()
    assert d is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS
    win._on_pick("sgt-novak")
    assert win.mover(d) == "sgt-novak"
    entry = cheapest(win.map.steps)
    QTest.mouseClick(win.map.viewport(), LEFT, NONE, win.map.hex_centre(entry))
    novak = win.controller.game.state.soldiers["sgt-novak"]
    assert novak.hex is not None and novak.hex.label == entry


def test_steps_show_the_cost_and_the_path(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    first_ops_move(win)
    game = win.controller.game
    d = win.controller.pending()
    assert d.kind is DecisionKind.AMBUSH_OPERATIONS and win.mover(d) == "sgt-novak"
    novak = game.state.soldiers["sgt-novak"]
    shown = win.map.steps
    offered = {o["to"] for o in d.options if isinstance(o, dict) and o.get("soldier") == "sgt-novak"
               and o["to"] != "off"}
    assert set(shown) == offered
    for label, text in shown.items():  # the chart's cost, as the engine counts it
        from ambush_gui.ambush.actions import enter_cost
        from ambush_gui.core.hexgrid import Hex

        assert text == f"{enter_cost(game, novak, novak.hex, Hex.from_label(label))} MP"
    left = d.facts["mp_left"]["sgt-novak"]
    assert win.map._path.note.text == f"{left} of {novak.mpa} MP left"


def test_a_drag_along_the_hexes_enters_each(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    first_ops_move(win)
    game, view = win.controller.game, win.map
    novak = game.state.soldiers["sgt-novak"]
    start = novak.hex.label
    n = len(game.decisions)
    vp = view.viewport()
    here = view.counter_pos("sgt-novak")
    QTest.mousePress(vp, LEFT, NONE, here)
    entered = []
    for _ in range(2):
        assert win.map.steps  # the map shows the next steps after each answer
        to = cheapest(win.map.steps)
        there = view.hex_centre(to)
        for k in range(1, 5):  # several small moves on the way, like a hand
            QTest.mouseMove(vp, here + (there - here) * (k / 4))
        entered.append(to)
        here = there
    QTest.mouseRelease(vp, LEFT, NONE, view.hex_centre(entered[-1]))
    assert len(game.decisions) == n + 2
    assert [c["to"] for c in game.decisions[-2:]] == entered
    assert novak.hex.label == entered[-1] != start


def test_a_paragraph_check_shows_its_paragraph(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    game = win.controller.game
    ai = AmbushAI()
    for _ in range(200):  # the computer's hexes, clicked, until a Paragraph Check reads one
        d = win.controller.pending()
        before = len(game.log.events)
        choice = ai.choose(game, d)
        if isinstance(choice, dict) and choice.get("to") not in (None, "off") \
                and d.kind is DecisionKind.AMBUSH_OPERATIONS:
            win._on_pick(choice["soldier"])
            QTest.mouseClick(win.map.viewport(), LEFT, NONE, win.map.hex_centre(choice["to"]))
        else:
            win.controller.answer(choice)
        read = [e for e in game.log.events[before:] if e.kind == "paragraph"]
        if read:
            break
    assert read, "no Paragraph Check read a paragraph"
    assert win.reader.shown is not None
    assert win.reader.shown.number == read[-1].data["paragraph"]


def test_german_moves_are_animated(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    slides: list[tuple[str, list[str]]] = []
    real = win.map.animate_move
    monkeypatch.setattr(win.map, "animate_move", lambda sid, path, *a: (slides.append((sid, path)),
                                                                       real(sid, path, *a)))
    game, ai = win.controller.game, AmbushAI()
    while game.pending() is not None and not slides:
        win.controller.answer(ai.choose(game, game.pending()))
    assert slides, "no German moved in this game"
    sid, path = slides[0]
    assert game.state.soldiers[sid].side.value == "german"
    moved = [e.data["to"] for e in game.log.events
             if e.kind == "move" and e.data.get("german") == sid and e.data.get("to")]
    assert len(path) >= 2 and path[1:] == moved[:len(path) - 1]


def test_save_open_and_undo(qtbot: Any, tmp_path: Path) -> None:
    win = open_window(qtbot, "ambush-tutorial", 3)
    game, ai = win.controller.game, AmbushAI()
    for _ in range(6):
        win.controller.answer(ai.choose(game, game.pending()))
    before = game.state_hash()
    n = len(game.decisions)
    path = tmp_path / "mine.json"
    assert win._save_to(path)
    assert saves.read(path).players == {"us": "human"}
    win.undo_action.trigger()
    assert len(win.controller.game.decisions) < n
    assert win.open_path(path)
    assert win.controller.game.state_hash() == before
    assert isinstance(win.controller.game.scenario, type(game.scenario))
    # the map and docks were rebuilt from the loaded game
    assert {c.id for c in win.map._counters.values()} >= {
        s.id for s in win.controller.game.state.soldiers.values()
        if s.hex is not None and not s.left_map and s.active}


def test_the_launcher_lists_missions_and_opens_the_hex_window(qtbot: Any) -> None:
    from ambush_gui.gui.app import Session

    session = Session()
    session.launcher()
    dlg = session.launcher_window
    i = dlg.scenario.findData(str(systems.resolve("ambush-tutorial")))
    assert i >= 0
    alley = dlg.scenario.findData(str(systems.resolve("contracting-trouble")))
    dlg.scenario.setCurrentIndex(alley)
    assert [b.property("mode") for b in dlg.mode_group.buttons()] == [
        "hotseat", "regular", "insurgent", "host-regular", "host-insurgent"]
    dlg.scenario.setCurrentIndex(i)
    assert [b.property("mode") for b in dlg.mode_group.buttons()] == ["solo"]
    shown = [b for b in dlg.findChildren(QRadioButton) if b.isVisible()]
    assert shown == dlg.mode_group.buttons()  # the Ambush Alley choices are gone at once
    assert "Ambush!" in dlg.system_label.text()
    qtbot.mouseClick(dlg.start, LEFT)
    win = session.windows[0]
    assert isinstance(win, AmbushWindow)
    assert win.controller.seats == SOLO
    win.controller.answer(AmbushAI().choose(win.controller.game, win.controller.pending()))
    session.launcher()
    again = session.launcher_window
    qtbot.mouseClick(again.cont, LEFT)
    resumed = session.windows[1]
    assert isinstance(resumed, AmbushWindow)
    assert resumed.controller.game.state_hash() == win.controller.game.state_hash()
    for w in session.windows:
        w.close()


def test_hex_toggles_and_rules_reference(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", 3)
    menus = [a.text() for a in win.menuBar().actions()]
    # the Game menu sets the pace the German paragraphs' events are shown at
    assert menus == ["&File", "&Edit", "&View", "&Game", "&Timeline", "&Help"]
    view_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&View")
    grid = next(a for a in view_menu.actions() if a.text() == "Hex &outlines")
    numbers = next(a for a in view_menu.actions() if a.text() == "Hex &numbers")
    grid.trigger()
    numbers.trigger()
    assert not win.map.grid_visible and not win.map.labels_visible
    grid.trigger()
    assert win.map.grid_visible
    win.show_rules()
    from ambush_gui.gui.shared.rules_help import RulesHelp

    helps = win.findChildren(RulesHelp)
    assert helps and "Action Rounds" in helps[-1].text.toPlainText()


def test_the_docks_held_back_during_an_answer_show_everything_after_it(qtbot: Any) -> None:
    """The log and the reader wait for the redraw (one per answer): afterwards the log holds
    every event as a log fed one by one would, and the reader shows the last paragraph."""
    from ambush_gui.gui.shared.widgets import GameLog

    win = open_window(qtbot, "ambush-hedgerow", 1)
    game, ai = win.controller.game, AmbushAI()
    while game.pending() is not None and not any(e.kind == "german_turn" for e in game.log.events):
        win.controller.answer(ai.choose(game, game.pending()))
    plain = GameLog()
    qtbot.addWidget(plain)
    plain.side_of, plain.verdict = win.log_side, win.verdict  # its marks and colours, as the window's
    for e in game.log.events:
        plain.add(win.worded(e))  # in the player's words, a German named by his counter
    assert win.log.toPlainText() == plain.toPlainText()
    last = [e for e in game.log.events if e.kind == "paragraph" and "option" in e.data][-1]
    assert win.reader.shown is not None and win.reader.shown.number == last.data["paragraph"]


def test_tab_picks_the_next_soldier_who_may_move(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    win.activateWindow()  # window shortcuts need the window active
    qtbot.waitUntil(win.isActiveWindow)
    d = win.controller.pending()
    movers = list(dict.fromkeys(o["soldier"] for o in d.options if isinstance(o, dict)))
    first = win.mover(d)
    QTest.keyClick(win.map, Qt.Key.Key_Tab)
    second = win.mover(win.controller.pending())
    assert movers.index(second) == (movers.index(first) + 1) % len(movers)
    assert set(win.map.steps) == {o["to"] for o in d.options
                                  if isinstance(o, dict) and o["soldier"] == second and o["to"] != "off"}
    QTest.keyClick(win.map, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert win.mover(win.controller.pending()) == first


def test_the_soldier_whose_decision_is_open_is_the_one_selected(qtbot: Any) -> None:
    """Pvt Small stayed selected in the Squad list and on the map while Sgt Doyle acted."""
    win = open_window(qtbot, "ambush-tutorial", 3)
    game, ai = win.controller.game, AmbushAI()
    seen: set[str] = set()
    for _ in range(150):
        d = game.pending()
        if d is None or len(seen) >= 2:
            break
        sid = d.facts.get("soldier")
        if d.kind is DecisionKind.AMBUSH_ACTION and isinstance(sid, str):
            seen.add(sid)
            assert win.selected == sid
            assert win.map.selected == sid
        win.controller.answer(ai.choose(game, d))
    assert len(seen) >= 2  # two different soldiers acted, each selected in his turn


def test_a_marked_hex_says_what_it_is_and_an_own_soldier_is_selected_not_marked(qtbot: Any) -> None:
    """Pvt Small's hex turned red, with no word, while the 'which soldier acts next?'
    dialog pointed at him: he is selected now; a target's red hex says "Target: …"."""
    win = open_window(qtbot, "ambush-tutorial", 3)
    game = win.controller.game
    us = next(s for s in game.state.soldiers.values() if s.side.value == "us")
    german = next(s for s in game.state.soldiers.values() if s.side.value == "german")
    d = Decision(side="us", kind=DecisionKind.AMBUSH_ACTOR, prompt="which?", options=(us.id,))
    win._on_highlight(d, us.id)
    assert win.selected == us.id and win.map._marks == []
    assert us.name in win.statusBar().currentMessage()
    german.hex = Hex.from_label("0502")
    win._on_highlight(d, german.id)
    assert len(win.map._marks) == 1
    assert win.map._marks[0].tip == f"Target: {german.name}"
    assert "Target" in win.statusBar().currentMessage()
    win._on_highlight(d, "0601")
    assert len(win.map._marks) == 1 and "0601" in win.statusBar().currentMessage()


def test_an_appearance_is_marked_while_it_is_shown_and_then_cleared(qtbot: Any) -> None:
    """A red hex stayed where Gefreiter Falk had appeared after he moved on: the mark says
    who appeared and lasts until the next beat of the presentation."""
    from ambush_gui.gui.shared.pacing import Pace

    win = open_window(qtbot, "ambush-hedgerow", 1)
    ctl, ai = win.controller, AmbushAI()
    ctl.set_pace(Pace.STEP)
    marked: list[str] = []
    for _ in range(400):
        if ctl.waiting_for is not None:
            if "is activated in" in ctl.waiting_for:
                tips = [m.tip for m in win.map._marks]
                assert len(tips) == 1 and tips[0].endswith("appears here")
                marked.append(tips[0])
            elif marked:
                ctl.proceed()  # the next beat: the mark is gone
                assert all(not m.tip.endswith("appears here") for m in win.map._marks)
                break
            ctl.proceed()
            continue
        d = ctl.pending()
        if d is None:
            break
        if ctl.busy:
            continue
        ctl.answer(ai.choose(ctl.game, d))
    assert marked


def test_the_end_of_a_mission_fits_over_the_map_at_1280x800(qtbot: Any) -> None:
    """The end screen, 640 px wide and taller than the map, covered the right column's
    docks at 1280x800: it fits in the map view now, its ledger scrolling if it must."""
    from PySide6.QtCore import QRect

    from ambush_gui.gui.hexmap.dialogs.end import AmbushEndDialog

    win = open_window(qtbot, "ambush-hedgerow", 1)
    win.resize(1280, 800)
    ctl, ai = win.controller, AmbushAI()
    for _ in range(5000):
        d = ctl.pending()
        if d is None:
            break
        ctl.answer(ai.choose(ctl.game, d))
    qtbot.waitUntil(lambda: isinstance(win.dialog, AmbushEndDialog) and win.dialog.isVisible())
    vp = win.board.viewport() if hasattr(win.board, "viewport") else win.centralWidget()
    area = QRect(vp.mapToGlobal(vp.rect().topLeft()), vp.size())
    box = win.dialog.geometry()
    assert box.width() <= area.width() and box.height() <= area.height()
    assert area.adjusted(-2, -2, 2, 2).contains(box)
    assert win.dialog.close_button.isVisible()


def test_a_fire_with_one_possible_target_shows_its_odds_first(qtbot: Any) -> None:
    """Issue 29, defect 1: a soldier with one possible fire fired at once, unseen odds and
    all. The fire is asked like any other: its card selected, its hit chance shown, and
    Enter fires; Esc goes back to his actions instead."""
    from ambush_gui.gui.hexmap.dialogs.fire import AmbushFireDialog

    win = open_window(qtbot, "ambush-hedgerow", 5)
    game, ai = win.controller.game, AmbushAI()
    for _ in range(60):
        d = win.controller.pending()
        assert d is not None
        if d.kind is DecisionKind.AMBUSH_TARGET and len(d.options) == 1 and d.facts.get("odds"):
            break
        win.controller.answer(ai.choose(game, d))
    else:
        pytest.fail("a fire with one possible target was never asked")
    dlg = win.dialog
    assert isinstance(dlg, AmbushFireDialog) and dlg.isVisible()
    odds = d.facts["odds"][0]
    assert dlg.chance_label.text() == f"Hit chance {(odds['number'] + 1) * 10}%"
    assert dlg.cards[0][1].isChecked()
    n, action = len(game.decisions), game.decisions[-1]
    QTest.keyClick(dlg, Qt.Key.Key_Escape)  # back to his actions: nothing fired
    game = win.controller.game  # undone: a game rebuilt to the decision before
    assert len(game.decisions) == n - 1
    assert win.controller.pending().kind is DecisionKind.AMBUSH_ACTION
    win.controller.answer(action)
    d = win.controller.pending()
    assert d.kind is DecisionKind.AMBUSH_TARGET and len(d.options) == 1
    QTest.keyClick(win.dialog, Qt.Key.Key_Return)
    assert len(game.decisions) == n + 1 and game.decisions[-1] == d.options[0]


def test_f1_over_the_window_leaves_its_status_bar_in_sight(qtbot: Any) -> None:
    """Issue 29, defect 8: at 1280x800 F1 opens the rules over the left column, down to the
    window's foot: it covered the start of the status bar (a hex's report read "message
    to ..."). It ends above the status bar."""
    from PySide6.QtCore import QPoint

    from ambush_gui.gui.shared.rules_help import open_reference

    win = open_window(qtbot, "ambush-hedgerow", 1)
    win.resize(1280, 800)
    qtbot.wait(0)
    win.statusBar().showMessage("0502: Stone building, 3 MP to enter; empty")
    ref = open_reference(win, "ambush")
    qtbot.waitExposed(ref)
    bar = win.statusBar()
    top = bar.mapToGlobal(QPoint(0, 0)).y()
    assert ref.frameGeometry().left() < bar.mapToGlobal(QPoint(bar.width(), 0)).x()  # over it
    assert ref.frameGeometry().bottom() < top


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_mission_panel_is_whole_in_a_round(qtbot: Any, size: tuple[int, int]) -> None:
    """Issue 29, defect 8: at 1280x800 the Hedgerows' long title, Condition and victory
    lines pushed the prompt (and the tutorial's line) below the Mission dock's foot, once
    Rounds gave the AR Track its height. The dock takes the room it needs from the track's
    spare and the cards' tab, and shows its panel whole."""
    win = open_window(qtbot, "ambush-hedgerow", 1)
    win.resize(*size)
    game, ai = win.controller.game, AmbushAI()
    while not (game.state.round >= 2 and win.controller.pending().kind is DecisionKind.AMBUSH_ACTION):
        win.controller.answer(ai.choose(game, win.controller.pending()))
    qtbot.waitUntil(lambda: not win._fit_pending)  # the docks' new sizes, then the fit
    qtbot.wait(0)
    area = win.mission_panel.parentWidget().parentWidget()
    assert area.verticalScrollBar().maximum() == 0
    panel = win.mission_panel
    assert panel.heightForWidth(area.viewport().width()) <= area.viewport().height() \
        or panel.layout().totalHeightForWidth(area.viewport().width()) <= area.viewport().height()
    assert win.squad_dock.height() >= 100 or win.card_dock.height() >= 100


def test_a_tutorial_lesson_in_a_round_keeps_the_window_on_a_1280x800_screen(qtbot: Any) -> None:
    """The command lesson, taught at the first Round's first turn, is long: the Mission dock
    grew for it up to half the window, and with the AR Track's Round below it and the cards'
    tabs the window's least height passed 800 pixels (835 under Xvfb at 1280x800: the tabs
    off the screen). In a Round the dock takes what the AR Track and the cards' tab leave at
    their least, its lesson scrolling beyond."""
    win = open_window(qtbot, "ambush-tutorial", 4)
    win.resize(1280, 800)
    game, ai = win.controller.game, AmbushAI()
    while not (game.state.mode is Mode.ROUNDS
               and win.controller.pending().kind is DecisionKind.AMBUSH_ACTION):
        win.controller.answer(ai.choose(game, win.controller.pending()))
    qtbot.waitUntil(lambda: not win._fit_pending)
    win._fit_mission()
    qtbot.wait(0)
    assert win._left_column_least() <= 800
    assert _tabs_bottom(win) <= 800


def test_enter_after_a_stance_change_takes_the_action_picked_before_it(qtbot: Any) -> None:
    """Issue 29 play-test: a man's action picked, then a stance change first: the turn asked
    again had lost the pick and Enter (typed anywhere in the window) gave nothing. The pick
    stays selected and Enter takes it; with nothing picked the first Enter selects one."""
    win = open_window(qtbot, "ambush-tutorial", 4)
    game, ai = win.controller.game, AmbushAI()

    def stance_turn() -> bool:
        d = win.controller.pending()
        return (game.state.mode is Mode.ROUNDS and d.kind is DecisionKind.AMBUSH_ACTION
                and any(isinstance(o, dict) and "stance" in o for o in d.options))

    while not stance_turn():
        win.controller.answer(ai.choose(game, win.controller.pending()))
    dlg = win.dialog
    picked, card = next((a, c) for a, c in dlg.action_buttons if c.isEnabled())
    QTest.mouseClick(card, LEFT)
    stance, button = dlg.stance_buttons[0]
    QTest.mouseClick(button, LEFT)
    after = win.controller.pending()
    assert after.kind is DecisionKind.AMBUSH_ACTION and win.dialog is not dlg
    assert win.dialog.selection == picked
    n = len(game.decisions)
    QTest.keyClick(win, Qt.Key.Key_Return)
    assert len(game.decisions) == n + 1 and game.decisions[-1] == picked


def test_a_turn_in_a_round_shows_its_actions_at_1280x800(qtbot: Any) -> None:
    """Issue 29 play-test: at 1280x800 the Decision dock of a man's turn showed the first
    action card only, the others below the fold with no sign of them. The turn is compact
    (his header in brief, short cards two to a row, no rule line on each) and says when
    more lies below; every card can be brought into sight; the man stays on the map."""
    from ambush_gui.gui.hexmap.dialogs.actions import AmbushActionDialog

    win = open_window(qtbot, "ambush-tutorial", 4)
    win.resize(1280, 800)
    game, ai = win.controller.game, AmbushAI()
    while not (game.state.mode is Mode.ROUNDS
               and win.controller.pending().kind is DecisionKind.AMBUSH_ACTION):
        win.controller.answer(ai.choose(game, win.controller.pending()))
    qtbot.wait(50)
    dlg = win.dialog
    assert isinstance(dlg, AmbushActionDialog)
    view = dlg.body_scroll.viewport()

    def whole(card: Any) -> bool:
        top = card.mapTo(view, card.rect().topLeft())
        return top.y() >= 0 and top.y() + card.height() <= view.height()

    cards = [c for _, c in dlg.action_buttons]
    # two whole, the rest said to lie below: the column under the dock keeps the paragraphs'
    # banner line whether shown or not, so the commit button holds its place between turns
    assert sum(map(whole, cards)) >= 2
    bar = dlg.body_scroll.verticalScrollBar()
    assert bar.maximum() > 0 and dlg.more_below.isVisible()
    bar.setValue(bar.maximum())
    assert not dlg.more_below.isVisible()
    for n, card in enumerate(cards[:9], start=1):
        QTest.keyClick(dlg, Qt.Key.Key_0 + n)
        qtbot.wait(0)
        assert whole(card)
    sid = win.controller.pending().facts["soldier"]
    counter = win.map.mapFromScene(win.map._items[sid].sceneBoundingRect().center())
    assert win.map.viewport().rect().contains(counter)


def shown_points(game: Any, shown: list[Any]) -> int:
    """The points after the events ``shown``, read from them alone: each "score" event's
    points, and each man's casualty as his last damage result (or surrender) says it."""
    v = game.spec.victory
    total = sum(int(e.data["points"]) for e in shown if e.kind == "score")
    hurt: dict[str, str] = {}
    for e in shown:
        if e.kind == "damage" and e.data.get("result") not in (None, "none", "panic"):
            hurt[e.data["soldier"]] = "incapacitated" if hurt.get(e.data["soldier"]) == "wound" \
                and e.data["result"] == "wound" else str(e.data["result"])
        elif e.kind == "surrender":  # a paragraph's German gives himself up
            hurt[e.data.get("german") or e.data["soldier"]] = "captured"
    for sid, result in hurt.items():
        german = game.state.soldiers[sid].side.value == "german"
        total += ({"incapacitated": v.german_incapacitated, "killed": v.german_killed,
                   "captured": v.german_captured} if german else
                  {"incapacitated": v.us_incapacitated, "killed": v.us_killed,
                   "captured": v.us_killed, "wound": v.us_wounded}).get(result) or 0
    return total


@pytest.mark.parametrize("mission", ["ambush-tutorial", "ambush-hedgerow"])
def test_the_points_counter_follows_the_dice_tray(qtbot: Any, mission: str) -> None:
    """Issue 29 (play-test): the Mission panel's "Points" changed only at the player's next
    decision, Rounds after Doyle fell (the log said "+1 point: Gefreiter Hahn (A)
    activated", the panel "Points: +0"). At every rest and wait of the Step pace, before the
    next decision, it says the points of the events the tray has shown, never more."""
    from ambush_gui.gui.shared.pacing import Pace

    win = open_window(qtbot, mission, 4)
    ctl, ai = win.controller, AmbushAI()
    ctl.set_pace(Pace.STEP)
    shown: list[Any] = []
    ctl.eventLogged.connect(shown.append)
    changed_mid_answer, before = 0, ctl.game.standing()
    for _ in range(3000):
        if ctl.busy:
            said = win.mission_panel.score.text()
            assert said == f"Points: {shown_points(ctl.game, shown):+d}", shown[-1].text
            changed_mid_answer += said != f"Points: {sum(p for p, _ in before):+d}"
            ctl.proceed()
            continue
        d = ctl.pending()
        if d is None:
            break
        before = ctl.game.standing()
        ctl.answer(ai.choose(ctl.game, d))
    assert changed_mid_answer


def _tabs_bottom(win: AmbushWindow) -> int:
    """The foot of the cards' tab bar (Soldier, Squad, German) in the window."""
    from PySide6.QtWidgets import QTabBar

    bars = [b for b in win.findChildren(QTabBar) if b.isVisible()
            and "Squad" in [b.tabText(i) for i in range(b.count())]]
    assert bars
    return bars[0].mapTo(win, bars[0].rect().bottomLeft()).y()


def test_a_full_ar_track_keeps_the_cards_tabs_on_a_1280x800_screen(qtbot: Any) -> None:
    """Issue 29 play-test: at 1280x800 in Hedgerows, with the long title wrapped, markers
    stacked in the AR Track's narrow boxes and five men in the squad list, the window's
    least height passed the screen's and the Soldier/Squad/German tabs were half off it.
    The squad list scrolls below two lines, and the Mission dock gives back what the
    column lacks (its text scrolls)."""
    win = open_window(qtbot, "ambush-hedgerow", 4)
    win.resize(1280, 800)
    game, ai = win.controller.game, AmbushAI()
    while not (game.state.round >= 2 and win.controller.pending().kind is DecisionKind.AMBUSH_ACTION):
        win.controller.answer(ai.choose(game, win.controller.pending()))
    win.squad_dock.raise_()
    lst = win.squad.list
    assert lst.count() == 5 and lst.minimumHeight() < 3 * lst.sizeHintForRow(0)
    win.track.setMinimumHeight(330)  # as tall as the play-tester's crowded track
    qtbot.wait(0)
    win._fit_mission()
    win.resize(1280, 800)
    qtbot.wait(0)
    assert win._left_column_least() <= 800
    assert _tabs_bottom(win) <= 800


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_squad_list_shows_every_man_whole(qtbot: Any, size: tuple[int, int]) -> None:
    """Issue 29 play-test, 1920x1080: the Squad list was squeezed to two lines and a
    sideways scroll bar that hid the third man, its lines cut ("Sgt Hallam 0502 ·
    standing · unaware"). Its lines wrap in the column, it never scrolls sideways, and
    where the dock has the room every line shows."""
    win = open_window(qtbot, "ambush-tutorial", 4)
    win.resize(*size)
    game, ai = win.controller.game, AmbushAI()
    while game.state.mode is not Mode.ROUNDS:
        win.controller.answer(ai.choose(game, win.controller.pending()))
    win.squad_dock.raise_()
    lst = win.squad.list

    def whole() -> bool:
        return all(lst.viewport().rect().contains(lst.visualItemRect(lst.item(i)))
                   for i in range(lst.count()))

    qtbot.waitUntil(whole)  # the list refits once the tab is shown and laid out
    metrics = lst.fontMetrics()
    for i in range(lst.count()):  # a line wider than the list has wrapped, not been cut
        item = lst.item(i)
        if metrics.horizontalAdvance(item.text()) > lst.viewport().width():
            assert lst.visualItemRect(item).height() > metrics.height() * 1.5, item.text()
    assert not lst.horizontalScrollBar().isVisible()
    assert lst.horizontalScrollBarPolicy() is Qt.ScrollBarPolicy.ScrollBarAlwaysOff


def test_the_german_card_follows_the_moment_the_tray_waits_on(qtbot: Any) -> None:
    """Issue 29 play-test: the German card said "hex 0802, standing · panicked" while the
    tray waited at the Round's end and the log had said "panic over: prone". At every big
    moment the card shows the German as the moment has him, as the AR Track does."""
    from ambush_gui.ambush.charts import Side
    from ambush_gui.gui.shared.pacing import Pace

    win = open_window(qtbot, "ambush-tutorial", 4)
    ctl, ai = win.controller, AmbushAI()
    ctl.set_pace(Pace.STEP)
    seen = 0
    for _ in range(3000):
        if ctl.busy:
            moment, sid = ctl.moment, win.german_card.soldier_id
            if ctl.waiting_for is not None and moment is not None and sid is not None:
                s = moment.state.soldiers[sid]
                said = win.german_card.subtitle.text()
                assert ("panicked" in said) is s.panicked, (ctl.waiting_for, said)
                assert (s.hex is None or f"hex {s.hex.label}, {s.stance.value}" in said), said
                seen += 1
            ctl.proceed()
            continue
        d = ctl.pending()
        if d is None:
            break
        germans = [g for g in ctl.game.state.side(Side.GERMAN, active=False) if g.hex is not None]
        if germans and win.german_card.soldier_id is None:
            win._on_select(germans[0].id)
        ctl.answer(ai.choose(ctl.game, d))
    assert seen


def test_the_status_bar_names_the_counter_that_has_come_into_the_hovered_hex(qtbot: Any) -> None:
    """Issue 29 play-test: the status bar said "0502: ... empty" with a man's counter on
    0502 until the mouse moved. The hovered hex's line is said again as the counters are
    redrawn."""
    import copy

    win = open_window(qtbot, "ambush-hedgerow", 1)
    first_ops_move(win)  # Sgt Novak on the map, his next hexes offered
    target = cheapest(win.map.steps)
    win._on_hover(target)
    assert win.statusBar().currentMessage().endswith("empty")
    moment = copy.copy(win.controller.game)  # a moment the tray waits on: he has come in
    moment.state = copy.deepcopy(moment.state)
    moment.state.soldiers["sgt-novak"].hex = Hex.from_label(target)
    win._show_moment(moment)
    said = win.statusBar().currentMessage()
    assert said.startswith(f"{target}:") and "Sgt Novak" in said, said


def test_the_action_dialogs_commit_button_keeps_its_place_from_turn_to_turn(qtbot: Any) -> None:
    """Issue 29 play-test: the Decision dock's commit button stood at y 389 one turn and 406
    the next, as the docks tabbed under it changed their least height ("Last fire" in front
    of the Paragraphs, an Event Check's banner come and gone). At 1280x800 it stands in one
    place at every action decision."""
    win = open_window(qtbot, "ambush-tutorial", 4)
    win.resize(1280, 800)
    ctl, ai = win.controller, AmbushAI()
    places: set[int] = set()
    for _ in range(600):
        d = ctl.pending()
        if d is None:
            break
        qtbot.wait(0)
        dialog = getattr(win, "dialog", None)
        button = getattr(dialog, "commit_button", None)
        if d.kind is DecisionKind.AMBUSH_ACTION and button is not None:
            places.add(button.mapTo(win, button.rect().topLeft()).y())
        ctl.answer(ai.choose(ctl.game, d))
    assert len(places) == 1, places


def test_a_counters_tooltip_says_what_he_carries_in_the_charts_words(qtbot: Any) -> None:
    """Issue 29 play-test: a counter's tooltip read "Carries: m1-garand" (the chart's key) and
    left his grenades out. It says the Soldier card's words: weapons, clips and grenades."""
    win = open_window(qtbot, "ambush-hedgerow", 1)
    game = win.controller.game
    for s in game.state.soldiers.values():
        s.hex = s.hex or next(iter(game.state.map.hexes()))
    tips = {c.id: c.tip for c in win._counters(game)}
    novak = tips["sgt-novak"]
    assert "Carries: M1A1 Thompson submachinegun" in novak and "hand grenade" in novak
    keys = {w.weapon for s in game.state.soldiers.values() for w in s.weapons}
    assert not [k for k in keys for t in tips.values() if f"Carries: {k}" in t or f", {k}" in t]


def test_the_hover_line_does_not_tell_a_casualty_the_tray_has_not_shown(qtbot: Any) -> None:
    """Issue 29 play-test: while the tray waited on "Gefreiter Hahn (A) is activated", the
    status bar said "0403: Road, ...; Sgt Hallam (incapacitated)": the shot that hit him
    was shown two Continues later. The hovered hex's line names each counter as the map
    draws it (the moment's), never as the live game, further on, has him."""
    from ambush_gui.gui.shared.pacing import Pace

    win = open_window(qtbot, "ambush-tutorial", 4)
    ctl, ai = win.controller, AmbushAI()
    ctl.set_pace(Pace.STEP)
    ahead = 0  # hovers where the live game already had a casualty the map did not show
    for _ in range(3000):
        if ctl.busy:
            if ctl.waiting_for is not None:
                for c in win.map._counters.values():
                    win._on_hover(c.hex)
                    said = win.statusBar().currentMessage()
                    live = ctl.game.state.soldiers[c.id]
                    status = f"{live.name} ({live.status.value})"
                    if not c.out:  # drawn in the fight: named so, whatever the live game says
                        assert status not in said, (ctl.waiting_for, said)
                        ahead += not live.active
            ctl.proceed()
            continue
        d = ctl.pending()
        if d is None:
            break
        ctl.answer(ai.choose(ctl.game, d))
    assert ahead


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_decision_docks_main_button_shows_its_words_whole(qtbot: Any,
                                                              size: tuple[int, int]) -> None:
    """Issue 29 play-test: at 1280x800 the Decision dock's main button was cut on the right,
    "Pick an action fir…", "Fire at Schütze Lenz (B) (50%…": the hit chance was the part
    lost ("▼ more below" took the room the button was given). At every decision of the
    tutorial the button shows its whole words, inside the dock."""
    from PySide6.QtGui import QFontMetrics

    win = open_window(qtbot, "ambush-tutorial", 4)
    win.resize(*size)
    ctl, ai = win.controller, AmbushAI()
    fires = 0
    for _ in range(600):
        d = ctl.pending()
        if d is None:
            break
        qtbot.wait(0)
        dialog = getattr(win, "dialog", None)
        button = getattr(dialog, "default_button", None)
        if dialog is not None and button is not None and button.isVisible():
            full = button.property("full_text") or button.text()
            fires += hasattr(dialog, "fire_button")
            assert button.text() == full, full
            assert QFontMetrics(button.font()).horizontalAdvance(full) < button.width(), full
            right = button.mapTo(dialog, button.rect().topRight()).x()
            assert right < dialog.width(), (full, right, dialog.width())
            if hasattr(dialog, "fire_button") and "%" in full:
                assert full.split()[0].endswith("%"), full  # the chance first
        ctl.answer(ai.choose(ctl.game, d))
    assert fires


def a_turn_with_many_actions(qtbot: Any, size: tuple[int, int]) -> AmbushWindow:
    """Hedgerows, seed 1: Pvt Greer's turn in Round 2, six actions open to him, a crew
    machinegun's notes and four lines of kit to say."""
    win = open_window(qtbot, "ambush-hedgerow", 1)
    win.resize(*size)
    game, ai = win.controller.game, AmbushAI()
    while not ((d := win.controller.pending()).kind is DecisionKind.AMBUSH_ACTION
               and "hex" not in d.facts and sum("action" in o for o in d.options) >= 6):
        win.controller.answer(ai.choose(game, d))
    qtbot.wait(50)
    return win


@pytest.mark.parametrize(("size", "least"), [((1280, 800), 3), ((1920, 1080), 6)])
def test_a_mans_actions_can_be_compared_in_the_decision_dock(
        qtbot: Any, size: tuple[int, int], least: int) -> None:
    """Play-test, Hedgerows at 1280x800: the Decision dock of Greer's turn showed no whole
    action card (his weapons and his machinegun's notes stood above them), so the actions
    open to him could not be compared. His actions come first, his kit under them: several
    whole cards at 1280x800, all six at 1920x1080, none cut on the right."""
    win = a_turn_with_many_actions(qtbot, size)
    dlg = win.dialog
    view = dlg.body_scroll.viewport()

    def whole(card: Any) -> bool:
        r = card.rect().translated(card.mapTo(view, card.rect().topLeft()))
        return view.rect().contains(r)

    cards = [c for _, c in dlg.action_buttons]
    assert len(cards) >= 6
    assert sum(map(whole, cards)) >= least
    assert all(c.title_label.width() >= min(c.title_label.sizeHint().width(),
                                            c.title_label.minimumSizeHint().width())
               for c in cards)
    said = " ".join(t.text() for t in dlg.findChildren(QLabel))
    assert "M1919A4 light machinegun" in said  # his kit, under the actions


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_mans_actions_are_not_cut_on_the_right_at_200_percent(
        qtbot: Any, size: tuple[int, int]) -> None:
    """At 200% text one name in "Not possible now" made the turn's body wider than the
    dock: the action cards and the headings above it ran off its right edge."""
    from ambush_gui.gui.shared import theme

    theme.set_scale(2.0)  # the conftest sets it back
    dlg = a_turn_with_many_actions(qtbot, size).dialog
    view = dlg.body_scroll.viewport()
    assert dlg.body_widget.width() <= view.width()
    for _, card in dlg.action_buttons:
        assert card.mapTo(view, card.rect().topRight()).x() < view.width()


def test_an_action_keeps_its_number_key_all_through_a_mans_turn(qtbot: Any) -> None:
    """Play-test: the number keys followed the list of actions open, so after Greer went
    crouching (Move and snap fire, Charge closed) "4" took another action than it had. Each
    action keeps its key through his turn, shows it on its card and says it in its tooltip;
    a key whose action closed presses nothing."""
    win = a_turn_with_many_actions(qtbot, (1280, 800))
    before = {str(o): c.key for o, c in win.dialog.action_buttons}
    assert sorted(before.values()) == [1, 2, 3, 4, 5, 6]
    sid = win.controller.pending().facts["soldier"]
    crouch = next(b for o, b in win.dialog.stance_buttons if o == {"stance": "crouching"})
    qtbot.mouseClick(crouch, Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    d, dlg = win.controller.pending(), win.dialog
    assert d.kind is DecisionKind.AMBUSH_ACTION and d.facts["soldier"] == sid
    after = {str(o): c for o, c in dlg.action_buttons}
    assert len(after) < len(before)  # actions closed; those still open keep their keys
    for text, card in after.items():
        key = before[text]
        assert card.key == key
        assert str(key) in [w.text() for w in card.findChildren(QLabel)]
        assert f"Key {key} picks it" in card.toolTip()
        dlg.press_number(key)
        assert dlg.selection is not None and str(dlg.selection) == text
    picked = dlg.selection
    for gone in set(before.values()) - {c.key for c in after.values()}:
        dlg.press_number(gone)
        assert dlg.selection == picked


def test_the_number_keys_of_a_choice_between_men_follow_the_squad_list(qtbot: Any) -> None:
    """Which man acts next in this AR Track space: the keys followed the decision's
    options (by id: Abate, Greer, Novak) while the Squad list and the AR Track show Novak
    first. "1" picks the first of them in the Squad list, as its key cap says, and the
    keys stay so while the decision is open."""
    from ambush_gui.ambush.charts import Side
    from ambush_gui.gui.shared.controller import GameController
    from tests.gui.hexmap.test_ambush_dialogs import situations

    def out_of_squad_order(d: Decision, g: Any) -> bool:
        squad = [s.id for s in g.state.side(Side.US, active=False)]
        return list(d.options) != sorted(d.options, key=squad.index)

    game, d = next(situations(DecisionKind.AMBUSH_ACTOR, out_of_squad_order, seeds=range(1, 10),
                              limit=1))
    win = AmbushWindow(GameController(game, SOLO, delay_ms=0))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    qtbot.waitUntil(lambda: win.dialog is not None and win.controller.pending() is d)
    rows = [win.squad.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(win.squad.list.count())]
    shown = [sid for sid in rows if sid in d.options]
    assert shown != list(d.options)  # the case: the options' order is not the list's
    dlg = win.dialog
    win.activateWindow()
    for n, sid in enumerate(shown, start=1):
        card = dlg.cards[sid]
        assert dlg.keyed[n] is card and card.key == n
        cap = next(w for w in card.findChildren(QLabel) if w.objectName() == "keyCap")
        assert cap.text() == str(n)
    for n in (2, 1, len(shown)):  # again and back: the keys stay with their men
        QTest.keyClick(dlg, getattr(Qt.Key, f"Key_{n}"))
        assert dlg.cards[shown[n - 1]].isChecked(), (n, shown)
    assert win.controller.pending() is d


def test_aimed_fire_is_key_1_for_every_man_who_may_fire_a_leaders_command_row_first_or_not(
        qtbot: Any) -> None:
    """Play-test: Sgt Hallam's key 1 was Aimed fire, then at his next turn, with a man near
    him, "Give Cpl Brezina a turn" (the command row is shown first); he pressed 1 and Enter
    to fire and gave his turn away. Keys are given fire first, then move, throw, command."""
    win = open_window(qtbot, "ambush-hedgerow", 1)
    game, ai = win.controller.game, AmbushAI()
    seen = {"command": 0, "plain": 0}
    for _ in range(3000):
        d = win.controller.pending()
        if d is None or all(seen.values()):
            break
        acts = {str(o.get("action")) for o in d.options if isinstance(o, dict)}
        if d.kind is DecisionKind.AMBUSH_ACTION and "aimed" in acts and "hex" not in d.facts:
            qtbot.waitUntil(lambda d=d: win.dialog is not None and win.dialog.decision is d)
            keys = {o.get("action"): c.key for o, c in win.dialog.action_buttons
                    if isinstance(o, dict)}
            assert keys["aimed"] == 1, keys
            seen["command" if "give_turn" in acts else "plain"] += 1
        win.controller.answer(ai.choose(game, d))
    assert all(seen.values()), seen
