"""Escorts (issue 11): ``[[escorts]]`` with a label and wounded or not; ``[[contractors]]``
is the shorthand for wounded escorts labelled "contractor" (CT-014).

An escort waits on the ground until a Regular unit reaches it (CT-048), then is carried
as a Dependant (DC-001/002) with the Dependant penalties (DC-005/006) whether hurt or
not; it never fights (CT-016) and scores by escort_exited and captive_held.
"""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn, victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Injury
from ambush_gui.alley.movement import move_along
from ambush_gui.alley.pools import firepower
from ambush_gui.core.dice import Dice
from tests.alley import kit


def game(escorts: list[dict[str, Any]], **kw: Any) -> AlleyGame:
    scn = kit.scenario([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))], escorts=escorts,
                       victory={"awards": [{"side": "regular", "event": "escort_exited", "points": 3},
                                           {"side": "insurgent", "event": "captive_held", "points": 2}]},
                       **kw)
    return AlleyGame(scn, 0, Dice(0, script=[], strict=True))


@pytest.mark.rule("CT-014")
def test_contractors_are_wounded_escorts_labelled_contractor() -> None:
    g = kit.game([kit.marines("m", (5, 5))], contractors=[("c1", (10, 5.5))])
    (c1,) = g.state.ground
    assert (c1.kind, c1.label, c1.injury, c1.dependant) == (FigureKind.CONTRACTOR, "contractor",
                                                             Injury.MODERATE, True)
    assert c1.snapshot()["kind"] == "contractor" and "label" not in c1.snapshot()  # hashes as before


@pytest.mark.rule("DC-002")
def test_an_unhurt_escort_is_taken_in_as_a_dependant_and_costs_rapid_movement() -> None:
    """DC-002, DC-005, DC-006: the unhurt VIP, once taken in, is a Dependant like a wounded
    one: the unit loses a Firepower die and may not move Rapidly; the VIP never fights."""
    g = game([{"id": "vip", "at": [10, 5.5], "label": "VIP"}])
    (vip,) = g.state.ground
    assert (vip.label, vip.injury) == ("VIP", Injury.NONE)
    m = g.unit("m")
    assert any(o.startswith("rapid") for o in turn.plan_options(g, m))
    x, y = m.centre()
    move_along(g, m, [(x, y), (x + 6, y)], 6)
    assert [f.id for f in m.dependants] == ["vip"] and not vip.fighting
    assert {it.rule: it.value for it in firepower(g, m, g.unit("i")).items}["DC-005"] == -1
    assert not any(o.startswith("rapid") for o in turn.plan_options(g, m))
    assert any("takes in VIP" in e.text for e in g.log.events)


@pytest.mark.rule("DC-026")
def test_an_unhurt_escort_hit_as_a_dependant_is_killed_like_any_carried_figure() -> None:
    """House rule DC-026 holds for escorts too: a Dependant that takes the hit is killed,
    and a killed escort scores for nobody."""
    from ambush_gui.alley.fire import take_casualties

    g = game([{"id": "vip", "at": [5.4, 4.5], "label": "VIP"}])
    m = g.unit("m")
    vip = g.state.ground.pop()
    m.figures.append(vip)
    proc = take_casualties(g, m, 1, True)
    assert kit.drive(g, proc) == 0  # DC-024: the one forced hit can only be the VIP
    assert vip.injury is Injury.KILLED and (vip, "killed") in g.state.removed
    out = victory.finish(g)
    assert out["points"] == {"regular": 0, "insurgent": 0}


def test_escort_labels_name_them_in_the_score() -> None:
    g = game([{"id": "vip", "at": [10, 5.5], "label": "VIP"},
              {"id": "src", "at": [20, 20], "label": "informant", "wounded": True}])
    vip, src = g.state.ground
    assert src.injury is Injury.MODERATE
    g.state.ground.remove(vip)
    g.state.exited.append(vip)
    victory.finish(g)
    assert [w for _, _, w in g.state.score.lines] == ["VIP vip escorted off the table",
                                                       "informant src held at the end"]


@pytest.mark.rule("CT-016")
def test_an_escort_never_carries_a_weapon() -> None:
    from ambush_gui.core.errors import ScenarioError

    with pytest.raises(ScenarioError) as exc:
        game([{"id": "vip", "at": [10, 5.5], "label": "VIP", "weapon": "pistol"}])
    assert [p for p, _ in exc.value.problems] == ["escorts[0].weapon"]
    game([{"id": "vip", "at": [10, 5.5], "label": "VIP", "weapon": "unarmed"}])  # said outright: fine
