"""A game: a scenario, a seed, and the decisions made so far.

:class:`Game` drives a rule procedure written as a generator. The procedure yields a
:class:`~ambush_gui.core.decisions.Decision` wherever a player must choose, and
receives the validated answer. The game's state is whatever replaying the decisions
produces, so saving is writing the answers, loading is replaying them, and undo is
replaying all but the last.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator
from typing import Any

from ambush_gui.core.decisions import Decision, IllegalDecision
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import EventLog

Procedure = Generator[Decision, Any, Any]


class GameOver(IllegalDecision):
    """An answer was given to a game that has ended."""


class Game:
    """Base class for both rule systems' games.

    Subclasses build their state from a scenario and implement :meth:`procedure`
    (the whole game, as a generator) and :meth:`snapshot` (plain data, hashed).
    """

    system: str = ""

    def __init__(self, seed: int = 0, dice: Dice | None = None) -> None:
        self.seed = seed
        self.log = EventLog()
        self.dice = dice if dice is not None else Dice(seed, self.log)
        if self.dice.log is None:
            self.dice.log = self.log
        self.decisions: list[Any] = []
        self.roll_marks: list[int] = []  # dice.count after each decision
        self.answered_by: list[str] = []  # the side that gave each answer
        self.result: Any = None
        # a game branched from another's moment (core/saves.py, branch): the faces thrown
        # before it, which the dice throw first, and where it came from; None otherwise
        self.faces: list[int] | None = None
        self.branched_from: dict[str, Any] | None = None
        self._gen: Procedure | None = None
        self._pending: Decision | None = None

    # -- to implement ----------------------------------------------------------------
    def procedure(self) -> Procedure:  # pragma: no cover - abstract
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- the protocol -----------------------------------------------------------------
    def start(self) -> Game:
        """Run the procedure up to its first decision (or its end)."""
        if self._gen is None:
            self._gen = self.procedure()
            self._advance(None, first=True)
        return self

    @property
    def over(self) -> bool:
        return self._gen is not None and self._pending is None

    def pending(self) -> Decision | None:
        """The one open decision, or None when the game is over."""
        if self._gen is None:
            self.start()
        return self._pending

    def answer(self, choice: Any) -> None:
        """Validate ``choice`` against the open decision and advance the game.

        An illegal choice raises :class:`IllegalDecision` and changes nothing.
        """
        decision = self.pending()
        if decision is None:
            raise GameOver("the game is over; no decision is open")
        normalised = decision.validate(choice)
        self.decisions.append(_plain(normalised))
        self.answered_by.append(decision.side)
        self._advance(normalised)
        self.roll_marks.append(self.dice.count)

    def _advance(self, value: Any, first: bool = False) -> None:
        assert self._gen is not None
        try:
            self._pending = next(self._gen) if first else self._gen.send(value)
        except StopIteration as stop:
            self._pending = None
            self.result = stop.value

    # -- hashing, undo --------------------------------------------------------------
    def state_hash(self) -> str:
        """SHA-256 of the canonical JSON of :meth:`snapshot`."""
        blob = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def undo_floor(self) -> int:
        """How many decisions must stay: undo never goes back past a shown die roll."""
        floor = 0
        before = 0
        for i, mark in enumerate(self.roll_marks):
            if mark != before:
                floor = i + 1
            before = mark
        return floor


def _plain(value: Any) -> Any:
    """Answers are stored as JSON values: tuples become lists (strings and numbers,
    the common answers, already are)."""
    if type(value) in (str, int, float, bool) or value is None:
        return value
    return json.loads(json.dumps(value))
