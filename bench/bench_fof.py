"""Benchmark: what the Force on Force modules cost a computer-against-computer game.

Run ``python bench/bench_fof.py [GAMES]``. One core, the computer player on both sides,
seeds 1..GAMES (default 50) of each scenario, in the same process and interleaved (a game
of one, then a game of the other), so a busy shared machine slows both alike:

* Contracting Trouble, no module (the baseline);
* "every module": Market Day (civilians, IEDs, combat stress) with the other four modules
  switched on as well: the bomber's team is a light mortar team, the rangers wear MOPP 2
  in an NBC environment, the school yard is mined, and Bravo team rides;
* the two shipped Force on Force scenarios, Market Day and The Orchard Battery.

Prints games per second and decisions per game of each (docs/performance.md).
"""

from __future__ import annotations

import sys
import time
import tomllib
from typing import Any

from ambush_gui import systems
from ambush_gui.ai.simulate import play_out
from ambush_gui.alley.scenario import Scenario


def every_module() -> Scenario:
    """Market Day with all seven modules on (a benchmark file, not a shipped scenario)."""
    data: dict[str, Any] = tomllib.loads(systems.resolve("market-day").read_text(encoding="utf-8"))
    data["modules"] = ["mortars", "nbc", "mines", "ieds", "mounted", "combat_stress", "civilians"]
    data["table"]["pieces"].append({"id": "school-yard", "kind": "minefield", "label": "Mined yard",
                                    "rect": [3, 8.6, 5, 1.6]})
    data["mortars"] = {"teams": {"bomber": "light"}}
    data["nbc"] = {"environment": True, "mopp": {"regular": 2}}
    data["mines"] = {"type": "light_ap", "concentration": "light"}
    data["mounted"] = {"units": [{"unit": "bravo", "type": "mounted_troops"}]}
    return Scenario.from_data(data, "every-module")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    runs = {
        "contracting-trouble (no module)": systems.load_scenario(systems.resolve("contracting-trouble")),
        "every module (Market Day + 4)": every_module(),
        "market-day": systems.load_scenario(systems.resolve("market-day")),
        "the-orchard-battery": systems.load_scenario(systems.resolve("the-orchard-battery")),
    }
    spent = dict.fromkeys(runs, 0.0)
    decisions = dict.fromkeys(runs, 0)
    for seed in range(1, games + 1):
        for name, scenario in runs.items():
            start = time.perf_counter()
            game = systems.new_game(scenario, seed)
            ai = systems.computer_player("alley")
            play_out(game, {"regular": ai, "insurgent": ai})
            spent[name] += time.perf_counter() - start
            decisions[name] += len(game.decisions)
    base = games / spent["contracting-trouble (no module)"]
    print(f"{games} games of each, interleaved, one core\n")
    print("| scenario | games/s | decisions a game | ms a decision | vs Contracting Trouble |")
    print("|---|---:|---:|---:|---:|")
    for name in runs:
        rate = games / spent[name]
        print(f"| {name} | {rate:.1f} | {decisions[name] / games:.0f} | "
              f"{spent[name] / decisions[name] * 1e3:.2f} | {rate / base:.2f}x |")


if __name__ == "__main__":
    main()
