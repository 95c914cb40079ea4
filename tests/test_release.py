"""Issue 33: the release. The shipped files are package data (found by importlib.resources
wherever the program runs from), files naming them where versions before 0.9.0 kept them
still resolve, and the program has one version, pyproject.toml's."""

from __future__ import annotations

import importlib.resources
import json
import tomllib
from pathlib import Path

import pytest

from ambush_gui import release, systems
from ambush_gui.ambush.campaign import Campaign
from ambush_gui.ambush.campaign.campaign import CAMPAIGNS
from ambush_gui.ambush.campaign.progress import Progress
from ambush_gui.ambush.charts import CHARTS_PATH
from ambush_gui.ambush.mission import SCENARIOS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(importlib.resources.files("ambush_gui"))  # type: ignore[arg-type]


def test_the_shipped_files_are_package_data_found_through_importlib_resources() -> None:
    """A wheel carries what is inside the package: every shipped scenario, mission,
    campaign and the charts lie in ``ambush_gui/scenarios``, and every reader looks there."""
    assert systems.SCENARIO_DIR == SCENARIOS == PACKAGE / "scenarios"
    assert CAMPAIGNS == PACKAGE / "scenarios" / "campaigns"
    assert CHARTS_PATH == PACKAGE / "scenarios" / "charts" / "ambush-charts.toml"
    every = systems.shipped(campaigns=True)
    assert {s.kind for s in every} == {"scenario", "mission", "campaign"}
    assert all(s.path.is_relative_to(PACKAGE) for s in every)
    assert not (ROOT / "scenarios").exists(), "the shipped files lie in the package, not beside it"


def test_the_wheel_s_package_data_names_every_shipped_file() -> None:
    """pyproject.toml's package-data globs take every file of ambush_gui/scenarios."""
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    taken = {p for g in globs["ambush_gui"] for p in PACKAGE.glob(g)}
    files = {p for p in (PACKAGE / "scenarios").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert files and files <= taken


@pytest.mark.parametrize("old", [
    "scenarios/market-day.toml",  # a command typed in a clone, as the README said before
    "/home/someone/ambush-gui/scenarios/ambush-tutorial.toml",  # a launcher setting
    "/home/someone/ambush-gui/scenarios/campaigns/the-long-lane.toml",
])
def test_a_path_where_versions_before_0_9_kept_a_shipped_file_still_resolves(old: str) -> None:
    found = systems.resolve(old)
    assert found.is_file() and found.is_relative_to(PACKAGE / "scenarios") and found.name == Path(old).name


def test_validate_finds_a_shipped_file_by_its_old_path(capsys: pytest.CaptureFixture[str]) -> None:
    from ambush_gui.cli import main

    assert main(["validate", "scenarios/market-day.toml"]) == 0
    assert "valid alley scenario 'Market Day'" in capsys.readouterr().out


def test_a_missing_file_that_never_was_shipped_is_still_refused() -> None:
    from ambush_gui.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match="no-such-scenario"):
        systems.resolve("scenarios/no-such-scenario.toml")
    assert release.shipped_name("elsewhere/market-day.toml") is None


def test_a_designer_s_campaign_naming_a_mission_by_its_old_path_still_loads(tmp_path: Path) -> None:
    """A campaign written beside the old ``scenarios/campaigns/`` that names a shipped
    mission by its path (``../ambush-tutorial.toml``) finds the mission where it lies now."""
    folder = tmp_path / "scenarios" / "campaigns"
    folder.mkdir(parents=True)
    data = tomllib.loads((CAMPAIGNS / "the-long-lane.toml").read_text(encoding="utf-8"))
    data["missions"] = [{"id": "first", "mission": "../ambush-tutorial.toml"}]
    campaign = Campaign.from_data(data, str(folder / "mine.toml"))
    assert campaign.steps[0].mission.spec.name == "ambush-tutorial"


def test_a_progress_file_written_when_the_campaign_lay_beside_the_package_loads(tmp_path: Path) -> None:
    """A progress file records its campaign's path as it was then; it embeds the campaign and
    its missions, so it plays on wherever the shipped files lie now."""
    progress = Progress.new(Campaign.load(CAMPAIGNS / "the-long-lane.toml"), seed=3)
    data = progress.to_data()
    data["source"] = "/home/someone/ambush-gui/scenarios/campaigns/the-long-lane.toml"
    path = tmp_path / "the-long-lane-1.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    again = Progress.load(path)
    assert again.campaign.name == "the-long-lane" and again.verify() == []


# -- the version --------------------------------------------------------------------------

PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_version_is_pyproject_s_even_when_an_older_install_says_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In a clone, pyproject.toml is the one source: an editable install made at an older
    version keeps that version in its metadata until reinstalled."""
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "0.0.1")
    release.version.cache_clear()
    try:
        assert release.version() == PYPROJECT_VERSION
    finally:
        release.version.cache_clear()


def test_the_version_command_prints_pyproject_s_version(capsys: pytest.CaptureFixture[str]) -> None:
    from ambush_gui.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"ambush-gui {PYPROJECT_VERSION}"


def test_a_save_records_the_version_that_wrote_it_and_old_saves_still_verify(tmp_path: Path) -> None:
    from ambush_gui.core import saves

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 5)
    ai = systems.computer_player("alley", "normal", 5)
    game.start()
    for _ in range(20):
        d = game.pending()
        assert d is not None
        game.answer(ai.choose(game, d))
    path = tmp_path / "game.json"
    saves.save(game, path)
    assert json.loads(path.read_text())["program_version"] == PYPROJECT_VERSION
    assert saves.read(path).program_version == PYPROJECT_VERSION
    assert saves.check(path, systems.factory).verified
    # the field is no part of the proof: without it (as before 0.9.0) the save still verifies
    data = json.loads(path.read_text())
    del data["program_version"]
    before = tmp_path / "before-0.9.json"
    before.write_text(json.dumps(data))
    assert saves.read(before).program_version == ""
    assert saves.check(before, systems.factory).verified
    # and a golden save of format 1 reads and replays as it did
    old = ROOT / "tests" / "alley" / "golden" / "contracting-trouble-ai-1.json"
    assert "program_version" not in json.loads(old.read_text())
    assert saves.replay(old, systems.factory).state_hash() == json.loads(old.read_text())["state_hash"]


def test_a_campaign_progress_file_records_the_version_and_old_ones_still_load(tmp_path: Path) -> None:
    progress = Progress.new(Campaign.load(CAMPAIGNS / "the-long-lane.toml"), seed=3)
    data = progress.to_data()
    assert data["program_version"] == PYPROJECT_VERSION
    del data["program_version"]  # as written before 0.9.0
    path = tmp_path / "the-long-lane-1.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    again = Progress.load(path)
    assert again.verify() == []
