"""Saves that prove themselves (issue 12): ``replay --verify`` checks the scenario, seed,
options and decisions a save recorded, not only its final state, and a save too large to
be a game is refused before it is built. Issue 27: a save cannot be stripped of its proof
(removed, or downgraded to an older format) and still be called verified, and the state
hash seals the answers, so a dropped answer never verifies."""

from __future__ import annotations

import json
import subprocess
import sys
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
    assert alley_save["version"] == saves.WRITTEN == 3 and alley_save["proof"]["decisions"] == 40
    code, out, err = verify(tmp_path, alley_save, capsys)
    assert code == 0, err
    assert "verified: its scenario, seed, options and 40 decisions are those saved, and " \
           "replay to the recorded state" in out
    assert "NOT verified" not in out


def test_reformatting_a_save_changes_nothing(tmp_path: Path, alley_save: dict[str, Any]) -> None:
    """The hashes are of the values: indentation, key order and 24 written as 24.0 or 24
    are the same scenario."""
    data = edited(alley_save, lambda d: d["scenario"]["table"].__setitem__("width", 24))
    assert isinstance(alley_save["scenario"]["table"]["width"], float)
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(dict(reversed(list(data.items()))), indent=3, sort_keys=True))
    verdict = saves.check(path, systems.factory)
    assert verdict.verified and len(verdict.game.decisions) == 40


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


def test_a_format_1_save_replays_but_is_not_verified(capsys: pytest.CaptureFixture[str]) -> None:
    """The golden saves (format 1) still replay to their recorded board; with no proof,
    verify says so and exits 3, not 0."""
    assert json.loads(GOLDEN.read_text())["version"] == 1
    code = main(["replay", str(GOLDEN), "--verify"])
    out, err = capsys.readouterr()
    assert code == 3, err
    assert "NOT verified (checked: its " in out and "replay to the recorded board)" in out
    assert "not verified: a format-1 save records no proof" in out
    assert not saves.check(GOLDEN, systems.factory).verified


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


# -- saves that cannot be stripped (issue 27) ------------------------------------------------


@pytest.fixture(scope="module")
def activated() -> Any:
    """A game whose last answer is an activation: it names the unit that acts next and
    moves nothing yet, so the board's hash is the same with or without it."""
    game = played("contracting-trouble", 40)
    while game.pending().kind != "activate":
        game.answer(systems.computer_player("alley").choose(game, game.pending()))
    board = game.state_hash()
    game.answer(game.pending().options[0])
    assert game.state_hash() == board  # the answer moved nothing: the finding's premise
    return game


@pytest.fixture(scope="module")
def activated_save(activated: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("activated") / "game.json"
    saves.save(activated, path)
    return json.loads(path.read_text())


def format_2(data: dict[str, Any], game: Any) -> dict[str, Any]:
    """``data`` as a version-2 program wrote it: the same proof, and the board's hash."""
    return edited(data, lambda d: d.update(version=2, state_hash=game.state_hash()))


def without_last_answer(data: dict[str, Any]) -> dict[str, Any]:
    """The last answer dropped and the proof recomputed from the shorter list, as anyone
    can without replaying the game."""
    def drop(d: dict[str, Any]) -> None:
        d["decisions"].pop()
        d["proof"].update(decisions=len(d["decisions"]), decisions_hash=saves.digest(d["decisions"]))
    return edited(data, drop)


def test_a_save_with_its_proof_removed_replays_but_is_not_verified(
        tmp_path: Path, activated_save: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(tmp_path, edited(activated_save, lambda d: d.pop("proof")), capsys)
    assert code == 3, err
    assert "NOT verified (checked: its 4" in out and "replay on the embedded scenario)" in out
    assert "not verified: the save says format 3 but its proof is missing" in out
    assert "format-1" not in out


def test_a_format_2_save_with_its_proof_removed_is_not_called_format_1(
        tmp_path: Path, activated: Any, activated_save: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: it verified, with a note calling it "a format-1 save"."""
    stripped = edited(format_2(activated_save, activated), lambda d: d.pop("proof"))
    code, out, err = verify(tmp_path, stripped, capsys)
    assert code == 3, err
    assert "not verified: the save says format 2 but its proof is missing" in out
    assert "format-1" not in out and "\nverified" not in out


DOWNGRADE_EDITS = {
    "brief": lambda d: d["scenario"].__setitem__("brief", "Nothing happened here."),
    "awards": lambda d: d["scenario"]["victory"].__setitem__("contractor_escorted", 50),
    "names": lambda d: d["scenario"]["units"][1].__setitem__("name", "Fireteam Hero"),
}


@pytest.mark.parametrize("what", list(DOWNGRADE_EDITS))
def test_a_save_downgraded_to_format_1_to_hide_an_edit_is_not_verified(
        tmp_path: Path, activated: Any, activated_save: dict[str, Any], what: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: version set to 1, proof deleted, the brief, awards or names edited:
    "verified state" and exit 0. The board still matches, so it replays; it is not verified."""
    def downgrade(d: dict[str, Any]) -> None:
        d["version"] = 1
        del d["proof"]
        DOWNGRADE_EDITS[what](d)
    code, out, err = verify(tmp_path, edited(format_2(activated_save, activated), downgrade), capsys)
    assert code == 3, err
    assert "NOT verified" in out and "not verified: a format-1 save records no proof" in out
    # the same edit with the proof kept is named
    code, _, err = verify(tmp_path, edited(activated_save, DOWNGRADE_EDITS[what]), capsys)
    assert code == 1 and "the scenario inside the save was changed" in err


def test_a_dropped_activation_with_the_proof_recomputed_fails_verify(
        tmp_path: Path, activated_save: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: the board did not change with the activation, so dropping it and
    recomputing the proof's count and hash verified. The state hash seals the answers."""
    code, out, err = verify(tmp_path, without_last_answer(activated_save), capsys)
    assert code == 1 and "verified" not in out
    assert "state_hash: the replay ends in state" in err


def test_an_edited_brief_with_the_proof_recomputed_fails_verify(
        tmp_path: Path, activated_save: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    """The brief is not on the board; the sealed state hash covers the proof that covers it."""
    def rebrief(d: dict[str, Any]) -> None:
        d["scenario"]["brief"] = "Nothing happened here."
        d["proof"]["scenario"] = saves.digest(d["scenario"])
    code, _, err = verify(tmp_path, edited(activated_save, rebrief), capsys)
    assert code == 1 and "state_hash: the replay ends in state" in err


def test_a_format_2_save_replays_and_is_checked_with_its_own_hash_but_not_verified(
        tmp_path: Path, activated: Any, activated_save: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    """Saves written before format 3 keep replaying and their proof is checked, with the
    board's hash they recorded; as that cannot show a dropped activation, they are not
    called verified (exit 3), and a dropped one is still not verified."""
    old = format_2(activated_save, activated)
    code, out, err = verify(tmp_path, old, capsys)
    assert code == 3, err
    assert f"NOT verified (checked: its scenario, seed, options and {len(activated.decisions)} " \
           "decisions are those saved, and replay to the recorded board)" in out
    assert "not verified: a format-2 save's state hash covers the board alone" in out
    code, out, err = verify(tmp_path, without_last_answer(old), capsys)
    assert code == 3 and "NOT verified" in out
    code, _, err = verify(tmp_path, edited(old, lambda d: d.__setitem__("seed", 4)), capsys)
    assert code == 1 and "seed: is 4" in err


def test_an_ambush_save_verifies_and_a_dropped_answer_does_not(
        tmp_path: Path, ambush_save: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = verify(tmp_path, ambush_save, capsys)
    assert code == 0, err
    code, _, err = verify(tmp_path, without_last_answer(ambush_save), capsys)
    assert code == 1 and "state_hash" in err


def test_replay_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert "0  verified" in out and "3  not verified: the save replays" in out


@pytest.mark.parametrize("case, expected", [("intact", 0), ("proof removed", 3),
                                            ("downgraded and edited", 3), ("answer dropped", 1)])
def test_the_command_exits_with_the_verdict(tmp_path: Path, activated: Any,
                                            activated_save: dict[str, Any], case: str,
                                            expected: int) -> None:
    """The installed command's exit codes, as a script sees them (a subprocess)."""
    def downgrade(d: dict[str, Any]) -> None:
        d.update(version=1, state_hash=activated.state_hash())
        del d["proof"]
        d["scenario"]["brief"] = "Nothing happened here."
    data = {"intact": lambda: activated_save,
            "proof removed": lambda: edited(activated_save, lambda d: d.pop("proof")),
            "downgraded and edited": lambda: edited(activated_save, downgrade),
            "answer dropped": lambda: without_last_answer(activated_save)}[case]()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "ambush_gui", "replay", str(path), "--verify"],
                          cwd=root, capture_output=True, text=True, check=False)
    assert done.returncode == expected, done.stderr
    assert "Traceback" not in done.stderr
    assert (": verified:" in done.stdout) == (expected == 0)
    assert ("NOT verified" in done.stdout) == (expected == 3)


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
