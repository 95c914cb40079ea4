"""Do the computer's reasons say what its answers do? Plays normal-against-normal games of
every table scenario and reads each computer answer's reason against what the unit then
did in the same activation (the plan chosen against the move and the fire that followed).

    python tools/reason_audit.py                 # every table scenario, seeds 1-4
    python tools/reason_audit.py --seeds 10 --show 3 contracting-trouble

It prints, per game, the number of answers and a digest of the decisions (two versions of
the computer that differ only in words print the same digests), then each kind of
disagreement with its count and its most common wordings (numbers masked). A play-test saw
a plan's reason say "closes with the nearest enemy", then the unit fired at another enemy:
tests/ai/test_reasons_agree.py plays a few games and asserts that :func:`check` finds none.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.narrate import narrate  # noqa: E402
from ambush_gui.ai.simulate import GameFactory, make_player, player_seed  # noqa: E402

Row = dict[str, Any]

# a reason that says the unit goes somewhere, and one that says it stays where it is
MOVES = re.compile(r"\b(closes with|closes in|makes for|goes (to|towards|for)|carries the|escorts [A-Z]\w*|"
                   r"gets across|slips out|to join|leaves by|rushes|steps into|covers the rescue|"
                   r"moves Rapidly|must hurry)\b")
STAYS = re.compile(r"\b(stays|stops|holds [A-Z]\w*|lies in wait out of sight|waits|keeps out of sight|"
                   r"no move left|need not move|may not move)\b")
FIRES = re.compile(r"\bfires\b|\ba shot\b|good shot")
SIGHT = re.compile(r"out of (their )?sight")


def table_scenarios() -> list[str]:
    """The shipped Ambush Alley and Force on Force scenarios (as ``ambush-gui list`` has them)."""
    return [s.name for s in systems.shipped() if s.system == "alley" and s.kind == "scenario"]


def play(name: str, seed: int) -> tuple[str, list[Row]]:
    """Game ``seed`` of scenario ``name``, normal against normal as ``simulate`` seats them:
    the digest of its decisions, and each computer answer with its words."""
    g = GameFactory(systems.load_scenario(systems.resolve(name)))(seed)
    players = {side: make_player("normal", g.system, player_seed(seed, 0, n))
               for n, side in enumerate(("regular", "insurgent"))}
    rows: list[Row] = []
    while (d := g.pending()) is not None:
        c = players[d.side].decide(g, d)
        rows.append({"kind": d.kind.value, "side": d.side, "unit": d.facts.get("unit"),
                     "target": d.facts.get("target"), "answer": c.answer, "reason": c.reason,
                     "told": narrate(g, d, c.answer),
                     "names": {u.id: u.name for u in g.state.units.values()}})
        g.answer(c.answer)
    digest = hashlib.sha256(json.dumps(g.decisions, sort_keys=True, default=str).encode()).hexdigest()
    return digest, rows


def _moving(plan: Any) -> bool:
    return isinstance(plan, str) and plan.split(":")[0] in ("cautious", "rapid")


def activations(rows: list[Row]) -> list[tuple[Row, list[Row]]]:
    """Each PLAN with the MOVE and FIRE answers of its unit that followed it, up to its
    side's next activation."""
    out = []
    for i, r in enumerate(rows):
        if r["kind"] != "plan":
            continue
        after = []
        for s in rows[i + 1:]:
            if s["kind"] in ("plan", "activate", "insurgent_act") and s["side"] == r["side"]:
                break
            if s["kind"] in ("move", "fire") and s["unit"] == r["unit"]:
                after.append(s)
        out.append((r, after))
    return out


def check(rows: list[Row]) -> list[tuple[str, str]]:
    """Every answer whose words part from its deeds: (kind of disagreement, the answers
    as the log tells them)."""
    found: list[tuple[str, str]] = []

    def said(r: Row) -> str:  # what the answer does, without the aim it keeps ("its aim: ...")
        return re.sub(r"\(its aim: .*\)", "", str(r["reason"]))

    def stays(r: Row) -> bool:  # its reason says it stays, or why it does while keeping an aim
        return bool(STAYS.search(said(r))) or "(its aim:" in r["reason"]

    def say(kind: str, *rs: Row) -> None:
        found.append((kind, " | ".join(f"{r['kind']}: {r['told']} — {r['reason']}" for r in rs)))

    for plan, after in activations(rows):
        a, why = plan["answer"], plan["reason"]
        if a in ("halted", "overwatch") and MOVES.search(why) and not STAYS.search(why):
            say("plan: stays Halted or on Overwatch, its reason says it moves", plan)
        if _moving(a) and STAYS.search(why) and not MOVES.search(why) and "need not move" not in why:
            say("plan: moves, its reason says it stays", plan)
        if a == "halted" and FIRES.search(why) and not any(s["kind"] == "fire" for s in after):
            say("plan: says it fires, no fire followed", plan)
        for s in after:
            if s["kind"] == "move" and _moving(a) and s["answer"] == "stay" and not stays(s):
                say("move: stays after a move plan, its reason does not say so", plan, s)
            if s["kind"] == "move" and re.search(r"Close Assault (on|worth)", why) and _moving(a) \
                    and not (isinstance(s["answer"], dict) and s["answer"].get("assault")) \
                    and "Close Assault" not in s["reason"]:
                say("move: the plan said Close Assault, the move makes none and does not say why", plan, s)
            if s["kind"] != "fire":
                continue
            if s["answer"] == "hold":
                if FIRES.search(why) and "whoever" not in why and "whichever" not in why:
                    say("fire: holds after a plan that says it fires", plan, s)
                continue
            named = [u for u, n in plan["names"].items() if n in why and u != plan["unit"]]
            if named and s["answer"] not in named and re.search(r"closes with|goes for", why) \
                    and not re.search(r"whoever|whichever", why) \
                    and not re.search(r"better than|not in its sights", s["reason"]):
                say("fire: at another enemy than the one its plan closes with", plan, s)
            if SIGHT.search(why) and not s["reason"].startswith("after its move"):
                say("fire: fires after a plan that keeps out of sight, and does not say why", plan, s)
    for i, r in enumerate(rows):
        if r["kind"] == "interrupt" and isinstance(r["answer"], dict) and r["answer"].get("kind") == "fire":
            nxt = next((s for s in rows[i + 1:i + 12] if s["kind"] == "fire"
                        and s["unit"] == r["answer"]["unit"]), None)
            if nxt is not None and nxt["answer"] != r["target"]:
                say("interrupt: fires at another unit than the one it interrupts", r, nxt)
        if r["kind"] == "move" and r["answer"] == "stay" and MOVES.search(said(r)) and not stays(r):
            say("move: stays, its reason says it goes", r)
        if r["kind"] == "move" and isinstance(r["answer"], dict) and STAYS.search(r["reason"]) \
                and not MOVES.search(r["reason"]) and "must move" not in r["reason"]:
            say("move: moves, its reason says it stays", r)
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenarios", nargs="*", help="scenario names (default: every table scenario)")
    ap.add_argument("--seeds", type=int, default=4, help="games per scenario (seeds 1..N)")
    ap.add_argument("--show", type=int, default=2, help="wordings shown per kind")
    args = ap.parse_args(argv)
    kinds: Counter[str] = Counter()
    examples: dict[str, Counter[str]] = defaultdict(Counter)
    answers = 0
    for name in args.scenarios or table_scenarios():
        for seed in range(1, args.seeds + 1):
            digest, rows = play(name, seed)
            answers += len(rows)
            print(f"{name} seed {seed}: {len(rows)} answers, decisions {digest[:16]}", flush=True)
            for kind, ex in check(rows):
                kinds[kind] += 1
                examples[kind][re.sub(r"\d+(\.\d+)?", "#", ex)] += 1
    print(f"\n{answers} computer answers, {sum(kinds.values())} disagreements")
    for kind, n in kinds.most_common():
        print(f"\n{n:5}  {kind}")
        for ex, m in examples[kind].most_common(args.show):
            print(f"        {m:4}x {ex[:500]}")
    return 1 if kinds else 0


if __name__ == "__main__":
    sys.exit(main())
