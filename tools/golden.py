"""Write the golden playthroughs that pin the Ambush Alley engine (tests/alley/golden/).

    python tools/golden.py

Each file is a save: a shipped scenario, a seed and every decision of a whole game
(computer against computer, or random against random), with the final state hash.
tests/alley/test_golden.py replays them: any change to what the engine does makes a
test fail. When a rule change is meant to change play, run this again and say so in
the commit.
"""

from __future__ import annotations

from pathlib import Path

from ambush_gui import systems
from ambush_gui.ai.simulate import make_player, play_out
from ambush_gui.core import saves

OUT = Path(__file__).resolve().parent.parent / "tests" / "alley" / "golden"
CASES = [("ai", 1), ("ai", 2), ("ai", 3), ("random", 4), ("random", 5)]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    for kind, seed in CASES:
        game = systems.new_game(scenario, seed)
        players = {side: make_player(kind, "alley", seed) for side in ("regular", "insurgent")}
        play_out(game, players)
        path = OUT / f"contracting-trouble-{kind}-{seed}.json"
        data = saves.to_data(game)
        data["saved"] = ""
        import json

        path.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
        print(f"wrote {path.name}: {len(game.decisions)} decisions, {game.result}")


if __name__ == "__main__":
    main()
