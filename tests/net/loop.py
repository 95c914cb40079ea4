"""Two ends of one network game in one process: every message encoded, decoded and handed
over as the link would, every byte the guest receives kept for the tests to read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ambush_gui import systems
from ambush_gui.net import wire
from ambush_gui.net.session import Guest, Host
from ambush_gui.net.wire import Message


def find(name: str) -> Any:
    try:
        return systems.load_scenario(systems.resolve(name))
    except (OSError, ValueError):
        return None


@dataclass
class Pair:
    host: Host
    guest: Guest
    players: dict[str, Any]
    to_guest: bytearray = field(default_factory=bytearray)  # every byte the guest received
    _h: list[Message] = field(default_factory=list)
    _g: list[Message] = field(default_factory=list)

    def connect(self, guest: Guest | None = None) -> None:
        """A (new) guest connects: the host greets it."""
        if guest is not None:
            self.host.dropped()
            self.guest = guest
        self._g = list(self.host.greet())

    def run(self, until: Callable[[Pair], bool] = lambda p: False) -> None:
        """Hand messages over and let each end's computer answer its own seat until
        nothing is left to do or ``until`` holds."""
        while not until(self):
            self.deliver()
            if until(self):
                return
            if (d := self.host.mine()) is not None:
                assert self.host.game is not None
                self._g += self.host.answer(self.choice(self.host.game, d))
            if (d := self.guest.mine()) is not None:
                assert self.guest.game is not None
                self._h += self.guest.answer(self.choice(self.guest.game, d))
            if not self._g and not self._h:
                return

    def deliver(self) -> None:
        """Hand over what each end has sent (once each way, as the link would)."""
        for m in self._g:
            data = wire.encode(m)
            self.to_guest += data
            self._h += self.guest.receive(list(wire.Reader().feed(data))[0])
        self._g = []
        for m in self._h:
            self._g += self.host.receive(list(wire.Reader().feed(wire.encode(m)))[0])
        self._h = []

    def flush(self) -> None:
        """Deliver until nothing is under way (no end answers meanwhile)."""
        while self._g or self._h:
            self.deliver()

    def choice(self, game: Any, d: Any) -> Any:
        return systems.computer_choice(self.players[d.side], game, d)[0]


def pair(name: str, host_side: str = "insurgent", host_secret: str = "a" * 64,
         guest_secret: str = "b" * 64, level: str = "normal") -> Pair:
    host = Host(find(name), name, host_side, secret=host_secret, program="test")
    guest = Guest(find, program="test", secret=guest_secret)
    players = {side: systems.computer_player("alley", level, n) for n, side in
               enumerate(("regular", "insurgent"), start=1)}
    p = Pair(host, guest, players)
    p.connect()
    return p
