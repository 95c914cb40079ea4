"""The bridge between a game and its widgets.

:class:`GameController` owns the running game. It applies answers (from dialogs, the
table or a computer player), autosaves after every decision, re-emits the engine's
events as Qt signals, schedules the computer's answers at a pace a person can follow,
and offers undo back to the last die roll that was shown. It holds no rule arithmetic:
every rule question goes to the engine.

**Presentation.** The engine resolves an answer at once (an Ambush! answer may play a
whole German Round). The controller keeps the answer's events in a queue and hands them
to the views in order at the player's :class:`~ambush_gui.gui.shared.pacing.Pace`: after
each throw (dice and outcome) it rests a beat (:attr:`beat`), the last throw too (a
Morale Check is seen before the next question), at a big moment (a casualty, a panic, a
German's first appearance, the end of a Round) it waits for :meth:`proceed`
(:attr:`waiting`), and only when the queue is shown does it redraw (:attr:`stateChanged`)
and offer the next decision. :meth:`hurry` shows the rest at once; the INSTANT pace
(tests, scripts) never waits. The live game is at the answer's end while its events are
shown, so while paced the controller copies the game at each event as it happens
(:meth:`_snapshot`) and before each answer; :attr:`shown` is the copy at the last event
shown, which the windows draw at every beat and wait (the table, its labels and the unit
card never tell a result before the tray shows its dice).

**Thinking off the GUI thread.** A computer player may take seconds over a decision
(the hard player plays candidate answers forward), so at every pace but INSTANT the
controller asks it in a worker thread (:func:`_think_off_thread`) and keeps the window
live meanwhile: :attr:`is_thinking` and the :attr:`thinking` signal say so (the windows
show "The Insurgents are thinking… (hard)" with a busy bar), and a GUI-thread timer
(every :data:`THINK_POLL_MS`) collects the answer and applies it there; no Qt object is
touched off the GUI thread. The pace's delay runs while the worker thinks, not after.
The worker is handed a :func:`~ambush_gui.ai.lookahead.fork` of the
game, made in the worker, never the live game: the window paints, hovers and reads the
live game while the player thinks, and a player that tried something on the game it
was handed (now, or in a later version) would change what the window reads under it.
The fork's past is the game's past and no player reads future dice (the fairness test
in tests/ai), so its answer is the game's answer; it costs ~20-60 ms (bench/bench_thinking.py),
paid off the GUI thread beside a hard decision's seconds. Only if a game cannot be forked does the
worker read the live game itself (the normal players only read it).

The engine is not thread-safe, so while the worker thinks the GUI thread changes
nothing in the game: :meth:`answer` refuses, and every change that could (undo, a
loaded save, a new level, the window closing) first calls :meth:`_cancel_thinking`,
which forgets the thought; a thought that arrives for another generation or another
decision count is dropped, never applied. Python threads cannot be stopped, so a
forgotten thought runs to its end, and the next one waits for it (in its own worker,
not on the GUI thread): one player object is never asked by two threads at once.

**Whose view (hot-seat hand-over).** The window shows the game as one side sees it
(:attr:`viewer`, asked of :class:`ambush_gui.core.view.View`): in solo play the person's
side, in hot-seat the side whose player holds the seat. When both seats are human, the
seat passes before anything more is shown: after an answer, the controller holds the
answer's events and says :attr:`handOver` (the side that must take the seat) when the
open decision is the other side's, or when the answer reached a fixed moment of a side
holding secrets (``game.look_moments``: each turn's start...), whether or not that side has
anything to decide. Nothing is shown or answered until :meth:`take_seat`; then the events
land in the tray at the pace chosen, and the decision is offered. A side handed the seat
at a fixed moment with nothing to decide is told so (:attr:`passing`) and hands the seat
on (:meth:`hand_over`).

The INSTANT pace (tests, scripts, :meth:`run_computer_now`) thinks on the GUI thread,
synchronously: the test suite drives thousands of computer answers at that pace and
stays deterministic, with no thread timing in it. Switching to INSTANT while a worker
thinks waits for that worker (and takes its answer if it still fits).
"""

from __future__ import annotations

import copy
import threading
from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ambush_gui import systems
from ambush_gui.ai.levels import DEFAULT_LEVEL
from ambush_gui.core import saves
from ambush_gui.core.decisions import Decision
from ambush_gui.core.events import Event, EventLog
from ambush_gui.core.game import Game
from ambush_gui.core.view import ALL, View, decision_event, seat_called, secret_holders
from ambush_gui.gui.shared.pacing import (
    DEFAULT_PACE,
    PACE_TIMES,
    Pace,
    attached,
    big_moment,
    first_aid_next,
    round_break,
)
from ambush_gui.systems import computer_choice


class Seat(StrEnum):
    HUMAN = "human"
    COMPUTER = "computer"
    REMOTE = "remote"  # the player at the other machine (ambush_gui/gui/netplay.py)


SPEEDS = {p.value: PACE_TIMES[p][0] for p in (Pace.SLOW, Pace.NORMAL, Pace.FAST, Pace.INSTANT)}


THINK_POLL_MS = 25  # how often the GUI thread looks whether the worker has answered


@dataclass(eq=False)
class Thought:
    """One computer decision being thought about in a worker thread. The worker writes
    ``result`` or ``error`` and then sets ``done``; the GUI thread reads them only after
    ``done`` is set. No Qt object is touched off the GUI thread."""

    generation: int  # the controller's generation when it was asked
    index: int  # how many decisions the game had (the open one's index)
    side: str
    level: str
    done: threading.Event = field(default_factory=threading.Event)
    result: tuple[Any, str] | None = None
    error: BaseException | None = None
    thread: threading.Thread | None = None


def _think_off_thread(thought: Thought, player: Any, game: Game,
                      before: threading.Thread | None) -> None:
    """The worker: wait for the thought before it (the same player object must not be
    asked twice at once), fork the game and ask the player on the fork."""
    if before is not None:
        before.join()
    try:
        view = thinking_copy(game)
        d = view.pending()
        if d is None:
            raise RuntimeError("the game copy has no open decision")
        thought.result = computer_choice(player, view, d)
    except BaseException as exc:  # noqa: BLE001 - handed to the GUI thread, raised there
        thought.error = exc
    finally:
        thought.done.set()


def thinking_copy(game: Game) -> Game:
    """The game the worker thinks on: a fork at the open decision (see the module
    docstring), or the game itself when it cannot be forked (a kind of game the fork does
    not know); the GUI thread does not change it while the worker thinks."""
    from ambush_gui.ai.lookahead import fork

    try:
        copy_ = fork(game, getattr(game, "seed", 0) + 1)
    except Exception:  # noqa: BLE001 - then the game itself, read only
        return game
    live = game.pending()
    mine = copy_.pending()
    if live is None or mine is None or mine.kind != live.kind or mine.side != live.side:
        return game  # a fork that does not stand where the game does is no copy of it
    return copy_


class GameController(QObject):
    """Runs one game for the window: answers, computer turns, autosave, undo, save."""

    decisionPending = Signal(object)  # the open Decision, for a human seat
    computerToMove = Signal(object)  # the open Decision, for a computer seat
    remoteToMove = Signal(object)  # the open Decision, answered at the other machine (or sent there)
    eventLogged = Signal(object)  # each engine Event as it happens
    stateChanged = Signal()  # after every answer, undo or load
    reset = Signal()  # the game was rebuilt (undo, load): views reload everything
    gameOver = Signal(object)  # the result dict
    autosaveFailed = Signal(str)
    # presentation (see the module docstring)
    narrated = Signal(str, str)  # a computer action in plain words, and the side that took it
    beat = Signal()  # the queue rests: views show what they hold back (the hex window's docks)
    waiting = Signal(str)  # the queue waits for proceed(): why (a casualty, the end of a Round)
    presenting = Signal(bool)  # True when a queue starts to take time, False when it is shown
    thinking = Signal(str, str)  # a computer started thinking: its side and level; ("", "") stopped
    hands_over = True  # hot-seat hands the seat over (tests that play both seats as one: off)
    # hot-seat (see the module docstring)
    handOver = Signal(str)  # the seat must pass to this side before anything more is shown
    seatTaken = Signal(str)  # this side's player has taken the seat: its view is shown
    passing = Signal(str)  # the seated side has nothing to decide: the seat goes on to this side

    def __init__(self, game: Game, seats: dict[str, Seat], autosave: Path | None = None,
                 delay_ms: int | None = None, parent: QObject | None = None,
                 pace: Pace | None = None, level: str | dict[str, str] = DEFAULT_LEVEL) -> None:
        super().__init__(parent)
        self.seats = dict(seats)
        self.levels = _levels(self.seats, level)
        self.autosave = autosave
        if pace is None:  # delay_ms=0, as tests and scripts give, means nothing waits
            pace = Pace.INSTANT if delay_ms == 0 else DEFAULT_PACE
        self.pace = pace
        self.delay_ms = PACE_TIMES[pace][0] if delay_ms is None else delay_ms
        self.save_path: Path | None = None
        self.dirty = False
        self.auto_answer_forced = True  # decisions whose answer cannot matter are not asked
        # a game across two machines: a person's answer goes to the network session, which
        # says whether it changed the game here at once (the host) or will come back (the
        # guest: changed_elsewhere() then); None: answered here (gui/netplay.py)
        self.relay: Any = None
        self.hosted: dict[str, str] | None = None  # the host's: what hosting its save again needs
        self.sent: int | None = None  # the guest's decision whose answer is on its way
        self.offline = ""  # why the other machine cannot answer now (a dropped connection)
        self.saving_refused = ""  # why this game cannot be saved here (the guest's: no seed yet)
        self.forced_answers: set[int] = set()  # indices of the decisions answered that way
        self._computers = self._players(game)
        self._generation = 0  # bumped by every change that makes a thought stale
        self._thought: Thought | None = None  # the computer decision being thought about
        self._last_thread: threading.Thread | None = None  # the newest worker, maybe stale
        self._delay_over = False  # the pace's think time for this decision has passed
        self._poll = QTimer(self)
        self._poll.setInterval(THINK_POLL_MS)
        self._poll.timeout.connect(self._check_thought)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._computer_step)
        self._beat_timer = QTimer(self)
        self._beat_timer.setSingleShot(True)
        self._beat_timer.timeout.connect(self._end_beat)
        self._queue: deque[Event] = deque()
        self._told: set[int] = set()  # id() of the lines in the queue that are no game event
        self._held = False  # the queue rests (a beat) or waits (for proceed)
        self.waiting_for: str | None = None  # why the queue waits for the player, if it does
        self.waits_on_answer = False  # ... and it is the computer's answer, its dice all shown
        # ... and the events whose big moments it waits on (empty for any other wait): the
        # dice tray keeps the throw that decided them in view (a First Aid result's wound)
        self.waited_on: list[Event] = []
        self._hurry = 0  # >0: the rest of the queue is shown at once
        self._slow = False  # presenting() was emitted True for this queue
        self._rolled = False  # the throw being shown had dice
        self._last_throw = ""  # the purpose of the last throw shown
        self._big: list[Event] = []  # the big moments in the throw being shown
        self._aid_only = True  # ... and each of them a First Aid result
        self._shown = 0  # events shown from this queue
        self._ended_on_throw = False  # the queue's last throw was rested on (STEP waited)
        self._save_after = False
        self._by_computer = False  # the queue is a computer answer's (STEP waits after it)
        self.last_reason = ""  # the last computer answer's reason
        self._moments: dict[int, Any] = {}  # id(event) -> the game as it stood at that event
        # while paced: the game as it stood at the last event shown (before the answer until
        # its first event is shown); None once the queue is shown (see :attr:`shown`)
        self.moment: Any = None
        self.viewer = self._first_viewer()  # whose view the window shows (core/view.py)
        self.handing_to: str | None = None  # hot-seat: the side asked to take the seat
        self._owed: list[str] = []  # hot-seat: secret-holding sides owed the seat (fixed moments)
        self.game = game
        # while a past moment is watched (gui/shared/theatre.py), ``game`` is that moment's
        # copy, which the window draws, and the game being played waits here untouched
        self.live: Game | None = None
        self.moved_on = False  # the other machine answered while a moment was watched
        game.log.subscribe(self._forward)

    # -- whose view (hot-seat hand-over) --------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """Two people at one screen, handing the seat over (see the module docstring)."""
        return self.hands_over and sum(seat is Seat.HUMAN for seat in self.seats.values()) >= 2

    def _first_viewer(self) -> str:
        """Solo: the person's side; hot-seat: nobody until a player takes the seat; no
        person at all (computer against computer): everything."""
        humans = [s for s, seat in self.seats.items() if seat is Seat.HUMAN]
        if len(humans) == 1:
            return humans[0]
        return "" if humans else ALL

    @property
    def view(self) -> View:
        """The game as the window's viewer may see it (the one place that decides)."""
        return View(self.game, self.viewer)

    def _seat_due(self, offering: bool) -> str | None:
        """Hot-seat: the side the seat must pass to now, if any: a side owed a look at a
        fixed moment, else (before the events are shown) the open decision's human side."""
        if not self.hot_seat:
            return None
        while self._owed and self._owed[0] == self.viewer:
            self._owed.pop(0)
        if self._owed:
            return self._owed[0]
        d = self.game.pending()
        if not offering and d is not None and self.seat_of(d) is Seat.HUMAN \
                and d.side != self.viewer:
            if self._forced_here(d) and not secret_holders(self.game):
                # answered for him, and the table hides nothing: both watch its dice from
                # this seat (the players swapped seats for a "Decided for…" line)
                return None
            return d.side  # a forced one where sides hold secrets: his view shows its dice
        return None

    def _hand_over_due(self, offering: bool = False) -> bool:
        side = self._seat_due(offering)
        if side is None:
            return False
        self.hand_over(side)
        return True

    def hand_over(self, side: str) -> None:
        """Ask ``side``'s player to take the seat: nothing is shown or answered until then."""
        self.handing_to = side
        self.handOver.emit(side)

    def called_for(self, side: str) -> str:
        """What ``side``'s player is called to the seat for, in words both players may read
        (:func:`ambush_gui.core.view.seat_called`, told the answer's events still held)."""
        return seat_called(self.game, self.game.pending(), side, self._queue)

    def sit_down(self, side: str) -> None:
        """For scripts and tests that play every seat themselves: take the seat for
        ``side`` through every hand-over due (a look owed at a fixed moment included)."""
        for _ in range(8):
            if self.handing_to is not None:
                self.take_seat(self.handing_to)
            elif self.hot_seat and self.viewer != side:
                self.hand_over(side)
            else:
                return

    def take_seat(self, side: str) -> None:
        """``side``'s player has taken the seat: show the held events, then offer."""
        if self.handing_to != side:
            return
        self.handing_to = None
        self.viewer = side
        if self._owed and self._owed[0] == side:
            self._owed.pop(0)
        self.seatTaken.emit(side)
        if not self._hand_over_due(offering=True):
            self._present()

    def shown_events(self) -> list[Event]:
        """The game's log up to what has been shown: the held answer's events (the queue,
        its tail) are still to come, and come through ``eventLogged`` as they are shown."""
        events = self.game.log.events
        held = sum(1 for e in self._queue if id(e) not in self._told)  # the game's own
        return list(events[:len(events) - held])

    # -- a past moment watched (gui/shared/theatre.py) ------------------------------------
    @property
    def watching(self) -> bool:
        return self.live is not None

    @property
    def played(self) -> Game:
        """The game being played: ``game`` itself, or while a past moment is watched the
        game that waits for the watching to end (what is saved, never the moment)."""
        return self.live if self.live is not None else self.game

    def watch_why_not(self) -> str | None:
        """Why a past moment cannot be shown now, in the player's words (None: it can)."""
        if self.handing_to is not None:
            return "A player must take the seat first"
        if self.busy and not self.watching:
            return "The last answer is still being shown: Esc skips to the decision, then watch"
        return None

    def watch(self, moment: Game) -> None:
        """Show ``moment`` (a copy of the game at a past moment) in the window instead of
        the game. Nothing is answered, thought, undone or saved from it; the computer stops
        thinking until :meth:`stop_watching`."""
        if self.live is None:
            self._timer.stop()
            self._cancel_thinking()
            self.live = self.game
            self.live.log.unsubscribe(self._forward)
        self.game = moment
        self.reset.emit()
        self.stateChanged.emit()

    def stop_watching(self) -> None:
        """Back to the game being played, at its open decision (a finished game: its end,
        without the result window again)."""
        if self.live is None:
            return
        self.game, self.live = self.live, None
        moved, self.moved_on = self.moved_on, False
        self.game.log.subscribe(self._forward)
        self.reset.emit()
        if self.game.over and not moved:  # its result was shown before: not again
            self.stateChanged.emit()
        else:
            self._after_change(save=False)

    # -- the game ---------------------------------------------------------------------
    @property
    def system(self) -> str:
        return self.game.system

    def start(self) -> None:
        """Show the first decision (or the end)."""
        self.game.start()
        if self.hot_seat and not self.game.decisions:  # the first turn's start is a fixed moment
            self._owed = [s for s in secret_holders(self.game) if self.seats.get(s) is Seat.HUMAN]
        self._after_change(save=False)

    def pending(self) -> Decision | None:
        return self.game.pending()

    def seat_of(self, decision: Decision) -> Seat:
        return self.seats.get(decision.side, Seat.HUMAN)

    @property
    def busy(self) -> bool:
        """The last answer's events are still being shown: no answer is taken until then."""
        return self._held or bool(self._queue)

    def answer(self, choice: Any, told: Event | None = None) -> None:
        """Apply an answer. Raises IllegalDecision (nothing changes) if it is not legal.
        ``told``: a line for the log about the answer (one given for the player), shown with
        the answer's first events at the pace, never before the dice they follow (a forced
        match's line named its casualties while the tray still showed the fire's dice)."""
        if self.busy:
            raise RuntimeError("an answer came while the last one's events were being shown")
        if self.live is not None:
            raise RuntimeError("an answer came while a past moment was being watched")
        if self.handing_to is not None:
            raise RuntimeError("an answer came before the next player took the seat")
        if self._thought is not None:
            raise RuntimeError("an answer came while the computer was thinking")
        self._by_computer = False
        if self.relay is None:
            self._before_answer()
            self.game.answer(choice)
        elif not self.relay(choice):  # the host's session answers the game itself
            self.sent = len(self.game.decisions)  # the guest's: on its way to the host
            if told is not None:
                self.eventLogged.emit(told)  # its events come back with the host's word
            self.remoteToMove.emit(self.game.pending())
            return
        if told is not None:
            self._queue.appendleft(told)  # before the answer's events, shown with them
            self._told.add(id(told))
        self.dirty = True
        self._after_change()

    def changed_elsewhere(self) -> None:
        """The game was answered by the network session (the other machine's answer, or the
        host's word on this one's): show it as any answer."""
        self.sent = None
        self.dirty = True
        if self.live is not None:  # a past moment is watched: the game is shown on return
            self._autosave()
            self.moved_on = True
            self.stateChanged.emit()
            return
        self._after_change()

    def _after_change(self, save: bool = True) -> None:
        if save:
            self._autosave()
        if not self._hand_over_due():
            self._present()

    def _offer(self) -> None:
        """The queue is shown: redraw, then offer the next decision (or the end)."""
        d = self.game.pending()
        if d is not None and self.seat_of(d) is Seat.COMPUTER and self.view.asked(d).secret:
            # the computer's own secret question: answered before anything is redrawn, so no
            # panel ever shows it, not even as its neutral line (_apply_computer)
            self._answer_for_computer(d)
            return
        self.stateChanged.emit()
        if d is None:
            self._timer.stop()
            self.gameOver.emit(self.game.result)
        elif self.seat_of(d) is Seat.REMOTE or self.sent == len(self.game.decisions) or self.offline:
            self.remoteToMove.emit(d)  # the other machine's, or this answer on its way there
        elif self._answer_forced(d):
            return
        elif self.hot_seat and d.side != self.viewer:
            if not self._hand_over_due(offering=True):
                self.passing.emit(d.side)  # a look at a fixed moment: nothing to decide
        elif self.seat_of(d) is Seat.COMPUTER:
            self.computerToMove.emit(d)
            if self._thought is None:
                self._delay_over = False
            self._timer.start(self.delay_ms if self._paced() else 0)
            if self._paced():
                self._think(d)  # the think time and the pace's delay run together
        else:
            self.decisionPending.emit(d)

    def _forced_here(self, d: Decision) -> bool:
        """Whether ``d`` is answered for its person (:meth:`_answer_forced`), not asked."""
        return d.forced is not None and self.auto_answer_forced and self.seat_of(d) is Seat.HUMAN \
            and not d.facts.get("odds")

    def _answer_forced(self, d: Decision) -> bool:
        """Answer a person's decision that the engine marks forced (its answer cannot
        change the game), saying in the log what was decided for them and why. The
        decision is still answered through the game, so the save records it as asked.
        A fire whose hit odds the decision shows is always asked, even with one target: the
        person commits to it having seen them."""
        if not self._forced_here(d):
            return False
        self.forced_answers.add(len(self.game.decisions))
        self.answer(d.forced, told=decision_event("forced", forced_text(d, self.game), d))
        return True

    def _computer_step(self) -> None:
        """The pace's think time is over: apply the computer's answer (at once on the
        INSTANT pace, else once the worker has it)."""
        d = self.game.pending()
        if d is None or self.seat_of(d) is not Seat.COMPUTER or self.busy:
            return
        if not self._paced():
            self._answer_for_computer(d)
            return
        self._delay_over = True
        self._think(d)
        self._check_thought()

    # -- thinking off the GUI thread (see the module docstring) ----------------------------
    @property
    def is_thinking(self) -> bool:
        """A worker is thinking about the open decision: the game must not change."""
        return self._thought is not None

    @property
    def thinking_side(self) -> str | None:
        return self._thought.side if self._thought is not None else None

    def level_of(self, side: str) -> str:
        return self.levels.get(side, DEFAULT_LEVEL)

    @property
    def level(self) -> str:
        """The computer's level (its first seat's: the window sets every seat at once)."""
        return next(iter(self.levels.values()), DEFAULT_LEVEL)

    def _think(self, d: Decision) -> None:
        """Ask the computer about ``d`` in a worker, unless it is already being asked."""
        index = len(self.game.decisions)
        t = self._thought
        if t is not None and t.generation == self._generation and t.index == index:
            return
        t = Thought(self._generation, index, d.side, self.level_of(d.side))
        before = self._last_thread if self._last_thread is not None and \
            self._last_thread.is_alive() else None
        t.thread = threading.Thread(target=_think_off_thread, name="ambush-gui computer",
                                    args=(t, self._computers[d.side], self.game, before),
                                    daemon=True)  # quitting never waits for a thought
        self._thought = t
        self._last_thread = t.thread
        t.thread.start()
        self._poll.start()
        self.thinking.emit(t.side, t.level)

    def _check_thought(self) -> None:
        """On the GUI thread: apply the worker's answer once it has one and the pace's
        think time is over; drop a thought that no longer fits the game."""
        t = self._thought
        if t is None:
            self._poll.stop()
            return
        if not t.done.is_set():
            return
        d = self.game.pending()
        if t.generation != self._generation or t.index != len(self.game.decisions) \
                or d is None or d.side != t.side:
            self._end_thought()  # stale: never applied; the open decision is asked anew
            if d is not None and self.seat_of(d) is Seat.COMPUTER and self._paced():
                self._think(d)
            return
        if not self._delay_over or self.busy:
            return
        self._end_thought()
        if t.error is not None:
            raise t.error
        assert t.result is not None
        self._apply_computer(d, *t.result)

    def _end_thought(self) -> None:
        self._thought = None
        self._poll.stop()
        self.thinking.emit("", "")

    def _cancel_thinking(self) -> None:
        """Forget the thought in flight (undo, load, a new level, closing): its answer,
        when it comes, is dropped. The worker itself runs to its end."""
        self._generation += 1
        self._delay_over = False
        if self._thought is not None:
            self._end_thought()

    def _settle_thinking(self) -> Thought | None:
        """Wait for the worker (the INSTANT pace is about to ask the player on this
        thread), and hand back its thought if it answered the open decision."""
        t = self._thought
        if self._last_thread is not None:
            self._last_thread.join()
        if t is None:
            return None
        self._end_thought()
        current = t.generation == self._generation and t.index == len(self.game.decisions)
        return t if current and t.error is None and t.result is not None else None

    def shutdown(self) -> None:
        """The window closes: no answer is applied and nothing more is shown after this
        (a beat left running would hand events to the closed window's views)."""
        self._timer.stop()
        self._beat_timer.stop()
        self._cancel_thinking()

    def set_level(self, level: str, side: str | None = None) -> None:
        """The computer plays ``side`` (every computer side by default) at ``level`` from
        its next decision; a thought in flight is dropped and asked again at the new level."""
        from ambush_gui.ai.levels import level_of

        level = level_of(level)
        for s in [side] if side is not None else [s for s, seat in self.seats.items()
                                                  if seat is Seat.COMPUTER]:
            self.levels[s] = level
        thinking = self._thought is not None
        self._cancel_thinking()
        self._computers = self._players(self.game)
        d = self.game.pending()
        if thinking and d is not None and self.seat_of(d) is Seat.COMPUTER and not self.busy:
            self._offer()

    def _players(self, game: Game) -> dict[str, Any]:
        """Each computer seat's player. Its own dice are seeded from the game's seed and its
        seat, never with the game's seed itself: a player whose dice ran in step with the
        game's would throw the game's next faces (simulate seeds them the same way)."""
        from ambush_gui.ai.simulate import player_seed

        seed = int(getattr(game, "seed", 0) or 0)
        return {side: systems.computer_player(game.system, self.level_of(side), player_seed(seed, 0, i + 1))
                for i, (side, seat) in enumerate(self.seats.items()) if seat is Seat.COMPUTER}

    def _answer_for_computer(self, d: Decision) -> None:
        """The computer's answer, asked on this thread (the INSTANT pace), then applied."""
        t = self._settle_thinking()
        if t is not None and t.result is not None:
            choice, reason = t.result
        else:
            choice, reason = computer_choice(self._computers[d.side], self.game, d)
        self._apply_computer(d, choice, reason)

    def _apply_computer(self, d: Decision, choice: Any, reason: str) -> None:
        """The computer's answer, told in plain words first (the log, the status bar, the
        tray), then applied like any other: saves hold only the answer."""
        from ambush_gui.ai.narrate import narrate

        # the computer's own secret question (whether to set off a hidden IED now) is
        # answered at once (_offer) and told to no one (View.tell_answer): a "deciding"
        # line, a think time or a neutral line in the log would tell the person that one of
        # his units stands in reach of a bomb he cannot see. What it sets off shows as usual.
        told = self.view.tell_answer(d, narrate(self.game, d, choice))
        if told is None:
            self.last_reason = ""
        else:
            self.last_reason = f"{told} — {reason}" if reason and reason not in told else told
            self.narrated.emit(self.last_reason, d.side)
        self._before_answer()
        self.game.answer(choice)
        self._by_computer = True
        self.dirty = True
        self._after_change()

    def run_computer_now(self) -> None:
        """Play the computer's pending answers at once (tests, the 'instant' speed)."""
        self._hurry += 1
        try:
            self.hurry()
            while (d := self.game.pending()) is not None and self.seat_of(d) is Seat.COMPUTER:
                self._timer.stop()
                self._answer_for_computer(d)
        finally:
            self._hurry -= 1

    def _forward(self, event: Event) -> None:
        if self.hot_seat:
            moments = getattr(self.game, "look_moments", None)
            for side in moments(event) if moments is not None else []:
                if side not in self._owed and self.seats.get(side) is Seat.HUMAN:
                    self._owed.append(side)
        if self._paced():
            last = self._moments.get(id(self._queue[-1])) if self._queue else None
            # the dice of one throw change nothing on the table: its first die's state serves
            same = last is not None and event.kind == "roll" and self._queue[-1].kind == "roll"
            self._moments[id(event)] = self._snapshot(last if same else None)
        self._queue.append(event)

    def _before_answer(self) -> None:
        """While paced, the game as it stands before an answer is what the window shows
        until the answer's first event is (:attr:`shown`): a hot-seat player taking the
        seat sees the table as it was, not the answer's end before its dice."""
        if self._paced() and not self._queue:
            self.moment = self._snapshot()

    @property
    def shown(self) -> Game:
        """The game as the player has been shown it: while an answer's events are still
        being shown (at the pace), a copy as it stood at the last event shown; else the
        game itself. The table draws this, so it never tells a result before its dice."""
        return self.moment if self.moment is not None and self.busy else self.game

    def _snapshot(self, like: Any = None) -> Any:
        """The game as it stands now, mid-answer, for a window to draw while the event
        that made it so is shown (the live game is already at the answer's end by then).
        A shallow copy of the game over deep copies of what play changes: its state and
        its Force on Force modules' own (the mobs, the devices, the mounts), whose rules
        then read the copy; the map is shared. ``like``: a copy taken since which nothing
        has changed, whose state it shares. About 1-1.5 ms on the Ambush Alley scenarios
        (bench/bench_presentation.py), taken only while the pace presents an answer."""
        game: Any = self.game  # a game of any system: its state, and maybe its modules
        view = copy.copy(game)
        if like is not None:
            view.state = like.state
            if hasattr(like, "modules"):
                view.modules = like.modules
        else:
            state = game.state
            modules = getattr(game, "modules", None)
            memo: dict[int, Any] = {id(game): view}  # a module's game is the copy
            board = getattr(state, "map", None)
            if board is not None:
                memo[id(board)] = board
            view.state, copied = copy.deepcopy((state, modules), memo)
            if modules is not None:
                view.modules = copied
        if hasattr(game, "memo"):  # answers keyed by a module's count of its changes
            view.memo = type(game.memo)()  # (a mob's moves): the copy's own
        view.log = EventLog()  # what had happened then (the AR Track reads its dice there)
        view.log.events = list(self.game.log.events)
        return view

    # -- presentation --------------------------------------------------------------------
    def set_pace(self, pace: Pace) -> None:
        self.pace = Pace(pace)
        self.delay_ms = PACE_TIMES[self.pace][0]
        if self.pace is Pace.INSTANT:
            self.hurry()

    def _paced(self) -> bool:
        return self.pace is not Pace.INSTANT and self._hurry == 0

    def _present(self) -> None:
        """Hand the queued events to the views, resting and waiting where the pace says."""
        if self.handing_to is not None:
            return  # hot-seat: shown once the next player has taken the seat
        while self._queue:
            if self._held:
                return
            e = self._queue[0]
            why = round_break(e)
            if why and self._shown and self._paced():
                self._shown = 0  # waited for: the Round's own event follows at once
                self._wait(why)  # on the Round as it ended (the moment last shown)
                return
            self._queue.popleft()
            if id(e) in self._told:  # a line about the answer: no event of the game's own
                self._told.discard(id(e))
            else:
                self._shown += 1
            self.moment = self._moments.pop(id(e), self.moment)
            self._rolled = self._rolled or e.kind == "roll"
            if e.kind == "roll":
                self._last_throw = str(e.data.get("purpose") or "")
            if big_moment(e):
                self._big.append(e)
                self._aid_only = self._aid_only and e.kind == "first_aid"
            self.eventLogged.emit(e)
            nxt = self._queue[0] if self._queue else None
            if attached(e, nxt):
                continue
            if self._big and self._aid_only and self._paced() and first_aid_next(self._queue):
                self._rolled = False  # one wait for a run of First Aid rolls, after the last
                if PACE_TIMES[self.pace][1] >= 0:
                    self._rest()
                    return
                continue
            big_moments, rolled = self._big, self._rolled
            self._big, self._rolled, self._aid_only = [], False, True
            if not self._paced():
                continue
            if big_moments:
                self._wait("; ".join(dict.fromkeys(str(big_moment(m)) for m in big_moments)), big_moments)
                return
            if rolled:  # the last throw too: a Morale Check is shown before the next question
                self._ended_on_throw = nxt is None
                self._rest()
                return
        self._shown = 0
        self._moments.clear()
        self._told.clear()
        self.moment = None  # all shown: the window draws the game itself
        ended_on_throw, self._ended_on_throw = self._ended_on_throw, False
        if self._by_computer and self.pace is Pace.STEP and self._paced() and not ended_on_throw \
                and self.game.pending() is not None and self.waiting_for is None:
            self._by_computer = False
            self.waits_on_answer = True
            self._wait(f"{self.last_reason}" if self.last_reason else "The computer has answered")
            return
        if self._slow:
            self._slow = False
            self.presenting.emit(False)
        self._offer()

    def _slowing(self) -> None:
        if not self._slow:
            self._slow = True
            self.presenting.emit(True)

    def _rest(self) -> None:
        """A beat after a throw: STEP waits for the player, the others for the clock."""
        beat = PACE_TIMES[self.pace][1]
        if beat < 0:  # the throw waited on, by its purpose ("Continue" said nothing)
            self._wait(self._last_throw.split(" [")[0] or "Continue")
            return
        self._slowing()
        self._held = True
        self.beat.emit()
        self._beat_timer.start(beat)

    def _end_beat(self) -> None:
        self._held = False
        self._present()

    def _wait(self, why: str, moments: list[Event] | None = None) -> None:
        self._slowing()
        self._held = True
        self.waiting_for = why
        self.waited_on = list(moments or [])
        self.beat.emit()
        self.waiting.emit(why)

    def proceed(self) -> None:
        """The player pressed Continue (or Space): show on."""
        if not self._held:
            return
        self._beat_timer.stop()
        self._held = False
        self.waiting_for = None
        self.waited_on = []
        self.waits_on_answer = False
        self._present()

    def hurry(self) -> None:
        """Show the rest of the queue at once (Esc, Skip), big moments and all."""
        self._hurry += 1
        try:
            self._beat_timer.stop()
            self._held = False
            self.waiting_for = None
            self.waited_on = []
            self.waits_on_answer = False
            self.moment = None
            self._moments.clear()
            self._present()
        finally:
            self._hurry -= 1

    def _drop_queue(self) -> None:
        """Forget what was still to be shown (undo, another game): views reload anyway."""
        self._queue.clear()
        self._told.clear()
        self._moments.clear()
        self.moment = None
        self._beat_timer.stop()
        self._held = False
        self.waiting_for = None
        self.waited_on = []
        self.waits_on_answer = False
        self._big, self._rolled, self._shown, self._aid_only = [], False, 0, True
        self._ended_on_throw = False
        if self._slow:
            self._slow = False
            self.presenting.emit(False)

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

    @property
    def remote(self) -> bool:
        """A game across two machines."""
        return Seat.REMOTE in self.seats.values()

    def can_undo(self) -> bool:
        return not self.remote and self.live is None and self.undo_target() is not None

    def undo_why_not(self) -> str | None:
        """Why undo is not allowed now, in the player's words (None: it is)."""
        if self.can_undo():
            return None
        if self.remote:
            return ("Undo is not played across two machines: ask the other player for a "
                    "take-back (Game menu) before any die is thrown")
        if self.live is not None:
            return "You are watching a past moment: go back to the game first (Esc)"
        n = len(self.game.decisions)
        if n == 0:
            return "Nothing to undo: no decision has been made yet"
        if self.game.undo_floor() >= n:
            return ("Nothing to undo: a die was rolled after the last decision, and undo "
                    "never goes back past a die roll shown")
        return ("Nothing to undo: no decision of yours since the last die roll shown "
                "(undo never takes back the computer's answers, or past a roll)")

    def undo(self) -> bool:
        keep = self.undo_target()
        if keep is None:
            return False
        self._timer.stop()
        self._cancel_thinking()
        self._replace(self._rebuild(keep))
        self.dirty = True
        self._after_change()
        return True

    def _rebuild(self, keep: int) -> Game:
        game = systems.fresh_copy(self.game)  # the same rules options (a save's, or none)
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
        self._cancel_thinking()
        if seats is not None:
            self.seats = dict(seats)
            self.levels = _levels(self.seats, self.levels)
        self._computers = self._players(game)
        self._replace(game)
        self.forced_answers.clear()
        self.save_path = save_path
        self.dirty = False
        self._after_change(save=False)

    def _replace(self, game: Game) -> None:
        if self.live is not None:  # another game opened while a moment was watched
            self.game, self.live = self.live, None
            self.moved_on = False
            self.game.log.subscribe(self._forward)
        self._drop_queue()
        self._owed.clear()
        self.handing_to = None
        if not self.hot_seat:
            self.viewer = self._first_viewer()
        self.game.log.unsubscribe(self._forward)
        self.game = game
        game.log.subscribe(self._forward)
        self.reset.emit()

    # -- files -------------------------------------------------------------------------
    def _autosave(self) -> None:
        if self.autosave is None:
            return
        try:
            saves.save(self.played, self.autosave, self.players(), self.levels, self.hosted)
        except OSError as exc:
            self.autosaveFailed.emit(f"Autosave to {self.autosave} failed: {exc}")

    def players(self) -> dict[str, str]:
        return {side: seat.value for side, seat in self.seats.items()}

    def kept_elsewhere(self) -> str:
        """Where this game is kept other than in a save file of its own, saved at once
        (a campaign's mission is kept in the campaign's progress), in words for File ▸
        Save; "" for a game that is saved to its own file."""
        return ""

    def save(self, path: Path) -> None:
        saves.save(self.played, path, self.players(), self.levels, self.hosted)
        self.save_path = path
        self.dirty = False

    def set_speed(self, delay_ms: int) -> None:
        """The computer's thinking time alone (0: the INSTANT pace, nothing waits)."""
        if delay_ms == 0:
            self.set_pace(Pace.INSTANT)
        self.delay_ms = delay_ms


def _levels(seats: dict[str, Seat], level: str | dict[str, str]) -> dict[str, str]:
    """Each computer seat's level: ``level`` for all, or per side (normal where unsaid)."""
    from ambush_gui.ai.levels import level_of

    def one(side: str) -> str:
        given = level if isinstance(level, str) else level.get(side, DEFAULT_LEVEL)
        return level_of(given)

    return {side: one(side) for side, seat in seats.items() if seat is Seat.COMPUTER}


DECLINED = {"best": "the best arrangement", "hold": "hold fire", "none": "no"}
"""How the log words the engine's short answers in a line said for the player."""
PLAIN_REASONS = {"the only legal answer": "nothing else was possible"}
"""The engine's reasons for a forced answer, as the log says them to the player."""


def forced_text(d: Decision, game: Any = None) -> str:
    """The log line for a decision answered for the player: what, and why. Units, figures
    (alley/names.py) and soldiers are named as the game's state names them (``game``), not
    by their ids."""
    state: Any = getattr(game, "state", None)
    figures = {f.id: f for f in state.all_figures()} if hasattr(state, "all_figures") else {}
    people = {**figures, **getattr(state, "units", {}), **getattr(state, "soldiers", {})}

    def words(value: Any) -> str:
        if isinstance(value, str) and value in DECLINED:
            return DECLINED[value]
        if isinstance(value, list | tuple):
            said = [words(v) for v in value]
            return ("; " if any(", " in w for w in said) else ", ").join(said)  # a name has a comma
        if isinstance(value, dict):
            return ", ".join(f"{k} {words(v)}" for k, v in value.items())
        who = people.get(value) if isinstance(value, str) else None
        return str(getattr(who, "name", None) or getattr(who, "label", None) or value)

    side = d.side.replace("_", " ").title() if len(d.side) > 2 else d.side.upper()
    question = d.prompt.split(": ", 1)[-1].rstrip("?")
    reason = PLAIN_REASONS.get(d.forced_reason, d.forced_reason)
    return f"Decided for the {side} player: {question} → {words(d.forced)} — {reason}"


def load_game(path: Path) -> Game:
    """Replay a save into a game (raises SaveError with the place it went wrong)."""
    return saves.replay(path, systems.factory)
