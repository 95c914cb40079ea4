"""Benchmark: complete computer-against-computer games of Contracting Trouble per second.

Run ``python bench/bench_simulate.py [GAMES]``. One core, the shipped scenario, the
computer player on both sides, seeds 1..GAMES (default 100). The target is at least
20 games a second. Also reports the engine alone: the same games replayed from their
recorded decisions (no computer player), which is what loading a save costs.
"""

from __future__ import annotations

import sys
import time

from ambush_gui import systems
from ambush_gui.ai.simulate import play_out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    played = []
    start = time.perf_counter()
    for seed in range(1, games + 1):
        game = systems.new_game(scenario, seed)
        ai = systems.computer_player("alley")
        play_out(game, {"regular": ai, "insurgent": ai})
        played.append(game)
    elapsed = time.perf_counter() - start
    decisions = sum(len(g.decisions) for g in played)
    start = time.perf_counter()
    for old in played:
        game = systems.new_game(scenario, old.seed)
        for choice in old.decisions:
            game.answer(choice)
        assert game.state_hash() == old.state_hash()
    engine = time.perf_counter() - start
    print("| measure | figure |\n|---|---:|")
    print(f"| games (AI vs AI) | {games} |")
    print(f"| games per second, computer players included | {games / elapsed:.1f} |")
    print(f"| mean decisions per game | {decisions / games:.0f} |")
    print(f"| games per second, engine alone (replay) | {games / engine:.1f} |")
    print(f"| engine time per decision | {engine / decisions * 1e6:.0f} µs |")


if __name__ == "__main__":
    main()
