"""Fire combat: one procedure for every fire (AA-109) and range (AA-110..113)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.fire import attack_target_number, fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Side, Speed
from ambush_gui.alley.pools import firepower, in_optimum_range
from ambush_gui.alley.scenario import Scenario
from tests.alley import kit
from tests.alley.test_interrupts import duel, misses

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"
RIFLES = ("rifle",) * 4


def pair(gap: float, marines: tuple[str, ...] = RIFLES, insurgents: tuple[str, ...] = RIFLES,
         **kw: object) -> AlleyGame:
    """Marines m in a row at y=2 and Insurgents i in a row straight north, ``gap`` inches away."""
    return kit.game([kit.marines("m", (5, 2), weapons=marines),
                     kit.insurgents("i", (5, 2 + gap), weapons=insurgents)], **kw)


def range_die(g: AlleyGame, a: str, t: str) -> int:
    return sum(x.value for x in firepower(g, g.unit(a), g.unit(t)).items if x.rule == "AA-110")


@pytest.mark.rule("AA-109")
def test_every_kind_of_fire_uses_the_same_fire_combat() -> None:
    """Overwatch fire, reaction fire, interrupting fire and a unit's own fire all build their
    Firepower and Defense the same way (figures, Exposed target, armor) and roll alike."""
    g = duel(kit.marines("o", (18, 5)),
             script=[8, 1] + misses(8 + 4) + [8, 1] + misses(7 + 4) + misses(5 + 5) + misses(7 + 4))
    o = g.unit("o")
    o.overwatch, o.activated, o.speed = True, True, Speed.HALTED
    kit.drive(g, turn.activation(g, g.unit("m")),
              ["halted", "i", {"unit": "i", "kind": "fire"}, "o", "fire"])
    shots = [e for e in kit.events(g, "fire") if "firepower" in e.data]
    assert [e.text.split(":")[0] for e in shots] == [
        "Overwatch fire", "Reaction fire", "Interrupting fire", "Fire"]
    for e in shots:
        fp_rules = {r for _, _, r in e.data["firepower"]["items"]}
        df_rules = {r for _, _, r in e.data["defense"]["items"]}
        assert {"AA-134", "AA-126"} <= fp_rules and "AA-117" in df_rules
        if e.data["target"] == "m":
            assert "AA-128" in df_rules  # the Marines' body armor, whoever fires
    dice = [len(e.data["faces"]) for e in kit.events(g, "roll")
            if e.data["purpose"].startswith("Firepower")]
    assert dice == [s.data["firepower"]["dice"] for s in shots]


@pytest.mark.rule("AA-110")
def test_a_target_within_optimum_range_adds_one_firepower_die() -> None:
    """Riflemen 8" away: 4 figures + Exposed + Optimum Range = 6D8; 8.5" away: 5D8."""
    g = pair(8.0)
    assert range_die(g, "m", "i") == 1 and firepower(g, g.unit("m"), g.unit("i")).dice == 6
    g = pair(8.5)
    assert range_die(g, "m", "i") == 0 and firepower(g, g.unit("m"), g.unit("i")).dice == 5


@pytest.mark.rule("AA-111")
@pytest.mark.parametrize("scale,marines,insurgents", [(1.0, 8.0, 6.0), (1.5, 12.0, 9.0)])
def test_contracting_trouble_optimum_ranges(scale: float, marines: float,
                                            insurgents: float) -> None:
    """Marines 8", Insurgents 6" (×1.5 at 28mm, house rule AA-002)."""
    g = AlleyGame(Scenario.load(CT, scale), 0)
    for u in g.state.units.values():
        assert u.optimum_range == (marines if u.side is Side.REGULAR else insurgents)
    g2 = pair(6.0)
    assert range_die(g2, "i", "m") == 1
    g3 = pair(6.5)
    assert range_die(g3, "i", "m") == 0


@pytest.mark.rule("AA-112")
@pytest.mark.parametrize("gap,with_sw,rifles", [(15.5, 1, 0), (16.5, 0, 0)])
def test_a_marine_support_weapon_reaches_16_inches(gap: float, with_sw: int, rifles: int) -> None:
    g = pair(gap, marines=("rifle", "rifle", "rifle", "saw"))
    assert range_die(g, "m", "i") == with_sw
    assert range_die(pair(gap), "m", "i") == rifles


@pytest.mark.rule("AA-112")
@pytest.mark.parametrize("gap,with_sw", [(11.5, 1), (12.5, 0)])
def test_an_insurgent_support_weapon_reaches_12_inches(gap: float, with_sw: int) -> None:
    g = pair(gap, insurgents=("rifle", "rifle", "rifle", "rpg"))
    assert range_die(g, "i", "m") == with_sw
    assert range_die(pair(gap), "i", "m") == 0


@pytest.mark.rule("AA-113")
def test_effective_range_is_unlimited_unless_the_scenario_sets_one() -> None:
    """Contracting Trouble sets none: 4+ keeps at any distance. A scenario with a 10"
    Effective Range makes attacks beyond it keep only 7+."""
    ct = AlleyGame(Scenario.load(CT), 0)
    assert ct.spec.effective_range is None
    far = pair(20.0)
    assert attack_target_number(far, far.unit("m"), far.unit("i")) == 4
    near = pair(10.0, effective_range=10)
    assert attack_target_number(near, near.unit("m"), near.unit("i")) == 4
    g = pair(20.0, effective_range=10, script=[8, 7, 6, 5, 4] + [6, 6, 6, 6] + [10, 10])
    assert attack_target_number(g, g.unit("m"), g.unit("i")) == 7
    hits = kit.drive(g, fire(g, g.unit("m"), g.unit("i"), "test"), ["best"])
    assert kit.events(g, "match")[0].data["attack"] == [8, 7]  # 6, 5, 4 are not kept
    assert hits == 2  # no d6 can match a 7 or an 8


@pytest.mark.rule("AA-113")
def test_a_support_weapon_in_range_earns_the_whole_unit_one_die() -> None:
    """12" away the riflemen are out of Optimum Range but the SAW and M203 are not: the unit
    gets one Optimum Range die (4 + 2 support + 1 range + 1 Exposed = 8D8), not one per weapon."""
    g = pair(12.0, marines=("rifle", "rifle", "m203", "saw"))
    m, i = g.unit("m"), g.unit("i")
    assert in_optimum_range(g, m, i)
    assert [x.value for x in firepower(g, m, i).items if x.rule == "AA-110"] == [1]
    assert firepower(g, m, i).dice == 8
