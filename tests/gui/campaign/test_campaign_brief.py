"""Issue 29: a campaign mission's brief speaks of the campaign's men. The mission briefs name
roles ("your machinegun team") and the brief's "Your squad" lists who fills them: in the
campaign the campaign's men, in a mission played alone the mission's own squad."""

from __future__ import annotations

import re
import tomllib

import pytest

from ambush_gui.ambush.campaign import Campaign, Progress, Roster, suggest
from ambush_gui.ambush.campaign.campaign import CAMPAIGNS, shipped
from ambush_gui.ambush.mission import Mission
from ambush_gui.ambush.mission import shipped as shipped_missions
from ambush_gui.gui.hexmap.brief import brief_html
from tests.ambush.campaign import kit

SHIPPED = CAMPAIGNS / "the-long-lane.toml"


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _strangers(roster: Roster) -> set[str]:
    """Every man of a shipped mission's own squad who is not on the campaign's roster, by
    full name and by surname (a brief may say "Dorsey's"); a surname a roster man shares is
    left out."""
    ours = {m.name for m in roster.soldiers}
    our_surnames = {n.split()[-1] for n in ours}
    out: set[str] = set()
    for path in shipped_missions():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for s in data.get("squad", []):
            if s["name"] not in ours:
                out.add(s["name"])
                if s["name"].split()[-1] not in our_surnames:
                    out.add(s["name"].split()[-1])
    return out


def test_every_brief_the_campaign_shows_names_only_its_own_men() -> None:
    campaign = kit.shipped_as_far_as_it_goes()
    roster = Progress.new(campaign, seed=1).roster
    strangers = _strangers(roster)
    assert strangers  # the missions' own men are there to be found
    for step in campaign.steps:
        mission = campaign.mission_for(step.id, roster, suggest(campaign, step.id, roster))
        shown = " ".join([step.brief, _text(brief_html(mission.spec, mission.charts))])
        named = sorted(n for n in strangers if re.search(rf"\b{re.escape(n)}\b", shown))
        assert not named, f"{step.id}: the brief names {named}, who are not in the campaign"
        for kit_ in suggest(campaign, step.id, roster).slots:
            assert roster.by_id(kit_.soldier_id).name in shown  # "Your squad" lists them


@pytest.mark.parametrize("path", shipped_missions(), ids=lambda p: p.stem)
def test_a_mission_played_alone_lists_its_own_squad(path) -> None:
    mission = Mission.load(path)
    shown = _text(brief_html(mission.spec, mission.charts))
    for s in mission.spec.squad:
        assert s.name in shown


def test_a_campaign_is_warned_of_a_brief_that_names_the_missions_own_men(tmp_path) -> None:
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    hedge = next(p for p in shipped_missions() if p.stem == "ambush-hedgerow")
    text = hedge.read_text(encoding="utf-8").replace(
        "Two of your men carry", "Pvt Greer and Pvt Abate carry", 1)
    (tmp_path / "hedge.toml").write_text(text, encoding="utf-8")
    data["missions"] = [{"id": "hedge", "mission": "hedge.toml"}]
    campaign = Campaign.from_data(data, str(tmp_path / "c.toml"))
    assert len(campaign.warnings) == 1
    place, what = campaign.warnings[0]
    assert place.startswith("mission 1 ('hedge')") and "Pvt Greer, Pvt Abate" in what
    assert shipped() and not Campaign.load(SHIPPED).warnings
