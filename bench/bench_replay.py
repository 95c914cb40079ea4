"""Benchmark: replaying a long save (about 2,000 decisions) and verifying its hash.

Run ``python bench/bench_replay.py``. It plays games of Contracting Trouble (the
computer's Marines against random Insurgents) with the turn limit raised to 99 and no
exit edge, so the Marines fight on rather than leave, until one game reaches 2,000
decisions; saves it, and times
``replay --verify`` on it (median of 5 fresh replays). The target is under 1 s.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from ambush_gui import systems
from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.core import saves
from ambush_gui.core.files import read_data

TARGET = 2000


def long_game() -> object:
    data = read_data(systems.resolve("contracting-trouble"))
    data["turn_limit"] = 99
    data["sides"]["regular"]["friendly_edges"] = []
    scenario = systems.scenario_from_data("alley", data, "<bench>")
    best = None
    for seed in range(1, 200):
        game = systems.new_game(scenario, seed)
        players = {"regular": systems.computer_player("alley"), "insurgent": RandomPlayer(seed)}
        while (d := game.pending()) is not None and len(game.decisions) < TARGET:
            game.answer(players[d.side].choose(game, d))
        if best is None or len(game.decisions) > len(best.decisions):
            best = game
        if len(game.decisions) >= TARGET:
            break
    assert best is not None
    return best


def main() -> None:
    game = long_game()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        saves.save(game, path)  # type: ignore[arg-type]
        times = []
        for _ in range(5):
            start = time.perf_counter()
            saves.verify(path, systems.factory)
            times.append(time.perf_counter() - start)
    n = len(game.decisions)  # type: ignore[attr-defined]
    print("| measure | figure |\n|---|---:|")
    print(f"| decisions in the save | {n} |")
    print(f"| replay --verify, median of 5 | {statistics.median(times) * 1000:.0f} ms |")
    print(f"| per decision | {statistics.median(times) / n * 1e6:.0f} µs |")


if __name__ == "__main__":
    main()
