"""Measure the computer's three levels head to head on every shipped table scenario.

``python tools/measure_levels.py [--games 200] [--jobs 2] [NAMES...]`` plays, for each
Ambush Alley scenario and each seat, the easy, the normal and the hard player in that seat
against the normal player in the other, on seeds 1..GAMES (the same seeds for every level
and seat, so the levels meet the same dice), and prints one Markdown table: a row per
scenario and seat, each level's wins, losses and draws, and its share of the decisive games
(wins / (wins + losses)). Under each scenario, "both seats" adds the two seats together:
the figure issue 30 sets (hard takes at least 58% of the decisive games, easy clearly under
half). Normal against normal is one run; its row is the same game set seen from each seat.

``--json FILE`` also writes the raw counts. The figures are deterministic per seed; the
time each run took is printed beside it for docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout, not an installed copy

LEVELS = ("easy", "normal", "hard")
SEATS = ("regular", "insurgent")


def table_scenarios() -> list[str]:
    from ambush_gui import systems

    names = []
    for path in sorted((ROOT / "ambush_gui" / "scenarios").glob("*.toml")):
        if systems.load_scenario(path).spec.system == "alley":
            names.append(path.stem)
    return names


def run(name: str, seat: str, level: str, games: int, jobs: int) -> dict[str, Any]:
    from ambush_gui import systems
    from ambush_gui.ai.simulate import GameFactory, simulate

    scenario = systems.load_scenario(systems.resolve(name))
    other = "insurgent" if seat == "regular" else "regular"
    seats = {s: (level if s == seat else "normal") for s in SEATS}  # one seat order: the same players' seeds
    start = time.perf_counter()
    r = simulate(GameFactory(scenario), name, games, 1, seats, None, systems.outcome, jobs=jobs)
    seconds = time.perf_counter() - start
    wins = dict(r.wins)
    return {"wins": wins.get(seat, 0), "losses": wins.get(other, 0), "draws": wins.get("draw", 0),
            "exceptions": r.exceptions, "seconds": round(seconds, 1)}


def share(w: int, lost: int) -> str:
    return f"{100 * w / (w + lost):.0f}%" if w + lost else "–"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="scenario names (default: every shipped table scenario)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--json", type=Path, help="also write the raw counts here")
    args = ap.parse_args(argv)
    levels = [x for x in args.levels.split(",") if x]
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for name in args.names or table_scenarios():
        results[name] = {}
        normal = run(name, "regular", "normal", args.games, args.jobs) if "normal" in levels else None
        for seat in SEATS:
            for level in levels:
                if level == "normal" and normal is not None:
                    r = normal if seat == "regular" else {
                        "wins": normal["losses"], "losses": normal["wins"], "draws": normal["draws"],
                        "exceptions": normal["exceptions"], "seconds": normal["seconds"]}
                else:
                    r = run(name, seat, level, args.games, args.jobs)
                results[name][f"{seat}:{level}"] = r
                print(f"{name} {seat} {level}: {r}", file=sys.stderr, flush=True)
        if args.json:
            args.json.write_text(json.dumps(results, indent=1))
    head = " | ".join(f"{lv} W-L-D (share)" for lv in levels)
    print(f"| scenario | seat | {head} |")
    print("|---|---|" + "---:|" * len(levels))
    for name, rows in results.items():
        for seat in (*SEATS, "both seats"):
            cells = []
            for lv in levels:
                got = [rows[f"{s}:{lv}"] for s in SEATS] if seat == "both seats" else [rows[f"{seat}:{lv}"]]
                w, lost, d = (sum(r[k] for r in got) for k in ("wins", "losses", "draws"))
                cells.append(f"{w}-{lost}-{d} ({share(w, lost)})")
            label = f"**{seat}**" if seat == "both seats" else seat
            print(f"| {name} | {label} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
