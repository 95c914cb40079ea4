"""Copies of a running game whose future dice are fresh: what a look-ahead player plays.

A computer player may not read the game's own seeded dice ahead of time. A fork's past
is the game's past, rebuilt from its scenario, its decisions so far and the faces
already thrown (read from its event log: dice every player has seen); every die after
that comes from a stream seeded by the caller, never by the game. Two games identical
up to a decision therefore fork identically, whatever their own dice would throw next.

:func:`fork` replays the whole game. A :class:`Forker` does not: it keeps its own
shadow of the game (the same replay, made once and brought up to date as the game
goes on) that copies itself at each turn's start (:meth:`AlleyGame.take_checkpoint`),
and a fork starts from the last copy and replays only the current turn's decisions with
the faces thrown in it. The fork is the same game either way (tests/ai/test_fork.py).
Ambush! games keep the full replay: their procedure does not resume at a turn.
"""

from __future__ import annotations

from typing import Any

from ambush_gui.core.dice import Dice
from ambush_gui.core.game import Game


def past_faces(game: Game) -> list[int]:
    """Every face thrown so far, in order (the log's ``roll`` events)."""
    return [f for e in game.log.events if e.kind == "roll" for f in e.data.get("faces", ())]


def fork(game: Game, stream: int) -> Game:
    """A copy of ``game`` at its open decision, replayed from the start; its future dice
    come from ``stream``."""
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


class Forker:
    """Forks of one game at a time, each from the start of the game's current turn.

    The shadow is this forker's own replay of the game (never the game's objects): it
    is brought up to date with the game's new decisions and the faces its log shows,
    and it keeps a checkpoint at each turn's start. A game the shadow is not a prefix
    of (another game, or one taken back) starts a new shadow."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._shadow: Any = None
        self._throws: list[list[int]] = []  # the faces of each throw the game's log shows
        self._read = 0  # log events read into _throws

    def fork(self, game: Game, stream: int) -> Game:
        """What :func:`fork` returns (the same state, the same open decision, the same
        future dice), without replaying the turns before this one."""
        if game.system != "alley":
            return fork(game, stream)
        from ambush_gui.alley.game import AlleyGame

        cp = self._catch_up(game)
        if cp is None:
            return fork(game, stream)
        faces = [f for t in self._throws[cp.throws:] for f in t]
        dice = Dice(stream, script=faces)
        dice.count = cp.throws  # the throws before the checkpoint, as a replay counts them
        copy = AlleyGame.resumed(cp, dice, game.log.events[:cp.events])
        copy.decisions = list(game.decisions[:cp.decisions])
        copy.roll_marks = list(game.roll_marks[:cp.decisions])
        copy.answered_by = list(game.answered_by[:cp.decisions])
        for answer in game.decisions[cp.decisions:]:
            copy.answer(answer)
        if dice.scripted:
            raise RuntimeError("a fork did not replay every past die: the game threw dice outside its log")
        return copy

    def _catch_up(self, game: Game) -> Any:
        """The shadow's last checkpoint once it has made the game's decisions so far."""
        from ambush_gui.alley.game import AlleyGame

        assert isinstance(game, AlleyGame)
        shadow = self._shadow
        if (self._game is not game or shadow is None or len(shadow.decisions) > len(game.decisions)
                or shadow.decisions != game.decisions[:len(shadow.decisions)]):
            self._game, self._throws, self._read = game, [], 0
            shadow = self._shadow = AlleyGame(game.scenario, game.seed, dice=Dice(0, strict=True),
                                              options=game.recorded_options)
            shadow.keep_checkpoint = True
        events = game.log.events
        for e in events[self._read:]:
            if e.kind == "roll":
                self._throws.append(list(e.data.get("faces", ())))
        self._read = len(events)
        if len(shadow.decisions) < len(game.decisions) or shadow._gen is None:
            shadow.dice.push(*(f for t in self._throws[shadow.dice.count:] for f in t))
            shadow.start()
            for answer in game.decisions[len(shadow.decisions):]:
                shadow.answer(answer)
        return shadow.checkpoint
