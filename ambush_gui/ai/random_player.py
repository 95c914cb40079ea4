"""A player that picks uniformly among the legal options (the baseline the AI must beat)."""

from __future__ import annotations

from typing import Any

from ambush_gui.ai.narrate import Choice
from ambush_gui.core.decisions import Decision
from ambush_gui.core.dice import Dice


class RandomPlayer:
    """Chooses uniformly among ``decision.options``, with its own seeded dice."""

    def __init__(self, seed: int = 0) -> None:
        self._dice = Dice(seed)

    def choose(self, game: Any, decision: Decision) -> Any:
        options = decision.options
        return options[self._dice.one(len(options)) - 1] if len(options) > 1 else options[0]

    def decide(self, game: Any, decision: Decision) -> Choice:
        """The answer and its reason (always the same: it picks at random)."""
        return Choice(self.choose(game, decision), "picked at random")
