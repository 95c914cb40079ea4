"""The headless ends: a host and a guest that play their seats by computer, in Qt's event
loop with no window (``ambush-gui host|join --headless --computer SIDE[:LEVEL]``).

Each prints, one line at a time, what its player would be told (who joined, a dropped
connection, a refusal) and at the end the result, the final state hash, the dice check and
the verified save it wrote. The exit status is 0 when the game ended, both ends reached the
same board and the dice check passed; 1 otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtNetwork import QTcpServer, QTcpSocket

from ambush_gui.core.files import atomic_write
from ambush_gui.net.link import Link, accept
from ambush_gui.net.session import Guest, Host, Kept
from ambush_gui.net.wire import Bye, Message

END_WAIT_MS = 10_000  # how long a host waits for the guest to leave after the end


def computer_answer(player: Any, game: Any, decision: Any) -> Any:
    from ambush_gui.systems import computer_choice

    return computer_choice(player, game, decision)[0]


class _End(QObject):
    def __init__(self, out: TextIO, pace: float, folder: Path) -> None:
        super().__init__()
        self.out = out
        self.pace_ms = max(0, int(pace * 1000))
        self.folder = folder
        self.status: int | None = None
        self.link: Link | None = None
        self.session: Any = None  # the Host or the Guest
        self.player: Any = None

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def tell(self, said: Any) -> None:
        for line in said.lines:
            self.say(line)
        for who, text in said.chat:
            self.say(f"[{who}] {text}")
        said.lines.clear()
        said.chat.clear()

    def send(self, messages: list[Message]) -> None:
        if self.link is not None:
            self.link.send(messages)
            if any(isinstance(m, Bye) for m in messages):
                self.link.close("this end said goodbye")

    def _play(self) -> None:
        """This machine's seat answers, by computer, when the open decision is its own."""
        end = self.session
        d = end.mine()
        if d is None:
            return
        self.send(end.answer(computer_answer(self.player, end.game, d)))
        self._played()

    def _played(self) -> None:
        """After this seat's answer (the host goes on to its next)."""

    def finish(self, status: int) -> None:
        if self.status is None:
            self.status = status
            QCoreApplication.instance().exit(status)  # type: ignore[union-attr]


class HostEnd(_End):
    """The host: listens, plays its seat by ``player``, waits while the guest is away."""

    def __init__(self, host: Host, player: Any, server: QTcpServer, out: TextIO, pace: float,
                 folder: Path) -> None:
        super().__init__(out, pace, folder)
        self.host = self.session = host
        self.player = player
        self.server = server
        server.newConnection.connect(self._accept)
        self._ending = QTimer(self)
        self._ending.setSingleShot(True)
        self._ending.timeout.connect(self._done)

    def _accept(self) -> None:
        link = accept(self.server, self.link, self, self._received, self._closed)
        if link is not None:
            self.link = link
            self.send(self.host.greet())

    def _received(self, msg: Message) -> None:
        self.send(self.host.receive(msg))
        if self.host.asked is not None:  # the computer minds no take-back
            self.send(self.host.reply_take_back(True))
        self.tell(self.host.said)
        self._after()

    def _closed(self, why: str) -> None:
        self.host.dropped()
        self.tell(self.host.said)
        if self.host.game is not None and self.host.game.over:
            self._done()
        elif self.host.game is not None:
            self.say(f"Paused at decision {len(self.host.game.decisions) + 1}: {why}. Waiting for "
                     "the other player to join again.")

    def _after(self) -> None:
        game = self.host.game
        if game is None:
            return
        self._autosave()
        if game.over:
            if not self._ending.isActive():
                self._ending.start(END_WAIT_MS)
        elif self.host.mine() is not None:
            QTimer.singleShot(self.pace_ms, self._play)

    def _played(self) -> None:
        self._after()

    def _autosave(self) -> None:
        from ambush_gui.core import saves

        assert self.host.game is not None
        saves.save(self.host.game, self.folder / f"host-{self.host.session}.json", self.players(),
                   hosted=self.host.hosted())

    def players(self) -> dict[str, str]:
        return {self.host.side: "computer", self.host.guest_side: "remote"}

    def _done(self) -> None:
        game = self.host.game
        if game is None or not game.over:
            return
        from ambush_gui.core import saves
        from ambush_gui.net.session import result_words

        check = self.host.dice_check()
        path = self.folder / f"host-{self.host.session}.json"
        saves.save(game, path, self.players(), hosted=self.host.hosted())
        self.say(f"result: {result_words(game)}")
        self.say(f"state hash: {game.state_hash()}")
        self.say(f"dice check: {'fair' if check.fair else 'NOT FAIR'}: {check.words}")
        self.say(f"saved: {path}")
        self.finish(0 if check.fair else 1)


class GuestEnd(_End):
    """The guest: joins, plays its seat by ``player``, checks the dice at the end."""

    def __init__(self, guest: Guest, player: Any, side: str | None, address: tuple[str, int],
                 out: TextIO, pace: float, folder: Path, record: Path) -> None:
        super().__init__(out, pace, folder)
        self.guest = self.session = guest
        self.player = player
        self.want_side = side
        self.record = record
        sock = QTcpSocket()
        self.link = Link(sock, self)
        self.link.received.connect(self._received)
        self.link.closed.connect(self._closed)
        sock.connectToHost(*address)

    def _received(self, msg: Message) -> None:
        g = self.guest
        out = g.receive(msg)
        if g.asked is not None:  # the computer minds no take-back
            out += g.reply_take_back(True)
        if self.want_side and g.side and g.side != self.want_side:
            out = [Bye(words=f"This player meant to play the {self.want_side} side; the host "
                             f"left the {g.side} side open.")]
            g.closed = out[0].words  # type: ignore[attr-defined]
        self.send(out)
        self.tell(g.said)
        keep(self.record, g)
        if g.closed:
            self.say(f"The game cannot go on: {g.closed}")
            self.finish(1)
        elif g.check is not None:
            self._done()
        elif g.mine() is not None:
            QTimer.singleShot(self.pace_ms, self._play)


    def _closed(self, why: str) -> None:
        if self.status is None:
            g = self.guest
            at = f" at decision {len(g.game.decisions) + 1}" if g.game is not None else ""
            self.say(f"The connection ended{at}: {why}. Join again to go on.")
            self.finish(1)

    def _done(self) -> None:
        from ambush_gui.core import saves
        from ambush_gui.net.session import result_words

        g = self.guest
        assert g.check is not None and g.ended is not None and g.game is not None
        final = g.final
        same = final is not None and final.state_hash() == g.ended.state_hash == g.game.state_hash()
        if final is not None:
            path = self.folder / f"guest-{g.session}.json"
            saves.save(final, path)
        self.say(f"result: {result_words(g.game)}")
        self.say(f"state hash: {g.game.state_hash()}"
                 + ("" if same else f" (the host announced {g.ended.state_hash})"))
        self.say(f"dice check: {'fair' if g.check.fair else 'NOT FAIR'}: {g.check.words}")
        if final is not None:
            self.say(f"saved: {path}")
        self.finish(0 if g.check.fair and same else 1)
        self.send([Bye(words="The game is over; thank you for the game.")])


def record_for(folder: Path, address: tuple[str, int]) -> Path:
    """Where a guest keeps what it needs to rejoin the game hosted at ``address``."""
    return folder / f"kept-{address[0]}-{address[1]}.json"


def keep(record: Path, guest: Guest) -> None:
    """Write what the guest keeps of its game (after each message: it rejoins from it)."""
    if guest.kept is not None and guest.game is not None:
        atomic_write(record, json.dumps({**guest.kept.to_data(), "decisions": len(guest.game.decisions)}))


def kept_for(record: Path) -> Kept | None:
    """What this machine kept of the game it last played with that host (None: nothing)."""
    try:
        return Kept.from_data(json.loads(record.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
