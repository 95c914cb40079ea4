"""A person plays one table game against the computer on another program, through the
window: the window hosts (or joins), the other end is a headless program in its own
process. The person's answers go through the window as a click's would (``_answer``);
both ends finish on one board and the guest's dice check passes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from ambush_gui import systems
from ambush_gui.gui.shared.controller import Pace, Seat
from ambush_gui.net.link import parse_address

TIMEOUT_MS = 240_000


def other_end(args: list[str], data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "AMBUSH_GUI_DATA": str(data), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-m", "ambush_gui", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def play_person(qtbot: Any, end: Any, side: str) -> Any:
    """Wait for the window, then answer the person's decisions until the game ends: a
    click on the Decision dock's default button or a move's Stay where there is one (a
    real click on the real widget), else the computer's answer through the window."""
    qtbot.waitUntil(lambda: end.window is not None, timeout=TIMEOUT_MS)
    win = end.window
    ctl = win.controller
    ctl.set_pace(Pace.INSTANT)
    assert ctl.seats == {side: Seat.HUMAN, ("insurgent" if side == "regular" else "regular"): Seat.REMOTE}
    person = systems.computer_player("alley", "normal", 11)
    seen_remote = []
    ctl.remoteToMove.connect(lambda d: seen_remote.append(win.remote_line()))

    clicks = []

    def step() -> bool:
        d = ctl.pending()
        if d is None:
            return True
        if d.side == side and not ctl.busy and ctl.sent is None and not ctl.offline:
            button = getattr(win.dialog, "default_button", None)
            stay = getattr(win.move_prompt, "stay", None)
            target = button if button is not None and button.isEnabled() and button.isVisible() \
                else stay if stay is not None and stay.isVisible() else None
            if target is not None and len(clicks) % 3 != 2:  # every third: the computer's answer
                clicks.append(d.kind)
                qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
            else:
                clicks.append(None)
                win._answer(systems.computer_choice(person, ctl.game, d)[0])
        return False

    qtbot.waitUntil(step, timeout=TIMEOUT_MS)
    assert any(line and "on the other machine" in line for line in seen_remote)
    # the other side's question without the engine's address to it: "deciding on the
    # other machine: Insurgent: interrupt…" said the side twice (a play-test)
    assert not any(line and re.search(r"machine: (Regular|Insurgent): ", line) for line in seen_remote)
    assert not any(line and re.search(r"\byour?\b", line.partition("machine")[2]) for line in seen_remote)
    assert sum(k is not None for k in clicks) >= 10, clicks  # most answers were clicks
    return win

def play_with_guest(qtbot: Any, end: Any, side: str, guest: subprocess.Popen[str]) -> tuple[Any, str]:
    """The person plays ``side`` at this end to the game's end while ``guest``, the other
    machine's process, plays the other: the window, and the guest's output once it exits
    with 0; the guest's one state hash is the host game's."""
    try:
        win = play_person(qtbot, end, side)
        out, _ = guest.communicate(timeout=TIMEOUT_MS / 1000)
    finally:
        guest.kill()
    assert guest.returncode == 0, out
    hashes = re.findall(r"^state hash: ([0-9a-f]{64})$", out, re.M)
    assert hashes == [end.host.game.state_hash()]
    return win, out



def test_a_person_hosts_in_the_window_and_the_computer_joins(qtbot: Any, tmp_path: Path) -> None:
    from ambush_gui.gui.app import Session
    from ambush_gui.gui.netplay import host_game

    scenario = systems.load_scenario(systems.resolve("market-day"))
    end = host_game(Session(), scenario, "market-day", "insurgent", 0)
    guest = other_end(["join", f"127.0.0.1:{end.server.serverPort()}", "--headless", "--computer",
                       "regular"], tmp_path / "guest")
    win, out = play_with_guest(qtbot, end, "insurgent", guest)
    assert "dice check: fair" in out
    assert win.windowTitle().startswith("Market Day")
    win.close()
    QApplication.processEvents()


def test_a_person_joins_in_the_window_and_the_computer_hosts(qtbot: Any, tmp_path: Path) -> None:
    from ambush_gui.gui.app import Session
    from ambush_gui.gui.netplay import join_game

    host = other_end(["host", "contracting-trouble", "--side", "insurgent", "--port", "0",
                      "--headless", "--computer", "insurgent"], tmp_path / "host")
    try:
        assert host.stdout is not None
        port = re.search(r"on port (\d+)", host.stdout.readline())
        assert port
        end = join_game(Session(), parse_address(f"127.0.0.1:{port.group(1)}"))
        win = play_person(qtbot, end, "regular")
        qtbot.waitUntil(lambda: end.guest.check is not None, timeout=TIMEOUT_MS)
        out, _ = host.communicate(timeout=TIMEOUT_MS / 1000)
    finally:
        host.kill()
    assert host.returncode == 0, out
    assert end.guest.check is not None and end.guest.check.fair
    hashes = re.findall(r"^state hash: ([0-9a-f]{64})$", out, re.M)
    assert end.guest.game is not None and hashes == [end.guest.game.state_hash()]
    log = win.log.toPlainText()
    assert "The game, with its seed, is saved to" in log and end.guest.check.words in log
    win.close()
    QApplication.processEvents()


def test_the_launcher_hosts_a_game_and_another_launcher_joins_it(qtbot: Any, monkeypatch: Any) -> None:
    """Two launchers in one process: one hosts Contracting Trouble as the Insurgents (the
    way to play under Players), the other joins by address; both tables open, each its
    own side's, the other seat the other machine's."""
    from ambush_gui.gui.app import Session
    from ambush_gui.net import link

    monkeypatch.setattr(link, "DEFAULT_PORT", 0)  # any free port
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    hosting = Session()
    hosting.launcher()
    dlg = hosting.launcher_window
    assert dlg is not None
    dlg.scenario.setCurrentIndex(dlg.scenario.findText("Contracting Trouble!"))
    button = next(b for b in dlg.mode_group.buttons() if b.property("mode") == "host-insurgent")
    assert "you play the Insurgents" in button.text()
    button.setChecked(True)
    qtbot.mouseClick(dlg.start, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(hosting.network_ends))
    host_end = hosting.network_ends[0]
    assert host_end.dialog is not None and host_end.dialog.isVisible()
    port = host_end.server.serverPort()
    joining = Session()
    joining.launcher()
    assert joining.launcher_window is not None
    joining.launcher_window.joinGame.emit(f"127.0.0.1:{port}")
    qtbot.waitUntil(lambda: bool(joining.network_ends) and joining.network_ends[0].window is not None
                    and host_end.window is not None, timeout=TIMEOUT_MS)
    guest_end = joining.network_ends[0]
    assert host_end.window.controller.seats == {"insurgent": Seat.HUMAN, "regular": Seat.REMOTE}
    assert guest_end.window.controller.seats == {"regular": Seat.HUMAN, "insurgent": Seat.REMOTE}
    assert host_end.dialog is None  # the waiting window gave way to the table
    for end in (host_end, guest_end):
        end.window.close()
    QApplication.processEvents()


def test_keys_typed_in_the_chat_line_are_the_chats_only(qtbot: Any) -> None:
    """Enter in the chat line sends the line and answers nothing (a play-test's Enter
    did both); Space, the digits, the letters, the arrows, Backspace and Esc typed there
    are not the window's keys either: not while a decision is open, not while a move is."""
    from PySide6.QtTest import QTest

    from ambush_gui.core.decisions import DecisionKind
    from ambush_gui.gui.netplay import NetEnd
    from tests.gui.table.test_playthrough import HOTSEAT
    from tests.gui.table.test_playthrough import open_window as open_table
    from tests.gui.test_keyboard_turns import answered, human_decision

    class Chatting(NetEnd):
        def __init__(self) -> None:
            super().__init__(None)
            self.said: list[Any] = []

        def session(self) -> Any:
            return type("S", (), {"chat": staticmethod(lambda text: [text])})()

        def send(self, messages: list[Any]) -> None:
            self.said.extend(messages)

    win = open_table(qtbot, HOTSEAT)
    end = Chatting()
    end.window = win
    end._add_chat(win)
    line = end.chat_line
    assert line is not None
    game = win.controller.game

    def type_in(*keys: Qt.Key) -> None:
        line.setFocus()
        win.activateWindow()
        for key in keys:
            QTest.keyClick(win.windowHandle(), key)

    d = human_decision(qtbot, win)
    assert d.kind is DecisionKind.ACTIVATE
    n = len(game.decisions)
    K = Qt.Key
    type_in(K.Key_1, K.Key_Space, K.Key_S, K.Key_W, K.Key_E, K.Key_Up, K.Key_Down, K.Key_Return)
    type_in(K.Key_Enter, K.Key_Return, K.Key_2, K.Key_Space)
    assert not answered(win, n) and not win.controller.busy
    assert end.said == ["1 swe"]  # one line sent; the empty Enters after it sent nothing
    assert "You: 1 swe" in win.log.toPlainText()
    type_in(K.Key_Escape)  # Esc leaves the line: the keys are the game's again
    assert not line.hasFocus() and line.text() == "2 "
    while (d := human_decision(qtbot, win)) is not None and d.kind is not DecisionKind.MOVE:
        n = len(game.decisions)
        for _ in range(3):  # the first Enter shows the choice, the next makes it
            if not answered(win, n):
                QTest.keyClick(win.windowHandle(), K.Key_Return)
        assert answered(win, n), d
    mv = win.table.moving
    assert mv is not None and mv.dest is None and any(a.isEnabled() for a in win.table_keys)
    n = len(game.decisions)
    line.clear()
    type_in(K.Key_Up, K.Key_Right, K.Key_W, K.Key_S, K.Key_Backspace, K.Key_Return, K.Key_Escape)
    assert not answered(win, n)
    assert mv.dest is None and mv.waypoints == [] and win.table.moving is mv
    assert end.said == ["1 swe", "w"]


def two_ends(qtbot: Any) -> tuple[Any, Any]:
    """A host's window and a guest's in this process, joined on a free port."""
    from ambush_gui.gui.app import Session
    from ambush_gui.gui.netplay import host_game, join_game

    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    host = host_game(Session(), scenario, "contracting-trouble", "insurgent", 0)
    guest = join_game(Session(), ("127.0.0.1", host.server.serverPort()))
    qtbot.waitUntil(lambda: host.window is not None and guest.window is not None
                    and guest.window.controller.pending() is not None, timeout=TIMEOUT_MS)
    for end in (host, guest):
        end.window.controller.set_pace(Pace.INSTANT)
    return host, guest


def asked(monkeypatch: Any, kind: str, *answers: Any) -> list[str]:
    """QMessageBox.``kind`` answered with ``answers`` in turn (then the last again); the
    texts it was asked, in order."""
    said: list[str] = []

    def answer(parent: Any, title: str, text: str, *rest: Any) -> Any:
        said.append(text)
        return answers[min(len(said), len(answers)) - 1] if answers else None

    monkeypatch.setattr(QMessageBox, kind, answer)
    return said


def no_busy_bar(win: Any) -> bool:
    return not win.thinking_indicator.isVisible() and not win.turn_panel.busy.isVisible()


def test_the_host_is_asked_before_quitting_and_the_guest_told_the_host_left(
        qtbot: Any, monkeypatch: Any) -> None:
    """The host's File > Quit, the other player connected, asks first (No: the game goes
    on). Yes: the guest is told, and its banner says the other player left, with no busy
    bar (a play-test's guest read "thinking…" over a running bar after the host had gone)."""
    B = QMessageBox.StandardButton
    host, guest = two_ends(qtbot)
    questions = asked(monkeypatch, "question", B.No, B.Yes)
    warnings = asked(monkeypatch, "warning")
    host.window.quit_app()  # No: nothing closes, the application does not quit
    assert questions and "The other player is still connected; quit and end the game for both?" \
        in questions[0]
    save = host.autosave_path()  # and how to go on with it: hosted again, or at one machine
    assert f'host it again with "ambush-gui host {save}"' in questions[0]
    assert f'hot-seat at one computer with "ambush-gui play {save}"' in questions[0]
    assert host.window.isVisible() and host.link is not None and host.link.open
    host.window.close()  # Yes
    assert not host.window.isVisible() and len(questions) == 2
    qtbot.waitUntil(lambda: bool(warnings), timeout=20_000)
    win = guest.window
    c = win.controller
    assert c.offline == "The other player has left; the game is saved on the host's machine."
    assert len(warnings) == 1 and warnings[0].startswith(c.offline)
    assert f"network/{host.autosave_path().name}" in warnings[0]
    assert "The host can host it again from that file" in warnings[0]
    assert win.turn_panel.banner.text() == "The other player has left"
    assert no_busy_bar(win)
    assert "thinking" not in win.turn_panel.banner.text()
    win.close()


def test_a_guest_whose_host_is_gone_is_told_so_once_not_asked_to_join_again_and_again(
        qtbot: Any, monkeypatch: Any) -> None:
    """The host's program dies: the guest is offered to join again once; refused, it says
    plainly that the host is gone and where the save is, and asks no more."""
    B = QMessageBox.StandardButton
    host, guest = two_ends(qtbot)
    questions = asked(monkeypatch, "question", B.Yes)
    told = asked(monkeypatch, "information")
    port = host.server.serverPort()
    host.server.close()  # the host's program is gone: nothing listens, the link breaks
    host.leaving = True
    assert host.link is not None
    host.link.socket.abort()
    qtbot.waitUntil(lambda: bool(told), timeout=20_000)
    QApplication.processEvents()
    assert len(questions) == 1 and "Join again?" in questions[0]
    assert len(told) == 1 and f"Nothing answers at 127.0.0.1:{port}" in told[0]
    assert f"network/host-{guest.guest.session}.json" in told[0]
    win = guest.window
    assert win.controller.offline.startswith("The host is gone")
    assert win.turn_panel.banner.text() == "The host is gone"
    assert no_busy_bar(win)
    win.close()
    host.window.close()


def test_the_hosts_waiting_window_and_help_point_to_the_manual_not_the_docs(
        qtbot: Any, capsys: Any) -> None:
    """Players have the manual, not the source's docs/: the waiting window names the
    manual's page on two machines and its button opens it there; so does ``--help``."""
    from ambush_gui.cli import main
    from ambush_gui.gui.app import Session
    from ambush_gui.gui.netplay import host_game
    from ambush_gui.gui.shared.manual import _OPEN

    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    end = host_game(Session(), scenario, "contracting-trouble", "insurgent", 0)
    dialog = end.dialog
    assert dialog is not None and dialog.isVisible()
    assert "docs/" not in dialog.label.text()
    assert "Playing across two machines" in dialog.label.text()
    qtbot.mouseClick(dialog.manual_button, Qt.MouseButton.LeftButton)
    assert _OPEN and _OPEN[0].isVisible() and _OPEN[0].page.name == "two-machines.md"
    assert "Hosting through a home router" in _OPEN[0].browser.toPlainText()
    dialog.reject()
    _OPEN[0].close()
    try:
        main(["--help"])
    except SystemExit:
        pass
    out = capsys.readouterr().out
    assert "docs/" not in out and "Playing across two machines" in out


def test_a_chat_line_from_the_other_player_is_brought_into_sight(qtbot: Any) -> None:
    """A play-test: the guest was reading the brief in the tab beside the game log and
    never saw the host's "Good luck". The line comes to the front in the game log and
    shows in the status bar."""
    from ambush_gui.gui.netplay import NetEnd
    from ambush_gui.net.session import Said
    from tests.gui.table.test_playthrough import HOTSEAT
    from tests.gui.table.test_playthrough import open_window as open_table

    win = open_table(qtbot, HOTSEAT)
    end = NetEnd(None)
    end.window = win
    end._add_chat(win)
    brief = next(d for d in win.findChildren(type(win.log_dock))
                 if d is not win.log_dock and win.tabifiedDockWidgets(win.log_dock).count(d))
    brief.raise_()
    qtbot.waitUntil(lambda: win.log_dock.visibleRegion().isEmpty())
    said = Said()
    said.chat.append(("regular", "Good luck, raiders"))
    end.tell(said)
    qtbot.waitUntil(lambda: not win.log_dock.visibleRegion().isEmpty())
    # the scenario's name for the side, as the rest of the window says it, not "Regulars:"
    assert "US Marines: Good luck, raiders" in win.log.toPlainText()
    assert "Regulars:" not in win.log.toPlainText()
    assert "US Marines: Good luck, raiders" in win.statusBar().currentMessage()


def test_the_hosts_save_opens_for_hot_seat_saying_whose_seat_was_elsewhere(
        qtbot: Any, tmp_path: Path) -> None:
    """A game across two machines opened at one (``play SAVE``): the other machine's seat
    is a person's here, and the log's line says so; it stays through a reload of the log."""
    from ambush_gui.core import saves
    from ambush_gui.gui.app import Session

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    game.start()
    path = tmp_path / "host-0123.json"
    saves.save(game, path, {"regular": "human", "insurgent": "remote"})
    win = Session().open_save(path)
    assert win is not None
    qtbot.addWidget(win)
    assert win.controller.seats == {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}
    line = ("This game was played across two machines, the Insurgents at the other one; here a "
            "person at this computer plays them too (hot-seat).")
    assert line in win.log.toPlainText()
    win.reload_log(win.controller.game.log.events)
    assert line in win.log.toPlainText()
    win.close()


def test_a_take_back_keeps_the_chat_and_the_networks_lines_in_the_log(qtbot: Any) -> None:
    """A take-back plays the game again and the log is told again from its events: the
    chat and "The other player joined" were wiped from both logs (a play-test). They stay,
    in their places."""
    from ambush_gui.core.dice import Dice
    from ambush_gui.gui.netplay import NetEnd
    from ambush_gui.net.session import Said, replayed
    from tests.gui.table.test_playthrough import HOTSEAT
    from tests.gui.table.test_playthrough import open_window as open_table

    win = open_table(qtbot, HOTSEAT)
    c = win.controller
    end = NetEnd(None)
    end.window = win
    end._add_chat(win)
    said = Said()
    said.tell("The other player joined: the game begins.")
    said.chat.append(("insurgent", "Good luck"))
    end.tell(said)
    end.tell_log("You: And to you", "chat")
    lines = ["The other player joined: the game begins.", "Insurgents: Good luck", "You: And to you"]
    c.replace_game(replayed(c.game, len(c.game.decisions), Dice(c.game.seed)), None, c.seats)
    text = win.log.toPlainText()
    assert all(line in text for line in lines), text
    assert [text.index(line) for line in lines] == sorted(text.index(line) for line in lines)
    assert text.count("Good luck") == 1


def test_joining_nobody_says_what_to_check_and_retry_joins_once_the_host_is_there(
        qtbot: Any, monkeypatch: Any) -> None:
    """"Could not join …: Connection refused" gave no advice and no way but to start again:
    it says what to check, and Retry joins once the host is hosting."""
    from ambush_gui.gui.app import Session
    from ambush_gui.gui.netplay import HostPlay, join_game
    from ambush_gui.net.link import listen
    from ambush_gui.net.session import Host

    probe = listen(0)
    port = probe.serverPort()
    probe.close()  # nothing listens there now
    guest = join_game(Session(), ("127.0.0.1", port))
    dialog = guest.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.retry_button is not None, timeout=20_000)
    news = dialog.news.text()
    assert f"Could not join 127.0.0.1:{port}:" in news
    assert "Check that the host has started hosting" in news and "firewall" in news
    assert f"port {port}" in news and news.endswith("Then Retry.")
    assert dialog.retry_button is not None and dialog.retry_button.isVisible()
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    host = HostPlay(Session(), Host(scenario, "contracting-trouble", "insurgent"), listen(port))
    qtbot.mouseClick(dialog.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: host.window is not None and guest.window is not None,
                    timeout=TIMEOUT_MS)
    asked(monkeypatch, "question", QMessageBox.StandardButton.Yes)
    guest.window.close()
    host.window.close()


def test_the_guest_is_asked_before_leaving_and_the_host_told_once(
        qtbot: Any, monkeypatch: Any) -> None:
    """The guest's Quit asked nothing (the host's asks): it asks, saying the game can be
    rejoined while the host keeps it open. The host's log said "The other player left: The
    other player closed the game's window." (twice "the other player"): once now."""
    B = QMessageBox.StandardButton
    host, guest = two_ends(qtbot)
    questions = asked(monkeypatch, "question", B.No, B.Yes)
    guest.window.close()  # No: the window and the game stay
    assert len(questions) == 1 and "The host keeps it" in questions[0]
    assert "join again (127.0.0.1:" in questions[0]
    assert guest.window.isVisible() and guest.link is not None and guest.link.open
    guest.window.close()  # Yes
    assert not guest.window.isVisible() and len(questions) == 2
    qtbot.waitUntil(lambda: "The other player left" in host.window.log.toPlainText(), timeout=20_000)
    log = host.window.log.toPlainText()
    assert ("The other player left: they closed the game's window; they can join again while "
            "this window keeps the game open.") in log
    assert log.count("The other player") == len(re.findall(r"The other player (left|joined)", log))
    host.window.close()


def test_the_launcher_hosts_a_saved_game_again_and_the_guest_on_another_process_rejoins(
        qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """A game hosted by one program and joined by another, the host's program killed
    mid-game: the launcher's Host a saved game for a friend… opens its save, asks the port
    (the side is the save's), and the guest's program, started again, joins it as before
    and plays it to the end on one board with fair dice. (Before, only ``ambush-gui host
    SAVE`` could.)"""
    import signal
    import time

    from PySide6.QtWidgets import QFileDialog, QInputDialog

    from ambush_gui.gui.app import Session

    first = other_end(["host", "market-day", "--side", "insurgent", "--port", "0", "--headless",
                       "--computer", "insurgent", "--pace", "0.02"], tmp_path / "host")
    assert first.stdout is not None
    port_found = re.search(r"on port (\d+)", first.stdout.readline())
    assert port_found
    port = int(port_found.group(1))
    join_args = ["join", f"127.0.0.1:{port}", "--headless", "--computer", "regular"]
    guest = other_end([*join_args, "--pace", "0.02"], tmp_path / "guest")
    try:
        folder = tmp_path / "host" / "network"
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while not list(folder.glob("host-*.json")) and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.5)  # some decisions in
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=60)
        out, _ = guest.communicate(timeout=TIMEOUT_MS / 1000)
        assert guest.returncode == 1 and "Join again to go on" in out, out
    finally:
        first.kill()
        guest.kill()
    save = next(folder.glob("host-*.json"))
    asked: list[str] = []

    def get_int(parent: Any, title: str, text: str, value: int, *rest: Any) -> tuple[int, bool]:
        asked.append(text)
        return port, True  # the port it was hosted on, where the guest's record finds it

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(save), ""))
    monkeypatch.setattr(QInputDialog, "getInt", get_int)
    hosting = Session()
    hosting.launcher()
    dlg = hosting.launcher_window
    assert dlg is not None
    qtbot.mouseClick(dlg.host_saved, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and "you play the Gunmen (Insurgents) again" in asked[0]
    assert hosting.network_ends and not dlg.isVisible()
    end = hosting.network_ends[0]
    assert end.server.serverPort() == port and end.host.game is not None
    stopped = len(end.host.game.decisions) + 1  # the decision it waits at
    again = other_end(join_args, tmp_path / "guest")
    win, out = play_with_guest(qtbot, end, "insurgent", again)
    assert f"it stands at decision {stopped}, as the host's does" in out
    assert "kept no record" not in out
    assert "dice check: fair" in out
    win.close()
    QApplication.processEvents()


def test_the_launcher_will_not_host_a_game_played_at_one_computer(
        qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """A hot-seat save has no session to rejoin: the launcher says why, and what to do."""
    from ambush_gui.core import saves
    from ambush_gui.gui.launcher import Launcher

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    game.start()
    path = tmp_path / "hot-seat.json"
    saves.save(game, path, {"regular": "human", "insurgent": "human"})
    told = asked(monkeypatch, "information")
    dlg = Launcher()
    qtbot.addWidget(dlg)
    hosted: list[Any] = []
    dlg.hostSave.connect(lambda *a: hosted.append(a))
    dlg.host_file(path)
    assert not hosted and len(told) == 1
    assert "is not a game this machine hosted" in told[0] and "Open a saved game" in told[0]
