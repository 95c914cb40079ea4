"""The bridge between a game and its widgets.

:class:`GameController` owns the running game. It applies answers (from dialogs, the
table or a computer player), autosaves after every decision, re-emits the engine's
events as Qt signals, schedules the computer's answers at a pace a person can follow,
and offers undo back to the last die roll that was shown. It holds no rule arithmetic:
every rule question goes to the engine.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ambush_gui import systems
from ambush_gui.core import saves
from ambush_gui.core.decisions import Decision
from ambush_gui.core.events import Event
from ambush_gui.core.game import Game


class Seat(StrEnum):
    HUMAN = "human"
    COMPUTER = "computer"


SPEEDS = {"slow": 1200, "normal": 600, "fast": 200, "instant": 0}


class GameController(QObject):
    """Runs one game for the window: answers, computer turns, autosave, undo, save."""

    decisionPending = Signal(object)  # the open Decision, for a human seat
    computerToMove = Signal(object)  # the open Decision, for a computer seat
    eventLogged = Signal(object)  # each engine Event as it happens
    stateChanged = Signal()  # after every answer, undo or load
    reset = Signal()  # the game was rebuilt (undo, load): views reload everything
    gameOver = Signal(object)  # the result dict
    autosaveFailed = Signal(str)

    def __init__(self, game: Game, seats: dict[str, Seat], autosave: Path | None = None,
                 delay_ms: int = SPEEDS["normal"], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.seats = dict(seats)
        self.autosave = autosave
        self.delay_ms = delay_ms
        self.save_path: Path | None = None
        self.dirty = False
        self.auto_answer_forced = True  # decisions whose answer cannot matter are not asked
        self.forced_answers: set[int] = set()  # indices of the decisions answered that way
        self._computers = {side: systems.computer_player(game.system)
                           for side, seat in self.seats.items() if seat is Seat.COMPUTER}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._computer_step)
        self.game = game
        game.log.subscribe(self._forward)

    # -- the game ---------------------------------------------------------------------
    @property
    def system(self) -> str:
        return self.game.system

    def start(self) -> None:
        """Show the first decision (or the end)."""
        self.game.start()
        self._after_change(save=False)

    def pending(self) -> Decision | None:
        return self.game.pending()

    def seat_of(self, decision: Decision) -> Seat:
        return self.seats.get(decision.side, Seat.HUMAN)

    def answer(self, choice: Any) -> None:
        """Apply an answer. Raises IllegalDecision (nothing changes) if it is not legal."""
        self.game.answer(choice)
        self.dirty = True
        self._after_change()

    def _after_change(self, save: bool = True) -> None:
        if save:
            self._autosave()
        self.stateChanged.emit()
        d = self.game.pending()
        if d is None:
            self._timer.stop()
            self.gameOver.emit(self.game.result)
        elif self.seat_of(d) is Seat.COMPUTER:
            self.computerToMove.emit(d)
            self._timer.start(self.delay_ms)
        elif not self._answer_forced(d):
            self.decisionPending.emit(d)

    def _answer_forced(self, d: Decision) -> bool:
        """Answer a person's decision that the engine marks forced (its answer cannot
        change the game), saying in the log what was decided for them and why. The
        decision is still answered through the game, so the save records it as asked."""
        if d.forced is None or not self.auto_answer_forced:
            return False
        self.forced_answers.add(len(self.game.decisions))
        self.eventLogged.emit(Event("forced", forced_text(d, self.game)))
        self.answer(d.forced)
        return True

    def _computer_step(self) -> None:
        d = self.game.pending()
        if d is None or self.seat_of(d) is not Seat.COMPUTER:
            return
        self.answer(self._computers[d.side].choose(self.game, d))

    def run_computer_now(self) -> None:
        """Play the computer's pending answers at once (tests, the 'instant' speed)."""
        while (d := self.game.pending()) is not None and self.seat_of(d) is Seat.COMPUTER:
            self._timer.stop()
            self.answer(self._computers[d.side].choose(self.game, d))

    def _forward(self, event: Event) -> None:
        self.eventLogged.emit(event)

    # -- undo --------------------------------------------------------------------------
    def undo_target(self) -> int | None:
        """How many decisions an undo keeps, or None when undo is not allowed.

        Undo never goes back past a die roll that was shown (no re-rolling by undo), and
        in solo play it goes back to the person's own last decision.
        """
        floor = self.game.undo_floor()
        n = len(self.game.decisions)
        keep = n - 1
        while keep >= floor:
            if self._seat_at(keep) is Seat.HUMAN and keep not in self.forced_answers:
                return keep
            keep -= 1
        return None

    def undo_sides(self) -> list[str]:
        """The sides whose answers an undo would take back, in order (empty: no undo)."""
        keep = self.undo_target()
        if keep is None:
            return []
        return list(dict.fromkeys(self.game.answered_by[keep:]))

    def _seat_at(self, index: int) -> Seat:
        return self.seats.get(self.game.answered_by[index], Seat.HUMAN)

    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def undo(self) -> bool:
        keep = self.undo_target()
        if keep is None:
            return False
        self._timer.stop()
        self._replace(self._rebuild(keep))
        self.dirty = True
        self._after_change()
        return True

    def _rebuild(self, keep: int) -> Game:
        game = systems.new_game(self.game.scenario, self.game.seed)  # type: ignore[attr-defined]
        game.start()
        self.forced_answers.clear()
        for i, choice in enumerate(self.game.decisions[:keep]):
            d = game.pending()
            if d is not None and d.forced is not None and self.seat_of(d) is Seat.HUMAN:
                self.forced_answers.add(i)  # answered for the person: undo goes past it
            game.answer(choice)
        return game

    def replace_game(self, game: Game, save_path: Path | None = None,
                     seats: dict[str, Seat] | None = None) -> None:
        """Play another game in this controller (a loaded save, as solo if it was solo)."""
        self._timer.stop()
        if seats is not None:
            self.seats = dict(seats)
            self._computers = {side: systems.computer_player(game.system)
                               for side, seat in self.seats.items() if seat is Seat.COMPUTER}
        self._replace(game)
        self.forced_answers.clear()
        self.save_path = save_path
        self.dirty = False
        self._after_change(save=False)

    def _replace(self, game: Game) -> None:
        self.game.log.unsubscribe(self._forward)
        self.game = game
        game.log.subscribe(self._forward)
        self.reset.emit()

    # -- files -------------------------------------------------------------------------
    def _autosave(self) -> None:
        if self.autosave is None:
            return
        try:
            saves.save(self.game, self.autosave, self.players())
        except OSError as exc:
            self.autosaveFailed.emit(f"Autosave to {self.autosave} failed: {exc}")

    def players(self) -> dict[str, str]:
        return {side: seat.value for side, seat in self.seats.items()}

    def save(self, path: Path) -> None:
        saves.save(self.game, path, self.players())
        self.save_path = path
        self.dirty = False

    def set_speed(self, delay_ms: int) -> None:
        self.delay_ms = delay_ms


def forced_text(d: Decision, game: Any = None) -> str:
    """The log line for a decision answered for the player: what, and why. Units and
    soldiers are named as the game's state names them (``game``), not by their ids."""
    state = getattr(game, "state", None)
    people = {**getattr(state, "units", {}), **getattr(state, "soldiers", {})}

    def words(value: Any) -> str:
        if value == "best":
            return "the best arrangement"
        if isinstance(value, list | tuple):
            return ", ".join(words(v) for v in value)
        if isinstance(value, dict):
            return ", ".join(f"{k} {words(v)}" for k, v in value.items())
        who = people.get(value) if isinstance(value, str) else None
        return str(getattr(who, "name", None) or getattr(who, "label", None) or value)

    side = d.side.replace("_", " ").title() if len(d.side) > 2 else d.side.upper()
    question = d.prompt.split(": ", 1)[-1].rstrip("?")
    return f"Decided for the {side} player: {question} → {words(d.forced)} — {d.forced_reason}"


def load_game(path: Path) -> Game:
    """Replay a save into a game (raises SaveError with the place it went wrong)."""
    return saves.replay(path, systems.factory)
