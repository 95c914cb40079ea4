"""Format-1 Ambush Alley files keep loading and playing as they did (issue 11).

tests/alley/format1/ keeps a copy of every Ambush Alley scenario shipped before awards
and escorts existed. Each must validate (saying what it leaves inferred: the five
Contracting Trouble victory keys as awards, contractors as wounded escorts), and seeded
computer games on it must end in the state recorded with the code of that time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ambush_gui import systems
from ambush_gui.ai.simulate import make_player, play_out
from ambush_gui.alley.game import AlleyGame
from ambush_gui.cli import main
from ambush_gui.core.files import read_data

HERE = Path(__file__).parent / "format1"
FILES = sorted(HERE.glob("*.toml"))

# (file, players, seed) -> (decisions, final state hash), recorded on main before issue 11
RECORDED = {
    ("contracting-trouble.toml", "ai", 11):
        (157, "43ccbf46c546eb50c5637576aca91c46456bd326d96a9a9c117c9d7376f12600"),
    ("contracting-trouble.toml", "random", 12):
        (32, "e6aecc62a8afd76cc65fbbf7db77dc5784435113fa3eca15ce9042365fd0a7af"),
}


def test_every_shipped_alley_scenario_has_a_format_1_copy() -> None:
    """Every format-1 Ambush Alley file shipped (a format-2 file, written with awards and
    escorts, has no older form to keep)."""
    shipped = {p.name for p in Path(systems.resolve("contracting-trouble")).parent.glob("*.toml")
               if 'system = "alley"' in p.read_text() and read_data(p).get("format", 1) == 1}
    assert "contracting-trouble.toml" in shipped
    assert shipped <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_format_1_file_validates_and_says_what_it_inferred(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "valid alley scenario" in out
    assert "note: format 1: no victory.awards" in out


@pytest.mark.parametrize(("name", "kind", "seed"), sorted(RECORDED))
def test_a_seeded_game_on_a_format_1_file_replays_as_before(name: str, kind: str, seed: int) -> None:
    """The computer player's game is replayed from the answers it gave then (kept beside
    the file): the computer player itself has since learned to read the awards, and
    what must not change is what the engine makes of the same answers. A game that
    records no rules options plays the readings of that time (core.options)."""
    game = AlleyGame(systems.load_scenario(HERE / name), seed)
    if kind == "ai":
        answers = json.loads((HERE / f"{Path(name).stem}.ai-{seed}.decisions.json").read_text())
        for choice in answers:
            game.answer(choice)
        assert game.pending() is None
    else:
        play_out(game, {side: make_player(kind, "alley", seed) for side in ("regular", "insurgent")})
    assert (len(game.decisions), game.state_hash()) == RECORDED[(name, kind, seed)]


def test_a_save_of_a_set_up_refused_today_still_replays(tmp_path: Path) -> None:
    """A save made before issue 11 on a table with a unit out of cohesion at set-up (now
    refused by validate) replays and verifies: the game was played, the save holds."""
    from ambush_gui.alley.scenario import Scenario
    from ambush_gui.core import saves
    from ambush_gui.core.errors import ScenarioError

    data = read_data(HERE / "contracting-trouble.toml")
    data["units"][1]["figures"][0]["at"] = [1.5, 12.0]  # alpha-1 far from his fireteam
    with pytest.raises(ScenarioError, match="out of cohesion"):
        Scenario.from_data(data, "edited")
    game = systems.new_game(Scenario.from_data(data, "edited", setup=False), 5)
    play_out(game, {side: make_player("ai", "alley", 5) for side in ("regular", "insurgent")})
    path = tmp_path / "old.json"
    saves.save(game, path)
    again = saves.verify(path, systems.factory)
    assert again.state_hash() == game.state_hash()
