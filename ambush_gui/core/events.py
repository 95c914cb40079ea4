"""Events: everything that happens in a game, as plain data.

The GUI log, animations and replay viewers consume events; none of them compute a
rule. A roll event carries its purpose, the dice, every modifier with the rule it
comes from, and the result, so a player can check the engine against the book.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Modifier:
    """One bonus or penalty, named with the rule it comes from."""

    label: str
    value: int
    rule: str = ""

    def __str__(self) -> str:
        sign = "+" if self.value >= 0 else "−"
        src = f" [{self.rule}]" if self.rule else ""
        return f"{sign}{abs(self.value)} {self.label}{src}"


@dataclass(frozen=True)
class Event:
    """Something that happened. ``kind`` is a short machine name, ``text`` the log line."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)


Listener = Callable[[Event], None]


class EventLog:
    """An append-only list of events with listeners (the GUI subscribes here)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def emit(self, kind: str, text: str, **data: Any) -> Event:
        event = Event(kind, text, data)
        self.events.append(event)
        for listener in self._listeners:
            listener(event)
        return event
