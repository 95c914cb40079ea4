"""The headless command line: every command, and bad input that must not traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.cli import main
from ambush_gui.core import saves
from ambush_gui.core.files import read_data

SHIPPED = systems.resolve("contracting-trouble")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write_scenario(tmp_path: Path, mutate: Any) -> Path:
    """The shipped scenario, changed by ``mutate(data)``, written as JSON."""
    data = read_data(SHIPPED)
    mutate(data)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    return p


def played_save(tmp_path: Path, decisions: int = 60, seed: int = 3) -> Path:
    game = systems.new_game(systems.load_scenario(SHIPPED), seed)
    ai = AlleyAI()
    for _ in range(decisions):
        d = game.pending()
        if d is None:
            break
        game.answer(ai.choose(game, d))
    p = tmp_path / "game.json"
    saves.save(game, p)
    return p


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0
    items = json.loads(out)
    ct = next(i for i in items if i["name"] == "contracting-trouble")
    assert ct == {"name": "contracting-trouble", "title": "Contracting Trouble!", "system": "alley",
                  "path": str(SHIPPED), "modules": [], "kind": "scenario"}


def test_validate_shipped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(SHIPPED))
    assert code == 0 and "valid" in out


@pytest.mark.parametrize(
    ("mutate", "where", "expected"),
    [
        (lambda d: d.pop("title"), "title", "missing"),
        (lambda d: d["units"][1].__setitem__("tq", 8), "Fireteam Alpha, Troop Quality", "must be text"),
        (lambda d: d["units"][1]["figures"][0].__setitem__("at", [30, 5]), "Fireteam Alpha, figure alpha-1",
         "outside the 24x24 table"),
        (lambda d: d["units"][2]["figures"][3].__setitem__("weapon", "bazooka"),
         "Fireteam Bravo, figure bravo-4, weapon", "unknown weapon 'bazooka'"),
        (lambda d: d["hot_spots"][1].__setitem__("at", [13, 21]), "Hot Spot 2",
         "from Hot Spot 1; Hot Spots must be at least 6\" apart"),
    ],
    ids=["missing field", "wrong type", "unit outside table", "unknown weapon", "hot spots too close"],
)
def test_validate_reports_file_place_and_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mutate: Any, where: str, expected: str
) -> None:
    bad = write_scenario(tmp_path, mutate)
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 2
    assert str(bad) in err and where in err and expected in err
    assert "Traceback" not in err


def test_validate_reports_every_error_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def two(d: dict[str, Any]) -> None:
        d["units"][1]["figures"][0]["at"] = [-1, 5]
        d["units"][2]["figures"][0]["weapon"] = "phaser"

    code, _, err = run(capsys, "validate", str(write_scenario(tmp_path, two)))
    assert code == 2
    assert "Fireteam Alpha, figure alpha-1: [-1.0, 5.0] is outside" in err
    assert "Fireteam Bravo, figure bravo-1, weapon: unknown weapon 'phaser'" in err


def test_validate_unreadable_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "broken.toml"
    p.write_text("name = 'x\n")
    code, _, err = run(capsys, "validate", str(p))
    assert code == 2 and "broken.toml" in err and "not valid TOML" in err


def test_odds_json_matches_the_seed_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "7d8", "5d6", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["attack"] == "7d8" and data["defense"] == "5d6"
    assert len(data["distribution"]) == 8
    assert sum(data["distribution"]) == pytest.approx(1.0)
    assert data["mean"] == pytest.approx(sum(k * p for k, p in enumerate(data["distribution"])))


def test_odds_rejects_a_bad_pool(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "odds", "7d7", "5d6")
    assert code == 2 and "7d7" in err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "contracting-trouble", "--games", "3", "--seed", "1", "--json")
    assert code == 0
    r = json.loads(out)
    assert r["scenario"] == "contracting-trouble" and r["games"] == 3
    assert sum(r["wins"].values()) == 3 and set(r["wins"]) == {"regular", "insurgent", "draw"}
    assert r["exceptions"] == 0 and r["invariant_violations"] == 0
    assert set(r["mean_victory_points"]) == {"regular", "insurgent"}
    assert r["games_per_second"] > 0 and r["mean_turns"] >= 1


def test_simulate_with_a_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "contracting-trouble", "--games", "2", "--seed", "5",
                       "--players", "regular=ai,insurgent=random", "--json")
    assert code == 0 and json.loads(out)["exceptions"] == 0


def test_simulate_unknown_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "no-such-scenario", "--games", "1")
    assert code == 2 and "contracting-trouble" in err  # names what is shipped


def test_replay_verify_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(played_save(tmp_path)), "--verify")
    assert code == 0 and "verified" in out


def test_replay_truncated_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = played_save(tmp_path)
    p.write_text(p.read_text()[:200])
    code, _, err = run(capsys, "replay", str(p), "--verify")
    assert code == 2 and "not valid JSON" in err and "Traceback" not in err


def test_replay_of_tampered_decisions_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = played_save(tmp_path)
    data = json.loads(p.read_text())
    data["decisions"][0] = "nobody"
    p.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(p), "--verify")
    assert code == 1 and "decisions[0]" in err and "diverged" in err


def test_replay_save_of_another_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A save whose decisions were made on another scenario diverges with a clear message."""
    p = played_save(tmp_path)
    data = json.loads(p.read_text())
    data["scenario"]["units"] = [u for u in data["scenario"]["units"] if u["id"] != "alpha"]
    data["scenario"]["name"] = "another"
    p.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(p), "--verify")
    assert code == 1 and "decisions[" in err


def test_replay_wrong_hash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = played_save(tmp_path)
    data = json.loads(p.read_text())
    data["state_hash"] = "0" * 64
    p.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(p), "--verify")
    assert code == 1 and "state_hash" in err


def test_replay_newer_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = played_save(tmp_path)
    data = json.loads(p.read_text())
    data["version"] = 99
    p.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(p), "--verify")
    assert code == 2 and "newer version" in err


def test_replay_not_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"hello": 1}))
    code, _, err = run(capsys, "replay", str(p))
    assert code == 2 and "not an ambush-gui save" in err


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0
    assert all(c in out for c in ("play", "list", "validate", "odds", "simulate", "replay"))


def test_play_an_unknown_scenario_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "no-such-scenario")
    assert code == 2 and "no shipped scenario of that name" in err


def test_validate_shipped_missions(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("ambush-tutorial", "ambush-hedgerow"):
        code, out, _ = run(capsys, "validate", str(systems.resolve(name)))
        assert code == 0 and "valid ambush mission" in out


def test_validate_a_mission_pointing_to_a_missing_paragraph(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = read_data(systems.resolve("ambush-tutorial"))
    data["paragraphs"][0]["options"][0]["do"] = [{"goto": 999}]
    p = tmp_path / "broken.json"
    p.write_text(json.dumps(data))
    code, _, err = run(capsys, "validate", str(p))
    assert code == 2 and "broken.json" in err and "999" in err and "Traceback" not in err


def test_host_refuses_in_words_what_it_cannot_host_again(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """``host SAVE`` hosts a game this machine hosted; a hot-seat save, a record whose
    secrets do not make the seed, or another --side is refused saying what to do."""
    from tests.net.loop import pair

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    plain = tmp_path / "plain.json"
    saves.save(game, plain, {"regular": "human", "insurgent": "human"})
    code, _, err = run(capsys, "host", str(plain))
    assert code == 2 and "open it with ambush-gui play" in err
    code, _, err = run(capsys, "host", "contracting-trouble")
    assert code == 2 and "--side: say which side this machine plays" in err
    p = pair("contracting-trouble")
    p.run(until=lambda q: q.host.game is not None and len(q.host.game.decisions) >= 3)
    assert p.host.game is not None and p.host.hosted() is not None
    hosted = tmp_path / "hosted.json"
    saves.save(p.host.game, hosted, {"insurgent": "human", "regular": "remote"},
               hosted=p.host.hosted())
    code, _, err = run(capsys, "host", str(hosted), "--side", "regular")
    assert code == 2 and "this machine played the insurgent side" in err
    forged = tmp_path / "forged.json"
    saves.save(p.host.game, forged, hosted={**p.host.hosted(), "secret": "c" * 64})  # type: ignore[dict-item]
    code, _, err = run(capsys, "host", str(forged))
    assert code == 2 and "does not make its dice seed" in err
