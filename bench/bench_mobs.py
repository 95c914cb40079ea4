"""Benchmark: what civilian mob stands cost a turn as their number grows (issue 27).

Run ``python bench/bench_mobs.py [GAMES] [--before REF]``. Market Day on a table widened
to 96"x48", with its three crowds and more stands added on free ground (a fixed grid,
taken in a fixed spread-out order) to make 15, 30 and 150 in all; the computer player on
both sides, seeds 1..GAMES (default 4) of each. Prints, for each count, the seconds a game
turn takes (the whole game: the computer players, the rules, the mobs) and the share of
it spent in the end-of-turn move toward gunfire (FF-132/133). The 15-stand figure is the
baseline the others are read against.

With ``--before REF`` (a git commit, e.g. ``main``) the same games are also played by the
code at REF (exported with ``git archive`` into a temporary folder and run in its own
process), interleaved game by game with this code's, so a busy shared machine slows both
alike. Figures, never assertions (docs/performance.md, "Crowds that scale").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

COUNTS = (15, 30, 150)
WIDTH, HEIGHT = 96, 48


def crowded_market(stands: int) -> Any:
    """Market Day with ``stands`` mob stands in all (a benchmark file, not a shipped one)."""
    import shapely

    from ambush_gui import systems
    from ambush_gui.alley.scenario import Scenario

    data: dict[str, Any] = tomllib.loads(systems.resolve("market-day").read_text(encoding="utf-8"))
    data["table"]["width"], data["table"]["height"] = WIDTH, HEIGHT
    pieces = data["table"]["pieces"]
    # the town as it is stays as it is: the added crowds stand east and north of it
    taken = [shapely.box(0, 0, 34, 26)]
    spots = [(x + 0.5, y + 0.5) for x in range(0, WIDTH - 3, 4) for y in range(0, HEIGHT - 4, 5)]
    spots = [spots[i * 61 % len(spots)] for i in range(len(spots))]  # spread out, not in rows
    have = sum(1 for p in pieces if p["kind"] == "civilian_mob")
    for x, y in spots:
        if have >= stands:
            break
        box = shapely.box(x, y, x + 3, y + 2)
        if any(box.intersects(t) for t in taken):
            continue
        pieces.append({"id": f"crowd-{have}", "kind": "civilian_mob", "rect": [x, y, 3, 2]})
        taken.append(box.buffer(0.5))
        have += 1
    if have < stands:
        raise SystemExit(f"only room for {have} stands")
    return Scenario.from_data(data, f"market-day-{stands}-stands")


def worker() -> None:
    """Play the games asked for on stdin ("STANDS SEED" a line), answering with JSON."""
    from ambush_gui import systems
    from ambush_gui.ai.simulate import play_out
    from ambush_gui.alley.fof import civilians

    spent = {"gunfire": 0.0}
    orig = civilians.CiviliansModule.toward_gunfire

    def timed(self: Any) -> None:
        t = time.perf_counter()
        orig(self)
        spent["gunfire"] += time.perf_counter() - t

    civilians.CiviliansModule.toward_gunfire = timed  # type: ignore[method-assign]
    scenarios = {n: crowded_market(n) for n in COUNTS}
    print("ready", flush=True)
    for line in sys.stdin:
        n, seed = (int(v) for v in line.split())
        spent["gunfire"] = 0.0
        start = time.perf_counter()
        game = systems.new_game(scenarios[n], seed)
        ai = systems.computer_player("alley")
        play_out(game, {"regular": ai, "insurgent": ai})
        took = time.perf_counter() - start
        print(json.dumps({"seconds": took, "gunfire": spent["gunfire"], "turns": game.state.turn,
                          "log": len(game.log.events)}), flush=True)


def start(root: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(root))
    proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker"], cwd=root,
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    proc.stdout.readline()
    return proc


def main() -> None:
    args = sys.argv[1:]
    before = None
    if "--before" in args:
        i = args.index("--before")
        before = args[i + 1]
        del args[i:i + 2]
    games = int(args[0]) if args else 4
    here = Path(__file__).resolve().parent.parent
    versions = {"this code": start(here)}
    tmp = tempfile.TemporaryDirectory()
    if before:
        archive = subprocess.run(["git", "archive", before], cwd=here, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp.name], input=archive.stdout, check=True)
        versions[f"before ({before})"] = start(Path(tmp.name))
    totals = {(v, n): {"seconds": 0.0, "gunfire": 0.0, "turns": 0} for v in versions for n in COUNTS}
    for seed in range(1, games + 1):
        for n in COUNTS:
            for v, proc in versions.items():
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(f"{n} {seed}\n")
                proc.stdin.flush()
                got = json.loads(proc.stdout.readline())
                for k in ("seconds", "gunfire", "turns"):
                    totals[v, n][k] += got[k]
    for proc in versions.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    tmp.cleanup()
    print(f"{games} games of each, one core, interleaved\n")
    print("| code | stands | turns | ms a turn | vs 15 stands | move toward gunfire, ms a turn |")
    print("|---|---:|---:|---:|---:|---:|")
    for v in versions:
        base = totals[v, COUNTS[0]]["seconds"] / max(1, totals[v, COUNTS[0]]["turns"])
        for n in COUNTS:
            t = totals[v, n]
            per = t["seconds"] / max(1, t["turns"])
            print(f"| {v} | {n} | {t['turns']} | {per * 1e3:.0f} | {per / base:.2f}x | "
                  f"{t['gunfire'] / max(1, t['turns']) * 1e3:.1f} |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker()
    else:
        main()
