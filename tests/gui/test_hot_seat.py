"""Hot-seat hand-over and secrets kept (issue 28, item 9): a hot-seat game of Market Day
through the window, the seat handed over by real keys, and the Regular player's view
(the table's items, the Decision dock, the log, the dice tray, the turn panel) searched
for any trace of the Insurgents' hidden road bomb; keys pressed before the hand-over do
not answer; the curtain comes as each turn begins whether or not the Insurgents have
something to ask. And solo: the person sees his own hidden bomb, never the computer's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from ambush_gui import systems
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.fof import IedMarkItem
from ambush_gui.gui.table.items import LabelItem
from ambush_gui.gui.table.window import MainWindow
from ambush_gui.systems import computer_choice

MARKET_DAY = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "market-day.toml"
# what would tell the Regular player of the bomb, or that the Insurgents were asked about it
TRACES = ("road-bomb", "Medium IED", "set off", "under Station Road", "hidden move",
          "hidden from the Regulars")

pytestmark = pytest.mark.hand_over


def _window(qtbot: Any, seed: int, seats: dict[str, Seat],
            start: bool = True) -> tuple[MainWindow, GameController]:
    game = systems.new_game(systems.load_scenario(MARKET_DAY), seed)
    ctl = GameController(game, seats, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    if start:
        win.start()
    return win, ctl


def _widget_text(root: QWidget) -> str:
    out = []
    for w in [root, *root.findChildren(QWidget)]:
        if isinstance(w, QLabel | QAbstractButton):
            out.append(w.text())
        out.append(w.toolTip())
    return "\n".join(out)


def view_text(win: MainWindow) -> str:
    """Everything the window shows under the curtain: the table's items (their words and
    tips), the docks (Decision, turn panel, unit card, log) and the dice tray."""
    scene = win.table.table
    words = [i.text if isinstance(i, LabelItem) else "" for i in scene.items()]
    words += [i.toolTip() for i in scene.items()]
    words += [win.log.toPlainText(), _widget_text(win.decision_dock), _widget_text(win.tray),
              _widget_text(win.turn_panel), _widget_text(win.card), win.statusBar().currentMessage()]
    return "\n".join(words)


def assert_no_trace(win: MainWindow) -> None:
    text = view_text(win)
    found = [t for t in TRACES if t in text]
    assert not found, found
    assert not [i for i in win.table.table.items() if isinstance(i, IedMarkItem)]


def test_the_regular_view_holds_no_trace_of_the_bomb_and_keys_before_the_hand_over_do_not_answer(
        qtbot: Any) -> None:
    """Seed 1: the Insurgents are asked on turn 1 whether to set the road bomb off. Up to
    that question and after it, whenever the Regular player holds the seat or the curtain
    is coming down for the Insurgents over his view, nothing of the bomb shows; the
    question is asked only once the Insurgent player has taken the seat by his key."""
    win, ctl = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
    players = {s: systems.computer_player("alley", "normal", 1) for s in ("regular", "insurgent")}
    asked_secret = answered_after = 0
    keys_tried = False
    for _ in range(120):
        if ctl.handing_to is not None:
            assert win.curtain.isVisible() and win.curtain.opaque  # a side holds a secret
            if ctl.viewer == "regular":
                assert_no_trace(win)
            if ctl.handing_to == "insurgent" and ctl.viewer == "regular" and not keys_tried:
                # keys and clicks meant for the Regular's units: none answers, none passes
                n = len(ctl.game.decisions)
                for key in (Qt.Key.Key_1, Qt.Key.Key_Escape, Qt.Key.Key_Z, Qt.Key.Key_2):
                    qtbot.keyClick(win, key)
                    qtbot.keyClick(win.table.viewport(), key)
                qtbot.mouseClick(win.table.viewport(), Qt.MouseButton.LeftButton,
                                 pos=win.table.viewport().rect().center())
                qtbot.mouseClick(win.curtain, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
                assert len(ctl.game.decisions) == n and ctl.handing_to == "insurgent"
                assert win.curtain.isVisible() and win.dialog is None
                keys_tried = True
            qtbot.keyClick(win.curtain.button, Qt.Key.Key_Return)  # the next player's key
            continue
        if win.pass_widget is not None:
            assert ctl.viewer == "insurgent"
            qtbot.keyClick(win, Qt.Key.Key_Return)
            continue
        d = ctl.pending()
        assert d is not None and d.side == ctl.viewer, "asked of the player not in the seat"
        if ctl.viewer == "regular":
            assert_no_trace(win)
            if asked_secret:
                answered_after += 1
                if answered_after > 3:
                    break
        if d.facts.get("secret"):
            asked_secret += 1
            # behind the curtain, the owner sees his bomb, marked as hidden from the Regulars
            marks = [i for i in win.table.table.items() if isinstance(i, IedMarkItem)]
            assert marks and "set off" in _widget_text(win.decision_dock)
            assert "hidden from the Regulars" in view_text(win)
            win._answer("wait")
            continue
        choice, _ = computer_choice(players[d.side], ctl.game, d)
        win._answer(choice)
    assert keys_tried and asked_secret and answered_after > 3


def test_the_curtain_comes_for_the_insurgents_at_each_turn_start_even_with_nothing_to_ask(
        qtbot: Any) -> None:
    """Whether the Insurgents were asked a secret question must not show: as each turn
    begins, while their bomb waits, the seat goes to them, and with nothing to ask they
    only hand it back."""
    win, ctl = _window(qtbot, 3, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, start=False)
    seen: list[tuple[str, Any]] = []
    # as the engine starts a turn: who holds the seat then
    ctl.game.log.subscribe(lambda e: seen.append(("turn", (e.data["turn"], ctl.viewer)))
                           if e.kind == "turn" else None)
    ctl.handOver.connect(lambda s: seen.append(("hand", s)))
    ctl.passing.connect(lambda s: seen.append(("pass", s)))
    ctl.seatTaken.connect(lambda s: seen.append(("took", s)))
    ctl.eventLogged.connect(lambda e: seen.append(("shown", e.kind)))
    # an answer applied, a person's or one given for him: the engine logs its events then
    ctl.game.log.subscribe(lambda e: seen.append(("applied", e.kind)))
    players = {s: systems.computer_player("alley", "easy", 2) for s in ("regular", "insurgent")}
    win.start()
    for _ in range(900):  # into turn 5: each of the first four turns' starts has had its hand-over
        if ctl.game.state.turn >= 5 or ctl.pending() is None:
            break
        if ctl.handing_to is not None:
            ctl.take_seat(ctl.handing_to)
        elif win.pass_widget is not None:
            win._pass_seat(win.pass_side)
        else:
            d = ctl.pending()
            assert d is not None and not d.facts.get("secret"), "this seed asks nothing secret"
            seen.append(("answer", d.side))
            win._answer(computer_choice(players[d.side], ctl.game, d)[0])
    assert ctl.game.state.turn >= 5
    # as each turn starts the Insurgent player holds the seat, or is the next to take it
    turns = [(i, x[1]) for i, x in enumerate(seen) if x[0] == "turn"]
    assert [t for _, (t, _) in turns][:4] == [1, 2, 3, 4]
    for at, (turn, viewer) in turns[:4]:
        nxt = next((x for x in seen[at:] if x[0] == "hand"), None)
        assert viewer == "insurgent" or nxt == ("hand", "insurgent"), (turn, seen[at:at + 3])
    assert ("pass", "regular") in seen  # nothing to ask: the Insurgent player hands back
    # the events of an answer (its dice among them) are shown only after the hand-over, to
    # the player taking the seat, at the pace chosen: none while the curtain is down
    down = False
    for what, _ in seen:
        down = True if what == "hand" else False if what == "took" else down
        assert not (down and what == "shown")
    assert sum(1 for what, kind in seen if what == "shown" and kind == "roll") > 5
    # the log told again to each player taking the seat keeps the answers given for them
    forced = sum(1 for what, kind in seen if what == "shown" and kind == "forced")
    assert forced and win.log.toPlainText().count("Decided for the") == forced
    # after an answer that hands the seat over, nothing of it is shown before the hand-over
    # (a decision forced for the seated player is answered before it; its line, "Decided
    # for…", is told with its events, to the player who takes the seat)
    shown_since = False
    for k, (what, _kind) in enumerate(seen):
        if what in ("answer", "pass", "took", "applied"):
            shown_since = False
        elif what == "shown":
            shown_since = True
        elif what == "hand":
            assert not shown_since, " ".join(f"{a}:{b}" for a, b in seen[max(k - 12, 0):k + 1])


@pytest.mark.parametrize(("person", "drawn"), [("regular", False), ("insurgent", True)])
def test_solo_the_person_sees_his_own_hidden_bomb_and_never_the_computers(
        qtbot: Any, person: str, drawn: bool) -> None:
    computer = "insurgent" if person == "regular" else "regular"
    win, ctl = _window(qtbot, 1, {person: Seat.HUMAN, computer: Seat.COMPUTER})
    ctl.run_computer_now()
    marks = [i for i in win.table.table.items() if isinstance(i, IedMarkItem)]
    assert bool(marks) is drawn
    assert ("hidden from the Regulars" in view_text(win)) is drawn
    assert not win.curtain.isVisible()  # one person: no hand-over


@pytest.mark.parametrize("answer", ["wait", "its own"])
def test_solo_the_computers_secret_question_leaves_no_trace_not_even_that_it_was_asked(
        qtbot: Any, answer: str) -> None:
    """Seed 1, the person plays the Rangers: the computer's gunmen are asked on turn 1
    whether to set the road bomb off, because a ranger unit ended in its reach. The answer
    is given at once, with no "deciding" line, no think time and no line in the log: even
    "The Insurgents weigh a hidden move" would tell the person where a bomb lies, and the
    turn panel and status bar never show it either, even as the bomb goes off (seen in a
    play-test). The normal player sets it off at once ("its own"); made to wait, the game
    goes on with the bomb still hidden.)"""
    win, ctl = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER})
    ranger = systems.computer_player("alley", "normal", 1)
    secret: list[Any] = []
    real = ctl._apply_computer

    def spy(d: Any, choice: Any, reason: str) -> None:
        if d.facts.get("secret"):
            secret.append(d)
            choice = "wait" if answer == "wait" else choice
        real(d, choice, reason)

    ctl._apply_computer = spy  # type: ignore[method-assign]
    shown: list[Any] = []
    ctl.computerToMove.connect(shown.append)
    said: list[str] = []
    ctl.narrated.connect(lambda text, side: said.append(text))
    panels: list[str] = []  # what the turn panel and status bar said at each redraw
    ctl.stateChanged.connect(lambda: panels.append(
        _widget_text(win.turn_panel) + win.statusBar().currentMessage()))
    for _ in range(60):
        qtbot.waitUntil(lambda: not ctl.busy and (ctl.pending() is None
                                                  or ctl.pending().side == "regular"),
                        timeout=20000)
        assert not [p for p in panels if "hidden move" in p]
        if "road-bomb" in ctl.game.modules.get("ieds").spent:
            assert answer != "wait"
            break  # gone off: no secret any more
        assert_no_trace(win)
        if secret and len(said) > 3 or ctl.pending() is None:
            break
        d = ctl.pending()
        choice, _ = computer_choice(ranger, ctl.game, d)
        win._answer(choice)
    assert secret, "the computer was never asked its secret question on seed 1"
    assert not [d for d in shown if d.facts.get("secret")]
    assert not [t for t in said if any(w in t for w in TRACES)]


def test_a_quick_second_enter_meant_for_the_last_seat_does_not_lift_the_next_curtain(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: the Regular player pressed Enter twice, 0.4 s apart, to commit his fire;
    the second Enter went straight through the Insurgent player's curtain and showed him
    the hidden bomb. The curtain's button sleeps a moment after it comes down: keys pressed
    then (and a held key's repeats) go nowhere; once it is awake, Enter takes the seat."""
    from ambush_gui.gui.shared.curtain import Curtain

    monkeypatch.setattr(Curtain, "ARM_MS", 300)
    win, ctl = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
    assert ctl.handing_to == "insurgent" and win.curtain.isVisible()  # the first turn's look
    for target in (win, win.curtain, win.curtain.button):
        qtbot.keyClick(target, Qt.Key.Key_Return)
        qtbot.keyClick(target, Qt.Key.Key_Space)
    qtbot.mouseClick(win.curtain.button, Qt.MouseButton.LeftButton)
    assert ctl.handing_to == "insurgent" and win.curtain.isVisible()
    assert not win.curtain.button.isEnabled()
    qtbot.waitUntil(lambda: win.curtain.armed)
    assert win.curtain.button.isEnabled()
    qtbot.keyClick(win.curtain.button, Qt.Key.Key_Return)
    assert ctl.handing_to is None and not win.curtain.isVisible()


def test_the_next_player_does_not_inherit_the_last_ones_selection_or_sight_report(
        qtbot: Any) -> None:
    """Play-test: after the curtain, the Regular player's view still showed the Insurgent
    player's selected unit (the bomber's card) and his line-of-sight report."""
    from ambush_gui.gui.table.target_info import HINT

    win, ctl = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
    qtbot.keyClick(win.curtain.button, Qt.Key.Key_Return)  # the Insurgents' look at turn 1
    assert ctl.viewer == "insurgent"
    win.table.select("bomber")
    win.table.hoverInfo.emit("The bomber → Bravo team: line of sight clear")
    assert "bomber" in win.card.title.text().lower() or win.selected == "bomber"
    win._pass_seat("regular")
    qtbot.keyClick(win.curtain.button, Qt.Key.Key_Return)
    assert ctl.viewer == "regular"
    assert not win.selected and win.card.title.text() == "No unit selected"
    assert win.hover.text() == HINT


def test_a_throw_lands_in_the_tray_once_when_the_seat_passes(qtbot: Any) -> None:
    """Play-test: after the seat changed hands the tray showed some throws twice: it was
    told the whole log again, then the held answer's throws as they were shown."""
    win, ctl = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
    players = {s: systems.computer_player("alley", "normal", 1) for s in ("regular", "insurgent")}
    taken = 0
    for _ in range(80):
        if ctl.busy:
            ctl.hurry()  # the rest of the answer's events, shown at once
        rolls = [id(e) for t in win.tray.throws for e in t.rolls]
        assert len(rolls) == len(set(rolls)), "a throw is in the tray twice"
        if ctl.handing_to is not None:
            qtbot.keyClick(win.curtain.button, Qt.Key.Key_Return)
            taken += 1
            continue
        if win.pass_widget is not None:
            qtbot.keyClick(win, Qt.Key.Key_Return)
            continue
        d = ctl.pending()
        if d is None or taken > 8:
            break
        choice, _ = computer_choice(players[d.side], ctl.game, d)
        win._answer(choice)
    assert taken > 3


def test_the_curtain_follows_the_text_size(qtbot: Any) -> None:
    """View > Larger text reached the window but not the hand-over curtain: its words were
    sized by a style sheet (16pt, 11pt) and stayed so at 200%, whether the scale was
    chosen before the game or while the curtain was down. Its card widens with the words,
    and stays inside the window, every line whole."""
    from PySide6.QtWidgets import QApplication

    from ambush_gui.gui.shared import theme

    app_pt = QApplication.font().pointSizeF()
    win, ctl = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
    curtain = win.curtain
    assert curtain.isVisible()
    title, body = curtain.title.font().pointSizeF(), curtain.body.font().pointSizeF()
    button = curtain.button.font().pointSizeF()
    assert button == pytest.approx(app_pt)
    card = curtain.card.width()
    theme.set_scale(2.0)  # while the curtain is down
    assert curtain.title.font().pointSizeF() == pytest.approx(2 * title)
    assert curtain.body.font().pointSizeF() == pytest.approx(2 * body)
    assert curtain.button.font().pointSizeF() == pytest.approx(2 * button)
    assert curtain.card.width() > card
    QApplication.processEvents()
    inside = curtain.rect()
    assert inside.contains(curtain.card.geometry())
    for label in (curtain.title, curtain.body):
        assert label.height() >= label.heightForWidth(label.width())
    # a game opened at the remembered 200% has its curtain at 200% from the start
    again, _ = _window(qtbot, 1, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
    assert again.curtain.isVisible()
    assert again.curtain.title.font().pointSizeF() == pytest.approx(2 * title)
    assert again.curtain.button.font().pointSizeF() == pytest.approx(2 * button)


def test_the_curtains_card_is_as_tall_as_its_words_each_time_it_comes(qtbot: Any) -> None:
    """Seen under Xvfb: after a three-line "A look at the table…", the next curtain's one
    line ("Choose the unit that activates next") stood in the same three lines' height,
    blank above and below (a label's height for a width is never under its minimum, and
    the last words had set that)."""
    from PySide6.QtWidgets import QMainWindow

    from ambush_gui.core.view import LOOK
    from ambush_gui.gui.shared.curtain import Curtain

    win = QMainWindow()
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    curtain = Curtain(win)
    curtain.ask("insurgent", True, LOOK)
    tall = curtain.called.minimumHeight()
    curtain.hide()
    curtain.ask("regular", True, "Choose the unit that activates next")
    one_line = curtain.called.fontMetrics().lineSpacing()
    assert curtain.called.minimumHeight() < 2 * one_line < tall


def test_every_line_of_the_curtains_words_stands_above_its_button(qtbot: Any) -> None:
    """A play-test at 1920x1080: the last line of "…takes the seat and shows his view." ran
    under the button. The labels were measured at the card's width less its margins, not
    less its border too, and wrapped one line more than they were given."""
    from PySide6.QtWidgets import QApplication, QMainWindow

    from ambush_gui.core.view import DICE_FIRST
    from ambush_gui.gui.shared.curtain import Curtain

    win = QMainWindow()
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    curtain = Curtain(win)
    for side, opaque, called in (("regular", True, DICE_FIRST), ("insurgent", False, DICE_FIRST),
                                 ("regular", True, "Choose the unit that activates next")):
        curtain.ask(side, opaque, called)
        QApplication.processEvents()
        for label in (curtain.title, curtain.called, curtain.body):
            assert label.height() >= label.heightForWidth(label.width()), label.text()
        assert curtain.body.geometry().bottom() < curtain.button.geometry().top()
        curtain.hide()
