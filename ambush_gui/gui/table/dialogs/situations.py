"""Real game situations for the dialogs' tests, screenshots and docs.

A seeded game of Contracting Trouble! is played by the computer player for both sides
until a decision of the wanted kind is open (and, optionally, a condition holds). The
same seed always gives the same situation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from ambush_gui import systems
from ambush_gui.core.decisions import Decision, DecisionKind

SCENARIO = "contracting-trouble"
Condition = Callable[[Decision, Any], bool]


@cache
def _scenario(name: str) -> Any:
    return systems.load_scenario(systems.resolve(name))


def new_game(seed: int, scenario: str = SCENARIO) -> Any:
    game = systems.new_game(_scenario(scenario), seed)
    game.start()
    return game


def drive_to(
    kind: DecisionKind | None,
    where: Condition | None = None,
    seeds: Iterable[int] = range(60),
    scenario: str = SCENARIO,
) -> tuple[Any, Decision | None]:
    """The first game (by seed) reaching an open decision of ``kind`` where ``where``
    holds. ``kind=None`` with no condition plays a game to its end. Raises LookupError
    if no seed gets there."""
    from ambush_gui.ai.alley_ai import AlleyAI

    for seed in seeds:
        game = new_game(seed, scenario)
        ai = AlleyAI()
        while (d := game.pending()) is not None:
            if d.kind is kind and (where is None or where(d, game)):
                return game, d
            game.answer(ai.choose(game, d))
        if kind is None and (where is None or where(None, game)):  # type: ignore[arg-type]
            return game, None
    raise LookupError(f"no seed reached a {kind} decision with that condition")


def overwatch_point(seeds: Iterable[int] = range(1, 30), scenario: str = SCENARIO,
                    ) -> tuple[Any, Decision]:
    """A Regular's question about Overwatch fire along an Insurgent move (AA-104) with at
    least three points to pick from. The computer seldom goes on Overwatch, so here the
    Regulars take it whenever it is offered from turn 2 on; otherwise they play as the
    computer would."""
    from ambush_gui.ai.alley_ai import AlleyAI

    for seed in seeds:
        game = new_game(seed, scenario)
        ai = AlleyAI()
        while (d := game.pending()) is not None:
            if d.kind is DecisionKind.OVERWATCH_POINT and \
                    len({o["at"] for o in d.options if isinstance(o, dict)}) >= 3:
                return game, d
            overwatch = (d.kind is DecisionKind.PLAN and d.side == "regular"
                         and "overwatch" in d.options and game.state.turn >= 2)
            game.answer("overwatch" if overwatch else ai.choose(game, d))
    raise LookupError("no seed reached an Overwatch question along a move")


def finished_game(
    seeds: Iterable[int] = range(60),
    scenario: str = SCENARIO,
    where: Callable[[Any], bool] | None = None,
) -> Any:
    """A game played to its end (the victory screen)."""
    game, _ = drive_to(None, (lambda _d, g: where(g)) if where else None, seeds, scenario)
    return game
