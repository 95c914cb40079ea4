"""The connection itself: Qt's TCP sockets carrying :mod:`ambush_gui.net.wire`'s messages.

A :class:`Link` wraps one socket: :meth:`send` frames messages, ``received`` gives each
message that arrives, whole and checked, and ``closed`` says once, in words, why the
connection ended (the peer left, the network failed, or the peer sent something this
program refuses: the link then closes at once). It runs in Qt's event loop, so the same
class serves the window and the command line's headless ends (a ``QCoreApplication``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpServer, QTcpSocket

from ambush_gui.net import wire
from ambush_gui.net.wire import Message, WireError

DEFAULT_PORT = 47_470  # the port a host listens on unless told another (docs/network.md)


class Link(QObject):
    received = Signal(object)  # a wire.Message
    closed = Signal(str)  # why, once

    def __init__(self, socket: QTcpSocket, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.socket = socket
        socket.setParent(self)
        self._reader = wire.Reader()
        self._why = ""
        self.open = True
        socket.readyRead.connect(self._read)
        socket.disconnected.connect(self._disconnected)  # a method: Qt drops it with the link
        socket.errorOccurred.connect(self._error)

    def send(self, messages: Iterable[Message]) -> None:
        if not self.open:
            return
        for m in messages:
            self.socket.write(wire.encode(m))
            if isinstance(m, wire.Bye):
                self._why = self._why or m.words
        self.socket.flush()

    def close(self, why: str) -> None:
        """Close after what was sent has gone."""
        self._why = self._why or why
        if self.socket.state() == QAbstractSocket.SocketState.ConnectedState:
            self.socket.disconnectFromHost()
        else:
            self._close(why)

    def _read(self) -> None:
        data = bytes(self.socket.readAll().data())
        try:
            for message in self._reader.feed(data):
                if not self.open:
                    return
                self.received.emit(message)
        except WireError as why:
            self.send([wire.Bye(words=f"This program refused a message: {why}")])
            self.close(f"the other program sent a message this one refuses: {why}")

    def _disconnected(self) -> None:
        self._close("the connection closed")

    def _error(self, error: QAbstractSocket.SocketError) -> None:
        if error != QAbstractSocket.SocketError.RemoteHostClosedError:
            self._close(self.socket.errorString())

    def _close(self, why: str) -> None:
        if self.open:
            self.open = False
            self.closed.emit(self._why or why)


def accept(server: QTcpServer, current: Link | None, parent: QObject, received: Callable[[Any], None],
           closed: Callable[[str], None]) -> Link | None:
    """The link of a player connecting to ``server``, its messages and its end handed to
    ``received`` and ``closed`` (None: none is waiting, or a player is already at the
    game: each later one is told so and closed)."""
    link = None
    while (sock := server.nextPendingConnection()) is not None:
        if link is None and (current is None or not current.open):
            link = Link(sock, parent)
            link.received.connect(received)
            link.closed.connect(closed)
            continue
        busy = Link(sock, parent)
        busy.send([wire.Bye(words="A player is already at this game.")])
        busy.close("busy")
    return link


def listen(port: int) -> QTcpServer:
    """A server on every address at ``port`` (0: any free port; ``serverPort()`` says which);
    OSError naming the port when it cannot listen."""
    server = QTcpServer()
    from PySide6.QtNetwork import QHostAddress

    if not server.listen(QHostAddress(QHostAddress.SpecialAddress.Any), port):
        raise OSError(f"cannot listen on port {port}: {server.errorString()}")
    return server


def parse_address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` -> (host, port); ValueError saying what was expected.

    >>> parse_address("192.168.1.20"), parse_address("example.org:5000")
    (('192.168.1.20', 47470), ('example.org', 5000))
    """
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = text.strip(), str(DEFAULT_PORT)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not an address to join; expected HOST or HOST:PORT, e.g. "
                         f"192.168.1.20:{DEFAULT_PORT}")
    return host, int(port)
