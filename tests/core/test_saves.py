"""Saves: atomic writes, and a replay always reproduces the saved state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ambush_gui import systems
from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.core import saves
from ambush_gui.core.files import atomic_write

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))


def play(seed: int, steps: int) -> object:
    game = systems.new_game(SCENARIO, seed)
    player = RandomPlayer(seed)
    for _ in range(steps):
        d = game.pending()
        if d is None:
            break
        game.answer(player.choose(game, d))
    return game


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250))
def test_replaying_a_save_reproduces_its_state_hash(tmp_path: Path, seed: int, steps: int) -> None:
    game = play(seed, steps)
    path = tmp_path / f"g{seed}-{steps}.json"
    saves.save(game, path)  # type: ignore[arg-type]
    again = saves.verify(path, systems.factory)
    assert again.state_hash() == game.state_hash()  # type: ignore[attr-defined]
    assert again.decisions == game.decisions  # type: ignore[attr-defined]


def test_save_embeds_the_scenario(tmp_path: Path) -> None:
    game = play(1, 10)
    path = tmp_path / "s.json"
    saves.save(game, path)  # type: ignore[arg-type]
    data = json.loads(path.read_text())
    assert data["scenario"]["name"] == "contracting-trouble"
    assert data["format"] == "ambush-gui-save" and data["version"] == saves.WRITTEN
    assert len(data["decisions"]) == 10


def test_atomic_write_leaves_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "keep.json"
    atomic_write(path, "old")

    with pytest.raises(TypeError):
        atomic_write(path, 12345)  # type: ignore[arg-type]  # not text: the write fails
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temporary left behind


def test_undo_floor_never_goes_back_past_a_roll() -> None:
    game = play(2, 40)
    floor = game.undo_floor()  # type: ignore[attr-defined]
    marks = game.roll_marks  # type: ignore[attr-defined]
    assert 0 <= floor <= len(marks)
    if floor:
        before = marks[floor - 2] if floor >= 2 else 0
        assert marks[floor - 1] != before  # the decision at the floor threw dice
    assert all(m == marks[floor - 1] for m in marks[floor - 1:]) if floor else True
