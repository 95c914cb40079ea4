"""Every moment of one game, to look at without changing it (issue 32's timeline).

A :class:`Timeline` is made from a game (in progress, finished, or an opened save). It
plays the game's answers again once, on the faces the game threw (its log: dice every
player has seen), and keeps what a jump needs: for a table game a copy at each turn's
start (:meth:`AlleyGame.take_checkpoint`), the log's length and the throws made after
each decision. :meth:`at` gives a new game standing at any moment, played on from the last
turn start before it: a few dozen answers, not the whole game. Ambush! games have no turn
copies (their procedure does not resume at a turn) and are played from their start.

The game itself is never touched: each moment is a separate game, with its own log (the
story up to then) and its dice scripted with the faces thrown then, so what it shows is
exactly what the game showed at that moment.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from ambush_gui.core.dice import Dice
from ambush_gui.core.events import Event
from ambush_gui.core.game import Game


class _Told(BaseException):
    """Stops a replayed answer at a throw (:meth:`Timeline.during`): a BaseException, so no
    engine's ``except Exception`` takes it for its own."""


class Timeline:
    def __init__(self, game: Game) -> None:
        self.system = game.system
        self.scenario: Any = game.scenario  # type: ignore[attr-defined]
        self.options = getattr(game, "recorded_options", None)
        self.decisions: list[Any] = []
        self.throws: list[list[int]] = []
        self.checkpoints: list[Any] = []  # a table game's turn starts, in order
        self.after: list[tuple[int, int]] = []  # (log events, throws) after each decision
        self._copy = self._blank(Dice(0))
        self._copy.keep_checkpoint = self.system == "alley"  # type: ignore[attr-defined]
        self._copy.start()
        self.start = (len(self._copy.log.events), self._copy.dice.count)
        self._seen: Any = None
        if not self.extend(game):
            raise ValueError("the game's answers do not replay on the faces its log shows")

    def __len__(self) -> int:
        """The moments: 0 (the start) to the number of decisions."""
        return len(self.decisions) + 1

    def _blank(self, dice: Dice) -> Game:
        if self.system == "alley":
            from ambush_gui.alley.game import AlleyGame

            return AlleyGame(self.scenario, 0, dice=dice, options=self.options)
        from ambush_gui.ambush.game import AmbushGame

        return AmbushGame(self.scenario, 0, dice=dice)

    def _faces(self, first_throw: int = 0) -> list[int]:
        return [f for t in self.throws[first_throw:] for f in t]

    def extend(self, game: Game) -> bool:
        """Take in the answers ``game`` gave since this timeline was made or last extended
        (a game in progress grows). False, and nothing taken, when the game is no longer
        the one recorded (an undo or another game loaded): make a new timeline then."""
        n = len(self.decisions)
        if len(game.decisions) < n or game.decisions[:n] != self.decisions:
            return False
        rolls = [e for e in game.log.events if e.kind == "roll"]
        if len(rolls) < len(self.throws):
            return False
        new = [list(e.data.get("faces", ())) for e in rolls[len(self.throws):]]
        self.throws.extend(new)
        g = self._copy
        g.dice._script.extend(f for t in new for f in t)
        for answer in game.decisions[n:]:
            self._keep_checkpoint()
            g.answer(answer)
            self.decisions.append(answer)
            self.after.append((len(g.log.events), g.dice.count))
        self._keep_checkpoint()
        return True

    def _keep_checkpoint(self) -> None:
        cp = getattr(self._copy, "checkpoint", None)
        if cp is not None and cp is not self._seen:
            self.checkpoints.append(cp)
            self._seen = cp

    @property
    def log(self) -> list[Any]:
        """The whole story so far (every event, secret ones too): a moment's log is its
        first part (:meth:`marks`)."""
        return self._copy.log.events

    @property
    def answered_by(self) -> list[str]:
        return self._copy.answered_by

    def marks(self, n: int) -> tuple[int, int]:
        """(log events, throws) the game had at moment ``n``."""
        return self.start if n == 0 else self.after[n - 1]

    def during(self, n: int, k: int) -> Game:
        """The game during answer ``n + 1`` once its ``k``-th throw is told: every move and
        outcome up to its next throw made, that throw not yet (``k == 0``: :meth:`at`; past
        the answer's last throw: the game after it). The answer is played on a copy and
        stopped at that throw, so the copy stands exactly as the game did; it is only to
        look at (its open decision is the one being answered, and it answers no more)."""
        g = self.at(n)
        if k == 0:
            return g
        seen: list[Event] = []

        def listen(event: Event) -> None:
            if event.kind == "roll":
                seen.append(event)
                if len(seen) == k + 1:
                    raise _Told

        g.log.subscribe(listen)
        try:
            g.answer(self.decisions[n])
        except _Told:
            g.log.events.pop()  # the next throw: not yet thrown
            g.dice.count -= 1
        g.log.unsubscribe(listen)
        return g

    def at(self, n: int) -> Game:
        """A new game at moment ``n`` (after ``n`` decisions): its state, log and open
        decision as they stood then. ValueError if there is no such moment."""
        if not 0 <= n <= len(self.decisions):
            raise ValueError(f"moment {n}: this game has moments 0 to {len(self.decisions)}")
        i = bisect_right([cp.decisions for cp in self.checkpoints], n) - 1
        if i >= 0:
            from ambush_gui.alley.game import AlleyGame

            cp = self.checkpoints[i]
            dice = Dice(0, script=self._faces(cp.throws))
            dice.count = cp.throws
            g: Game = AlleyGame.resumed(cp, dice, list(self.log[:cp.events]))
            g.decisions = list(self.decisions[:cp.decisions])
            g.answered_by = self.answered_by[:cp.decisions]
            g.roll_marks = [m[1] for m in self.after[:cp.decisions]]
            done = cp.decisions
        else:
            g = self._blank(Dice(0, script=self._faces()))
            g.start()
            done = 0
        for answer in self.decisions[done:n]:
            g.answer(answer)
        return g
