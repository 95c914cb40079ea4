"""The campaign file: loading, the checks in the designer's words, the shipped campaign, the
examples of docs/formats.md."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.ambush.campaign import Campaign, CampaignError
from ambush_gui.ambush.campaign.campaign import CAMPAIGNS
from tests.ambush.campaign import kit

ROOT = Path(__file__).resolve().parents[3]


def test_a_campaign_loads_its_missions_with_their_squads_as_defaults() -> None:
    c = kit.load()
    assert [s.id for s in c.steps] == ["farm", "hedge"]
    farm, hedge = c.steps
    assert farm.mission.name == "ambush-tutorial" and farm.takes == 3
    assert hedge.takes == 5
    assert farm.allotment.weapons == {"m1-garand": 2, "thompson": 1}
    assert hedge.allotment.weapons["m1919"] == 1  # a crew weapon: once per gun, not per carrier
    assert c.next_step("farm", "german") == "hedge" and c.next_step("hedge", "us") is None
    assert farm.title == farm.mission.title


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def do(d: dict[str, Any]) -> None:
        cur: Any = d
        parts = path.split(".")
        for p in parts[:-1]:
            cur = cur[int(p)] if p.isdigit() else cur.setdefault(p, {})
        cur[parts[-1]] = value
    return do


@pytest.mark.parametrize(("mutate", "place", "expected"), [
    (_set("missions.1.next", {"german": "nowhere"}), "mission 2 ('hedge'), next.german",
     "no mission has the id 'nowhere'"),
    (_set("missions.1.next", {"us": "farm"}), "mission 2 ('hedge'), next.us",
     "a branch goes forward"),
    (_set("missions.0.mission", "ambush-nowhere"), "mission 1 ('farm'), mission",
     "no shipped mission named 'ambush-nowhere'"),
    (_set("missions.0.takes", 0), "mission 1 ('farm'), takes", "at least 1"),
    (_set("missions.1.id", "farm"), "mission 2 ('farm'), id", "used by mission 1 too"),
    (_set("missions.1.id", "end"), "mission 2 ('end'), id", "end of the campaign"),
    (_set("missions.0.allotment", {"weapons": {"kar98k": 1}}), "mission 1 ('farm'), allotment",
     "a German weapon"),
    (_set("missions.0.takes", 9), "mission 1 ('farm'), takes", "roster holds 8"),
    (_set("roster.1.id", "sgt-a"), "soldier 2 of the roster ('Pfc Baker'), id", "used by soldier 1"),
    (_set("roster.0.id", "g1"), "soldier 1 of the roster ('Sgt Able'), id", "name for German 1"),
    (_set("roster.0.ar", "four"), "soldier 1 of the roster ('Sgt Able')", "whole number"),
    # a fuzz case: the campaign validated, and its first mission could not start
    (_set("roster.1.ar", 8), "soldier 2 of the roster ('Pfc Baker'), ar",
     "the AR Track has no column for Action Rating 8; expected 1-6 (AR-041)"),
    (_set("missons", []), "missons", "not a known field"),
])
def test_a_bad_campaign_is_refused_naming_the_file_the_place_and_what_was_expected(
        mutate: Callable[[dict[str, Any]], None], place: str, expected: str) -> None:
    data = kit.two()
    mutate(data)
    with pytest.raises(CampaignError) as err:
        kit.load(data, "two-fields.toml")
    text = str(err.value)
    assert text.startswith("two-fields.toml: ")
    assert place in text and expected in text, text


def test_a_mission_beside_the_campaign_that_does_not_load_is_named_with_its_problem(
        tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('format = 2\nsystem = "ambush"\nkind = "mission"\n'
                                        'name = "mine"\n', encoding="utf-8")
    data = kit.two()
    data["missions"][1]["mission"] = "mine.toml"
    with pytest.raises(CampaignError) as err:
        Campaign.from_data(data, str(tmp_path / "c.toml"))
    text = str(err.value)
    assert "mission 2 ('hedge'), mission: the mission 'mine.toml' does not load" in text
    assert "title is missing" in text


def test_a_mission_beside_the_campaign_loads_by_its_relative_path(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "farm.toml").write_bytes(
        (ROOT / "ambush_gui" / "scenarios" / "ambush-tutorial.toml").read_bytes())
    data = kit.two()
    data["missions"][0]["mission"] = "m/farm.toml"
    c = Campaign.from_data(data, str(tmp_path / "c.toml"))
    assert c.step("farm").mission.name == "ambush-tutorial"


def test_the_shipped_campaign_loads_with_its_story_roster_and_missions_in_order() -> None:
    data = tomllib.loads(kit.SHIPPED.read_text(encoding="utf-8"))
    assert [m["mission"] for m in data["missions"]] == [
        "ambush-tutorial", "ambush-hedgerow", "ambush-raid", "ambush-rescue",
        "ambush-crossroads", "ambush-column"]
    assert any(m.get("next") for m in data["missions"]), "at least one branch on an outcome"
    assert all(m.get("brief") for m in data["missions"])
    c = Campaign.load(kit.SHIPPED) if kit.every_mission_shipped() else kit.shipped_as_far_as_it_goes()
    assert len(c.spec.roster) == 8 and c.brief
    assert c.steps[0].id == "farm"


def _doc_examples() -> list[str]:
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    section = text.split("## Ambush! campaign", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```toml\n(.*?)```", section, re.S)


def test_every_campaign_example_in_formats_md_loads() -> None:
    examples = _doc_examples()
    assert examples
    for text in examples:
        c = Campaign.from_data(tomllib.loads(text), str(CAMPAIGNS / "example.toml"))
        assert c.steps


def test_an_allotment_that_cannot_equip_the_squad_is_refused() -> None:
    data = kit.two()
    data["missions"][0]["allotment"] = {"weapons": {"m1-garand": 1}, "ammo": {"m1-garand": 3}}
    with pytest.raises(CampaignError) as err:
        kit.load(data)
    assert ("mission 1 ('farm'), allotment: the squad cannot be equipped from it: "
            "The man in place 1 carries no weapon. The man in place 3 carries no weapon."
            ) in str(err.value)


@pytest.mark.rule("AR-041")
def test_a_cap_on_the_action_rating_past_the_ar_track_is_read_as_its_last_column() -> None:
    """AR-041: the AR Track has columns for Action Ratings 1-6. A cap of 8 let a man be
    raised to 7, and the next mission could not start with him; the file still loads (it
    did), is warned of, and nobody is raised past 6."""
    from ambush_gui.ambush.campaign import Progress, raise_cost

    data = kit.two()
    data.setdefault("settings", {})["caps"] = {"ar": 8}
    campaign = kit.load(data)
    assert campaign.settings.caps.ar == 6
    assert campaign.to_data()["settings"]["caps"]["ar"] == 8  # the file's own number is kept
    assert any("no man is raised above 6" in what for _, what in campaign.warnings)
    man = Progress.new(campaign, 1).roster.soldiers[0]
    man.ar, man.xp = 6, 99
    assert raise_cost(man, "ar", campaign.settings) is None
