"""Write the crowd replays that pin the civilian mobs' moves (tests/alley/fof/crowds/).

    python tools/crowd_replays.py

Each case is Market Day widened and filled with mob stands (``crowded_market`` of
bench/bench_mobs.py), a seed, computer against computer: a save of the whole game (the
scenario travels in it) and a record of its event log (a digest of every event, and the
civilians' lines in words). tests/alley/fof/test_civilians_scale.py replays each save and
checks that the game reaches the same state and writes the same log, so a change meant
only to make the mobs cheaper cannot change where they go. The files in the suite were
written by the code before the mobs' box index and batched probes (issue 27); write them
again only for a change meant to alter play, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

from ambush_gui import systems
from ambush_gui.ai.simulate import play_out
from ambush_gui.core import saves

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "alley" / "fof" / "crowds"
CASES = [(15, 1), (40, 2), (150, 3)]


def crowded_market(stands: int) -> Any:
    spec = importlib.util.spec_from_file_location("bench_mobs", ROOT / "bench" / "bench_mobs.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.crowded_market(stands)


def log_record(game: Any) -> dict[str, Any]:
    """What a game's log said: a digest of every event, and the civilians' lines."""
    events = [[e.kind, e.text, e.data] for e in game.log.events]
    text = json.dumps(events, sort_keys=True, default=repr)
    return {"events": len(events), "digest": hashlib.sha256(text.encode()).hexdigest(),
            "civilians": [e.text for e in game.log.events if e.kind == "civilians"]}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for stands, seed in CASES:
        game = systems.new_game(crowded_market(stands), seed)
        ai = systems.computer_player("alley")
        play_out(game, {"regular": ai, "insurgent": ai})
        data = saves.to_data(game)
        data["saved"] = ""
        stem = f"market-day-{stands}-stands-{seed}"
        (OUT / f"{stem}.json").write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
        (OUT / f"{stem}.log.json").write_text(json.dumps(log_record(game), indent=1) + "\n")
        print(f"wrote {stem}: {len(game.decisions)} decisions, {game.result}")


if __name__ == "__main__":
    main()
