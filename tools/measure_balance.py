"""Measure each shipped scenario's balance for the launcher's cards.

``python tools/measure_balance.py`` plays 200 games of every shipped scenario, the
computer's Normal player on every side, and writes the wins to
``ambush_gui/data/balance.toml`` keyed by the scenario's name with the SHA-256 of its file,
so the launcher can say "balance not measured for this version" once the file changes.
Each measured scenario is judged against the band (``ambush_gui/ai/balance.py``: 35-65% of
the decisive games each, draws at most 20%; an Ambush! mission: the US squad 35-65% of all
games, draws at most 30%), as the editor's Simulate judges a run.
Only files whose hash changed (or that were never measured) are played again; ``--force``
plays them all. Games run on every core (``--jobs``); each game's seeds depend only on its
number, so the figures do not depend on how many jobs played them.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout, not an installed copy

BALANCE = ROOT / "ambush_gui" / "data" / "balance.toml"
CHUNK = 10  # games a worker plays at a time


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _play(args: tuple[str, int, int]) -> dict[str, int]:
    """Wins by side of games ``first .. first+count-1`` (one game per seed)."""
    from ambush_gui import systems
    from ambush_gui.ai.simulate import simulate

    path, first, count = args
    scenario = systems.load_scenario(path)
    seats = {side: "normal" for side in systems.seated_sides(scenario.spec.system)}
    sides = [*seats, *(["german"] if scenario.spec.system == "ambush" else [])]  # the paragraphs' side
    wins: dict[str, int] = {side: 0 for side in sides} | {"draw": 0}
    for seed in range(first, first + count):
        r = simulate(lambda s: systems.new_game(scenario, s), scenario.spec.name, 1, seed, seats,
                     None, systems.outcome)
        for k, v in r.wins.items():
            wins[k] = wins.get(k, 0) + v
        wins["exceptions"] = wins.get("exceptions", 0) + r.exceptions
    return wins


def measure(path: Path, games: int, seed: int, pool: ProcessPoolExecutor) -> dict[str, int]:
    jobs = [(str(path), seed + i, min(CHUNK, games - i)) for i in range(0, games, CHUNK)]
    total: dict[str, int] = {}
    for wins in pool.map(_play, jobs):
        for k, v in wins.items():
            total[k] = total.get(k, 0) + v
    return total


def read(path: Path = BALANCE) -> dict[str, Any]:
    if not path.exists():
        return {}
    with path.open("rb") as f:
        return tomllib.load(f)


def _value(v: Any) -> str:
    return f'"{v}"' if isinstance(v, str) else str(v)


def write(data: dict[str, Any], path: Path = BALANCE) -> None:
    """A small TOML writer: one table per scenario, a ``wins`` sub-table."""
    lines = ["# Written by tools/measure_balance.py: the computer's Normal player on every side.",
             "# A scenario whose file no longer has this sha256 shows \"balance not measured\".", ""]
    for name in sorted(data):
        entry = data[name]
        lines.append(f"[{name}]")
        for k, v in entry.items():
            if k != "wins":
                lines.append(f"{k} = {_value(v)}")
        lines.append(f"[{name}.wins]")
        wins = entry["wins"]
        for k in sorted(wins, key=lambda k: k == "draw"):  # the sides, then the draws
            lines.append(f"{k} = {wins[k]}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    from ambush_gui import systems
    from ambush_gui.ai.balance import verdict

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenarios", nargs="*", help="names of shipped scenarios (default: all)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--force", action="store_true", help="measure even files whose hash is unchanged")
    p.add_argument("--out", type=Path, default=BALANCE)
    args = p.parse_args(argv)
    data = read(args.out)
    wanted = [s for s in systems.shipped() if not args.scenarios or s.name in args.scenarios]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for s in wanted:
            digest = file_hash(s.path)
            old = data.get(s.name, {})
            if not args.force and old.get("sha256") == digest and old.get("games") == args.games:
                print(f"{s.name}: unchanged, kept")
                continue
            t = time.perf_counter()
            wins = measure(s.path, args.games, args.seed, pool)
            exceptions = wins.pop("exceptions", 0)
            data[s.name] = {"file": s.path.name, "sha256": digest, "games": args.games,
                            "seed": args.seed, "players": "normal", "exceptions": exceptions,
                            "wins": wins}
            write(data, args.out)  # after each scenario: an interrupted run keeps what it measured
            print(f"{s.name}: {wins} ({exceptions} exceptions) in {time.perf_counter() - t:.0f} s")
            for line in verdict(systems.load_scenario(s.path).spec, wins).findings:
                print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
