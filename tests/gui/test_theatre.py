"""The replay theatre in the window (issue 32): the timeline under the map shows any moment
of a game as it stood, never changes the game, and continues from a moment in a new game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.core.view import ALL  # noqa: E402
from ambush_gui.gui.app import Session  # noqa: E402
from ambush_gui.gui.shared.controller import Seat  # noqa: E402
from ambush_gui.gui.shared.game_window import GameWindow  # noqa: E402
from ambush_gui.gui.shared.pacing import big_moment  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CONTRACTING = ROOT / "tests/alley/golden/contracting-trouble-ai-1.json"
HEDGEROW = ROOT / "tests/ambush/format1/ambush-hedgerow-ai-1.json"


def replayed(path: Path, n: int) -> Any:
    return saves.replay(path, systems.factory, upto=n)


def opened(qtbot: Any, path: Path) -> tuple[Session, GameWindow]:
    session = Session()
    win = session.open_save(path)  # (a game opened and not played on is never written)
    assert win is not None
    qtbot.addWidget(win)
    win.controller.set_speed(0)
    return session, win


def click_bar(qtbot: Any, win: GameWindow, index: int) -> int:
    """A real click on the bar where stop ``index`` is drawn; the stop it chooses (a big
    moment's diamond a few pixels away wins: stops lie closer than a pointer can aim)."""
    bar = win.theatre.panel.bar
    count = len(win.theatre.marks.stops)
    x = round(bar._x(index, count))
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=QPoint(x, bar.height() // 2))
    return bar.index_at(x)


@pytest.mark.parametrize("path", [CONTRACTING, HEDGEROW], ids=["table", "hex map"])
def test_a_click_on_the_bar_shows_the_game_as_it_stood_and_the_game_is_untouched(
        qtbot: Any, path: Path) -> None:
    _, win = opened(qtbot, path)
    c, t = win.controller, win.theatre
    played, before = c.game, c.game.state_hash()
    answers, file = list(played.decisions), path.read_bytes()
    assert played.over
    marks = t.marks
    assert len([s for s in marks.stops if s[1] == 0]) == len(answers) + 1  # every decision
    assert len(marks.stops) - len(answers) - 1 == played.dice.count  # every throw
    assert marks.turns and marks.turns[0][0] == 0
    # every big moment of the game is marked (a finished game: everyone's)
    assert len(marks.big) == sum(1 for e in played.log.events if big_moment(e))
    win.resize(1280, 800)
    win.show()
    big = marks.big[0][0]
    for index in (marks.first[7], big, marks.first[len(answers) // 2]):
        chosen = click_bar(qtbot, win, index)
        assert t.index == chosen and (chosen == big if index == big else abs(chosen - index) <= 3)
        n, k = marks.stops[t.index]
        then = replayed(path, n)
        assert c.watching and c.game is not played
        # the game as it stood: at a decision, a replay to it; at a throw, the game once the
        # throw was told (checked against an independent replay in tests/test_timeline.py)
        expected = then if k == 0 else t.timeline.during(n, k)
        assert c.game.state_hash() == expected.state_hash()
        assert len(c.game.log.events) == len(expected.log.events)
        shown = [e.text for e in win.logged]
        if k == 0:
            # the log shown is the game's as the window words it (a failed Quality Check
            # is worded from the roll before it in the game shown), and that game's log is
            # the independent replay's
            assert shown == [win.worded(e).text for e in c.game.log.events]
            assert [e.text for e in c.game.log.events] == [e.text for e in then.log.events]
        else:  # a throw of the next answer: the log goes on to it
            assert len(shown) > len(then.log.events)
            assert [e for e in win.tray.throws][-1:]  # its dice are in the tray
        assert win.decision_panel.current is t.dock and "Watching" in t.panel.line.full
        assert c.pending() is None or c.pending() is then.pending() or True
    # answering, undoing, or saving the moment is impossible; the game waits untouched
    assert not c.can_undo() and "watching a past moment" in (c.undo_why_not() or "")
    win._answer("anything")
    assert "watching a past moment" in win.statusBar().currentMessage()
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert not c.watching and c.game is played and t.index is None
    assert played.state_hash() == before and played.decisions == answers
    assert path.read_bytes() == file


def test_keys_step_a_decision_and_a_throw_and_past_the_end_is_the_game(qtbot: Any) -> None:
    _, win = opened(qtbot, CONTRACTING)
    c, t = win.controller, win.theatre
    n_all = len(c.game.decisions)
    win.show()
    qtbot.waitExposed(win)
    assert win.dialog is not None  # the victory screen: its Watch it back opens the timeline
    watch = next(b for b in win.dialog.findChildren(QPushButton) if b.text() == "Watch it back")
    qtbot.mouseClick(watch, Qt.MouseButton.LeftButton)
    assert c.watching and t.index == 0 and not win.dialog
    t.leave()
    win.activateWindow()  # the keys go to the window that has them (offscreen: by hand)

    def key_click(key: Qt.Key, modifiers: Any) -> None:  # the menu's shortcuts, as typed
        QTest.keyClick(win.windowHandle(), key, modifiers)

    key_click(Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert c.watching and t.marks.stops[t.index] == (n_all - 1, 0)
    key_click(Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert t.marks.stops[t.index] == (n_all - 2, 0)
    # on one throw at a time through the next answer, then its end is the next decision
    throws = len(t.marks.rolls[n_all - 2])
    for k in range(1, throws + 1):
        key_click(Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier
                       | Qt.KeyboardModifier.ShiftModifier)
        assert t.marks.stops[t.index] == (n_all - 2, k)
        # the game as it stood once that throw was told (tests/test_timeline.py): its dice shown
        assert sum(e.kind == "roll" for e in c.game.log.events) == t.timeline.marks(n_all - 2)[1] + k
    key_click(Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)  # from a throw: its moment
    assert t.marks.stops[t.index] == (n_all - 2, 0)
    key_click(Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    key_click(Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)  # past the last: the game
    assert not c.watching and t.index is None


def test_play_runs_the_game_back_and_stops_at_its_end(qtbot: Any) -> None:
    _, win = opened(qtbot, CONTRACTING)
    c, t = win.controller, win.theatre
    win.show()
    t.show_index(len(t.marks.stops) - 12)
    t.toggle_play()
    assert t.playing
    qtbot.waitUntil(lambda: not t.playing, timeout=20000)
    assert c.watching and t.index == len(t.marks.stops) - 2  # the last stop before the game
    t.leave()


def test_watching_a_game_in_progress_stops_the_computer_and_the_game_goes_on_after(
        qtbot: Any) -> None:
    session = Session()
    win = session.new_game(systems.resolve("contracting-trouble"), "regular", 4)
    assert win is not None
    qtbot.addWidget(win)
    c, t = win.controller, win.theatre
    c.set_speed(0)
    for _ in range(12):  # the person answers with his first option; the computer its own
        qtbot.waitUntil(lambda: c.pending() is not None and not c.busy
                        and c.seat_of(c.pending()) is Seat.HUMAN, timeout=20000)
        win._answer(c.pending().options[0])
    qtbot.waitUntil(lambda: c.pending() is not None and not c.busy, timeout=20000)
    n = len(c.game.decisions)
    assert len(t.marks.stops) - t.marks.stops.count((n, 0)) >= n  # the bar grew with the game
    assert t.marks.stops[-1] == (n, 0)
    game, hashed = c.game, c.game.state_hash()
    t.step_decision(-1)
    assert c.watching
    qtbot.wait(50)
    assert game.state_hash() == hashed and len(game.decisions) == n  # nobody answered meanwhile
    t.leave()
    assert c.game is game and not c.watching
    qtbot.waitUntil(lambda: c.pending() is not None and not c.busy
                    and c.seat_of(c.pending()) is Seat.HUMAN, timeout=20000)
    win._answer(c.pending().options[0])  # and the game goes on
    assert len(game.decisions) > n


@pytest.mark.hand_over
def test_hot_seat_shows_what_the_seated_player_saw_unless_both_agree(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Market Day's road bomb is hidden from the Rangers: watching, the Rangers' player sees
    the moment as he saw it; both players agreeing shows everything."""
    from PySide6.QtWidgets import QMessageBox

    session = Session()
    win = session.new_game(systems.resolve("market-day"), "hotseat", 7)
    assert win is not None
    qtbot.addWidget(win)
    c, t = win.controller, win.theatre
    c.set_speed(0)
    answered = 0
    while answered < 6 or c.handing_to is not None or win.pass_widget is not None:
        if c.handing_to is not None:
            c.take_seat(c.handing_to)
        elif win.pass_widget is not None:
            win._pass_seat(win.pass_side)
        else:
            win._answer(c.pending().options[0])
            answered += 1
    seated = c.viewer
    t.step_decision(-1)
    assert c.watching and c.viewer == seated  # his own side's view, not everyone's
    assert t.dock is not None and "as you saw it" in t.dock.where.text()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    t.agree_to_show_all()
    assert c.viewer == seated
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    t.agree_to_show_all()
    assert c.watching and c.viewer == ALL
    t.leave()
    assert c.viewer == seated  # the live game is his view again


@pytest.mark.parametrize("path", [CONTRACTING, HEDGEROW], ids=["table", "hex map"])
def test_continue_from_the_moment_before_a_casualty_against_the_computer(
        qtbot: Any, path: Path) -> None:
    before = path.read_bytes()
    session, win = opened(qtbot, path)
    c, t = win.controller, win.theatre
    old_answers = list(c.game.decisions)
    at = next(i for i, text in t.marks.big if "casualty" in text or "wounded" in text
              or "killed" in text or "panics" in text)
    n = t.marks.stops[at][0]
    t.show_index(t.marks.index(n))
    seats = ({"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER} if c.system == "alley"
             else {"us": Seat.HUMAN})
    # the dialog starts as the game was played: a finished save played by computers on both
    # sides has no person to seat; a game against the computer goes on from the same seat
    from ambush_gui.gui.shared.theatre import ContinueDialog

    if c.system == "alley":
        dlg = ContinueDialog(c.played, n, win, {"regular": Seat.COMPUTER, "insurgent": Seat.HUMAN},
                             {"regular": "hard"})
        assert dlg.mode() == "insurgent" and dlg.level() == "hard"
        dlg = ContinueDialog(c.played, n, win, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN})
        assert dlg.mode() == "hotseat"
    saved = win.branch_from(n, seats, "hard")
    assert saved is not None and saved.exists()
    new = session.windows[-1]
    assert isinstance(new, GameWindow) and new is not win
    qtbot.addWidget(new)
    game = new.controller.game
    assert game.decisions == old_answers[:n]
    assert game.branched_from is not None and game.branched_from["at"] == n
    assert game.faces is not None and game.seed != replayed(path, 0).seed
    assert new.controller.seats == seats
    assert "fresh" in new.statusBar().currentMessage()
    assert f"continues from the moment after decision {n}" in new.log.text()
    assert "after it is fresh" in new.log.text()
    assert saves.verify(saved, systems.factory).decisions == old_answers[:n]
    assert not win.isVisible() and list(saves.read(path).decisions) == old_answers
    assert path.read_bytes() == before  # the old game's file: untouched


def test_watching_during_a_game_across_two_machines_the_other_players_answers_wait(
        qtbot: Any) -> None:
    """The other machine answers while a moment is watched: the game takes the answer (and
    is saved), the moment stays on screen saying so, and Esc shows the game where it now is."""
    session = Session()
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 4)
    seats = {"regular": Seat.HUMAN, "insurgent": Seat.REMOTE}

    def network(controller: Any) -> None:  # the host's end: it answers the game itself
        controller.relay = lambda choice: (controller.played.answer(choice), True)[1]

    win = session._window(game, seats, None, "normal", network=network)
    qtbot.addWidget(win)
    c, t = win.controller, win.theatre
    c.set_speed(0)
    while c.seat_of(c.pending()) is not Seat.REMOTE:
        qtbot.waitUntil(lambda: not c.busy)
        win._answer(c.pending().options[0])
    qtbot.waitUntil(lambda: not c.busy)
    n = len(game.decisions)
    assert c.watch_why_not() is None
    t.step_decision(-1)
    assert c.watching
    shown = c.game
    while c.seat_of(game.pending()) is Seat.REMOTE:  # the other machine's answers arrive
        game.answer(game.pending().options[0])
        c.changed_elsewhere()
        assert c.watching and c.game is shown and c.moved_on
    assert len(game.decisions) > n
    # the line under the bar (cut short with "…" where narrow; whole in its tooltip)
    assert "the other player has answered" in t.panel.line.full
    assert "the other player has answered" in t.panel.line.toolTip()
    assert json.loads(c.autosave.read_text())["decisions"] == game.decisions  # kept meanwhile
    seen: list[Any] = []
    c.decisionPending.connect(seen.append)
    t.leave()
    assert c.game is game and not c.watching and not c.moved_on
    qtbot.waitUntil(lambda: bool(seen), timeout=10000)
    assert seen[-1] is game.pending() and game.pending().side == "regular"
    assert t.marks.stops[-1] == (len(game.decisions), 0)  # the bar caught up


def test_the_question_then_is_quoted_with_its_side_named_once(qtbot: Any) -> None:
    """The Decision dock read "The question then (Insurgents): Insurgent: match your Defense
    dice…", the side named twice, once as the engine's address to it. The question is
    quoted as asked, without that address."""
    from ambush_gui.core.decisions import DecisionKind

    _, win = opened(qtbot, CONTRACTING)
    c, t = win.controller, win.theatre
    n = next(i for i in range(len(c.game.decisions))
             if (d := replayed(CONTRACTING, i).pending()) is not None
             and d.kind is DecisionKind.MATCH and d.side == "insurgent")
    asked = replayed(CONTRACTING, n).pending().prompt
    assert asked.startswith("Insurgent: match your Defense dice")
    t.show_index(t.marks.index(n))
    assert c.watching and t.dock is not None
    said = t.dock.asked.text()
    assert said == f"The question then (Insurgents): {asked.removeprefix('Insurgent: ')}", said
    t.leave()


def test_continue_from_here_during_playback_pauses_and_branches_the_moment_on_screen(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Playback ran on behind the dialog: the moment branched was not the one chosen."""
    from PySide6.QtWidgets import QDialog, QLabel

    from ambush_gui.gui.shared.theatre import ContinueDialog

    _, win = opened(qtbot, CONTRACTING)
    t = win.theatre
    win.show()
    t.show_index(t.marks.index(35))
    t.toggle_play()
    assert t.playing
    asked: dict[str, Any] = {}

    def exec_(dlg: ContinueDialog) -> int:
        asked["index"], asked["text"] = t.index, dlg.findChild(QLabel).text()
        qtbot.wait(1200)  # the player reads the dialog: more than two beats of playback
        asked["after"] = t.index
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ContinueDialog, "exec", exec_)
    monkeypatch.setattr(win, "branch_from", lambda n, *_a: asked.setdefault("branched", n))
    t.continue_from_here()
    n = t.marks.stops[asked["index"]][0]
    assert not t.playing and asked["after"] == asked["index"]  # paused while asked
    assert f"after decision {n}" in asked["text"] and asked["branched"] == n
    t.leave()


def test_a_branch_of_a_game_never_saved_names_the_file_it_is_kept_in(qtbot: Any) -> None:
    """The branch recorded ``branched_from.save = ""``: the game it came from was kept in a
    file of its own only when its window closed, after the branch was saved."""
    session = Session()
    win = session.new_game(systems.resolve("contracting-trouble"), "hotseat", 7)
    assert win is not None
    qtbot.addWidget(win)
    c, t = win.controller, win.theatre
    c.set_speed(0)
    while len(c.game.decisions) < 6:
        if c.handing_to is not None:
            c.take_seat(c.handing_to)
        elif win.pass_widget is not None:
            win._pass_seat(win.pass_side)
        else:
            win._answer(c.pending().options[0])
    assert c.save_path is None
    old = c.game
    t.step_decision(-1)
    saved = win.branch_from(3, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, "normal")
    assert saved is not None
    came = saves.read(saved).branched_from
    assert came is not None and came.save and came.save.endswith(".json")
    kept = saved.parent / came.save
    assert kept.exists() and saves.read(kept).decisions == old.decisions
    new = session.windows[-1]
    qtbot.addWidget(new)
    assert came.save in new.log.text()


@pytest.mark.parametrize("path", [CONTRACTING, HEDGEROW], ids=["table", "hex map"])
def test_the_turn_banner_says_which_moment_is_watched_not_who_is_thinking(
        qtbot: Any, path: Path) -> None:
    """Watching back a game the computer played, the banner said "Insurgent computer
    thinking…" of a moment long past."""
    from ambush_gui.core.decisions import Decision

    _, win = opened(qtbot, path)
    c, t = win.controller, win.theatre
    banner = win.turn_panel.banner if c.system == "alley" else win.mission_panel.banner
    total = len(c.played.decisions)
    t.show_index(t.marks.index(5))
    assert isinstance(c.game.pending(), Decision)  # a question was open then
    assert banner.text() == f"Watching decision 5 of {total}"
    if c.system == "alley":  # the prompt under it: the question then, not who "is deciding"
        assert win.turn_panel.prompt.text().startswith("The question then (")
    t.step_throw(1)
    n, k = t.marks.stops[t.index]
    assert banner.text() == f"Watching decision {n} of {total}" + (f", throw {k}" if k else "")
    t.leave()
    assert "Watching" not in banner.text()


def cut_cards(tray: Any) -> list[tuple[int, int, int]]:
    """The cards of the dice tray partly in view (left, right, the view's width): a card is
    wholly in view or wholly out of it; one wider than the view shows from its start."""
    view = tray.cards_area.viewport()
    out = []
    for card in tray.cards:
        left = card.mapTo(view, QPoint(0, 0)).x()
        right = left + card.width()
        whole = 0 <= left and right <= view.width() or right <= 0 or left >= view.width() \
            or left == 0 and card.width() > view.width()
        if not whole:
            out.append((left, right, view.width()))
    return out


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_watching_the_tray_shows_whole_cards_only(qtbot: Any, size: tuple[int, int]) -> None:
    """A play-tester watching a finished game: the dice tray showed a card cut at its left
    edge, where in play it shows whole cards only. Opened, and at each moment watched,
    each card is wholly in view or wholly out of it, the newest in view."""
    _, win = opened(qtbot, CONTRACTING)
    c, t = win.controller, win.theatre
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    tray = win.tray
    view = tray.cards_area.viewport()
    # the cards are placed a beat after they change (longer on a busy machine), and the
    # tray follows them then: looked at once it has
    qtbot.waitUntil(lambda: tray._laid_out() and not tray._following, timeout=5000)
    qtbot.wait(100)
    assert len(tray.cards) >= 4 and cut_cards(tray) == []
    marks = t.marks
    n = len(c.game.decisions)
    for index in (marks.first[n // 2], marks.first[n // 2] + 1, marks.first[n - 3],
                  marks.first[n - 3] + 2, marks.first[n // 3]):
        t.show_index(index)
        qtbot.waitUntil(lambda: tray._laid_out() and not tray._following, timeout=5000)
        qtbot.wait(100)
        assert c.watching and len(tray.cards) >= 4
        assert cut_cards(tray) == [], index
        assert 0 <= tray.latest.mapTo(view, QPoint(0, 0)).x() < view.width()
    t.leave()
