"""The hard computer player (placeholder: plays as normal until its look-ahead lands)."""

from __future__ import annotations

from typing import Any

from ambush_gui.ai.narrate import Choice
from ambush_gui.core.decisions import Decision


class HardPlayer:
    """The normal player (for now)."""

    def __init__(self, system: str, seed: int = 0) -> None:
        from ambush_gui.systems import normal_player

        self.normal = normal_player(system)
        self.seed = seed

    def choose(self, game: Any, decision: Decision) -> Any:
        return self.normal.choose(game, decision)

    def decide(self, game: Any, decision: Decision) -> Choice:
        return Choice(*_pair(self.normal.decide(game, decision)))


def _pair(c: Choice) -> tuple[Any, str]:
    return c.answer, c.reason
