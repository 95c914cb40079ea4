"""A game branched from another's moment (issue 32, "Continue from here"): the same past to
the face, fresh dice after it, a record of where it came from, and a save that verifies on
its own (format 4); an edited past is caught."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.lookahead import past_faces
from ambush_gui.cli import main
from ambush_gui.core import saves
from ambush_gui.core.dice import Dice


def played(name: str, seed: int = 3) -> Any:
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    game.start()
    players = {s: systems.computer_player(game.system, "normal", 5)
               for s in systems.seated_sides(game.system)}
    while (d := game.pending()) is not None:
        game.answer(systems.computer_choice(players[d.side], game, d)[0])
    return game


def first_casualty(game: Any) -> int:
    """The moment just before the decision whose answer made the game's first casualty."""
    count = 0
    for i, mark in enumerate(_events_at(game)):
        if any(e.kind in ("casualty", "first_aid", "damage") for e in game.log.events[count:mark]):
            return i - 1 if i else 0
        count = mark
    raise AssertionError("no casualty in this game")


def _events_at(game: Any) -> list[int]:
    """How many log events there were after each decision (replaying it)."""
    again = systems.fresh_copy(game)
    again.start()
    out = []
    for answer in game.decisions:
        again.answer(answer)
        out.append(len(again.log.events))
    return out


@pytest.mark.parametrize("name", ["contracting-trouble", "ambush-crossroads"])
def test_a_branch_keeps_the_past_throws_fresh_dice_and_verifies(name: str, tmp_path: Path) -> None:
    old = played(name)
    at = first_casualty(old)
    new = saves.branch(old, at, 12345, systems.factory, "old.json")
    then = saves.replay(_saved(old, tmp_path / "old.json"), systems.factory, upto=at)
    assert new.decisions == old.decisions[:at]
    assert new.state_hash() == then.state_hash()  # the board as it stood
    assert new.faces == past_faces(then)  # every face of the past, again
    assert new.branched_from == {"save": "old.json", "at": at, "seed": old.seed,
                                 "state_hash": then.state_hash()}
    # the dice from the branch on are the new seed's, not the old game's future
    assert new.dice.scripted == 0 and new.dice._rng.getstate() != then.dice._rng.getstate()
    players = {s: systems.computer_player(new.system, "normal", 9)
               for s in systems.seated_sides(new.system)}
    while (d := new.pending()) is not None:
        new.answer(systems.computer_choice(players[d.side], new, d)[0])
    path = tmp_path / "branch.json"
    saves.save(new, path)
    data = json.loads(path.read_text())
    assert data["version"] == 4 and data["branched_from"]["at"] == at
    verdict = saves.check(path, systems.factory)
    assert verdict.verified, verdict.unproven
    assert verdict.game.state_hash() == new.state_hash()
    # undo in a branched game plays it again on the same faces (systems.fresh_copy)
    copy = systems.fresh_copy(new)
    copy.start()
    for answer in new.decisions:
        copy.answer(answer)
    assert copy.state_hash() == new.state_hash()


def _saved(game: Any, path: Path) -> Path:
    saves.save(game, path)
    return path


def test_an_edited_past_of_a_branch_is_caught(tmp_path: Path) -> None:
    old = played("contracting-trouble")
    new = saves.branch(old, 30, 7, systems.factory, "old.json")
    path = tmp_path / "b.json"
    saves.save(new, path)
    data = json.loads(path.read_text())
    data["faces"][3] = data["faces"][3] % 6 + 1
    path.write_text(json.dumps(data))
    with pytest.raises(saves.Divergence, match="faces: the dice thrown before the branch were changed"):
        saves.check(path, systems.factory)


def test_an_ordinary_save_is_still_written_as_version_3(tmp_path: Path) -> None:
    path = _saved(played("contracting-trouble"), tmp_path / "g.json")
    data = json.loads(path.read_text())
    assert data["version"] == 3 and "faces" not in data and "faces" not in data["proof"]


def test_replay_at_prints_the_moment_and_branch_writes_a_game(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    old = _saved(played("contracting-trouble"), tmp_path / "old.json")
    assert main(["replay", str(old), "--at", "20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("the moment after decision 20 of ") and "open decision:" in out
    assert main(["replay", str(old), "--at", "20", "--branch", str(tmp_path / "b"), "--seed", "4"]) == 0
    assert "its dice from there on are fresh (seed 4)" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "b.json"), "--verify"]) == 0
    assert main(["replay", str(old), "--at", "100000"]) == 2
    assert "has moments 0 (its start) to" in capsys.readouterr().err
    assert main(["replay", str(old), "--branch", str(tmp_path / "c")]) == 2
    assert "say from which moment with --at N" in capsys.readouterr().err


def test_a_seeded_die_stream_is_what_a_branch_throws_after_its_faces() -> None:
    """The rule a branch's save relies on: the scripted faces first, then the seed's own."""
    dice = Dice(5, script=[2, 3])
    plain = Dice(5)
    assert [dice.one(6), dice.one(6), dice.one(6), dice.one(6)] == [2, 3, plain.one(6), plain.one(6)]
