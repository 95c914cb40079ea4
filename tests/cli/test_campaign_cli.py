"""The command line and Ambush! campaigns: list, validate, simulate, play (its checks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ambush_gui import systems
from ambush_gui.cli import main
from tests.ambush.campaign import kit


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _write(tmp_path: Path, data: dict[str, object]) -> Path:
    p = tmp_path / "camp.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


def test_list_json_names_the_shipped_campaign_with_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--json")
    items = {i["name"]: i for i in json.loads(out)}
    assert code == 0
    assert items["the-long-lane"]["kind"] == "campaign"
    assert items["ambush-tutorial"]["kind"] == "mission"
    assert items["contracting-trouble"]["kind"] == "scenario"
    assert all(s.kind != "campaign" for s in systems.shipped())  # the games alone
    assert systems.resolve("the-long-lane") == kit.SHIPPED


def test_validate_a_campaign_and_each_of_its_missions(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    code, out, _ = run(capsys, "validate", str(_write(tmp_path, kit.two())))
    assert code == 0 and "valid ambush campaign 'Two Fields', 2 missions" in out
    bad = kit.two()
    bad["missions"][1]["mission"] = "ambush-nowhere"  # type: ignore[index]
    code, _, err = run(capsys, "validate", str(_write(tmp_path, bad)))
    assert code == 2
    assert "camp.json: mission 2 ('hedge'), mission: no shipped mission named 'ambush-nowhere'" in err


def test_simulate_plays_whole_campaigns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(_write(tmp_path, kit.two())), "--games", "2",
                       "--seed", "3", "--json")
    r = json.loads(out)
    assert code == 0 and r["exceptions"] == 0 and r["invariant_violations"] == 0
    assert r["missions"]["farm"]["played"] == 2 and r["missions"]["hedge"]["played"] == 2
    assert set(r["growth"]["total"]) == {"ar", "mpa", "ws", "per", "ldr"}
    assert 0 < r["survivors"]["mean"] <= 8
    code, out, _ = run(capsys, "simulate", str(_write(tmp_path, kit.two())), "--games", "1")
    assert code == 0 and "survivors at the end" in out and "exceptions: 0" in out


def test_play_refuses_a_broken_campaign_before_any_window(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    bad = kit.two()
    bad["missions"][0]["next"] = {"us": "farm"}  # type: ignore[index]
    code, _, err = run(capsys, "play", str(_write(tmp_path, bad)))
    assert code == 2 and "a branch goes forward" in err
    broken = tmp_path / "p.json"
    broken.write_text('{"format": "ambush-gui-campaign", "version": 1}', encoding="utf-8")
    code, _, err = run(capsys, "play", str(broken))
    assert code == 2 and "p.json" in err and "campaign" in err


def test_validate_verifies_a_progress_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from ambush_gui.ambush.campaign import Progress

    path = Progress.new(kit.load(), seed=2).save(tmp_path / "p.json")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and "0 missions done: verified" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    data["promotions"] = [{"after": 0, "soldier": "sgt-a", "rating": "ar"}]
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 1 and "not verified: raising Sgt Able's Action Rating costs 8 experience" in err


def test_play_a_campaign_continues_the_one_under_way_unless_new(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: ``play CAMPAIGN`` starts or continues it: a second ``play`` of the same
    campaign opens the progress not yet finished (the newest), ``--new`` starts another, and
    a finished one is never continued."""
    import ambush_gui.gui.campaign as screens
    from ambush_gui.ambush.campaign import Progress
    from ambush_gui.ambush.campaign.progress import new_path

    monkeypatch.setenv("AMBUSH_GUI_DATA", str(tmp_path / "data"))
    opened: list[Path] = []
    monkeypatch.setattr(screens, "run_campaign", lambda target, seed=0: opened.append(Path(target)) or 0)
    camp = _write(tmp_path, kit.two())
    assert run(capsys, "play", str(camp))[0] == 0
    assert opened[-1] == camp  # none under way: a new campaign
    p = Progress.new(kit.load(), seed=5)
    going = p.save(new_path(tmp_path / "data", p.campaign))
    code, out, _ = run(capsys, "play", str(camp))
    assert code == 0 and opened[-1] == going and "continuing" in out and "--new" in out
    assert run(capsys, "play", str(camp), "--new")[0] == 0 and opened[-1] == camp
    data = json.loads(going.read_text(encoding="utf-8"))
    data["step"], data["phase"] = None, "done"  # finished: never continued
    going.write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "play", str(camp))[0] == 0 and opened[-1] == camp
