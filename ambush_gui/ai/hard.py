"""The hard computer player: the normal player's best few answers, tried forward over
sampled futures, the best kept.

How it looks ahead. At each decision it asks the normal player of its system for
``candidates(game, decision)`` (up to a few distinct legal answers, the normal answer
first; :mod:`ambush_gui.ai.alley_lookahead` for Ambush Alley). With two or more, it plays
each one forward on ``futures`` forks of the game (:func:`ambush_gui.ai.lookahead.fork`),
the normal player answering for both sides, to the end of the turn or ``horizon`` more
decisions, whichever comes first (at most ``budget`` forks a game turn: the decisions
of a turn beyond that are the normal player's), scores each fork with the normal player's
``value(fork, side)`` and takes the candidate with the best mean; the normal answer
keeps the decision unless another beats it by ``margin`` VP (a tie is the normal
answer). Every other decision is the normal player's. A normal player without
``candidates`` (or ``value``) makes the hard player play exactly as normal.

Why it is fair.
- It never reads the game's own dice. A fork is rebuilt from the scenario, the
  decisions made so far and the faces already thrown (read from the game's event log:
  what every player has seen); its future dice come from a fresh ``Dice(stream)``. The
  game's ``Dice`` object (its RNG, its count, its script) is never touched.
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
from typing import Any

from ambush_gui.ai.lookahead import fork
from ambush_gui.ai.narrate import Choice, narrate
from ambush_gui.core.decisions import Decision, IllegalDecision

FUTURES = 3  # sampled futures per candidate (the same K for every candidate)
HORIZON = 20  # decisions played forward at most (the end of the turn usually comes first)
MARGIN = 0.6  # mean VP another candidate must gain over the normal answer to be taken
BUDGET = 12  # forks played forward per game turn at most (what keeps a game a few seconds)


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
                 margin: float = MARGIN, budget: int = BUDGET) -> None:
        from ambush_gui.systems import normal_player

        self.system = system
        self.normal = normal_player(system)
        self.seed = seed
        self.futures = futures
        self.horizon = horizon
        self.margin = margin
        self.budget = budget
        self._spent: tuple[Any, int] = (None, 0)  # (turn, forks played in it)
        self.looked: dict[str, int] = {}  # decisions looked ahead at, by kind (for the figures)
        self.forks = 0  # forks played forward

    def choose(self, game: Any, decision: Decision) -> Any:
        return self.decide(game, decision).answer

    def decide(self, game: Any, decision: Decision) -> Choice:
        """The best candidate over the sampled futures, with what it compared."""
        ask = getattr(self.normal, "candidates", None)
        judge = getattr(self.normal, "value", None)
        if ask is None or judge is None:
            return self._normal(game, decision)
        cands = ask(game, decision) if len(decision.options) > 1 else []
        turn, spent = self._spent
        if turn != _turn(game):
            turn, spent = _turn(game), 0
        affordable = (self.budget - spent) // max(1, self.futures)
        cands = cands[:affordable] if affordable >= 2 else cands[:1]
        if len(cands) < 2:
            return _told(game, decision, cands[0]) if cands else self._normal(game, decision)
        self._spent = (turn, spent + len(cands) * self.futures)
        self.looked[decision.kind.value] = self.looked.get(decision.kind.value, 0) + 1
        means = [self._mean(game, decision, c.answer) for c in cands]
        best = 0
        for i in range(1, len(cands)):
            if means[i] > means[best] + (self.margin if best == 0 else 1e-9):
                best = i
        rest = [m for i, m in enumerate(means) if i != best]
        lead = means[best] - max(rest)
        chosen = cands[best]
        what = narrate(game, decision, chosen.answer)
        how = (f"best of {len(cands)} tried over {self.futures} futures, "
               f"{lead:+.1f} VP against the next best")
        if best == 0 and lead < 0:
            how = (f"kept after trying {len(cands)} over {self.futures} futures "
                   f"(another was {-lead:.1f} VP better, within the margin)")
        why = f"{what}: {how}"
        if chosen.reason and best == 0:
            why += f"; {chosen.reason}"
        return Choice(chosen.answer, why)

    def _mean(self, game: Any, decision: Decision, answer: Any) -> float:
        """The mean value for the decision's side of ``answer`` over the sampled futures."""
        total = 0.0
        n = len(game.decisions)
        for k in range(self.futures):
            copy = fork(game, stream(self.seed, n, k))
            self.forks += 1
            try:
                copy.answer(answer)
            except IllegalDecision:
                return float("-inf")
            self._play(copy)
            total += self.normal.value(copy, decision.side)
        return total / self.futures

    def _play(self, copy: Any) -> None:
        """The normal player on both sides, to the end of the turn or the horizon."""
        from ambush_gui.systems import normal_player

        player = normal_player(self.system)  # fresh: nothing it remembers crosses forks
        turn = _turn(copy)
        for _ in range(self.horizon):
            d = copy.pending()
            if d is None or _turn(copy) != turn:
                return
            copy.answer(player.choose(copy, d))


    def _normal(self, game: Any, decision: Decision) -> Choice:
        return _told(game, decision, self.normal.decide(game, decision))


def _told(game: Any, decision: Decision, c: Choice) -> Choice:
    """The choice with a reason: the normal player's, else what the answer does."""
    return Choice(c.answer, c.reason or narrate(game, decision, c.answer))
