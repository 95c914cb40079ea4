"""Where the normal computer player's own time goes, part by part (issue 30).

Run ``python bench/bench_player_parts.py [GAMES [SCENARIO]]`` (defaults 50,
contracting-trouble): normal against normal on seeds 1..GAMES, one core. Only the
players' ``choose`` is timed (the engine's own work between decisions is not), and each
part's time is its own: a part called inside another counts for the inner one only, so
the rows add up to the total. The timers cost a little themselves (a few per cent).
The same games replayed from their decisions give the engine's time beside it.

The parts are the functions the player spends its time in (``PARTS``); "the player's
own reckoning" is everything else the player does (its candidates, their scores and
the bookkeeping round them).
"""

from __future__ import annotations

import functools
import importlib
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's copy

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.simulate import make_player, player_seed  # noqa: E402

OWN = "the player's own reckoning"
PARTS = {  # part -> the functions whose time is its own ("module:name" or "module:Class.method")
    "the answer's check (the engine's, kept for the engine)": ["ambush_gui.core.decisions:Decision.validate"],
    "sight (who sees whom, move ends in sight)": ["ambush_gui.alley.game:AlleyGame.sees",
                                                  "ambush_gui.core.geometry:Table.sight_matrix"],
    "Solid Cover": ["ambush_gui.alley.pools:solid_cover_many",
                    "ambush_gui.alley.game:AlleyGame.solid_cover_many"],
    "cover within 2\"": ["ambush_gui.alley.game:AlleyGame.near_cover_many",
                         "ambush_gui.alley.game:AlleyGame.near_cover"],
    "fire odds (the pools and the dice)": ["ambush_gui.alley.fire:odds"],
    "Close Assault odds": ["ambush_gui.ai.alley_insurgent:assault_odds"],
    "unit goals (the plan and its key)": ["ambush_gui.ai.alley_ai:AlleyAI.goals"],
    "pathfinders round enemy figures (built)": ["ambush_gui.core.paths:Pathfinder.__init__"],
    "distance fields (one per goal)": ["ambush_gui.core.paths:Pathfinder._dijkstra"],
    "ways and distances along them": ["ambush_gui.core.paths:Field._solve",
                                      "ambush_gui.core.paths:Field.distances"],
}

spent: Counter[str] = Counter()
_stack: list[list[Any]] = []  # [part, time spent in inner parts]


def _timed(part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not _stack:  # the engine's own call, not the player's
            return fn(*args, **kwargs)
        start = time.perf_counter()
        _stack.append([part, 0.0])
        try:
            return fn(*args, **kwargs)
        finally:
            _, inner = _stack.pop()
            took = time.perf_counter() - start
            spent[part] += took - inner
            _stack[-1][1] += took
    return wrapper


def _install() -> None:
    for part, names in PARTS.items():
        for name in names:
            module, attr = name.split(":")
            mod = importlib.import_module(module)
            if "." in attr:
                cls_name, meth = attr.split(".")
                cls = getattr(mod, cls_name)
                raw = cls.__dict__[meth]
                if isinstance(raw, staticmethod):
                    setattr(cls, meth, staticmethod(_timed(part, raw.__func__)))
                else:
                    setattr(cls, meth, _timed(part, raw))
                continue
            plain = getattr(mod, attr)
            timed = _timed(part, plain)
            for other in list(sys.modules.values()):  # every module that imported it by name
                if other is not None and getattr(other, attr, None) is plain:
                    setattr(other, attr, timed)


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args else 50
    name = args[1] if len(args) > 1 else "contracting-trouble"
    _install()
    scenario = systems.load_scenario(systems.resolve(name))
    total = 0.0
    played = []
    for seed in range(1, games + 1):
        game = systems.new_game(scenario, seed)
        players = {side: make_player("normal", game.system, player_seed(0, seed, n))
                   for n, side in enumerate(("regular", "insurgent"))}
        while (d := game.pending()) is not None:
            _stack.append([OWN, 0.0])
            start = time.perf_counter()
            answer = players[d.side].choose(game, d)
            took = time.perf_counter() - start
            _, inner = _stack.pop()
            spent[OWN] += took - inner
            total += took
            game.answer(answer)
        played.append(game)
    start = time.perf_counter()
    for old in played:
        game = systems.new_game(scenario, old.seed)
        for choice in old.decisions:
            game.answer(choice)
    engine = time.perf_counter() - start
    decisions = sum(len(g.decisions) for g in played)
    print(f"{name}, normal against normal, seeds 1..{games}: the players' own time "
          f"{total / games * 1000:.1f} ms a game ({total / decisions * 1e6:.0f} µs a decision, "
          f"{decisions / games:.0f} decisions); the engine replaying the same games "
          f"{engine / games * 1000:.1f} ms a game\n")
    print("| part | ms a game | share |\n|---|---:|---:|")
    for part, t in spent.most_common():
        print(f"| {part} | {t / games * 1000:.1f} | {t / total:.0%} |")


if __name__ == "__main__":
    main()
