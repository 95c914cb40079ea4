"""A game across two machines in the window: the host's or the guest's end of a network
session (:mod:`ambush_gui.net.session`) wired to an ordinary table window.

The window plays its own side as in a game against the computer, with the other side's
seat :attr:`Seat.REMOTE`: the controller offers this player's decisions, hands each answer
to the session (``controller.relay``), and shows the other machine's answers as they come
(``controller.changed_elsewhere``), at this player's pace, with every die in the tray. The
Decision dock, the turn panel and the status bar's busy bar say when the other player is
deciding. A chat line sits under the game log.

Before the window there is a small dialog: the host's says where to join and waits; the
guest's says it is joining. A dropped connection pauses the game on both sides: the host's
window waits, the guest's offers to join again (the same decision comes back).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface, QTcpServer, QTcpSocket
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.events import Event
from ambush_gui.gui.shared import paths
from ambush_gui.gui.shared.controller import Seat
from ambush_gui.net.ends import keep
from ambush_gui.net.link import Link, accept, listen
from ambush_gui.net.session import Guest, Host, result_words
from ambush_gui.net.wire import Bye, Message

SIDE_WORDS = {"regular": "Regulars", "insurgent": "Insurgents"}
MANUAL_PAGE = "two-machines.md"  # the manual's page on playing across two machines
DROPPED = "Paused"  # how a dropped connection's words begin (cleared when it is back)


def side_name(scenario: Any, side: str) -> str:
    """The scenario's name for ``side`` ("Highlanders"), as the rest of the window says it;
    else the rules' word ("Insurgents")."""
    names = {str(getattr(k, "value", k)): v.name for k, v in scenario.spec.sides.items()}
    return names.get(side) or SIDE_WORDS.get(side, side)


def local_addresses() -> list[str]:
    """This machine's addresses another machine on the same network may join (IPv4, not
    the loopback)."""
    out = []
    for a in QNetworkInterface.allAddresses():
        if a.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not a.isLoopback():
            out.append(a.toString())
    return out or ["127.0.0.1"]


class Waiting(QDialog):
    """The small window before the game: what is happening, and Cancel."""

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        lay = QVBoxLayout(self)
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.label)
        self.news = QLabel()  # the latest news (a player who could not join, and why)
        self.news.setWordWrap(True)
        self.news.setStyleSheet("color: #8a1c1c;")
        self.news.hide()
        lay.addWidget(self.news)
        self.retry_button: QPushButton | None = None  # joining found nobody: try again
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def add_manual_button(self) -> None:
        """A button that opens the manual's page on playing across two machines (joining,
        hosting through a home router)."""
        from PySide6.QtWidgets import QPushButton

        from ambush_gui.gui.shared.manual import open_manual

        self.manual_button = QPushButton("Manual: &playing across two machines")
        self.manual_button.setToolTip("How the other player joins, and how to host through a "
                                      "home router (Help ▸ Manual, its page on two machines)")
        self.manual_button.setAutoDefault(False)
        self.manual_button.clicked.connect(lambda: open_manual(MANUAL_PAGE))
        box = self.findChild(QDialogButtonBox)
        assert box is not None
        box.addButton(self.manual_button, QDialogButtonBox.ButtonRole.HelpRole)

    def offer_retry(self, retry: Any) -> None:
        """A Retry button (once) that calls ``retry``: joining found nobody at the address."""
        if self.retry_button is None:
            self.retry_button = QPushButton("&Retry")
            self.retry_button.setToolTip("Try to join the same address again (once the host "
                                         "is waiting, or the address or firewall is put right)")
            self.retry_button.clicked.connect(retry)
            box = self.findChild(QDialogButtonBox)
            assert box is not None
            box.addButton(self.retry_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.retry_button.setEnabled(True)
        self.retry_button.setDefault(True)
        self.retry_button.setFocus()

    def say(self, text: str) -> None:
        """News under what the window is waiting for (which stays)."""
        self.news.setText(text)
        self.news.show()
        self.adjustSize()


class ChatLine(QLineEdit):
    """The chat line under the game log: every key typed in it is the chat's. A plain
    QLineEdit passes its Enter and Esc up to the window, whose Enter answers the decision
    in the dock, and lets the window's one-key shortcuts (Enter, Esc, the arrows of a
    move) take keys before it: a play-test's chat answered a decision. Esc leaves the line
    (the keys are the game's again); keys with Ctrl or Alt, and F1..., stay the window's."""

    def __init__(self) -> None:
        super().__init__()
        self.setMaxLength(300)
        self.setPlaceholderText("Say something to the other player, then Enter")
        self.setToolTip("A line of chat to the other player; it shows in both game logs. "
                        "Enter sends it; Esc gives the keys back to the game")

    @staticmethod
    def typed(event: QKeyEvent) -> bool:
        """A key for the line itself: no Ctrl, Alt or Meta, and no function key."""
        held = event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                    | Qt.KeyboardModifier.AltModifier
                                    | Qt.KeyboardModifier.MetaModifier)
        return not held and not Qt.Key.Key_F1.value <= event.key() <= Qt.Key.Key_F35.value

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and self.typed(event):
            event.accept()  # the key comes to the line, not to a shortcut of the window
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape and self.typed(event):
            self.clearFocus()
            event.accept()
            return
        super().keyPressEvent(event)
        if self.typed(event):
            event.accept()  # never on to the window (its Enter answers the decision)


class NetEnd(QObject):
    """What both ends share: the link, the window once the game is on, the chat line."""

    def __init__(self, session_app: Any) -> None:
        super().__init__()
        self.app = session_app  # gui.app.Session: it opens the window
        self.link: Link | None = None
        self.window: Any = None
        self.chat_line: QLineEdit | None = None
        self.dialog: Waiting | None = None
        self._before: list[str] = []  # what was said before the window, for its log
        self.leaving = False

    # -- sending --------------------------------------------------------------------------
    def send(self, messages: list[Message]) -> None:
        if self.link is not None and self.link.open:
            self.link.send(messages)
            if any(isinstance(m, Bye) for m in messages):
                self.link.close("goodbye")

    # -- the window -----------------------------------------------------------------------
    def open_window(self, game: Any, side: str, other: str) -> None:
        seats = {side: Seat.HUMAN, other: Seat.REMOTE}
        win = self.app._window(game, seats, None, network=self._ready)
        self.window = win
        self._add_chat(win)
        self._add_take_back(win)
        win.installEventFilter(self)
        for line in self._before:
            self.tell_log(line)
        self._before.clear()
        if self.dialog is not None:
            self.dialog.accept()
            self.dialog = None

    def _ready(self, c: Any) -> None:
        """The controller before the window starts it: answers go to the session."""
        c.autosave = self.autosave_path()
        c.saving_refused = self.saving_refused()
        c.relay = self.relay

    def autosave_path(self) -> Path | None:
        return None

    def saving_refused(self) -> str:
        return ""

    def relay(self, choice: Any) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _add_chat(self, win: Any) -> None:
        log = win.log
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(3)
        lay.addWidget(log)
        line = ChatLine()
        line.returnPressed.connect(self._chat)
        lay.addWidget(line)
        win.log_dock.setWidget(box)
        self.chat_line = line

    def _add_take_back(self, win: Any) -> None:
        from PySide6.QtGui import QAction, QKeySequence

        menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Game")
        menu.addSeparator()
        tip = ("Ask the other player to let you take back your last answer; only before any "
               "die is thrown after it (Ctrl+Shift+Z)")
        act = QAction("Ask for a &take-back…", win)
        act.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        act.setToolTip(tip)
        act.setStatusTip(tip)
        act.triggered.connect(self.ask_take_back)
        menu.addAction(act)
        self.take_back_action = act

    def ask_take_back(self) -> None:
        from ambush_gui.core.decisions import IllegalDecision

        try:
            out = self.session().ask_take_back()
        except IllegalDecision as why:
            self.window.statusBar().showMessage(str(why), 8000)
            return
        self.send(out)
        self.set_offline("You asked to take back your last answer: waiting for the other "
                         "player to allow it.")
        self.window._on_remote(self.window.controller.pending())

    def after_take_back(self) -> None:
        """The session answered a take-back (either way): the window shows its game again."""
        s, c = self.session(), self.window.controller
        if s.asked is not None:  # the other player asks: this one says
            last = s.game.log.events[-1].text if s.game is not None and s.game.log.events else ""
            yes = QMessageBox.question(self.window, "Take-back", (
                f"The other player asks to take back their last answer ({last.strip()}).\n\n"
                "Allow it? No die was thrown after it.")) == QMessageBox.StandardButton.Yes
            self.send(s.reply_take_back(yes))
            self._show_game(yes)
        elif s.asking is None and c.offline.startswith("You asked to take back"):
            c.offline = ""
            self._show_game(s.game is not c.played)

    def _show_game(self, replaced: bool) -> None:
        c = self.window.controller
        if replaced:
            c.replace_game(self.session().game, None, c.seats)
        else:
            c.changed_elsewhere()

    def _chat(self) -> None:
        assert self.chat_line is not None
        text = self.chat_line.text().strip()
        if not text:
            return
        self.chat_line.clear()
        self.send([self.session().chat(text)[0]])
        self.tell_log(f"You: {text}", "chat")

    def session(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def tell_log(self, text: str, kind: str = "network") -> None:
        if self.window is not None:
            self.window.note(Event(kind, text, {}))

    def tell(self, said: Any) -> None:
        """The session's news: in the log and the status bar (before the window: the dialog)."""
        for line in said.lines:
            if self.window is not None:
                self.tell_log(line)
                self.window.statusBar().showMessage(line, 8000)
            else:
                self._before.append(line)
                if self.dialog is not None:
                    self.dialog.say(line)
        for who, text in said.chat:
            line = f"{self.side_name(who)}: {text}"
            self.tell_log(line, "chat")
            self._show_chat(line)
        said.lines.clear()
        said.chat.clear()

    def side_name(self, side: str) -> str:
        game = self.window.controller.game if self.window is not None else None
        return side_name(game.scenario, side) if game is not None else SIDE_WORDS.get(side, side)

    def _show_chat(self, line: str) -> None:
        """The other player's chat where this player looks: the game log brought to the
        front (a play-test's guest, reading the brief in the tab beside it, never saw the
        host's "Good luck") and the line in the status bar."""
        if self.window is None:
            return
        self.window.log_dock.show()
        self.window.log_dock.raise_()
        self.window.statusBar().showMessage(f"{line}  (chat, in the game log)", 15000)

    def set_offline(self, text: str) -> None:
        """The game waits on something other than a decision (a dropped connection, a
        take-back asked): nothing is offered meanwhile, and every panel says why; with
        ``text`` empty, play goes on where it stood."""
        if self.window is None:
            return
        c = self.window.controller
        was, c.offline = c.offline, text
        d = c.pending()
        if text and d is not None:
            self.window._on_remote(d)
        elif was and not text and not c.busy:
            c.changed_elsewhere()  # offered again (or the other machine is shown deciding)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if obj is self.window and event.type() == QEvent.Type.Close and not self.leaving:
            if not self.may_leave():
                event.ignore()
                return True  # the window stays, and the game
            self.leaving = True  # this player closed it: nothing to wait for or join again
            self.send([Bye(words=self.goodbye())])
        return False

    def may_leave(self) -> bool:
        """Whether this player may close the window now (asked when it ends the game for
        both)."""
        return True

    def goodbye(self) -> str:
        """What the other machine is told when this player closes the window: why they
        left, after "The other player left: " (said there, once)."""
        return "they closed the game's window."


class HostPlay(NetEnd):
    """The host's end in the window: listens, opens the table when the guest's secret makes
    the seed, runs the rules."""

    def __init__(self, session_app: Any, host: Host, server: QTcpServer) -> None:
        super().__init__(session_app)
        self.host = host
        self.server = server
        self._told_over = False
        server.setParent(self)
        server.newConnection.connect(self._accept)
        port = server.serverPort()
        where = ", ".join(f"{a}:{port}" for a in local_addresses())
        again = (f"The game goes on from decision {len(host.game.decisions) + 1}, where it "
                 "stopped; the other player joins it again as before.<br><br>"
                 if host.game is not None else "")
        self.dialog = Waiting("Hosting a game", (
            f"<b>{host.scenario.spec.title}</b>: you play the {side_name(host.scenario, host.side)}.<br><br>"
            f"{again}Waiting for the other player. On their machine: <i>Join a game on another "
            f"machine…</i> in the "
            f"launcher, or <code>ambush-gui join ADDRESS</code>, with this machine's address "
            f"on your network: <b>{where}</b>.<br>From outside your house, they join your "
            f"public address; your router must pass TCP port {port} to this machine: the "
            f"manual's page <i>Playing across two machines</i> says how."))
        self.dialog.add_manual_button()
        self.dialog.rejected.connect(self._cancel)
        self.dialog.show()

    def session(self) -> Host:
        return self.host

    def _cancel(self) -> None:
        self.dialog = None
        if self.window is None:
            self.send([Bye(words="they stopped hosting.")])
            self.server.close()

    def _accept(self) -> None:
        link = accept(self.server, self.link, self, self._received, self._closed)
        if link is not None:
            self.link = link
            self.send(self.host.greet())

    def _received(self, msg: Message) -> None:
        game = self.host.game
        before = len(game.decisions) if game is not None else -1
        self.send(self.host.receive(msg))
        game = self.host.game
        if self.window is not None and msg.type == "takeback":  # type: ignore[attr-defined]
            self.after_take_back()  # first: a game played again redraws the log
        self.tell(self.host.said)
        if game is None or msg.type == "takeback":  # type: ignore[attr-defined]
            return
        if self.window is None:
            self.open_window(game, self.host.side, self.host.guest_side)
        else:
            if self.host.connected and self.host.asking is None and self.window.controller.offline:
                self.set_offline("")  # back, or a take-back forgotten with a dropped connection
            if len(game.decisions) != before:
                self.window.controller.changed_elsewhere()
        if game.over:
            self._over()

    def _closed(self, why: str) -> None:
        self.host.dropped()
        if self.leaving:
            return
        self.tell(self.host.said)
        if self.window is not None and self.host.game is not None and not self.host.game.over:
            self.set_offline(f"{DROPPED}: the other player's connection is gone; the game waits "
                             "until they join again (the same address).")

    def may_leave(self) -> bool:
        game = self.host.game
        if self.window is None or game is None or game.over or not self.host.connected:
            return True
        return QMessageBox.question(self.window, "Quit the game?", (
            "The other player is still connected; quit and end the game for both?\n\n"
            + go_on_words(self.autosave_path()))) == QMessageBox.StandardButton.Yes

    def goodbye(self) -> str:
        if self.host.game is None or self.host.game.over:
            return super().goodbye()
        # the guest's words go on from "The other player has left; " (GuestPlay._cannot_go_on)
        return "the game is saved on the host's machine."

    def relay(self, choice: Any) -> bool:
        self.send(self.host.answer(choice))
        if self.host.game is not None and self.host.game.over:
            QTimer.singleShot(0, self._over)
        return True

    def autosave_path(self) -> Path:
        return paths.network_dir() / f"host-{self.host.session}.json"

    def _ready(self, c: Any) -> None:
        super()._ready(c)
        c.hosted = self.host.hosted()  # the save hosts again (ambush-gui host SAVE)

    def _over(self) -> None:
        if self._told_over:
            return
        self._told_over = True
        check = self.host.dice_check()
        self.tell_log(f"The dice check the other player's program makes: {check.words}")
        self.tell_log(f"The game, with its seed, is saved to {self.autosave_path()}; it "
                      "verifies (ambush-gui replay --verify).")


class GuestPlay(NetEnd):
    """The guest's end in the window: joins, opens the table once the replica stands where
    the host's game does, follows every step, checks the dice at the end."""

    def __init__(self, session_app: Any, guest: Guest, address: tuple[str, int],
                 record: Path) -> None:
        super().__init__(session_app)
        self.guest = guest
        self.address = address
        self.record = record
        self.dialog = Waiting("Joining a game", f"Joining {address[0]}:{address[1]}…")
        self.dialog.rejected.connect(self._cancel)
        self.dialog.show()
        self._connect()

    def session(self) -> Guest:
        return self.guest

    def _connect(self) -> None:
        sock = QTcpSocket()
        self.reached = False  # the host answered this connection (else: nobody is there)
        sock.connected.connect(self._reached)
        self.link = Link(sock, self)
        self.link.received.connect(self._received)
        self.link.closed.connect(self._closed)
        sock.connectToHost(*self.address)

    def _cancel(self) -> None:
        self.dialog = None
        if self.window is None:
            self.send([Bye(words="they stopped joining.")])

    def _reached(self) -> None:
        self.reached = True

    def _received(self, msg: Message) -> None:
        g = self.guest
        decided = len(g.game.decisions) if g.game is not None else -1
        self.send(g.receive(msg))
        if self.window is not None and msg.type == "takeback":  # type: ignore[attr-defined]
            self.after_take_back()  # first: a game played again redraws the log
        self.tell(g.said)
        keep(self.record, g)
        if g.closed:
            self._cannot_go_on(g.closed, isinstance(msg, Bye))
            return
        if g.game is None or not g.playing or msg.type == "takeback":  # type: ignore[attr-defined]
            return
        if self.window is None:
            self.open_window(g.game, g.side, g.host_side)
        elif self.window.controller.played is not g.game:  # joined again from another replica
            self.window.controller.replace_game(g.game, None, self.window.controller.seats)
        else:
            if g.asking is None and self.window.controller.offline:
                self.set_offline("")  # back, or a take-back forgotten with a dropped connection
            if len(g.game.decisions) != decided or self.window.controller.sent is not None \
                    and g.waiting is None:
                self.window.controller.changed_elsewhere()
        if g.check is not None:
            self._over()

    def relay(self, choice: Any) -> bool:
        self.send(self.guest.answer(choice))
        return False

    def saving_refused(self) -> str:
        return ("The dice of a game across two machines are the host's, and the seed is told "
                "only at the end: the game is saved for you then, with its seed, and verifies.")

    def _closed(self, why: str) -> None:
        g = self.guest
        if g.check is not None or g.closed or self.leaving or self.window is None and self.dialog is None:
            return  # over, or ended for a reason already told
        if self.window is None:
            if self.dialog is not None:
                self._not_joined(why)
            return
        if not self.reached:  # joining again found nobody: the host's program is gone
            self._host_gone(why)
            return
        self.set_offline(f"{DROPPED}: the connection to the host is gone ({why}); the game "
                         "waits until you join again.")
        answer = QMessageBox.question(self.window, "Connection lost", (
            f"The connection to the host dropped ({why}).\n\nJoin again? The game goes on "
            "from the decision where it stopped."))
        if answer == QMessageBox.StandardButton.Yes:
            self._connect()

    def _not_joined(self, why: str) -> None:
        """Joining found nobody, or lost the host before the game: what to check, and Retry."""
        assert self.dialog is not None
        host, port = self.address
        advice = "" if self.reached else (
            f"<br><br>Check that the host has started hosting and their window says it is "
            f"waiting; that {host} and port {port} are the address their window shows (from "
            f"outside their house: their public address, with their router passing TCP port "
            f"{port} to their machine); and that no firewall on either machine blocks TCP "
            f"port {port}. Then Retry.")
        self.dialog.say(f"Could not join {host}:{port}: {html.escape(why)}.{advice}")
        self.dialog.offer_retry(self._retry)

    def _retry(self) -> None:
        if self.dialog is None or self.window is not None:
            return
        assert self.dialog.retry_button is not None
        self.dialog.retry_button.setEnabled(False)
        self.dialog.say(f"Joining {self.address[0]}:{self.address[1]} again…")
        self._connect()

    def may_leave(self) -> bool:
        g = self.guest
        if self.window is None or g.game is None or g.check is not None or g.closed \
                or self.link is None or not self.link.open:
            return True
        return QMessageBox.question(self.window, "Leave the game?", (
            "Leave the game? The host keeps it: while their window stays open, you can join "
            f"again ({self.address[0]}:{self.address[1]}) and go on from the decision where it "
            "stopped.")) == QMessageBox.StandardButton.Yes

    def goodbye(self) -> str:
        g = self.guest
        if g.game is None or g.check is not None:
            return super().goodbye()
        return ("they closed the game's window; they can join again while this window keeps "
                "the game open.")

    def _host_gone(self, why: str) -> None:
        """Joining again was refused: nothing listens at the host's address any more. Said
        once, plainly (not "Join again?" over and over); the window stays, to look at the
        table and watch the game back. The save is the host's: this machine has no seed to
        save the game with before the end."""
        where = f"{self.address[0]}:{self.address[1]}"
        self.set_offline(f"The host is gone; nothing answers at {where} ({why}). The game "
                         "cannot go on; its save is on the host's machine.")
        QMessageBox.information(self.window, "The host is gone", (
            f"Nothing answers at {where} ({why}): the host's program has stopped, and the "
            "game cannot go on from this machine.\n\n"
            f"The game is saved on the host's machine ({self.host_save()} there), and "
            "verifies there. This machine cannot save it: the dice are the "
            "host's, and their seed is told only at the end of a game.\n\n"
            "This window stays open: the table and the timeline show the game as it stood."))

    def _cannot_go_on(self, why: str, left: bool) -> None:
        """``left``: the host said goodbye (else this program stopped the game)."""
        parent = self.window or self.dialog
        if self.window is not None:  # the banner and the dock say so, not "thinking…"
            why = f"The other player has left; {why}" if left else f"The game stopped; {why}"
            self.set_offline(why)
            if left and self.guest.session:
                why += (f"\n\nThe file there: {self.host_save()}. The host can host it again "
                        "from that file (the launcher's Host a saved game for a friend…, or "
                        "ambush-gui host with it), and you join again as before.")
        QMessageBox.warning(parent, "The game cannot go on", why)

    def host_save(self) -> str:
        """Where the host's program keeps this game's save, in words for the guest."""
        return f"network/host-{self.guest.session}.json in the program's data folder"

    def _over(self) -> None:
        from ambush_gui.core import saves

        g = self.guest
        assert g.check is not None
        lines = [result_words(g.game) if g.game is not None else "", g.check.words]
        if g.final is not None:
            stem = paths.safe_stem(g.scenario.spec.title, "game")
            path = paths.saves_dir() / f"network-{stem}-{g.session[:8]}.json"
            saves.save(g.final, path)
            lines.append(f"The game, with its seed, is saved to {path}; it verifies "
                         "(ambush-gui replay --verify).")
        for line in lines:
            self.tell_log(line)
        self.send([Bye(words="The game is over; thank you for the game.")])
        if not g.check.fair:
            QMessageBox.warning(self.window, "The dice check failed", g.check.words)


def go_on_words(save: Path) -> str:
    """Where a hosted game is saved and the two ways to go on with it, for its host."""
    return (f"The game is saved to {save}. To go on with it later, host it again with "
            f"\"ambush-gui host {save}\" or the launcher's Host a saved game for a friend… "
            "(the other player joins as before), or open it for "
            f"hot-seat at one computer with \"ambush-gui play {save}\".")


def host_game(session_app: Any, scenario: Any, name: str, side: str, port: int,
              options: dict[str, str] | None = None) -> HostPlay:
    """Host ``scenario`` on ``port`` playing ``side``: the waiting dialog, then the table."""
    host = Host(scenario, name, side, options)
    return HostPlay(session_app, host, listen(port))


def host_saved_game(session_app: Any, path: Path, port: int) -> HostPlay:
    """Host the game saved at ``path`` (one this machine hosted) again on ``port``, where it
    stopped: the other player joins as before (:meth:`Host.from_save` says why not)."""
    return HostPlay(session_app, Host.from_save(path), listen(port))


def join_game(session_app: Any, address: tuple[str, int], scenario: Any = None) -> GuestPlay:
    """Join the game hosted at ``address``; ``scenario``: the file the host plays when it is
    not a shipped one."""
    from ambush_gui import systems
    from ambush_gui.net.ends import kept_for, record_for

    def find(name: str) -> Any:
        if scenario is not None:
            return scenario
        try:
            return systems.load_scenario(systems.resolve(name))
        except (OSError, ValueError):
            return None

    record = record_for(paths.network_dir(), address)
    return GuestPlay(session_app, Guest(find, kept=kept_for(record)), address, record)
