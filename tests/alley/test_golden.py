"""Golden playthroughs: whole games replay to exactly the recorded final state.

They pin the engine the way perft counts pin a chess move generator: a change to
what any rule does changes a hash. Regenerate with ``python tools/golden.py`` when a
change is meant to alter play.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambush_gui import systems
from ambush_gui.core import saves

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_to_its_recorded_state(path: Path) -> None:
    game = saves.verify(path, systems.factory)
    assert game.pending() is None, "a golden game is a whole game"
    assert game.result is not None and game.result["winner"] in ("regular", "insurgent", "draw")


def test_there_are_golden_games() -> None:
    assert len(GOLDEN) >= 5
