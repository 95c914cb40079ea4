"""The hard computer player: the normal player's best few answers, tried forward over
sampled futures, the best kept.

How it looks ahead. At each decision it asks its system's look-ahead questions
(:func:`ambush_gui.systems.look_ahead`) for ``candidates(game, decision)`` (up to a few
distinct legal answers, the normal answer first; :mod:`ambush_gui.ai.alley_lookahead` for
Ambush Alley). With two or more, it plays
each one forward on ``futures`` forks of the game (:class:`ambush_gui.ai.lookahead.Forker`:
from the turn's start, not replaying the whole game),
the normal player answering for both sides, to the end of the turn or ``horizon`` more
decisions, whichever comes first (at most ``budget`` forks a game turn: the decisions
of a turn beyond that are the normal player's), scores each fork with
``value(fork, side)`` and takes the candidate with the best mean; the normal answer
keeps the decision unless another beats it by ``margin`` VP (a tie is the normal
answer). Every other decision is the normal player's.

Decisive decisions. The look-ahead questions may say which decisions the game turns on
(``decisive(game, decision)``; for Ambush Alley :func:`ambush_gui.ai.alley_lookahead.decisive`:
the escorts' carrier interrupted, fired at, moving, and where reinforcements arrive).
Those get ``deep_futures`` futures each played to the end of the game (scored by the
result: points and the win), out of a budget of ``deep_budget`` forks a game; after
``MIN_FUTURES`` futures an answer trailing the leader by ``DROP`` VP is played no further,
so the futures go to the close calls. A system without
``candidates`` (or ``value``) makes the hard player play exactly as normal.

Why it is fair.
- It never reads the game's own dice. A fork is rebuilt from the scenario, the
  decisions made so far and the faces already thrown (read from the game's event log:
  what every player has seen; the forker's own replay of them copied at the turn's
  start); its future dice come from a fresh ``Dice(stream)``. The game's ``Dice``
  object (its RNG, its count, its script) is never touched.
- The streams depend only on the player's own seed, the number of decisions made so far
  and the index of the future: ``stream(seed, len(game.decisions), k)``. Two games that
  are identical up to a decision fork identically, whatever their own dice will throw,
  so the hard player gives them the same answer and the same reason
  (tests/ai/test_hard_fair.py proves it).
- Every candidate is tried over the SAME futures (common random numbers): candidate A
  and candidate B meet the same dice in future k, so the comparison measures the
  answers, not the luck of the draw; and the result is deterministic per seed.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from ambush_gui.ai.lookahead import Forker
from ambush_gui.ai.narrate import Choice, narrate
from ambush_gui.core.decisions import Decision, IllegalDecision

FUTURES = 3  # sampled futures per candidate (the same K for every candidate)
HORIZON = 12  # decisions played forward at most (the end of the turn usually comes first)
MARGIN = 0.6  # mean VP another candidate must gain over the normal answer to be taken
BUDGET = 6  # forks a game turn at most at the other decisions (what keeps a game a few seconds)
DEEP_FUTURES = 5  # futures per candidate at a decisive decision (the normal player says which)
DEEP_TURNS = 99  # game turns a decisive decision is played forward: to the end of the game
DEEP_BUDGET = 15  # forks played forward at decisive decisions per game at most
DEEP_HORIZON = 400  # decisions a decisive look-ahead plays at most
MIN_FUTURES = 3  # futures every answer of a decisive decision is played over
DROP = 4.0  # VP an answer may trail the leader after MIN_FUTURES futures and still be played on


def stream(seed: int, decisions: int, k: int) -> int:
    """The seed of future ``k`` at the decision after ``decisions`` answers: the player's
    own seed and the game's public progress only (never the game's dice or seed)."""
    digest = hashlib.blake2b(f"hard:{seed}:{decisions}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _turn(game: Any) -> Any:
    """The game turn the budget and the horizon count by: an Ambush Alley turn; an Ambush!
    Operations turn and Round."""
    state = getattr(game, "state", None)
    turn = getattr(state, "turn", None)
    if turn is not None:
        return turn
    return getattr(game, "turn", None), getattr(state, "round", None)


class HardPlayer:
    """Looks ahead over sampled futures at the decisions the normal player says matter."""

    def __init__(self, system: str, seed: int = 0, futures: int = FUTURES, horizon: int = HORIZON,
                 margin: float = MARGIN, budget: int = BUDGET, deep_futures: int = DEEP_FUTURES,
                 deep_turns: int = DEEP_TURNS, deep_budget: int = DEEP_BUDGET) -> None:
        from ambush_gui.systems import normal_player

        self.system = system
        self.normal = normal_player(system)
        self.seed = seed
        self.futures = futures
        self.horizon = horizon
        self.margin = margin
        self.budget = budget
        self.deep_futures = deep_futures
        self.deep_turns = deep_turns
        self.deep_budget = deep_budget
        self._deep_spent = 0  # forks played at decisive decisions this game
        self._spent: tuple[Any, int] = (None, 0)  # (turn, forks played in it)
        self.looked: dict[str, int] = {}  # decisions looked ahead at, by kind (for the figures)
        self.forks = 0  # forks played forward
        self.forker = Forker()  # forks from the current turn's start, not the game's

    def choose(self, game: Any, decision: Decision) -> Any:
        return self.decide(game, decision).answer

    def decide(self, game: Any, decision: Decision) -> Choice:
        """The best candidate over the sampled futures, with what it compared."""
        from ambush_gui.systems import look_ahead

        hooks = look_ahead(self.system, self.normal)
        if hooks is None:
            return self._normal(game, decision)
        cands = hooks.candidates(game, decision) if len(decision.options) > 1 else []
        if len(cands) < 2:
            return _told(game, decision, cands[0]) if cands else self._normal(game, decision)
        decisive = hooks.decisive
        deep = (decisive is not None and decisive(game, decision)
                and (self.deep_budget - self._deep_spent) // max(1, self.deep_futures) >= 2)
        if deep:
            futures = self.deep_futures
            cands = cands[:(self.deep_budget - self._deep_spent) // futures]
        else:
            futures = self.futures
            turn, spent = self._spent
            if turn != _turn(game):
                turn, spent = _turn(game), 0
            affordable = (self.budget - spent) // max(1, futures)
            cands = cands[:affordable] if affordable >= 2 else cands[:1]
            if len(cands) < 2:
                return _told(game, decision, cands[0])
            self._spent = (turn, spent + len(cands) * futures)
        self.looked[decision.kind.value] = self.looked.get(decision.kind.value, 0) + 1
        means, played = self._means(game, decision, [c.answer for c in cands], futures, deep,
                                    hooks.value)
        if deep:
            self._deep_spent += played
        best = 0
        for i in range(1, len(cands)):
            if means[i] > means[best] + (self.margin if best == 0 else 1e-9):
                best = i
        rest = [m for i, m in enumerate(means) if i != best]
        lead = means[best] - max(rest)
        chosen = cands[best]
        where = ("to the end of the game " if self.deep_turns >= 99 else
                 f"for {self.deep_turns} more turns ") if deep else ""
        upto = "up to " if deep else ""
        tried = f"{len(cands)} answers played forward {where}over {upto}{futures} sampled futures"
        ahead = f"{lead:.1f} VP ahead of the next" if math.isfinite(lead) else "far ahead of the rest"
        how = f"the best of {tried} ({ahead})"
        if best == 0 and lead < 0:  # the normal answer stands unless another clearly beats it
            how = (f"the usual answer, kept: of {tried}, none was clearly better "
                   f"(the best by only {-lead:.1f} VP)")
        why = how  # the window tells the answer itself before its reason (narrate)
        if chosen.reason and best == 0:
            why += f"; {chosen.reason}"
        return Choice(chosen.answer, why)

    def _means(self, game: Any, decision: Decision, answers: list[Any], futures: int,
               deep: bool, value: Any) -> tuple[list[float], int]:
        """The mean value for the decision's side of each answer over the sampled futures
        (future k the same for every answer), and the forks played. A decisive decision
        stops sampling an answer once it trails the leader by ``DROP`` VP after
        ``MIN_FUTURES`` futures (adaptive: the budget goes to the close calls)."""
        n = len(game.decisions)
        totals = [0.0] * len(answers)
        counts = [0] * len(answers)
        alive = list(range(len(answers)))
        played = 0
        for k in range(futures):
            for i in list(alive):
                copy = self.forker.fork(game, stream(self.seed, n, k))
                self.forks += 1
                played += 1
                try:
                    copy.answer(answers[i])
                except IllegalDecision:
                    totals[i], counts[i] = float("-inf"), 1
                    alive.remove(i)
                    continue
                self._play(copy, deep)
                totals[i] += value(copy, decision.side)
                counts[i] += 1
            if deep and k + 1 >= MIN_FUTURES and len(alive) > 1:
                top = max(totals[i] / counts[i] for i in alive)
                alive = [i for i in alive if totals[i] / counts[i] >= top - DROP]
                if len(alive) == 1:
                    break
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]
        # an answer dropped early is compared by what it showed, never above the survivors
        for i in range(len(answers)):
            if i not in alive and counts[i] < max(counts):
                means[i] = min(means[i], min(means[j] for j in alive) - DROP)
        return means, played

    def _play(self, copy: Any, deep: bool = False) -> None:
        """The normal player on both sides, to the end of the turn or the horizon (a
        decisive decision: ``deep_turns`` more turns, the end of the game at most)."""
        from ambush_gui.systems import normal_player

        player = normal_player(self.system)  # fresh: nothing it remembers crosses forks
        turn = _turn(copy)
        turns = self.deep_turns if deep else 0
        seen = 0
        for _ in range(DEEP_HORIZON if deep else self.horizon):
            d = copy.pending()
            if d is None:
                return
            now = _turn(copy)
            if now != turn:
                seen += 1
                turn = now
                if seen > turns:
                    return
            copy.answer(player.choose(copy, d))

    def _normal(self, game: Any, decision: Decision) -> Choice:
        return _told(game, decision, self.normal.decide(game, decision))


def _told(game: Any, decision: Decision, c: Choice) -> Choice:
    """The choice with a reason: the normal player's, else what the answer does."""
    return Choice(c.answer, c.reason or narrate(game, decision, c.answer))
