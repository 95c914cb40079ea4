"""tools/measure_balance.py: measures by file hash, keeps what is unchanged, and writes a
file the launcher's cards read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import measure_balance  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui import launcher_cards as lc  # noqa: E402


def test_the_tool_measures_writes_and_keeps_an_unchanged_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "balance.toml"
    args = ["ambush-tutorial", "--games", "2", "--jobs", "1", "--out", str(out)]
    assert measure_balance.main(args) == 0
    said = capsys.readouterr().out  # each scenario judged against the band, as the editor does
    assert "  In band: " in said or "  Out of band: " in said or "  Too many draws: " in said
    data = measure_balance.read(out)
    entry = data["ambush-tutorial"]
    path = systems.resolve("ambush-tutorial")
    assert entry["sha256"] == lc.file_hash(path) and entry["games"] == 2 and entry["seed"] == 1
    assert sum(entry["wins"].values()) == 2 and set(entry["wins"]) == {"us", "german", "draw"}
    # the launcher's card reads the same file format
    info = lc.card_info("ambush-tutorial", "T", "ambush", path, data)
    assert info.measured and info.balance.startswith("Balance, 2 computer games: US ")
    capsys.readouterr()
    assert measure_balance.main(args) == 0
    assert "unchanged, kept" in capsys.readouterr().out
    # a changed hash is measured again
    data["ambush-tutorial"]["sha256"] = "0" * 64
    measure_balance.write(data, out)
    assert measure_balance.main(args) == 0
    assert "unchanged" not in capsys.readouterr().out
    assert measure_balance.read(out)["ambush-tutorial"]["sha256"] == lc.file_hash(path)


def test_the_results_do_not_depend_on_the_number_of_jobs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    base = ["ambush-tutorial", "--games", "3", "--seed", "5"]
    monkeypatch.setattr(measure_balance, "CHUNK", 1)
    assert measure_balance.main([*base, "--jobs", "1", "--out", str(one)]) == 0
    assert measure_balance.main([*base, "--jobs", "2", "--out", str(two)]) == 0
    assert measure_balance.read(one) == measure_balance.read(two)


def test_the_committed_balance_names_every_shipped_scenario() -> None:
    table = measure_balance.read()
    for s in systems.shipped():
        assert s.name in table, f"run python tools/measure_balance.py ({s.name} missing)"
        assert table[s.name]["games"] >= 100


def test_the_committed_balance_is_of_each_shipped_files_own_version() -> None:
    """A shipped scenario or mission edited (even its brief) without measuring it again shows
    "Balance not measured for this version" on its launcher card: caught here instead."""
    table = measure_balance.read()
    stale = [s.name for s in systems.shipped()
             if table[s.name]["sha256"] != measure_balance.file_hash(Path(s.path))]
    assert not stale, f"run python tools/measure_balance.py {' '.join(stale)}"
