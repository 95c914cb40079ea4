"""Benchmark: what a computer game of a table scenario costs, side by side in one run.

Run ``python bench/bench_simulate.py [GAMES [HARD_GAMES [SCENARIO]]]`` (defaults 100, 20,
contracting-trouble; HARD_GAMES 0 skips the hard part). One core, CPU time
(``time.process_time``: the ratios hold on a machine other jobs share), seeds 1..GAMES:

- **normal**: the normal computer player on both sides;
- **engine**: the same games replayed from their recorded decisions (no computer
  player: what loading a save costs);
- **hard**: on seeds 1..HARD_GAMES, the hard player as Insurgent against the normal
  Regular, and as Regular against the normal Insurgent.

It prints the time per game of each and the two ratios issue 30 sets: a normal game
at most 1.5 times the engine's time on the same games, and a hard game (both seats)
at most 10 times a normal game on the same seeds.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's copy

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.simulate import make_player, play_out, player_seed  # noqa: E402
from ambush_gui.core.game import Game  # noqa: E402

NORMAL_TARGET = 1.5  # a normal game against the engine's time (issue 30)
HARD_TARGET = 10.0  # a hard game against a normal one (issue 30)


def played(scenario: object, seed: int, seats: dict[str, str]) -> tuple[Game, float]:
    """Game ``seed`` played out by ``seats`` (side -> level) and the seconds it took,
    the players seeded as ``simulate`` seeds them."""
    start = time.process_time()
    game = systems.new_game(scenario, seed)  # type: ignore[arg-type]
    players = {side: make_player(kind, game.system, player_seed(0, seed, n))
               for n, (side, kind) in enumerate(seats.items())}
    play_out(game, players)
    return game, time.process_time() - start


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args else 100
    hard_games = min(games, int(args[1]) if len(args) > 1 else 20)
    name = args[2] if len(args) > 2 else "contracting-trouble"
    scenario = systems.load_scenario(systems.resolve(name))
    normal = [played(scenario, seed, {"regular": "normal", "insurgent": "normal"})
              for seed in range(1, games + 1)]
    normal_time = sum(t for _, t in normal)
    decisions = sum(len(g.decisions) for g, _ in normal)
    start = time.process_time()
    for old, _ in normal:
        game = systems.new_game(scenario, old.seed)
        for choice in old.decisions:
            game.answer(choice)
        assert game.state_hash() == old.state_hash()
    engine = time.process_time() - start
    hard = {side: [played(scenario, seed, {"regular": "hard" if side == "regular" else "normal",
                                           "insurgent": "hard" if side == "insurgent" else "normal"})[1]
                   for seed in range(1, hard_games + 1)]
            for side in ("insurgent", "regular")}
    per_normal = normal_time / games
    per_engine = engine / games
    hard_seeds = f"1..{hard_games}" if hard_games else "skipped"
    print(f"{name}, one core, seeds 1..{games} (hard: {hard_seeds})\n")
    print("| measure | figure |\n|---|---:|")
    print(f"| engine alone (replay): ms a game | {per_engine * 1000:.0f} ({games / engine:.1f} games/s) |")
    print(f"| engine time per decision | {engine / decisions * 1e6:.0f} µs |")
    print(f"| normal vs normal: ms a game | {per_normal * 1000:.0f} ({games / normal_time:.1f} games/s) |")
    print(f"| mean decisions per game | {decisions / games:.0f} |")
    if hard_games:
        per_hard = {side: sum(ts) / hard_games for side, ts in hard.items()}
        print(f"| hard Insurgent vs normal Regular: ms a game | {per_hard['insurgent'] * 1000:.0f} |")
        print(f"| hard Regular vs normal Insurgent: ms a game | {per_hard['regular'] * 1000:.0f} |")
    print(f"| normal / engine (target ≤ {NORMAL_TARGET}) | {per_normal / per_engine:.2f} |")
    if hard_games:
        both = sum(per_hard.values()) / 2
        normal_same = sum(t for _, t in normal[:hard_games]) / hard_games  # the hard games' seeds
        print(f"| hard / normal, both seats, same seeds (target ≤ {HARD_TARGET:.0f}) | "
              f"{both / normal_same:.2f} |")


if __name__ == "__main__":
    main()
