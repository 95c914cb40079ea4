"""Benchmark: costs grow with the file, not faster (issue 12).

Run ``python bench/bench_costs.py``. Generates Ambush Alley tables of 100, 1,000 and
5,000 terrain pieces (the shipped Contracting Trouble with small pieces scattered over
it) and Ambush! missions of 100, 1,000 and 5,000 paragraphs (the shipped tutorial with a
chain of "go to" paragraphs appended), and measures, each in a fresh process:

- validate: reading and checking the file, as ``ambush-gui validate`` does;
- one game: loading it, then one computer-against-computer game (seed 1), its time, and
  the process's peak memory (``ru_maxrss``, imports included).

The shipped scenario and mission are measured in the same run as the baseline. Also the
pathological files the issue found: 3,000 Hot Spots at one point, and a 3,000-paragraph
goto loop with no way out (validation refuses both, and says so briefly).

``python bench/bench_costs.py --one KIND N`` measures one file and prints JSON.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SIZES = (100, 1_000, 5_000)


def alley_table(pieces: int, seed: int = 1) -> dict[str, Any]:
    """Contracting Trouble with ``pieces`` small pieces (rubble, buildings, walls in turn)
    scattered over its 24"x24" table."""
    data = tomllib.loads((ROOT / "ambush_gui" / "scenarios" / "contracting-trouble.toml").read_text())
    corners = np.round(np.random.default_rng(seed).uniform(0, 23.8, (pieces, 2)), 3).tolist()
    kinds = ("rubble", "building", "wall")
    for i, (x, y) in enumerate(corners):
        data["table"]["pieces"].append(
            {"id": f"bench-{i}", "kind": kinds[i % 3], "label": "Debris", "rect": [x, y, 0.12, 0.12]})
    return data


def ambush_mission(paragraphs: int, loop: bool = False) -> dict[str, Any]:
    """The tutorial with ``paragraphs`` more, each going to the next; the last stops (or,
    with ``loop``, goes back to the first: a loop with no way out)."""
    data = tomllib.loads((ROOT / "ambush_gui" / "scenarios" / "ambush-tutorial.toml").read_text())
    start = 1000
    for i in range(paragraphs):
        last = i == paragraphs - 1
        act = [{"goto": start}] if last and loop else [{"hold": True}] if last else [{"goto": start + i + 1}]
        data["paragraphs"].append({"number": start + i, "text": f"Paragraph {start + i}.",
                                   "options": [{"text": "Go on.", "do": act}]})
    return data


def hot_spots(count: int) -> dict[str, Any]:
    data = tomllib.loads((ROOT / "ambush_gui" / "scenarios" / "contracting-trouble.toml").read_text())
    data["hot_spots"] = [{"number": i % 5 + 1, "at": [12.0, 12.0]} for i in range(count)]
    return data


def build(kind: str, n: int) -> dict[str, Any]:
    if kind == "pieces":
        return alley_table(n)
    if kind == "paragraphs":
        return ambush_mission(n)
    if kind == "loop":
        return ambush_mission(n, loop=True)
    if kind == "hot_spots":
        return hot_spots(n)
    raise SystemExit(f"unknown kind {kind!r}")


def measure_one(kind: str, n: int) -> dict[str, Any]:
    """In this process: validate the file, then play one game (when it is valid)."""
    sys.path.insert(0, str(ROOT))
    import ambush_gui.alley.scenario  # noqa: F401  (imports are not validation)
    import ambush_gui.ambush.mission  # noqa: F401
    from ambush_gui import systems
    from ambush_gui.ai.simulate import play_out
    from ambush_gui.core.errors import InputError

    data = build(kind, n)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{kind}-{n}.json"
        path.write_text(json.dumps(data))
        start = time.perf_counter()
        try:
            scenario = systems.load_scenario(path)
            refused = ""
        except InputError as exc:
            scenario, refused = None, str(exc)
        validate = time.perf_counter() - start
    out: dict[str, Any] = {"kind": kind, "n": n, "validate_s": validate,
                           "validate_rss_mb": _rss_mb()}
    if refused:
        out |= {"refused_lines": refused.count("\n") + 1, "refused_chars": len(refused)}
        return out
    system = scenario.spec.system
    game = systems.new_game(scenario, 1)
    ai = systems.computer_player(system)
    seats = {side: ai for side in systems.seated_sides(system)}
    start = time.perf_counter()
    play_out(game, seats)
    out |= {"game_s": time.perf_counter() - start, "decisions": len(game.decisions),
            "peak_rss_mb": _rss_mb()}
    return out


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(kind: str, n: int) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, __file__, "--one", kind, str(n)], capture_output=True,
                          text=True, check=False, cwd=ROOT)
    if proc.returncode != 0:
        raise SystemExit(f"{kind} {n} failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    print("| file | validate | one game | decisions | peak memory |")
    print("|---|---:|---:|---:|---:|")
    rows = [("pieces", 0, "Contracting Trouble as shipped (16 pieces)")]
    rows += [("pieces", n, f"Contracting Trouble + {n:,} pieces") for n in SIZES]
    rows += [("paragraphs", 0, "Ambush! tutorial as shipped (13 paragraphs)")]
    rows += [("paragraphs", n, f"tutorial + {n:,} paragraphs (a goto chain)") for n in SIZES]
    for kind, n, label in rows:
        r = run(kind, n)
        print(f"| {label} | {r['validate_s'] * 1000:,.0f} ms | {r['game_s']:.2f} s | "
              f"{r['decisions']} | {r['peak_rss_mb']:,.0f} MB |", flush=True)
    print()
    print("| refused file | validate | lines of error | characters | peak memory |")
    print("|---|---:|---:|---:|---:|")
    for kind, n, label in [("hot_spots", 3_000, "3,000 Hot Spots at one point"),
                           ("hot_spots", 100, "100 Hot Spots (the most allowed) at one point"),
                           ("loop", 3_000, "a 3,000-paragraph goto loop with no way out")]:
        r = run(kind, n)
        print(f"| {label} | {r['validate_s'] * 1000:,.0f} ms | {r['refused_lines']:,} | "
              f"{r['refused_chars']:,} | {r['validate_rss_mb']:,.0f} MB |", flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        print(json.dumps(measure_one(sys.argv[2], int(sys.argv[3]))))
    else:
        main()
