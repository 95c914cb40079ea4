"""Choose-and-equip: suggest gives a sound default; loadout_problems says in words why a
squad may not start; mission_for puts the chosen men in the mission's places."""

from __future__ import annotations

import pytest

from ambush_gui.ambush.campaign import Kit, Loadout, Progress, loadout_problems, suggest
from tests.ambush.campaign import kit


def _progress() -> Progress:
    return Progress.new(kit.load(), seed=3)


def test_suggest_sends_the_best_leader_first_and_the_slots_own_kit() -> None:
    p = _progress()
    c = p.campaign
    lo = suggest(c, "farm", p.roster)
    assert [k.soldier_id for k in lo.slots] == ["sgt-a", "pfc-b", "pvt-c"]
    assert lo.slots[0].weapons == ["thompson"]
    assert loadout_problems(c, "farm", p.roster, lo) == []
    hedge = suggest(c, "hedge", p.roster)
    assert len(hedge.slots) == 5 and loadout_problems(c, "hedge", p.roster, hedge) == []
    carriers = [k for k in hedge.slots if "m1919" in k.weapons]
    assert [k.port_boxes for k in carriers] == [2, 1]  # the places that give Port Boxes


def test_suggest_leaves_out_the_wounded_and_fills_with_recruits() -> None:
    p = _progress()
    p.roster.by_id("sgt-a").status, p.roster.by_id("sgt-a").out_for = "wounded", 1
    lo = suggest(p.campaign, "farm", p.roster)
    assert "sgt-a" not in [k.soldier_id for k in lo.slots]
    assert lo.slots[0].soldier_id == "pfc-b"  # the best Leadership left leads
    assert loadout_problems(p.campaign, "farm", p.roster, lo) == []


def test_a_wounded_man_the_wrong_count_and_an_overdrawn_allotment_are_said() -> None:
    p = _progress()
    c = p.campaign
    lo = suggest(c, "farm", p.roster)
    p.roster.by_id("pvt-c").status, p.roster.by_id("pvt-c").out_for = "wounded", 2
    lo.slots[1].weapons = ["thompson"]
    problems = loadout_problems(c, "farm", p.roster, lo)
    assert "Pvt Charlie is wounded and must miss 2 more missions." in problems
    assert "2 × M1A1 Thompson submachinegun drawn; the mission allots 1." in problems
    lo.slots.pop()
    assert "The mission takes 3 men; 2 are chosen." in loadout_problems(c, "farm", p.roster, lo)


@pytest.mark.rule("FC-039")
def test_seven_ammo_boxes_are_refused_six_is_the_most_a_man_carries() -> None:
    p = _progress()
    c = p.campaign
    lo = suggest(c, "hedge", p.roster)
    lo.slots[2].ammo = ["bar"] * 4 + ["mk2-grenade"] * 2
    six = [q for q in loadout_problems(c, "hedge", p.roster, lo) if "FC-039" in q]
    assert six == []
    lo.slots[2].ammo.append("bar")
    seven = [q for q in loadout_problems(c, "hedge", p.roster, lo) if "FC-039" in q]
    assert seven and "7 Ammo Boxes; a man has six" in seven[0]


@pytest.mark.rule("FC-053")
def test_a_crew_weapon_carried_by_one_man_is_refused() -> None:
    p = _progress()
    c = p.campaign
    lo = suggest(c, "hedge", p.roster)
    second = next(k for k in lo.slots[::-1] if "m1919" in k.weapons)
    second.weapons.remove("m1919")
    problems = loadout_problems(c, "hedge", p.roster, lo)
    assert any("alone: a crew weapon needs a second carrier" in q and "FC-053" in q
               for q in problems), problems


@pytest.mark.rule("FC-054")
def test_crew_carriers_need_places_that_give_the_port_boxes() -> None:
    p = _progress()
    c = p.campaign
    lo = suggest(c, "hedge", p.roster)
    i = next(n for n, k in enumerate(lo.slots) if "m1919" in k.weapons)
    lo.slots[0], lo.slots[i] = lo.slots[i], lo.slots[0]  # the first carrier into the leader's place
    lo.slots[0].port_boxes = 2
    problems = loadout_problems(c, "hedge", p.roster, lo)
    assert any("his place in the squad gives 0" in q for q in problems), problems
    lo.slots[0].port_boxes = 0
    problems = loadout_problems(c, "hedge", p.roster, lo)
    assert any("fill 2 Port Boxes; he has 0 (FC-054)" in q for q in problems), problems


def test_mission_for_puts_the_men_in_the_places_with_their_ratings_and_entry_hexes() -> None:
    p = _progress()
    c = p.campaign
    p.roster.by_id("pvt-c").ar = 5
    lo = Loadout([Kit("pvt-c", ["thompson"], ["thompson"]), Kit("sgt-a", ["m1-garand"], []),
                  Kit("pfc-b", ["m1-garand"], [])])
    m = c.mission_for("farm", p.roster, lo)
    squad = m.spec.squad
    assert [s.id for s in squad] == ["pvt-c", "sgt-a", "pfc-b"]
    assert squad[0].name == "Pvt Charlie" and squad[0].ar == 5
    assert squad[0].enters == c.step("farm").mission.spec.squad[0].enters
    alone = c.step("farm").mission.spec.squad  # the mission played alone keeps its own squad
    assert alone[0].name == "Sgt Doyle"
