"""Saves that prove themselves (issue 12): ``replay --verify`` checks the scenario, seed,
options and decisions a save recorded, not only its final state, and a save too large to
be a game is refused before it is built."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.cli import main
from ambush_gui.core import saves
from ambush_gui.core.geometry import MAX_WAYPOINTS

GOLDEN = Path(__file__).parent.parent / "alley" / "golden" / "contracting-trouble-ai-1.json"


def played(name: str, decisions: int, seed: int = 3) -> Any:
    scenario = systems.load_scenario(systems.resolve(name))
    game = systems.new_game(scenario, seed)
    ai = systems.computer_player(scenario.spec.system)
    for _ in range(decisions):
        d = game.pending()
        if d is None:
            break
        game.answer(ai.choose(game, d))
    return game


@pytest.fixture(scope="module")
def alley_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("alley") / "game.json"
    saves.save(played("contracting-trouble", 40), path)
    return json.loads(path.read_text())


@pytest.fixture(scope="module")
def ambush_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("ambush") / "game.json"
    saves.save(played("ambush-tutorial", 15), path)
    return json.loads(path.read_text())


def verify(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]
           ) -> tuple[int, str, str]:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    code = main(["replay", str(path), "--verify"])
    out, err = capsys.readouterr()
    return code, out, err


def edited(data: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    change(copy)
    return copy


def test_an_unmodified_save_verifies_all_it_claims(tmp_path: Path, alley_save: dict[str, Any],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert alley_save["version"] == 2 and alley_save["proof"]["decisions"] == 40
    code, out, err = verify(tmp_path, alley_save, capsys)
    assert code == 0, err
    assert "verified scenario, seed, options and decisions, and state" in out
    assert "note:" not in out


def test_reformatting_a_save_changes_nothing(tmp_path: Path, alley_save: dict[str, Any]) -> None:
    """The hashes are of the values: indentation, key order and 24 written as 24.0 or 24
    are the same scenario."""
    data = edited(alley_save, lambda d: d["scenario"]["table"].__setitem__("width", 24))
    assert isinstance(alley_save["scenario"]["table"]["width"], float)
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(dict(reversed(list(data.items()))), indent=3, sort_keys=True))
    game, notes = saves.check(path, systems.factory)
    assert notes == [] and len(game.decisions) == 40


SCENARIO_EDITS = {
    "victory points": lambda d: d["scenario"]["victory"].__setitem__("contractor_escorted", 6),
    "turn limit": lambda d: d["scenario"].__setitem__("turn_limit", 9),
    "terrain added": lambda d: d["scenario"]["table"]["pieces"].append(
        {"id": "shed", "kind": "rubble", "label": "Shed", "rect": [0.5, 22.0, 1.0, 1.0]}),
    "terrain moved": lambda d: d["scenario"]["table"]["pieces"][2]["rect"].__setitem__(0, 1.75),
}


@pytest.mark.parametrize("what", list(SCENARIO_EDITS))
def test_an_edited_scenario_fails_verify(tmp_path: Path, alley_save: dict[str, Any], what: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(tmp_path, edited(alley_save, SCENARIO_EDITS[what]), capsys)
    assert code == 1 and "verified" not in out
    assert "scenario: the scenario inside the save was changed since it was saved" in err


def test_an_edited_paragraph_fails_verify(tmp_path: Path, ambush_save: dict[str, Any],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = verify(tmp_path, ambush_save, capsys)
    assert code == 0, err
    data = edited(ambush_save, lambda d: d["scenario"]["paragraphs"][0].__setitem__(
        "text", d["scenario"]["paragraphs"][0]["text"] + " The dog barks."))
    code, _, err = verify(tmp_path, data, capsys)
    assert code == 1 and "the scenario inside the save was changed" in err


def test_a_dropped_last_decision_fails_verify(tmp_path: Path, alley_save: dict[str, Any],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = verify(tmp_path, edited(alley_save, lambda d: d["decisions"].pop()), capsys)
    assert code == 1
    assert "decisions: the save has 39 decisions, the recorded list had 40" in err


def test_a_changed_decision_fails_verify(tmp_path: Path, alley_save: dict[str, Any],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Swapping two answers keeps the count; the hash of the list still tells."""
    def swap(d: dict[str, Any]) -> None:
        d["decisions"][-1], d["decisions"][-2] = d["decisions"][-2], d["decisions"][-1]
    assert alley_save["decisions"][-1] != alley_save["decisions"][-2]
    code, _, err = verify(tmp_path, edited(alley_save, swap), capsys)
    assert code == 1 and "the decisions were changed since the game was saved" in err


def test_a_changed_seed_or_scale_fails_verify(tmp_path: Path, alley_save: dict[str, Any],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = verify(tmp_path, edited(alley_save, lambda d: d.__setitem__("seed", 4)), capsys)
    assert code == 1 and "seed: is 4; the game was saved with seed 3" in err
    code, _, err = verify(tmp_path, edited(alley_save, lambda d: d.__setitem__("scale", 1.5)), capsys)
    assert code == 1 and "scale: is 1.5; the game was saved at scale 1" in err


def test_changed_rules_options_fail_verify_by_name(tmp_path: Path, alley_save: dict[str, Any],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The proof records the rules options' readings: an edited reading is named."""
    assert alley_save["proof"]["options"] == alley_save["options"]
    assert alley_save["options"]["reaction_fire"] == "replaces"
    code, _, err = verify(tmp_path, edited(alley_save, lambda d: d["options"].__setitem__(
        "reaction_fire", "extra")), capsys)
    assert code == 1
    assert "options: the rules options were changed since the game was saved: " \
           "reaction_fire=extra, saved as replaces" in err


def test_a_format_1_save_verifies_its_state_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert json.loads(GOLDEN.read_text())["version"] == 1
    code = main(["replay", str(GOLDEN), "--verify"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "verified state" in out
    assert "note: a format-1 save records no proof of its scenario" in out


def test_a_format_1_save_still_fails_on_a_wrong_state(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(GOLDEN.read_text())
    data["decisions"].pop()
    code, _, err = verify(tmp_path, data, capsys)
    assert code == 1 and "state_hash" in err


def test_verify_parses_the_file_once(tmp_path: Path, alley_save: dict[str, Any],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "once.json"
    path.write_text(json.dumps(alley_save))
    reads: list[object] = []
    real = saves.read_data
    monkeypatch.setattr(saves, "read_data", lambda *a: reads.append(a) or real(*a))
    saves.verify(path, systems.factory)
    assert len(reads) == 1


# -- bounds -------------------------------------------------------------------------------


def refused_before_building(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither the schema (which copies every answer) nor a game may be reached."""
    def never(*_: object) -> None:
        raise AssertionError("the save was built before it was refused")
    monkeypatch.setattr(saves, "validate", never)


def test_a_million_waypoint_move_is_refused(tmp_path: Path, alley_save: dict[str, Any],
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long-move.json"
    head = json.dumps(edited(alley_save, lambda d: d.__setitem__("decisions", [])))
    move = '{"path": [' + ",".join(["[1,1]"] * 1_000_000) + "]}"
    path.write_text(head.replace('"decisions": []', f'"decisions": ["bravo", {move}]'))
    refused_before_building(monkeypatch)
    code = main(["replay", str(path), "--verify"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"decisions[1].path: a move of 1,000,000 waypoints; a move has at most {MAX_WAYPOINTS}" in err


def test_a_move_just_over_the_bound_is_refused_in_play() -> None:
    from ambush_gui.core.decisions import IllegalDecision

    game = played("contracting-trouble", 2)  # bravo moves cautiously: the path is asked
    d = game.pending()
    assert d.kind == "move"
    with pytest.raises(IllegalDecision, match=f"at most {MAX_WAYPOINTS}"):
        game.answer({"path": [[13.0, 2.0]] * (MAX_WAYPOINTS + 1)})


def test_too_many_decisions_are_refused_before_they_are_built(
        tmp_path: Path, alley_save: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "many.json"
    path.write_text(json.dumps(edited(alley_save, lambda d: d.__setitem__(
        "decisions", [0] * (saves.MAX_DECISIONS + 1)))))
    refused_before_building(monkeypatch)
    code = main(["replay", str(path), "--verify"])
    err = capsys.readouterr().err
    assert code == 2 and f"holds {saves.MAX_DECISIONS + 1:,} answers; a save holds at most" in err


def test_ten_million_decisions_are_refused_unread(tmp_path: Path, alley_save: dict[str, Any],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Ten million answers make a file larger than any game: refused by its size, unparsed."""
    path = tmp_path / "huge.json"
    head = json.dumps(edited(alley_save, lambda d: d.__setitem__("decisions", [])))
    before, after = head.split('"decisions": []')
    with path.open("w") as fh:
        fh.write(before + '"decisions": [')
        chunk = ",".join(['"none"'] * 100_000)
        for k in range(100):
            fh.write(("," if k else "") + chunk)
        fh.write("]" + after)
    monkeypatch.setattr(saves, "read_data", lambda *_: pytest.fail("the file was parsed"))
    code = main(["replay", str(path), "--verify"])
    err = capsys.readouterr().err
    assert code == 2 and "a save is at most 32 MB" in err


def test_a_save_too_large_is_recognised_unparsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a file asks first whether it is a save: a huge one is not parsed for that."""
    path = tmp_path / "huge"
    with path.open("w") as fh:
        fh.write('{"format": "ambush-gui-save", "decisions": [' + " " * (saves.MAX_SAVE_BYTES + 1) + "]}")
    monkeypatch.setattr(saves.json, "loads", lambda *_: pytest.fail("parsed"))
    assert saves.is_save(path)
    with pytest.raises(saves.SaveError, match="a save is at most 32 MB"):
        saves.read(path)
