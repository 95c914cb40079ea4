"""Copies of a running game whose future dice are fresh: what a look-ahead player plays.

A computer player may not read the game's own seeded dice ahead of time. A fork is
rebuilt from the game's scenario, its decisions so far and the faces already thrown
(read from its event log: dice every player has seen), so its past is the game's
past; every die after that comes from a stream seeded by the caller, never by the
game. Two games identical up to a decision therefore fork identically, whatever
their own dice would throw next.
"""

from __future__ import annotations

from typing import Any

from ambush_gui.core.dice import Dice
from ambush_gui.core.game import Game


def past_faces(game: Game) -> list[int]:
    """Every face thrown so far, in order (the log's ``roll`` events)."""
    return [f for e in game.log.events if e.kind == "roll" for f in e.data.get("faces", ())]


def fork(game: Game, stream: int) -> Game:
    """A copy of ``game`` at its open decision; its future dice come from ``stream``."""
    dice = Dice(stream, script=past_faces(game))
    copy = _blank(game, dice)
    for answer in game.decisions:
        copy.answer(answer)
    if dice.scripted:
        raise RuntimeError("a fork did not replay every past die: the game threw dice outside its log")
    return copy


def _blank(game: Game, dice: Dice) -> Any:
    if game.system == "alley":
        from ambush_gui.alley.game import AlleyGame

        assert isinstance(game, AlleyGame)
        return AlleyGame(game.scenario, game.seed, dice=dice, options=game.recorded_options)
    if game.system == "ambush":
        from ambush_gui.ambush.game import AmbushGame

        assert isinstance(game, AmbushGame)
        return AmbushGame(game.scenario, game.seed, dice=dice)
    raise ValueError(f"cannot fork a {game.system!r} game")
